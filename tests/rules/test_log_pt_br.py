"""The game log in Brazilian Portuguese: every line the rules write (``note`` in carnegie_lab/rules) is a
Message or a Texts whose English is the line as it always was and which renders through the translation
layer; checked in tests/i18n_check.py's widened pt_BR over whole games of every kind (2 to 4 players, solo,
the expansion's departments, every tile at once) and a few uses the bots seldom make (the HR tiles, Property
Management, Political Lobbying, a final box); every ``note`` of the rules is written at least once.

The English of the log is pinned by tests/rules/test_log_english.py."""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest
from i18n_check import WIDE, ascii_words

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.core.i18n import Message, render

from .conftest import (
    clear_board,
    edit,
    full_pool,
    give_department,
    no_reserve,
    set_player,
    site,
    staff,
    started,
    to_turn,
    tracks,
)

RULES = Path(cl.__file__).resolve().parent / "rules"
#: whole games: (players, options, seeds); greedy and random seats alternate
GAMES = [(2, {}, (1, 2)), (3, {"departments": "base+expansion"}, (3, 4)),
         (4, {"departments": "expansion-open-bar"}, (5, 6)),
         (4, {"departments": "base+expansion", "tab_side": "B"}, (7,)),
         (1, {"solo_level": 1}, (8, 9)), (1, {"solo_level": 4, "departments": "base+expansion"}, (10, 11)),
         (2, {"departments": "expansion-open-bar"}, (12, 13))]
NAMES = ["Ada", "Bo", "Cy", "Di"]


class Sites(list):
    """A game's log that records where each line was written: the file and line of the ``note`` call."""

    def __init__(self, lines, sites: set):
        super().__init__(lines)
        self.sites = sites

    def append(self, line) -> None:
        caller = sys._getframe(2)                        # append <- note <- the rule that writes the line
        self.sites.add((Path(caller.f_code.co_filename).resolve(), caller.f_lineno))
        super().append(line)


def note_sites() -> set[tuple[Path, int]]:
    """Where the rules call ``note``: (file, line) of each call."""
    out = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "note":
                out.add((path.resolve(), node.lineno))
    return out


def played(players: int, options: dict, seed: int, sites: set) -> cl.Game:
    game = cl.new_game(NAMES[:players], seed=seed, **options)
    game.state.log = Sites(game.state.log, sites)
    bots = [(GreedyBot if (seed + i) % 2 else RandomBot)(seed=seed + i) for i in range(players)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return game


#: uses the bots seldom make: (the row, the position's changes, the actions), in a game with every tile
USES = [("HR", [give_department(0, "d2", "training_partnerships")], ["training moves to west"]),
        ("HR", [give_department(0, "d2", "recruiting", standing=2)], ["recruiting hire to south", "recruiting moves"]),
        ("HR", [give_department(0, "d2", "hr_administration")], ["hradmin to west", "relocate b1 d4"]),
        ("HR", [clear_board, give_department(0, "d2", "local_partners"), site(0, "denver", 1, "C")],
         ["partners west moves"]),
        ("MG", [no_reserve(0), full_pool, give_department(0, "d2", "property_management")],
         ["sp sales a2", "property b2"]),
        ("CO", [clear_board, give_department(0, "d2", "political_lobbying")], ["co C denver"]),
        ("RD", [tracks(0, west=3), staff(0, "d1", standing=3)], ["rd", "track west"]),
        ("MG", [clear_board, give_department(0, "d2", "payroll_management"),
                give_department(0, "a2", "sales", standing=0, lying=1), set_player(pi=0, vp=2, money=20)],
         ["done", "activate a2 raise"])]


def used(row: str, changes: list, actions: list[str], sites: set) -> cl.Game:
    game = to_turn(edit(started(3, departments="expansion-open-bar"), *changes), row)
    game.state.log = Sites([], sites)             # the position's own lines were read back from JSON: English
    for action in actions:
        game.apply(action)
    return game


@pytest.fixture(scope="module")
def games(widened):
    """The games, played while the widened pt_BR is a language (a plural line is made in every language)."""
    sites: set = set()
    return ([played(n, options, seed, sites) for n, options, seeds in GAMES for seed in seeds]
            + [used(*use, sites) for use in USES]), sites


def names(game: cl.Game) -> set[str]:
    """Words the same in every language in a log line: the players and Andrew Carnegie."""
    return {*game.players, "Andrew", "Carnegie"}


def test_every_log_line_renders_in_portuguese_and_stays_english(games, widened):
    played, _ = games
    kinds = set()
    for game in played:
        for line in game.log:
            assert isinstance(line, Message), line
            assert render(line) == render(line, "en") == str(line)
            text = render(line, WIDE)
            assert ascii_words([text], names(game)) == [], (str(line), text)
            kinds.add(line.msgid)
    assert not widened.missing, sorted(widened.missing)
    assert len(kinds) > 40


def test_every_note_of_the_rules_is_written_in_the_games(games):
    _, sites = games
    missed = sorted(f"{path.relative_to(RULES)}:{line}" for path, line in note_sites() - sites)
    assert len(note_sites()) >= 35 and not missed, f"no game wrote the note at {missed}"


def test_a_position_keeps_every_log_line_as_a_description_that_reads_back_in_portuguese(games):
    """Every line the games write (every note of the rules) is kept in a position as a description
    (core.described: a Worded line's function marked @wording), not as its English."""
    played, _ = games
    whole = sum(len(seeds) for _, _, seeds in GAMES)
    for game in played[:whole]:
        position = json.loads(json.dumps(game.to_position()))
        english = [text for _, text in position["state"]["log"] if isinstance(text, str)]
        assert position["version"] == 2 and not english, english[:3]
        back = cl.Game.from_position(position).log
        assert back == game.log and [render(line, "pt_BR") for line in back] == [render(line, "pt_BR")
                                                                                 for line in game.log]
    for game in played[whole:]:                              # the uses: their own lines
        kept = [text for _, text in json.loads(json.dumps(game.to_position()))["state"]["log"]]
        assert kept and not [text for text in kept if isinstance(text, str)], kept


def test_log_lines_in_portuguese():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training"):
        game.apply(action)
    assert game.log == ["Bo places the starting Housing project in Chicago",
                        "Bo reserves Training & Partnerships as their first department"]
    assert [render(line, "pt_BR") for line in game.log] == [
        "Bo posiciona o projeto inicial de Habitação em Chicago",
        "Bo reserva Treinamento e Parcerias como seu primeiro Departamento"]


def test_a_copy_an_undo_a_replay_and_a_position_keep_the_messages():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training", "house denver", "reserve sales", "move b1 a1", "move b1 c1"):
        game.apply(action)
    english = game.log
    rendered = [render(line, "pt_BR") for line in english]
    assert rendered[-1] == "Ada move um empregado de Lobby para Construção (restam 4 movimentos)"
    game.undo()
    game.apply("move b1 c1")
    again = [game, game.copy(), cl.Game.from_record(game.to_record()),
             cl.Game.from_record(json.loads(json.dumps(game.to_record())))]
    for other in again:
        assert other.log == english and [render(line, "pt_BR") for line in other.log] == rendered
        assert [render(line, "pt_BR") for m in other.moves for line in m.lines] == rendered
    position = cl.Game.from_position(json.loads(json.dumps(game.to_position())))
    assert position.log == english and [render(line, "pt_BR") for line in position.log] == rendered


def test_an_old_position_whose_log_is_english_text_loads_and_reads_in_english():
    """Version 1 kept the log's lines as their English text: such a file still loads, its lines as they are."""
    game = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training"):
        game.apply(action)
    old = json.loads(json.dumps(game.to_position()))
    old["version"] = 1
    old["state"]["log"] = [[n, str(line)] for (n, _), line in zip(old["state"]["log"], game.log)]
    loaded = cl.Game.from_position(old)
    assert loaded.log == game.log and render(loaded.log[0], "pt_BR") == game.log[0]
    assert loaded.to_position() == old                     # written again as it was: version 1, English text

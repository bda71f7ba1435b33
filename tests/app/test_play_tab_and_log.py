"""What a player noticed in the app (issue 16, "Polish found on the way"), without a browser: the
dashboard while an action is applied, the log's rounds, hot-seat labels, the prompts' words, the
load button, the company card, the seed check, undo after the bots finished a game and the tile
counts of the department modes. The rapid clicks themselves are tested in the browser
(tests/app/test_browser.py)."""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.app.board_html import log_html
from carnegie_lab.app.click_guard import ClickGuard
from carnegie_lab.app.controls_view import BUSY
from carnegie_lab.app.panels import parse_seed, tiles_note
from carnegie_lab.app.style import STYLE
from carnegie_lab.bots import make_bot
from carnegie_lab.core.i18n import translator
from carnegie_lab.session import HUMAN, Controller, Seat, Setup
from carnegie_lab.session.history import lines_by_round, own_moves
from carnegie_lab.session.screen import Status
from carnegie_lab.store import GameStore
from carnegie_lab.views import company_figure
from carnegie_lab.widgets import Dashboard

DATA = Path(cl.__file__).parent / "data"


def played(rounds: int, seed: int = 3) -> cl.Game:
    game = cl.new_game(["Ada", "Bo"], seed=seed)
    bot = make_bot("easy", 1)
    while game.round <= rounds and not game.is_over:
        game.apply(bot.choose(game))
    return game


# -- one click, one action ---------------------------------------------------------------------

def test_the_guard_answers_the_pages_pings_in_order():
    guard = ClickGuard()
    guard._message(guard, {"event": "ping", "id": 3}, [])
    assert guard.answered == 3
    guard._message(guard, {"event": "ping", "id": 2}, [])       # never backwards
    guard._message(guard, {"event": "tick"}, [])
    guard._message(guard, {"event": "ping", "id": "9"}, [])     # not a number: ignored
    assert guard.answered == 3


def test_the_dashboard_has_its_guard_and_keeps_the_controls_in_place_while_bots_play():
    d = Dashboard()
    assert d.guard in d.children
    before = d.controls.box.children
    d.commands.busy("Bots are playing…")
    assert d.controls.box.children == before                    # nothing moves under the cursor
    assert BUSY in d.controls.box._dom_classes and d.undo_button.disabled
    assert "Bots are playing" in d.bots.progress_label.value
    d.act("house pittsburgh")
    assert BUSY not in d.controls.box._dom_classes              # the next decision's controls
    assert d.game.actions[-1] == "house pittsburgh"


def test_a_refused_action_gives_the_controls_back():
    d = Dashboard()
    d.act("house nowhere")
    assert d.screen.status.error and BUSY not in d.controls.box._dom_classes
    assert d.controls.buttons                                   # the same decision, still clickable


def test_the_status_line_draws_what_the_screen_says_the_player_was_told():
    d = Dashboard()
    d.act("house nowhere")
    told = d.screen.status
    assert told == d.controller.status and told.error and "nowhere" in told.text
    assert d.status.value == f"<div class='cl-error'>{html.escape(told.text)}</div>"      # drawn, in red
    d.act(str(d.game.legal_actions()[0]))                       # a click played: nothing more to say
    assert d.screen.status.text == "" and d.status.value == ""
    d.say("Bots played the last 2 decisions.")
    assert d.screen.status.text in d.status.value and "cl-info" in d.status.value
    d.set_lang("pt_BR")                                         # said in the other language: not said again
    assert d.screen.status.text == "" and d.status.value == ""


def test_a_late_click_plays_nothing_and_the_screen_says_why():
    """The session words why a click plays nothing (session/guide.py ``play_reason``), in the page's language."""
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "medium")], auto=False)
    while d.controller.you_to_move:
        d.act(str(d.game.legal_actions()[0]))
    actions = list(d.game.actions)
    d.act("done")                                               # a click that arrived on Bo's decision
    assert d.game.actions == actions and d.screen.status == Status("Not your decision now.", error=True)
    d.set_lang("pt_BR")
    d.act("done")
    assert d.screen.status.text == translator("pt_BR").gettext("Not your decision now.") != "Not your decision now."
    d.bots.finish_button.click()
    d.act("done")
    assert d.game.is_over and d.screen.status.text == "O jogo terminou."


def test_the_play_tab_keeps_the_controls_above_the_messages():
    d = Dashboard()
    play = d.side.children[0].children
    assert play.index(d.controls.box) < play.index(d.status) < play.index(d.recent)


# -- the log, by round ---------------------------------------------------------------------------

def test_the_log_by_round_comes_from_the_moves():
    game = played(2)
    groups = lines_by_round(game)
    assert [r for r, _ in groups] == [0, 1, 2]                  # played until round 3 began
    assert sorted(t for _, lines in groups for t in lines) == sorted(game.log)
    chooses = re.compile(r"^\w+ chooses (Human Resources|Management|Construction|Research & Development):")
    for round_, lines in groups:                    # a row is chosen once per round, in that round
        assert all(round_ >= 1 for t in lines if chooses.match(t))
    assert [m.action for m in own_moves(game)] == game.actions


def test_the_log_tab_has_a_heading_per_round_newest_first():
    game = played(2)
    text = log_html(game)
    heads = re.findall(r"<div class='cl-round-head'>([^<]+)</div>", text)
    assert heads == ["Round 2 of 20", "Round 1 of 20", "Setup"]
    first_choice = next(t for t in game.log if re.match(r"^\w+ chooses ", t))
    setup_part = text.split("<div class='cl-round-head'>Setup</div>")[1]
    round_one = text.split("<div class='cl-round-head'>Round 1 of 20</div>")[1].split("cl-round-head")[0]
    assert "places the starting Housing project" in setup_part and first_choice.split(":")[0] in round_one
    assert text.count("<li") == len(game.log)
    assert log_html(game, limit=5).count("<li") == 5 and "oldest lines are not shown" in log_html(game, limit=5)


def test_the_dashboards_log_tab_shows_the_rounds():
    d = Dashboard(played(1), seats=[Seat("Ada"), Seat("Bo", "easy")])
    d.board.select("Log")
    assert "Round 1 of 20" in d.board.log.value and "Setup" in d.board.log.value


# -- who is "you" --------------------------------------------------------------------------------

def test_hot_seat_says_you_for_nobody():
    hot = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=2))
    first = hot.seats[hot.current_seat].name
    assert hot.headline() == f"Setup · {first} to decide" and hot.seat_label(0) == hot.seat_label(1) == ""
    assert "Ada (human), Bo (human)" in hot.recent[0]
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=2))
    assert "(you)" not in d.screen.turn.headline and d.screen.seats == ("", "") and d.screen.role.kind == "hot-seat"
    assert "Hot-seat" in d.screen.role.note_html
    single = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=2))
    single.run_bots()
    assert single.headline().endswith("Ada (you) to decide") and "Ada (you)" in single.recent[0]


# -- words -----------------------------------------------------------------------------------------

def test_no_prompt_of_a_game_says_or_done_or_counts_nothing():
    game = cl.new_game(["Ada", "Bo"], seed=5)
    bot = make_bot("easy", 2)
    seen = set()
    while not game.is_over:
        text = game.decision.text
        seen.add(game.decision.kind)
        assert "or done" not in text and not re.search(r"\(0 \w", text) and "(s)" not in text, text
        if game.decision.kind == "turn":
            assert re.search(r"your (Human Resources|Management|Construction|Research & Development) depart", text)
        game.apply(bot.choose(game))
    assert {"house", "reserve", "setup", "choose", "event", "turn"} <= seen


def test_the_load_button_shows_no_file_count():
    d = Dashboard()
    assert d.records.upload.description == ""                   # ipywidgets shows "<description> (0)"
    assert 'button.cl-load::after { content: "Load a game"' in STYLE


def test_the_company_card_shows_no_vp_beside_the_money():
    game = played(2)
    fig = company_figure(game, 0)
    (panel,) = [t for t in fig.data if t.name == "panel-text"]
    first_line = panel.text[0].split("<br>")[0]
    assert "$" in first_line and "goods" in first_line and "VP" not in first_line
    notes = " ".join(a.text for a in fig.layout.annotations)
    assert f"Score if the game ended now: {game.scores()['Ada'].total} VP" in notes


def test_the_what_happened_list_is_not_cut_short_by_the_stylesheet():
    rule = re.search(r"\.cl-recent-lines \{([^}]*)\}", STYLE).group(1)
    assert "max-height" not in rule and "overflow" not in rule


# -- the seed ------------------------------------------------------------------------------------

def test_seeds_are_read_exactly_and_checked_by_the_engine():
    assert parse_seed(" 99999999999999999999 ") == 99999999999999999999        # no rounding
    assert parse_seed("1_000") == 1000 and parse_seed("-3") == -3
    for bad in ("", "abc", "1e5", "4.0"):
        with pytest.raises(ValueError, match="whole number"):
            parse_seed(bad)
    d = Dashboard()
    game, panel = d.game, d.new_game_panel
    for typed in ("99999999999999999999", "-1", str(2**63)):
        panel.seed.value = typed
        panel.start.click()
        assert d.game is game, typed                              # nothing started
        message = panel.messages["seed"].value                   # next to the seed
        assert "from 0 to 9223372036854775807" in message and typed in message
    panel.seed.value = "seven"
    panel.start.click()
    assert d.game is game and "whole number" in panel.messages["seed"].value
    panel.seed.value = str(2**63 - 1)
    panel.start.click()
    assert d.game is not game and d.game.state.options["seed"] == 2**63 - 1 and panel.messages["seed"].value == ""


# -- undo after the bots finished the game -------------------------------------------------------

def test_undo_after_the_bots_finish_gives_the_seats_back(tmp_path):
    store = GameStore(tmp_path / "games.db")
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=4), store=store)
    ctl.run_bots()
    ctl.apply(str(ctl.game.legal_actions()[0]))
    ctl.run_bots()
    n = len(ctl.game.actions)
    ctl.finish_with_bots("easy")
    assert ctl.game.is_over and ctl.can_undo
    taken = ctl.undo()
    assert taken > 0 and len(ctl.game.actions) == n                      # back to the click
    assert ctl.seats[0].kind == HUMAN and ctl.human_to_move and not ctl.game.is_over
    assert store.info(ctl.game_id).app["seats"][0]["kind"] == HUMAN      # the stored game too
    assert store.record(ctl.game_id)["actions"] == ctl.game.actions
    assert ctl.can_undo and ctl.undo() > 0                                 # and on, as before
    assert ctl.human_to_move and len(ctl.game.actions) < n


def test_the_undo_button_works_after_bots_finish_the_game():
    d = Dashboard()
    d.act("house pittsburgh")
    n = len(d.game.actions)
    d.commands.finish()
    assert d.game.is_over and d.screen.why_not["undo"] is None
    d.commands.undo()
    assert len(d.game.actions) == n and not d.game.is_over and d.controller.you_to_move
    assert "(you)" in d.screen.turn.headline and d.screen.panel is not None


# -- the department modes ------------------------------------------------------------------------

def test_the_tile_counts_come_from_the_data_and_the_engine():
    note = tiles_note(2)
    assert "37" not in note and "each of the 32 tiles" in note and "2 of each of the 16 base tiles" in note
    pools = {mode: sum(cl.new_game(["A", "B"], seed=9, departments=mode).tiles_in_pool().values())
             for mode in ("base", "base+expansion", "expansion-open-bar")}
    assert (f"base game {pools['base']}, base game + expansion {pools['base+expansion']}, "
            f"open bar {pools['expansion-open-bar']}") in note
    assert "fewer tiles than base + expansion" in note
    assert "in a solo game" in tiles_note(1) and "with 4 players" in tiles_note(4)


def test_open_bar_says_how_many_of_its_tiles_are_in_play():
    open_bar = {n: sum(cl.new_game([f"P{i}" for i in range(n)], seed=0, departments="expansion-open-bar",
                                   **({"solo_level": 1} if n == 1 else {})).tiles_in_pool().values())
                for n in (1, 2, 4)}
    assert open_bar[2] < 32 == open_bar[4]
    for n, count in open_bar.items():
        note = tiles_note(n)
        assert "every one of them" not in note and f"open bar {count}." in note
        assert (f"only {count} of the 32 kinds of tile stay in play" in note) == (count < 32)
    assert "all of them stay in play" in tiles_note(4)


def test_the_tile_counts_follow_edited_data(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    rules = json.loads((folder / "rules.json").read_text())
    rules["department_copies"] = 3
    (folder / "rules.json").write_text(json.dumps(rules))
    note = tiles_note(4, cl.load_components(folder))
    assert "3 of each of the 16 base tiles" in note and "base game 48" in note


def test_the_new_game_panel_shows_the_counts_for_its_number_of_players():
    d = Dashboard()
    panel = d.new_game_panel
    assert "with 2 players" in panel.tiles.value
    panel.players.value = 3
    assert "with 3 players" in panel.tiles.value

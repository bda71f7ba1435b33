"""The app in Brazilian Portuguese: every label, message, hover, button and panel text of the dashboard comes
from the pt_BR catalog (a dashboard rendered in tests/i18n_check.py's widened pt_BR: any ASCII word left is
English that did not go through the layer, any message the catalog lacks is recorded with its id), over the
setup, a turn of each department type and each other kind of decision, a solo game, game over, the replay and
the New game / Save / Friends tabs, the game log included (the Log tab, "What happened", the replay's steps);
the language of a page (``Dashboard(lang=)``, ``?lang=``, the header's picker, ``carnegie-lab app --lang``).

Not from the catalog, by name: the Rules link's title is the Portuguese contents notebook's."""
from __future__ import annotations

import html
import random
import re

import ipywidgets as W
import pytest
from i18n_check import WIDE, WORD, ascii_words

import carnegie_lab as cl
from carnegie_lab.app.dashboard import Dashboard
from carnegie_lab.app.guide import rules_html
from carnegie_lab.app.keys import Keys
from carnegie_lab.app.language import LANG_ENV, language_name
from carnegie_lab.app.page import LinkError, PageBridge, parse_lang, with_lang
from carnegie_lab.core.i18n import render
from carnegie_lab.session import Seat
from carnegie_lab.session.guide import CONTENTS, DECISION_STEPS, glance, rule_step, step_titles
from carnegie_lab.store import GameStore

#: Words the same in every language: the app's name, Andrew, the keys' names, the timeline rows' codes, UTC.
NAMES = {"Carnegie", "Andrew", "Enter", "HR", "MG", "CO", "RD", "UTC"}


def widget_texts(root: W.Widget) -> list[str]:
    """Every text a widget tree shows: HTML and labels, descriptions, hovers, placeholders, the options of
    selectors, tab titles, the keys line, the page's title (hidden widgets too: a tab not shown)."""
    out, todo, seen = [], [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, (W.HTML, W.Label)):
            value = w.value
            out += re.findall(r'content: "([^"]*)"', value) if value.startswith("<style>") else [value]
        for attr in ("description", "tooltip", "placeholder"):
            out.append(getattr(w, attr, None) or "")
        out += list(getattr(w, "_options_labels", ()))
        if isinstance(w, W.Tab):
            out += list(w.titles)
        if isinstance(w, Keys):
            out.append(w.line)
        if isinstance(w, PageBridge):
            out.append(w.title)
        todo += list(getattr(w, "children", ()))
    return [t for t in out if t]


def figure_texts(d: Dashboard) -> list[str]:
    """The texts of the board's figures of the position (the views take the dashboard's language): titles,
    annotations, trace texts and hovers (the views' own test, tests/views/test_views_pt_br.py, checks every
    field of every view)."""
    out = []
    for kind, value in (("map", -1), ("company", 0), ("timeline", None), ("tracks", None), ("donations", None),
                        ("scores", None), ("history", None)):
        spec = d.board._build(kind, value)
        out += [spec["layout"].get("title", {}).get("text", "")]
        out += [a.get("text", "") for a in spec["layout"].get("annotations", [])]
        for trace in spec["data"]:
            for key in ("text", "hovertext"):
                value = trace.get(key)
                out += [value] if isinstance(value, str) else [str(v) for v in value or []]
    return out


def pending() -> list[str]:
    """What is not from the catalog, by name: the Rules link's step titles (Portuguese, from the Portuguese
    tutorials' contents)."""
    return sorted(step_titles("pt_BR").values(), key=len, reverse=True)


def english_left(d: Dashboard, where: str, found: dict) -> None:
    """Record (in ``found``) the English words the dashboard shows now, outside the names and pending texts."""
    game = d.game
    notation = {w for a in game.legal_actions() for w in str(a).split()} if not game.is_over else set()
    languages = {word for lang in ("en", "pt_BR") for word in WORD.findall(language_name(lang))}   # each its own
    names = {*game.players, *NAMES, *notation, *game.components.timeline.rows, *languages}
    left = ascii_words(widget_texts(d) + figure_texts(d), names, pending())
    if left:
        found[where] = sorted({word for word, _ in left}), left[0][1]


def kind_of(game) -> str:
    """The kind of decision now, a turn by its department type, an event by what it is."""
    decision = game.decision
    context = decision.context
    if decision.kind == "turn":
        return f"turn {context.turn_type}"
    if decision.kind == "event":
        return "event income" if context.income else "event donation"
    return str(decision.kind)


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path / "games.db") as s:
        yield s


def test_every_text_of_a_whole_game_in_portuguese_comes_from_the_catalog(widened, store):
    """Two human seats at one browser (every decision's controls shown), each new kind of decision looked at,
    then the bots finish the game: game over, the replay's steps, the other tabs."""
    rng, found = random.Random(5), {}
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=5), seats=[Seat("Ada"), Seat("Bo")], auto=False,
                  store=store, lang=WIDE)
    seen: set[str] = set()
    while not d.game.is_over and len(seen) < 12 and len(d.game.actions) < 400:
        kind = kind_of(d.game)
        if kind not in seen:
            seen.add(kind)
            english_left(d, kind, found)
        d.act(str(rng.choice(d.game.legal_actions())))
    assert {"setup", "house", "reserve", "choose", "turn HR", "turn MG", "turn CO", "turn RD", "activate",
            "event income"} <= seen, seen
    for tab in (1, 2, 3):                           # New game (the stored games), Save / load, Friends
        d.side.selected_index = tab
        english_left(d, f"side tab {tab}", found)
    d.make_links()
    d.side.selected_index = 3
    english_left(d, "Friends with links", found)
    d.commands.finish()
    assert d.game.is_over
    d.side.selected_index = 0
    english_left(d, "game over", found)
    d.board.select("Log")
    english_left(d, "the Log tab", found)
    assert "cl-log-lines" in d.board.log.value
    d.replays.this_game()
    for step in (0, 1, 5, d.replay.replay.last):
        d.replay.go(step)
        english_left(d, f"replay step {step}", found)
    assert not widened.missing, f"not in the pt_BR catalog: {sorted(widened.missing)}"
    assert not found, f"English left in the app in pt_BR: {found}"


def test_a_solo_game_in_portuguese_comes_from_the_catalog(widened):
    rng, found = random.Random(2), {}
    d = Dashboard(cl.new_game(["Ada"], seed=2, solo_level=2), lang=WIDE)
    english_left(d, "solo setup", found)
    while not d.game.is_over and d.game.round < 2:
        d.act(str(rng.choice(d.game.legal_actions())))
    english_left(d, "solo round 2", found)
    d.commands.finish()
    english_left(d, "solo game over", found)
    d.board.select("Log")
    english_left(d, "the solo game's Log tab", found)
    assert not widened.missing, f"not in the pt_BR catalog: {sorted(widened.missing)}"
    assert not found, f"English left in the solo app in pt_BR: {found}"


def test_the_check_finds_english_in_the_dashboard(widened):
    """The same check on the English dashboard finds its words (the check can fail)."""
    found: dict = {}
    english_left(Dashboard(cl.new_game(["Ada", "Bo"], seed=1)), "english", found)
    assert {"New", "game", "Undo", "Restart"} <= set(found["english"][0])


def test_the_dashboard_speaks_portuguese_and_english_stays_the_default():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    en, pt = Dashboard(game), Dashboard(cl.new_game(["Ada", "Bo"], seed=1), lang="pt_BR")
    assert list(en.side.titles) == ["Play", "New game", "Save / load", "Friends", "Replay"]
    assert list(pt.side.titles) == ["Jogar", "Novo jogo", "Salvar / carregar", "Amigos", "Reprodução"]
    modes = [label for label, _ in pt.new_game_panel.departments.options]   # no English name left (issue 60)
    assert modes[-1].startswith("Sortimento completo") and not any("Open bar" in m for m in modes)
    assert pt.undo_button.description == "Desfazer" and en.undo_button.description == "Undo"
    assert pt.screen.turn.headline.startswith("Preparação") and en.screen.turn.headline.startswith("Setup")
    assert pt.frame.language.value == "pt_BR" and en.frame.language.value == "en"
    assert {"English": "en", "Português (Brasil)": "pt_BR"}.items() <= dict(pt.frame.language.options).items()
    assert pt.board.tabs.value == "Map" and ("Mapa", "Map") in pt.board.tabs.options
    assert language_name("pt_BR") == "Português (Brasil)" and language_name("en") == "English"


def test_the_picker_switches_the_whole_page_and_keeps_the_game(tmp_path):
    d = Dashboard(store=tmp_path / "games.db")
    d.act(str(d.game.legal_actions()[0]))
    actions, gid, main = len(d.game.actions), d.controller.game_id, d.frame.main
    d.side.selected_index = 1
    d.frame.language.value = "pt_BR"                    # the header's dropdown
    assert d.lang == "pt_BR" and d.side.selected_index == 1 and list(d.side.titles)[1] == "Novo jogo"
    assert d.new_game_panel.start.description == "Começar o jogo"
    assert len(d.game.actions) == actions and d.controller.game_id == gid
    assert d.bridge.query == f"game={gid}&lang=pt_BR"   # remembered in the page's address
    assert d.bridge in d.children and d.guard in d.children
    assert d.frame.main is main and d.frame.main.children[0] is d.board.box  # the figures are never drawn again
    d.frame.language.value = "en"
    assert d.new_game_panel.start.description == "Start game" and d.bridge.query == f"game={gid}&lang=en"


def test_the_page_address_gives_the_language(tmp_path):
    path = tmp_path / "games.db"
    first = Dashboard(store=path)
    first.act(str(first.game.legal_actions()[0]))
    gid = first.controller.game_id
    d = Dashboard(store=path)                           # a preheated kernel: built before the address is known
    d.open_page(f"game={gid}&lang=pt-BR")
    assert d.lang == "pt_BR" and d.controller.game_id == gid and "Desfazer" == d.undo_button.description
    assert d.bridge.query == f"game={gid}&lang=pt_BR"
    bad = Dashboard(store=path)
    bad.open_page("lang=xx")
    assert bad.lang is None and "does not open a game" in bad.screen.status.text and "'xx'" in bad.screen.status.text


def test_a_stored_english_game_reopened_in_portuguese_shows_its_log_in_portuguese(tmp_path):
    """A game played in English on a page and kept in the store, opened by its link with ``lang=pt_BR``: the
    Log tab reads in Portuguese (the store keeps the actions, the lines are made again)."""
    path = tmp_path / "games.db"
    first = Dashboard(store=path)
    for _ in range(6):
        first.act(str(first.game.legal_actions()[0]))
    english, gid = list(first.game.log), first.controller.game_id
    d = Dashboard(store=path)
    d.open_page(f"game={gid}&lang=pt_BR")
    d.board.tabs.value = "Log"
    shown = html.unescape(d.board.log.value)
    assert d.controller.game_id == gid and len(english) >= 6
    assert all(render(line, "pt_BR") in shown and line not in shown for line in english)


def test_a_broken_record_loaded_on_a_portuguese_page_is_refused_in_portuguese():
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), lang="pt_BR")
    d.commands.load(b'{"format": "carnegie_lab.record", "version": 1, "options": {}, "actions": 3}', "jogo.json")
    shown = html.unescape(d.records.message.value)
    assert "registro inválido: actions: esperada uma lista de ações em texto" in shown, shown
    assert "bad record" not in shown and "expected" not in shown


def test_a_stored_game_that_began_at_a_position_reads_its_start_in_portuguese(tmp_path):
    """A game kept with its start (a position: its log was written in English before the game was stored)
    reads the whole log in Portuguese when it is loaded again."""
    played = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training", "house denver", "reserve sales"):
        played.apply(action)
    game = cl.Game.from_position(played.to_position())
    game.apply("move b1 a1")
    store = GameStore(tmp_path / "games.db")
    loaded = store.load(store.save(game))
    assert loaded.log == game.log and len(loaded.log) == 5
    assert [render(line, "pt_BR") for line in loaded.log] == [render(line, "pt_BR") for line in played.log] + [
        "Ada move um empregado de Lobby para Recursos Humanos (restam 5 movimentos)"]
    assert render(loaded.log[0], "pt_BR") == "Bo posiciona o projeto inicial de Habitação em Chicago"


@pytest.mark.parametrize("query, lang", [("", None), ("game=a", None), ("lang=pt_BR", "pt_BR"),
                                         ("game=a&lang=pt-BR&seat=k", "pt_BR"), ("lang=en", "en")])
def test_parse_lang(query, lang):
    assert parse_lang(query) == lang


@pytest.mark.parametrize("query", ["lang=xx", "lang=en&lang=pt_BR"])
def test_parse_lang_refuses_what_is_no_language(query):
    with pytest.raises(LinkError):
        parse_lang(query)


def test_with_lang():
    assert with_lang("game=a", "pt_BR") == "game=a&lang=pt_BR"
    assert with_lang("", "pt_BR") == "lang=pt_BR" and with_lang("game=a", None) == "game=a"


def test_the_server_default_language(monkeypatch, tmp_path):
    from carnegie_lab.app.entry import app_dashboard
    from carnegie_lab.store import STORE_ENV
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "games.db"))
    monkeypatch.setenv(LANG_ENV, "pt_BR")
    assert app_dashboard().lang == "pt_BR"
    monkeypatch.setenv(LANG_ENV, "")
    assert app_dashboard().lang is None


def test_cli_lang_option():
    import argparse

    from carnegie_lab.cli.app import add_app_parser
    parser = argparse.ArgumentParser()
    add_app_parser(parser.add_subparsers())
    assert parser.parse_args(["app", "--lang", "pt-BR"]).lang == "pt_BR"
    assert parser.parse_args(["app"]).lang is None
    with pytest.raises(SystemExit):
        parser.parse_args(["app", "--lang", "xx"])


def test_the_rules_link_in_portuguese_opens_the_portuguese_tutorial():
    game = cl.new_game(["Ada", "Bo"], seed=1)             # Bo places a house: a step of tutorial 1
    step = rule_step(game)
    assert step.href_in("pt_BR") == f"pt_BR/{step.href}" and step.title_in("pt_BR") == "Bo posiciona uma casa"
    en, pt = rules_html(step), rules_html(step, "pt_BR")
    href = re.search(r"href='([^']*)'", en).group(1)
    assert re.search(r"href='([^']*)'", pt).group(1) == f"pt_BR/{href}"
    assert "Regras: tutorial 1, passo 4 “Bo posiciona uma casa”" in pt and "step 4 “Bo places a house”" in en


def test_every_rules_step_opens_its_portuguese_tutorial():
    """Each decision's Rules step, in Portuguese, opens the tutorial's translation (notebooks/pt_BR has every
    tutorial a decision's step is in, the later ones too)."""
    steps = [glance()[title] for title in DECISION_STEPS.values()]
    assert {s.notebook for s in steps} > {1, 2, 3}
    for step in steps:
        assert (CONTENTS.parent / "pt_BR" / step.file).is_file(), step
        assert step.href_in("pt_BR") == f"pt_BR/{step.href}"

"""The screen: what a page shows of its game, computed by the session as plain data (no widget), in either
language. The app only draws it (tests/app checks the drawing); these check what a player is shown."""
from __future__ import annotations

import dataclasses
import subprocess
import sys

from clicks import first_choice

import carnegie_lab as cl
from carnegie_lab.session import Controller, Seat, Setup
from carnegie_lab.session.screen import Screen, chosen, followed, screen_of
from carnegie_lab.store import GameStore


def hot_seat(seed: int = 2) -> Controller:
    return Controller(game=cl.new_game(["Ada & Co", "Bo"], seed=seed))


def test_a_screen_is_frozen_plain_data_computed_without_widgets():
    """(From the core install too, in either language: tests/session/test_core_install.py.)"""
    done = subprocess.run([sys.executable, "-c", "import sys; from carnegie_lab.session.screen import screen_of; "
                           "bad = [m for m in ('ipywidgets', 'anywidget', 'traitlets', 'IPython') if m in sys.modules];"
                           "print(bad)"], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "[]", done.stderr
    screen = screen_of(hot_seat())
    assert dataclasses.is_dataclass(screen) and Screen.__dataclass_params__.frozen
    assert screen == screen_of(hot_seat())                 # the same game, the same screen


def test_the_turn_says_the_decision_without_the_deciders_name():
    ctl = hot_seat()
    for _ in range(6):
        screen, decision = screen_of(ctl), ctl.game.decision
        assert screen.turn.prompt == decision.text[:1].upper() + decision.text[1:]
        assert decision.name not in screen.turn.prompt
        # the name is in the headline; two human seats at one browser (hot-seat): neither is "you"
        assert screen.turn.headline.endswith(f"· {decision.name} to decide") and "(you)" not in screen.turn.headline
        assert (screen.turn.actions, screen.turn.kind, screen.turn.seat, screen.turn.yours) == (
            len(ctl.game.actions), str(decision.kind), ctl.current_seat, True)
        assert screen.role.kind == "hot-seat" and screen.title == f"{decision.name} to decide"
        ctl.apply(first_choice(ctl.game))


def test_the_choices_and_the_board_targets_are_the_legal_actions():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    ctl.run_bots()
    screen = screen_of(ctl)
    assert screen.panel is not None and set(screen.panel.notations()) == {str(a) for a in ctl.game.legal_actions()}
    on_map = {t.notation for t in screen.targets["map"].values()}
    assert on_map and on_map <= set(screen.panel.notations())
    assert screen.turn.places == ("site or city on the Map tab",) and screen.title == "Your turn"
    assert screen.why_not["undo"] == "Nothing to undo: no human decision yet." and screen.why_not["hint"] is None
    assert screen.recent is not None and any("Bo places" in line for line in screen.recent.lines)
    assert not screen.bots.solo and screen.bots.step_why == "No bot is deciding now: a human is."
    replaying = screen_of(ctl, replaying=True)             # the board shows a replay: nothing to click on it
    assert replaying.targets == {} and replaying.why_not["hint"] is not None


def test_an_employee_chosen_on_the_board_rings_where_they_can_go():
    game = cl.new_game(["Ada", "Bo"], seed=2)
    while game.decision.kind != "setup":
        game.apply(first_choice(game))
    ctl = Controller(game=game)
    screen = screen_of(ctl)
    movers = {k for k, t in screen.targets["company"].items() if t.selects}
    source = sorted(movers)[0]
    to = {a.args[1] for a in game.legal_actions() if a.verb == "move" and a.args[0] == source}
    moving = chosen(screen, ctl, source)
    assert moving.source == source and {t.notation for t in moving.targets["company"].values() if t.notation} == \
        {f"move {source} {cell}" for cell in to}


def test_a_watcher_and_a_seat_see_their_place(tmp_path):
    store = GameStore(tmp_path / "games.db")
    ada = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=5), store=store)
    links = ada.make_links()
    bo, watcher = Controller(store=store), Controller(store=store)
    bo.open_stored(ada.game_id, links[1])
    watcher.open_stored(ada.game_id)
    assert ada.current_seat == 1                           # Bo places the first house
    mine, theirs, watching = screen_of(bo), screen_of(ada), screen_of(watcher)
    assert mine.role.kind == "seat" and mine.role.seat == 1 and "<b>Bo</b>" in mine.role.note_html
    assert mine.panel is not None and mine.turn.yours and mine.title == "Your turn"
    assert theirs.role.kind == "seat" and theirs.panel is None and "Waiting for Bo" in theirs.waiting_html
    assert watching.role.kind == "watch" and watching.panel is None and watching.targets == {}
    assert watching.why_not["undo"] == "Nothing to undo: you are watching, this browser cannot play."
    assert followed(ada) == 0 and theirs.follow == 0 and mine.follow == 1 and watching.follow == 1


def test_the_end_of_the_game_is_its_result_and_its_story():
    ctl = Controller(Setup([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=3))
    ctl.run_bots()
    screen = screen_of(ctl)
    assert ctl.game.is_over and screen.final is not None and " win" in screen.final.result
    assert screen.final.story and screen.panel is None and screen.waiting_html == "" and screen.rules is None
    assert screen.title == "Game over" and screen.turn.headline.startswith("Game over")
    assert screen_of(hot_seat()).final is None


def test_a_screen_speaks_the_pages_language():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    ctl.run_bots()
    en, pt = screen_of(ctl), screen_of(ctl, "pt_BR")
    assert en.turn.headline.startswith("Setup") and pt.turn.headline.startswith("Preparação")
    assert en.turn.prompt != pt.turn.prompt and pt.title != en.title
    assert pt.panel is not None and pt.panel.notations() == en.panel.notations()       # the same choices
    assert pt.why_not["undo"] != en.why_not["undo"] and pt.bots.where != en.bots.where

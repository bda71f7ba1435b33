"""A page's work is owned and bounded (docs/security.md, "Bounded work"), without a browser: a language switch makes
no new review, thinks about no hint again and leaves no widget open; a full store still opens its games."""
from __future__ import annotations

import multiprocessing
import random

from ipywidgets.widgets.widget import _instances

import carnegie_lab as cl
from carnegie_lab.app import hints
from carnegie_lab.app.layout import REPLAY
from carnegie_lab.session import Controller, Seat, Setup
from carnegie_lab.session.screen import SHOWN
from carnegie_lab.store import GameStore
from carnegie_lab.widgets import Dashboard

SWITCHES = 4          # two round trips: a job or widget left per switch shows at the first


def reviews() -> list:
    return [p for p in multiprocessing.active_children() if p.name == "carnegie-lab review"]


def stored_finished_game(store: GameStore) -> str:
    game, rng = cl.new_game(["Ada"], seed=11, solo_level=1), random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return store.save(game)


def test_review_language_review_again_runs_one_review_process(tmp_path):
    """The break as found: each language switch made a new review job, and *Review this game* another process."""
    store = GameStore(tmp_path / "games.db")
    page = Dashboard(store=store, query=f"game={stored_finished_game(store)}")    # a watcher's page
    page.replays.this_game()
    try:
        for switch in range(SWITCHES):
            page.replay.review.start_button.click()             # sent whatever the page shows (disabled or not)
            assert page.side.selected_index == REPLAY and page.replay.review.job.running
            page.set_lang("pt_BR" if switch % 2 == 0 else "en")
        page.replay.review.start()
        assert len(reviews()) == 1
        assert not page.replay.review.progress.layout.display        # the new panel shows the running review
    finally:
        for process in reviews():
            process.terminate()
            process.join()


def test_language_switches_leave_no_widget_open():
    """The break as found: each switch left the old panels' widgets open in the kernel (and their models in the
    page)."""
    page = Dashboard(setup=Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    page.set_lang("pt_BR")
    page.set_lang(None)
    before = len(_instances)
    for switch in range(SWITCHES):
        page.set_lang("pt_BR" if switch % 2 == 0 else None)
    assert len(_instances) == before


def test_a_language_switch_keeps_the_hint_thought_about(monkeypatch):
    page = Dashboard(setup=Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    page.hints.playouts = 1
    thought: list[int] = []
    evaluate = hints.evaluate
    monkeypatch.setattr(hints, "evaluate", lambda *a, **k: thought.append(1) or evaluate(*a, **k))
    page.hint()
    for switch in range(SWITCHES):
        page.set_lang("pt_BR" if switch % 2 == 0 else None)
        assert page.hints.screen is not None and len(page.hints.screen.rows) == SHOWN     # shown again at once
    page.hint()
    assert thought == [1]


def test_a_full_store_opens_its_games_and_seat_links_and_start_says_it_is_full(tmp_path):
    """The break as found: with a full store every page failed in its constructor (it made a new game)."""
    store = GameStore(tmp_path / "games.db", max_games=2)
    shared = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=1), store=store)
    links = shared.make_links()
    Controller(store=store).keep()                   # the store is full now
    for query in (f"game={shared.game_id}", f"game={shared.game_id}&seat={links[1]}", ""):
        page = Dashboard(store=store, query=query)
        assert page.screen.status.text == "" and page.controller.game_id == (shared.game_id if query else None)
    assert page.controller.role == "local"
    seat = Dashboard(store=store, query=f"game={shared.game_id}&seat={links[1]}")
    assert seat.controller.role == "seat" and seat.controller.my_seat == 1
    for lang, words in ((None, "the game store is full"), ("pt_BR", "o armazém de jogos está cheio")):
        page = Dashboard(store=store, query=f"game={shared.game_id}", lang=lang)
        page.new_game_panel.start.click()
        assert words in page.new_game_panel.message.value and page.controller.game_id == shared.game_id
    assert store.count() == 2

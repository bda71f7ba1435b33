"""Issue 60, point 3, in headless Chromium: a human's solo game handed to a bot after 5 decisions (a strength
chosen, *Play to the end*) plays to the end and the final panel shows; Undo takes it back to the hand-over, the
seat the player's again."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_browser import EASY, TIMEOUT, TURN, actions, kind, play_one_decision, ready, start_game

pytestmark = pytest.mark.browser

FINISH_TIMEOUT = 120_000


@pytest.mark.slow      # the hand-over: tests/session/test_solo_handover.py (make test). CI runs it
def test_a_solo_game_handed_to_a_bot_plays_to_the_end_and_undo_gives_it_back(app_page):
    p = app_page.page
    start_game(p, "1 (solo)", [("Ada", "Human")], seed=4, level="1")
    ready(p)
    expect(p.locator("button.cl-play")).to_be_hidden()                  # no bot seat to play
    expect(p.locator(".cl-auto")).to_be_hidden()
    moved: dict = {}
    for _ in range(5):
        play_one_decision(p, moved)
    at, deciding = actions(p), kind(p)
    p.locator(".cl-finish-kind select").select_option(label=EASY)
    finish = p.locator("button.cl-finish")
    expect(finish).to_have_text("Play to the end")
    finish.click()
    final = p.locator(".cl-final")
    expect(final).to_contain_text("Final scores", timeout=FINISH_TIMEOUT)
    expect(p.locator(TURN)).to_contain_text("Game over")
    expect(p.locator(".cl-story")).to_be_visible()
    ready(p)
    p.locator("button.cl-undo").click()
    expect(p.locator(TURN)).to_have_attribute("data-actions", str(at), timeout=TIMEOUT)
    expect(p.locator(TURN)).to_have_attribute("data-kind", deciding)
    expect(p.locator(TURN)).to_contain_text("Ada (you) to decide")
    expect(final).to_be_hidden()
    expect(p.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first).to_be_enabled()
    expect(finish).to_be_enabled()                                      # the seat is Ada's, to hand over again

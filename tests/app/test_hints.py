"""Hints in headless Chromium: the Hint button thinks ("thinking…", the Play tab's buttons held
meanwhile) and shows three suggestions named as their controls are; playing one clears it; "Always
show a hint" shows one at each of Ada's decisions. The console stays clean.

Each test has its own page and game (``app_page``, checked for problems when the test ends).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from carnegie_lab.app.controls_view import css_class
from carnegie_lab.session.hint_screen import SHOWN, THINKING

from .test_browser import EASY, TIMEOUT, TURN, actions, click_and_wait, ready, start_game

pytestmark = pytest.mark.browser

ROWS = ".cl-hint-output .cl-hint-row"
#: A row's numbers (core/words.py's playout_result): its playouts' margin and wins, or its greedy evaluation.
OUTCOME = re.compile(r"^(as good as the first, as far as the playouts tell: )?margin [+-]\d+\.\d VP.*, won \d+%.* of "
                     r"\d+ playouts?( \(stopped early: it trailed the others\))?$"
                     r"|^not played out \(greedy evaluation [+-]\d+\.\d\)$")


def hint_for(p) -> int | None:
    """The action count of the decision the hint shown is for (None: no hint)."""
    hint = p.locator(".cl-hint-output .cl-hint-rows")
    return int(hint.get_attribute("data-actions")) if hint.count() else None


def test_the_hint_button_shows_three_suggestions_in_the_controls_words(app_page):
    p = app_page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=3)
    ready(p)
    assert p.locator(TURN).get_attribute("data-kind") == "house" and not p.locator(ROWS).count()
    n = actions(p)
    p.locator("button.cl-hint").click()
    expect(p.locator(".cl-hint-output")).to_contain_text(THINKING, timeout=TIMEOUT)
    assert p.locator(".cl-dashboard.cl-busy").count() == 1           # the buttons are held meanwhile
    expect(p.locator(ROWS)).to_have_count(SHOWN, timeout=TIMEOUT)
    ready(p)
    assert actions(p) == n and hint_for(p) == n                      # the game did not move
    blind = p.locator(".cl-hint-output .cl-hint-blind").count() == 1
    for i in range(SHOWN):
        row = p.locator(ROWS).nth(i)
        button = p.locator(f".cl-controls button.{css_class(row.get_attribute('data-notation'))}")
        expect(button).to_have_count(1)
        assert row.locator("b").inner_text() == button.inner_text().strip()   # the city, as the button says
        # played out, or (1.5 s of thinking on a busy machine) not reached by a playout; or no numbers at all
        # where the playouts tell none of them from the first (the hint says so)
        if blind:
            expect(row.locator(".cl-hint-numbers")).to_have_count(0)
        else:
            expect(row.locator(".cl-hint-numbers")).to_have_text(OUTCOME)
        if row.get_attribute("data-notation").startswith("house "):   # (a time budget: which rows varies)
            expect(row.locator(".cl-hint-why")).to_contain_text("cities built in")
        else:
            expect(row.locator(".cl-hint-why")).not_to_be_empty()
    best = p.locator(ROWS).first.get_attribute("data-notation")      # a city, or (few playouts) selling goods
    click_and_wait(p, p.locator(f".cl-controls button.{css_class(best)}"))
    expect(p.locator(ROWS)).to_have_count(0)                         # an old hint does not stay
    played = "Ada places the starting Housing project" if best.startswith("house ") else "Ada sells 1 goods"
    expect(p.locator(".cl-recent")).to_contain_text(played)


@pytest.mark.slow      # a hint in the browser: the test above; CI runs it
def test_always_show_a_hint_at_each_decision(app_page):
    p = app_page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=3)
    ready(p)
    p.locator(".cl-hint-always input").check()
    expect(p.locator(ROWS)).to_have_count(SHOWN, timeout=TIMEOUT)
    ready(p)
    assert hint_for(p) == actions(p)
    for _ in range(2):                       # two of Ada's decisions
        best = p.locator(ROWS).first.get_attribute("data-notation")
        button = p.locator(f".cl-controls button.{css_class(best)}")
        click_and_wait(p, button if button.count() else p.locator(".cl-controls button.cl-act-done"))
        assert hint_for(p) == actions(p)       # thought before the page took clicks again
        assert p.locator(ROWS).count() >= 1


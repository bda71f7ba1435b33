"""The game review in headless Chromium: two bots finish a 2-player game, the final panel's *Review this
game* opens the Replay tab, a review at the smallest budget runs in the background with its progress bar,
then the slider carries a mark per graded decision, a reviewed step tells its verdict, the chart is drawn,
and the console stays clean (the page is the test's own: ``app_page``, which checks it when the test ends)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_browser import EASY, TIMEOUT, side_tab

pytestmark = pytest.mark.browser

REVIEW_TIMEOUT = 180_000       # ms: one seat's ~90 decisions at 1 playout each, on a busy machine


def test_review_a_finished_game_marks_the_slider_and_draws_the_chart(app_page):
    p = app_page.page
    side_tab(p, "New game")                       # two bots: Start plays the whole game
    p.locator(".cl-players button", has_text="2").click()
    for i, name in enumerate(("Ada", "Bo")):
        p.locator(f".cl-seat-name-{i} input").fill(name)
        p.locator(f".cl-seat-kind-{i} select").select_option(label=EASY)
    p.locator(".cl-seed input").fill("5")
    p.locator(".cl-seed input").press("Tab")
    p.locator("button.cl-start").click()
    link = p.locator("button.cl-review-link")
    expect(link).to_be_visible(timeout=REVIEW_TIMEOUT)           # the bots finished: the final panel links
    expect(p.locator(".cl-game-over")).to_be_visible()
    link.click()
    start = p.locator("button.cl-review-start")
    expect(start).to_be_enabled(timeout=TIMEOUT)                 # the Replay tab, on this finished game
    p.locator(".cl-review-budget select").select_option(label="1 playout a decision")
    p.locator(".cl-review-who select").select_option(label="Ada")
    start.click()
    expect(p.locator(".cl-review-progress")).to_be_visible(timeout=TIMEOUT)
    track = p.locator(".cl-review-track")
    expect(track).to_be_attached(timeout=REVIEW_TIMEOUT)
    marks = int(track.get_attribute("data-marks"))
    assert marks > 10 and p.locator(".cl-review-track .cl-review-mark").count() == marks
    expect(p.locator(".cl-review-progress")).to_be_hidden()
    expect(p.locator(".cl-review-summary")).to_contain_text("Ada: ")
    chart = p.locator(".cl-review-chart .js-plotly-plot")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    # the figure's div shows before plotly has drawn its traces into it: wait for the margin's trace
    drawn = p.wait_for_function("""() => { const gd = document.querySelector('.cl-review-chart .js-plotly-plot');
        const t = gd && gd.data && gd.data.find(t => t.name === 'margin-0'); return t && t.x.length; }""",
                                timeout=TIMEOUT).json_value()
    assert drawn == marks
    step = int(p.locator(".cl-review-mark").first.get_attribute("data-step"))
    p.keyboard.press("Home")
    for _ in range(step):
        p.keyboard.press("ArrowRight")
    expect(p.locator(".cl-replay-where")).to_have_attribute("data-step", str(step), timeout=TIMEOUT)
    expect(p.locator(".cl-review-verdict")).to_contain_text("Review: ", timeout=TIMEOUT)

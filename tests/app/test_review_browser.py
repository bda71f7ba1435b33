"""The game review in headless Chromium: an easy bot finishes a solo game, one click on the final panel's
*Review this game* opens the Replay tab and runs the review (at the smallest budget, chosen beforehand in the
Replay tab) with its progress and the time left; then the slider carries a mark of at least 24 px per group of
graded decisions, none overlapping, together as many as the chart's points; a click on a mark shows its
decision's verdict; the chart's title and subtitle are drawn whole, clear of plotly's toolbar; and the console
stays clean (the page is the test's own: ``app_page``, which checks it when the test ends)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_browser import EASY, TIMEOUT, side_tab

pytestmark = pytest.mark.browser

REVIEW_TIMEOUT = 240_000       # ms: a solo game's ~90 decisions at 1 playout each, on a busy machine

#: the bounding boxes of a selector's elements in the review's chart (left, top, right, bottom)
BOXES_JS = """sel => [...document.querySelectorAll('.cl-review-chart ' + sel)].map(e => {
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# make test: the review's panel (tests/app/test_review_panel.py), its chart in a browser (test_text_fit_browser)
@pytest.mark.slow      # CI runs it
def test_one_click_reviews_a_finished_game_with_marks_to_click(app_page):
    p = app_page.page
    side_tab(p, "New game")                       # a bot against Andrew: Start plays the whole game
    p.locator(".cl-players button", has_text="1 (solo)").click()
    p.locator(".cl-seat-name-0 input").fill("Ada")
    p.locator(".cl-seat-kind-0 select").select_option(label=EASY)
    p.locator(".cl-seed input").fill("5")
    p.locator(".cl-seed input").press("Tab")
    p.locator("button.cl-start").click()
    link = p.locator("button.cl-review-link")
    expect(link).to_be_visible(timeout=REVIEW_TIMEOUT)           # the bot finished: the final panel links
    expect(p.locator(".cl-game-over")).to_be_visible()
    side_tab(p, "Replay")                          # the smallest budget, chosen before the one click
    p.locator("button.cl-replay-this").click()
    p.locator(".cl-review-budget select").select_option(label="1 playout a decision")
    side_tab(p, "Play")
    link.click()                                   # the one click
    expect(p.locator(".cl-review-progress")).to_be_visible(timeout=TIMEOUT)
    expect(p.locator(".cl-review-status")).to_contain_text(re.compile(r"judged, about \d+ (s|min) left"),
                                                           timeout=REVIEW_TIMEOUT)
    marks = p.locator(".cl-review-track .cl-review-mark")
    expect(marks.first).to_be_visible(timeout=REVIEW_TIMEOUT)
    expect(p.locator(".cl-review-progress")).to_be_hidden()
    expect(p.locator(".cl-review-summary")).to_contain_text("Ada: ")
    held = sum(int(m.inner_text()) for m in marks.all())
    boxes = sorted((b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"])
                   for b in (m.bounding_box() for m in marks.all()))
    assert all(right - left >= 24 and bottom - top >= 24 for left, top, right, bottom in boxes)
    assert not [a for a, b in zip(boxes, boxes[1:]) if overlap(a, b)]
    chart = p.locator(".cl-review-chart .js-plotly-plot")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    # the figure's div shows before plotly has drawn its traces into it: wait for the margin's trace
    drawn = p.wait_for_function("""() => { const gd = document.querySelector('.cl-review-chart .js-plotly-plot');
        const t = gd && gd.data && gd.data.find(t => t.name === 'margin-0'); return t && t.x.length; }""",
                                timeout=TIMEOUT).json_value()
    assert held == drawn                           # a mark's number: the graded decisions it holds
    chart.hover()                                  # plotly's toolbar shows on hover
    expect(p.locator(".cl-review-chart .modebar")).to_be_visible(timeout=TIMEOUT)
    [paper] = p.evaluate(BOXES_JS, ".main-svg")[:1]
    [bar] = p.evaluate(BOXES_JS, ".modebar")
    titles = p.evaluate(BOXES_JS, ".gtitle, .gtitle-subtitle")
    assert len(titles) == 2 and p.locator(".cl-review-chart .gtitle").text_content() == "Game review"
    assert all(paper[0] <= t[0] and t[2] <= paper[2] and not overlap(t, bar) for t in titles)
    first = marks.first
    step = int(re.search(r"step (\d+):", first.get_attribute("title")).group(1))
    first.click()
    expect(p.locator(".cl-replay-where")).to_have_attribute("data-step", str(step), timeout=TIMEOUT)
    expect(p.locator(".cl-review-verdict")).to_contain_text("Review: ", timeout=TIMEOUT)

"""The replay's evaluation bar in headless Chromium: in the replay of a stored finished solo game, three moments each
show a figure with its interval (the expected final margin and the chance to win of the seat deciding there), and a
click is answered while a moment is computed in the background (the next step shown, its bar still thinking); the
console stays clean."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import finished_game_page, no_problems
from .test_browser import TIMEOUT, side_tab

pytestmark = pytest.mark.browser

#: ms: a new process for the page's evaluations, then a moment's playouts, on a busy machine
VALUE_TIMEOUT = 120_000
#: the figure with its intervals: "Ada: margin -35.9 VP [-38.0, -33.7], wins 1% [0%, 57%]"
FIGURE = re.compile(r"Ada: margin [-+]\d+\.\d VP \[[-+]\d+\.\d, [-+]\d+\.\d\], wins \d+% \[\d+%, \d+%\]")
#: the step shown is the next one while its bar still says that it is thinking
ANSWERED_WHILE_THINKING = """step => {
    const where = document.querySelector('.cl-replay-where');
    const bar = document.querySelector('.cl-evalbar-box [data-kind]');
    return where && bar && where.dataset.step === step && bar.dataset.step === step
        && bar.dataset.kind === 'thinking';
}"""


def test_the_bar_values_three_moments_and_the_page_answers_a_click_meanwhile(watched_page, voila_server, timings):
    with finished_game_page(watched_page(), voila_server, timings, "a finished solo game's replay") as watched:
        p = watched.page
        side_tab(p, "Replay")                                  # the page's game, at its end: nothing to value
        bar = p.locator(".cl-evalbar-box [data-kind]")
        expect(bar).to_have_attribute("data-kind", "over", timeout=TIMEOUT)
        p.locator("button.cl-replay-fast-backward").click()    # the start: valued in the background
        expect(bar).to_have_attribute("data-step", "0", timeout=TIMEOUT)
        p.locator("button.cl-replay-step-forward").click()     # answered at once, step 1 thinking meanwhile
        p.wait_for_function(ANSWERED_WHILE_THINKING, arg="1", timeout=TIMEOUT)
        for step, button in (("1", None), ("2", "step-forward"), ("0", "fast-backward")):
            if button:
                p.locator(f"button.cl-replay-{button}").click()
            expect(bar).to_have_attribute("data-step", step, timeout=TIMEOUT)
            expect(bar).to_have_attribute("data-kind", "value", timeout=VALUE_TIMEOUT)
            expect(bar.locator(".cl-evalbar-text")).to_have_text(FIGURE)
            assert "from 3 playouts of each choice" in bar.get_attribute("title")
        no_problems(watched)

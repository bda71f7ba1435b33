"""The app for a player who cannot see colours well, uses the keyboard only or a screen reader (issue 45), in
headless Chromium:

- an automated audit with axe-core (tests/axe_audit.py) of the start page, a solo game in progress (every side
  tab and board tab, ``slow``), a 2-player game (``slow``) and the final panel: no critical or serious violation
  (every tutorial's page is audited so in tests/notebooks/test_voila_tutorials.py);
- a solo game played with the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space), every decision reachable,
  the focused control always visibly outlined, the focus never lost between decisions: the setup and round 1,
  and the whole game (``slow``).

make test audits the start page and the final panel; CI runs the ``slow`` tests too (make test-slow).

Each test opens its own page (its own kernel and game), checked for problems (``no_problems``) when it ends.
"""
from __future__ import annotations

import re
import time

import pytest
from axe_audit import violations
from playwright.sync_api import expect

from .conftest import PAGE_TIMEOUT, finished_game_page, no_problems, open_app
from .test_browser import TIMEOUT, TURN, actions, board_tab, click_and_wait, ready, side_tab, start_game
from .test_whole_game_browser import MOST_DECISIONS, PICK_JS

pytestmark = pytest.mark.browser

#: The side tabs and board tabs each audited page shows in turn (axe checks only what is shown).
SIDE_TABS = ("New game", "Save / load", "Friends", "Replay", "Play")
BOARD_TABS = ("Companies", "Tracks & Timeline", "Scores", "Log", "Map")


def audit_every_tab(p) -> dict[str, list[str]]:
    """The violations of each side tab and board tab of the app's page, shown one after the other."""
    found = {"Play": violations(p)}
    for name in SIDE_TABS:
        side_tab(p, name)
        expect(p.locator(".cl-side-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text(name)
        found[name] = violations(p)
    for name in BOARD_TABS:
        board_tab(p, name)
        found[f"board: {name}"] = violations(p)
    return {where: lines for where, lines in found.items() if lines}


@pytest.fixture
def finished_game(watched_page, voila_server, timings):
    """A finished solo game (Ada against Andrew, level 1, played at random from a seed): its final panel."""
    with finished_game_page(watched_page(), voila_server, timings, "a finished game (audit)") as watched:
        yield watched
        no_problems(watched)


# --------------------------------------------------------------------------- the audit


def test_the_start_page_passes_the_audit(watched_page, voila_server):
    watched = watched_page()
    try:
        for query in ("", "?lang=pt_BR"):
            watched.page.goto(voila_server.url + "/" + query, wait_until="load", timeout=PAGE_TIMEOUT)
            assert violations(watched.page) == [], query
        no_problems(watched)
    finally:
        watched.page.close()


@pytest.mark.slow      # the audit of a page: test_the_start_page_passes_the_audit's, the final panel's. CI runs it
def test_a_solo_game_passes_the_audit(app_page):
    p = app_page.page
    start_game(p, "1 (solo)", [("Ada", "Human")], seed=5, level="1")
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (you) to decide", timeout=TIMEOUT)
    ready(p)
    assert audit_every_tab(p) == {}
    # the setup's first decisions (a city, a reserve), then an employee chosen to move: the company's grid
    # shows where it may go
    for _ in range(10):
        if p.locator(".cl-controls button.cl-cell.mod-info").count():
            break
        click_and_wait(p, p.locator(".cl-controls button.cl-option").first)
    p.locator(".cl-controls button.cl-cell.mod-info").first.click()
    expect(p.locator(".cl-controls button.cl-cell.mod-success").first).to_be_visible(timeout=TIMEOUT)
    assert violations(p) == []


@pytest.mark.slow      # every tab of a game in progress: the solo game's audit (slow too); CI runs it
def test_a_two_player_game_passes_the_audit(game_in_round_two):
    assert audit_every_tab(game_in_round_two.page) == {}


def test_the_final_panel_passes_the_audit(finished_game):
    p = finished_game.page
    expect(p.locator(".cl-final")).to_be_visible(timeout=TIMEOUT)
    assert violations(p) == []


# --------------------------------------------------------------------------- the keyboard alone


#: Where the focus is: [a few words naming the focused element, whether its outline is visible (solid or
#: auto, 2 px at least)], or null when nothing has it (the page's body).
FOCUSED_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const words = (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 40);
  return [`${e.tagName.toLowerCase()}.${String(e.className).split(' ').pop()} ${words}`,
          s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2];
}"""
#: Whether the element of ``selector`` comes after the focused one in the page (Tab goes there, else Shift+Tab).
AFTER_FOCUS_JS = """sel => {
  const t = document.querySelector(sel), a = document.activeElement;
  return !a || a === document.body || !!(a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
}"""
#: Tab presses enough to reach any control from any other (the page has about a hundred stops).
MOST_PRESSES = 150


def tab_to(p, selector: str) -> int:
    """Press Tab (or Shift+Tab, whichever way the element is) until the element of ``selector`` has the focus,
    each focused element outlined on the way: the number of presses."""
    if p.evaluate("sel => document.activeElement.matches(sel)", selector):
        return 0
    key = "Tab" if p.evaluate(AFTER_FOCUS_JS, selector) else "Shift+Tab"
    start = p.evaluate(FOCUSED_JS)
    for presses in range(1, MOST_PRESSES + 1):
        p.keyboard.press(key)
        focused = p.evaluate(FOCUSED_JS)
        assert focused is not None, f"{key} from {start} left the focus nowhere on the way to {selector}"
        assert focused[1], f"no visible focus on {focused[0]}"
        if p.evaluate("sel => document.activeElement.matches(sel)", selector):
            return presses
    raise AssertionError(f"{selector} not reached in {MOST_PRESSES} presses of {key}")


def start_solo_by_keyboard(p, seed: int) -> None:
    """The New game tab (the side tabs' arrows), one seat (Ada, human), the seed, Start: keys only."""
    tab_to(p, ".cl-side-tabs .lm-TabBar-tab.lm-mod-current")
    for _ in range(len(SIDE_TABS)):
        if p.evaluate("() => document.activeElement.textContent.trim()") == "New game":
            break
        p.keyboard.press("ArrowRight")
    p.keyboard.press("Enter")
    expect(p.locator(".cl-side-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text("New game")
    tab_to(p, ".cl-players button:first-child")          # 1 (solo)
    p.keyboard.press("Space")
    expect(p.locator(".cl-players button.mod-active")).to_have_text("1 (solo)", timeout=TIMEOUT)
    tab_to(p, ".cl-seed input")
    p.keyboard.press("Control+A")
    p.keyboard.type(str(seed))
    tab_to(p, "button.cl-start")
    p.keyboard.press("Enter")
    expect(p.locator(".cl-recent")).to_contain_text(f"seed {seed}", timeout=TIMEOUT)
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (you) to decide", timeout=TIMEOUT)


@pytest.mark.parametrize("until", [pytest.param("Round 2 of 20", id="setup-and-round-1"),
                                   pytest.param("Game over", id="whole", marks=pytest.mark.slow)])   # CI runs it
def test_a_solo_game_with_the_keyboard_alone(app_page, timings, until):
    """Every decision of a solo game (level 1) up to ``until`` (make test: the setup and round 1; the
    whole game: ``slow``) reached with Tab or Shift+Tab and taken with Enter or Space, the focus
    always outlined; after each, the focus is on the next decision's controls (never lost to the page's start),
    so the next choice is a few presses away."""
    p = app_page.page
    start_solo_by_keyboard(p, seed=11)
    start, presses, decisions = time.monotonic(), 0, 0
    last: tuple[str, str] | None = None
    for _ in range(MOST_DECISIONS):
        if until in p.locator(TURN).inner_text():
            break
        kind = p.locator(TURN).get_attribute("data-kind")
        picked = p.evaluate(PICK_JS, last is not None and last[0] == kind and last[1] != "button.cl-act-done")
        assert picked is not None, f"nothing to choose: {p.locator(TURN).inner_text()!r}"
        presses += tab_to(p, "[data-pick]")
        before = actions(p)
        p.keyboard.press("Enter" if decisions % 2 else "Space")
        decisions += 1
        if picked[0] != "button.cl-cell.mod-info":          # choosing who moves applies nothing yet
            last = (kind, picked[0])
            p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions !== n",
                                arg=[TURN, before], timeout=TIMEOUT)
        ready(p)
        assert not p.locator(".cl-status .cl-error").count(), p.locator(".cl-status").inner_text()
        if "Game over" not in p.locator(TURN).inner_text():
            p.wait_for_function("() => document.activeElement && document.activeElement.closest('.cl-play-tab')",
                                timeout=TIMEOUT)
    else:
        raise AssertionError(f"no {until!r} after {MOST_DECISIONS} decisions")
    timings[f"a solo game by keyboard up to {until!r}: {decisions} decisions, {presses} Tab presses"] = \
        time.monotonic() - start
    if until == "Game over":
        expect(p.locator(".cl-final")).to_contain_text(re.compile(r"wins? with \d+ VP"))


@pytest.mark.slow      # a Portuguese page: test_whole_game_pt_br_browser; CI runs it
def test_the_page_says_its_language(watched_page, voila_server, timings):
    """Issue 45: a screen reader reads the app in its language's voice: ``<html lang>`` follows ``?lang=``."""
    watched = open_app(watched_page(), voila_server, timings, "the app in Portuguese (audit)", "?lang=pt_BR")
    try:
        expect(watched.page.locator("html")).to_have_attribute("lang", "pt-BR", timeout=TIMEOUT)
        no_problems(watched)
    finally:
        watched.page.close()

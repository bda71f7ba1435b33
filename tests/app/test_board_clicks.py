"""The board as controls, in headless Chromium: a whole 2-player game against the easy bot where
every decision the board can take is taken by a click on it (a city or a site on the map, a row of
the timeline, a track or tab space), the rest with the controls. The hover of a ringed thing says
what a click does; the console stays clean.

The tests of this module share one page (``page`` is module-scoped) and run in order.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_browser import (
    EASY,
    READY,
    SCREENSHOT,
    TIMEOUT,
    TURN,
    actions,
    board_tab,
    kind,
    play_one_decision,
    ready,
    shoot,
    start_game,
)

pytestmark = pytest.mark.browser

FIGURES = {"map": ("Map", None), "timeline": ("Tracks & Timeline", "Timeline"),
           "tracks": ("Tracks & Timeline", "Tracks & project tabs")}

#: The drawn points of a figure's ``targets`` trace: [key, x, y] in the page.
TARGET_POINTS_JS = """(kind) => {
  const gd = document.querySelector(`.cl-figure-${kind} .js-plotly-plot`), out = [];
  if (!gd || gd.offsetParent === null) return out;
  gd.querySelectorAll('.scatterlayer .trace').forEach(g => {
    const t = g.__data__ && g.__data__[0] && g.__data__[0].trace;
    if (!t || t.name !== 'targets') return;
    g.querySelectorAll('path.point').forEach((p, i) => {
      const r = p.getBoundingClientRect();
      out.push([String(t.customdata[i]), r.x + r.width / 2, r.y + r.height / 2]);
    });
  });
  return out;
}"""

CLICKS: dict[str, int] = {kind: 0 for kind in FIGURES}
#: The timeline rows Ada chooses, in turn (R&D first: its study points are spent on the tracks).
ROWS = ("RD", "CO", "MG", "HR")


def board_kinds(p) -> list[str]:
    """The kinds of figure the turn card's hint says have something to click now."""
    hint = p.locator(f"{TURN} .cl-board-hint")
    if not hint.count():
        return []
    text = hint.inner_text()
    return [k for k, word in (("map", "(Map)"), ("timeline", "Timeline)"), ("tracks", "Tracks)")) if word in text]


def click_on_board(p, figure: str, prefer: tuple[str, ...] = ()) -> None:
    """Show the figure, hover a ringed thing (the first of ``prefer`` there is, else the first one),
    and click it."""
    tab, variant = FIGURES[figure]
    board_tab(p, tab, variant)
    p.wait_for_function(f"() => ({TARGET_POINTS_JS})('{figure}').length > 0", timeout=TIMEOUT)
    points = p.evaluate(TARGET_POINTS_JS, figure)
    key, x, y = next((pt for want in prefer for pt in points if pt[0] == want), points[0])
    p.mouse.move(x, y)
    expect(p.locator(f".cl-figure-{figure} .hoverlayer .hovertext").first).to_be_visible(timeout=TIMEOUT)
    before = actions(p)
    p.mouse.click(x, y)
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before],
                        timeout=TIMEOUT)
    ready(p)
    CLICKS[figure] += 1
    assert not p.locator(".cl-status .cl-error").count(), (key, p.locator(".cl-status").inner_text())


def test_the_ringed_cities_say_what_a_click_does(page):
    p = page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=21)
    expect(p.locator(TURN)).to_have_attribute("data-kind", "house", timeout=TIMEOUT)
    expect(p.locator(f"{TURN} .cl-board-hint")).to_contain_text("site or city (Map)")
    board_tab(p, "Map")
    p.wait_for_function(f"() => ({TARGET_POINTS_JS})('map').length > 0", timeout=TIMEOUT)
    _, x, y = p.evaluate(TARGET_POINTS_JS, "map")[0]
    p.mouse.move(x, y)
    expect(p.locator(".cl-figure-map .hoverlayer")).to_contain_text("Click: ", timeout=TIMEOUT)
    expect(p.locator(".cl-figure-map .hoverlayer")).to_contain_text("place your starting Housing project here")
    shoot(p, SCREENSHOT.with_name("app-board-clicks.png"), hover=(x, y))


def test_a_whole_game_played_on_the_board_where_it_can(page):
    p = page.page
    moved: dict = {}
    for _ in range(3000):
        if kind(p) == "over":
            break
        p.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
        kinds = board_kinds(p)
        if kinds and p.locator(TURN).get_attribute("data-yours") == "1":
            rows = ROWS[CLICKS["timeline"] % len(ROWS):] + ROWS   # a new row each time: every figure is used
            click_on_board(p, kinds[0], rows if kinds[0] == "timeline" else ())
        else:
            board_tab(p, "Map")
            play_one_decision(p, moved)
    expect(p.locator(TURN)).to_contain_text("Game over", timeout=TIMEOUT)
    assert CLICKS["map"] >= 2 and CLICKS["timeline"] >= 5 and CLICKS["tracks"] >= 1, CLICKS


def test_no_error_on_the_board_clicks_page(page):
    text = page.page.locator("body").inner_text()
    assert "Traceback" not in text and "Unexpected error" not in text
    assert not page.page_errors, page.page_errors
    assert not page.console_errors, page.console_errors
    assert not page.outside_requests, page.outside_requests

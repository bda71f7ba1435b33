"""The board as controls, in headless Chromium: a whole 2-player game against the easy bot where
every decision the board can take is taken by a click on it (a city or a site on the map, a row of
the timeline, a track or tab space, a space of the donation chart, an employee moved by two clicks
on the company and a workstation to stand an employee up on), the rest with the controls. The hover
of a ringed thing says what a click does; the console stays clean.

Each test has its own page and game (``app_page``, checked for problems when the test ends).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from positions import ada_activates

from carnegie_lab.app.page import OWNER_ITEM
from carnegie_lab.session import HUMAN
from carnegie_lab.store import GameStore

from .conftest import open_app
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
           "tracks": ("Tracks & Timeline", "Tracks & project tabs"),
           "donations": ("Tracks & Timeline", "Donation chart"), "company": ("Companies", None)}
#: The words of the turn card's hint that name each figure.
HINTS = {"map": "on the Map tab", "timeline": "of the Timeline,", "tracks": "of the Tracks & project tabs,",
         "donations": "of the Donation chart,", "company": "on the Companies tab"}

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

CLICKS: dict[str, int] = {kind: 0 for kind in (*FIGURES, "moves", "activations", "company one-click")}
#: Enough of these (on the company: moves of two clicks, activations of one): the rest with the
#: controls, so that money is left for other things and the game stays short.
ENOUGH = {"donations": 2, "moves": 2, "activations": 2}


#: The decisions where the company's targets are employees to move (two clicks).
MOVE_KINDS = ("setup", "turn", "relocate")
#: Ada's moves: from the lobby (b1) into a department next to it (Construction, c1; Commerce & Finance,
#: b2), where the employee lies until an activation stands it up on a workstation.
MOVE_FROM, MOVE_TO = ("b1",), ("c1", "b2")


def wanted(p, figure: str) -> bool:
    """Whether to click this figure now, or leave the decision to the controls (enough of it)."""
    if figure == "company":
        figure = "activations" if kind(p) == "activate" else "moves"
    return CLICKS[figure] < ENOUGH.get(figure, 10 ** 6)
#: The timeline rows Ada chooses, in turn (R&D first: its study points are spent on the tracks).
ROWS = ("RD", "CO", "MG", "HR")


def board_kinds(p) -> list[str]:
    """The kinds of figure the turn card's hint says have something to click now."""
    hint = p.locator(f"{TURN} .cl-board-hint")
    if not hint.count():
        return []
    text = hint.inner_text()
    return [k for k, word in HINTS.items() if word in text]


def target_points(p, figure: str) -> list:
    return p.evaluate(TARGET_POINTS_JS, figure)


def click_on_board(p, figure: str, prefer: tuple[str, ...] = ()) -> None:
    """Show the figure, hover a ringed thing (the first of ``prefer`` there is, else the first one),
    and click it. On the company, a click that plays nothing has chosen an employee to move: then the
    cells it can go to are ringed, and a click on one of them moves it."""
    tab, variant = FIGURES[figure]
    board_tab(p, tab, variant)
    p.wait_for_function(f"() => ({TARGET_POINTS_JS})('{figure}').length > 0", timeout=TIMEOUT)
    points = target_points(p, figure)
    key, x, y = next((pt for want in prefer for pt in points if pt[0] == want), points[0])
    p.mouse.move(x, y)
    expect(p.locator(f".cl-figure-{figure} .hoverlayer .hovertext").first).to_be_visible(timeout=TIMEOUT)
    move = figure == "company" and kind(p) in MOVE_KINDS
    stands = figure == "company" and kind(p) == "activate"
    if figure == "company":                  # what the hover says a click does (not an older hover's text)
        says = "then a ringed cell" if move else "stand a lying employee up" if stands else ""
        expect(p.locator(".cl-figure-company .hoverlayer")).to_contain_text(says, timeout=TIMEOUT)
    before = actions(p)
    p.mouse.click(x, y)
    if move:
        keys = sorted(pt[0] for pt in points)
        p.wait_for_function(f"([keys, source]) => {{ const now = ({TARGET_POINTS_JS})('company').map(t => t[0]);"
                            " return now.includes(source) && now.sort().join() !== keys.join(); }",
                            arg=[keys, key], timeout=TIMEOUT)
        assert actions(p) == before                                # the first click only chose
        ready(p)                                                   # and the click guard gives the board back
        now = [pt for pt in target_points(p, figure) if pt[0] != key]
        _, x, y = next((pt for want in MOVE_TO for pt in now if pt[0] == want), now[0])
        p.mouse.move(x, y)
        expect(p.locator(".cl-figure-company .hoverlayer")).to_contain_text("move an employee from",
                                                                           timeout=TIMEOUT)
        p.mouse.click(x, y)
        CLICKS["moves"] += 1
    elif figure == "company":
        CLICKS["activations" if stands else "company one-click"] += 1
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before],
                        timeout=TIMEOUT)
    ready(p)
    CLICKS[figure] += 1
    assert not p.locator(".cl-status .cl-error").count(), (key, p.locator(".cl-status").inner_text())


@pytest.mark.slow      # the targets without a browser: test_board_targets; CI runs it
def test_the_ringed_cities_say_what_a_click_does(app_page):
    p = app_page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=21)
    expect(p.locator(TURN)).to_have_attribute("data-kind", "house", timeout=TIMEOUT)
    expect(p.locator(f"{TURN} .cl-board-hint")).to_contain_text("site or city on the Map tab")
    board_tab(p, "Map")
    p.wait_for_function(f"() => ({TARGET_POINTS_JS})('map').length > 0", timeout=TIMEOUT)
    _, x, y = p.evaluate(TARGET_POINTS_JS, "map")[0]
    p.mouse.move(x, y)
    expect(p.locator(".cl-figure-map .hoverlayer")).to_contain_text("Click: ", timeout=TIMEOUT)
    expect(p.locator(".cl-figure-map .hoverlayer")).to_contain_text("place your starting Housing project here")
    shoot(p, SCREENSHOT.with_name("app-board-clicks.png"), hover=(x, y))


@pytest.mark.slow      # board clicks: test_browser_board_and_lists'. CI runs it
def test_a_whole_game_played_on_the_board_where_it_can(app_page):
    p = app_page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=21)
    moved: dict = {}
    for _ in range(3000):
        if kind(p) == "over":
            break
        p.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
        kinds = [k for k in board_kinds(p) if wanted(p, k)]
        if kinds and p.locator(TURN).get_attribute("data-yours") == "1":
            rows = ROWS[CLICKS["timeline"] % len(ROWS):] + ROWS   # a new row each time: every figure is used
            click_on_board(p, kinds[0], rows if kinds[0] == "timeline" else MOVE_FROM if kinds[0] == "company" else ())
        else:
            board_tab(p, "Map")
            play_one_decision(p, moved)
    expect(p.locator(TURN)).to_contain_text("Game over", timeout=TIMEOUT)
    assert CLICKS["map"] >= 2 and CLICKS["timeline"] >= 5 and CLICKS["tracks"] >= 1, CLICKS
    assert CLICKS["donations"] >= 1 and CLICKS["moves"] >= 1 and CLICKS["activations"] >= 1, str(CLICKS)


@pytest.mark.slow      # one action a burst of clicks: test_browser's; CI runs it
def test_a_double_click_on_the_board_plays_one_action(app_page, voila_server, timings):
    """Ada activates, in a hot-seat game of this browser's: two workstations are ringed, and once the first is
    stood up the second is ringed where the first was (the targets' first point). A double-click there stands
    up one."""
    game = ada_activates()
    seats = [{"name": "Ada", "kind": HUMAN}, {"name": "Bo", "kind": HUMAN}]
    p = app_page.page
    owner = p.wait_for_function(f"() => localStorage.getItem('{OWNER_ITEM}')", timeout=TIMEOUT).json_value()
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game, app={"seats": seats}, owner=owner)
    open_app(app_page, voila_server, timings, "a hot-seat game at an activation", f"?game={gid}",
             f"{TURN}[data-game='{gid}'][data-yours='1']")
    board_tab(p, "Companies")
    p.wait_for_function(f"() => ({TARGET_POINTS_JS})('company').length === 2", timeout=TIMEOUT)
    first, x, y = target_points(p, "company")[0]
    p.mouse.move(x, y)
    expect(p.locator(".cl-figure-company .hoverlayer")).to_contain_text("stand a lying employee up", timeout=TIMEOUT)
    p.mouse.dblclick(x, y)
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions === n", arg=[TURN, 12],
                        timeout=TIMEOUT)
    ready(p)                              # every click the page sent has been handled
    assert actions(p) == 12 and [t[0] for t in target_points(p, "company")] != [first]
    # a click on a drawing made for the moment before (its layout.meta put back by hand) plays nothing
    p.evaluate("() => { document.querySelector('.cl-figure-company .js-plotly-plot').layout.meta.actions = 11; }")
    _, x, y = target_points(p, "company")[0]
    p.mouse.click(x, y)
    ready(p)
    with GameStore(voila_server.store_path) as store:
        assert len(store.record(gid)["actions"]) == 12 and actions(p) == 12

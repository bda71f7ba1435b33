"""Whole games in headless Chromium, on a phone (390x844, touch) and on a desktop (1400x1000): a solo game
against Andrew (level 1, seeded, bots playing at once) played to the end by clicking the page: the first
control offered, then Done. On the phone nothing is wider than
the screen and every control clicked is on it and a touch target; on the desktop the tab's title follows
the turn, the Play tab's keys play, and the replay's arrows work whatever has focus. No console problems.
The last pictures go to the gallery (app-phone.png, app-desktop-final.png). The two whole games are ``slow``
(make test plays this game's setup and round 1 by keyboard: tests/app/test_accessibility_browser.py).

Each test opens its own page (its own kernel and game; the replay's, a finished game put in the server's store):
none depends on what another one left.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import finished_game_page, no_problems, open_app
from .test_browser import GALLERY, TIMEOUT, TURN, actions, ready, shoot, side_tab, start_game

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}
#: Enough clicks for a whole solo game.
MOST_DECISIONS = 600
#: Touch targets: the height of every button clicked on the phone (CSS pixels).
TOUCH_PX = 44

#: Marks the control a quick player takes with data-pick: the first playable option (a picker's submit,
#: an employee to move then a cell for them), or Done (first when ``done``), and says where it is:
#: [what, left, right, height], or null if nothing can be clicked.
PICK_JS = """done => {
  document.querySelectorAll("[data-pick]").forEach(e => e.removeAttribute("data-pick"));
  const c = document.querySelector(".cl-controls");
  if (!c || c.classList.contains("cl-applying")) return null;
  const shown = sel => Array.from(c.querySelectorAll(sel)).find(b => !b.disabled && b.offsetParent !== null);
  const options = ["button.cl-option:not(.cl-act-done)", "button.cl-submit", "button.cl-cell.mod-success",
                   "button.cl-cell.mod-info"];
  for (const sel of done ? ["button.cl-act-done", ...options] : [...options, "button.cl-act-done"]) {
    const b = shown(sel);
    if (b) {
      b.setAttribute("data-pick", "1");
      b.scrollIntoView({block: "center"});
      const r = b.getBoundingClientRect();
      return [sel, r.left, r.right, r.height];
    }
  }
  return null;
}"""

#: Where a city of the map is on the page (the figure drawn smaller than its layout: scaled by the ratio) and its
#: name's first word.
CITY_JS = """city => {
  const gd = document.querySelector('.cl-figure-map .js-plotly-plot'), L = gd._fullLayout;
  const t = gd.data.find(t => t.name === 'cities'), i = t.customdata.indexOf(city);
  const scale = gd.getBoundingClientRect().width / L.width;
  const area = gd.querySelector('.nsewdrag').getBoundingClientRect();
  return [area.left + L.xaxis.l2p(t.x[i]) * scale, area.top + L.yaxis.l2p(t.y[i]) * scale,
          city[0].toUpperCase() + city.slice(1)];
}"""

#: What sticks out of the page sideways: the page's width and the viewport's.
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


@pytest.fixture
def phone(chromium, watched_page, voila_server, timings):
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        yield open_app(watched_page(context), voila_server, timings, "phone")
    finally:
        context.close()


@pytest.fixture
def desktop(browser, watched_page, voila_server, timings):
    watched = watched_page()
    watched.page.set_viewport_size(DESKTOP)
    try:
        yield open_app(watched, voila_server, timings, "desktop")
    finally:
        watched.page.close()


@pytest.fixture
def finished_on_desktop(browser, watched_page, voila_server, timings):
    """The desktop page of a finished solo game (Ada against Andrew, level 1, played at random from a seed),
    put in the server's store."""
    watched = watched_page()
    watched.page.set_viewport_size(DESKTOP)
    with finished_game_page(watched, voila_server, timings, "desktop, a finished game") as opened:
        yield opened


def title_is(p, text: str) -> None:
    p.wait_for_function("t => document.title === t", arg=text, timeout=TIMEOUT)


def play_to_the_end(p, on_phone: bool, over: str = "Game over") -> int:
    """Click to the end of the game, one option and then Done at each decision that offers Done (every
    kind of control is clicked, and the game moves on): the number of clicks. ``over``: the turn card's
    words once the game is over, in the page's language."""
    last: tuple[str, str] | None = None          # the kind of decision and what was clicked last
    for clicks in range(MOST_DECISIONS):
        if over in p.locator(TURN).inner_text():
            return clicks
        kind = p.locator(TURN).get_attribute("data-kind")
        picked = p.evaluate(PICK_JS, last is not None and last[0] == kind and last[1] != "button.cl-act-done")
        assert picked is not None, f"nothing to click: {p.locator(TURN).inner_text()!r}"
        what, left, right, height = picked
        if on_phone:
            assert 0 <= left and right <= PHONE["width"], (what, left, right)   # on the screen, not beside it
            assert height >= TOUCH_PX - 0.5, (what, height)
        before = actions(p)
        p.locator("[data-pick]").click()
        if what != "button.cl-cell.mod-info":          # choosing who moves applies nothing yet
            last = (kind, what)
            p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions !== n",
                                arg=[TURN, before], timeout=TIMEOUT)
        ready(p)
        assert not p.locator(".cl-status .cl-error").count(), p.locator(".cl-status").inner_text()
    raise AssertionError(f"no game over after {MOST_DECISIONS} clicks: {p.locator(TURN).inner_text()!r}")


def whole_solo_game(p, seed: int, on_phone: bool, timings, name: str) -> None:
    start_game(p, "1 (solo)", [("Ada", "Human")], seed=seed, level="1")
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (you) to decide", timeout=TIMEOUT)
    expect(p.locator("button.cl-play")).to_be_hidden()     # Andrew plays by himself: no bot seat (issues 45, 60)
    start = time.monotonic()
    clicks = play_to_the_end(p, on_phone)
    timings[f"{name}: a whole solo game, {clicks} clicks"] = time.monotonic() - start
    expect(p.locator(".cl-final")).to_contain_text(re.compile(r"wins? with \d+ VP"))
    title_is(p, "Game over — Carnegie")


# --------------------------------------------------------------------------- the phone


@pytest.mark.slow      # 390 px: test_text_fit_browser; CI runs it
def test_on_a_phone_the_play_panel_is_on_the_screen(phone):
    p = phone.page
    width, inner = p.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)                       # the page never scrolls sideways
    for sel in (".cl-side-tabs", ".cl-controls", "button.cl-hint", "button.cl-undo", ".cl-turn"):
        box = p.locator(sel).first.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= inner, (sel, box)
    board, side = p.locator(".cl-board").bounding_box(), p.locator(".cl-side-tabs").bounding_box()
    assert board["y"] >= side["y"] + side["height"] - 1        # stacked: the decision first, the board under it
    main = p.locator(".cl-main").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert main[0] <= main[1], main
    # the whole map fits the screen's width, and the pointer over a city shows that city's hover
    svg = p.locator(".cl-figure-map .main-svg").first.bounding_box()
    assert 0 <= svg["x"] and svg["x"] + svg["width"] <= inner + 0.5, svg
    p.locator(".cl-figure-map .js-plotly-plot").scroll_into_view_if_needed()
    x, y, name = p.evaluate(CITY_JS, "chicago")
    p.mouse.move(x, y)
    expect(p.locator(".cl-figure-map .hoverlayer")).to_contain_text(name, timeout=TIMEOUT)
    # touch words, not the mouse's
    subtitle = p.locator(".cl-subtitle")
    expect(subtitle).to_contain_text("tap the board for details", use_inner_text=True)
    expect(subtitle).not_to_contain_text("hover", use_inner_text=True)
    small = p.evaluate("""min => Array.from(document.querySelectorAll('.cl-play-tab button'))
        .filter(b => b.offsetParent !== null && b.getBoundingClientRect().height < min)
        .map(b => b.textContent.trim() || b.className)""", TOUCH_PX - 0.5)
    assert small == []
    no_problems(phone)


#: Records whether the page cancelled the touch events that reach the window (after every handler of the page, plotly's
#: on the map's drag layers and on the document included): a cancelled touchstart or touchmove is no pinch.
WATCH_TOUCHES_JS = """() => { window.clTouches = [];
  for (const type of ['touchstart', 'touchmove', 'touchend'])
    window.addEventListener(type, e => window.clTouches.push([type, e.touches.length, e.defaultPrevented]));
}"""

#: What forbids a browser's pinch zoom at a point: the viewport's settings (user-scalable=no, a maximum-scale
#: under 2) and the touch-action of the elements under the point (none, or pans without pinch-zoom).
NO_PINCH_JS = """([x, y]) => {
  const meta = (document.querySelector('meta[name=viewport]') || {}).content || '';
  const settings = Object.fromEntries(meta.split(',').map(s => s.trim().toLowerCase().split('=')));
  const out = [];
  if (['no', '0'].includes(settings['user-scalable'])) out.push('user-scalable=' + settings['user-scalable']);
  if (settings['maximum-scale'] !== undefined && +settings['maximum-scale'] < 2)
    out.push('maximum-scale=' + settings['maximum-scale']);
  for (let e = document.elementFromPoint(x, y); e; e = e.parentElement) {
    const action = getComputedStyle(e).touchAction;
    if (action !== 'auto' && action !== 'manipulation' && !action.includes('pinch-zoom'))
      out.push(e.tagName + ' touch-action: ' + action);
  }
  return out;
}"""


@pytest.mark.slow      # 390 px: test_text_fit_browser; CI runs it
def test_on_a_phone_a_pinch_on_the_map_is_left_to_the_browser(phone):
    """The map is zoomed out to fit the screen: a player pinches it to read it closer. Headless Chromium draws no
    pinch zoom, so the test checks what would stop one: the page's viewport forbids no zoom, no element under the
    map's middle forbids it (touch-action), and no handler of the page cancels a two-finger touch there."""
    p = phone.page
    figure = p.locator(".cl-figure-map .js-plotly-plot")
    figure.scroll_into_view_if_needed()
    box = figure.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert p.evaluate(NO_PINCH_JS, [x, y]) == []
    assert p.locator(".cl-rerun-note").count() == 0          # Voilà (a preheated kernel): no note to rerun a cell
    p.evaluate(WATCH_TOUCHES_JS)
    cdp = p.context.new_cdp_session(p)          # two fingers on the map's middle, moving apart
    for spread in (20, 40, 60):
        kind = "touchStart" if spread == 20 else "touchMove"
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x - spread, "y": y, "id": 0}, {"x": x + spread, "y": y, "id": 1}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touches = p.evaluate("() => window.clTouches")
    assert [t[0] for t in touches if t[1] == 2][:2] == ["touchstart", "touchmove"], touches
    assert [t for t in touches if t[2]] == [], touches               # none cancelled
    no_problems(phone)


@pytest.mark.slow      # the phone's layout at 390 px: test_text_fit_browser; CI runs it
def test_a_whole_solo_game_on_a_phone(phone, timings):
    p = phone.page
    whole_solo_game(p, seed=7, on_phone=True, timings=timings, name="phone")
    width, inner = p.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)
    shoot(p, GALLERY / "app-phone.png")
    no_problems(phone)


# --------------------------------------------------------------------------- the desktop


@pytest.mark.slow      # the title: tests/app/test_keys_and_title.py (make test). CI runs it
def test_the_title_follows_the_turn(desktop):
    p = desktop.page
    title_is(p, "Your turn — Carnegie")                         # Ada against Bo, the easy bot
    auto = p.locator(".cl-auto input").first
    auto.uncheck()
    ready(p)
    before = actions(p)
    while p.locator(TURN).get_attribute("data-yours") == "1":    # Ada's setup, up to Bo's decision
        n = actions(p)
        p.locator(".cl-controls button.cl-option").first.click()
        p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions !== n",
                            arg=[TURN, n], timeout=TIMEOUT)
        ready(p)
    expect(p.locator(TURN)).to_contain_text("Bo (easy bot) to decide")
    title_is(p, "Bo to decide — Carnegie")
    auto.check()                                                 # the bots play: Ada's turn again
    title_is(p, "Your turn — Carnegie")
    ready(p)
    assert actions(p) > before + 1
    no_problems(desktop)


def test_the_play_keys(desktop):
    p = desktop.page
    expect(p.locator(".cl-keys-line")).to_have_text("Keys: D or Enter Done · U Undo · H Hint")
    before = actions(p)                                          # Ada's first decision, played
    p.locator(".cl-controls button.cl-option").first.click()
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before],
                        timeout=TIMEOUT)
    ready(p)
    n = actions(p)
    p.keyboard.press("u")                                        # Undo: back to Ada's first decision
    expect(p.locator(TURN)).not_to_have_attribute("data-actions", str(n), timeout=TIMEOUT)
    assert actions(p) < n
    ready(p)
    p.locator(".cl-controls button.cl-option").first.click()    # her Housing project again, then reserves
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions >= n", arg=[TURN, n],
                        timeout=TIMEOUT)
    ready(p)
    p.keyboard.press("h")
    expect(p.locator(".cl-hint-row").first).to_be_visible(timeout=60_000)
    ready(p)
    while not p.locator(".cl-controls button.cl-act-done").count():
        before = actions(p)
        p.locator(".cl-controls button.cl-option").first.click()
        p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions !== n",
                            arg=[TURN, before], timeout=TIMEOUT)
        ready(p)
    p.locator(".cl-auto input").first.focus()    # focus on a checkbox: the keys still work
    before = actions(p)
    p.keyboard.press("Enter")
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before],
                        timeout=TIMEOUT)
    ready(p)
    no_problems(desktop)


@pytest.mark.slow      # this game (seed 11) by keyboard: test_accessibility_browser's. CI runs it
def test_a_whole_solo_game_on_a_desktop(desktop, timings):
    p = desktop.page
    whole_solo_game(p, seed=11, on_phone=False, timings=timings, name="desktop")
    shoot(p, GALLERY / "app-desktop-final.png")
    no_problems(desktop)


def test_the_replay_keys_work_whatever_has_focus(finished_on_desktop):
    p = finished_on_desktop.page
    side_tab(p, "Replay")
    where = p.locator(".cl-replay-where")
    expect(where).to_contain_text("Step", timeout=TIMEOUT)
    last = int(where.get_attribute("data-step"))
    assert last > 40                                            # the whole game
    budget = p.locator(".cl-review-budget select").first              # a dropdown with focus
    budget.focus()
    p.keyboard.press("ArrowLeft")
    expect(where).to_have_attribute("data-step", str(last - 1), timeout=TIMEOUT)
    p.keyboard.press("Home")
    expect(where).to_have_attribute("data-step", "0", timeout=TIMEOUT)
    p.locator(".cl-replay-step-forward").click()                # a button with focus
    expect(where).to_have_attribute("data-step", "1", timeout=TIMEOUT)
    p.keyboard.press("End")
    expect(where).to_have_attribute("data-step", str(last), timeout=TIMEOUT)
    side_tab(p, "Play")
    no_problems(finished_on_desktop)

"""Every text of the app fits its box or wraps (issue 60): a solo game and a 2-player game in round 6, in English
and Brazilian Portuguese, 1400, 1280 and 390 px wide and in an output area 390 px wide in a wide page (a notebook
beside JupyterLab's panels), every board tab and view and every side tab; no text is cut by a box that hides its
overflow (ellipsis included) or a dropdown narrower than its choice, none overlaps another, and no text of a figure
leaves the figure or the tile, space or box it is written in, covers another text or a count the bars it counts
(fit_check.js says how each is found).

One page per game and language, walked at each width in turn (a page costs a kernel that runs the notebook). In
``make test``: the solo game at 390 px in Portuguese, the longest words in the narrowest page; the others are slow.
"""
from __future__ import annotations

import random
from pathlib import Path

import plotly
import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import Review, review
from carnegie_lab.app.board import TABS
from carnegie_lab.app.page import OWNER_ITEM
from carnegie_lab.app.review_panel import CHART_WIDTH
from carnegie_lab.bots import make_bot
from carnegie_lab.session import BOT_KINDS, HUMAN
from carnegie_lab.store import GameStore
from carnegie_lab.ui.figures import scaled
from carnegie_lab.views import review_figure

from .conftest import READY, no_problems, open_app
from .test_browser import TIMEOUT, resize

pytestmark = pytest.mark.browser

FIT_JS = Path(__file__).with_name("fit_check.js").read_text()
#: The games: each seat's name, Andrew's level for a solo game, the seed, and how many actions the easy bot plays
#: (None: up to the first seat's first decision of round 6).
GAMES = {"solo": (["Ada"], 2, 5, None), "two players": (["Ada", "Bo"], None, 5, None),
         "strategic planning": (["Ada"], 2, 1, 50)}           # Ada may build a tile with Strategic Planning
#: The widths: a page's (its viewport), or a 390 px output area in a page 1400 px wide ("output area").
WIDTHS = (1400, 1280, 390, "output area")
HEIGHT = 900
FAST = ("solo", "pt_BR", 390)
#: The owner key of the module's browser: the games it stores are that browser's.
OWNER = "text-fit-owner-key-000"

#: What the board shows, as a signature that changes when a tab or view is shown: the shown figures' titles and
#: the shown tables' and log's words.
BOARD_JS = """() => Array.from(document.querySelectorAll('.cl-board .js-plotly-plot, .cl-score-table, .cl-log'))
  .filter(e => e.getClientRects().length > 0)
  .map(e => e.classList.contains('js-plotly-plot') ? (e.querySelector('.gtitle') || {}).textContent : e.innerText)
  .join('|')"""
#: Two frames drawn (the widgets fit their children in the first frame after a change).
FRAMES_JS = "async () => { for (let i = 0; i < 2; i++) await new Promise(r => requestAnimationFrame(r)); }"


def stored_game(names: list[str], level: int | None, seed: int, actions: int | None, store_path) -> str:
    """A game of ``names`` (Andrew at ``level``) played by the easy bot for ``actions`` actions (None: up to the first
    seat's first decision of round 6), put in the server's store: its id."""
    game = cl.new_game(names, seed=seed, **({"solo_level": level} if level else {}))
    bot = make_bot(BOT_KINDS[0], seed)
    while (len(game.actions) < actions) if actions else not (game.round >= 6 and game.current_player == 0):
        game.apply(bot.choose(game))
    seats = [{"name": names[0], "kind": HUMAN}] + [{"name": n, "kind": BOT_KINDS[0]} for n in names[1:]]
    with GameStore(store_path) as store:
        return store.save(game, app={"seats": seats}, owner=OWNER)


@pytest.fixture(scope="module")
def pages(new_context, watched_page, voila_server, timings):
    """``pages(game, lang)``: the module's page of that game in that language, opened the first time it is asked
    for in a browser of the module's own whose owner key is :data:`OWNER` (the games are its own: it plays Ada's
    decision, its controls shown); each is checked for problems (``no_problems``) and closed when the module ends."""
    opened: dict = {}
    browser = new_context()
    browser.add_init_script(f"localStorage.setItem('{OWNER_ITEM}', '{OWNER}')")

    def page(game: str, lang: str):
        if (game, lang) not in opened:
            gid = stored_game(*GAMES[game], voila_server.store_path)
            opened[game, lang] = open_app(watched_page(browser), voila_server, timings, "a text-fit page",
                                          f"?game={gid}&lang={lang}")
        return opened[game, lang]

    yield page
    try:
        for watched in opened.values():
            no_problems(watched)
    finally:
        for watched in opened.values():
            watched.page.close()


def set_width(p, width) -> None:
    """The page ``width`` px wide, or a wide page with the dashboard in a box 390 px wide ("output area")."""
    box = width == "output area"
    resize(p, {"width": 1400 if box else width, "height": HEIGHT})
    p.locator(".cl-dashboard").evaluate("(e, w) => { e.style.width = w; }", "390px" if box else "")
    p.evaluate(FRAMES_JS)


def shown(p, click, name: str) -> list[list[str]]:
    """Click (unless ``click`` is None), wait until the page has drawn what it shows then, and check it: the
    problems, each led by ``name``."""
    if click is not None:
        before = p.evaluate(BOARD_JS)
        click()
        p.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
        if name.startswith("board"):
            p.wait_for_function(f"b => ({BOARD_JS})() !== b", arg=before, timeout=TIMEOUT)
    p.evaluate(FRAMES_JS)
    return [[name, *problem] for problem in p.evaluate(FIT_JS, ".cl-dashboard")]


def walk(p) -> list[list[str]]:
    """Every board tab and view, then every side tab: the problems of each."""
    found = shown(p, None, "board, as opened")
    tabs = p.locator(".cl-board-tabs button")
    for i in range(tabs.count()):
        tab = tabs.nth(i)
        name = tab.inner_text()
        if "mod-active" not in (tab.get_attribute("class") or ""):
            found += shown(p, tab.click, f"board: {name}")
        if TABS[i] != "Log":                              # the tab's views, once its selector is drawn
            views = p.locator(f".cl-view-selector-{i} button")
            views.first.wait_for(timeout=TIMEOUT)
            for j in range(views.count()):
                view = views.nth(j)
                if "mod-active" not in (view.get_attribute("class") or ""):
                    found += shown(p, view.click, f"board: {name}: {view.inner_text()}")
    side = p.locator(".cl-side-tabs .lm-TabBar-tab")
    for i in list(range(1, side.count())) + [0]:
        tab = side.nth(i)
        found += shown(p, tab.click, f"side tab: {tab.inner_text()}")
        if i == side.count() - 1:                        # the Replay tab: its replay of the game shown
            p.locator(".cl-replay-where").wait_for(timeout=TIMEOUT)
            found += shown(p, None, f"side tab: {tab.inner_text()}, the replay shown")
    tabs.first.click()                                    # back to the map, the whole map
    p.locator(".cl-view-selector-0 button").first.click()
    p.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
    return found


CASES = [pytest.param(game, lang, width, marks=() if (game, lang, width) == FAST else pytest.mark.slow,
                      id=f"{game}-{lang}-{width}")
         for game in ("solo", "two players") for lang in ("pt_BR", "en") for width in WIDTHS]


@pytest.mark.parametrize("game, lang, width", CASES)
def test_every_text_fits_its_box(pages, game, lang, width):
    p = pages(game, lang).page
    set_width(p, width)
    found = walk(p)
    assert found == [], "\n".join(" | ".join(problem) for problem in found)
    assert p.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.slow
def test_a_strategic_planning_choice_fits(pages):
    """The tiles Strategic Planning may build, in a dropdown (which cannot wrap): it names each tile, and what the
    chosen one does wraps under it (the dropdown cut it)."""
    p = pages("strategic planning", "pt_BR").page
    set_width(p, 390)
    found = p.evaluate(FIT_JS, ".cl-play-tab")
    assert found == [], found
    tile = p.locator(".cl-controls .cl-slot-0 select")
    more = p.locator(".cl-controls .cl-slot-more")
    assert tile.evaluate("e => e.options[e.selectedIndex].text").replace("\xa0", " ") == "Novo Lobby"
    assert more.inner_text().startswith("um segundo lobby"), more.inner_text()


#: A page with one of each fault the check finds, and words that fit: a button whose words end in an ellipsis, a
#: box that hides its overflow, a dropdown narrower than its choice, two lines over each other, a screen reader's
#: hidden label (never a fault), and a figure whose text leaves its tile and covers another.
FAULTS = """<div class='root' style='font: 13px Arial; width: 300px'>
  <button style='width: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap'>Human Resources</button>
  <div style='width: 50px; overflow: hidden; white-space: nowrap'><span>Research &amp; Development</span></div>
  <select style='width: 60px'><option>Strategic Planning, then a tile</option></select>
  <div style='position: relative; height: 20px'><span>3 VP from cities</span>
    <span style='position: absolute; left: 10px; top: 2px'>overlapping</span></div>
  <div style='position: absolute; width: 1px; height: 1px; overflow: hidden'>for screen readers only</div>
  <p>words that fit</p>
  <div id='figure'></div>
</div>"""
TILE = {"data": [{"type": "scatter", "x": [0, 1, 1, 0, 0], "y": [0, 0, 1, 1, 0], "fill": "toself", "mode": "lines"},
                 {"type": "scatter", "mode": "text", "x": [0.5, 0.5], "y": [0.5, 0.45],
                  "text": ["Research & Development", "CENTRO-OESTE"], "textfont": {"size": 14}}],
        "layout": {"width": 300, "height": 200, "margin": {"l": 100, "r": 100, "t": 50, "b": 50},
                   "xaxis": {"range": [0, 1], "visible": False}, "yaxis": {"range": [0, 1], "visible": False}}}
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def static_page(chromium, content: str, figure: dict | None = None):
    """A page of the session's Chromium with ``content`` and plotly.js, ``figure`` drawn in its #figure."""
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    page.set_content(content)
    page.add_script_tag(path=str(PLOTLY_JS))
    if figure:
        page.evaluate("s => Plotly.newPlot('figure', s.data, s.layout, {staticPlot: true})", figure)
    return page


def test_the_check_finds_each_fault(chromium):
    page = static_page(chromium, FAULTS, TILE)
    try:
        found = page.evaluate(FIT_JS, ".root")
    finally:
        page.close()
    words = " ".join(f"{kind}: {text}" for kind, _where, text in found)
    for fault in ("cut: Human Resources", "cut: Research & Development", "cut: Strategic Planning, then a tile",
                  "overlap: 3 VP from cities / overlapping", "figure-cut: Research & Development (its box)",
                  "figure-overlap: Research & Development / CENTRO-OESTE"):
        assert fault in words, (fault, found)
    assert "screen readers" not in words and "words that fit" not in words


def reviewed_game() -> Review:
    """A review of both seats' decisions in the last two rounds of a 2-player game, at 1 playout (a second)."""
    game, rng = cl.new_game(["Ada", "Bo"], seed=5), random.Random(5)
    while game.round < game.rules.constants.rounds - 1:
        game.apply(rng.choice(game.legal_actions()))
    game = cl.Game.from_position(game.to_position())
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return review(game, playouts=1)


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.slow)])   # pt_BR: CI (test-slow)
def test_the_review_chart_fits_the_side_panel(chromium, lang):
    """The Replay tab's review chart at its width there: its axes' titles whole (the y axis's was cut), no text
    over another."""
    spec = scaled(review_figure.spec(reviewed_game(), lang=lang), CHART_WIDTH)
    page = static_page(chromium, "<div class='root'><div id='figure'></div></div>", spec)
    try:
        assert page.evaluate(FIT_JS, ".root") == []
    finally:
        page.close()

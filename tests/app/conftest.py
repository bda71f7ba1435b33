"""The app page for the browser tests: opened from the server's root, the start page, by its link to the app.

The server (``voila_server``), the browser (``browser``) and the watched tabs (``watched_page``) are
the session's, from tests/conftest.py: one Voilà server and one Chromium for the whole run, shared
with the tutorials' browser test.

- ``app_page``: a test's own tab of the app (its own kernel and game), checked for problems when the
  test ends (``no_problems``): nothing a test sees comes from another test; ``own_browser``: the same in a
  browser of its own (its own owner key, so its own list of stored games).
- ``open_app``: the app at an address of its own (e.g. ``?game=ID``), in a given tab.
- ``game_in_round_two``: the page of a stored 2-player game in round 2, Ada's decision, the browser's own
  (``owner_key``: the owner key a browser keeps).
- ``finished_game_page``: a given tab on the final panel of a stored finished solo game.
"""
from __future__ import annotations

import random
import time
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

import carnegie_lab as cl
from carnegie_lab.app.page import OWNER_ITEM
from carnegie_lab.bots import make_bot
from carnegie_lab.session import BOT_KINDS, HUMAN
from carnegie_lab.store import GameStore, new_key

PAGE_TIMEOUT = 120_000      # ms; the HTML arrives only after the notebook has run in a kernel
#: the page's click guard has given the buttons back (app/click_guard.py): the next click counts
READY = ".cl-dashboard:not(.cl-busy):not(.cl-settling)"
TURN = ".cl-turn"


def load_from_root(app, voila_server, timings):
    """The app in the tab ``app``, loaded from the root URL (the start page, then its link to the app) and drawn
    (controls and map)."""
    start = time.monotonic()
    app.page.goto(voila_server.url + "/", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    app.page.locator("#cl-app-link").click()
    app.page.wait_for_url(voila_server.app_url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    timings.setdefault("page request (/, then the app's link) -> HTML",
                       time.monotonic() - start)
    # interactive: the decision's controls can be clicked (the figures come a moment later: the
    # dashboard makes them once the page has drawn its controls)
    app.page.locator(".cl-controls button.cl-option").first.wait_for(timeout=PAGE_TIMEOUT)
    timings.setdefault("page request -> dashboard interactive", time.monotonic() - start)
    app.page.wait_for_selector(".js-plotly-plot .main-svg", timeout=PAGE_TIMEOUT)
    timings.setdefault("page request -> map drawn", time.monotonic() - start)
    return app


def open_app(watched, voila_server, timings, name: str, query: str = "",
             shown: str = ".cl-controls button.cl-option"):
    """The app's page in the tab ``watched`` (``query``: its address's, e.g. ``?game=ID``) once it shows
    ``shown`` (by default a decision's control) and its map, and takes clicks."""
    p = watched.page
    start = time.monotonic()
    p.goto(voila_server.app_url + query, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    p.locator(shown).first.wait_for(timeout=PAGE_TIMEOUT)
    p.wait_for_selector(".js-plotly-plot .main-svg", timeout=PAGE_TIMEOUT)
    timings.setdefault(f"{name}: page request -> map drawn", time.monotonic() - start)
    p.wait_for_selector(READY, state="attached", timeout=PAGE_TIMEOUT)
    return watched


def no_problems(watched) -> None:
    """Nothing went wrong in the tab: no traceback or error in its text, no page error, no console error or
    warning, no request that would have left the machine."""
    text = watched.page.locator("body").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text
    assert "Unexpected error" not in text
    assert not watched.page_errors, watched.page_errors
    assert not watched.console_problems, watched.console_problems
    assert not watched.outside_requests, watched.outside_requests


@pytest.fixture
def app_page(watched_page, voila_server, timings):
    """The app in a new tab of its own, loaded from the root URL; when the test ends, the tab had no problem
    (``no_problems``) and is closed."""
    app = watched_page()
    try:
        yield load_from_root(app, voila_server, timings)
        no_problems(app)
    finally:
        app.page.close()


@pytest.fixture
def own_browser(new_context, watched_page, voila_server, timings):
    """The app in a browser of its own (a fresh profile, so its own owner key: its games list shows only the games
    the test makes); checked for problems (``no_problems``) when the test ends."""
    watched = watched_page(new_context())
    try:
        yield open_app(watched, voila_server, timings, "a browser of its own")
        no_problems(watched)
    finally:
        watched.page.close()


@contextmanager
def finished_game_page(watched, voila_server, timings, name: str):
    """The tab ``watched`` on the final panel of a finished solo game (Ada against Andrew, level 1, played at
    random from seed 11), put in the server's store (``name``: its timing's); the tab is closed on exit."""
    game, rng = cl.new_game(["Ada"], seed=11, solo_level=1), random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game)
    try:
        yield open_app(watched, voila_server, timings, name, f"?game={gid}", ".cl-final")
    finally:
        watched.page.close()


def owner_key(context, voila_server) -> str:
    """The owner key that the browser ``context`` keeps for the server's pages (``OWNER_ITEM``): the one its
    pages found or were offered, else one given now to its next page (as a kernel offers one)."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(voila_server.url))
    for site in context.storage_state()["origins"]:
        if site["origin"] == origin:
            for item in site["localStorage"]:
                if item["name"] == OWNER_ITEM:
                    return item["value"]
    key = new_key()
    context.add_init_script(f"localStorage.getItem('{OWNER_ITEM}') || localStorage.setItem('{OWNER_ITEM}', '{key}')")
    return key


@pytest.fixture
def game_in_round_two(browser, watched_page, voila_server, timings):
    """The page of a stored 2-player game, Ada (a human) against Bo (the easy bot), that the easy bot played
    for both up to Ada's first decision of round 2, stored as a page stores the games it makes (its browser's
    owner key: the page plays Ada's seat); checked for problems (``no_problems``) when the test ends."""
    game, bot = cl.new_game(["Ada", "Bo"], seed=3), make_bot(BOT_KINDS[0], 3)
    while not (game.round >= 2 and game.current_player == 0):
        game.apply(bot.choose(game))
    seats = [{"name": "Ada", "kind": HUMAN}, {"name": "Bo", "kind": BOT_KINDS[0]}]
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game, app={"seats": seats}, owner=owner_key(browser, voila_server))
    watched = watched_page()
    try:
        yield open_app(watched, voila_server, timings, "a stored game in round 2", f"?game={gid}",
                       f"{TURN}[data-game='{gid}'][data-yours='1']")
        no_problems(watched)
    finally:
        watched.page.close()

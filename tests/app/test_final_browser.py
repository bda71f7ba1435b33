"""The final panel in headless Chromium: the bots finish a solo game, the panel tells the game's story (the
stored game's own), *Rematch* starts the same players and level on a new seed and *Same seed* on the same
one; the games list sorts (newest or oldest first, by result) with its buttons whole. Screenshots for README's
gallery: app-final.png and app-games-list.png.

Each test opens its own page (its own kernel and game; the games list's, in a browser of its own, so that the
list shows its games only) and ends with that page's check for problems (``no_problems``): none depends on what
another one left.
"""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.app.page import OWNER_ITEM
from carnegie_lab.session import BOT_KINDS, HUMAN
from carnegie_lab.session.games_list import opponents
from carnegie_lab.session.story import story
from carnegie_lab.store import GameStore

from .test_browser import EASY, GALLERY, TIMEOUT, TURN, board_tab, laid_out, ready, shoot, side_tab, start_game

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


def bot_solo_game(p, seed: int) -> None:
    """A solo game of Ada, the easy bot, that waits for a click (the page's bots are told not to play at once,
    and then Bots finish the game does it)."""
    p.locator(".cl-auto input").first.uncheck()
    ready(p)
    start_game(p, "1 (solo)", [("Ada", EASY)], seed=seed, level="2")


def test_the_final_panel_tells_the_story_and_rematch_deals_a_new_seed(app_page, voila_server):
    p = app_page.page
    bot_solo_game(p, SEED)
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
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (easy bot) to decide", timeout=TIMEOUT)
    expect(final).to_be_hidden()
    rematch = game_id(p)
    with GameStore(voila_server.store_path) as store:
        seed = store.info(rematch).options["seed"]
        assert seed != SEED and store.info(first).options["seed"] == SEED
    assert settings(voila_server.store_path, rematch) == settings(voila_server.store_path, first) == \
        (("Ada",), 2, [("Ada", "easy")])
    expect(p.locator(".cl-recent")).to_contain_text(f"seed {seed}")


@pytest.mark.slow      # same seed without a browser: test_final; CI runs it
def test_same_seed_deals_the_same_game_again(app_page, voila_server):
    p = app_page.page
    bot_solo_game(p, SEED + 1)
    side_tab(p, "Play")
    finished = finish(p, voila_server.store_path)
    ready(p)
    p.locator(".cl-final button.cl-same-seed").click()
    p.wait_for_function(f"() => document.querySelector('{TURN}').dataset.game !== '{finished}'", timeout=TIMEOUT)
    expect(p.locator(TURN)).to_contain_text("Setup · Ada (easy bot) to decide", timeout=TIMEOUT)
    again = game_id(p)
    with GameStore(voila_server.store_path) as store:
        assert store.info(again).options["seed"] == SEED + 1 and store.record(again)["actions"] == []
    assert settings(voila_server.store_path, again) == settings(voila_server.store_path, finished) == \
        (("Ada",), 2, [("Ada", "easy")])


#: the ids of the games the list shows, in its order
LISTED_JS = """() => Array.from(document.querySelectorAll('.cl-stored-row'))
    .map(r => Array.from(r.classList).find(c => c.startsWith('cl-stored-') && c !== 'cl-stored-row')
    .slice('cl-stored-'.length))"""
#: the buttons of the games list and the final panel shown now whose word does not fit
CUT_JS = """() => Array.from(document.querySelectorAll(
        '.cl-stored-games button, .cl-final button, .cl-side-tabs button'))
    .filter(b => b.offsetParent && b.scrollWidth > b.clientWidth).map(b => b.textContent.trim())"""


#: the list's rows once each game id's key (given: id -> key) goes up the list, and none is left from before the
#: last choice (see resort)
IN_ORDER_JS = """keys => {
  if (document.querySelector('.cl-stored-row[data-old]')) return false;
  const got = (""" + LISTED_JS + """)().map(id => keys[id]);
  return got.length > 0 && got.every((k, i) => k !== undefined && (i === 0 || got[i - 1] <= k));
}"""


def last_changes(store_path, gids) -> dict[str, str]:
    """The last change of each game, by id."""
    with GameStore(store_path) as store:
        return {gid: store.info(gid).updated_at for gid in gids}


def outcomes(store_path, gids) -> dict[str, int]:
    """Each game's result as the list sorts them, by id: 0 won (by a human seat), 1 lost, 2 still played."""
    with GameStore(store_path) as store:
        infos = [store.info(gid) for gid in gids]
        return {i.id: 2 if i.status != "over" else 1 if set(store.load(i.id).winners()) <= set(opponents(i)) else 0
                for i in infos}


def resort(p, label: str, keys: dict) -> list:
    """Choose an order in "Sort by" and wait until the list shows its games in that order (``keys``: each game's
    key, going up the list); what the list shows, the keys of its rows. The rows drawn before the choice are
    marked: the page's clock may draw the list again between the choice and the kernel's answer to it."""
    p.evaluate("() => document.querySelectorAll('.cl-stored-row').forEach(r => r.dataset.old = '1')")
    p.locator(".cl-stored-sort select").select_option(label=label)
    p.wait_for_function(IN_ORDER_JS, arg=keys, timeout=TIMEOUT)
    return [keys[gid] for gid in p.evaluate(LISTED_JS)]


def stored_games(store_path, owner: str) -> None:
    """Three games of Ada (a human) against Bo (the easy bot) put in the store as ``owner``'s, played at random
    from a seed: two still played (after 5 and 30 actions), one to its end."""
    seats = {"seats": [{"name": "Ada", "kind": HUMAN}, {"name": "Bo", "kind": BOT_KINDS[0]}]}
    with GameStore(store_path) as store:
        for seed, actions in ((21, 5), (22, 30), (23, None)):
            game, rng = cl.new_game(["Ada", "Bo"], seed=seed), random.Random(seed)
            while not game.is_over and (actions is None or len(game.actions) < actions):
                game.apply(rng.choice(game.legal_actions()))
            store.save(game, app=seats, owner=owner)


@pytest.mark.slow      # whole buttons: test_browser_board_and_lists'; CI runs it
def test_the_games_list_sorts_and_its_buttons_are_whole(own_browser, voila_server):
    p = own_browser.page
    owner = p.wait_for_function(f"() => localStorage.getItem('{OWNER_ITEM}')", timeout=TIMEOUT).json_value()
    stored_games(voila_server.store_path, owner)
    start_game(p, "2", [("Ada", "Human"), ("Bo", EASY)], seed=3)    # and one the bots finish on the page
    side_tab(p, "Play")
    played = finish(p, voila_server.store_path)
    with GameStore(voila_server.store_path) as store:          # this browser's games: those, and the page's
        gids = [info.id for info in store.list(owner=owner)]
    assert played in gids and len(gids) >= 4
    side_tab(p, "New game")
    p.wait_for_function("n => document.querySelectorAll('.cl-stored-row').length === n", arg=len(gids),
                        timeout=TIMEOUT)
    changed = last_changes(voila_server.store_path, gids)
    newest = [changed[gid] for gid in p.evaluate(LISTED_JS)]
    assert newest == sorted(newest, reverse=True) and sorted(newest) == sorted(changed.values())
    oldest = resort(p, "oldest first", changed)
    assert oldest == sorted(oldest) and oldest[0] <= newest[-1]
    shown = resort(p, "result (won first)", outcomes(voila_server.store_path, gids))
    assert shown == sorted(shown) and 2 in shown and len(set(shown)) >= 2, shown
    laid_out(p, ".cl-stored-row button")
    assert not p.evaluate(CUT_JS), p.evaluate(CUT_JS)
    shoot(p, GALLERY / "app-games-list.png")
    side_tab(p, "Play")

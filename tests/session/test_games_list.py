"""The games list's "Sort by": the newest or the oldest first, by result (won, lost, still played) or by
opponent, across the list's pages, each order checked against the stored games themselves."""
from __future__ import annotations

import pytest

from carnegie_lab.session import Limits, Seat, Setup
from carnegie_lab.session.games_list import ORDERS, check_order, opponents
from carnegie_lab.widgets import Dashboard

GAMES = [  # (setup, finished by the bots)
    (Setup([Seat("Ada"), Seat("Zed", "easy")], seed=1), True),
    (Setup([Seat("Ada")], seed=2, solo_level=4), True),
    (Setup([Seat("Ada"), Seat("Bo", "easy")], seed=3), False),
    (Setup([Seat("Ada"), Seat("Cy", "easy")], seed=4), True),
    (Setup([Seat("Ada"), Seat("Mo", "easy"), Seat("Al", "easy")], seed=5), False),
]


@pytest.fixture(scope="module")
def dash(tmp_path_factory):
    d = Dashboard(store=tmp_path_factory.mktemp("list") / "games.db", limits=Limits(list_page=2))
    d.bots.finish_kind.value = "easy"
    for setup, finish in GAMES:
        d.commands.start(setup)
        if finish:
            d.commands.finish()
        assert d.game.is_over == finish
    d.side.selected_index = 1                   # the New game tab, with the list
    return d


def listed(d) -> list[str]:
    """The ids the list shows, page after page."""
    while d.stored.offset:
        d.stored.newer.click()
    ids: list[str] = []
    while True:
        ids += [r._dom_classes[-1].removeprefix("cl-stored-") for r in d.stored.rows.children]
        if d.stored.older.disabled:
            return ids
        d.stored.older.click()


def outcome(d, gid: str) -> int:
    """0: Ada won, 1: she lost, 2: still played (from the stored game itself)."""
    game = d.controller.store.load(gid)
    return 2 if not game.is_over else 0 if "Ada" in game.winners() else 1


def test_every_order_lists_every_game_once(dash):
    ids = set()
    for order in ORDERS:
        dash.stored.sort.value = order
        shown = listed(dash)
        assert len(shown) == len(set(shown)) == len(GAMES), order
        ids.add(frozenset(shown))
    assert len(ids) == 1


def test_newest_and_oldest_follow_the_last_change(dash):
    dash.stored.sort.value = "oldest"
    oldest = listed(dash)
    dash.stored.sort.value = "newest"
    newest = listed(dash)
    times = [dash.controller.store.info(g).updated_at for g in newest]
    assert times == sorted(times, reverse=True) and oldest == newest[::-1]


def test_by_result_the_games_won_come_first_then_those_lost(dash):
    dash.stored.sort.value = "result"
    shown = [outcome(dash, g) for g in listed(dash)]
    assert shown == sorted(shown) and set(shown) == {0, 1, 2}       # the games reach every outcome


def test_by_opponent_from_a_to_z(dash):
    dash.stored.sort.value = "opponent"
    names = [opponents(dash.controller.store.info(g)) for g in listed(dash)]
    assert names == sorted(names) and ["Andrew Carnegie"] in names and ["Mo", "Al"] in names


def test_an_order_the_list_does_not_have_is_refused(dash):
    with pytest.raises(ValueError, match="sorted by newest, oldest, result, opponent"):
        check_order("score")
    with pytest.raises(ValueError):
        dash.controller.order_games("'; drop table games")
    assert dash.controller.games_order in ORDERS

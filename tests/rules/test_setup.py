"""Setup: timeline, department pool, starting resources, tabs, Action Choice tiles, neutral discs,
the setup Housing disc and reserved tile, setup moves and setup activation."""
from __future__ import annotations

from collections import Counter

import pytest

import carnegie_lab as cl
from carnegie_lab.rules.research import discs_on_tab

from .conftest import (
    START_CELLS,
    C,
    assert_illegal,
    edit,
    legal,
    legal_verb,
    new,
    play_setup,
    set_player,
    started,
    to_turn,
)

BASE_TILES = [d for d in C.departments.values() if not d.starting and not d.expansion]


# -- timeline ----------------------------------------------------------------------------------------

def test_setup_draws_4_distinct_timeline_tiles_on_random_sides():
    sides = Counter()
    for seed in range(20):
        timeline = new(2, seed).state.board.timeline
        numbers = [t for t, _ in timeline]
        assert len(timeline) == 4 and len(set(numbers)) == 4
        assert set(numbers) <= {t.number for t in C.timeline.tiles}
        sides.update(side for _, side in timeline)
    assert set(sides) == {0, 1}                       # both sides come up
    assert new(2, 0).state.board.markers == [0, 0, 0, 0]   # every action marker on the Start tile


def test_same_seed_gives_the_same_setup():
    a, b = new(3, seed=7), new(3, seed=7)
    assert a.to_position() == b.to_position()
    assert legal(a) == legal(b)


def test_different_seeds_give_different_setups():
    setups = {repr((g.state.board.timeline, sorted(g.state.board.pool.items()),
                    sorted(g.state.board.sites.items())))
              for g in (new(3, seed) for seed in range(5))}
    assert len(setups) == 5


# -- department pool ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, removed", [(2, 16), (3, 8), (4, 0)])
def test_setup_removes_departments_by_player_count(players, removed):
    pool = new(players, seed=3).state.board.pool
    assert set(pool) == {d.id for d in BASE_TILES}          # the 16 base types, no expansion
    assert all(0 <= n <= 2 for n in pool.values())           # 2 copies of each type at most
    assert sum(pool.values()) == 32 - removed


def test_setup_removes_16_departments_with_2_players():
    assert sum(new(2, seed=11).state.board.pool.values()) == 16


def test_four_players_use_all_32_departments():
    assert new(4, seed=5).state.board.pool == {d.id: 2 for d in BASE_TILES}


def test_removed_departments_are_random():
    pools = {tuple(sorted(new(2, seed).state.board.pool.items())) for seed in range(6)}
    assert len(pools) > 1


@pytest.mark.parametrize("players, total", [(2, 16), (3, 24), (4, 32)])
def test_reserved_tiles_leave_the_pool(players, total):
    g = started(players, seed=9)
    reserved = [p.reserve for p in g.state.players]
    assert all(r is not None for r in reserved)
    assert sum(g.state.board.pool.values()) == total - players


# -- players' starting pieces ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_12_dollars_4_goods_and_no_vp(players):
    for p in new(players).state.players:
        assert (p.money, p.goods, p.vp) == (12, 4, 0)


def test_employees_start_5_standing_5_in_the_lobby_5_in_the_supply():
    for p in new(3).state.players:
        assert p.cells == START_CELLS
        assert {cell: len(ws) for cell, ws in p.standing.items()} == {
            "a1": 1, "b2": 1, "c2": 1, "c1": 1, "d1": 1}
        assert p.standing["a1"] == [0]                        # the permanent HR employee
        assert C.departments["human_resources"].workstations[0] is None
        assert p.lying == {"b1": 5}
        assert p.supply == 5
        assert p.missions == {}


def test_tab_discs_on_housing_commerce_industry_but_not_public_infrastructure():
    g = new(2)
    for p in g.state.players:
        assert {t: discs_on_tab(g.rules, p, t) for t in "HCIP"} == {"H": 1, "C": 1, "I": 1, "P": 0}
        # 30 discs: score track, 4 transport tracks, 3 tab discs, 22 in the personal supply
        assert p.discs == 22
        assert p.tracks == {"west": 0, "midwest": 0, "south": 0, "east": 0}


@pytest.mark.parametrize("players, holders", [(2, []), (3, [2]), (4, [0, 1, 2, 3])])
def test_action_choice_tiles_by_player_count(players, holders):
    g = new(players)
    assert [i for i, p in enumerate(g.state.players) if p.action_choice] == holders


# -- neutral discs -----------------------------------------------------------------------------------

def _neutral(g: cl.Game) -> tuple[list[str], list[str]]:
    board = g.state.board
    sites = [key for key, (owner, _) in board.sites.items() if owner == "neutral"]
    donations = [d for d, owners in board.donations.items() if owners == ["neutral"]]
    return sites, donations


@pytest.mark.parametrize("players, discs", [(2, 18), (3, 9), (4, 0)])
def test_neutral_discs_by_player_count(players, discs):
    for seed in range(4):
        g = new(players, seed)
        sites, donations = _neutral(g)
        assert len(sites) + len(donations) == discs
        assert len(g.state.board.sites) == len(sites)          # nothing else on the map yet
        assert len(g.state.board.donations) == len(donations)
        if discs:
            assert donations and sites                        # both the chart and cities


def test_neutral_discs_take_the_left_most_free_sites():
    for seed in range(6):
        g = new(2, seed)
        per_city = Counter(key.split("/")[0] for key in _neutral(g)[0])
        for city, count in per_city.items():
            taken = sorted(int(k.split("/")[1]) for k in g.state.board.sites if k.startswith(city + "/"))
            assert taken == list(range(count)), (seed, city, taken)


def test_neutral_discs_follow_solo_cards():
    g = new(2, seed=4)
    cards = [c for c in C.solo_cards.values() if not c.advanced]
    card_cities = {city for c in cards for city in c.co_cities}
    card_donations = {c.donation for c in cards}
    sites, donations = _neutral(g)
    assert {key.split("/")[0] for key in sites} <= card_cities
    assert set(donations) <= card_donations


# -- Housing disc and reserved tile ------------------------------------------------------------------

@pytest.mark.parametrize("players, order", [(2, [1, 0]), (3, [2, 1, 0]), (4, [3, 2, 1, 0])])
def test_housing_placement_goes_counter_clockwise_from_the_right_of_the_first_player(players, order):
    g = new(players)
    assert g.state.flow.first == 0
    seen = []
    while g.decision.kind in ("house", "reserve"):
        if g.decision.kind == "house":
            seen.append(g.current_player)
            g.apply(sorted(legal_verb(g, "house"))[0])
        else:
            assert g.current_player == seen[-1]               # the same player then reserves
            g.apply(sorted(legal_verb(g, "reserve"))[0])
    assert seen == order
    assert g.decision.kind == "setup" and g.current_player == 0


def test_setup_housing_only_on_housing_sites_of_medium_or_major_cities():
    g = edit(new(4), lambda st: st["board"].update(sites={}))
    expected = {f"house {c.id}" for c in C.cities.values()
                if c.size in ("medium", "major") and any(s.type == "H" for s in c.sites)}
    assert legal_verb(g, "house") == expected
    assert len(expected) == 13
    assert_illegal(g, "house seattle", "small city")
    assert_illegal(g, "house houston", "no Housing site")
    assert_illegal(g, "house atlantis", "unknown city")
    g.apply("house denver")
    p = g.state.players[3]
    assert p.tabs["H"] == (1, 1)                               # the Housing tab disc went to the map
    (key,) = [k for k, (owner, _) in g.state.board.sites.items() if owner == 3]
    city, index = key.split("/")
    assert city == "denver" and C.cities["denver"].sites[int(index)].type == "H"
    assert g.state.board.sites[key] == (3, "H")


def test_setup_housing_needs_a_free_housing_site():
    g = edit(new(4), lambda st: st["board"].update(sites={}))
    g.apply("house denver")                                    # Denver's only Housing site
    g.apply(sorted(legal_verb(g, "reserve"))[0])
    assert "house denver" not in legal(g)
    assert_illegal(g, "house denver", "Housing sites of Denver are taken")
    g.apply("house new_orleans")                               # New Orleans has two
    g.apply(sorted(legal_verb(g, "reserve"))[0])
    g.apply("house new_orleans")


def test_reserve_takes_a_tile_from_the_pool():
    g = new(4, seed=2)
    g.apply("house boston")
    assert legal_verb(g, "reserve") == {f"reserve {d.code}" for d in BASE_TILES}
    assert_illegal(g, "reserve hr", "unknown department tile")
    g.apply("reserve sales")
    assert g.state.players[3].reserve == "sales"
    assert g.state.board.pool["sales"] == 1
    g.apply("house albany")
    g.apply("reserve sales")
    assert g.state.board.pool["sales"] == 0
    g.apply("house pittsburgh")
    assert "reserve sales" not in legal(g)
    assert_illegal(g, "reserve sales", "no Sales tile is left")


def test_the_reserved_tile_must_be_the_first_department_built():
    g = play_setup(new(2, seed=1), reserves=["sales", "logistics"])   # Bo reserves Sales, Ada Logistics
    assert g.state.players[0].reserve == "logistics"
    g = edit(g, set_player(pi=0, goods=10))
    g = to_turn(g, "MG")
    assert g.current_player == 0
    assert {a.split()[1] for a in legal_verb(g, "sp")} == {"logistics"}
    assert_illegal(g, "sp purchasing a2", "reserved Logistics must be Ada's first department")
    pool_before = dict(g.state.board.pool)
    g.apply("sp logistics a2")
    assert g.state.players[0].cells["a2"] == "logistics"
    assert g.state.players[0].reserve is None
    assert g.state.board.pool == pool_before                   # the reserved tile was not in the pool


# -- setup moves and activation ----------------------------------------------------------------------

def test_setup_moves_allow_six_orthogonal_steps():
    g = new(2)
    while g.decision.kind != "setup":
        g.apply(sorted(legal_verb(g, g.decision.kind))[0])
    assert g.current_player == 0 and g.state.flow.moves == 6
    assert_illegal(g, "move b1 a2", "not next to b1")          # diagonal
    assert_illegal(g, "move b1 b3", "not next to b1")          # two spaces
    assert_illegal(g, "move a2 a3", "no employee in a2")
    for step in ["move b1 b2", "move b2 b3", "move b3 b4", "move b4 c4", "move c4 d4"]:
        g.apply(step)
    assert g.state.flow.moves == 1
    g.apply("move b1 c1")
    # the six moves are spent: the player goes on to activation (C&F and Construction have lying employees)
    assert g.decision.kind == "activate" and g.current_player == 0
    p = g.state.players[0]
    assert p.lying == {"b1": 3, "d4": 1, "c1": 1}


def test_setup_activation_pays_for_the_workstation():
    g = new(2)
    while g.decision.kind != "setup":
        g.apply(sorted(legal_verb(g, g.decision.kind))[0])
    g.apply("move b1 b2")
    g.apply("move b1 b2")
    g.apply("done")
    assert g.decision.kind == "activate"
    assert legal(g) >= {"activate b2", "done"}
    assert "activate b1" not in legal(g)                        # nobody works in the lobby
    assert_illegal(g, "activate b1", "no department")
    g.apply("activate b2")                                       # cheapest free workstation: $1
    g.apply("activate b2")                                       # then $2
    p = g.state.players[0]
    assert p.money == 12 - 1 - 2
    assert p.standing["b2"] == [0, 1, 2]
    assert "b2" not in p.lying
    # then the next player (clockwise) makes their setup moves
    assert g.decision.kind == "setup" and g.current_player == 1


def test_setup_ends_with_round_one_for_the_first_player():
    g = started(4)
    assert g.decision.kind == "choose" and g.current_player == 0 and g.round == 1
    assert legal(g) == {"choose HR", "choose MG", "choose CO", "choose RD", "sell"}

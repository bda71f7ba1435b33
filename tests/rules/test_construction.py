"""Construction: a Mission to the city's region, goods by project type (H 1, C 1, I 2, P 2), the
right-most tab disc, a matching site or a small town, small-town transport income in marked towns."""
from __future__ import annotations

import pytest

from carnegie_lab.rules.research import project_income

from .conftest import (
    C,
    assert_illegal,
    clear_board,
    edit,
    legal,
    legal_verb,
    set_player,
    site,
    staff,
    started,
    tab,
    to_turn,
    tracks,
)

GOODS = {"H": 1, "C": 1, "I": 2, "P": 2}


def co_turn(*changes):
    return to_turn(edit(started(3), clear_board, *changes), "CO")


def expected_cities(ptype: str, taken=()) -> set[str]:
    return {c.id for c in C.cities.values()
            if any(s.type in (ptype, "any") and f"{c.id}/{s.index}" not in taken for s in c.sites)}


@pytest.mark.parametrize("ptype, city, index, region", [
    ("H", "boston", 0, "east"), ("C", "boston", 1, "east"), ("I", "chicago", 0, "midwest"),
    ("P", "washington", 0, "east"), ("I", "seattle", 0, "west")])
def test_construction_sends_the_employee_to_the_city_region_and_pays_goods_by_type(ptype, city, index, region):
    g = co_turn(tab(0, "H", 2), tab(0, "P", 2), set_player(pi=0, goods=4))
    built = g.state.players[0].tabs[ptype][1]
    g.apply(f"co {ptype} {city}")
    p = g.state.players[0]
    assert p.goods == 4 - GOODS[ptype]
    assert p.missions == {region: 1}
    assert "c1" not in p.standing
    assert p.tabs[ptype][1] == built + 1
    assert g.state.board.sites[f"{city}/{index}"] == (0, ptype)


def test_construction_builds_on_a_matching_site_or_in_a_small_town():
    g = co_turn(site(0, "boston", 0, "H"), set_player(pi=0, goods=4))
    # the tabs show one Commerce and one Industry project (Housing was built at setup, no PI yet)
    taken = {"boston/0"}
    expected = ({f"co C {c}" for c in expected_cities("C", taken)}
                | {f"co I {c}" for c in expected_cities("I", taken)})
    assert legal_verb(g, "co") == expected
    assert "co C seattle" in expected and "co C washington" not in expected
    assert_illegal(g, "co I washington", "Washington has no free site for an Industry project")


def test_construction_needs_a_free_site():
    g = co_turn(site("neutral", "boston", 1), site(1, "kansas_city", 0, "C"), site(2, "kansas_city", 1, "C"))
    assert_illegal(g, "co C boston", "no free site")
    assert_illegal(g, "co C kansas_city", "no free site")
    g = co_turn(site("neutral", "seattle", 0))
    assert_illegal(g, "co C seattle", "no free site")


def test_construction_takes_the_left_most_free_matching_site():
    g = co_turn(site(1, "new_york", 1, "C"), tab(0, "C", 3))
    g.apply("co C new_york")
    assert g.state.board.sites["new_york/3"] == (0, "C")


def test_construction_needs_a_project_on_the_tab():
    g = co_turn(site(0, "pittsburgh", 0, "H"))                # the Housing disc of the setup is built
    assert not any(a.startswith(("co H ", "co P ")) for a in legal(g))
    assert_illegal(g, "co H boston", "no Housing project on the tab")
    assert_illegal(g, "co P washington", "no Public Infrastructure project on the tab")


def test_construction_needs_the_goods():
    g = co_turn(set_player(pi=0, goods=1))
    assert not any(a.startswith("co I ") for a in legal(g))
    assert_illegal(g, "co I chicago", "costs 2 goods and Ada has 1")
    g.apply("co C chicago")


def test_construction_is_used_once_per_standing_employee():
    g = co_turn(staff(0, "c1", standing=2), tab(0, "C", 3), set_player(pi=0, goods=9))
    g.apply("co C boston")
    g.apply("co C albany")
    assert g.state.players[0].missions == {"east": 2}
    assert "c1" not in g.state.players[0].standing


def test_construction_takes_the_right_most_disc_of_the_tab():
    # three Commerce projects shown: building one reveals the income of the first (right-most) space
    g = co_turn(tab(0, "C", 3))
    first, third = C.tabs["C"].sides["A"][0].income, C.tabs["C"].sides["A"][2].income
    assert first != third
    before = project_income(g.rules, g.state.players[0])
    g.apply("co C boston")
    after = project_income(g.rules, g.state.players[0])
    assert (after.money - before.money, after.goods - before.goods) == (first.money, first.goods)
    assert g.state.players[0].tabs["C"] == (3, 1)


@pytest.mark.parametrize("city, paid", [("seattle", 3), ("helena", 3), ("phoenix", 3), ("santa_fe", 3),
                                        ("portland", 0), ("boise", 0), ("reno", 0), ("salt_lake_city", 0)])
def test_small_town_transport_income_only_in_marked_towns(city, paid):
    g = co_turn(tracks(0, west=1))                            # West Stagecoach: $3
    g.apply(f"co C {city}")
    assert g.state.players[0].money == 12 + paid


def test_small_town_income_follows_the_region_track():
    g = co_turn(tracks(0, south=3, west=1))                   # South space 4 pays $7
    g.apply("co C dallas")
    assert g.state.players[0].money == 12 + 7
    g = co_turn(tracks(0, east=3))
    g.apply("co C boston")                                    # a medium city pays nothing
    assert g.state.players[0].money == 12


def test_no_transport_income_in_medium_or_major_cities():
    for city in ("los_angeles", "san_francisco", "denver"):
        g = co_turn(tracks(0, west=1))
        g.apply(f"co C {city}")
        assert g.state.players[0].money == 12

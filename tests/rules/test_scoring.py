"""End-game scoring: a hand-computed breakdown, each donation formula family with the 12 VP cap,
welfare payments at game end, the Action Choice tile, and ties sharing the win."""
from __future__ import annotations

import pytest

from .conftest import (
    clear_board,
    donation,
    edit,
    give_department,
    missions,
    set_player,
    site,
    staff,
    started,
    tab,
    tracks,
)


def position(*changes, players=2):
    """Round 1 of a game with an empty map and chart, then the changes."""
    return edit(started(players), clear_board, *changes)


def test_hand_computed_breakdown():
    # four players: every seat has an Action Choice tile (in 2- and 3-player games Ada, the first, has none)
    g = position(
        set_player(pi=0, vp=7, money=11, goods=0, action_choice=True),
        staff(0, "b2", standing=2),                                  # 5 active on starting departments
        give_department(0, "a4", "sales", standing=1),               # top row: 3 VP, 1 more active
        give_department(0, "a2", "logistics", standing=0, lying=1),  # 2 VP, nobody standing
        give_department(0, "d4", "new_lobby", standing=0),           # top row: 3 VP
        missions(0, west=2),                                         # not active
        tab(0, "H", 5),                                              # first Housing VP space: 2
        tab(0, "C", 7),                                              # last Commerce VP space: 9
        site(0, "boston", 0, "H"), site(0, "seattle", 0, "C"),      # city VP 3 + 1
        site(0, "portland", 0, "C"), site(0, "chicago", 1, "C"),    # 0 + 3
        site(0, "kansas_city", 0, "C"),                              # 2
        donation("education_dept_any", 0),         # 8 departments (5 starting + 3 tiles): 8
        donation("hr_project_housing_commerce", 0),  # 2 x (1 H + 4 C) = 10
        donation("health_small_towns", 0),         # 2 x 2 small towns = 4
        donation("welfare_money", 0),              # $11 at game end: 2 payments of $5 = 4
        players=4,
    )
    s = g.scores()["Ada"]
    assert s.in_game == 7
    assert s.employees == 6                      # 4 starting + 1 more in C&F + Sales; not the HR one
    assert s.departments == 3 + 2 + 3
    assert s.tabs == 2 + 9
    assert s.cities == 3 + 1 + 0 + 3 + 2
    assert s.connections == 0                    # Chicago is the only major city
    assert s.donations == 8 + 10 + 4 + 4
    assert s.action_choice == 3
    assert s.total == 7 + 6 + 8 + 11 + 0 + 9 + 26 + 3


def test_an_empty_company_scores_its_active_employees_only():
    s = position().scores()["Bo"]
    assert s.as_dict() == {**{k: 0 for k in s.as_dict()}, "employees": 4, "total": 4}


def test_starting_departments_and_lobby_score_nothing():
    s = position(staff(0, "a1", standing=3)).scores()["Ada"]
    assert s.departments == 0
    assert s.employees == 4 + 2                  # HR's two movable employees count, not the permanent one


@pytest.mark.parametrize("cell, vp", [("a4", 3), ("b4", 3), ("c4", 3), ("d4", 3), ("a3", 2), ("d3", 2),
                                      ("a2", 2), ("d2", 2)])
def test_departments_score_3_in_the_top_row_and_2_elsewhere(cell, vp):
    assert position(give_department(0, cell, "sales", standing=0)).scores()["Ada"].departments == vp


def test_tab_vp_is_the_last_vp_space_shown():
    s = position(tab(0, "H", 7), tab(0, "C", 6), tab(0, "I", 5), tab(0, "P", 7)).scores()["Ada"]
    assert s.tabs == 6 + 6 + 4 + 15
    assert position(tab(0, "H", 4)).scores()["Ada"].tabs == 0


# -- donations: every formula family -------------------------------------------------------------------

def donation_vp(donation_id, *changes, pi=0):
    return position(donation(donation_id, pi), *changes).scores()[["Ada", "Bo"][pi]].donations


def test_education_counts_departments_of_a_type_including_starting_ones():
    assert donation_vp("education_dept_hr") == 3                     # Human Resources
    assert donation_vp("education_dept_mg") == 6                     # C&F and Strategic Planning
    assert donation_vp("education_dept_co", give_department(0, "a2", "supply_chain", standing=0)) == 6
    assert donation_vp("education_dept_rd", give_department(0, "a2", "advanced_design", standing=0),
                       give_department(0, "a3", "telegraph_operators", standing=0)) == 9
    assert donation_vp("education_dept_any") == 5


def test_education_counts_new_lobby_as_an_hr_department():
    assert donation_vp("education_dept_hr", give_department(0, "a2", "new_lobby", standing=0)) == 6


def test_donations_are_capped_at_12():
    hr_tiles = [give_department(0, cell, d, standing=0) for cell, d in
                [("a2", "training_partnerships"), ("a3", "recruiting"), ("a4", "safety_quality"),
                 ("b4", "new_lobby")]]
    assert donation_vp("education_dept_hr", *hr_tiles[:3]) == 12      # 4 HR departments: 12
    assert donation_vp("education_dept_hr", *hr_tiles) == 12          # 5: 15, capped


def test_human_rights_counts_projects_by_type():
    sites = [site(0, "washington", 0, "P"), site(0, "new_york", 4, "P"), site(0, "chicago", 0, "I"),
             site(0, "boston", 0, "H"), site(0, "boston", 1, "C"), site(0, "seattle", 0, "C"),
             site(1, "albany", 0, "H")]
    assert donation_vp("hr_project_pi", *sites) == 4 * 2
    assert donation_vp("hr_project_industry", *sites) == 3 * 1
    assert donation_vp("hr_project_housing_commerce", *sites) == 2 * 3


def test_human_rights_railroads_count_regions_at_train_level():
    assert donation_vp("hr_transport_train") == 0
    # Train: West space 4, Midwest space 3, South space 3, East space 2
    assert donation_vp("hr_transport_train", tracks(0, west=2, midwest=2, south=1, east=1)) == 3 * 2
    assert donation_vp("hr_transport_train", tracks(0, west=4, midwest=4, south=2, east=1)) == 12


def test_human_rights_donations_count_every_own_donation():
    assert donation_vp("hr_donations") == 2
    assert donation_vp("hr_donations", donation("welfare_7vp", 1, 0), donation("health_east", 0)) == 2 * 3 + 7


def test_welfare_flat_7():
    assert donation_vp("welfare_7vp") == 7


def test_welfare_active_employees():
    assert donation_vp("welfare_employees") == 4
    assert donation_vp("welfare_employees", staff(0, "b2", standing=3), staff(0, "c1", standing=3),
                       staff(0, "d1", standing=3), staff(0, "a1", standing=3)) == 12


def test_health_counts_discs_by_region_and_in_small_towns():
    sites = [site(0, "boston", 0, "H"), site(0, "new_york", 1, "C"), site(0, "seattle", 0, "C"),
             site(0, "fargo", 0, "C"), site(0, "chicago", 0, "I"), site("neutral", "albany", 0),
             site(1, "pittsburgh", 0, "H")]
    assert donation_vp("health_east", *sites) == 4
    assert donation_vp("health_midwest", *sites) == 4
    assert donation_vp("health_west", *sites) == 2
    assert donation_vp("health_south", *sites) == 0
    assert donation_vp("health_small_towns", *sites) == 4


@pytest.mark.parametrize("donation_id, money, goods, vp", [
    ("welfare_goods", 0, 3, 6), ("welfare_goods", 50, 10, 12),
    ("welfare_money", 14, 0, 4), ("welfare_money", 3, 2, 2),        # goods sold for $1 to pay
    ("welfare_money", 40, 0, 12),
    ("welfare_money_goods", 10, 3, 8), ("welfare_money_goods", 30, 1, 4), ("welfare_money_goods", 4, 1, 0),
    ("welfare_money_goods", 4, 5, 4),                                # a cube sold makes the $5
])
def test_welfare_payments_at_game_end(donation_id, money, goods, vp):
    assert donation_vp(donation_id, set_player(pi=0, money=money, goods=goods)) == vp


def test_several_welfare_donations_share_the_money_and_goods():
    g = position(donation("welfare_goods", 0), donation("welfare_money_goods", 0),
                 set_player(pi=0, money=10, goods=3))
    # best: 2 x ($5 + 1 goods) = 8 VP, then the last goods cube = 2 VP
    assert g.scores()["Ada"].donations == 10


def test_a_shared_donation_scores_for_both_players():
    g = position(donation("welfare_7vp", 1, 0))
    assert g.scores()["Ada"].donations == 7 and g.scores()["Bo"].donations == 7


def test_neutral_donations_score_for_nobody():
    g = position(donation("welfare_7vp", "neutral"))
    assert g.scores()["Ada"].donations == 0 and g.scores()["Bo"].donations == 0


# -- winners -------------------------------------------------------------------------------------------

def test_ties_share_the_win():
    g = position()
    assert g.scores()["Ada"].total == g.scores()["Bo"].total
    assert g.winners() == ["Ada", "Bo"]
    g = position(set_player(pi=1, vp=1))
    assert g.winners() == ["Bo"]


def test_ties_among_three_of_four():
    g = position(set_player(pi=3, vp=2), set_player(pi=1, vp=2), set_player(pi=0, vp=2), players=4)
    assert g.winners() == ["Ada", "Bo", "Di"]

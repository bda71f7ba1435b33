"""Events: Take Income (employees home, transport income per employee at the track space, project
income once) and Make a Donation (one per player, $5 x n, $3 x n with Communications)."""
from __future__ import annotations

import pytest

from .conftest import (
    LOBBY,
    C,
    assert_illegal,
    donated,
    edit,
    give_department,
    legal,
    legal_verb,
    markers,
    missions,
    set_player,
    site,
    started,
    tab,
    timeline_event,
    tracks,
)

HOUSING_INCOME = 2          # the setup Housing disc left the first Housing space: $2 project income


def income_game(region="west", *changes, players=3):
    """Round 1 with a Take Income event in `region` (chosen row HR)."""
    g = edit(started(players), timeline_event("HR", income=region), *changes)
    g.apply("choose HR")
    return g


def donation_game(*changes, players=3):
    g = edit(started(players), timeline_event("HR", donation=True), *changes)
    g.apply("choose HR")
    return g


# -- Take Income -------------------------------------------------------------------------------------

def test_income_returns_employees_to_the_lobby_with_transport_income_per_employee():
    g = income_game("west", missions(0, west=2, south=1), tracks(0, west=1))
    assert g.decision.kind == "event" and g.current_player == 0
    assert legal_verb(g, "income") == {"income 1", "income 2"}
    lobby = g.state.players[0].lying[LOBBY]
    g.apply("income 2")
    p = g.state.players[0]
    # West space 2 (Stagecoach) pays $3 per employee, plus the project income once
    assert p.money == 12 + 2 * 3 + HOUSING_INCOME
    assert p.missions == {"south": 1}                         # only the active region comes home
    assert p.lying[LOBBY] == lobby + 2                        # lying down in the lobby


def test_income_with_some_employees_only():
    g = income_game("west", missions(0, west=3), missions(1, west=1))
    g.apply("income 1")
    p = g.state.players[0]
    assert p.money == 12 + 1 + HOUSING_INCOME                 # Cart: $1 per employee
    assert p.missions == {"west": 2}
    assert g.current_player == 1                             # income is taken once per round


@pytest.mark.parametrize("region, space, gain", [
    ("west", 0, {"money": 1}), ("west", 1, {"money": 3}), ("west", 2, {"goods": 1}),
    ("west", 3, {"vp": 2}), ("midwest", 1, {"money": 2}), ("midwest", 3, {"goods": 2}),
    ("south", 2, {"money": 5}), ("south", 3, {"money": 7}), ("east", 1, {"money": 4}),
    ("east", 3, {"vp": 2}),
])
def test_transport_income_follows_the_track_space(region, space, gain):
    g = income_game(region, missions(0, **{region: 2}), tracks(0, **{region: space}))
    g.apply("income 2")
    p = g.state.players[0]
    assert p.money == 12 + 2 * gain.get("money", 0) + HOUSING_INCOME
    assert p.goods == 4 + 2 * gain.get("goods", 0)
    assert p.vp == 2 * gain.get("vp", 0)


def test_midwest_study_income_is_spent_at_once():
    g = income_game("midwest", missions(0, midwest=1), missions(1, midwest=1), tracks(0, midwest=2))
    g.apply("income 1")
    assert g.state.flow.study == 3 and g.current_player == 0
    assert "track south" in legal(g) and "tab H" in legal(g)
    g.apply("track south")                                    # 1 study point
    assert g.state.players[0].tracks["south"] == 1
    g.apply("done")                                           # the unused 2 points are lost
    assert g.state.flow.study == 0 and g.current_player == 1


def test_east_new_employee_income_recruits_from_the_supply():
    g = income_game("east", missions(0, east=2), tracks(0, east=2))
    supply, lobby = g.state.players[0].supply, g.state.players[0].lying[LOBBY]
    g.apply("income 2")
    p = g.state.players[0]
    assert p.supply == supply - 2 and p.lying[LOBBY] == lobby + 2 + 2


def test_project_income_is_paid_once_for_every_built_project():
    # Housing: 2 built ($2 + $2), Commerce: 1 built ($1 + 1 goods), Industry: 1 built (1 goods)
    g = income_game("south", missions(0, south=3), tab(0, "H", 2), site(0, "new_york", 0, "H"),
                    site(0, "new_york", 1, "C"), site(0, "chicago", 2, "I"))
    g.apply("income 3")
    p = g.state.players[0]
    assert p.money == 12 + 3 * 1 + (2 + 2 + 1)
    assert p.goods == 4 + 1 + 1


def test_no_employee_returned_no_income():
    g = income_game("west", missions(0, west=2), missions(1, south=2))
    g.apply("done")                                           # Ada keeps her employees away
    assert g.state.players[0].money == 12 and g.state.players[0].missions == {"west": 2}
    # Bo has nobody in the West: he is not even asked
    assert g.decision.kind == "turn" and g.current_player == 0
    assert g.state.players[1].money == 12


def test_income_cannot_return_more_employees_than_are_away():
    g = income_game("west", missions(0, west=1, east=2))
    assert_illegal(g, "income 2", "has 1 employees on missions in the west")


def test_income_is_taken_by_each_player_in_turn_order():
    g = income_game("west", missions(0, west=1), missions(1, west=1), missions(2, west=2))
    order = []
    while g.decision.kind == "event":
        order.append(g.current_player)
        g.apply("income 1")
    assert order == [0, 1, 2]
    assert [p.money for p in g.state.players] == [12 + 1 + HOUSING_INCOME] * 3


def test_income_is_not_possible_in_a_donation_event():
    g = donation_game(missions(0, west=1))
    assert_illegal(g, "income 1", "pays no income")


# -- Make a Donation ---------------------------------------------------------------------------------

def test_a_donation_costs_5_and_places_a_disc_on_a_free_space():
    g = donation_game()
    free = {d for d in C.donations if d not in g.state.board.donations}
    assert legal_verb(g, "donate") == {f"donate {d}" for d in free}
    taken = next(iter(g.state.board.donations))
    assert_illegal(g, f"donate {taken}", "is taken")
    discs = g.state.players[0].discs
    g.apply("donate welfare_7vp")
    p = g.state.players[0]
    assert (p.money, p.donations, p.discs) == (7, 1, discs - 1)
    assert g.state.board.donations["welfare_7vp"] == [0]
    assert g.current_player == 1                               # one donation per player
    assert "donate welfare_7vp" not in legal(g)


@pytest.mark.parametrize("made, price", [(0, 5), (1, 10), (2, 15), (3, 20)])
def test_the_nth_donation_costs_5_times_n(made, price):
    g = donation_game(donated(0, made), set_player(pi=0, money=40))
    g.apply("donate hr_donations")
    assert g.state.players[0].money == 40 - price


@pytest.mark.parametrize("made, price", [(0, 3), (2, 9), (3, 12)])
def test_communications_makes_donations_cost_3_times_n(made, price):
    g = donation_game(donated(0, made), set_player(pi=0, money=40), give_department(0, "d2", "communications"))
    g.apply("donate hr_donations")
    assert g.state.players[0].money == 40 - price


def test_communications_needs_a_standing_employee():
    g = end_space_game(donated(0, 2), set_player(pi=0, money=12),
                       give_department(0, "d2", "communications", standing=0, lying=1))
    assert legal_verb(g, "donate") == set()
    assert_illegal(g, "donate hr_donations", "the donation costs $15 and Ada has $12")


def test_a_donation_needs_the_money():
    g = end_space_game(set_player(pi=0, money=4))
    assert legal_verb(g, "donate") == set()
    assert_illegal(g, "donate welfare_7vp", "the donation costs $5 and Ada has $4")


def test_a_player_who_cannot_donate_is_not_asked():
    g = donation_game(set_player(pi=0, money=4))
    assert g.decision.kind == "event" and g.current_player == 1


def test_donation_is_not_possible_in_an_income_event():
    g = income_game("west", missions(0, west=1))
    assert_illegal(g, "donate welfare_7vp", "allows no donation")


def test_donations_go_in_turn_order_one_each():
    g = donation_game()
    g.apply("donate welfare_7vp")
    g.apply("done")                                            # Bo does not donate
    g.apply("donate hr_donations")
    assert g.state.board.donations["welfare_7vp"] == [0]
    assert g.state.board.donations["hr_donations"] == [2]
    assert [p.donations for p in g.state.players] == [1, 0, 1]
    assert g.decision.kind == "turn"


# -- End spaces: both events -------------------------------------------------------------------------

def end_space_game(*changes):
    # HR row on its 4th space: the End space gives East income and a donation (6 rounds over: Ada,
    # seat 0, is the first player again)
    g = edit(started(3), markers(4, 1, 1, 0), missions(0, east=1), *changes)
    g.apply("choose HR")
    assert g.state.flow.income == "east" and g.state.flow.donation
    return g


def test_end_spaces_allow_income_then_donation():
    g = end_space_game()
    assert {"income 1", "donate welfare_7vp", "done"} <= legal(g)
    g.apply("income 1")
    assert g.current_player == 0 and "donate welfare_7vp" in legal(g)
    assert_illegal(g, "income 1", "pays no income")
    g.apply("donate welfare_7vp")
    p = g.state.players[0]
    assert p.money == 12 + 1 + HOUSING_INCOME - 5 and p.missions == {}
    assert g.current_player == 1


def test_end_spaces_allow_donation_then_income():
    g = end_space_game()
    g.apply("donate welfare_7vp")
    assert g.current_player == 0
    assert_illegal(g, "donate hr_donations", "allows no donation")
    assert legal_verb(g, "income") == {"income 1"}
    g.apply("income 1")
    assert g.state.players[0].money == 12 - 5 + 1 + HOUSING_INCOME
    assert g.current_player == 1


def test_end_spaces_let_a_player_take_one_event_only():
    g = end_space_game()
    g.apply("income 1")
    g.apply("done")
    assert g.state.players[0].donations == 0 and g.current_player == 1

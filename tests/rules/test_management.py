"""Management: Commerce & Finance (four options, two of them Missions), Strategic Planning (1 goods
next to an employee, else 2; no duplicates), New Lobby and Property Management."""
from __future__ import annotations

import pytest

from .conftest import (
    LOBBY,
    assert_illegal,
    edit,
    full_pool,
    give_department,
    legal,
    legal_verb,
    missions,
    no_reserve,
    set_player,
    staff,
    started,
    timeline_event,
    to_turn,
)

REGIONS = ("west", "midwest", "south", "east")


def mg_turn(*changes):
    return to_turn(edit(started(3), no_reserve(0), full_pool, *changes), "MG")


# -- Commerce & Finance --------------------------------------------------------------------------------

def test_commerce_and_finance_offers_four_options():
    g = mg_turn()
    assert legal_verb(g, "cf") == {"cf money", "cf goods"} | {
        f"cf {what} to {r}" for what in ("money", "goods") for r in REGIONS}


@pytest.mark.parametrize("action, money, goods, mission", [
    ("cf money", 3, 0, None), ("cf goods", 0, 1, None),
    ("cf money to south", 6, 0, "south"), ("cf goods to east", 0, 2, "east")])
def test_commerce_and_finance_options(action, money, goods, mission):
    g = mg_turn()
    g.apply(action)
    p = g.state.players[0]
    assert (p.money, p.goods) == (12 + money, 4 + goods)
    if mission:
        assert p.missions == {mission: 1} and "b2" not in p.standing
    else:
        assert p.missions == {} and p.standing["b2"] == [0]


def test_commerce_and_finance_mission_needs_a_real_region():
    g = mg_turn()
    assert_illegal(g, "cf money to atlantis", "unknown region")


# -- Strategic Planning --------------------------------------------------------------------------------

def test_strategic_planning_costs_2_goods_on_an_empty_space():
    g = mg_turn()
    pool = g.state.board.pool["sales"]
    g.apply("sp sales a2")
    p = g.state.players[0]
    assert p.goods == 4 - 2
    assert p.cells["a2"] == "sales" and p.built == ["sales"]
    assert g.state.board.pool["sales"] == pool - 1
    assert "a2" not in p.standing                            # a new department starts empty


def test_strategic_planning_costs_1_goods_where_an_employee_is():
    g = mg_turn(staff(0, "a2", lying=1))
    g.apply("sp sales a2")
    p = g.state.players[0]
    assert p.goods == 4 - 1
    assert p.lying["a2"] == 1
    g.apply("done")
    g.apply("activate a2")                                   # the employee stands up in the new department
    assert g.state.players[0].standing["a2"] == [0] and g.state.players[0].money == 12 - 1


def test_strategic_planning_needs_the_goods():
    g = mg_turn(set_player(pi=0, goods=1), staff(0, "d2", lying=1))
    assert {a.split()[2] for a in legal_verb(g, "sp")} == {"d2"}
    assert_illegal(g, "sp sales a2", "costs 2 goods and Ada has 1")
    g.apply("sp sales d2")
    assert g.state.players[0].goods == 0


def test_strategic_planning_only_on_empty_spaces():
    g = mg_turn()
    empty = {"a2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"}
    assert {a.split()[2] for a in legal_verb(g, "sp")} == empty
    assert_illegal(g, "sp sales b2", "b2 is not an empty space")
    assert_illegal(g, "sp sales b1", "b1 is not an empty space")


def test_a_company_never_has_two_identical_departments():
    g = mg_turn(give_department(0, "d2", "sales", standing=0))
    assert not any(a.startswith("sp sales ") for a in legal(g))
    assert_illegal(g, "sp sales a2", "already has Sales")


def test_strategic_planning_takes_tiles_from_the_pool_only():
    g = mg_turn(lambda st: st["board"]["pool"].update(sales=0))
    assert not any(a.startswith("sp sales ") for a in legal(g))
    assert_illegal(g, "sp sales a2", "no Sales tile is left")
    assert_illegal(g, "sp hr a2", "unknown department tile")


def test_strategic_planning_builds_once_per_standing_employee():
    g = mg_turn(staff(0, "c2", standing=2), set_player(pi=0, goods=10))
    g.apply("sp sales a2")
    g.apply("sp logistics d2")
    assert g.state.players[0].built == ["sales", "logistics"]
    assert g.current_player == 1 or "sp" not in {a.split()[0] for a in legal(g)}


# -- New Lobby -----------------------------------------------------------------------------------------

def test_new_lobby_costs_2_more_goods():
    g = mg_turn(set_player(pi=0, goods=4))
    g.apply("sp newlobby a2")
    assert g.state.players[0].goods == 0
    g = mg_turn(set_player(pi=0, goods=3), staff(0, "a2", lying=1))
    assert_illegal(g, "sp newlobby d2", "costs 4 goods and Ada has 3")
    g.apply("sp newlobby a2")
    assert g.state.players[0].goods == 0


def test_new_lobby_receives_arriving_employees_by_choice():
    g = edit(started(3), give_department(0, "a3", "new_lobby", standing=0), missions(0, west=2),
             timeline_event("HR", income="west"))
    g.apply("choose HR")
    lobby = g.state.players[0].lying[LOBBY]
    g.apply("income 2")
    assert g.decision.kind == "arrival" and g.current_player == 0
    assert legal(g) == {"lobby b1", "lobby a3", "sell"}
    assert_illegal(g, "lobby b2", "b2 is not a lobby")
    g.apply("lobby a3")
    g.apply("lobby b1")
    p = g.state.players[0]
    assert p.lying["a3"] == 1 and p.lying[LOBBY] == lobby + 1
    assert g.decision.kind != "arrival"


def test_new_lobby_receives_new_recruits_by_choice():
    g = to_turn(edit(started(3), give_department(0, "d2", "recruiting", standing=2),
                     give_department(0, "a3", "new_lobby", standing=0)), "HR")
    g.apply("recruiting hire to west")
    assert g.decision.kind == "arrival" and legal(g) == {"lobby b1", "lobby a3", "sell"}
    g.apply("lobby a3")
    assert g.decision.kind == "turn" and g.state.players[0].lying["a3"] == 1
    g.apply("recruiting moves")                                # the second use goes on
    assert g.state.flow.moves == 4


def test_new_lobby_works_without_employees_and_nobody_stands_there():
    g = edit(started(3), give_department(0, "a3", "new_lobby", standing=0, lying=2))
    g = to_turn(g, "HR")
    g.apply("done")
    assert g.decision.kind == "turn" and g.current_player == 1    # nothing to activate in a lobby


def test_without_a_new_lobby_arrivals_need_no_choice():
    g = edit(started(3), missions(0, west=1), timeline_event("HR", income="west"))
    g.apply("choose HR")
    g.apply("income 1")
    assert g.decision.kind != "arrival"


# -- Property Management -------------------------------------------------------------------------------

def test_property_management_moves_one_employee_into_the_new_department():
    g = mg_turn(give_department(0, "d2", "property_management"))
    g.apply("sp sales a2")
    assert g.decision.kind == "property" and g.current_player == 0
    assert legal(g) >= {"property b1", "property b2", "property d2", "done"}
    assert "property a1" not in legal(g)                     # the permanent HR employee stays
    g.apply("property b2")
    p = g.state.players[0]
    assert "b2" not in p.standing and p.lying["a2"] == 1
    # nothing else to use this turn: activation, where the moved employee can stand up
    assert g.decision.kind == "activate" and g.current_player == 0
    g.apply("activate a2")
    assert g.state.players[0].standing["a2"] == [0]
    assert g.state.players[0].money == 12 - 1


def test_property_management_move_is_optional():
    g = mg_turn(give_department(0, "d2", "property_management"), staff(0, "c2", standing=2),
                set_player(pi=0, goods=10))
    g.apply("sp sales a2")
    g.apply("done")
    assert g.decision.kind == "turn" and "a2" not in g.state.players[0].lying
    assert_illegal(g, "property b1", "not possible now")


def test_property_management_needs_a_standing_employee():
    g = mg_turn(give_department(0, "d2", "property_management", standing=0, lying=1),
                staff(0, "c2", standing=2), set_player(pi=0, goods=10))
    g.apply("sp sales a2")
    assert g.decision.kind == "turn"


def test_property_management_employee_comes_from_another_space():
    g = mg_turn(give_department(0, "d2", "property_management"), staff(0, "c2", standing=2),
                set_player(pi=0, goods=10), staff(0, "a2", lying=1))
    g.apply("sp sales a2")
    assert "property a2" not in legal(g)
    assert_illegal(g, "property a2", "must come from another space")

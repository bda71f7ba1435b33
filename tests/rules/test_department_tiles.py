"""Every base Department tile: one use and one refused use each (New Lobby, Property Management,
Communications and Telegraph Operators are also covered where their effect shows: management,
events and research tests)."""
from __future__ import annotations

import pytest

import carnegie_lab as cl

from .conftest import (
    LOBBY,
    assert_illegal,
    clear_board,
    donated,
    donation,
    edit,
    give_department,
    legal,
    legal_verb,
    set_player,
    started,
    to_turn,
)


def everybody_hired(pi):
    """Change: the personal supply is empty, all 15 employees are in the company."""
    def change(st):
        p = st["players"][pi]
        p["lying"][LOBBY] = p["lying"].get(LOBBY, 0) + p["supply"]
        p["supply"] = 0
    return change


def turn(row, dept, cell="d2", standing=1, *changes):
    return to_turn(edit(started(3), give_department(0, cell, dept, standing=standing), *changes), row)


# -- HR tiles ------------------------------------------------------------------------------------------

def test_training_and_partnerships_mission_for_8_dollars():
    g = turn("HR", "training_partnerships")
    g.apply("training money to west")
    p = g.state.players[0]
    assert p.money == 12 + 8 and p.missions == {"west": 1} and "d2" not in p.standing


def test_training_and_partnerships_mission_for_8_moves():
    g = turn("HR", "training_partnerships")
    g.apply("training moves to east")
    assert g.state.flow.moves == 8 and g.state.players[0].missions == {"east": 1}
    assert_illegal(g, "training money to west", "Training & Partnerships was already used this turn")


def test_recruiting_hires_a_new_employee_into_the_lobby():
    g = turn("HR", "recruiting", "d2", 2)
    supply, lying = g.state.players[0].supply, g.state.players[0].lying[LOBBY]
    g.apply("recruiting hire to south")
    p = g.state.players[0]
    assert p.supply == supply - 1 and p.lying[LOBBY] == lying + 1
    assert p.missions == {"south": 1}
    g.apply("recruiting moves")                               # the second use: 4 moves, no Mission
    assert g.state.flow.moves == 4 and g.state.players[0].missions == {"south": 1}


def test_recruiting_cannot_hire_from_an_empty_supply():
    g = turn("HR", "recruiting", "d2", 1, everybody_hired(0))
    assert legal_verb(g, "recruiting") == {"recruiting moves"}
    assert_illegal(g, "recruiting hire to west", "no employee left in the personal supply")


@pytest.mark.parametrize("extra, vp", [(0, 2), (1, 2), (2, 3)])
def test_safety_and_quality_gives_1_vp_per_2_active_employees_rounded_down(extra, vp):
    # 4 active on the starting departments (the permanent HR employee not counted) + Safety's own,
    # who leaves on the Mission first; `extra` more stand in Commerce & Finance
    g = turn("HR", "safety_quality", "d2", 1, give_department(0, "b2", "commerce_finance", standing=1 + extra))
    g.apply("safety to midwest")
    p = g.state.players[0]
    assert p.vp == vp and p.missions == {"midwest": 1}
    assert (4 + extra) // 2 == vp


def test_safety_and_quality_needs_a_region():
    g = turn("HR", "safety_quality")
    assert_illegal(g, "safety to atlantis", "unknown region")


# -- Management tiles -----------------------------------------------------------------------------------

@pytest.mark.parametrize("action, money, goods", [("purchasing goods to west", 0, 3),
                                                  ("purchasing money to east", 8, 0)])
def test_purchasing_mission_for_3_goods_or_8_dollars(action, money, goods):
    g = turn("MG", "purchasing")
    g.apply(action)
    p = g.state.players[0]
    assert (p.money, p.goods) == (12 + money, 4 + goods) and sum(p.missions.values()) == 1


def test_purchasing_is_a_management_department():
    g = turn("CO", "purchasing")
    assert_illegal(g, "purchasing goods to west", "Purchasing is a MG department and this turn uses CO")


def test_sales_pays_6_dollars_per_goods_up_to_3():
    g = turn("MG", "sales")
    assert legal_verb(g, "sales") == {"sales 1", "sales 2", "sales 3"}
    g.apply("sales 3")
    p = g.state.players[0]
    assert (p.money, p.goods, p.missions) == (12 + 18, 1, {})


def test_sales_needs_the_goods():
    g = turn("MG", "sales", "d2", 1, set_player(pi=0, goods=2))
    assert legal_verb(g, "sales") == {"sales 1", "sales 2"}
    assert_illegal(g, "sales 3", "costs 3 goods and Ada has 2")
    assert_illegal(g, "sales 4", "at most 3 goods")


def test_logistics_pays_3_dollars_and_1_vp_per_goods():
    g = turn("MG", "logistics")
    g.apply("logistics 2")
    p = g.state.players[0]
    assert (p.money, p.goods, p.vp) == (18, 2, 2)


def test_logistics_needs_the_goods():
    g = turn("MG", "logistics", "d2", 1, set_player(pi=0, goods=0))
    assert not legal_verb(g, "logistics")
    assert_illegal(g, "logistics 1", "costs 1 goods and Ada has 0")


# -- Construction tiles ---------------------------------------------------------------------------------

def test_engineering_builds_with_a_mission():
    g = turn("CO", "engineering", "d2", 1, clear_board)
    g.apply("engineering C boston")
    p = g.state.players[0]
    assert p.goods == 3 and p.missions == {"east": 1} and "d2" not in p.standing
    assert g.state.board.sites["boston/1"] == (0, "C")
    assert p.standing["c1"] == [0]                           # Construction itself is untouched


def test_engineering_needs_the_goods():
    g = turn("CO", "engineering", "d2", 1, clear_board, set_player(pi=0, goods=1))
    assert_illegal(g, "engineering I chicago", "costs 2 goods and Ada has 1")


def test_construction_outsourcing_builds_for_3_dollars_without_a_mission():
    g = turn("CO", "construction_outsourcing", "d2", 1, clear_board)
    g.apply("outsourcing I chicago")
    p = g.state.players[0]
    assert (p.money, p.goods, p.missions) == (12 - 3, 4 - 2, {})
    assert p.standing["d2"] == [0]
    assert g.state.board.sites["chicago/0"] == (0, "I")


def test_construction_outsourcing_needs_the_money():
    g = turn("CO", "construction_outsourcing", "d2", 1, clear_board, set_player(pi=0, money=2))
    assert not legal_verb(g, "outsourcing")
    assert_illegal(g, "outsourcing C boston", "costs $3 and Ada has $2")


def test_supply_chain_buys_up_to_3_goods_for_1_dollar_each():
    g = turn("CO", "supply_chain")
    g.apply("supply 3")
    p = g.state.players[0]
    assert (p.money, p.goods) == (9, 7)


def test_supply_chain_needs_the_money():
    g = turn("CO", "supply_chain", "d2", 1, set_player(pi=0, money=2))
    assert legal_verb(g, "supply") == {"supply 1", "supply 2"}
    assert_illegal(g, "supply 3", "costs $3 and Ada has $2")
    assert_illegal(g, "supply 4", "at most 3 goods")


def test_communications_has_no_use_of_its_own():
    g = turn("CO", "communications")
    assert not any(a.startswith("communications") for a in legal(g))
    with pytest.raises(cl.NotationError):
        g.apply("communications")


# -- R&D tiles ------------------------------------------------------------------------------------------

def test_advanced_research_mission_for_7_study_points():
    g = turn("RD", "advanced_research")
    g.apply("advresearch to south")
    assert g.state.flow.study == 7 and g.state.players[0].missions == {"south": 1}
    assert_illegal(g, "advresearch to west", "Advanced Research was already used this turn")


def test_advanced_design_gives_4_study_points_per_standing_employee():
    g = turn("RD", "advanced_design", "d2", 2)
    g.apply("design")
    assert g.state.flow.study == 8 and g.state.players[0].missions == {}
    g.apply("rd")                                              # study points add up over the turn
    assert g.state.flow.study == 10
    assert_illegal(g, "design", "already used")


def charity_turn(*changes):
    return turn("RD", "charitable_giving", "d2", 1, clear_board, *changes)


def test_charitable_giving_stacks_on_another_players_donation():
    g = charity_turn(donation("welfare_7vp", 1), donated(0, 1))
    assert legal_verb(g, "charity") == {f"charity welfare_7vp to {r}" for r in ("west", "midwest", "south", "east")}
    discs = g.state.players[0].discs
    g.apply("charity welfare_7vp to west")
    p = g.state.players[0]
    assert g.state.board.donations["welfare_7vp"] == [1, 0]
    assert (p.money, p.donations, p.discs, p.missions) == (12 - 10, 2, discs - 1, {"west": 1})


def test_charitable_giving_is_never_the_same_donation_twice():
    g = charity_turn(donation("welfare_7vp", 1, 0), donation("hr_donations", 0, 2))
    assert not legal_verb(g, "charity")
    assert_illegal(g, "charity welfare_7vp to west", "Ada already donated to Welfare: 7 VP")
    assert_illegal(g, "charity hr_donations to west", "already donated")


def test_charitable_giving_needs_another_players_donation():
    g = charity_turn(donation("welfare_7vp", "neutral"))
    assert_illegal(g, "charity hr_donations to west", "has no donation to join yet")
    assert_illegal(g, "charity welfare_7vp to west", "blocked by a neutral disc")


def test_charitable_giving_pays_the_donation_price():
    g = charity_turn(donation("welfare_7vp", 1), donated(0, 1), set_player(pi=0, money=9))
    assert_illegal(g, "charity welfare_7vp to west", "the donation costs $10 and Ada has $9")
    g = charity_turn(donation("welfare_7vp", 1), donated(0, 1), set_player(pi=0, money=9),
                     give_department(0, "a2", "communications"))
    g.apply("charity welfare_7vp to west")                     # $6 with Communications
    assert g.state.players[0].money == 3


def test_charitable_giving_onto_a_stack_of_two():
    g = charity_turn(donation("welfare_7vp", 1, 2))
    g.apply("charity welfare_7vp to west")
    assert g.state.board.donations["welfare_7vp"] == [1, 2, 0]


def test_telegraph_operators_has_no_use_of_its_own():
    g = turn("RD", "telegraph_operators")
    assert not any(a.startswith("telegraph") for a in legal(g))
    with pytest.raises(cl.NotationError):
        g.apply("telegraph")

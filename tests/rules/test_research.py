"""R&D: study points per standing employee, tab reveals and track steps paid in study points, unused
points lost, Telegraph Operators -1 (minimum 1), final box reward for one player only."""
from __future__ import annotations

import pytest

from carnegie_lab.rules.research import discs_on_tab

from .conftest import (
    C,
    assert_illegal,
    donated,
    edit,
    finish_turn,
    give_department,
    legal,
    legal_verb,
    staff,
    started,
    tab,
    to_turn,
    tracks,
)


def rd_turn(*changes):
    return to_turn(edit(started(3), *changes), "RD")


@pytest.mark.parametrize("standing", [1, 2, 3])
def test_two_study_points_per_standing_rd_employee(standing):
    g = rd_turn(staff(0, "d1", standing=standing))
    assert g.state.flow.study == 0 and not legal_verb(g, "tab")
    g.apply("rd")
    assert g.state.flow.study == 2 * standing
    assert_illegal(g, "rd", "already used")


def test_a_tab_step_reveals_a_project_and_puts_a_disc_on_it():
    g = rd_turn()
    g.apply("rd")
    discs = g.state.players[0].discs
    assert legal_verb(g, "tab") == {"tab H", "tab C", "tab I"}      # the PI step costs 3
    g.apply("tab H")                                                 # 1 study point
    p = g.state.players[0]
    assert p.tabs["H"] == (2, 1) and p.discs == discs - 1
    assert discs_on_tab(g.rules, p, "H") == 1
    assert g.state.flow.study == 1
    assert_illegal(g, "tab C", "costs 2 study points and 1 are left")


@pytest.mark.parametrize("ptype", ["H", "C", "I", "P"])
def test_tab_step_costs(ptype):
    g = rd_turn(staff(0, "d1", standing=3))
    g.apply("rd")
    cost = C.tabs[ptype].sides["A"][1].cost
    g.apply(f"tab {ptype}")
    assert g.state.flow.study == 6 - cost


def test_several_steps_in_one_turn():
    g = rd_turn(staff(0, "d1", standing=3))
    g.apply("rd")
    for step in ("tab H", "tab H", "track midwest", "track south"):
        g.apply(step)
    p = g.state.players[0]
    assert p.tabs["H"][0] == 3 and p.tracks["midwest"] == 1 and p.tracks["south"] == 1
    assert g.state.flow.study == 6 - 1 - 1 - 1 - 1


def test_a_fully_revealed_tab_cannot_move():
    g = rd_turn(tab(0, "H", 7))
    g.apply("rd")
    assert_illegal(g, "tab H", "fully revealed")


def no_disc_left(pi):
    """Change: the player's personal supply of discs is empty: every project space of the other tabs
    is revealed (a disc on each) and the other discs went to donations."""
    def change(st):
        for ptype in ("C", "I", "P"):
            tab(pi, ptype, 4)(st)
        p = st["players"][pi]
        donated(pi, p["donations"] + p["discs"])(st)
        assert p["discs"] == 0
    return change


def test_vp_spaces_of_a_tab_need_no_disc():
    g = rd_turn(tab(0, "H", 4), no_disc_left(0))
    g.apply("rd")
    g.apply("tab H")                                                 # the first VP space
    assert g.state.players[0].tabs["H"][0] == 5
    g = rd_turn(no_disc_left(0))
    g.apply("rd")
    assert_illegal(g, "tab H", "no disc left")


@pytest.mark.parametrize("region, cost", [("west", 2), ("midwest", 1), ("south", 1), ("east", 3)])
def test_track_step_costs(region, cost):
    g = rd_turn(staff(0, "d1", standing=2))
    g.apply("rd")
    g.apply(f"track {region}")
    assert g.state.players[0].tracks[region] == 1
    assert g.state.flow.study == 4 - cost


def test_a_track_step_needs_the_study_points():
    g = rd_turn(tracks(0, west=2))
    g.apply("rd")
    assert "track west" not in legal(g)
    assert_illegal(g, "track west", "costs 4 study points and 2 are left")


def test_unused_study_points_are_lost_at_the_end_of_the_turn():
    g = rd_turn()
    g.apply("rd")
    g.apply("tab H")
    assert g.state.flow.study == 1
    finish_turn(g)
    assert g.current_player == 1 and g.state.flow.study == 0
    g.apply("rd")
    assert g.state.flow.study == 2


@pytest.mark.parametrize("region, space, cost", [("west", 0, 1), ("west", 3, 4), ("midwest", 0, 1),
                                                 ("east", 0, 2), ("east", 2, 1)])
def test_telegraph_operators_cut_track_steps_by_1_to_a_minimum_of_1(region, space, cost):
    g = rd_turn(give_department(0, "d2", "telegraph_operators"), tracks(0, **{region: space}),
                staff(0, "d1", standing=3))
    g.apply("rd")
    g.apply(f"track {region}")
    assert g.state.flow.study == 6 - cost


def test_telegraph_operators_do_not_cut_tab_steps():
    g = rd_turn(give_department(0, "d2", "telegraph_operators"))
    g.apply("rd")
    g.apply("tab C")
    assert g.state.flow.study == 0


def test_telegraph_operators_need_a_standing_employee():
    g = rd_turn(give_department(0, "d2", "telegraph_operators", standing=0, lying=1))
    g.apply("rd")
    assert_illegal(g, "track east", "costs 3 study points and 2 are left")


@pytest.mark.parametrize("region, reward", [("west", {"goods": 3}), ("midwest", {"money": 10}),
                                            ("south", {"goods": 3}), ("east", {"money": 10})])
def test_the_final_box_gives_its_reward(region, reward):
    g = rd_turn(tracks(0, **{region: 3}), staff(0, "d1", standing=3))
    g.apply("rd")
    g.apply(f"track {region}")
    p = g.state.players[0]
    assert p.tracks[region] == 4
    assert (p.money, p.goods) == (12 + reward.get("money", 0), 4 + reward.get("goods", 0))
    assert_illegal(g, f"track {region}", "already in the final box")


def test_only_one_player_may_occupy_a_final_box():
    g = rd_turn(tracks(0, south=3), tracks(1, south=4), staff(0, "d1", standing=3))
    g.apply("rd")
    assert "track south" not in legal(g)
    assert_illegal(g, "track south", "the south final box is taken")
    assert "track west" in legal(g)


def test_reaching_the_final_box_before_another_player_blocks_them():
    g = rd_turn(tracks(0, south=3), tracks(1, south=3), staff(0, "d1", standing=3),
                staff(1, "d1", standing=3))
    g.apply("rd")
    g.apply("track south")
    finish_turn(g)
    assert g.current_player == 1
    g.apply("rd")
    assert_illegal(g, "track south", "final box is taken")

"""Human Resources: 3 moves per standing HR employee (the permanent one included), counted at the
start of the turn; orthogonal steps; moving a standing employee lays it down; a lying one goes first."""
from __future__ import annotations

import pytest

from .conftest import assert_illegal, edit, give_department, legal, legal_verb, staff, started, to_turn


def hr_turn(*changes):
    return to_turn(edit(started(3), *changes), "HR")


@pytest.mark.parametrize("standing, moves", [(1, 3), (2, 6), (3, 9)])
def test_three_moves_per_standing_hr_employee_including_the_permanent_one(standing, moves):
    g = hr_turn(staff(0, "a1", standing=standing))
    assert g.state.flow.hr_moves == moves
    assert g.state.flow.moves == 0
    g.apply("hr")
    assert g.state.flow.moves == moves
    assert_illegal(g, "hr", "already used")                  # one use gives all the moves


def test_the_permanent_employee_cannot_be_moved_or_activated_elsewhere():
    g = hr_turn()
    g.apply("hr")
    assert not any(a.startswith("move a1 ") for a in legal(g))
    assert_illegal(g, "move a1 a2", "no employee in a1 can move")


def test_moves_are_counted_at_the_start_of_the_turn():
    # Training gives 8 moves; moving the second HR employee away does not cut the HR moves
    g = hr_turn(staff(0, "a1", standing=2), give_department(0, "d2", "training_partnerships"))
    g.apply("training moves to west")
    assert g.state.flow.moves == 8
    g.apply("move a1 a2")
    assert g.state.players[0].standing["a1"] == [0]
    g.apply("hr")
    assert g.state.flow.moves == 7 + 6


def test_moving_needs_moves():
    g = hr_turn()
    assert not legal_verb(g, "move")
    assert_illegal(g, "move b1 b2", "no employee moves left")


def test_moves_are_orthogonal_steps():
    g = hr_turn()
    g.apply("hr")
    assert legal_verb(g, "move") >= {"move b1 a1", "move b1 c1", "move b1 b2"}
    assert not {a for a in legal_verb(g, "move") if a.startswith("move b1 ")} - {
        "move b1 a1", "move b1 c1", "move b1 b2"}
    assert_illegal(g, "move b1 a2", "not next to b1")
    assert_illegal(g, "move b1 c2", "not next to b1")
    assert_illegal(g, "move b1 b3", "not next to b1")


def test_moves_go_through_empty_spaces_and_the_lobby():
    g = hr_turn()
    g.apply("hr")
    g.apply("move b1 b2")
    g.apply("move b2 a2")                                     # an empty space
    g.apply("move a2 a3")
    p = g.state.players[0]
    assert p.lying == {"b1": 4, "a3": 1}
    assert g.state.flow.moves == 0


def test_moving_a_standing_employee_lays_it_down():
    g = hr_turn()
    g.apply("hr")
    g.apply("move b2 a2")
    p = g.state.players[0]
    assert "b2" not in p.standing
    assert p.lying["a2"] == 1


def test_moving_takes_a_lying_employee_first():
    g = hr_turn(staff(0, "b2", standing=1, lying=1))
    g.apply("hr")
    g.apply("move b2 c2")
    p = g.state.players[0]
    assert p.standing["b2"] == [0] and "b2" not in p.lying
    assert p.lying["c2"] == 1
    g.apply("move b2 c2")                                     # now the standing one
    assert "b2" not in g.state.players[0].standing


def test_moved_employees_stand_up_only_at_the_end_of_the_turn():
    g = hr_turn()
    g.apply("hr")
    g.apply("move b1 b2")
    assert g.state.players[0].standing["b2"] == [0]
    assert_illegal(g, "activate b2", "not possible now")
    g.apply("done")
    assert g.decision.kind == "activate" and g.current_player == 0
    g.apply("activate b2")
    assert g.state.players[0].standing["b2"] == [0, 1]


def test_unused_moves_are_lost():
    g = hr_turn()
    g.apply("hr")
    g.apply("move b1 b2")
    g.apply("done")
    assert g.state.flow.moves == 0

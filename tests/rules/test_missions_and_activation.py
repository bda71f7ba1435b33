"""Missions (only the acting employee leaves, and only if the rest of the effect can be paid) and the
end-of-turn activation (the cheapest free workstation is paid); a company never exceeds 15 employees."""
from __future__ import annotations

from .conftest import (
    assert_illegal,
    clear_board,
    edit,
    finish_turn,
    give_department,
    legal,
    legal_verb,
    missions,
    set_player,
    staff,
    started,
    supply,
    timeline_event,
    to_turn,
    total_employees,
    tracks,
)

# -- Missions ------------------------------------------------------------------------------------------

def test_only_the_acting_employee_goes_on_the_mission():
    g = to_turn(edit(started(3), staff(0, "b2", standing=3, lying=1)), "MG")
    before = g.state.players[0]
    others = {c: list(ws) for c, ws in before.standing.items() if c != "b2"}
    lying = dict(before.lying)
    g.apply("cf money to west")
    p = g.state.players[0]
    assert p.missions == {"west": 1}
    assert len(p.standing["b2"]) == 2                        # the two others keep standing
    assert {c: ws for c, ws in p.standing.items() if c != "b2"} == others
    assert p.lying == lying                                  # lying employees never go
    assert total_employees(g, 0) == 15


def test_employees_on_missions_are_not_active():
    g = to_turn(edit(started(3)), "MG")
    active = g.scores()["Ada"].employees
    g.apply("cf money to west")
    assert g.scores()["Ada"].employees == active - 1


def test_a_mission_cannot_start_when_the_rest_cannot_be_paid():
    g = to_turn(edit(started(3), clear_board, set_player(pi=1, goods=1)), "CO")
    assert g.current_player == 0
    finish_turn(g)
    assert g.current_player == 1
    assert not any(a.startswith("co I ") for a in legal(g))
    assert_illegal(g, "co I chicago", "costs 2 goods and Bo has 1")
    assert g.state.players[1].missions == {}


def test_employees_may_go_on_missions_to_any_region():
    g = to_turn(started(3), "MG")
    assert {a.split()[-1] for a in legal_verb(g, "cf") if " to " in a} == {"west", "midwest", "south", "east"}


# -- Activation ----------------------------------------------------------------------------------------

def activation(*changes, row="MG"):
    g = to_turn(edit(started(3), *changes), row)
    g.apply("done")
    assert g.decision.kind == "activate" and g.current_player == 0
    return g


def test_activation_pays_the_cheapest_free_workstation():
    g = activation(staff(0, "a1", lying=2), staff(0, "b2", lying=2), set_player(pi=0, money=10))
    assert legal_verb(g, "activate") == {"activate a1", "activate b2"}
    g.apply("activate a1")                                     # HR: $0 then $2
    g.apply("activate a1")
    g.apply("activate b2")                                     # C&F: $1 then $2
    g.apply("activate b2")
    p = g.state.players[0]
    assert p.money == 10 - 0 - 2 - 1 - 2
    assert p.standing["a1"] == [0, 1, 2] and p.standing["b2"] == [0, 1, 2]


def test_activation_needs_a_free_workstation():
    g = activation(staff(0, "b2", standing=3, lying=1), staff(0, "c1", lying=1))
    assert "activate b2" not in legal(g)
    assert_illegal(g, "activate b2", "every workstation of Commerce & Finance is taken")


def test_activation_needs_the_money():
    g = activation(staff(0, "b2", standing=2, lying=1), staff(0, "c1", lying=1), set_player(pi=0, money=1))
    assert legal_verb(g, "activate") == {"activate c1"}
    assert_illegal(g, "activate b2", "the workstation costs $2 and Ada has $1")


def test_activation_needs_a_department():
    g = activation(staff(0, "c1", lying=1), lambda st: st["players"][0]["lying"].update(a2=1, b1=3))
    assert legal_verb(g, "activate") == {"activate c1"}
    assert_illegal(g, "activate a2", "a2 has no department to work in")
    assert_illegal(g, "activate b1", "has no department")
    assert_illegal(g, "activate d1", "no lying employee in d1")


def test_activation_is_optional_and_then_the_next_player_acts():
    g = activation(staff(0, "b2", lying=1))
    g.apply("done")
    assert g.decision.kind == "turn" and g.current_player == 1
    assert g.state.players[0].lying["b2"] == 1


def test_activation_is_skipped_when_nobody_can_stand_up():
    g = to_turn(started(3), "MG")
    g.apply("done")
    assert g.decision.kind == "turn" and g.current_player == 1


def test_an_employee_leaving_frees_the_cheapest_workstation():
    # the employee sent away frees the cheapest occupied workstation: the next activation there is free
    g = to_turn(edit(started(3), staff(0, "b2", standing=2, lying=1)), "MG")
    g.apply("cf money to west")
    assert g.state.players[0].standing["b2"] == [1]
    g.apply("done")
    g.apply("activate b2")
    assert g.state.players[0].money == 12 + 6
    assert g.state.players[0].standing["b2"] == [0, 1]


def test_standing_employees_stay_standing_from_round_to_round():
    g = to_turn(started(3), "MG")
    standing = {c: list(ws) for c, ws in g.state.players[0].standing.items()}
    while g.round == 1:
        g.apply("done")
    assert g.state.players[0].standing == standing


# -- 15 employees --------------------------------------------------------------------------------------

def test_employees_never_exceed_15():
    g = edit(started(3), supply(0, 0), missions(0, east=2), tracks(0, east=2), timeline_event("HR", income="east"))
    assert total_employees(g, 0) == 15
    g.apply("choose HR")
    g.apply("income 2")                                       # East space 3 pays a new employee each ...
    p = g.state.players[0]
    assert p.supply == 0 and total_employees(g, 0) == 15      # ... but nobody is left to come


def test_recruiting_stops_at_15():
    g = to_turn(edit(started(3), give_department(0, "d2", "recruiting", standing=2), supply(0, 1)), "HR")
    g.apply("recruiting hire to west")
    assert g.state.players[0].supply == 0 and total_employees(g, 0) == 15
    assert legal_verb(g, "recruiting") == {"recruiting moves"}
    assert_illegal(g, "recruiting hire to west", "no employee left in the personal supply")

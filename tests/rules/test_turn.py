"""Use Departments: only the chosen type, once per standing employee, one department at a time,
the Action Choice tile, and selling goods."""
from __future__ import annotations

from .conftest import (
    advance_to,
    assert_illegal,
    edit,
    finish_turn,
    full_pool,
    legal,
    legal_verb,
    no_reserve,
    set_player,
    staff,
    started,
    to_turn,
)


def verbs(g) -> set[str]:
    return {a.split()[0] for a in legal(g)}


def test_only_departments_of_the_chosen_type_can_be_used():
    g = to_turn(started(3), "MG")
    assert g.state.flow.turn_type == "MG"
    assert verbs(g) == {"cf", "sp", "sell", "done"}
    assert_illegal(g, "co H boston", "Construction is a CO department and this turn uses MG")
    assert_illegal(g, "rd", "this turn uses MG")
    assert_illegal(g, "hr", "this turn uses MG")


def test_each_type_uses_its_own_starting_department():
    for row, verb in [("HR", "hr"), ("CO", "co"), ("RD", "rd")]:
        g = to_turn(started(3), row)
        assert verb in verbs(g) and "cf" not in verbs(g)


def test_a_department_is_used_once_per_standing_employee():
    g = to_turn(edit(started(3), staff(0, "b2", standing=2)), "MG")
    g.apply("cf money")
    g.apply("cf goods")
    assert (g.state.players[0].money, g.state.players[0].goods) == (15, 5)
    assert "cf money" not in legal(g)
    assert_illegal(g, "cf money", "Commerce & Finance was already used this turn")


def test_a_department_without_standing_employee_cannot_be_used():
    g = to_turn(edit(started(3), staff(0, "b2", standing=0, lying=1)), "MG")
    assert not legal_verb(g, "cf")
    assert_illegal(g, "cf money", "no employee stands in Commerce & Finance")


def test_using_another_department_closes_the_first_one():
    g = to_turn(edit(started(3), staff(0, "b2", standing=3), staff(0, "c2", standing=2), no_reserve(0),
                     full_pool, set_player(pi=0, goods=10)), "MG")
    g.apply("cf money")                                       # 2 uses of C&F left ...
    g.apply("sp sales a2")                                    # ... but Strategic Planning closes it
    assert g.current_player == 0 and "sp logistics a3" in legal(g)
    assert_illegal(g, "cf money", "already used this turn")
    assert g.state.players[0].money == 15
    g.apply("sp logistics a3")                                # nothing left to use: Bo's turn
    assert g.current_player == 1


def test_a_department_with_uses_left_stays_open_until_another_is_used():
    g = to_turn(edit(started(3), staff(0, "b2", standing=3)), "MG")
    g.apply("cf money")
    g.apply("cf money")
    assert "cf money" in legal(g)
    g.apply("cf money")
    assert g.state.players[0].money == 21
    assert_illegal(g, "cf money", "already used")


def test_done_ends_the_turn_and_the_next_player_acts():
    g = to_turn(started(3), "MG")
    g.apply("cf money")
    g = finish_turn(g)
    assert g.decision.kind == "turn" and g.current_player == 1
    assert "cf money" in legal(g)                            # a fresh turn for Bo


# -- Action Choice tile --------------------------------------------------------------------------------

def third_player_turn(row="MG", *changes):
    g = to_turn(edit(started(3), *changes), row)
    finish_turn(g)
    finish_turn(g)
    assert g.current_player == 2
    return g


def test_the_action_choice_tile_uses_departments_of_another_type():
    g = third_player_turn("MG")
    assert legal_verb(g, "switch") == {"switch HR", "switch CO", "switch RD"}
    assert_illegal(g, "switch MG", "already uses MG")
    g.apply("switch CO")
    p = g.state.players[2]
    assert not p.action_choice
    assert g.state.flow.turn_type == "CO"
    assert "co H boston" in legal(g) or any(a.startswith("co ") for a in legal(g))
    assert_illegal(g, "cf money", "this turn uses CO")
    assert "switch" not in verbs(g)
    assert_illegal(g, "switch RD", "has no Action Choice tile")


def test_switching_to_hr_gives_the_moves_counted_at_the_start_of_the_turn():
    g = third_player_turn("MG", staff(2, "a1", standing=2))
    g.apply("switch HR")
    assert legal(g) == {"hr", "done", "sell"}
    g.apply("hr")
    assert g.state.flow.moves == 6


def test_the_action_choice_tile_must_be_played_before_any_department():
    g = third_player_turn("MG")
    g.apply("cf money")
    assert "switch" not in verbs(g)
    assert_illegal(g, "switch CO", "before using any department")


def test_players_without_a_tile_cannot_switch():
    g = to_turn(started(3), "MG")
    assert "switch" not in verbs(g)
    assert_illegal(g, "switch CO", "Ada has no Action Choice tile")


def test_the_first_player_cannot_use_the_action_choice_tile():
    g = to_turn(edit(started(4)), "MG")
    assert g.state.players[0].action_choice
    assert "switch" not in verbs(g)
    assert_illegal(g, "switch CO", "first player cannot override")
    finish_turn(g)
    assert legal_verb(g, "switch") == {"switch HR", "switch CO", "switch RD"}   # Bo may


def test_an_unused_action_choice_tile_scores_3_vp():
    g = third_player_turn("MG")
    assert g.scores()["Cy"].action_choice == 3
    assert g.scores()["Ada"].action_choice == 0
    g.apply("switch RD")
    assert g.scores()["Cy"].action_choice == 0


# -- Selling goods -------------------------------------------------------------------------------------

def test_goods_can_be_sold_for_1_dollar_at_any_time():
    g = started(3)
    for kind in ("choose", "turn"):
        g = advance_to(g, kind) if kind != "turn" else to_turn(g, "RD")
        pi = g.current_player
        money, goods = g.state.players[pi].money, g.state.players[pi].goods
        assert "sell" in legal(g)
        g.apply("sell")
        assert (g.state.players[pi].money, g.state.players[pi].goods) == (money + 1, goods - 1)
        assert g.decision.kind == kind and g.current_player == pi


def test_selling_needs_goods():
    g = edit(started(3), set_player(pi=0, goods=0))
    assert "sell" not in legal(g)
    assert_illegal(g, "sell", "no goods to sell")


def test_a_player_with_nothing_to_do_is_skipped():
    # Ada has no goods and no study: in a CO turn she cannot build, so her turn passes by itself
    g = to_turn(edit(started(3), set_player(pi=0, goods=0)), "CO")
    assert g.current_player == 1

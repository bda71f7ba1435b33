"""A round: choosing a Timeline row, the event of the space right of its marker, the row-end rule,
20 rounds, and the first player passing clockwise."""
from __future__ import annotations

import pytest

from .conftest import ROWS, C, advance_to, assert_illegal, edit, legal, markers, started, to_turn

TILES = {t.number: t for t in C.timeline.tiles}


def expected_event(g, row: int, k: int):
    """Space k (1..5) of a row read off the tiles in play (tile j is column j; the End tile is 5)."""
    if k == 5:
        ev = C.timeline.end_spaces[ROWS[row]]
    else:
        number, side = g.state.board.timeline[k - 1]
        ev = TILES[number].sides[side][row]
    return ev.income, ev.donation


def end_round(g):
    """Everybody passes: back to the next "choose" decision (or the end of the game)."""
    rnd = g.round
    while not g.is_over and not (g.decision.kind == "choose" and g.round > rnd):
        g.apply("done")
    return g


@pytest.mark.parametrize("row", ROWS)
def test_the_event_is_on_the_space_right_of_the_chosen_marker(row):
    r = ROWS.index(row)
    for start in (0, 2, 4):
        g = edit(started(3, seed=5), markers(*[start] * 4))
        g.apply(f"choose {row}")
        f = g.state.flow
        assert (f.income, f.donation) == expected_event(g, r, start + 1)
        assert f.chosen == row and f.event_row == r


def test_the_end_tile_spaces_allow_both_events():
    for r, row in enumerate(ROWS):
        assert expected_event(started(2), r, 5)[1] is True
        g = edit(started(2), markers(4, 4, 4, 4))
        g.apply(f"choose {row}")
        assert g.state.flow.income == {"HR": "east", "MG": "midwest", "CO": "south", "RD": "west"}[row]
        assert g.state.flow.donation


def test_each_tile_space_has_one_event():
    g = started(2, seed=8)
    for r in range(4):
        for k in range(1, 5):
            income, donation = expected_event(g, r, k)
            assert (income is None) == donation


def test_the_chosen_marker_advances_one_space_at_round_end():
    g = to_turn(started(3), "MG")
    assert g.state.board.markers == [0, 0, 0, 0]                # not before the end of the round
    end_round(g)
    assert g.state.board.markers == [0, 1, 0, 0]
    assert g.round == 2


def test_a_row_on_its_last_space_gives_the_event_of_the_next_row_down():
    g = edit(started(3), markers(0, 0, 5, 1))
    g.apply("choose CO")
    f = g.state.flow
    assert f.chosen == "CO" and f.event_row == 3                 # R&D row below Construction
    assert (f.income, f.donation) == expected_event(g, 3, 2)
    g = advance_to(g, "turn")
    assert g.state.flow.turn_type == "CO"                        # the chosen type is still used
    assert any(a.startswith("co ") for a in legal(g))
    end_round(g)
    assert g.state.board.markers == [0, 0, 5, 2]                 # the turned marker advanced


def test_the_row_end_rule_wraps_from_rd_to_hr():
    g = edit(started(3), markers(1, 0, 0, 5))
    g.apply("choose RD")
    assert g.state.flow.event_row == 0
    assert (g.state.flow.income, g.state.flow.donation) == expected_event(g, 0, 2)
    assert end_round(g).state.board.markers == [2, 0, 0, 5]


def test_the_row_end_rule_skips_rows_that_cannot_advance():
    g = edit(started(3), markers(5, 3, 0, 5))
    g.apply("choose RD")
    assert g.state.flow.event_row == 1                           # HR is done too: Management
    assert (g.state.flow.income, g.state.flow.donation) == expected_event(g, 1, 4)
    assert end_round(g).state.board.markers == [5, 4, 0, 5]
    g = edit(started(3), markers(5, 5, 5, 4))
    g.apply("choose MG")
    assert g.state.flow.event_row == 3


def test_any_row_may_be_chosen_while_some_marker_can_advance():
    g = edit(started(3), markers(5, 5, 5, 4))
    assert {a for a in legal(g) if a.startswith("choose")} == {f"choose {r}" for r in ROWS}


@pytest.mark.parametrize("policy", ["first", "always HR", "always RD", "cycle"])
def test_the_game_lasts_exactly_20_rounds(policy):
    g = started(2, seed=3)
    chosen = []
    while not g.is_over:
        if g.decision.kind == "choose":
            row = {"first": "HR", "always HR": "HR", "always RD": "RD"}.get(policy, ROWS[len(chosen) % 4])
            if policy == "first":
                row = ROWS[min(range(4), key=lambda r: g.state.board.markers[r])]
            g.apply(f"choose {row}")
            chosen.append(row)
        else:
            g.apply("done")
    assert len(chosen) == 20
    assert g.round == 20
    assert g.state.board.markers == [5, 5, 5, 5]
    assert len(g.state.history) == 20
    assert g.decision.kind == "over" and g.legal_actions() == []


def test_no_action_after_the_end():
    import carnegie_lab as cl
    g = started(2, seed=3)
    while not g.is_over:
        g.apply("choose HR" if g.decision.kind == "choose" else "done")
    with pytest.raises(cl.GameOverError):
        g.apply("done")
    with pytest.raises(cl.GameOverError):
        g.apply("sell")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_passes_clockwise(players):
    g = started(players, seed=1)
    firsts = []
    for _ in range(players + 1):
        assert g.decision.kind == "choose"
        firsts.append(g.current_player)
        assert g.state.flow.first == g.current_player
        g.apply("choose MG")
        end_round(g)
    assert firsts == [*range(players), 0]


def test_turns_go_clockwise_from_the_first_player():
    g = started(4, seed=1)
    g.apply("choose MG")                                     # round 1: Ada first
    end_round(g)
    g.apply("choose MG")                                     # round 2: Bo first
    g = advance_to(g, "turn")
    seen = []
    while g.round == 2:
        if g.decision.kind == "turn" and (not seen or seen[-1] != g.current_player):
            seen.append(g.current_player)
        g.apply("done")
    assert seen == [1, 2, 3, 0]


def test_only_the_first_player_chooses():
    g = started(3)
    assert g.current_player == 0
    g.apply("choose CO")
    assert_illegal(g, "choose HR", "not possible now")

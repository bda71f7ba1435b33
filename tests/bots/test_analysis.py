"""analysis.evaluate: every legal action with a margin and a win rate, best first."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import ActionValue, evaluate


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_evaluate_lists_every_legal_action(policy, choose_position):
    game = choose_position
    before = json.dumps(game.to_position(), sort_keys=True)
    rows = evaluate(game, rollouts=3, seed=1, policy=policy, depth=None if policy == "random" else 30)
    assert json.dumps(game.to_position(), sort_keys=True) == before
    assert sorted(r.action for r in rows) == sorted(game.legal_actions())
    assert all(isinstance(r, ActionValue) and r.rollouts == 3 for r in rows)
    assert all(0.0 <= r.win_rate <= 1.0 for r in rows)
    assert all(r.min_margin <= r.margin <= r.max_margin for r in rows)
    assert [r.margin for r in rows] == sorted((r.margin for r in rows), reverse=True)
    with pytest.raises(AttributeError):
        rows[0].margin = 0                                # frozen


def test_evaluate_is_deterministic_and_plays_to_the_end(two_player_positions):
    game = two_player_positions[len(two_player_positions) // 2]
    a = evaluate(game, rollouts=2, seed=7, policy="random")
    b = evaluate(game, rollouts=2, seed=7, policy="random")
    assert a == b
    assert all(float(2 * r.margin).is_integer() for r in a)   # means of 2 final margins in whole VP
    assert a[0].as_dict()["action"] == str(a[0].action) == a[0].notation


def test_evaluate_in_solo_counts_andrew():
    game = cl.new_game(["Ada"], seed=2, solo_level=2)
    rows = evaluate(game, rollouts=2, policy="random")
    assert len(rows) == len(game.legal_actions())
    assert all(r.margin < 0 for r in rows)              # random play never beats Andrew


def test_evaluate_refuses_a_finished_game(two_player_positions):
    with pytest.raises(ValueError, match="over"):
        evaluate(two_player_positions[-1])

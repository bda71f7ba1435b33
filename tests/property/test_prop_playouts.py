"""Random legal playouts: every game ends after round 20 and the invariants hold after every action;
a rejected action changes nothing, and every listed action is accepted."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prop_support import (
    EXAMPLES,
    Chooser,
    check_invariants,
    check_notation,
    choices,
    dump,
    grammar_actions,
    mutate,
    new_game,
    play,
    random_action,
    seeds,
    variants,
)

import carnegie_lab as cl


@pytest.mark.parametrize("examples", EXAMPLES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playout_ends_after_round_20(players, examples):
    @settings(deadline=None, max_examples=examples)
    @given(seed=seeds, drawn=choices, options=variants)
    def playout(seed, drawn, options):
        game = new_game(players, seed, **options)
        check_invariants(game)

        def each(game, action, legal):
            check_invariants(game)
            check_notation(game.legal_actions())

        decisions = play(game, Chooser(drawn, seed), each=each)
        assert game.is_over and game.round == 20
        assert decisions == len(game.actions)
        assert len(game.state.history) == 20 and [h["round"] for h in game.state.history] == list(range(1, 21))
        assert set(game.winners()) <= set(game.players) and game.winners()
        top = max(s.total for s in game.scores().values())
        assert game.winners() == [n for n, s in game.scores().items() if s.total == top]
        with pytest.raises(cl.GameOverError):
            game.apply("done")
    playout()


def _probe(game: cl.Game, rng: random.Random, extra: list[cl.Action]) -> int:
    """Try actions that are not legal now: each must raise and leave the game exactly as it was.
    Returns how many were tried."""
    legal = game.legal_actions()
    legal_set = set(legal)
    before, actions = dump(game), game.actions
    candidates = extra + [random_action(rng) for _ in range(3)] + [mutate(rng.choice(legal), rng) for _ in range(4)]
    tried = 0
    for action in candidates:
        if action in legal_set:
            continue
        tried += 1
        with pytest.raises((cl.IllegalActionError, cl.NotationError)):
            game.apply(action)
            pytest.fail(f"{action} is not in legal_actions() but apply() accepted it")  # pragma: no cover
        assert dump(game) == before, f"rejecting {action} changed the position"
        assert game.actions == actions and game.legal_actions() == legal
    return tried


def _every_legal_action_applies(game: cl.Game) -> None:
    before = dump(game)
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        assert trial.actions[-1] == str(action)
    assert dump(game) == before


@pytest.mark.parametrize("examples", EXAMPLES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rejected_actions_change_nothing_and_listed_ones_apply(players, examples):
    @settings(deadline=None, max_examples=examples)
    @given(seed=seeds, drawn=choices, options=variants, stride=st.integers(10, 60),
           probes=st.lists(grammar_actions(), max_size=5))
    def playout(seed, drawn, options, stride, probes):
        game = new_game(players, seed, **options)
        rng = random.Random(seed)
        tried = _probe(game, rng, probes)
        _every_legal_action_applies(game)

        def each(game, action, legal):
            nonlocal tried
            if len(game.actions) % stride == 0 and not game.is_over:
                tried += _probe(game, rng, probes)
                _every_legal_action_applies(game)

        play(game, Chooser(drawn, seed), each=each)
        assert tried > 0
    playout()


def test_garbage_is_a_notation_error_and_changes_nothing():
    game = new_game(3, 7)
    before = dump(game)
    for text in ("", "   ", "fly away", "move b1", "move b1 e9", "choose XX", "income 0", "income x",
                 "house New_York", "co H pittsburgh!", "sell now", 42, None):
        with pytest.raises(cl.NotationError):
            game.apply(text)
        assert dump(game) == before

"""carnegie_lab.analysis.compare, the comparison engine: playouts on common random numbers, paired
intervals, sequential batches, and grades only where the interval supports them."""
from __future__ import annotations

import math

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import compare, evaluate
from carnegie_lab.analysis.compare import BATCH, Playouts, grade_of, judge, paired, screen
from carnegie_lab.bots import GreedyBot
from carnegie_lab.bots import search as search_module


def solo_at(round_: int, seed: int = 5) -> cl.Game:
    game = cl.new_game(["Ada"], seed=seed, solo_level=2)
    bot = GreedyBot(seed)
    while game.round < round_:
        game.apply(bot.choose(game))
    return game


@pytest.fixture(scope="module")
def solo() -> cl.Game:
    """A solo decision with hidden cards and more than two actions the screen tells apart."""
    game = solo_at(6)
    bot = GreedyBot(5)
    while len(set(screen(game)[0].values())) < 3:
        game.apply(bot.choose(game))
    return game


def test_both_actions_see_the_same_seeds(solo, monkeypatch):
    """Playout r of every action starts from the same redrawn hidden deck and the same random stream."""
    starts: list[tuple] = []

    def fake(state, pi, rng, *args):
        starts.append((tuple(state.andrew.deck), rng.getstate()))
        return float(len(starts))
    monkeypatch.setattr(search_module, "playout", fake)
    _, kept = screen(solo)
    plays = Playouts(solo.state, 7)
    plays.extend(kept[0], 3)
    plays.extend(kept[1], 3)
    first, second = starts[:3], starts[3:]
    assert first == second                                 # playout r: the same deck, the same stream
    assert len({deck for deck, _ in first}) > 1            # and another deck for another r
    assert plays.margins[kept[1]] == [4.0, 5.0, 6.0] and plays.extend(kept[1], 2) == [4.0, 5.0, 6.0]


def test_paired_interval_is_the_t_interval_of_the_differences():
    mean, half = paired([1.0, 2.0, 3.0, 4.0], [3.0, 5.0, 4.0, 8.0])       # differences 2, 3, 1, 4
    assert mean == 2.5 and half == pytest.approx(3.182446 * math.sqrt(5 / 3 / 4), abs=0.003)
    assert paired([0.0] * 5, [7.0] * 5) == (7.0, 0.0)                      # no spread: the difference is sure
    assert paired([1.0], [4.0]) == (3.0, math.inf)                         # one playout tells nothing


def test_a_grade_only_where_the_interval_supports_it():
    assert grade_of(-1.0, -3.0, 1.0) == "best"
    assert grade_of(1.0, 0.2, 1.9) == "good"
    assert grade_of(3.0, 2.0, 4.9) == "inaccuracy"
    assert grade_of(7.0, 5.5, 8.5) == "mistake"
    assert grade_of(14.0, 10.0, 18.0) == "blunder"
    for low, high in ((1.0, 3.0), (-3.0, 2.5), (4.0, 6.0), (8.4 - 6.0, 8.4 + 6.0), (9.0, 11.0), (0.0, math.inf)):
        assert grade_of((low + high) / 2, low, high) == "unclear"


def worst(game: cl.Game) -> cl.Action:
    return screen(game)[1][-1]


def fake_playouts(monkeypatch, margin) -> list[tuple[str, int]]:
    """Playouts whose margin is ``margin(action, r)``; returns the (action, r) played, in order."""
    calls: list[tuple[str, int]] = []

    def fake(state, action, seed, r, *args):
        calls.append((str(action), r))
        return margin(action, r)
    monkeypatch.setattr(compare, "playout_of", fake)
    return calls


def test_a_clear_decision_stops_after_one_batch(solo, monkeypatch):
    played = worst(solo)
    calls = fake_playouts(monkeypatch, lambda action, r: (0.0 if action == played else 20.0) + r % 3)
    verdict = judge(solo, played, playouts=64)
    assert verdict.grade == "blunder" and verdict.playouts == BATCH and verdict.loss == 20.0
    assert len(calls) == 3 * BATCH                     # the played action and two challengers, one batch each
    assert verdict.best.action != played and verdict.best.playouts == verdict.played.playouts == BATCH


def test_too_few_playouts_grade_nothing_even_when_they_agree(solo, monkeypatch):
    """Two playouts with equal differences make an interval of width 0: under one batch there is no grade."""
    played = worst(solo)
    fake_playouts(monkeypatch, lambda action, r: 0.0 if action == played else 20.0)
    verdict = judge(solo, played, playouts=2)
    assert verdict.playouts == 2 and verdict.low == verdict.high == 20.0
    assert verdict.grade == "unclear"
    assert judge(solo, played, playouts=BATCH).grade == "blunder"


def test_a_straddling_decision_goes_on_to_the_cap_and_stays_unclear(solo, monkeypatch):
    played = worst(solo)
    calls = fake_playouts(monkeypatch, lambda action, r: 0.0 if action == played else (1.0, 3.0)[r % 2] * 2.5)
    verdict = judge(solo, played, playouts=40)
    assert verdict.playouts == 40 and verdict.low < 5.0 <= verdict.high
    assert verdict.grade == "unclear" and verdict.loss == 5.0
    assert len(calls) == 3 * BATCH + 2 * (40 - BATCH)  # the leader alone goes on against the played action
    assert sorted(r for a, r in calls if a == str(played)) == list(range(40))


def test_the_screens_best_needs_no_playout(solo, monkeypatch):
    calls = fake_playouts(monkeypatch, lambda action, r: 0.0)
    best = screen(solo)[1][0]
    verdict = judge(solo, best)
    assert (verdict.grade, verdict.loss, verdict.playouts, calls) == ("best", 0.0, 0, [])
    assert verdict.played == verdict.best and verdict.played.action == best


def test_judge_is_deterministic_for_a_seed(solo):
    played = worst(solo)
    one = judge(solo, played, seed=3, playouts=8)
    assert one == judge(solo, played, seed=3, playouts=8) and one.playouts == 8
    assert one.played.playouts == 8 and (one.loss == 0 or one.best.playouts == 8)


def test_evaluate_spends_n_playouts_on_every_action(solo):
    """``evaluate(game, playouts=20)`` once gave some actions 3 playouts of 20 in all."""
    rows = evaluate(solo, playouts=6, seed=1)
    played_out = [r for r in rows if r.same_as is None]
    assert len(played_out) > 2 and all(r.playouts == 6 and r.horizon is None for r in played_out)

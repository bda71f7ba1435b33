"""research/train_ranker.py: the oracle's decisions replayed as (features, choice), and the conditional logit."""
from __future__ import annotations

import numpy as np

from carnegie_lab.bots.ranker import feature_names, verbs_of
from research.oracle_runs import start_state
from research.train_ranker import agreement, decisions, fit


def test_the_oracles_game_replays_into_decisions():
    xs, ys, totals = decisions(19, seed=0)
    names = feature_names(verbs_of(start_state(0, 4).rules))
    assert len(xs) == len(ys) > 50 and totals[0] > 0
    assert all(x.shape == (len(x), len(names)) and 0 <= y < len(x) for x, y in zip(xs, ys))
    assert all(x[:, 0].max() == 0.0 for x in xs)              # greedy's value less the best: 0 for its picks
    assert 0.3 < agreement([x[:, 0] for x in xs], ys) < 1.0   # greedy agrees with the oracle often, not always


def test_the_fit_learns_a_preference_greedy_lacks():
    rng = np.random.default_rng(0)
    xs = [rng.normal(size=(5, 3)) for _ in range(300)]
    ys = [int(np.argmax(x[:, 0] + 2 * x[:, 2])) for x in xs]   # the chooser likes feature 2 too
    w = fit(xs, ys, ridge=0.001, steps=300)
    assert w[2] > 0 and abs(w[1]) < 0.5 * w[2]
    assert agreement([x @ w for x in xs], ys) > 0.8 > agreement([x[:, 0] for x in xs], ys)

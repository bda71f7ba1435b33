"""Fit the ranker (carnegie_lab/data/ranker_model.json) by imitation of the oracle chain's best games.

    python research/train_ranker.py [--train 0-14] [--test 15-19] [--ridge 0.01,0.1,1] [--seed S]
                                    [--plan] [--data PATH] [--write [--model PATH]]

The games: on each of the oracle study's level-4 deals, the best game by own VP + margin found so far
(``research.oracle_runs.best_game``: the bot's, the pilot oracle's and every GNRPA run's in
benchmarks/results/oracle-gnrpa-level4.jsonl; Andrew's deck was known to the search that found them). Each is
replayed from the deal's start; at every decision with more than one choice (the legal actions without
near-duplicates) the features of every choice (:func:`carnegie_lab.bots.ranker.lookahead`, on a view with
Andrew's hidden cards redrawn: only what the table sees; with ``--plan`` the plan features too) and the index
of the oracle's choice (a pruned near-duplicate counts as the choice of the same code, as ``research.gnrpa``
codes them) are kept.

The fit: a conditional logit (softmax over a decision's choices) with an L2 penalty ``ridge`` on the
standardised weights, by full-batch Adam (numpy: the ``train`` extra), on the ``--train`` deals. The report
gives, on the train and the ``--test`` deals, the top-1 agreement with the oracle's choice (a tie counts as
its share) of greedy (the feature ``greedy``: 0 for greedy's picks), of the shipped model and of the ranker
fitted at each ridge, and their mean log-likelihood. ``--write`` writes the model of the best ridge by test
agreement, fitted on the train deals, to ``--model`` (default: the shipped file) and appends the report to
benchmarks/results/training/ranker_model.log. ``--data`` caches the decisions (an .npz).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Sequence

import numpy as np

from carnegie_lab.bots.base import legal, mix, step, table_view
from carnegie_lab.bots.evaluation import evaluator_for
from carnegie_lab.bots.ranker import RANKER_FILE, feature_names, load_ranker, lookahead, verbs_of
from research.gnrpa import code
from research.oracle_runs import DEFAULT_OUT, best_game, read_rows, start_state

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "benchmarks" / "results" / "training" / "ranker_model.log"
OBJECTIVE = "own+margin"


def deals(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def decisions(deal: int, seed: int, plan: bool) -> tuple[list[np.ndarray], list[int], tuple[int, int]]:
    """The features of every decision with a choice of the deal's best game, the oracle's choice at each,
    and the game's totals."""
    game = best_game(deal, OBJECTIVE, read_rows(DEFAULT_OUT))
    state = start_state(game["seed"], game["level"])
    ev = evaluator_for(state)
    rng = random.Random(mix(seed, deal))
    xs, ys = [], []
    actions = legal(state)
    for text in game["actions"]:
        action = next(a for a in actions if str(a) == text)
        if len(actions) > 1:
            view = table_view(state, rng)
            choices, features = lookahead(view, actions, ev, plan)
            if len(choices) > 1:
                mine = code(view, action)
                k = choices.index(action) if action in choices else \
                    next(i for i, a in enumerate(choices) if code(view, a) == mine)
                xs.append(np.array(features))
                ys.append(k)
        actions = step(state, action)
    return xs, ys, tuple(game["totals"][:2])


def fit(xs: Sequence[np.ndarray], ys: Sequence[int], ridge: float, steps: int = 1500) -> np.ndarray:
    """Weights of the conditional logit (in the features' own units)."""
    stacked = np.vstack(xs)
    mu, sd = stacked.mean(0), stacked.std(0)
    sd[sd < 1e-9] = 1.0
    n, width = len(xs), max(len(x) for x in xs)
    z = np.zeros((n, width, stacked.shape[1]))
    mask = np.full((n, width), -np.inf)
    for i, x in enumerate(xs):
        z[i, :len(x)] = (x - mu) / sd
        mask[i, :len(x)] = 0.0
    chosen = z[np.arange(n), np.array(ys)]
    w = np.zeros(stacked.shape[1])
    w[0] = sd[0]                                  # start as a soft greedy
    m, v = np.zeros_like(w), np.zeros_like(w)
    lr, b1, b2 = 0.05, 0.9, 0.999
    for it in range(1, steps + 1):
        s = z @ w + mask
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = ridge * w + (np.einsum("nk,nkf->f", p, z) - chosen.sum(0)) / n
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= lr * (m / (1 - b1 ** it)) / (np.sqrt(v / (1 - b2 ** it)) + 1e-8)
    return w / sd


def agreement(scores: Sequence[np.ndarray], ys: Sequence[int]) -> float:
    """The mean share of the oracle's choice among each decision's best-scored choices."""
    total = 0.0
    for s, y in zip(scores, ys):
        top = np.flatnonzero(s >= s.max() - 1e-9)
        total += (y in top) / len(top)
    return total / len(ys)


def loglik(xs: Sequence[np.ndarray], ys: Sequence[int], w: np.ndarray) -> float:
    out = 0.0
    for x, y in zip(xs, ys):
        s = x @ w
        out += s[y] - s.max() - np.log(np.exp(s - s.max()).sum())
    return out / len(ys)


def load(data: Path | None, all_deals: list[int], seed: int, plan: bool
         ) -> dict[int, tuple[list[np.ndarray], list[int]]]:
    """The decisions of every deal, from the cache ``data`` when it has them."""
    if data is not None and data.exists():
        cached = np.load(data, allow_pickle=True)["decisions"].item()
        if all(d in cached for d in all_deals):
            return cached
    out = {}
    for d in all_deals:
        started = time.process_time()
        xs, ys, totals = decisions(d, seed, plan)
        print(f"deal {d}: {len(ys)} decisions, the game {totals[0]} : {totals[1]}, "
              f"{time.process_time() - started:.1f} s CPU", flush=True)
        out[d] = (xs, ys)
    if data is not None:
        np.savez(data, decisions=np.array(out, dtype=object))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", default="0-14")
    parser.add_argument("--test", default="15-19")
    parser.add_argument("--ridge", default="0.001,0.01,0.1")
    parser.add_argument("--seed", type=int, default=0, help="the hidden cards' redraws")
    parser.add_argument("--plan", action="store_true", help="with the plan features (a plan model)")
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--model", type=Path, default=RANKER_FILE, help="the file --write writes")
    args = parser.parse_args(argv)
    train, test = deals(args.train), deals(args.test)
    data = load(args.data, train + test, args.seed, args.plan)

    def join(ds: list[int]) -> tuple[list[np.ndarray], list[int]]:
        return [x for d in ds for x in data[d][0]], [y for d in ds for y in data[d][1]]

    (xtr, ytr), (xte, yte) = join(train), join(test)
    names = feature_names(verbs_of(start_state(0, 4).rules), args.plan)
    if xtr[0].shape[1] != len(names):
        parser.error(f"{args.data} holds the decisions of other features (with or without --plan)")
    lines = [f"`python research/train_ranker.py {' '.join(sys.argv[1:] if argv is None else argv)}`", "",
             f"train deals {args.train} ({len(ytr)} decisions), test deals {args.test} ({len(yte)}); "
             f"{len(names)} features", "",
             "| ranker | train agreement | test agreement | test log-likelihood |", "|---|---|---|---|",
             f"| greedy | {agreement([x[:, 0] for x in xtr], ytr):.1%} | "
             f"{agreement([x[:, 0] for x in xte], yte):.1%} | |"]
    shipped = load_ranker(RANKER_FILE)
    if shipped is not None and set(shipped.names) <= set(names):      # its features are among these
        w = np.zeros(len(names))
        w[[names.index(n) for n in shipped.names]] = shipped.weights
        lines.append(f"| the shipped model | {agreement([x @ w for x in xtr], ytr):.1%} | "
                     f"{agreement([x @ w for x in xte], yte):.1%} | {loglik(xte, yte, w):.3f} |")
    best = None
    for ridge in (float(r) for r in args.ridge.split(",")):
        w = fit(xtr, ytr, ridge)
        test_agree = agreement([x @ w for x in xte], yte)
        lines.append(f"| ridge {ridge} | {agreement([x @ w for x in xtr], ytr):.1%} | {test_agree:.1%} | "
                     f"{loglik(xte, yte, w):.3f} |")
        if best is None or test_agree > best[0]:
            best = (test_agree, ridge, w)
    print("\n".join(lines))
    if args.write:
        assert best is not None
        _, ridge, w = best
        top = sorted(zip(names, w), key=lambda nw: -abs(nw[1]))[:12]
        lines += ["", f"written to {args.model.name}: ridge {ridge}; the largest weights: "
                  + ", ".join(f"{n} {x:+.3f}" for n, x in top)]
        args.model.write_text(json.dumps({
            "_about": "the ranker (carnegie_lab.bots.ranker), by research/train_ranker.py",
            "trained_by": f"python research/train_ranker.py --train {args.train} --test {args.test} "
                          f"--ridge {ridge} --seed {args.seed}{' --plan' if args.plan else ''} --write",
            "names": list(names), "weights": [round(float(x), 5) for x in w]}, indent=1) + "\n")
        LOG.parent.mkdir(parents=True, exist_ok=True)
        with open(LOG, "a", encoding="utf-8") as out:
            out.write(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()) + "\n" + "\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

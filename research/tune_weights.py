"""Tune the greedy evaluation's weights by self-play, and write them to carnegie_lab/bots/weights.json.

    python research/tune_weights.py [--mode solo|duel] [--games N] [--sweeps S] [--jobs J] [--seed S]
                                 [--start FILE] [--out FILE] [--log FILE]

A plain coordinate search: for each weight in turn, try it times and divided by ``--factor``
(1.35, shrinking by half a step after a sweep without a gain); keep a change when the objective,
measured on the same games (common random numbers: the same game seeds for every candidate), gets
better by more than ``--min-gain``. The objectives:

* ``solo``: the greedy bot's mean margin against Andrew (its total minus his), over games at all four
  levels in turn;
* ``duel``: the mean margin of a greedy bot with the candidate weights against one with the current
  best weights, two-player games with the seats alternating.

The result is checked on ``--holdout`` other games (other seeds): the tuned weights are kept only
when they beat the start there by more than two standard errors of the paired difference, else the
start is kept. It is written after every sweep (so an interrupted run keeps what it found, unchecked)
and after the check: one JSON object per mode (``{"solo": {...}, "duel": {...}}``: the fields of
:class:`carnegie_lab.bots.evaluation.weights.Weights` that differ from their defaults) with the objective
before and after, the held-out check and how it was measured. Every game is played on bare states (no log, no history)
with the bots' own stepping, so a 1-player game costs about 0.05 s. A tool, not a test; the
result depends only on the options (no timing enters it).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, fields, replace
from pathlib import Path

from carnegie_lab.bots.base import legal, light_copy, mix, step
from carnegie_lab.bots.evaluation import Evaluator, Weights, score_totals
from carnegie_lab.bots.evaluation.weights import WEIGHTS_FILE, load_weights
from carnegie_lab.bots.greedy import greedy_choice
from carnegie_lab.rules import loop
from carnegie_lab.rules.ruleset import ruleset_for
from carnegie_lab.rules.setup import new_state

FIXED = ("opponents", "solo_opponent")      # the margin's definition, not a potential: never tuned


def play(weights: list[Weights], seed: int, level: int | None) -> list[int]:
    """Final totals of one game of greedy bots (one per seat, ``weights[seat]``; one seat and
    ``level`` for solo), played on bare states."""
    rs = ruleset_for(None)
    names = [f"P{i + 1}" for i in range(len(weights))]
    state = light_copy(new_state(rs, names, seed, solo_level=level))
    loop.settle(state)
    evaluators = [Evaluator(w) for w in weights]
    rng = random.Random(mix(seed, 7))
    actions = legal(state)
    while actions:
        pi = state.flow.player
        assert pi is not None
        action = actions[0] if len(actions) == 1 else greedy_choice(state, actions, rng, evaluators[pi])[0]
        actions = step(state, action)
    return score_totals(state)


def _margin_job(job: tuple[str, Weights, Weights, int, int]) -> float:
    mode, candidate, best, seed, k = job
    if mode == "solo":
        totals = play([candidate], seed, 1 + k % 4)
        return totals[0] - totals[1]
    seat = k % 2
    totals = play([candidate, best] if seat == 0 else [best, candidate], seed, None)
    return totals[seat] - totals[1 - seat]


class Objective:
    """The mean margin of a candidate over a fixed set of games (see the module docstring)."""

    def __init__(self, mode: str, games: int, seed: int, pool: ProcessPoolExecutor | None):
        self.mode, self.pool = mode, pool
        self.seeds = [mix(seed, k) & 0x7FFFFFFF for k in range(games)]
        self.calls = 0

    def margins(self, candidate: Weights, best: Weights) -> list[float]:
        jobs = [(self.mode, candidate, best, s, k) for k, s in enumerate(self.seeds)]
        self.calls += 1
        return list(self.pool.map(_margin_job, jobs, chunksize=4) if self.pool else map(_margin_job, jobs))

    def __call__(self, candidate: Weights, best: Weights) -> float:
        return statistics.fmean(self.margins(candidate, best))


def holdout_check(objective: Objective, start: Weights, tuned: Weights) -> dict[str, float]:
    """The tuned weights against the start on the held-out games: mean margins, the paired
    difference and its standard error (in a duel both play the start)."""
    a = objective.margins(start, start)
    b = objective.margins(tuned, start)
    diff = [y - x for x, y in zip(a, b)]
    se = statistics.stdev(diff) / len(diff) ** 0.5
    return {"start": round(statistics.fmean(a), 2), "tuned": round(statistics.fmean(b), 2),
            "gain": round(statistics.fmean(diff), 2), "se": round(se, 2)}


def coordinate_search(objective: Objective, start: Weights, sweeps: int, factor: float, min_gain: float,
                      log, save) -> tuple[Weights, float, float, int]:
    """The best weights found, the objective of the start and of the best, the sweeps made (see the
    module docstring);
    ``save(best, first, base, sweeps_done)`` is called after every sweep."""
    names = [f.name for f in fields(Weights) if f.name not in FIXED]
    best = start
    # duel: the candidate plays the best so far, so the best's own value is 0 by symmetry (up to seats)
    base = objective(best, best)
    first = base
    done = 0
    for sweep in range(sweeps):
        gained = False
        for name in names:
            value = getattr(best, name)
            tries = [value * factor, value / factor] if value else [0.1, 0.3]
            for new in tries:
                candidate = replace(best, **{name: round(new, 4)})
                score = objective(candidate, best)
                log(f"sweep {sweep + 1} {name} {value:g} -> {new:.4g}: {score:+.2f} (best {base:+.2f})")
                if score > base + min_gain:
                    if objective.mode == "duel":    # the new best is measured against itself from now on
                        base = objective(candidate, candidate)
                    else:
                        base = score
                    best, gained = candidate, True
                    log(f"  keep {name} = {new:.4g}")
                    break
        done = sweep + 1
        save(best, first, base, done)
        if not gained:
            factor = 1 + (factor - 1) / 2
            log(f"sweep {sweep + 1}: no gain, step now x{factor:.3f}")
            if factor < 1.04:
                break
    return best, first, base, done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=("solo", "duel"), default="solo")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--sweeps", type=int, default=3)
    ap.add_argument("--factor", type=float, default=1.35)
    ap.add_argument("--min-gain", type=float, default=0.3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--holdout", type=int, default=400, help="held-out games of the final check")
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    ap.add_argument("--log", type=Path, default=None)
    args = ap.parse_args(argv)
    log_file = args.log.open("a") if args.log else None

    def log(line: str) -> None:
        print(line, flush=True)
        if log_file:
            print(line, file=log_file, flush=True)

    stored = load_weights(args.out) if args.out.exists() else {}
    start = stored.get(args.mode, Weights())
    started = time.process_time()
    command = "python research/tune_weights.py " + " ".join(argv if argv is not None else sys.argv[1:])

    def save(best: Weights, before: float, after: float, sweeps: int, check: dict | None = None) -> None:
        defaults = asdict(Weights())
        kept = best if check is None or check["gain"] > 2 * check["se"] else start
        data = json.loads(args.out.read_text()) if args.out.exists() else {}
        data[args.mode] = {
            "weights": {k: v for k, v in asdict(kept).items() if v != defaults[k]},
            "objective": {"before": round(before, 2), "after": round(after, 2),
                          "measured": f"mean margin over {args.games} games ({args.mode}), seed {args.seed}"},
            "sweeps": sweeps,
            "found": {k: v for k, v in asdict(best).items() if v != defaults[k]},
            "holdout": check if check is not None else "not checked yet",
            "tuned_by": command,
        }
        args.out.write_text(json.dumps(data, indent=2) + "\n")

    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _nothing() as pool:
        objective = Objective(args.mode, args.games, args.seed, pool)
        best, before, after, sweeps = coordinate_search(objective, start, args.sweeps, args.factor,
                                                        args.min_gain, log, save)
        check = holdout_check(Objective(args.mode, args.holdout, args.seed + 1, pool), start, best)
        save(best, before, after, sweeps, check)
    log(f"{args.mode}: {before:+.2f} -> {after:+.2f} in {objective.calls} evaluations; held out: {check}; "
        f"{time.process_time() - started:.0f} s CPU here; written to {args.out}")
    return 0


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


if __name__ == "__main__":
    sys.exit(main())

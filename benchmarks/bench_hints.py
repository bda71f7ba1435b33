"""Hint quality: how often the hint's first choice (``evaluate`` at the hint's 1.5 s) is the action a
10x budget rates best, and how far short its first choice falls when it is not.

    python benchmarks/bench_hints.py [--positions 100] [--players 1] [--level 2] [--think 1.5]
        [--factor 10] [--values hand,learned] [--seed 5]

Positions: every few decisions with a choice of greedy games (``simulate``, seed ``--seed``), as many
as ``--positions``. For each, the reference is ``evaluate(game, think=factor * think)`` (its own
horizon: to the end when that budget affords it); the hint is ``evaluate(game, think=think,
value=V)`` for each ``--values``. Reported per value: the share of positions where the hint's first
action is the reference's first (near-duplicate builds count as the same), and the mean shortfall:
the reference's margin of its best action less its margin of the hint's first (VP of expected
margin; 0 when they agree). Budgets are wall-clock seconds, as the app's hint is: the load of the
machine changes the numbers, so the table states it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Sequence

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots.simulate import simulate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.5)
    parser.add_argument("--factor", type=float, default=10.0)
    parser.add_argument("--values", default="hand,learned")
    parser.add_argument("--every", type=int, default=17)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    values = [v for v in args.values.split(",") if v]
    level = args.level if args.players == 1 else None
    positions: list[cl.Game] = []
    batch = simulate(players=args.players, games=max(1, args.positions // 8 + 1), bots=["greedy"], seed=args.seed,
                     level=level, keep_records=True)
    for result in batch.results:
        record = result.record
        assert record is not None
        game = cl.Game.from_record({**record, "actions": []})
        choices = 0
        for action in record["actions"]:
            if len(game.legal_actions()) > 1:
                choices += 1
                if choices % args.every == 0 and len(positions) < args.positions:
                    positions.append(game.copy())
            game.apply(action)
    agree = {v: 0 for v in values}
    short: dict[str, list[float]] = {v: [] for v in values}
    for n, game in enumerate(positions, 1):
        reference = evaluate(game, think=args.factor * args.think)
        ranked = {str(r.action): r for r in reference}
        best = reference[0]
        for v in values:
            first = evaluate(game, think=args.think, value=v)[0]
            pick = ranked[str(first.same_as or first.action)]          # a near-duplicate: the row it repeats
            same = (pick.same_as or pick.action) == (best.same_as or best.action)
            agree[v] += same
            short[v].append(0.0 if same or not pick.playouts else max(0.0, best.margin - pick.margin))
        print(f"  [{n}/{len(positions)}] round {game.round} {game.decision.kind}: best {best.action}", flush=True)
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    print(f"\n{len(positions)} positions ({args.players} player(s), level {level}), hint {args.think} s, reference "
          f"{args.factor * args.think:g} s; load average at the end {load}\n")
    print("| value | hint = reference's best | mean shortfall (VP) | shortfall where they differ |")
    print("|---|---|---|---|")
    for v in values:
        missed = [g for g in short[v] if g > 0]
        print(f"| {v} | {agree[v]}/{len(positions)} ({agree[v] / max(1, len(positions)):.0%}) | "
              f"{statistics.fmean(short[v]) if short[v] else 0:.1f} | "
              f"{statistics.fmean(missed) if missed else 0:.1f} |")
    print(f"\n({time.perf_counter() - started:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

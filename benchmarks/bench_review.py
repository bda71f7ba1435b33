"""How long does ``analysis.review`` take on a whole game, and how much do ``--jobs`` save?

    python benchmarks/bench_review.py [--games 2p,solo] [--seed S] [--think T | --playouts N] [--jobs 1,2]

Reviews a whole greedy game of two players and a whole greedy solo game (Andrew at level 2), every
seat, at the default budget (``think`` 2 s a decision) or at ``--playouts``, once for each ``--jobs``;
prints per run the decisions, the wall time, the CPU time (this process and its workers), the
playouts the played and the best action got (median), the share of decisions judged to the end of
the game and the speed-up against the first ``--jobs``. With ``--playouts`` the reviews of every
``--jobs`` must be the same (checked).

A script, not a test: it prints numbers. The games are deterministic for a seed; the timings depend
on the machine and its load (printed).
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import time

import carnegie_lab as cl
from carnegie_lab.analysis import DEFAULT_THINK, review
from carnegie_lab.bots import GreedyBot

GAMES = {"2p": (["Ada", "Bo"], {}), "solo": (["Ada"], {"solo_level": 2})}


def load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def greedy_game(kind: str, seed: int) -> cl.Game:
    names, options = GAMES[kind]
    game = cl.new_game(names, seed=seed, **options)
    bots = [GreedyBot(seed + seat) for seat in range(len(names))]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="2p,solo", help="which games: 2p, solo (default both)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=None, help=f"seconds a decision (default {DEFAULT_THINK})")
    parser.add_argument("--playouts", type=int, default=None, help="playouts a decision instead of --think")
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts (default 1,2)")
    args = parser.parse_args(argv)
    jobs = [int(j) for j in args.jobs.split(",")]
    budget = f"{args.playouts} playouts" if args.playouts else f"think {args.think or DEFAULT_THINK:g} s"
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, {load()}; "
          f"{budget} a decision, seed {args.seed}")
    for kind in args.games.split(","):
        game = greedy_game(kind, args.seed)
        first_wall, first = None, None
        for n in jobs:
            wall, used = time.perf_counter(), cpu()
            rev = review(game, think=args.think, playouts=args.playouts, jobs=n)
            wall, used = time.perf_counter() - wall, cpu() - used
            decisions = rev.decisions
            counts = [d.played.playouts for d in decisions] + [d.best.playouts for d in decisions]
            to_end = sum(d.played.horizon is None for d in decisions) / len(decisions)
            first_wall = first_wall or wall
            same = ""
            if args.playouts:
                first = first or rev.to_dict()
                same = ", same review" if rev.to_dict() == first else ", DIFFERENT REVIEW"
            print(f"{kind}: {len(game.actions)} actions, {len(decisions)} decisions reviewed, jobs {n}: "
                  f"wall {wall:.1f} s ({wall / len(decisions):.2f} s a decision), CPU {used:.1f} s, "
                  f"playouts of the played and best actions median {statistics.median(counts):g}, "
                  f"{to_end:.0%} to the end; speed-up {first_wall / wall:.2f}{same}; {load()}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

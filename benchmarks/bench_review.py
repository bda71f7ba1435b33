"""How long does ``analysis.review`` take on a whole game, how much do ``--jobs`` save, and do its
verdicts hold up?

    python benchmarks/bench_review.py [--games solo1,solo2,solo3,2p1,2p2] [--playouts N] [--jobs 1,2]
                                      [--seeds 1,2] [--reference 10] [--reference-seed 11] [--out DIR]

The games: five recorded with the bots at fixed seeds (:func:`recorded`): three solo games against
Andrew at level 2 and two 2-player games, each decision the greedy bot's except a random one a quarter
of the time (so that there are mistakes to find). For each game:

- **time**: the review of every seat at the default budget (or ``--playouts``) with the first seed,
  once for each ``--jobs``: the wall time, the CPU time (this process and its workers), the machine's
  load; the reviews of every ``--jobs`` must be the same (checked);
- **agreement**: the review with the second seed against the first: the share of decisions with the
  same grade and whether the costliest decisions (those the evidence names, ``review.costliest``: at most
  three) are the same, and whether they are consistent (each one named by one seed only could be among
  the three costliest of the other: its interval reaches 2 VP and fewer than three lie wholly above it);
  where they are not the same, each one named by one seed only with the other seed's verdict on it (a
  contradiction where the two intervals of its loss do not overlap);
- **reference** (``--reference F``, 0: none): each of the first review's *mistake* and *blunder* verdicts
  judged again (``compare.judge``) at F times the budget with another seed (``--reference-seed``, so that
  its playouts are not the first review's): how many it gives the same grade, and how many at least a
  mistake (the verdict confirmed).

``--out DIR`` writes every review as JSON there (to compare later). A script, not a test: it prints
numbers. The games and the reviews are deterministic for their seeds; the timings depend on the machine
and its load (printed).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import sys
import time
from pathlib import Path

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, THRESHOLDS, Review, review
from carnegie_lab.analysis.compare import DEFAULT_PLAYOUTS, judge
from carnegie_lab.analysis.review import Decision
from carnegie_lab.bots import GreedyBot, RandomBot

#: name -> (players, options, seed)
GAMES = {"solo1": (["Ada"], {"solo_level": 2}, 1), "solo2": (["Ada"], {"solo_level": 2}, 2),
         "solo3": (["Ada"], {"solo_level": 2}, 3), "2p1": (["Ada", "Bo"], {}, 1), "2p2": (["Ada", "Bo"], {}, 2)}
#: the share of random decisions in the recorded games
RANDOM_SHARE = 0.25
SERIOUS = ("mistake", "blunder")


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


def recorded(name: str) -> cl.Game:
    """A whole game of the greedy bot with a random decision :data:`RANDOM_SHARE` of the time."""
    names, options, seed = GAMES[name]
    game = cl.new_game(names, seed=seed, **options)
    greedy, other, coin = GreedyBot(seed), RandomBot(seed), random.Random(seed)
    while not game.is_over:
        game.apply((other if coin.random() < RANDOM_SHARE else greedy).choose(game))
    return game


def timed(game: cl.Game, playouts: int, seed: int, jobs: int) -> tuple[Review, float, float]:
    wall, used = time.perf_counter(), cpu()
    rev = review(game, playouts=playouts, seed=seed, jobs=jobs)
    return rev, time.perf_counter() - wall, cpu() - used


def costliest(rev: Review) -> set[int]:
    return {c.decision.index for c in rev.costliest}


def verdict(d: Decision) -> str:
    return f"{d.grade} {d.loss:.1f} VP [{d.low:.1f}, {d.high:.1f}]"


def reachable(d: Decision, rev: Review, n: int = 3) -> bool:
    """``d``, a decision of ``rev``, could be among its ``n`` costliest: its loss's interval reaches the
    least threshold and fewer than ``n`` decisions of ``rev`` lie wholly above it."""
    return d.high >= min(THRESHOLDS.values()) and sum(o.low > d.high for o in rev.decisions) < n


def consistent(base: Review, other: Review) -> bool:
    """Every decision named among the costliest by one review only could be among the costliest of the
    other (:func:`reachable`): the two seeds differ only where the evidence of one cannot tell."""
    first, second = ({d.index: d for d in r.decisions} for r in (base, other))
    mine, theirs = costliest(base), costliest(other)
    return all(reachable(second[i], other) for i in mine - theirs) and all(
        reachable(first[i], base) for i in theirs - mine)


def differences(base: Review, other: Review) -> list[str]:
    """Each decision named among the costliest by one review only, with both verdicts on it."""
    first, second = ({d.index: d for d in r.decisions} for r in (base, other))
    return [f"decision {i + 1}: {verdict(first[i])} / {verdict(second[i])}"
            + (" CONTRADICTION" if first[i].low > second[i].high or second[i].low > first[i].high else "")
            for i in sorted(costliest(base) ^ costliest(other))]


def counts(rev: Review) -> str:
    return ", ".join(f"{g} {sum(d.grade == g for d in rev.decisions)}" for g in GRADES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help=f"which games (default all: {', '.join(GAMES)})")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"the review's cap of playouts an action (default {DEFAULT_PLAYOUTS})")
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts timed (default 1,2)")
    parser.add_argument("--seeds", default="1,2", help="the two seeds compared (default 1,2)")
    parser.add_argument("--reference", type=int, default=10, help="the reference's budget factor (0: none)")
    parser.add_argument("--reference-seed", type=int, default=11, help="the reference's seed (default 11)")
    parser.add_argument("--out", type=Path, default=None, help="write the reviews as JSON in this folder")
    args = parser.parse_args(argv)
    jobs = [int(j) for j in args.jobs.split(",")]
    first, second = (int(s) for s in args.seeds.split(","))
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, {load()}; "
          f"at most {args.playouts} playouts an action, seeds {first} and {second}")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)

    def keep(rev: Review, name: str) -> None:
        if args.out:
            (args.out / f"{name}.json").write_text(json.dumps(rev.to_dict()), encoding="utf-8")
    for name in args.games.split(","):
        game = recorded(name)
        reviews = []
        for n in jobs:
            rev, wall, used = timed(game, args.playouts, first, n)
            reviews.append(rev)
            same = "same review" if rev.to_dict() == reviews[0].to_dict() else "DIFFERENT REVIEW"
            print(f"{name}: {len(game.actions)} actions, {len(rev.decisions)} decisions, "
                  f"{sum(d.playouts > 0 for d in rev.decisions)} played out; jobs {n}: wall {wall:.1f} s, "
                  f"CPU {used:.1f} s, {same}; {load()}")
            sys.stdout.flush()
        base = reviews[0]
        keep(base, f"{name}-seed{first}")
        print(f"  grades, seed {first}: {counts(base)}")
        other, wall, used = timed(game, args.playouts, second, jobs[-1])
        keep(other, f"{name}-seed{second}")
        agree = sum(a.grade == b.grade for a, b in zip(base.decisions, other.decisions)) / len(base.decisions)
        named = [sorted(i + 1 for i in costliest(r)) for r in (base, other)]
        print(f"  seed {second} (jobs {jobs[-1]}, wall {wall:.1f} s, CPU {used:.1f} s): grades {counts(other)}; "
              f"same grade {agree:.0%}; costliest named, seed {first}: {named[0]}, seed {second}: {named[1]}, "
              f"the same: {named[0] == named[1]}, consistent: {consistent(base, other)}")
        for line in differences(base, other):
            print(f"    named by one seed only: {line}")
        if args.reference:
            serious = [d for d in base.decisions if d.grade in SERIOUS]
            wall, used = time.perf_counter(), cpu()
            record = game.to_record()
            held = confirmed = 0
            for d in serious:
                before = cl.Game.from_record({**record, "actions": record["actions"][:d.index]})
                v = judge(before, d.played.action, args.reference_seed, args.playouts * args.reference)
                held += v.grade == d.grade
                confirmed += v.grade in SERIOUS
                print(f"    decision {d.index + 1}: {d.grade} {d.loss:.1f} VP [{d.low:.1f}, {d.high:.1f}] -> "
                      f"{v.grade} {v.loss:.1f} VP [{v.low:.1f}, {v.high:.1f}] after {v.playouts} playouts")
            print(f"  reference x{args.reference}, seed {args.reference_seed} (wall {time.perf_counter() - wall:.1f} s,"
                  f" CPU {cpu() - used:.1f} s): of {len(serious)} mistakes and blunders it gives {held} the same"
                  f" grade, confirms {confirmed} (at least a mistake)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Play a range of a strength match's games with one search spec, appended to the strength log.

    python research/paired_games.py --search SPEC [--match solo4] [--games 15-54] [--seed 2024]

``benchmarks/bench_strength.py`` plays games 0 to N-1 of a match; this plays games FIRST-LAST (the same seeds,
so each pairs with any other spec's game of that number), one process, each game appended to
benchmarks/results/strength/games.jsonl when it ends (a rerun skips the games there). The ranker of
``research/train_ranker.py`` is measured on games its training deals (the oracle study's deals 0-14, the
match's games 0-14) are not among. The tables: ``bench_strength.py --table-only --matches solo4
--solo-games 55 --search SPEC --paired search:cut=4``.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from research.gamelog import LOG, GameLog
from research.games import STRENGTH, Task, play


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", required=True)
    parser.add_argument("--match", default="solo4")
    parser.add_argument("--games", default="15-54", help="FIRST-LAST, both included")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--opponent", default="greedy", help="the strength log's opponent field (2-4 players)")
    args = parser.parse_args(argv)
    log = GameLog(STRENGTH / LOG)
    first, _, last = args.games.partition("-")
    for k in range(int(first), int(last or first) + 1):
        task = Task(args.match, k, args.seed, args.search, args.opponent)
        if task.key in log.rows:
            continue
        row = play(task)
        log.append(row)
        cpu = sorted(row["cpu_times"])
        print(f"{args.match} game {k}: {row['vp']} : {row['best_other']} (margin {row['margin']:+d}), "
              f"CPU median {cpu[len(cpu) // 2]:.3f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

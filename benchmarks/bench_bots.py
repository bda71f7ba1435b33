"""Bot speed and strength: games per second, process-pool speed-up, rollouts per second, head-to-head
win rates and solo win rates against Andrew at each level.

    python benchmarks/bench_bots.py [--quick] [--seed S] [--jobs J] [--solo-games N] [--skip-solo]

A script, not a test: it prints numbers. Everything but the timings is deterministic for a seed.
Timings are wall-clock and suffer from whatever else runs on the machine (the load average is printed).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Sequence

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots import GreedyBot, simulate


def load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def games_per_second(bots: Sequence[str], games: int, seed: int, players: int | None = None) -> float:
    players = players or len(bots)
    result = simulate(players, games, list(bots), seed=seed)
    return games / result.seconds


def speed_up(bots: Sequence[str], games: int, seed: int, jobs: int) -> tuple[float, float, float]:
    one = simulate(len(bots), games, list(bots), seed=seed, jobs=1)
    many = simulate(len(bots), games, list(bots), seed=seed, jobs=jobs)
    assert one.outcomes() == many.outcomes(), "jobs changed the results"
    return one.seconds, many.seconds, one.seconds / many.seconds


def rollouts_per_second(policy: str, rollouts: int, seed: int, depth: int | None = None) -> tuple[float, int]:
    """evaluate() on the first choice of the timeline row of a 2-player greedy game."""
    game = cl.new_game(["Ada", "Bo"], seed=seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while game.decision.kind != "choose":
        game.apply(bots[game.current_player].choose(game))
    start = time.perf_counter()
    rows = evaluate(game, rollouts=rollouts, seed=seed, policy=policy, depth=depth)
    elapsed = time.perf_counter() - start
    total = sum(r.rollouts for r in rows)
    return total / elapsed, total


def head_to_head(a: str, b: str, games: int, seed: int, jobs: int) -> tuple[float, float, float, float, float]:
    result = simulate(2, games, [a, b], seed=seed, jobs=jobs)
    rates, stats = result.win_rates(), result.score_stats()
    return rates[a], rates[b], stats[a]["mean"], stats[b]["mean"], result.seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games everywhere (a smoke run)")
    parser.add_argument("--seed", type=int, default=2024, help="batch seed (default 2024)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the parallel parts (default 2)")
    parser.add_argument("--solo-games", type=int, default=None, help="solo games per bot and level")
    parser.add_argument("--skip-solo", action="store_true", help="no solo win rates")
    args = parser.parse_args(argv)
    q = args.quick
    seed, jobs = args.seed, args.jobs

    print(f"carnegie_lab {cl.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"seed {seed}, {load()}")

    print("\n== single-core games per second ==")
    for label, bots, n in (("random, 2 players", ["random"] * 2, 20 if q else 100),
                           ("random, 4 players", ["random"] * 4, 10 if q else 50),
                           ("greedy vs greedy, 2 players", ["greedy"] * 2, 4 if q else 20),
                           ("greedy vs random, 2 players", ["greedy", "random"], 6 if q else 30),
                           ("greedy, 4 players", ["greedy"] * 4, 2 if q else 8),
                           ("rollout vs greedy, 2 players", ["rollout", "greedy"], 1 if q else 4)):
        print(f"  {label:<32} {games_per_second(bots, n, seed):8.2f} games/s  ({n} games)", flush=True)

    print(f"\n== process pool: --jobs {jobs} vs --jobs 1 (identical results checked) ==")
    for label, bots, n in (("greedy vs greedy", ["greedy"] * 2, 8 if q else 40),
                           ("random, 4 players", ["random"] * 4, 40 if q else 400)):
        t1, tj, ratio = speed_up(bots, n, seed, jobs)
        print(f"  {label:<20} {n:>4} games: {t1:6.2f} s -> {tj:6.2f} s   speed-up {ratio:.2f}x", flush=True)
    print(f"  ({load()})")

    print("\n== analysis.evaluate rollouts per second (first row choice of a 2-player game) ==")
    for policy, n, depth in (("random", 4 if q else 16, None), ("greedy", 1 if q else 3, None),
                             ("greedy", 2 if q else 8, 40)):
        rate, total = rollouts_per_second(policy, n, seed, depth)
        what = "to the end" if depth is None else f"{depth} decisions deep"
        print(f"  {policy:<7} rollouts, {what:<19} {rate:8.1f} rollouts/s  ({total} rollouts)", flush=True)

    print("\n== head to head, 2 players (seats alternate) ==")
    for a, b, n in (("greedy", "random", 40 if q else 200), ("rollout", "greedy", 6 if q else 40)):
        ra, rb, ma, mb, secs = head_to_head(a, b, n, seed, jobs)
        print(f"  {a} vs {b}: {n} games, win rate {ra:.1%} vs {rb:.1%}, mean VP {ma:.1f} vs {mb:.1f} "
              f"({secs:.0f} s)", flush=True)

    if not args.skip_solo:
        print("\n== solo against Andrew: win rate (mean VP player / Andrew) ==")
        per_bot = {"random": 10 if q else 100, "greedy": 4 if q else 40, "rollout": 2 if q else 10}
        if args.solo_games is not None:
            per_bot = {k: args.solo_games for k in per_bot}
        print(f"  {'bot':<8} {'games':>5}  " + "  ".join(f"{'level ' + str(lv):>20}" for lv in range(1, 5)))
        for bot, n in per_bot.items():
            cells = []
            for level in range(1, 5):
                r = simulate(1, n, [bot], seed=seed, jobs=jobs, level=level)
                s = r.score_stats()
                cells.append(f"{r.win_rates()[bot]:6.1%} ({s[bot]['mean']:5.1f}/{s['andrew']['mean']:5.1f})")
            print(f"  {bot:<8} {n:>5}  " + "  ".join(f"{c:>20}" for c in cells), flush=True)
    print(f"\n{load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

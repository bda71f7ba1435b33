"""How long does a bot think in the app? Decision times of one bot spec (default ``hard``) on positions
sampled from greedy games: 2 and 4 players and solo, early, middle and late in the game.

    python benchmarks/bench_think.py [--spec hard] [--positions N] [--seed S] [--json FILE]

For each position with more than one legal action, the bot chooses once; the wall time and the
process CPU time of that choice are recorded. Prints the median, the 90th percentile and the
maximum of both, per mode and overall, with the machine and its load. A script, not a test: the
times depend on the machine and on what else runs on it (the load average is printed).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, make_bot
from carnegie_lab.bots.base import mix

MODES = {"2 players": (2, None), "4 players": (4, None), "solo level 4": (1, 4)}


def positions(n: int, seed: int, every: int = 29) -> list[tuple[str, cl.Game]]:
    """``n`` positions per mode with a choice to make: every ``every``-th decision of greedy games."""
    out = []
    for mode, (players, level) in MODES.items():
        found: list[cl.Game] = []
        k = 0
        while len(found) < n:
            options: dict[str, Any] = {"solo_level": level} if level else {}
            game = cl.new_game([f"P{i + 1}" for i in range(players)], seed=mix(seed, players, k) & 0x7FFFFFFF,
                               **options)
            bots = [GreedyBot(i) for i in range(players)]
            k += 1
            step = 0
            while not game.is_over and len(found) < n:
                if step % every == 0 and len(game.legal_actions()) > 1:
                    found.append(game.copy())
                game.apply(bots[game.current_player or 0].choose(game))
                step += 1
        out += [(mode, g) for g in found]
    return out


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):.2f} s, p90 {p90:.2f} s, max {ordered[-1]:.2f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", default="hard")
    ap.add_argument("--positions", type=int, default=12, help="positions per mode (default 12)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for mode, game in positions(args.positions, args.seed):
        bot = make_bot(args.spec, 1)
        wall, cpu = time.perf_counter(), time.process_time()
        action = bot.choose(game)
        rows.append({"mode": mode, "round": game.round, "wall": time.perf_counter() - wall,
                     "cpu": time.process_time() - cpu, "action": str(action)})
    print(f"{args.spec}: {len(rows)} decisions; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for label in (*MODES, "all"):
        mine = [r for r in rows if label in ("all", r["mode"])]
        print(f"  {label:>13}: wall {summary([r['wall'] for r in mine])}; "
              f"CPU {summary([r['cpu'] for r in mine])}")
    if args.json:
        args.json.write_text(json.dumps({"spec": args.spec, "decisions": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""CPU seconds a decision of several bot specs, side by side on the same positions.

    python research/decision_cpu.py SPEC1,SPEC2,... [--deals 0,1] [--every 8] [--level 4] [--seed 2024]
                                    [--logged search:cut=4]

The positions are the player's decisions with a choice in the strength benchmark's logged games of
``--logged`` (benchmarks/bench_strength.py, match ``solo<level>`` with ``--seed``; deals as in
research/oracle.py), every ``--every``-th of them. At each position every spec chooses once, one after the
other, so a change in the machine's load falls on all of them alike; the CPU time of a choice is
``time.process_time`` of this process. Prints each position's times, then per spec the median and mean
and the median over the positions of its ratio to the first spec: the figure to match a candidate's
budget to the default's on a shared machine.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from research.gamelog import LOG, read_rows
from research.games import STRENGTH  # the strength benchmark's log


def positions(logged: str, deals: list[int], every: int, level: int, seed: int) -> list[tuple[int, cl.Game]]:
    """Every ``every``-th decision with a choice of the player in the logged games of ``logged`` on ``deals``:
    (deal, game at that decision)."""
    games = {r["index"]: r for r in read_rows(STRENGTH / LOG)
             if (r["match"], r["seed"], r["search"]) == (f"solo{level}", seed, logged) and r["index"] in deals}
    missing = sorted(set(deals) - set(games))
    if missing:
        raise SystemExit(f"the strength log has no game of {logged!r} at level {level}, seed {seed}, deals {missing}")
    found = []
    for deal in deals:
        game = cl.new_game(["P1"], seed=games[deal]["game_seed"], solo_level=level)
        seen = 0
        for text in games[deal]["record"]["actions"]:
            if game.current_player == 0 and len(game.legal_actions()) > 1:
                if seen % every == 0:
                    found.append((deal, game.copy()))
                seen += 1
            game.apply(text)
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("specs", help="bot specs, comma-separated; the first is the reference of the ratios")
    ap.add_argument("--deals", default="0,1")
    ap.add_argument("--every", type=int, default=8)
    ap.add_argument("--level", type=int, default=4, choices=(1, 2, 3, 4))
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--logged", default="search:cut=4", help="the bot whose logged games give the positions")
    args = ap.parse_args(argv)
    specs = args.specs.split(",")
    if args.every < 1:
        ap.error("--every: at least 1")
    found = positions(args.logged, [int(d) for d in args.deals.split(",")], args.every, args.level, args.seed)
    print(f"{len(found)} positions; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    cpu: dict[str, list[float]] = {spec: [] for spec in specs}
    for deal, game in found:
        for spec in specs:
            bot, position = make_bot(spec, 1), game.copy()
            started = time.process_time()
            bot.choose(position)
            cpu[spec].append(time.process_time() - started)
        print(f"deal {deal}, round {game.round}, {game.decision.kind}: "
              + " ".join(f"{cpu[spec][-1]:.3f}" for spec in specs))
    for spec in specs:
        ratio = statistics.median(a / b for a, b in zip(cpu[spec], cpu[specs[0]]))
        print(f"{spec}: median {statistics.median(cpu[spec]):.3f} s, mean {statistics.fmean(cpu[spec]):.3f} s, "
              f"ratio to {specs[0]} {ratio:.2f} (median over the positions)")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

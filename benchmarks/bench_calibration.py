"""Are ``evaluate``'s win rates calibrated? Over positions of games played to the end, the win rate it
gives the action that was played, against how often that player then won.

    python benchmarks/bench_calibration.py [--players 2] [--level L] [--games 30] [--every 25]
        [--playouts 24] [--values hand,learned] [--seed 99] [--jobs 2] [--from-log SPEC]

The games are greedy bots' (``simulate``, seed ``--seed``: not the training seeds), or with ``--from-log``
the first ``--games`` games that the strength benchmark recorded of that search spec in the match of
``--players`` / ``--level`` (``results/strength/games.jsonl``: against Andrew, greedy rarely wins and
the search bot about half the time at level 1); every ``--every``-th
decision with a choice is a position; ``evaluate(game, playouts=N, seed=0, value=V)`` runs for each
``--values`` (``hand``: the greedy evaluation's margin at the horizon and the share of playouts ahead
there, as before the learned evaluation; ``learned``: its estimate of the final margin and win chance),
and the row of the action the game went on with is kept with the game's result. The table bins the
win rates (tenths) and gives, per bin, the positions, the mean win rate given and the share won; the
Brier score sums it up (lower is better). CPU time is reported.
"""
from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Sequence

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots.simulate import simulate
from research.gamelog import LOG, read_rows

STRENGTH_LOG = Path(__file__).resolve().parent / "results" / "strength" / LOG


def probe(task: tuple[dict, int, int, Sequence[str]]) -> list[tuple[str, float, bool]]:
    """(value, win rate given to the played action, did its player win) at every chosen decision."""
    record, every, playouts, values = task
    game = cl.Game.from_record({**record, "actions": []})
    final = cl.Game.from_record(record)
    winners = set(final.winners())
    out = []
    choices = 0
    for action in record["actions"]:
        if len(game.legal_actions()) > 1:
            choices += 1
            if choices % every == 0:
                player = game.players[game.current_player]
                for value in values:
                    rows = {str(r.action): r for r in evaluate(game, playouts=playouts, seed=0, value=value)}
                    row = rows[action]
                    if row.playouts:
                        out.append((value, row.win_rate, player in winners))
        game.apply(action)
    return out


def table(results: list[tuple[str, float, bool]], value: str) -> str:
    mine = [(p, w) for v, p, w in results if v == value]
    lines = [f"`value={value}`: {len(mine)} positions, Brier score "
             f"{statistics.fmean((p - w) ** 2 for p, w in mine):.3f}" if mine else f"`value={value}`: none", "",
             "| win rate given | positions | mean given | share won |", "|---|---|---|---|"]
    for k in range(10):
        low, high = k / 10, (k + 1) / 10
        bin_ = [(p, w) for p, w in mine if low <= p < high or (k == 9 and p == 1.0)]
        if bin_:
            lines.append(f"| {low:.0%}-{high:.0%} | {len(bin_)} | {statistics.fmean(p for p, _ in bin_):.0%} | "
                         f"{statistics.fmean(w for _, w in bin_):.0%} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", type=int, default=None, help="solo: Andrew's level")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--every", type=int, default=25, help="every so many decisions with a choice")
    parser.add_argument("--playouts", type=int, default=24)
    parser.add_argument("--values", default="hand,learned")
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--from-log", metavar="SPEC", default=None,
                        help="the strength benchmark's recorded games of this search spec instead of new ones")
    args = parser.parse_args(argv)
    started, cpu = time.perf_counter(), time.process_time()
    values = [v for v in args.values.split(",") if v]
    if args.from_log:
        match = f"solo{args.level}" if args.players == 1 else f"{args.players}p"
        rows = sorted((r for r in read_rows(STRENGTH_LOG) if r["search"] == args.from_log and r["match"] == match),
                      key=lambda r: r["index"])[:args.games]
        if len(rows) < args.games:
            raise SystemExit(f"{STRENGTH_LOG} holds {len(rows)} games of {args.from_log!r} in {match}, "
                             f"not {args.games}")
        records, bots = [r["record"] for r in rows], [args.from_log, "greedy" if args.players > 1 else "Andrew"]
    else:
        bots = [b for b in args.bots.split(",") if b]
        batch = simulate(players=args.players, games=args.games, bots=bots, seed=args.seed, level=args.level,
                         jobs=args.jobs, keep_records=True)
        records = [r.record for r in batch.results]
    tasks: list[Any] = [(record, args.every, args.playouts, values) for record in records]
    with multiprocessing.Pool(args.jobs) as pool:
        results = [x for part in pool.map(probe, tasks) for x in part]
    source = f"recorded games of {args.from_log}" if args.from_log else f"seed {args.seed}"
    print(f"# Calibration: {args.games} games of {args.players} player(s), bots {bots}, level {args.level}, "
          f"{source}; every {args.every}th decision with a choice; evaluate(playouts={args.playouts})\n")
    for value in values:
        print(table(results, value))
    print(f"({time.process_time() - cpu:.0f} s CPU in the main process, {time.perf_counter() - started:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

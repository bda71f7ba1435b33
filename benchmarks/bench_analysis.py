"""How long does ``analysis.evaluate`` take at its default budget, and which playout horizon answers best?

    python benchmarks/bench_analysis.py [--positions N] [--seed S] [--think T] [--players 2,4,1]
    python benchmarks/bench_analysis.py --horizons [--positions N] [--truth K] [--max-actions A] [--players 4]

* Default: ``evaluate(game)`` (default budget) on positions sampled from greedy games (2 and 4 players,
  and solo against Andrew at level 2), at decisions with a choice spread over the rounds; prints,
  per player count and overall, the wall and CPU time (median and max), the playouts, the actions, the
  positions played to the end and those where some action got no playout. The target: within 2 s.
* ``--horizons``: for each position, ``--truth`` playouts to the end of each action (the first
  ``--max-actions`` legal ones, near-duplicates pruned; the greedy policy with evaluate's share of
  random moves) recording the greedy evaluation's margin at the start of 1, 2 and 3 rounds on and the
  final margin; then, for each horizon, the estimate a 2 s budget
  affords (CPU time per playout measured; the same number of playouts for every action) from the
  even-numbered playouts, compared with the mean final margin of the odd-numbered ones: the rank
  correlation and the regret (VP lost by taking the estimate's best action). This is how
  ``evaluate``'s horizon was chosen (docs/architecture.md). Costly: minutes per position.

A script, not a test: it prints numbers. Positions and playouts are deterministic for a seed; the
timings depend on the machine and its load (printed).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from typing import Sequence

import carnegie_lab as cl
from carnegie_lab.analysis import DEFAULT_EPSILON, DEFAULT_THINK, evaluate
from carnegie_lab.bots import GreedyBot
from carnegie_lab.bots.base import deciding, light_copy, mix, step
from carnegie_lab.bots.greedy import prune
from carnegie_lab.bots.search import playout, resample_hidden

NAMES = ["Ada", "Bo", "Cy", "Di"]
HORIZONS = (1, 2, 3, None)


def load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def positions(players: int, count: int, seed: int) -> list[cl.Game]:
    """``count`` positions with a choice, from greedy games (Andrew at level 2 for one player), their
    rounds spread over the game: one position per game, at a random decision of a chosen round."""
    rng = random.Random(mix(seed, players))
    rounds = cl.new_game(NAMES[:2]).rules.constants.rounds
    out: list[cl.Game] = []
    while len(out) < count:
        k = len(out)
        game_seed = rng.randrange(1 << 30)
        target = 1 + (k * rounds) // count if count > 1 else rounds // 2
        options = {"solo_level": 2} if players == 1 else {}
        game = cl.new_game(NAMES[:players], seed=game_seed, **options)
        bots = [GreedyBot(game_seed + i) for i in range(players)]
        while game.round < target and not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        candidates = []
        while game.round == target and not game.is_over:
            if len(game.legal_actions()) > 1:
                candidates.append(game.copy())
            game.apply(bots[game.current_player].choose(game))
        if candidates:                        # else (no choice in that round of this game) another game
            out.append(rng.choice(candidates))
    return out


def label(players: int) -> str:
    return "solo (level 2)" if players == 1 else f"{players} players"


def timing(players: Sequence[int], count: int, seed: int, think: float) -> None:
    print(f"evaluate(game, think={think}) on {count} positions per group, seed {seed}")
    print(f"  {'group':<15} {'wall median':>11} {'wall max':>9} {'CPU median':>11} {'CPU max':>8} "
          f"{'playouts':>9} {'actions':>8} {'to the end':>11} {'unplayed':>9}")
    walls, cpus = [], []
    for n in players:
        group_walls, group_cpus, played, actions, short, final = [], [], [], [], 0, 0
        for game in positions(n, count, seed):
            wall, cpu = time.perf_counter(), time.process_time()
            rows = evaluate(game, think=think)
            group_walls.append(time.perf_counter() - wall)
            group_cpus.append(time.process_time() - cpu)
            played.append(sum(r.playouts for r in rows if r.same_as is None))
            actions.append(len(rows))
            short += any(not r.playouts for r in rows)
            final += rows[0].horizon is None
        walls += group_walls
        cpus += group_cpus
        print(f"  {label(n):<15} {statistics.median(group_walls):>10.2f}s {max(group_walls):>8.2f}s "
              f"{statistics.median(group_cpus):>10.2f}s {max(group_cpus):>7.2f}s "
              f"{statistics.median(played):>9.0f} {statistics.median(actions):>8.0f} {final:>7}/{count} "
              f"{short:>5}/{count}",
              flush=True)
    print(f"  {'all':<15} {statistics.median(walls):>10.2f}s {max(walls):>8.2f}s "
          f"{statistics.median(cpus):>10.2f}s {max(cpus):>7.2f}s")
    print(f"  (playouts and actions: medians; to the end: positions played to the end, the others 2 rounds on; "
          f"unplayed: positions where some action got no playout; {load()})")


def _rank(xs: Sequence[float]) -> list[int]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0] * len(xs)
    for r, i in enumerate(order):
        ranks[i] = r
    return ranks


def horizons(players: Sequence[int], count: int, seed: int, truth: int, budget: float, most: int) -> None:
    print(f"horizons: {truth} playouts to the end per action (epsilon {DEFAULT_EPSILON}; at most {most} "
          f"actions, the first of the legal ones), estimates within {budget} s of CPU, seed {seed}")
    for n in players:
        scores: dict[int | None, list[tuple[float, float]]] = {h: [] for h in HORIZONS}
        for game in positions(n, count, seed):
            state = game.state
            actions = prune(state, game.legal_actions())[:most]
            pi, start = deciding(state), state.flow.round
            samples = []                       # per action, per playout: (margins at 1, 2, 3 rounds, final)
            costs: dict[int | None, list[float]] = {h: [] for h in HORIZONS}
            for action in actions:
                rows = []
                for r in range(truth):
                    rng = random.Random(mix(seed, r))
                    child = light_copy(state)
                    if state.andrew is not None:
                        resample_hidden(child, rng)
                    clock = time.process_time()
                    step(child, action)
                    row = []
                    for h in HORIZONS:
                        row.append(playout(child, pi, rng, None if h is None else start + h, DEFAULT_EPSILON))
                        costs[h].append(time.process_time() - clock)
                    rows.append(row)
                samples.append(rows)
            target = [statistics.fmean(p[-1] for p in rows[1::2]) for rows in samples]
            line = f"  {label(n)}, round {start:>2}, {game.decision.kind:<8} {len(actions):>2} actions:"
            for i, h in enumerate(HORIZONS):
                each = max(1, min(truth // 2, int(budget / statistics.median(costs[h]) / len(actions))))
                estimate = [statistics.fmean(p[i] for p in rows[0::2][:each]) for rows in samples]
                rho = statistics.correlation(_rank(estimate), _rank(target)) if len(actions) > 2 else 1.0
                regret = max(target) - target[max(range(len(actions)), key=lambda k: estimate[k])]
                scores[h].append((rho, regret))
                line += f"  {'end' if h is None else h}: {each:>2}x rho {rho:+.2f} regret {regret:4.1f}"
            print(line, flush=True)
        for h in HORIZONS:
            rhos = [r for r, _ in scores[h]]
            regrets = [g for _, g in scores[h]]
            print(f"  {label(n)} horizon {'end' if h is None else f'{h} rounds'}: mean rank correlation "
                  f"{statistics.fmean(rhos):+.2f}, mean regret {statistics.fmean(regrets):.1f} VP")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=None, help="positions per group (default 12; 6 "
                                                                    "with --horizons)")
    parser.add_argument("--seed", type=int, default=14, help="seed of the sampled games (default 14)")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK, help="evaluate's budget in seconds")
    parser.add_argument("--players", default=None, help="comma-separated groups: 2, 4, 1 for solo (default "
                                                        "2,4,1; 4 with --horizons)")
    parser.add_argument("--horizons", action="store_true", help="compare the playout horizons instead")
    parser.add_argument("--truth", type=int, default=32, help="playouts per action for --horizons")
    parser.add_argument("--max-actions", type=int, default=8, help="actions per position for --horizons")
    args = parser.parse_args(argv)
    players = [int(p) for p in (args.players or ("4" if args.horizons else "2,4,1")).split(",")]
    print(f"carnegie_lab {cl.__version__}, Python {sys.version.split()[0]}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, {load()}")
    if args.horizons:
        horizons(players, args.positions or 6, args.seed, args.truth, args.think, args.max_actions)
    else:
        timing(players, args.positions or 12, args.seed, args.think)
    return 0


if __name__ == "__main__":
    sys.exit(main())

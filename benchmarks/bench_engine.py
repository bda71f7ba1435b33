"""Engine speed: random full games per second, decisions per second, and random play vs record replay.

    python benchmarks/bench_engine.py [--games N] [--seed S] [--profile]

A script, not a test. Everything runs on one core with a fixed seed, so two runs on the same machine
play the same games. The random player (``pick``) is also the policy of the property tests in
``tests/property/`` (they load this file), so the benchmark measures the games those tests explore.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from typing import Sequence

import carnegie_lab as cl
from carnegie_lab.actions import Action

PASSIVE = ("done", "sell")
PREFER_ACTIVE = 85          # percent of decisions on which a non-done/sell action is preferred
FLOOR = 10.0                # random 4-player games per second we must not drop below


def pick(legal: Sequence[Action], u: int) -> Action:
    """The random player: ``u`` is a random non-negative integer (a drawn choice index).

    With probability 85% (``u % 100 < 85``) it picks uniformly among the actions that are neither
    ``done`` nor ``sell``, if there are any; otherwise uniformly among all legal actions.
    """
    active = [a for a in legal if a.verb not in PASSIVE]
    if active and u % 100 < PREFER_ACTIVE:
        return active[(u // 100) % len(active)]
    return legal[(u // 100) % len(legal)]


def random_game(players: int, seed: int, rng: random.Random) -> cl.Game:
    """One full random game, asking the engine for the legal actions at every decision."""
    game = cl.new_game([f"P{i + 1}" for i in range(players)], seed=seed)
    while not game.is_over:
        game.apply(pick(game.legal_actions(), rng.getrandbits(30)))
    return game


def measure(players: int, games: int, seed: int) -> dict:
    rng = random.Random(seed)
    records = []
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(games):
        records.append(random_game(players, seed + k, rng).to_record())
    play, cpu = time.perf_counter() - start, time.process_time() - cpu
    decisions = sum(len(r["actions"]) for r in records)

    start = time.perf_counter()
    for record in records:
        cl.Game.from_record(record)
    replay = time.perf_counter() - start
    return {"players": players, "games": games, "play": play, "replay": replay, "decisions": decisions,
            "games_per_s": games / play, "cpu_games_per_s": games / cpu, "decisions_per_s": decisions / play,
            "replay_games_per_s": games / replay, "ratio": play / replay}


def profile(players: int, seed: int, top: int = 10) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    random_game(players, seed, random.Random(seed))
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per player count (default 20)")
    parser.add_argument("--seed", type=int, default=2024, help="first game seed (default 2024)")
    parser.add_argument("--profile", action="store_true", help="also profile one 4-player game with cProfile")
    args = parser.parse_args(argv)

    print(f"carnegie_lab {cl.__version__}, Python {sys.version.split()[0]}, "
          f"{args.games} games per player count, seed {args.seed}")
    print(f"{'players':>7} {'games/s':>9} {'(cpu time)':>10} {'decisions/s':>12} {'decisions/game':>15} "
          f"{'replays/s':>10} {'play/replay':>12}")
    results = {}
    for players in (4, 3, 2):
        r = results[players] = measure(players, args.games, args.seed)
        print(f"{players:>7} {r['games_per_s']:>9.1f} {r['cpu_games_per_s']:>10.1f} {r['decisions_per_s']:>12.0f} "
              f"{r['decisions'] / r['games']:>15.1f} {r['replay_games_per_s']:>10.1f} {r['ratio']:>12.2f}")
    four = results[4]["games_per_s"]
    verdict = "ok" if four >= FLOOR else "BELOW THE FLOOR"
    print(f"random 4-player games per second: {four:.1f} (floor {FLOOR:.0f}: {verdict})")
    print("games/s and decisions/s use wall-clock time (time.perf_counter); '(cpu time)' divides by this "
          "process's CPU time instead, which is what other load on the machine does not change")
    print("play/replay = time of random play (with legal-action generation) / time of Game.from_record "
          "on the same actions")
    if args.profile:
        print("\ncProfile of one random 4-player game, top 10 by cumulative time:")
        print(profile(4, args.seed))
    return 0 if four >= FLOOR else 1


if __name__ == "__main__":
    sys.exit(main())

"""Time to build every view of one mid-game position (target: well under 100 ms for all of them).

    .venv/bin/python benchmarks/bench_views.py [--repeat N]

The position: 4 players, seed 3, played by a seeded random policy (preferring anything but "done" and "sell")
to round 9. Prints the median time per figure and the total for one of each.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import carnegie_lab as cl
from carnegie_lab import views


def position() -> cl.Game:
    game = cl.new_game(["Ada", "Bo", "Cy", "Di"], seed=3)
    rng = random.Random(3)
    while game.round < 9:
        actions = game.legal_actions()
        game.apply(rng.choice([a for a in actions if a.verb not in ("done", "sell")] or actions))
    return game


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    game = position()
    builders = {
        "map_figure": lambda: views.map_figure(game),
        "map_figure(player=0)": lambda: views.map_figure(game, player=0),
        "tracks_figure": lambda: views.tracks_figure(game),
        "timeline_figure": lambda: views.timeline_figure(game),
        "company_figure(0)": lambda: views.company_figure(game, 0),
        "scores_figure": lambda: views.scores_figure(game),
        "history_figure": lambda: views.history_figure(game),
        "game_html": lambda: views.game_html(game),
    }
    start = time.perf_counter()
    for build in builders.values():            # first call: imports and cached static parts
        build()
    print(f"{game!r}\nfirst build of everything (imports, caches): {(time.perf_counter() - start) * 1000:.0f} ms\n")
    total = 0.0
    for name, build in builders.items():
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            build()
            times.append(time.perf_counter() - t)
        ms = statistics.median(times) * 1000
        total += ms
        print(f"{name:24} {ms:7.2f} ms")
    print(f"{'total (one of each)':24} {total:7.2f} ms")


if __name__ == "__main__":
    main()

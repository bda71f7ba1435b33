"""One tree's side of the speed guard (``guard.py``): times one task at a time, when the guard asks.

    PYTHONPATH=TREE python benchmarks/worker.py     (stdin: a task a line; stdout: a JSON answer a line)

A task is ``play SEED`` (a random 4-player game through the public API, bench_engine.py's ``random_game``),
``replay SEED`` (``Game.from_record`` of the record of that game, played at its ``play``) or ``greedy SEED``
(a game of greedy bots through the public API, ``greedy_game``). The answer is the CPU time
(``time.process_time``) of the task's parts (each decision of a played game; a replay, whole) and the
decisions of its game; the first line names the ``carnegie_lab`` imported.
Only the public API is used, so the tree of an older commit can be timed as well.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any

from bench_engine import PLAYER_COUNTS, greedy_game, random_game  # this folder's benchmark (runs from here)

import carnegie_lab as cl

PLAYERS = max(PLAYER_COUNTS)


def main() -> None:
    records: dict[int, dict[str, Any]] = {}
    print(json.dumps({"carnegie_lab": cl.__file__}), flush=True)
    for line in sys.stdin:
        task, seed = line.split()
        parts: list[float] = []
        start = time.process_time()
        if task == "play":
            game = random_game(PLAYERS, int(seed), steps=parts)
        elif task == "replay":
            game = cl.Game.from_record(records[int(seed)])
        elif task == "greedy":
            game = greedy_game(PLAYERS, int(seed), parts)
        else:
            raise SystemExit(f"worker.py: unknown task {task!r}")
        parts = parts or [time.process_time() - start]
        record = game.to_record()
        if task == "play":
            records[int(seed)] = record
        print(json.dumps({"parts": parts, "decisions": len(record["actions"])}), flush=True)


if __name__ == "__main__":
    main()

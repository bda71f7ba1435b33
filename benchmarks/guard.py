"""The engine's speed guard (``make bench-guard``, CI runs it after ``make test``): fails when the engine got slower.

    python benchmarks/guard.py [--figures FILE] [--write]

It runs ``compare.py``'s paired measurement of this working tree against the reference commit named in
``guard.json`` (a temporary git worktree): interleaved rounds of one child process per tree, the same
seeds, CPU time, each child's fastest of a few repeats (``--best-of``), the median ratio new / old over
the rounds, for

- play: random 4-player games through the public API (``new_game``, ``legal_actions``, ``apply``);
- greedy: the decisions of greedy bots' 4-player games through the public API (``GreedyBot.choose`` + ``apply``);
- replay: ``Game.from_record`` of the random games.

A measure fails when its median ratio is more than ``tolerance`` (15%) below the ratio recorded for it in
``guard.json``. Ratios, not speeds: both trees run on the same machine under the same load, back to back,
so a slower or busier machine moves both. Against load that comes and goes: CPU time, not wall time; the
fastest of each child's repeats (load only ever slows one down); rounds that alternate which tree goes
first; the median of the rounds; and a failing run is measured once more, from scratch, the guard failing
only when that run fails too (a real slowdown fails both; a burst of load seldom hits two).

The recorded figures move only by a commit that says why: ``--write`` measures and rewrites them in
``guard.json`` (with where and how they were measured), for such a commit.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import tempfile
from typing import Any, Sequence

from compare import CompareError, Tree, compare  # this folder's comparison (the script runs from here)

HERE = pathlib.Path(__file__).resolve().parent
FIGURES = HERE / "guard.json"
MEASURES = ("play", "greedy", "replay")
PLAYERS = 4


def measure(figures: dict[str, Any]) -> dict[str, Any]:
    """One paired run against the reference commit (a temporary worktree, removed after)."""
    s = figures["settings"]
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="carnegie_lab-guard-"))
    old = Tree.worktree("old", figures["reference"], tmp)
    try:
        return compare(old, Tree.working("new"), s["games"], s["rounds"], s["seed"], [PLAYERS], out=sys.stdout,
                       greedy=s["greedy"], best_of=s["best_of"])
    finally:
        old.remove()
        shutil.rmtree(tmp, ignore_errors=True)


def verdicts(figures: dict[str, Any], result: dict[str, Any]) -> list[tuple[str, float, float, dict, bool]]:
    """(measure, recorded ratio, floor, measured summary, ok) for each measure."""
    out = []
    for name in MEASURES:
        recorded = figures["figures"][name]["ratio"]
        floor = recorded * (1 - figures["tolerance"])
        m = result["summary"][str(PLAYERS)][name]
        out.append((name, recorded, floor, m, m["median_ratio"] is not None and m["median_ratio"] >= floor))
    return out


def report(figures: dict[str, Any], rows: list[tuple[str, float, float, dict, bool]], machine: dict[str, Any]) -> str:
    lines = [f"speed against {figures['reference']} (new / old, median over {figures['settings']['rounds']} "
             f"rounds, CPU time; {machine['cpu_count']} CPUs, load average {machine['load_average']} at the last "
             f"child); fails below the recorded ratio - {figures['tolerance']:.0%}:"]
    for name, recorded, floor, m, ok in rows:
        got = "n/a" if m["median_ratio"] is None else (f"x{m['median_ratio']:.3f} "
                                                        f"[{m['min_ratio']:.3f}..{m['max_ratio']:.3f}]")
        lines.append(f"  {name:<7} recorded x{recorded:.3f}, floor x{floor:.3f}, measured {got}: "
                     f"{'ok' if ok else 'TOO SLOW'}")
    return "\n".join(lines)


def write(figures: dict[str, Any], result: dict[str, Any]) -> None:
    """Record the measured ratios, with where and how, in the figures file."""
    head = subprocess.run(["git", "log", "-1", "--format=%h"], cwd=HERE, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "carnegie_lab"], cwd=HERE,
                           capture_output=True, text=True).stdout.strip()
    s = result["summary"][str(PLAYERS)]
    figures["figures"] = {name: {"ratio": round(s[name]["median_ratio"], 3),
                                 "rounds": [round(s[name]["min_ratio"], 3), round(s[name]["max_ratio"], 3)]}
                          for name in MEASURES}
    figures["measured"] = {
        "tree": f"{head}{' + uncommitted changes' if dirty else ''}",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.platform()}, {os.cpu_count()} CPUs, {platform.python_implementation()} "
                   f"{platform.python_version()}",
        "load_average": result["machine"]["load_average"],
        "command": "python benchmarks/guard.py --write"}
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="record the measured ratios in guard.json instead of checking them")
    args = parser.parse_args(argv)
    figures = json.loads(FIGURES.read_text())
    tries = 1 if args.write else 2
    try:
        for attempt in range(1, tries + 1):
            result = measure(figures)
            if args.write:
                write(figures, result)
                print(f"recorded in {FIGURES}:\n" + json.dumps(figures["figures"], indent=1))
                return 0
            rows = verdicts(figures, result)
            print(report(figures, rows, result["machine"]), flush=True)
            if all(ok for *_, ok in rows):
                print("bench-guard: the engine's speed holds")
                return 0
            if attempt < tries:
                print("bench-guard: below the floor; measuring once more before failing", flush=True)
    except CompareError as e:
        print(f"bench-guard: {e}", file=sys.stderr)
        return 2
    slow = ", ".join(name for name, *_, ok in rows if not ok)
    print(f"bench-guard: FAILED: {slow} more than {figures['tolerance']:.0%} below the recorded ratio against "
          f"{figures['reference']} in two runs (benchmarks/guard.json; figures move only by a commit that says why)",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

"""The engine's speed guard (``make bench-guard``): fails when the engine got slower than its recorded ratio.

    python benchmarks/guard.py [--write | --against REV]

It times this working tree against the reference commit named in ``guard.json`` (a temporary git worktree),
side by side: one long-lived process per tree (``worker.py``, importing that tree's ``carnegie_lab``), asked
for one task at a time and in turn, the two trees alternating which goes first, for

- play: random 4-player games through the public API (``new_game``, ``legal_actions``, ``apply``);
- replay: ``Game.from_record`` of those games;
- greedy: games of greedy bots through the public API (``GreedyBot.choose`` + ``apply``), per decision.

Every task is repeated (``repeats``) and only the fastest CPU time of each of its parts counts (a played
game's decisions, each; a replay, whole): on a busy machine other load only ever adds time, so the least
disturbed repeat is the closest to the engine's own cost, and a short part is often not disturbed at all.
A measure's ratio is new / old in games (greedy: decisions) per CPU second, over those fastest times (the
sum of its tasks' parts). A measure fails when its ratio is more than ``tolerance`` (15%)
below the ratio recorded for it in ``guard.json``; a failing run is measured once more, from scratch, and
the guard fails only when that run fails too. Ratios, not speeds: both trees run on the same machine under
the same load.

``--against REV`` measures the same way against another commit and prints the ratios, checking nothing.

The recorded figures move only by a commit that says why: ``--write`` measures three runs and records each
measure's median run in ``guard.json`` (with the runs, and where and how they were measured), for such a
commit.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any, Sequence

from compare import CompareError, Tree  # this folder's comparison (the script runs from here)

HERE = pathlib.Path(__file__).resolve().parent
FIGURES = HERE / "guard.json"
WORKER = HERE / "worker.py"
MEASURES = ("play", "greedy", "replay")
TRIES = 2                                   # a failing run is measured once more before the guard fails
WRITE_RUNS = 3                              # --write records the median of this many runs


class Worker:
    """A tree's worker process: ``ask(task, seed)`` gives (CPU seconds of each part, decisions) of one task."""

    def __init__(self, tree: Tree):
        env = dict(os.environ, PYTHONPATH=str(tree.path))
        env.pop("PYTHONHOME", None)
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, str(WORKER)], cwd=tree.path, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        imported = pathlib.Path(self._answer()["carnegie_lab"]).resolve()
        if tree.path.resolve() not in imported.parents:
            self.close()
            raise CompareError(f"the {tree.label} worker imported {imported}, not the carnegie_lab of {tree.path}")

    def ask(self, task: str, seed: int) -> tuple[list[float], int]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{task} {seed}\n")
        self.process.stdin.flush()
        answer = self._answer()
        return answer["parts"], answer["decisions"]

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise CompareError(f"the {self.tree.label} tree's worker stopped (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def tasks(settings: dict[str, Any]) -> list[tuple[str, int]]:
    """The tasks of a run, in the order asked: each game's play before its replay."""
    seeds = range(settings["seed"], settings["seed"] + settings["games"])
    return ([("play", s) for s in seeds] + [("replay", s) for s in seeds]
            + [("greedy", settings["seed"] + k) for k in range(settings["greedy"])])


def paired(workers: dict[str, Worker], settings: dict[str, Any], out: Any = sys.stdout) -> dict[str, Any]:
    """Every task of both workers, ``repeats`` times (the first run, unkept, warms them up), in turn; the
    fastest CPU time of each part of each task (a played game's decisions, each: short parts are seldom
    disturbed; a replay, whole), a task's time the sum over its parts, and per measure the ratio new / old of
    the speeds over its tasks."""
    todo = tasks(settings)
    fastest: dict[tuple[str, str, int], list[float]] = {}
    decisions: dict[tuple[str, str, int], int] = {}
    best: dict[tuple[str, str, int], float] = {}
    for repeat in range(settings["repeats"] + 1):
        for i, (task, seed) in enumerate(todo):
            for label in ("old", "new") if (repeat + i) % 2 == 0 else ("new", "old"):
                parts, n = workers[label].ask(task, seed)
                key = (label, task, seed)
                decisions[key] = n
                if repeat:
                    kept = fastest.setdefault(key, parts)
                    fastest[key] = [min(a, b) for a, b in zip(kept, parts)]
                    best[key] = sum(fastest[key])
        if repeat:
            print(f"repeat {repeat}/{settings['repeats']}: " + ", ".join(
                f"{name} x{r:.3f}" for name, r in ratios(best, decisions, todo).items()), file=out, flush=True)
    same = all(decisions["old", task, seed] == decisions["new", task, seed] for task, seed in todo)
    return {"ratios": ratios(best, decisions, todo), "same_games": same,
            "cpu": {label: {name: round(sum(best[label, task, seed] for task, seed in todo if task == name), 4)
                            for name in MEASURES} for label in ("old", "new")}}


def ratios(best: dict, decisions: dict, todo: list[tuple[str, int]]) -> dict[str, float]:
    """new / old speed per measure: games (greedy: decisions) per CPU second over the fastest times."""
    out = {}
    for name in MEASURES:
        mine = [(task, seed) for task, seed in todo if task == name]
        if not mine:
            continue
        speed = {label: sum(decisions[label, t, s] if name == "greedy" else 1 for t, s in mine)
                 / sum(best[label, t, s] for t, s in mine) for label in ("old", "new")}
        out[name] = speed["new"] / speed["old"]
    return out


def measure(figures: dict[str, Any]) -> dict[str, Any]:
    """One paired run against the reference commit (a temporary worktree, removed after)."""
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="carnegie_lab-guard-"))
    old = Tree.worktree("old", figures["reference"], tmp)
    workers: dict[str, Worker] = {}
    try:
        for tree in (old, Tree.working("new")):
            workers[tree.label] = Worker(tree)
        result = paired(workers, figures["settings"])
        result["load_average"] = [round(x, 2) for x in os.getloadavg()]
        return result
    finally:
        for worker in workers.values():
            worker.close()
        old.remove()
        shutil.rmtree(tmp, ignore_errors=True)


def verdicts(figures: dict[str, Any], result: dict[str, Any]) -> list[tuple[str, float, float, float | None, bool]]:
    """(measure, recorded ratio, floor, measured ratio, ok) for each measure."""
    out = []
    for name in MEASURES:
        recorded = figures["figures"][name]["ratio"]
        floor = recorded * (1 - figures["tolerance"])
        got = result["ratios"].get(name)
        out.append((name, recorded, floor, got, got is not None and got >= floor))
    return out


def report(figures: dict[str, Any], rows: list[tuple[str, float, float, float | None, bool]],
           result: dict[str, Any]) -> str:
    s = figures["settings"]
    lines = [f"speed against {figures['reference']} (new / old over the fastest of {s['repeats']} repeats of "
             f"each task, CPU time; {os.cpu_count()} CPUs, load average {result['load_average']} at the end); "
             f"fails below the recorded ratio - {figures['tolerance']:.0%}:"]
    for name, recorded, floor, got, ok in rows:
        lines.append(f"  {name:<7} recorded x{recorded:.3f}, floor x{floor:.3f}, measured "
                     f"{'n/a' if got is None else f'x{got:.3f}'}: {'ok' if ok else 'TOO SLOW'}")
    if not result["same_games"]:
        lines.append("  (the two trees played different games for the same seeds: a rule or the order of legal "
                     "actions changed)")
    return "\n".join(lines)


def write(figures: dict[str, Any], results: list[dict[str, Any]]) -> None:
    """Record each measure's median ratio over the runs, with the runs and where and how, in the figures file."""
    head = subprocess.run(["git", "log", "-1", "--format=%h"], cwd=HERE, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "carnegie_lab"], cwd=HERE,
                           capture_output=True, text=True).stdout.strip()
    figures["figures"] = {name: {"ratio": round(statistics.median(r["ratios"][name] for r in results), 3),
                                 "runs": [round(r["ratios"][name], 3) for r in results]} for name in MEASURES}
    figures["measured"] = {
        "tree": f"{head}{' + uncommitted changes' if dirty else ''}",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.platform()}, {os.cpu_count()} CPUs, {platform.python_implementation()} "
                   f"{platform.python_version()}",
        "load_average": [r["load_average"] for r in results],
        "cpu_seconds": [r["cpu"] for r in results],
        "command": "python benchmarks/guard.py --write"}
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="record the measured ratios in guard.json instead of checking them")
    parser.add_argument("--against", metavar="REV", help="measure against this commit and print the ratios only")
    args = parser.parse_args(argv)
    figures = json.loads(FIGURES.read_text())
    try:
        if args.against:
            result = measure({**figures, "reference": args.against})
            print(f"against {args.against}: " + ", ".join(f"{name} x{r:.3f}" for name, r in result["ratios"].items())
                  + f" (load average {result['load_average']})")
            return 0
        if args.write:
            write(figures, [measure(figures) for _ in range(WRITE_RUNS)])
            print(f"recorded in {FIGURES}:\n" + json.dumps(figures["figures"], indent=1))
            return 0
        for attempt in range(1, TRIES + 1):
            result = measure(figures)
            rows = verdicts(figures, result)
            print(report(figures, rows, result), flush=True)
            if all(ok for *_, ok in rows):
                print("bench-guard: the engine's speed holds")
                return 0
            if attempt < TRIES:
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

"""Engine speed against an older commit: the same seeds, interleaved rounds, the median ratio new / old.

    python benchmarks/compare.py REV [--new REV2] [--games N] [--rounds R] [--seed S] [--players 4,2]
                                     [--greedy G] [--best-of K] [--same] [--keep] [--worktree DIR] [--json]

``REV`` ("old") is checked out with ``git worktree add --detach`` in a temporary folder, removed at the
end (``--keep`` keeps it; ``--worktree DIR`` reuses a kept one). "new" is this working tree, uncommitted
changes included, or the commit ``--new REV2`` (in a second temporary worktree).

Each round runs one child process per tree, back to back, old first in odd rounds and new first in
even ones (a drift in the machine's speed during a run favours neither): this folder's ``bench_engine.py
--json --repeats 1`` with the tree as working directory and ``PYTHONPATH``, so both trees play the same seeds
with the same policy and measuring code, and each imports its own ``carnegie_lab`` (the child reports
``carnegie_lab.__file__``; a child that imported another tree stops the comparison). Times are CPU time
of the child (``time.process_time``); the ratio of a round is taken between its two children, run back to
back, and the summary is the median over the rounds. Ratios are new / old in games per CPU second
(decisions per CPU second for the greedy bots' games of ``--greedy G``): above 1 the new engine is faster.
With ``--best-of K`` each child measures everything K times and reports its fastest (``--repeats K``, the
``*_best_*`` figures): other load only ever slows a measurement down, so the fastest of a few short ones
is the least disturbed.

Decision counts and a fingerprint of the games of both trees are printed; they agree only when the two
engines play the same games for the same seeds (not so if a rule or the order of legal actions changed).
``--same`` makes a difference an error, for refactors meant to keep the games identical.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any, Sequence

from bench_engine import positive  # this folder's benchmark (the script runs from here)

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
BENCH = HERE / "bench_engine.py"
MEASURES = (("play", "play_games_per_s"), ("replay", "replay_games_per_s"), ("trusted", "trusted_games_per_s"),
            ("greedy", "greedy_decisions_per_s"))


def measures(best_of: int) -> tuple[tuple[str, str], ...]:
    """The measures and the child's figure for each: its median, or its fastest of ``best_of`` repeats."""
    if best_of == 1:
        return MEASURES
    return tuple((name, key.replace(f"{name}_", f"{name}_best_", 1)) for name, key in MEASURES)


class CompareError(Exception):
    pass


def git(*args: str, cwd: pathlib.Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise CompareError(f"git {' '.join(args)} failed: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout.strip()


def commit_of(rev: str) -> str:
    try:
        return git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except CompareError:
        raise CompareError(f"{rev!r} names no commit of {ROOT}") from None


def describe(sha: str) -> str:
    return git("log", "-1", "--format=%h %s", sha)


class Tree:
    """A source tree to measure: a temporary worktree of a commit, a reused one, or this working tree."""

    def __init__(self, label: str, path: pathlib.Path, title: str, created: bool = False):
        self.label, self.path, self.title, self.created = label, path, title, created

    @classmethod
    def worktree(cls, label: str, rev: str, parent: pathlib.Path) -> "Tree":
        sha = commit_of(rev)
        path = parent / label
        git("worktree", "add", "--detach", str(path), sha)
        return cls(label, path, f"{rev} = {describe(sha)} (worktree {path})", created=True)

    @classmethod
    def reused(cls, label: str, rev: str, path: pathlib.Path) -> "Tree":
        sha = commit_of(rev)
        path = path.resolve()
        if not (path / "carnegie_lab" / "__init__.py").is_file():
            raise CompareError(f"{path} holds no carnegie_lab package")
        head = git("rev-parse", "HEAD", cwd=path)
        if head != sha:
            raise CompareError(f"worktree {path} is at {head[:12]}, not at {rev} ({sha[:12]})")
        if git("status", "--porcelain", "--untracked-files=no", cwd=path):
            raise CompareError(f"worktree {path} has uncommitted changes")
        return cls(label, path, f"{rev} = {describe(sha)} (reused worktree {path})")

    @classmethod
    def working(cls, label: str) -> "Tree":
        changed = git("status", "--porcelain", "--untracked-files=no", "--", "carnegie_lab")
        extra = " + uncommitted changes in carnegie_lab/" if changed else ""
        return cls(label, ROOT, f"working tree {ROOT} (HEAD = {describe('HEAD')}{extra})")

    def remove(self) -> None:
        if self.created:
            try:
                git("worktree", "remove", "--force", str(self.path))
            except CompareError as e:
                print(f"warning: {e}", file=sys.stderr)
            self.created = False


def measure(tree: Tree, games: int, seed: int, players: Sequence[int], greedy: int = 0,
            repeats: int = 1) -> dict[str, Any]:
    """One child process: this folder's bench_engine.py --json, importing the tree's carnegie_lab."""
    env = dict(os.environ, PYTHONPATH=str(tree.path))
    env.pop("PYTHONHOME", None)
    cmd = [sys.executable, str(BENCH), "--json", "--repeats", str(repeats), "--games", str(games), "--seed", str(seed),
           "--players", ",".join(map(str, players)), "--greedy", str(greedy)]
    done = subprocess.run(cmd, cwd=tree.path, env=env, capture_output=True, text=True)
    try:
        result = json.loads(done.stdout)
    except json.JSONDecodeError:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise CompareError(f"the {tree.label} tree's benchmark failed (exit {done.returncode}):\n{tail}") from None
    imported = pathlib.Path(result["carnegie_lab"]["file"]).resolve()
    if tree.path.resolve() not in imported.parents:
        raise CompareError(f"the {tree.label} child imported {imported}, not the carnegie_lab of {tree.path}")
    return result


def ratio(new: float | None, old: float | None) -> float | None:
    return new / old if new and old else None


def fmt(x: float | None, spec: str = ".2f", width: int = 6) -> str:
    return f"{x:{width}{spec}}" if x is not None else f"{'n/a':>{width}}"


def compare(old: Tree, new: Tree, games: int, rounds: int, seed: int, players: Sequence[int],
            out: Any = sys.stdout, greedy: int = 0, best_of: int = 1) -> dict[str, Any]:
    def say(text: str) -> None:
        print(text, file=out, flush=True)

    per_round: list[dict[str, Any]] = []
    first: dict[str, dict] = {}
    for k in range(rounds):
        runs = {}
        for tree in (old, new) if k % 2 == 0 else (new, old):    # interleaved: old, new, new, old, ...
            runs[tree.label] = measure(tree, games, seed, players, greedy, best_of)
            first.setdefault(tree.label, runs[tree.label])
        row: dict[str, Any] = {"round": k + 1}
        parts = []
        for p in players:
            o, n = runs["old"]["results"][str(p)], runs["new"]["results"][str(p)]
            row[str(p)] = {name: {"old": o[key], "new": n[key], "ratio": ratio(n[key], o[key])}
                           for name, key in measures(best_of)}
            play, replay = row[str(p)]["play"], row[str(p)]["replay"]
            parts.append(f"{p}p play {fmt(play['old'], '.1f')} -> {fmt(play['new'], '.1f')} g/s "
                         f"x{fmt(play['ratio'], '.3f', 5)}, replay {fmt(replay['old'], '.1f')} -> "
                         f"{fmt(replay['new'], '.1f')} x{fmt(replay['ratio'], '.3f', 5)}")
            if greedy:
                g = row[str(p)]["greedy"]
                parts[-1] += (f", greedy {fmt(g['old'], '.0f')} -> {fmt(g['new'], '.0f')} decisions/s "
                              f"x{fmt(g['ratio'], '.3f', 5)}")
        per_round.append(row)
        say(f"round {k + 1}/{rounds}: " + " | ".join(parts))

    summary: dict[str, Any] = {}
    for p in players:
        s = summary[str(p)] = {}
        for name, _ in MEASURES:
            ratios = [r[str(p)][name]["ratio"] for r in per_round if r[str(p)][name]["ratio"] is not None]
            olds = [r[str(p)][name]["old"] for r in per_round if r[str(p)][name]["old"]]
            news = [r[str(p)][name]["new"] for r in per_round if r[str(p)][name]["new"]]
            s[name] = {"median_ratio": statistics.median(ratios) if ratios else None,
                       "min_ratio": min(ratios) if ratios else None, "max_ratio": max(ratios) if ratios else None,
                       "old_median": statistics.median(olds) if olds else None,
                       "new_median": statistics.median(news) if news else None}
        o, n = first["old"]["results"][str(p)], first["new"]["results"][str(p)]
        s["decisions"] = {"old": o["decisions"], "new": n["decisions"]}
        s["same_games"] = o["digest"] == n["digest"]
        s["play_over_trusted"] = {"old": o["play_over_trusted"], "new": n["play_over_trusted"]}
    return {"rounds": per_round, "summary": summary,
            "children": {label: {"carnegie_lab": first[label]["carnegie_lab"], "settings": first[label]["settings"]}
                         for label in ("old", "new")},
            "machine": first["new"]["machine"]}


def report(result: dict[str, Any], players: Sequence[int]) -> list[str]:
    lines = []
    rounds = len(result["rounds"])
    lines.append(f"median over {rounds} round(s) of new/old games per CPU second (above 1: new is faster); "
                 f"[min..max] over the rounds")
    for p in players:
        s = result["summary"][str(p)]
        for name, _ in MEASURES:
            m = s[name]
            unit = "decisions/s" if name == "greedy" else "g/s"
            if name == "greedy" and not (m["old_median"] or m["new_median"]):
                continue                      # not measured (no --greedy)
            if m["median_ratio"] is None:
                if m["old_median"] or m["new_median"]:
                    label, g = ("old", m["old_median"]) if m["old_median"] else ("new", m["new_median"])
                    detail = f"only the {label} tree has Game.push: {g:.1f} g/s"
                else:
                    detail = "neither tree has Game.push"
                lines.append(f"  {p} players, {name:<7}: n/a ({detail})")
                continue
            spread = f"[{m['min_ratio']:.3f}..{m['max_ratio']:.3f}]"
            lines.append(f"  {p} players, {name:<7}: x{m['median_ratio']:.3f} {spread}   "
                         f"old {m['old_median']:.1f} {unit}, new {m['new_median']:.1f} {unit} (medians)")
        pot = s["play_over_trusted"]
        if pot["old"] or pot["new"]:
            lines.append(f"  {p} players, play/trusted (CPU-time ratio, within a tree): old {fmt(pot['old'])}, "
                         f"new {fmt(pot['new'])}")
    lines.append("decisions played for the same seeds (first round):")
    for p in players:
        s = result["summary"][str(p)]
        d = s["decisions"]
        lines.append(f"  {p} players: old {d['old']}, new {d['new']} -> "
                     f"{'the same games' if s['same_games'] else 'DIFFERENT games'}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", metavar="REV",
                        help="the old commit (anything git rev-parse takes: HEAD~3, a tag, a sha)")
    parser.add_argument("--new", metavar="REV2", help="compare against this commit instead of the working tree")
    parser.add_argument("--games", type=positive, default=20, help="games per player count per child (default 20)")
    parser.add_argument("--rounds", type=positive, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seed", type=int, default=2024, help="first game seed (default 2024)")
    parser.add_argument("--players", default="4,2", help="player counts (default 4,2)")
    parser.add_argument("--greedy", type=int, default=0,
                        help="also time this many games of greedy bots per player count and child (default 0)")
    parser.add_argument("--best-of", type=positive, default=1,
                        help="each child measures K times and reports its fastest (default 1)")
    parser.add_argument("--same", action="store_true",
                        help="fail (exit 2) unless both trees play the same games (for refactors meant to keep them)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary worktree(s) and print where")
    parser.add_argument("--worktree", metavar="DIR", type=pathlib.Path,
                        help="reuse this existing worktree of REV (clean, at REV) instead of creating one")
    parser.add_argument("--json", action="store_true",
                        help="print the result as JSON on stdout (the readable report goes to stderr)")
    args = parser.parse_args(argv)
    try:
        players = [int(x) for x in args.players.split(",")]
        if not players or any(p not in (2, 3, 4) for p in players):
            raise ValueError
    except ValueError:
        parser.error(f"--players: expected counts among 2,3,4 such as 4,2, not {args.players!r}")

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="carnegie_lab-compare-"))
    trees: list[Tree] = []
    try:
        old = (Tree.reused("old", args.rev, args.worktree) if args.worktree
               else Tree.worktree("old", args.rev, tmp))
        trees.append(old)
        new = Tree.worktree("new", args.new, tmp) if args.new else Tree.working("new")
        trees.append(new)
        out = sys.stderr if args.json else sys.stdout
        print(f"old: {old.title}\nnew: {new.title}", file=out)
        print(f"{args.rounds} round(s) x (old, new), one child process each: {BENCH.name} --json "
              f"--repeats {args.best_of}{' (the fastest)' if args.best_of > 1 else ''}, "
              f"{args.games} games per player count for {','.join(map(str, players))} players, seeds "
              f"{args.seed}..{args.seed + args.games - 1}"
              + (f", {args.greedy} greedy bots' game(s)" if args.greedy > 0 else "")
              + "; CPU time (time.process_time)", file=out, flush=True)
        result = compare(old, new, args.games, args.rounds, args.seed, players, out=out, greedy=max(0, args.greedy),
                         best_of=args.best_of)
        for label in ("old", "new"):
            print(f"{label} child imported {result['children'][label]['carnegie_lab']['file']}", file=out)
        m = result["machine"]
        print(f"machine: {m['platform']}, {m['implementation']} {m['python']}, os.cpu_count() = {m['cpu_count']}, "
              f"load average {m['load_average']} (at the last child)", file=out)
        print("\n".join(report(result, players)), file=out)
        if args.json:
            result.update(old=old.title, new=new.title)
            print(json.dumps(result, indent=1))
        if args.same and not all(result["summary"][str(p)]["same_games"] for p in players):
            print("--same: the two trees play different games for the same seeds", file=sys.stderr)
            return 2
        return 0
    except CompareError as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 1
    finally:
        if args.keep and any(t.created for t in trees):
            for t in trees:
                if t.created:
                    print(f"kept worktree {t.path} (reuse: --worktree {t.path}; remove: git worktree remove "
                          f"--force {t.path})", file=sys.stderr)
        else:
            for t in trees:
                t.remove()
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

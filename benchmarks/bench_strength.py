"""How strong is the search bot? Matches against greedy (2, 3 and 4 players) and against Andrew (solo,
each level), on all cores, every game recorded so that a long run can resume.

    python benchmarks/bench_strength.py [--jobs J] [--games N] [--solo-games N]
        [--search SPEC] [--opponent SPEC] [--matches 2p,3p,4p,solo1,solo2,solo3,solo4]
        [--seed S] [--out DIR] [--minutes M] [--table-only]

* ``2p``: the search bot against one greedy bot, seats alternating from game to game; ``3p``/``4p``:
  against two / three greedy bots, the search bot's seat rotating; ``soloL``: against Andrew at level L.
* Every finished game is appended to ``DIR/games.jsonl`` (default ``benchmarks/results/strength``,
  kept in git; ``research/gamelog.py``: plain JSON Lines, one line per game, never rewritten): the match, the specs, the
  seeds, every total, who won, the search bot's decisions and thinking time (wall and CPU), and the
  game's record. The games of commit 9b4ac6f and before are in ``DIR/games-9b4ac6f.jsonl``
  (``--legacy`` prints their tables; never written): they were played by the bots of that commit, so a
  run here does not resume from them.
  A new run with the same options skips the games already in the file, so a long benchmark can be run
  in pieces (``--minutes`` stops handing out games after that
  many minutes and keeps what finished).
* The table (printed, and written to ``DIR/table.md``) gives per match the games, the search bot's win
  rate with its 95% Wilson interval, the mean totals (search bot, best opponent), the mean margin and
  the search bot's mean time per decision (over all its decisions, and over those with a choice), with
  the machine, the load and the budgets.

A script, not a test. Everything but the timings is deterministic for a seed and the specs (with a
``playouts`` budget; a ``think`` budget depends on the machine's speed and load).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

import carnegie_lab as cl
from carnegie_lab.analysis import wilson
from carnegie_lab.bots.registry import check_specs
from research.gamelog import LOG, OLD_LOG, GameLog, read_rows
from research.games import MATCHES, STRENGTH, Task, level_of, play, players_of

DEFAULT_SEARCH = "search"
DEFAULT_OUT = STRENGTH
#: the floors of issue #26's targets: (win rate, mean VP) per match, None where it sets none
TARGETS: dict[str, tuple[float | None, float | None]] = {
    "2p": (0.95, None), "solo1": (0.60, 105.0), "solo2": (None, 105.0), "solo3": (None, 105.0),
    "solo4": (0.25, 105.0)}


# -- statistics ------------------------------------------------------------------------------------

def machine() -> str:
    try:
        model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo", encoding="utf-8")
                      if line.startswith("model name")), platform.processor() or "unknown CPU")
    except OSError:
        model = platform.processor() or "unknown CPU"
    return (f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
            f"Python {sys.version.split()[0]}, carnegie_lab {cl.__version__}")


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def table(rows: Sequence[dict[str, Any]], matches: Sequence[str], search: str, opponent: str,
          jobs: int, notes: Iterable[str] = ()) -> str:
    lines = [f"# Search bot strength: `{search}` vs `{opponent}` / Andrew", "",
             f"- machine: {machine()}", f"- worker processes: {jobs}; load average now: {load()}",
             f"- search budget: `{search}`; opponents: `{opponent}` (2-4 players), Andrew (solo)",
             "- win: among the winners (a tie is a shared win); 95% interval: Wilson score",
             "- think: the search bot's wall time per decision: the median of those with more than one legal "
             "action (when recorded), the mean over all its decisions, the mean over those with a choice, "
             "the longest", *[f"- {n}" for n in notes], "",
             "- CPU: the median CPU time of the search bot's decisions with a choice (where recorded)",
             "",
             "| match | games | wins | win rate | 95% interval | mean VP | best other | margin | "
             "think ms ([median /] all / choices / max) | CPU ms | target |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for match in matches:
        games = [r for r in rows if r["match"] == match]
        players = players_of(match)
        level = level_of(match)
        label = f"solo vs Andrew level {level}" if level else \
            f"{players} players vs {'' if players == 2 else f'{players - 1} '}{opponent}"
        target = TARGETS.get(match) if level or opponent == "greedy" else None   # the targets are against greedy
        rate, points = target if target is not None else (None, None)
        goal = ", ".join(([] if rate is None else [f">= {rate:.0%}"])
                         + ([] if points is None else [f">= {points:.0f} VP"]))
        if not games:
            lines.append(f"| {label} | 0 | | | | | | | | | {goal} |")
            continue
        n, wins = len(games), sum(r["won"] for r in games)
        lo, hi = wilson(wins, n)
        vp = statistics.fmean(r["vp"] for r in games)
        other = statistics.fmean(r["best_other"] for r in games)
        margins = [r["margin"] for r in games]
        se = statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
        decisions = sum(r["decisions"] for r in games)
        choices = sum(r["choices"] for r in games)
        think_all = 1000 * sum(r["thinking"] for r in games) / max(1, decisions)
        think_choices = 1000 * sum(r["thinking_choices"] for r in games) / max(1, choices)
        longest = 1000 * max(r["longest"] for r in games)
        times = [t for r in games for t in r.get("times", ())]
        median = f"{1000 * statistics.median(times):.0f} / " if times else ""
        cpu = [t for r in games for t in r.get("cpu_times", ())]
        cpu_median = f"{1000 * statistics.median(cpu):.0f}" if cpu else ""
        lines.append(f"| {label} | {n} | {wins} | {wins / n:.1%} | {lo:.1%}-{hi:.1%} | {vp:.1f} | {other:.1f} | "
                     f"{statistics.fmean(margins):+.1f} ± {se:.1f} | {median}{think_all:.0f} / {think_choices:.0f} / "
                     f"{longest:.0f} | {cpu_median} | {goal} |")
    return "\n".join(lines) + "\n"


SHAPE_COLUMNS = ("projects", "departments", "donations", "employees", "final_boxes")


def shape_table(rows: Sequence[dict[str, Any]], matches: Sequence[str]) -> str:
    """Mean game shape per match: what the search bot and its strongest opponent (Andrew in solo)
    built, and their scores by category."""
    games = [r for r in rows if "shape" in r]
    if not games:
        return ""
    keys = [*SHAPE_COLUMNS, *(k for k in games[0]["shape"] if k.startswith("vp_"))]
    labels = [k.replace("vp_", "VP ").replace("_", " ") for k in keys]
    lines = ["## Game shape (means per game)", "",
             "| match | who | " + " | ".join(labels) + " |",
             "|---|---|" + "---|" * len(keys)]
    for match in matches:
        mine = [r for r in games if r["match"] == match]
        if not mine:
            continue
        for who, key in (("search", "shape"), ("Andrew" if match.startswith("solo") else "best other", "other_shape")):
            means = [statistics.fmean(r[key].get(k, 0) for r in mine) for k in keys]
            lines.append(f"| {match} ({len(mine)}) | {who} | " + " | ".join(f"{m:.1f}" for m in means) + " |")
    return "\n".join(lines) + "\n"


def paired(rows: Sequence[dict[str, Any]], base: Sequence[dict[str, Any]], matches: Sequence[str],
           label: str) -> str:
    """The mean paired difference of margins per match against another spec's games of the same
    seeds (the same match and game number), with its standard error."""
    lines = [f"## Paired with `{label}` (the same games)", "",
             "| match | pairs | margin | its margin | difference | wins | its wins |", "|---|---|---|---|---|---|---|"]
    for match in matches:
        theirs = {r["index"]: r for r in base if r["match"] == match}
        pairs = [(r, theirs[r["index"]]) for r in rows if r["match"] == match and r["index"] in theirs]
        if not pairs:
            continue
        diffs = [a["margin"] - b["margin"] for a, b in pairs]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
        mine, its = (statistics.fmean(x["margin"] for x in side) for side in zip(*pairs))
        lines.append(f"| {match} | {len(pairs)} | {mine:+.1f} | {its:+.1f} | {statistics.fmean(diffs):+.1f} ± "
                     f"{se:.1f} | {sum(a['won'] for a, _ in pairs)} | {sum(b['won'] for _, b in pairs)} |")
    return "\n".join(lines) + "\n"


# -- the run -----------------------------------------------------------------------------------------

def tasks_for(matches: Sequence[str], games: int, solo_games: int, seed: int, search: str,
              opponent: str) -> list[Task]:
    """The games of every match, interleaved (game 0 of every match, then game 1, ...) so that a run
    cut short still covers every match."""
    counts = {m: solo_games if m.startswith("solo") else games for m in matches}
    return [Task(m, k, seed, search, opponent) for k in range(max(counts.values(), default=0))
            for m in matches if k < counts[m]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all CPUs)")
    parser.add_argument("--games", type=int, default=40, help="games per 2-4 player match (default 40)")
    parser.add_argument("--solo-games", type=int, default=None, help="games per solo level (default: --games)")
    parser.add_argument("--search", default=DEFAULT_SEARCH, help=f"the search bot's spec (default {DEFAULT_SEARCH!r})")
    parser.add_argument("--opponent", default="greedy", help="the opponents' spec in 2-4 player matches")
    parser.add_argument("--matches", default=",".join(MATCHES), help=f"comma-separated, of {', '.join(MATCHES)}")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the game and bot seeds (default 2024)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="directory of the game logs and table.md")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop handing out games after this many minutes (the rest waits for a next run)")
    parser.add_argument("--table-only", action="store_true", help="write the table of the recorded games, play none")
    parser.add_argument("--legacy", action="store_true",
                        help=f"the table of {OLD_LOG} (the games of commit 9b4ac6f); plays none")
    parser.add_argument("--paired", default=None, metavar="SPEC[@old]",
                        help="also compare game by game with another spec's recorded games of the same seeds "
                             f"(@old: those of {OLD_LOG})")
    args = parser.parse_args(argv)
    matches = [m.strip() for m in args.matches.split(",") if m.strip()]
    unknown = [m for m in matches if m not in MATCHES]
    if unknown:
        parser.error(f"unknown match {unknown[0]!r}: choose from {', '.join(MATCHES)}")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        check_specs([args.search, args.opponent])
    except ValueError as e:
        parser.error(str(e))
    solo_games = args.games if args.solo_games is None else args.solo_games
    args.out.mkdir(parents=True, exist_ok=True)
    log = GameLog(args.out / LOG)
    legacy = args.out / OLD_LOG               # the games of commit 9b4ac6f and before: read, never written
    done = {row["key"]: row for row in read_rows(legacy)} if args.legacy else log.rows
    tasks = tasks_for(matches, args.games, solo_games, args.seed, args.search, args.opponent)
    todo = [] if args.table_only or args.legacy else [t for t in tasks if t.key not in done]
    print(f"{machine()}\nload average {load()}; {len(tasks)} games, {len(tasks) - len(todo)} already in {log.path}, "
          f"{len(todo)} to play on {args.jobs} process(es)", flush=True)
    start = time.perf_counter()
    deadline = None if args.minutes is None else start + 60 * args.minutes
    stopped = False
    if todo:
        with multiprocessing.Pool(args.jobs) as pool:
            for n, row in enumerate(pool.imap_unordered(play, todo), 1):
                log.append(row)
                print(f"  [{n}/{len(todo)}] {row['match']} game {row['index']}: {'won' if row['won'] else 'lost'} "
                      f"{row['vp']} vs {row['best_other']}  "
                      f"({1000 * row['thinking'] / max(1, row['decisions']):.0f} ms/decision)", flush=True)
                if deadline is not None and time.perf_counter() >= deadline and n < len(todo):
                    stopped = True
                    pool.terminate()                  # the games in flight are lost; the next run replays them
                    break
    keys = {t.key for t in tasks}
    rows = [r for k, r in done.items() if k in keys]
    notes = [f"seed {args.seed}; {len(rows)} of {len(tasks)} games recorded in "
             f"`{legacy.name if args.legacy else log.path.name}`"
             + (" (run stopped by --minutes: run again to finish)" if stopped else "")]
    text = table(rows, matches, args.search, args.opponent, args.jobs, notes)
    shapes = shape_table(rows, matches)
    text += "\n" + shapes if shapes else ""
    if args.paired:
        spec, _, old = args.paired.partition("@")
        source = read_rows(legacy) if old else log.rows.values()
        base = [r for r in source if r["search"] == spec and r["opponent"] == args.opponent
                and r["seed"] == args.seed]
        text += "\n" + paired(rows, base, matches, args.paired)
    (args.out / "table.md").write_text(text, encoding="utf-8")
    print(f"\n{text}\n({time.perf_counter() - start:.0f} s; wrote {args.out / 'table.md'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

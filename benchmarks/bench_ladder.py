"""One strength ladder: every bot and every level of Andrew rated on one Elo scale.

    python benchmarks/bench_ladder.py [--jobs J] [--games N] [--write]

The ratings are a Bradley-Terry fit (Elo units: 400 points = 10 to 1 odds; the greedy bot fixed at
1500) to every recorded game between two sides: the strength benchmark's games
(``results/strength/games-9b4ac6f.jsonl`` and ``games.jsonl``: a bot against greedy, against another
search bot, or against Andrew at a level; with 3-4 players each pair of seats counts as one game)
and the ladder's own round-robin of the cheap bots (``results/ladder/games.jsonl``: random,
greedy and rollout against each other and against Andrew, ``--games`` of each pairing, played here
when missing, on ``--jobs`` processes, appended and never rewritten). A tie counts half a win each.
A bot spec recorded before the learned evaluation (the games of commit 9b4ac6f, in
``games-9b4ac6f.jsonl``) is rated as ``<spec>@9b4ac6f``: the same name played differently then.

``--write`` stores the ratings of the app's strengths (easy, medium, hard: the rating of its spec's
games, else of its games at 9b4ac6f) and of the levels of Andrew in ``carnegie_lab/data/ladder.json``,
which ``carnegie_lab.bots.strengths`` reads for the app's words.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Sequence

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.bots.base import mix
from carnegie_lab.bots.strengths import LADDER_FILE, STRENGTHS
from research.gamelog import LOG, OLD_COMMIT, OLD_LOG, GameLog, read_rows

RESULTS = Path(__file__).resolve().parent / "results"
STRENGTH = RESULTS / "strength"
OWN = RESULTS / "ladder" / LOG
ANCHOR, ANCHOR_RATING = "greedy", 1500.0
CHEAP = ("random", "greedy", "rollout")
LEVELS = (1, 2, 3, 4)


def andrew(level: int) -> str:
    return f"Andrew level {level}"


def strength_results() -> list[tuple[str, str, float]]:
    """(side, other side, score of the side: 1 win, 0.5 tie, 0 loss) of every strength benchmark game."""
    out = []
    for path, tag in ((STRENGTH / OLD_LOG, f"@{OLD_COMMIT}"), (STRENGTH / LOG, "")):
        for row in read_rows(path):
            me = row["search"] + tag
            totals, seat = row["totals"], row["seat"]
            if row["match"].startswith("solo"):
                out.append((me, andrew(int(row["match"][4:])), _score(totals[0], totals[1])))
                continue
            for other, total in enumerate(totals):
                if other != seat:
                    opponent = row["opponent"] + (tag if row["opponent"] != "greedy" else "")
                    out.append((me, opponent, _score(totals[seat], total)))
    return out


def _score(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def pairings(games: int) -> list[tuple[str, str | int, int]]:
    """The ladder's own games: each pair of cheap bots (seats alternating) and each cheap bot against
    each level of Andrew, ``games`` of each."""
    out: list[tuple[str, str | int, int]] = []
    for i, a in enumerate(CHEAP):
        for b in CHEAP[i + 1:]:
            out += [(a, b, k) for k in range(games)]
        out += [(a, level, k) for level in LEVELS for k in range(games)]
    return out


def key(a: str, b: str | int, k: int) -> str:
    return json.dumps([a, b, k])


def play(task: tuple[str, str | int, int]) -> dict[str, Any]:
    a, b, k = task
    seed = mix(77, CHEAP.index(a), 10 + CHEAP.index(b) if isinstance(b, str) else b, k) & 0x7FFFFFFF
    if isinstance(b, int):
        game = cl.new_game(["P1"], seed=seed, solo_level=b)
        bots = [make_bot(a, seed)]
        sides = [a, andrew(b)]
    else:
        game = cl.new_game(["P1", "P2"], seed=seed)
        bots = [make_bot(a, seed), make_bot(b, seed + 1)]
        sides = [a, b]
        if k % 2:
            bots.reverse()
            sides.reverse()
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return {"key": key(a, b, k), "sides": sides, "totals": [s.total for s in game.seat_scores()]}


def fit(results: Iterable[tuple[str, str, float]], rounds: int = 2000) -> dict[str, float]:
    """Bradley-Terry strengths by minorisation-maximisation (a tiny prior of one tie with the anchor
    keeps an unbeaten side finite), as Elo ratings with the anchor at its rating."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[tuple[str, str], float] = defaultdict(float)
    for a, b, s in results:
        wins[a] += s
        wins[b] += 1 - s
        games[a, b] += 1
        games[b, a] += 1
    sides = sorted(wins)
    for side in sides:
        if side != ANCHOR:
            wins[side] += 0.5
            wins[ANCHOR] += 0.5
            games[side, ANCHOR] += 1
            games[ANCHOR, side] += 1
    strength = dict.fromkeys(sides, 1.0)
    for _ in range(rounds):
        new = {}
        for i in sides:
            den = sum(n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i)
            new[i] = wins[i] / den if den else strength[i]
        norm = new[ANCHOR]
        strength = {i: v / norm for i, v in new.items()}
    return {i: ANCHOR_RATING + 400 * math.log10(v) for i, v in strength.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--games", type=int, default=20, help="games of each pairing of the cheap bots")
    parser.add_argument("--write", action="store_true", help="write carnegie_lab/data/ladder.json")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    own = GameLog(OWN)
    todo = [t for t in pairings(args.games) if key(*t) not in own.rows]
    if todo:
        with multiprocessing.Pool(args.jobs) as pool:
            for row in pool.imap_unordered(play, todo):
                own.append(row)
    results = strength_results()
    for row in own.rows.values():
        (a, b), (x, y) = row["sides"], row["totals"]
        results.append((a, b, _score(x, y)))
    ratings = fit(results)
    counts: dict[str, int] = defaultdict(int)
    for a, b, _ in results:
        counts[a] += 1
        counts[b] += 1
    lines = ["| side | rating | games |", "|---|---|---|"]
    ranked = sorted(ratings, key=lambda s: -ratings[s])
    lines += [f"| `{side}` | {ratings[side]:.0f} | {counts[side]} |" for side in ranked]
    print("\n".join(lines))
    print(f"\n{len(results)} games; {time.perf_counter() - started:.0f} s")
    if args.write:
        named = {}
        for s in STRENGTHS.values():             # its spec's games here, else its games at 9b4ac6f
            found = next((ratings[n] for n in (s.spec, s.name, f"{s.name}@{OLD_COMMIT}") if n in ratings), None)
            if found is not None:
                named[s.name] = round(found)
        named |= {andrew(level): round(ratings[andrew(level)]) for level in LEVELS if andrew(level) in ratings}
        LADDER_FILE.write_text(json.dumps({"_about": "Elo ratings on the project's ladder, written by "
                                           "benchmarks/bench_ladder.py --write (docs/benchmarks.md)",
                                           "ratings": named}, indent=1) + "\n")
        print(f"wrote {LADDER_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

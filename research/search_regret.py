"""How much of its own objective the search's allocation loses: the regret of a budget on recorded positions.

    python research/search_regret.py [--games N] [--every K] [--oracle N] [--seeds S] [--variants SPEC,...]
                                  [--levels 4,1] [--kinds choose,...] [--log PATH] [--out DIR]

Positions are the decisions with a choice of the search bot (seat 0) in the solo games of the strength
log (``benchmarks/results/strength/games.jsonl``, spec ``search``, seed 2024): every ``K``-th one of the
first ``N`` games of each level. For each, the candidates are the default search bot's (greedy's best
few); the *oracle* value of a candidate is its mean margin over ``--oracle`` playouts (3 rounds deep,
hand value at the cutoff, the hidden cards redrawn every playout, as the search plays them). A variant
(a ``search:...`` spec with a ``playouts`` budget) is run with ``--seeds`` bot seeds on every position; its
regret is the oracle value of the best candidate less that of the one it chose (VP of the search's margin
at the cutoff), by decision kind. A screen of allocations (``cut``, ``keep``, ``rows``, ``playouts``)
without playing games; it says nothing of whether the objective itself is right. Appends each run to
``DIR/regret.jsonl`` (one line per run). Deterministic for its options.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Sequence

import carnegie_lab as cl
from carnegie_lab.bots import SearchBot, make_bot
from carnegie_lab.bots.base import HIDDEN, choices, decision_rng, mix
from carnegie_lab.bots.search import search
from research.gamelog import LOG as GAMES  # the benchmarks' logs
from research.gamelog import append_row, read_rows

ROOT = Path(__file__).resolve().parent.parent

LOG = ROOT / "benchmarks" / "results" / "strength" / GAMES
OUT = ROOT / "benchmarks" / "results" / "regret"


def read_games(path: Path, levels: Sequence[int], games: int) -> list[dict]:
    """The first ``games`` recorded solo games of ``search`` (seed 2024) at each level."""
    rows = read_rows(path)
    out = []
    for level in levels:
        mine = sorted((r for r in rows if r["search"] == "search" and r["match"] == f"solo{level}"
                       and r["seed"] == 2024), key=lambda r: r["index"])
        out += mine[:games]
    return out


def positions(record: dict, every: int, kinds: frozenset[str] | None) -> list[cl.Game]:
    """Every ``every``-th decision with a choice of seat 0 in a recorded game (of ``kinds``, None: all),
    as games."""
    game = cl.Game.from_record({**record, "actions": []})
    out, n = [], 0
    for action in record["actions"]:
        if game.current_player == 0 and len(game.legal_actions()) > 1 and \
                (kinds is None or str(game.decision.kind) in kinds):
            if n % every == 0:
                out.append(cl.Game.from_record({**record, "actions": game.to_record()["actions"]}))
            n += 1
        game.apply(action)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="recorded games per level")
    parser.add_argument("--every", type=int, default=9, help="every K-th decision with a choice")
    parser.add_argument("--oracle", type=int, default=128, help="playouts per candidate for its oracle value")
    parser.add_argument("--seeds", type=int, default=3, help="bot seeds per variant and position")
    parser.add_argument("--variants", default="search,search:cut=4,search:keep=4")
    parser.add_argument("--levels", default="4,1")
    parser.add_argument("--kinds", default=None, help="decision kinds only (comma-separated; choose: the rows)")
    parser.add_argument("--log", type=Path, default=LOG)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    bots = {v: [make_bot(v, s) for s in range(args.seeds)] for v in variants}
    kinds = None if args.kinds is None else frozenset(args.kinds.split(","))
    games = read_games(args.log, [int(x) for x in args.levels.split(",")], args.games)
    regret: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    cpu: dict[str, list[float]] = {v: [] for v in variants}
    for gi, row in enumerate(games):
        for game in positions(row["record"], args.every, kinds):
            kind = "rows" if str(game.decision.kind) == "choose" else "other"
            ref = SearchBot()
            ranked = [a for a, _ in ref.candidates(game.state, choices(game), decision_rng(0, game, HIDDEN))]
            if len(ranked) < 2:
                continue
            margins, _ = search(game.state, ranked, mix(gi, len(game.actions), 0x0AC1E),
                                playouts=args.oracle * len(ranked), keep=len(ranked))
            oracle = {a: statistics.fmean(m) for a, m in zip(ranked, margins)}
            best = max(oracle.values())
            for v in variants:
                for bot in bots[v]:
                    started = time.process_time()
                    chosen = bot.choose(game)
                    cpu[v].append(time.process_time() - started)
                    regret[v].setdefault(kind, []).append(best - oracle.get(chosen, min(oracle.values())))
    lines = [f"{len(games)} games, levels {args.levels}, every {args.every}th decision, oracle {args.oracle} "
             "playouts a candidate", "",
             "| variant | regret, row choice | regret, other decisions | positions (rows / other) | CPU ms median |",
             "|---|---|---|---|---|"]
    for v in variants:
        cells = []
        for kind in ("rows", "other"):
            xs = regret[v].get(kind, [])
            se = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
            cells.append(f"{statistics.fmean(xs):.2f} ± {se:.2f}" if xs else "")
        counts = "/".join(str(len(regret[v].get(k, [])) // args.seeds) for k in ("rows", "other"))
        lines.append(f"| `{v}` | {cells[0]} | {cells[1]} | {counts} | {1000 * statistics.median(cpu[v]):.0f} |")
    print("\n".join(lines))
    append_row(args.out / "regret.jsonl", {"argv": sys.argv[1:] if argv is None else list(argv), "table": lines,
                                           "regret": regret})
    return 0


if __name__ == "__main__":
    sys.exit(main())

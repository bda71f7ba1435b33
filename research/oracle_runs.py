"""The oracle study's part 3: GNRPA (research/gnrpa.py) on the study's level-4 deals, with Andrew's deck known.

    python research/oracle_runs.py [--deals 0-9] [--iterations 10,6,6] [--alpha A] [--tau T]
                                   [--bias hand|plan|none|memo|ranker|ranker-memo] [--refresh R]
                                   [--objective own+margin|margin|own] [--spend W] [--from-bot | --from-best]
                                   [--seed S] [--out FILE] [--jobs J] [--scheduler ADDR]
    python research/oracle_runs.py --report [--out FILE]
    python research/oracle_runs.py --report-best [--objective own+margin] [--out FILE]

An upper bound, never a player (nothing in carnegie_lab uses this module). The deals, the bot's games
and the pilot oracle's games are those of the study's file (benchmarks/results/oracle-level4.jsonl: the
strength benchmark's ``solo4`` deals with seed 2024, ``search:cut=4``'s logged games, the pilot method's).
``--from-bot`` seeds the search with the bot's game on the deal (the top level's first best sequence,
its policy adapted towards it): the second method, never below the bot's game by the objective.
``--from-best`` seeds it with the best game by the objective found so far on the deal, among the bot's,
the pilot oracle's and every row of ``--out`` (the seed chain: each run starts from the last one's best;
the row's ``seeded_with`` names the seed's player). ``--spend W`` takes W from a game's objective for each
dollar the player ends with beyond their welfare payments (``money_left`` in the row); the seed is still
the best by the objective alone.

Each finished deal appends one JSON line to ``--out`` (default
benchmarks/results/oracle-gnrpa-level4.jsonl; ``key``: the deal, its seed and the method's spec): the
totals, the margin, the actions (they replay through ``carnegie_lab.new_game``), the CPU seconds, the
playouts, the VP shape of both sides and the flow by round (:func:`flow`). A rerun skips the deals already
in the file. ``--jobs``/``--scheduler`` (a Dask address; a worker needs the project installed and this
checkout's research/ on its ``PYTHONPATH``) play the deals that many at a time, each batch appended when it ends.
``--report-best`` prints the same tables for the best game of every run on each deal (:func:`best_rows`).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Any

import carnegie_lab as cl
from carnegie_lab.bots.base import light_copy, mix
from carnegie_lab.core.state import ANDREW
from carnegie_lab.jobs import run_jobs
from carnegie_lab.rules import loop
from carnegie_lab.rules.ruleset import ruleset_for
from carnegie_lab.rules.setup import new_state
from research.gnrpa import BIASES, OBJECTIVES, Search, Settings, money_left

ROOT = Path(__file__).resolve().parents[1]
STUDY = ROOT / "benchmarks" / "results" / "oracle-level4.jsonl"
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "oracle-gnrpa-level4.jsonl"
BOT = "search:cut=4"
PILOT = "oracle:playouts=1:epsilon=0.2:policies=greedy"
NAMES = ["P1"]
STUDY_VERBS = ("tab", "track")          # an R&D turn's study points are spent one a disc or a track step


def read_rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def study_games(player: str, path: Path = STUDY) -> dict[int, dict[str, Any]]:
    """The study's games of ``player`` by deal (each row has the deal's seed, level and actions)."""
    return {r["deal"]: r for r in read_rows(path) if r["player"] == player}


#: how a run is seeded: the name its spec starts with
SEEDINGS = {"none": "gnrpa", "bot": "seeded", "best": "chained"}


def spec(settings: Settings, seeding: str, seed: int) -> str:
    its = "x".join(map(str, settings.iterations))
    refresh = f":refresh={settings.refresh}" if BIASES[settings.bias].memo else ""
    spend = f":spend={settings.spend}" if settings.spend else ""
    return (f"{SEEDINGS[seeding]}:level={settings.level}:iterations={its}:alpha={settings.alpha}"
            f":tau={settings.tau}:bias={settings.bias}{refresh}:objective={settings.objective}{spend}:seed={seed}")


def best_game(deal: int, objective: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The best game on the deal by the objective among the bot's, the pilot oracle's and ``rows``
    (ties: the first, the bot's before the pilot's before the rows in their order)."""
    score = OBJECTIVES[objective]
    games = [study_games(BOT)[deal], study_games(PILOT)[deal], *(r for r in rows if r["deal"] == deal)]
    return max(games, key=lambda g: score(*g["totals"][:2]))


def best_rows(rows: list[dict[str, Any]], objective: str) -> list[dict[str, Any]]:
    """The best game on each deal of the study by ``objective`` (:func:`best_game`) as one method's rows:
    ``found_by`` names the run that played it; the playouts and CPU seconds are those of every run on the deal."""
    best = []
    for deal, bot in sorted(study_games(BOT).items()):
        game = dict(best_game(deal, objective, rows))
        runs = [r for r in rows if r["deal"] == deal]
        game.setdefault("flow", flow(bot["seed"], bot["level"], game["actions"]))
        best.append(game | {"player": f"the best game of every run, by {objective}", "found_by": game["player"],
                            "seeded_with": None,                    # not paired: its seed is another method's
                            "playouts": sum(r["playouts"] for r in runs),
                            "cpu_seconds": sum(r["cpu_seconds"] for r in runs)})
    return best


def start_state(game_seed: int, level: int):
    state = light_copy(new_state(ruleset_for(None), NAMES, game_seed, solo_level=level))
    loop.settle(state)
    return state


def shape(game: cl.Game, seat: int) -> dict[str, int]:
    """What a seat (or Andrew: seat 1) ended with: projects, departments built, donations, and VP by category."""
    state = game.state
    owner: int | str = seat if seat < len(state.players) else ANDREW
    out = {"projects": len(game.sites_of(owner)),
           "donations": sum(1 for owners in state.board.donations.values() if owner in owners)}
    if owner == ANDREW:
        assert state.andrew is not None
        out["departments"] = len(state.andrew.departments)
    else:
        departments = game.components.departments
        out["departments"] = sum(1 for d in state.players[seat].cells.values()
                                 if d in departments and not departments[d].starting)
        out["employees"] = game.active_employees(seat)
    return out | {f"vp_{k}": v for k, v in game.seat_scores()[seat].as_dict().items() if k != "total"}


def flow(game_seed: int, level: int, actions: list[str]) -> list[dict[str, Any]]:
    """The player's resources round by round: at each round's end money, goods, active employees, projects,
    departments built, VP (and Andrew's); during it the study points spent (discs revealed and track steps),
    the income taken (money and goods gained by the ``income`` actions and what they set going) and the row."""
    game = cl.new_game(list(NAMES), seed=game_seed, solo_level=level)
    rounds: list[dict[str, Any]] = []
    study = income_money = income_goods = 0

    def close(rnd: int) -> None:
        nonlocal study, income_money, income_goods
        mine = shape(game, 0)
        scores = game.seat_scores()
        rounds.append({"round": rnd, "money": game.money(0), "goods": game.goods(0), "study": study,
                       "income_money": income_money, "income_goods": income_goods,
                       "employees": mine["employees"], "projects": mine["projects"],
                       "departments": mine["departments"], "donations": mine["donations"],
                       "score": scores[0].total, "andrew_score": scores[1].total})
        study = income_money = income_goods = 0

    for text in actions:
        before, money, goods = game.round, game.money(0), game.goods(0)
        game.apply(text)
        verb = text.split()[0]
        study += verb in STUDY_VERBS
        if verb == "income":
            income_money += game.money(0) - money
            income_goods += game.goods(0) - goods
        for rnd in range(max(before, 1), game.round):
            close(rnd)
    close(game.round)
    for summary, rnd in zip(game.round_summaries(), rounds):
        rnd["chosen"] = summary["chosen"]
    return rounds


def search_deal(task: tuple[int, dict[str, Any] | None], settings: Settings, seeding: str, seed: int,
                study: Path = STUDY) -> dict[str, Any]:
    """One deal searched by GNRPA from a seed game (or none), ``task`` = (deal, the seed game's row), as a
    results row."""
    deal, seed_game = task
    started = time.process_time()
    bot = study_games(BOT, study)[deal]
    game_seed, level = bot["seed"], bot["level"]
    search = Search(start_state(game_seed, level), settings, mix(seed, game_seed))
    best = search.run(None if seed_game is None else seed_game["actions"])
    cpu = time.process_time() - started
    actions = [str(a) for a in best.actions]
    game = cl.new_game(list(NAMES), seed=game_seed, solo_level=level)
    for text in actions:
        game.apply(text)
    totals = [s.total for s in game.seat_scores()]
    assert tuple(totals) == best.totals, f"deal {deal}: the replay scores {totals}, the search {best.totals}"
    player = spec(settings, seeding, seed)
    return {"key": json.dumps([deal, game_seed, player]), "deal": deal, "seed": game_seed,
            "level": level, "player": player, "settings": asdict(settings), "from_bot": seeding == "bot",
            "seeded_with": None if seed_game is None else seed_game["player"],
            "totals": totals, "margin": totals[0] - totals[1], "won": "P1" in game.winners(),
            "money_left": money_left(game.state),
            "cpu_seconds": round(cpu, 2), "playouts": search.playouts, "lookaheads": search.lookaheads,
            "cached_positions": len(search.cache),
            "shape": shape(game, 0), "andrew_shape": shape(game, 1), "flow": flow(game_seed, level, actions),
            "actions": actions}


def run(deals: list[int], settings: Settings, seeding: str, seed: int, out: Path, jobs: int = 1,
        scheduler: str | None = None) -> list[dict[str, Any]]:
    """Search the deals not yet in ``out``, appending each batch's rows; all rows of this method.
    ``seeding``: a key of :data:`SEEDINGS` (no seed game, the bot's, the best so far)."""
    player = spec(settings, seeding, seed)
    bots = study_games(BOT)
    seeds = {k: r["seed"] for k, r in bots.items()}
    missing = [k for k in deals if k not in seeds]
    if missing:
        raise SystemExit(f"the study's file has no deal {missing[0]} (it has {min(seeds)}-{max(seeds)})")
    for start in range(0, len(deals), jobs):
        rows = read_rows(out)
        done = {row["key"] for row in rows}
        todo = [(k, {"none": None, "bot": bots[k], "best": best_game(k, settings.objective, rows)}[seeding])
                for k in deals[start:start + jobs] if json.dumps([k, seeds[k], player]) not in done]
        rows = run_jobs(partial(search_deal, settings=settings, seeding=seeding, seed=seed), todo, jobs, scheduler)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("a") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
                print(f"deal {row['deal']}: {row['totals'][0]} : {row['totals'][1]} ({row['margin']:+d}), "
                      f"{row['playouts']} playouts, {row['cpu_seconds']:.0f} s CPU", flush=True)
    return [row for row in read_rows(out) if row["player"] == player]


def _mean_se(values: list[float]) -> str:
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{statistics.fmean(values):.1f} ± {se:.1f}"


SHAPE = ("projects", "departments", "donations", "employees", "vp_in_game", "vp_donations", "vp_tabs", "vp_cities",
         "vp_departments", "vp_employees", "vp_connections")
FLOW = ("money", "goods", "study", "income_money", "income_goods", "employees", "projects", "departments", "score",
        "andrew_score")
SUMMED = ("study", "income_money", "income_goods")


def seed_of(row: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The game a seeded row started from (its ``seeded_with`` on its deal: the bot's, the pilot's or one of
    ``rows``); None where the row names none."""
    player, deal = row.get("seeded_with"), row["deal"]
    if player is None:
        return None
    if player in (BOT, PILOT):
        return study_games(player)[deal]
    return next(r for r in rows if r["player"] == player and r["deal"] == deal)


def report(rows: list[dict[str, Any]]) -> str:
    """Markdown tables: each method's games against the pilot oracle's and the bot's on the same deals
    (own VP, Andrew's, margin; a seeded method's paired with its seeds too), the VP shape, and the flow by
    round of each method's best games."""
    bot, pilot = study_games(BOT), study_games(PILOT)
    methods: dict[str, dict[int, dict[str, Any]]] = {}
    for row in rows:
        methods.setdefault(row["player"], {})[row["deal"]] = row
    lines = []
    for player, games in methods.items():
        deals = sorted(games)
        mine = [games[k] for k in deals]
        lines += [f"### `{player}`: {len(deals)} deals", "",
                  "| deal | VP : Andrew | margin | pilot VP : Andrew | margin | bot VP : Andrew | margin | playouts "
                  "| CPU s |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for g in mine:
            p, b = pilot[g["deal"]], bot[g["deal"]]
            lines.append(f"| {g['deal']} | {g['totals'][0]} : {g['totals'][1]} | {g['margin']:+d} | "
                         f"{p['totals'][0]} : {p['totals'][1]} | {p['margin']:+d} | "
                         f"{b['totals'][0]} : {b['totals'][1]} | {b['margin']:+d} | "
                         f"{g['playouts']} | {g['cpu_seconds']:.0f} |")
        lines += [""]
        for who, games_of in (("this method", mine), ("pilot", [pilot[k] for k in deals]),
                              ("bot", [bot[k] for k in deals])):
            lines.append(f"- {who}: own VP {_mean_se([g['totals'][0] for g in games_of])}, Andrew "
                         f"{_mean_se([g['totals'][1] for g in games_of])}, margin "
                         f"{_mean_se([g['margin'] for g in games_of])}, won {sum(g['won'] for g in games_of)}")
        seeds = [seed_of(g, rows) for g in mine]
        if all(seeds):
            pairs = [(g, s) for g, s in zip(mine, seeds) if s is not None]
            changed = [g["deal"] for g, s in pairs if g["actions"] != s["actions"]]
            lines.append(f"- this method less its seeds, paired: own VP "
                         f"{_mean_se([g['totals'][0] - s['totals'][0] for g, s in pairs])}, margin "
                         f"{_mean_se([g['margin'] - s['margin'] for g, s in pairs])}; the game changed on "
                         f"{len(changed)} deals ({', '.join(map(str, changed)) or 'none'})")
        lines += ["", "| mean per game | " + " | ".join(SHAPE) + " |", "|---" * (len(SHAPE) + 1) + "|"]
        for who, games_of, key in (("this method", mine, "shape"), ("Andrew vs it", mine, "andrew_shape"),
                                   ("pilot", [pilot[k] for k in deals], "shape"),
                                   ("bot", [bot[k] for k in deals], "shape")):
            lines.append(f"| {who} | " + " | ".join(f"{statistics.fmean(g[key].get(c, 0) for g in games_of):.1f}"
                                                    for c in SHAPE) + " |")
        bot_flows = [flow(bot[k]["seed"], bot[k]["level"], bot[k]["actions"]) for k in deals]
        lines += ["", "Flow by round, mean of the deals, this method / the bot (money, goods at the round's end; "
                  "study points spent and income taken during it):", "",
                  "| round | " + " | ".join(FLOW) + " |", "|---" * (len(FLOW) + 1) + "|"]
        for rnd in range(len(mine[0]["flow"])):
            lines.append(f"| {rnd + 1} | " + " | ".join(
                f"{statistics.fmean(g['flow'][rnd][c] for g in mine):.1f} / "
                f"{statistics.fmean(f[rnd][c] for f in bot_flows):.1f}" for c in FLOW) + " |")
        lines += ["", "| summed over a game, mean | " + " | ".join(SUMMED) + " |", "|---" * (len(SUMMED) + 1) + "|"]
        for who, flows in (("this method", [g["flow"] for g in mine]), ("bot", bot_flows)):
            lines.append(f"| {who} | " + " | ".join(f"{statistics.fmean(sum(r[c] for r in f) for f in flows):.1f}"
                                                    for c in SUMMED) + " |")
        lines += ["", "Rows the player chose (odd rounds; Andrew's action is the row's):", ""]
        for who, flows in (("this method", [g["flow"] for g in mine]), ("bot", bot_flows)):
            counts: dict[str, int] = {}
            for f in flows:
                for r in f[0::2]:
                    counts[r["chosen"]] = counts.get(r["chosen"], 0) + 1
            lines.append(f"- {who}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        best = max(mine, key=lambda g: (g["totals"][0], g["margin"]))
        lines += ["", f"Its best game by own VP, deal {best['deal']} ({best['totals'][0]} : {best['totals'][1]}; "
                  "the player's row choices in capitals):", "",
                  "| round | row | " + " | ".join(FLOW) + " |", "|---" * (len(FLOW) + 2) + "|"]
        for r in best["flow"]:
            row = r["chosen"] if r["round"] % 2 else r["chosen"].lower()
            lines.append(f"| {r['round']} | {row} | " + " | ".join(str(r[c]) for c in FLOW) + " |")
        lines.append("")
    return "\n".join(lines)


def deal_list(text: str) -> list[int]:
    """``"0-9"`` or ``"0,3,5"`` as deal numbers."""
    if "-" in text:
        first, last = text.split("-")
        return list(range(int(first), int(last) + 1))
    return [int(k) for k in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", default="0-9", help="deal numbers: 0-9 or 0,3,5")
    default = Settings()
    ap.add_argument("--iterations", default=",".join(map(str, default.iterations)),
                    help="iterations at levels 1, 2, ...; their count is the level")
    ap.add_argument("--alpha", type=float, default=default.alpha)
    ap.add_argument("--tau", type=float, default=default.tau,
                    help="the bias's temperature: VP of greedy's value for hand, plan and memo; units of the "
                         "ranker's log-odds for ranker and ranker-memo (1: the ranker's own softmax)")
    ap.add_argument("--bias", default=default.bias, choices=tuple(BIASES))
    ap.add_argument("--refresh", type=float, default=default.refresh,
                    help="the memo biases (memo, ranker-memo): the chance of a lookahead at a decision whose "
                         "codes are all known")
    ap.add_argument("--objective", default=default.objective, choices=tuple(OBJECTIVES))
    ap.add_argument("--spend", type=float, default=default.spend,
                    help="the objective's penalty a dollar left at the end beyond the welfare payments")
    seeding = ap.add_mutually_exclusive_group()
    seeding.add_argument("--from-bot", action="store_true", help="seed the search with the bot's game")
    seeding.add_argument("--from-best", action="store_true",
                         help="seed the search with the best game so far on the deal (the bot's, the pilot's, --out's)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--report", action="store_true", help="print the tables of --out and search nothing")
    ap.add_argument("--report-best", action="store_true",
                    help="print the tables of the best game on each deal by --objective and search nothing")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler address")
    args = ap.parse_args(argv)
    if args.report:
        print(report(read_rows(args.out)))
        return 0
    if args.report_best:
        print(report(best_rows(read_rows(args.out), args.objective)))
        return 0
    settings = Settings(tuple(int(n) for n in args.iterations.split(",")), args.alpha, args.tau, args.bias,
                        args.objective, args.refresh, args.spend)
    seeding = "bot" if args.from_bot else "best" if args.from_best else "none"
    rows = run(deal_list(args.deals), settings, seeding, args.seed, args.out, args.jobs, args.scheduler)
    print(f"{spec(settings, seeding, args.seed)}: {len(rows)} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())

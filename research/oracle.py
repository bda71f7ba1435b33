"""The oracle study: the best solo game a planner finds against Andrew when it knows his deck.

    python research/oracle.py [--deals N] [--start K] [--level L] [--seed S] [--playouts P] [--epsilon E]
                           [--policies greedy+plan] [--decisions D] [--bot SPEC [--from-log]]
                           [--out FILE] [--jobs J] [--scheduler ADDR]

An upper bound, never a player: the planner reads Andrew's draw pile (nothing in carnegie_lab uses this
module). The deals are those of the strength benchmark's ``soloL`` match with its ``--seed``
(benchmarks/bench_strength.py: deal ``k`` is that match's game ``k``), so the bot games recorded there
pair with these. Once the deal is set up nothing in a solo game is random (every draw of the setup
comes from the deal's seed, Andrew's deck included), so a game is a fixed sequence of the player's
actions and the planner searches that sequence.

The planner is nested Monte-Carlo search of level 1 with memory (the pilot method): at every decision
with a choice, each of its actions (near-duplicates pruned, as the bots do) is played out to the end of
the game by the base policies (``--policies``: greedy's one-step lookahead on the hand evaluation,
and/or on it plus the build plan, :mod:`carnegie_lab.bots.evaluation.plan`), ``--playouts`` times for each
policy (the first greedy, the others with a random action ``--epsilon`` of the time). Every playout is
a whole legal game; the best seen so far (by the final margin over Andrew) is kept, and the planner
follows it: the game it plays is at least as good as any playout it saw. The random streams are
functions of the deal and the decision, so a run is deterministic.

Each finished deal appends one JSON line to ``--out`` (default benchmarks/results/oracle-level4.jsonl;
``key``: the deal, its seed and the player): the totals, the margin, the actions (they replay through
``carnegie_lab.new_game`` to the same totals), the CPU seconds, the VP shape of the player and of
Andrew (``research.games.shape``) and the plan round by round (:func:`plan_of`). ``--bot SPEC`` plays a
bot of ``make_bot`` on the same deals instead (``research.games.play``, the strength benchmark's game, same
seeds; ``cpu_times``: its CPU seconds a decision with a choice), for the pairing;
with ``--from-log`` it takes the bot's games from the strength benchmark's log instead. A rerun skips
the deals already in the file. ``--jobs``/``--scheduler`` (a Dask address) play the deals in batches
of that many processes or workers (``carnegie_lab.jobs.run_jobs``; a Dask worker needs the
project installed and this checkout on its ``PYTHONPATH``, for ``import research``), each batch
appended when it ends.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable

import carnegie_lab as cl
from carnegie_lab.bots.base import legal, light_copy, mix, step
from carnegie_lab.bots.evaluation import Evaluator, evaluator_for, plan_evaluator, score_totals
from carnegie_lab.bots.greedy import greedy_choice, prune
from carnegie_lab.bots.random_bot import pick
from carnegie_lab.cli.progress import ProgressBar
from carnegie_lab.core.actions import Action
from carnegie_lab.core.state import ANDREW, State
from carnegie_lab.jobs import run_jobs
from carnegie_lab.rules import loop
from carnegie_lab.rules.ruleset import ruleset_for
from carnegie_lab.rules.setup import new_state
from research.gamelog import LOG, read_rows
from research.games import MATCHES, STRENGTH, Task, play, shape  # the strength benchmark: its deals, its log

ROOT = Path(__file__).resolve().parents[1]

DEFAULT_OUT = ROOT / "benchmarks" / "results" / "oracle-level4.jsonl"
DEFAULT_SEED = 2024                           # the strength benchmark's seed: its recorded games pair with these
NAMES = ["P1"]
POLICIES = ("greedy", "plan")


@dataclass(frozen=True)
class Budget:
    """The planner's budget: playouts per action and base policy, their random share, the policies, and
    how many decisions with a choice it searches (None: all; after them it plays the best game found)."""
    playouts: int = 1
    epsilon: float = 0.2
    policies: tuple[str, ...] = ("greedy",)
    decisions: int | None = None

    @property
    def spec(self) -> str:
        cut = "" if self.decisions is None else f":decisions={self.decisions}"
        return f"oracle:playouts={self.playouts}:epsilon={self.epsilon}:policies={'+'.join(self.policies)}{cut}"


def deal_seed(index: int, level: int, seed: int = DEFAULT_SEED) -> int:
    """The game seed of deal ``index``: that of the strength benchmark's game ``index`` of its solo match
    (as ``research.games.play`` derives it; :func:`bot_deal` checks that the two agree)."""
    return mix(seed, MATCHES.index(f"solo{level}"), index) & 0x7FFFFFFF


def _start(game_seed: int, level: int) -> State:
    state = light_copy(new_state(ruleset_for(None), NAMES, game_seed, solo_level=level))
    loop.settle(state)
    return state


def _margin(state: State) -> int:
    totals = score_totals(state)
    return totals[0] - totals[1]


def playout(state: State, actions: list[Action], evaluator: Evaluator, rng: random.Random,
            epsilon: float) -> tuple[list[Action], int]:
    """Play ``state`` (changed in place; ``actions`` its legal actions) to the end with greedy's choice
    on ``evaluator`` (a random action ``epsilon`` of the time): the actions taken and the final margin."""
    taken = []
    while actions:
        if len(actions) == 1:
            action = actions[0]
        elif epsilon and rng.random() < epsilon:
            action = pick(actions, rng)
        else:
            action = greedy_choice(state, actions, rng, evaluator)[0]
        taken.append(action)
        actions = step(state, action)
    return taken, _margin(state)


def oracle_game(game_seed: int, level: int, budget: Budget) -> tuple[list[str], int]:
    """The planner's game on one deal (see the module docstring): its actions and final margin."""
    state = _start(game_seed, level)
    evaluators = [plan_evaluator(state) if p == "plan" else evaluator_for(state) for p in budget.policies]
    played: list[Action] = []
    best: list[Action] = []
    best_margin: float = float("-inf")
    searched = 0
    actions = legal(state)
    while actions:
        if len(actions) > 1 and budget.decisions is not None and searched >= budget.decisions:
            action = best[len(played)]
        elif len(actions) > 1:
            searched += 1
            for k, action in enumerate(prune(state, actions)):
                for e, evaluator in enumerate(evaluators):
                    for r in range(budget.playouts):
                        child = light_copy(state)
                        rng = random.Random(mix(game_seed, len(played), k, e, r))
                        rest, margin = playout(child, step(child, action), evaluator, rng,
                                               budget.epsilon if r else 0.0)
                        if margin > best_margin:
                            best, best_margin = played + [action] + rest, margin
            action = best[len(played)]
        else:
            action = actions[0]
            if len(best) <= len(played):      # no playout yet (the game's first steps are forced)
                best = played + [action]
        played.append(action)
        actions = step(state, action)
    return [str(a) for a in played], _margin(state)


def replay(game_seed: int, level: int, actions: list[str]) -> cl.Game:
    """The game of these actions on this deal, through the public API."""
    game = cl.new_game(list(NAMES), seed=game_seed, solo_level=level)
    for text in actions:
        game.apply(text)
    return game


def _snapshot(game: cl.Game, rnd: int) -> dict[str, Any]:
    """The player's and Andrew's standing at the end of round ``rnd`` (cumulative counts)."""
    connection = game.connection(0)
    mine = shape(game, 0)
    return {"round": rnd, "projects": mine["projects"], "departments": mine["departments"],
            "donations": mine["donations"], "employees": mine["employees"],
            "majors_linked": len(connection.majors) if connection else 0,
            "connection_vp": connection.vp if connection else 0,
            "score": game.seat_scores()[0].total, "andrew_projects": len(game.sites_of(ANDREW)),
            "andrew_score": game.seat_scores()[1].total, "money": game.money(0), "goods": game.goods(0)}


def plan_of(game_seed: int, level: int, actions: list[str]) -> list[dict[str, Any]]:
    """The plan of a game, round by round: the standing at the end of every round (see :func:`_snapshot`),
    taken at the player's first decision after it (a round that asks the player nothing is seen there
    too), and the row chosen in it."""
    game = cl.new_game(list(NAMES), seed=game_seed, solo_level=level)
    rounds = []
    for text in actions:
        before = game.round
        game.apply(text)
        rounds += [_snapshot(game, rnd) for rnd in range(max(before, 1), game.round)]
    rounds.append(_snapshot(game, game.round))
    for summary, rnd in zip(game.round_summaries(), rounds):
        assert summary["round"] == rnd["round"]
        rnd["chosen"] = summary["chosen"]
    return rounds


def _row(index: int, game_seed: int, player: str, actions: list[str], level: int, cpu: float) -> dict[str, Any]:
    game = replay(game_seed, level, actions)
    totals = [s.total for s in game.seat_scores()]
    return {"key": json.dumps([index, game_seed, player]), "deal": index, "seed": game_seed, "level": level,
            "player": player, "totals": totals, "margin": totals[0] - totals[1], "won": "P1" in game.winners(),
            "cpu_seconds": round(cpu, 2), "shape": shape(game, 0), "andrew_shape": shape(game, 1),
            "plan": plan_of(game_seed, level, actions), "actions": actions}


def oracle_deal(index: int, level: int, seed: int, budget: Budget) -> dict[str, Any]:
    """One deal played by the planner, as a results row."""
    started = time.process_time()
    game_seed = deal_seed(index, level, seed)
    actions, margin = oracle_game(game_seed, level, budget)
    row = _row(index, game_seed, budget.spec, actions, level, time.process_time() - started)
    assert row["margin"] == margin, f"deal {index}: the replay scores {row['margin']}, the search {margin}"
    return row | {"budget": asdict(budget)}


def bot_deal(index: int, level: int, seed: int, spec: str) -> dict[str, Any]:
    """One deal played by the bot ``spec`` (the strength benchmark's game), as a results row."""
    started = time.process_time()
    result = play(Task(f"solo{level}", index, seed, spec, spec))
    assert result["game_seed"] == deal_seed(index, level, seed), "research.games.play derives its seeds otherwise now"
    return _row(index, result["game_seed"], spec, result["record"]["actions"], level,
                time.process_time() - started) | {"cpu_times": result["cpu_times"]}


def logged_deal(index: int, level: int, seed: int, spec: str) -> dict[str, Any]:
    """Deal ``index`` as the bot ``spec`` played it in the strength benchmark's log, as a results row
    (its CPU seconds: those logged for the bot's decisions, in all and a decision)."""
    match = f"solo{level}"
    found = [r for r in read_rows(STRENGTH / LOG)
             if (r["match"], r["index"], r["seed"], r["search"]) == (match, index, seed, spec)]
    if not found:
        raise SystemExit(f"the strength log has no game {index} of {match} with seed {seed} for {spec!r}")
    logged = found[0]
    return _row(index, logged["game_seed"], spec, logged["record"]["actions"], level, sum(logged["cpu_times"])) | {
        "source": f"benchmarks/results/strength/{LOG}", "cpu_times": logged["cpu_times"]}


def read_results(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(work: Callable[[int], dict[str, Any]], player: str, deals: range, level: int, seed: int, out: Path,
        jobs: int = 1, scheduler: str | None = None) -> list[dict[str, Any]]:
    """Play the deals not yet in ``out`` with ``work(index)`` and append each row; all rows of ``player``.
    The file is read again before each batch, so two runs on one file skip each other's finished deals."""
    bar = ProgressBar(player, "deals")
    for start in range(0, len(deals), jobs):
        done = {row["key"] for row in read_results(out)}
        todo = [k for k in deals[start:start + jobs] if json.dumps([k, deal_seed(k, level, seed), player]) not in done]
        rows = run_jobs(work, todo, jobs, scheduler)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("a") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
        bar(min(start + jobs, len(deals)), len(deals))
    return [row for row in read_results(out) if row["player"] == player and row["level"] == level]


def _mean_se(values: list[float]) -> str:
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{statistics.fmean(values):+.1f} ± {se:.1f}"


SHAPE = ("projects", "departments", "donations", "employees", "vp_donations", "vp_tabs", "vp_cities",
         "vp_departments", "vp_employees", "vp_connections", "vp_cards", "vp_transport")
PLAN = ("projects", "departments", "donations", "majors_linked", "score", "andrew_projects", "andrew_score")


def report(rows: list[dict[str, Any]], bot: str) -> str:
    """Markdown tables of a results file: each planner paired with ``bot`` on the deals both played
    (margins per deal, mean ± standard error), the VP shape and the plan by round (means)."""
    by_player: dict[str, dict[int, dict[str, Any]]] = {}
    for row in rows:
        by_player.setdefault(row["player"], {})[row["deal"]] = row
    base = by_player.get(bot, {})
    lines = []
    for player, games in by_player.items():
        if player == bot:
            continue
        deals = sorted(set(games) & set(base))
        if not deals:
            continue
        mine, theirs = [games[k] for k in deals], [base[k] for k in deals]
        lines += [f"### {player} against {bot}: {len(deals)} deals", "",
                  "| deal | seed | planner VP : Andrew | margin | bot VP : Andrew | margin | gain |",
                  "|---|---|---|---|---|---|---|"]
        for a, b in zip(mine, theirs):
            lines.append(f"| {a['deal']} | {a['seed']} | {a['totals'][0]} : {a['totals'][1]} | {a['margin']:+d} | "
                         f"{b['totals'][0]} : {b['totals'][1]} | {b['margin']:+d} | {a['margin'] - b['margin']:+d} |")
        lines += ["", f"Planner: {summary(mine)}; margin {_mean_se([a['margin'] for a in mine])}.  ",
                  f"Bot: {summary(theirs)}; margin {_mean_se([b['margin'] for b in theirs])}.  ",
                  f"Paired gain: {_mean_se([a['margin'] - b['margin'] for a, b in zip(mine, theirs)])} VP: "
                  f"the player's VP {_mean_se([a['totals'][0] - b['totals'][0] for a, b in zip(mine, theirs)])}, "
                  f"Andrew's {_mean_se([a['totals'][1] - b['totals'][1] for a, b in zip(mine, theirs)])}.", "",
                  "| mean per game | " + " | ".join(SHAPE) + " |", "|---" * (len(SHAPE) + 1) + "|"]
        for who, games_of, key in (("planner", mine, "shape"), ("Andrew vs planner", mine, "andrew_shape"),
                                   ("bot", theirs, "shape"), ("Andrew vs bot", theirs, "andrew_shape")):
            lines.append(f"| {who} | " + " | ".join(f"{statistics.fmean(g[key][c] for g in games_of):.1f}"
                                                    for c in SHAPE) + " |")
        lines += ["", "| by the end of round | " + " | ".join(PLAN) + " |", "|---" * (len(PLAN) + 1) + "|"]
        for who, games_of in (("planner", mine), ("bot", theirs)):
            for rnd in (2, 5, 10, 15, 20):
                lines.append(f"| {who}, {rnd} | " + " | ".join(
                    f"{statistics.fmean(g['plan'][rnd - 1][c] for g in games_of):.1f}" for c in PLAN) + " |")
        lines += ["", "Rows the player chose (odd rounds; Andrew's action is the row's), all deals:", ""]
        for who, games_of in (("planner", mine), ("bot", theirs)):
            counts: dict[str, int] = {}
            for g in games_of:
                for r in g["plan"][0::2]:
                    counts[r["chosen"]] = counts.get(r["chosen"], 0) + 1
            lines.append(f"- {who}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        lines.append("")
        for g in (g for g in mine if g["won"]):
            lines += [f"The plan of a won game, deal {g['deal']} ({g['totals'][0]} : {g['totals'][1]}; "
                      "cumulative at the end of each round, the planner's row choices in capitals):", "",
                      "| round | " + " | ".join(str(r["round"]) for r in g["plan"]) + " |",
                      "|---" * (len(g["plan"]) + 1) + "|",
                      "| row | " + " | ".join(r["chosen"] if r["round"] % 2 else r["chosen"].lower()
                                            for r in g["plan"]) + " |"]
            lines += [f"| {c} | " + " | ".join(str(r[c]) for r in g["plan"]) + " |" for c in PLAN]
            lines.append("")
    return "\n".join(lines)


def summary(rows: list[dict[str, Any]]) -> str:
    margins = [r["margin"] for r in rows]
    se = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else float("nan")
    vp = statistics.fmean(r["totals"][0] for r in rows)
    decisions = [t for r in rows for t in r.get("cpu_times", ())]
    median = f", {1000 * statistics.median(decisions):.0f} ms CPU a decision (median)" if decisions else ""
    return (f"{len(rows)} deals: {vp:.1f} VP, margin {statistics.fmean(margins):+.1f} ± {se:.1f}, "
            f"{sum(r['won'] for r in rows)} won, {statistics.fmean(r['cpu_seconds'] for r in rows):.0f} s CPU a deal"
            f"{median}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--start", type=int, default=0, help="the first deal to play (deals START to DEALS-1)")
    ap.add_argument("--level", type=int, default=4, choices=(1, 2, 3, 4))
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--playouts", type=int, default=1, help="playouts per action and policy")
    ap.add_argument("--epsilon", type=float, default=0.2, help="random share of the playouts after the first")
    ap.add_argument("--policies", default="greedy", help="base policies, '+'-separated: greedy, plan")
    ap.add_argument("--decisions", type=int, default=None,
                    help="search only the first D decisions with a choice, then play the best game found")
    ap.add_argument("--bot", default=None, help="play this bot spec on the deals instead of the planner")
    ap.add_argument("--from-log", action="store_true",
                    help="with --bot: take its games from the strength benchmark's log instead of playing them")
    ap.add_argument("--report", metavar="BOT", default=None,
                    help="print the tables of --out, each planner paired with this bot spec, and play nothing")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler address")
    args = ap.parse_args(argv)
    if args.report is not None:
        print(report([r for r in read_results(args.out) if r["level"] == args.level], args.report))
        return 0
    policies = tuple(p for p in args.policies.split("+") if p)
    if not policies or any(p not in POLICIES for p in policies) or args.playouts < 1 or \
            args.decisions is not None and args.decisions < 1:
        ap.error(f"--policies: some of {', '.join(POLICIES)}, '+'-separated; --playouts, --decisions at least 1")
    if args.bot is not None:
        player: str = args.bot
        work: Callable[[int], dict[str, Any]] = partial(logged_deal if args.from_log else bot_deal,
                                                        level=args.level, seed=args.seed, spec=args.bot)
    else:
        budget = Budget(args.playouts, args.epsilon, policies, args.decisions)
        player, work = budget.spec, partial(oracle_deal, level=args.level, seed=args.seed, budget=budget)
    rows = run(work, player, range(args.start, args.deals), args.level, args.seed, args.out, args.jobs, args.scheduler)
    print(f"{player}: {summary(rows)}" if rows else f"{player}: no deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())

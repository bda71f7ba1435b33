"""Playout policies against Andrew, cheaply: one-step greedy players on bare states, paired on the same games.

    python research/policy_proxy.py [--policies greedy,plan,peek,...] [--games N] [--levels 1,2,3,4]
                                 [--seed S] [--jobs J] [--out DIR]

A policy is the move a playout would make; its strength alone against Andrew (a 1-player game costs
about 0.1 s of CPU here, against a minute for the search bot) screens a playout policy before the
search is run with it. Policies (``name`` or ``name:knob=value,...``):

* ``greedy``: the greedy bot (its hand-weighted evaluation on a view with Andrew's hidden cards redrawn);
* ``plan``: greedy on the build-plan evaluation (:mod:`carnegie_lab.bots.evaluation.plan`; knobs: :class:`Plan`'s);
* ``ranker``: the ranker distilled from the oracle chain (:mod:`carnegie_lab.bots.ranker`) on the same view
  (knob ``model``: a model file to use instead of the shipped one, e.g. ``ranker:model=/tmp/candidate.json``);
* ``expect-rows``: greedy, but the row is chosen by the mean evaluation over 8 redraws of the hidden cards;
* ``peek`` / ``peek-rows``: greedy seeing Andrew's real hidden cards (at every decision / at the row
  choice only): not a player, a measure of what the hidden cards are worth.

Every game of policy ``k`` uses game seed ``mix(seed, k)`` and level ``levels[k % len(levels)]``, so the
table gives the mean margin (the player's total less Andrew's), VP, projects built (the player's and
Andrew's) and the paired difference to the first policy with its standard error. Each run is appended
to ``DIR/runs.jsonl`` (one line per run). A tool, not a test; deterministic for its options.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Sequence

from carnegie_lab.bots.base import legal, light_copy, mix, step, table_view
from carnegie_lab.bots.evaluation import Evaluator, evaluator_for, score_totals
from carnegie_lab.bots.evaluation.plan import plan_evaluator
from carnegie_lab.bots.greedy import greedy_choice
from carnegie_lab.bots.ranker import RANKER_FILE, RankerModel, load_ranker, ranker_choice, ranker_model, verbs_of
from carnegie_lab.core.actions import Action
from carnegie_lab.core.state import ANDREW, State
from carnegie_lab.rules import loop
from carnegie_lab.rules.construction import discs
from carnegie_lab.rules.ruleset import Ruleset, ruleset_for
from carnegie_lab.rules.setup import new_state
from research.gamelog import append_row  # the benchmarks' logs

ROOT = Path(__file__).resolve().parent.parent

OUT = ROOT / "benchmarks" / "results" / "policy"
POLICIES = ("greedy", "plan", "ranker", "expect-rows", "peek", "peek-rows")
DRAWS = 8                                      # the redraws that expect-rows averages over


def parse(policy: str) -> tuple[str, dict[str, float]]:
    """A policy's name and knobs (the ranker's model file apart: :func:`ranker_of`)."""
    name, _, rest = policy.partition(":")
    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r}: choose from {', '.join(POLICIES)}")
    if name == "ranker":
        ranker_of(policy, ruleset_for(None))
        return name, {}
    knobs = {k: float(v) for k, v in (kv.split("=") for kv in rest.split(",") if kv)}
    return name, knobs


def ranker_of(policy: str, rs: Ruleset) -> RankerModel:
    """The model of a ``ranker`` policy: its ``model=PATH`` knob's file, else the shipped one."""
    _, _, rest = policy.partition(":")
    knobs = dict(kv.split("=", 1) for kv in rest.split(",") if kv)
    if set(knobs) - {"model"}:
        raise ValueError(f"the ranker's only knob is model=PATH, not {rest!r}")
    model = load_ranker(Path(knobs["model"]), verbs_of(rs)) if "model" in knobs else ranker_model(rs)
    if model is None:
        raise ValueError(f"no ranker model file {knobs.get('model', RANKER_FILE)}")
    return model


def move(name: str, state: State, actions: list[Action], rng: random.Random, ev: Evaluator,
         model: RankerModel | None = None) -> Action:
    """The policy's action in ``state``."""
    rows = actions[0].verb == "choose"
    if name == "peek" or (name == "peek-rows" and rows):
        return greedy_choice(state, actions, rng, ev)[0]
    if name == "expect-rows" and rows:
        totals = [0.0] * len(actions)
        for _ in range(DRAWS):
            _, scored = greedy_choice(table_view(state, random.Random(rng.getrandbits(32))), actions, rng, ev,
                                      pruned=False)
            totals = [a + v for a, (v, _) in zip(totals, scored)]
        return actions[totals.index(max(totals))]
    if name == "ranker":
        assert model is not None, "the ranker policy plays with a model"
        return ranker_choice(table_view(state, random.Random(rng.getrandbits(32))), actions, rng, ev, model)[0]
    return greedy_choice(table_view(state, random.Random(rng.getrandbits(32))), actions, rng, ev)[0]


def play(job: tuple[str, int, int]) -> dict[str, float]:
    """One solo game of a policy: its margin, VP, projects (the player's, Andrew's) and CPU seconds."""
    policy, seed, level = job
    name, knobs = parse(policy)
    started = time.process_time()
    state = light_copy(new_state(ruleset_for(None), ["P1"], seed, solo_level=level))
    loop.settle(state)
    ev = plan_evaluator(state, None, **knobs) if name == "plan" else evaluator_for(state)
    model = ranker_of(policy, state.rules) if name == "ranker" else None
    rng = random.Random(mix(seed, 7))
    actions = legal(state)
    while actions:
        actions = step(state, actions[0] if len(actions) == 1 else move(name, state, actions, rng, ev, model))
    totals = score_totals(state)
    return {"margin": totals[0] - totals[1], "vp": totals[0], "projects": len(discs(state, 0)),
            "andrew_projects": len(discs(state, ANDREW)), "cpu": time.process_time() - started}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", default="greedy,plan", help=f"comma-separated, of {', '.join(POLICIES)}"
                        " (knobs after a colon, joined by +: plan:now=2+project=0)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    policies = [p.strip().replace("+", ",") for p in args.policies.split(",") if p.strip()]
    for p in policies:
        try:
            parse(p)
        except ValueError as e:
            parser.error(str(e))
    levels = [int(x) for x in args.levels.split(",")]
    games = [(mix(args.seed, k) & 0x7FFFFFFF, levels[k % len(levels)]) for k in range(args.games)]
    with Pool(args.jobs) as pool:
        results = {p: pool.map(play, [(p, s, lv) for s, lv in games], chunksize=4) for p in policies}
    base = results[policies[0]]
    lines = [f"{args.games} solo games, levels {args.levels}, seed {args.seed}", "",
             "| policy | margin | VP | projects | Andrew's projects | paired difference | CPU s / game |",
             "|---|---|---|---|---|---|---|"]
    for p in policies:
        rows = results[p]
        diff = [a["margin"] - b["margin"] for a, b in zip(rows, base)]
        se = statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
        mean = {k: statistics.fmean(r[k] for r in rows) for k in rows[0]}
        lines.append(f"| `{p}` | {mean['margin']:+.1f} | {mean['vp']:.1f} | {mean['projects']:.1f} | "
                     f"{mean['andrew_projects']:.1f} | {statistics.fmean(diff):+.1f} ± {se:.1f} | {mean['cpu']:.2f} |")
    print("\n".join(lines))
    append_row(args.out / "runs.jsonl", {"argv": sys.argv[1:] if argv is None else list(argv), "table": lines,
                                         "results": results})
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""research/oracle.py: a tiny planner run on one deal is deterministic, resumable, and its recorded actions
replay through the public API to the scores it reports."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import carnegie_lab as cl

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("oracle", ROOT / "research" / "oracle.py")
assert _spec is not None and _spec.loader is not None
oracle = importlib.util.module_from_spec(_spec)
sys.modules["oracle"] = oracle                  # its dataclasses look their module up there
_spec.loader.exec_module(oracle)


def test_a_tiny_run_replays_to_its_scores_and_is_not_played_twice(tmp_path):
    out = tmp_path / "oracle.jsonl"
    args = ["--deals", "1", "--decisions", "1", "--out", str(out)]
    assert oracle.main(args) == 0
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["seed"] == oracle.deal_seed(0, 4) and row["level"] == 4

    game = cl.new_game(["P1"], seed=row["seed"], solo_level=4)
    for text in row["actions"]:
        game.apply(text)
    assert game.is_over
    totals = [s.total for s in game.seat_scores()]
    assert totals == row["totals"] and row["margin"] == totals[0] - totals[1]
    assert sum(v for k, v in row["shape"].items() if k.startswith("vp_")) == totals[0]
    assert sum(v for k, v in row["andrew_shape"].items() if k.startswith("vp_")) == totals[1]
    plan = row["plan"]
    assert [r["round"] for r in plan] == list(range(1, game.rules.constants.rounds + 1))
    assert plan[-1]["score"] == totals[0] and plan[-1]["andrew_score"] == totals[1]
    assert plan[-1]["projects"] == row["shape"]["projects"]

    again, margin = oracle.oracle_game(row["seed"], 4, oracle.Budget(decisions=1))
    assert again == row["actions"] and margin == row["margin"]

    before = out.read_text()
    assert oracle.main(args) == 0                 # the deal is in the file: nothing is played or added
    assert out.read_text() == before


def test_the_planner_keeps_the_best_playout_it_saw():
    """Searching more decisions never ends in a worse game: the planner follows the best game seen so far."""
    seed = oracle.deal_seed(1, 4)
    one = oracle.oracle_game(seed, 4, oracle.Budget(decisions=1))[1]
    three = oracle.oracle_game(seed, 4, oracle.Budget(decisions=3))[1]
    assert three >= one

"""The speed guard's verdict (benchmarks/guard.py, ``make bench-guard``): a ratio more than the tolerance below
its recorded figure fails, one at the floor or above passes, a measure that could not be taken fails."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def guard():
    sys.path.insert(0, str(BENCHMARKS))      # guard.py imports its neighbours as the script does
    try:
        import guard as module
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def measured(play: float | None, greedy: float | None, replay: float | None) -> dict:
    return {"ratios": {name: ratio for name, ratio in (("play", play), ("greedy", greedy), ("replay", replay))
                       if ratio is not None}}


def figures(tolerance: float = 0.15) -> dict:
    return {"reference": "9b4ac6f", "tolerance": tolerance, "settings": {"repeats": 6},
            "figures": {"play": {"ratio": 1.0}, "greedy": {"ratio": 0.8}, "replay": {"ratio": 2.0}}}


def test_a_ratio_more_than_the_tolerance_below_its_figure_fails(guard):
    rows = guard.verdicts(figures(), measured(0.84, 0.8 * 0.85, 2.0 * 0.85 + 1e-9))
    assert [(name, ok) for name, *_, ok in rows] == [("play", False), ("greedy", True), ("replay", True)]
    assert [round(floor, 6) for _, _, floor, _, _ in rows] == [0.85, 0.68, 1.7]


def test_faster_passes_and_a_missing_measure_fails(guard):
    rows = guard.verdicts(figures(), measured(3.0, None, 2.5))
    assert [ok for *_, ok in rows] == [True, False, True]


def test_the_recorded_figures_name_every_measure_and_how_they_were_measured(guard):
    recorded = json.loads((BENCHMARKS / "guard.json").read_text())
    assert set(recorded["figures"]) == set(guard.MEASURES) and recorded["tolerance"] == 0.15
    assert all(0 < f["ratio"] for f in recorded["figures"].values())
    assert {"tree", "date", "machine", "load_average", "command"} <= set(recorded["measured"])


class Fake:
    """A worker whose every task takes ``cost`` CPU seconds, and five times more at every third answer (a burst
    of load on the machine); it notes who was asked in ``asked``."""

    def __init__(self, label: str, cost: float, asked: list):
        self.label, self.cost, self.asked = label, cost, asked

    def ask(self, task: str, seed: int) -> tuple[list[float], int]:
        self.asked.append((self.label, task, seed))
        burst = 5 * self.cost if len(self.asked) % 3 == 0 else 0.0
        return [self.cost + burst], 200


def test_the_fastest_repeat_of_each_task_counts_and_the_trees_take_turns_going_first(guard):
    asked: list = []
    workers = {"old": Fake("old", 0.02, asked), "new": Fake("new", 0.01, asked)}
    result = guard.paired(workers, {"games": 2, "greedy": 1, "repeats": 4, "seed": 7}, out=io.StringIO())
    assert result["ratios"] == pytest.approx({"play": 2.0, "greedy": 2.0, "replay": 2.0})
    assert result["same_games"]
    firsts = [label for label, *_ in asked[::2]]
    assert abs(firsts.count("old") - firsts.count("new")) <= 1 and {firsts[0], firsts[1]} == {"old", "new"}
    tasks = {(task, seed) for _, task, seed in asked}
    assert tasks == {("play", 7), ("play", 8), ("replay", 7), ("replay", 8), ("greedy", 7)}
    assert len(asked) == 2 * len(tasks) * (4 + 1)           # every task of both, each repeat and the warm-up

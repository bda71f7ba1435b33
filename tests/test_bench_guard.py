"""The speed guard's verdict (benchmarks/guard.py, ``make bench-guard``): a ratio more than the tolerance below
its recorded figure fails, one at the floor or above passes, a measure that could not be taken fails."""
from __future__ import annotations

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
    def one(ratio):
        return {"median_ratio": ratio, "min_ratio": ratio, "max_ratio": ratio}
    return {"summary": {"4": {"play": one(play), "greedy": one(greedy), "replay": one(replay)}}}


def figures(tolerance: float = 0.15) -> dict:
    return {"reference": "9b4ac6f", "tolerance": tolerance, "settings": {"rounds": 5},
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

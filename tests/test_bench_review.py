"""benchmarks/bench_review.py's comparison of two seeds' costliest decisions: consistent when each decision
named by one seed only could be among the three costliest of the other seed's review."""
from __future__ import annotations

import pytest
from benchmark import benchmark

import carnegie_lab as cl
from carnegie_lab.analysis import Review
from carnegie_lab.analysis.compare import unplayed
from carnegie_lab.analysis.explain import Explanation
from carnegie_lab.analysis.review import Costly, Decision, costliest


@pytest.fixture(scope="module")
def bench():
    return benchmark("bench_review")


def decision(index: int, grade: str, low: float, high: float) -> Decision:
    row = unplayed(cl.Action("done", ()), 0.0)
    return Decision(row, row, (low + high) / 2, low, high, 32, grade, index=index, seat=0, player="Ada", round=3,
                    prompt="", choices=2)


def reviewed(*decisions: Decision) -> Review:
    """A review of these decisions naming the costliest as ``review`` does."""
    what = Explanation(cl.Action("done", ()), "Ada", "", (), (), "")
    return Review(("Ada",), (0,), None, 32, 1, decisions, tuple(Costly(d, what, what) for d in costliest(decisions)))


def test_the_costliest_of_two_seeds_are_consistent_where_the_other_cannot_tell(bench):
    wide = [decision(k, "unclear", -1.0, 20.0) for k in (1, 2, 3)]
    one = reviewed(*wide, decision(4, "mistake", 5.5, 8.0))
    assert bench.costliest(one) == {4}
    # the other seed leaves it unclear, nothing wholly above it: it could be among the three costliest there
    unsure = reviewed(*wide, decision(4, "unclear", 4.5, 9.0))
    assert bench.consistent(one, unsure) and bench.consistent(unsure, one)
    # three blunders lie wholly above it in the other seed: it cannot be among the three costliest there
    behind = reviewed(decision(1, "blunder", 10.5, 14.0), decision(2, "blunder", 11.0, 13.0),
                      decision(3, "blunder", 12.0, 15.0), decision(4, "unclear", 1.5, 4.5))
    assert bench.costliest(behind) == {1, 2, 3}
    assert not bench.consistent(one, behind) and not bench.consistent(behind, one)
    # its whole interval is under the least threshold in the other seed: no loss there
    assert not bench.consistent(one, reviewed(*wide, decision(4, "good", 0.5, 1.9)))
    assert bench.consistent(one, one)

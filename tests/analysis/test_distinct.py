"""``distinct``: the rows of ``evaluate`` without the near-duplicates of a row listed before them."""
from __future__ import annotations

from dataclasses import replace

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.analysis.evaluate import distinct


def test_a_near_duplicate_of_a_row_listed_before_is_left_out_and_the_others_kept():
    a, b, c = evaluate(cl.new_game(["Ada", "Bo"], seed=1), playouts=1)[:3]
    rows = [a, replace(b, same_as=a.action), replace(c, same_as=b.action)]
    assert list(distinct(rows)) == [a, rows[2]]        # c copies b, which was never listed

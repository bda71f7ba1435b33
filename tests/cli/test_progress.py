"""The command line's progress bar (carnegie_lab.cli.progress), as simulate and review draw it."""
from __future__ import annotations

import io

import pytest

from carnegie_lab.cli.progress import ProgressBar


@pytest.mark.parametrize(("label", "unit", "total"), [("simulate", "games", 100), ("review", "decisions", 20)])
def test_the_progress_bar_draws_a_line_a_tenth_with_the_time_left(label, unit, total):
    stream = io.StringIO()
    bar = ProgressBar(label, unit, stream)
    for done in range(1, total + 1):
        bar(done, total)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11 and lines[-1].startswith(f"{label} [{'#' * 30}] {total}/{total} {unit}")
    assert all("s left" in line for line in lines[:-1]) and "left" not in lines[-1]

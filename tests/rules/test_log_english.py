"""The English game log is unchanged: every line each golden record (tests/golden) writes is the line it wrote
before the log's sentences became messages of the translation layer (``log_digests.json``: per record, the
first 10 hex digits of each line's sha256, from the engine of commit 728aec2, whose log was written with
f-strings; since issue 45 with the lines it reworded on purpose: the income line, Andrew Carnegie's steps up a
track, a taken donation space and the plurals of a count, each checked to be one of those before the digests
were written again; since issue 60 with a company's cells and the department types named by their names, "Ada
moves an employee from Lobby to Human Resources", "builds Sales on floor 3, column 2", and a line for each
arriving employee put in a lobby of the player's choice, checked the same way)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import carnegie_lab as cl

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
DIGESTS = json.loads((Path(__file__).resolve().parent / "log_digests.json").read_text())


def digest(line: str) -> str:
    return hashlib.sha256(line.encode()).hexdigest()[:10]


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_english_log_of_each_golden_record_is_unchanged(name):
    game = cl.Game.from_record(json.loads((GOLDEN / f"{name}.json").read_text())["record"])
    log = game.log
    changed = [(i, line) for i, (line, before) in enumerate(zip(log, DIGESTS[name])) if digest(line) != before]
    assert not changed, f"line {changed[0][0]} is not the English it was: {changed[0][1]!r}"
    assert len(log) == len(DIGESTS[name])

"""Golden game records: the engine still plays every stored game exactly as when it was recorded.

Each tests/golden/*.json (written by make_golden.py, see README.md there) holds a record, its final
scores, winners, is_over and round, and a digest of every legal-action list met on the way. Public
API only.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import carnegie_lab as cl

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def legal_line(legal) -> str:
    return "|".join(str(a) for a in legal) + "\n"


def test_the_goldens_are_there():
    assert len(FILES) >= 10, f"golden records missing from {HERE}"


@pytest.fixture(params=FILES, ids=[p.stem for p in FILES])
def data(request) -> dict:
    return load(request.param)


def test_the_record_replays_to_the_stored_result(data):
    game = cl.Game.from_record(data["record"])
    assert game.to_record() == data["record"]
    assert {name: s.as_dict() for name, s in game.scores().items()} == data["scores"]
    assert game.winners() == data["winners"]
    assert game.is_over == data["is_over"]
    assert game.round == data["round"]


def test_every_legal_action_list_is_unchanged(data):
    record, expected = data["record"], data["legal_counts"]
    game = cl.Game.from_record({**record, "actions": []})
    digest, counts, lists, actions = hashlib.sha256(), [], [], [*record["actions"], None]
    for i, text in enumerate(actions):
        legal = game.legal_actions()
        digest.update(legal_line(legal).encode())
        counts.append(len(legal))
        lists.append(legal)
        if text is None:
            break
        try:
            game.apply(text)
        except cl.CarnegieError as e:
            pytest.fail(f"action {i} {text!r} no longer applies ({type(e).__name__}: {e}); "
                        f"legal there: {[str(a) for a in legal]}")
    if digest.hexdigest() == data["legal_digest"]:
        return
    first = next((i for i, (a, b) in enumerate(zip(counts, expected)) if a != b), None)
    if first is None and len(counts) != len(expected):
        first = min(len(counts), len(expected))
    if first is None:
        pytest.fail("the legal-action lists differ (order or content) but every count is the same; "
                    "compare them with make_golden.py run on the original engine")
    where = "the final position" if first >= len(record["actions"]) else f"before action {first} " \
        f"({record['actions'][first]!r})"
    shown = [str(a) for a in lists[first]] if first < len(lists) else "(not reached)"
    pytest.fail(f"first different count at decision point {first}, {where}: "
                f"{counts[first] if first < len(counts) else None} legal actions now, "
                f"{expected[first] if first < len(expected) else None} recorded; now: {shown}")

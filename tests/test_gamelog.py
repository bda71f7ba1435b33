"""The result logs of benchmarks/results (research/gamelog.py): plain JSON Lines, only ever appended to, a
game's key refused a second time, a cut-short last line stopped before anything is added after it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def gamelog():
    from research import gamelog as module  # the research tools' shared part (the development install's)
    return module


def game(n: int) -> dict:
    return {"key": f"[{n}, 2024, \"search\"]", "totals": [40 + n, 38], "record": {"actions": ["choose HR"]}}


def test_a_game_is_one_text_line_after_the_bytes_already_there(gamelog, tmp_path):
    path = tmp_path / "strength" / gamelog.LOG
    log = gamelog.GameLog(path)
    log.append(game(0))
    log.append(game(1))
    before = path.read_bytes()
    log.append(game(2))
    after = path.read_bytes()
    assert after.startswith(before)
    assert after[len(before):].decode("utf-8") == json.dumps(game(2)) + "\n"
    assert gamelog.read_rows(path) == [game(0), game(1), game(2)]
    assert list(gamelog.GameLog(path).rows) == [game(n)["key"] for n in range(3)]


def test_a_key_the_log_holds_is_refused_and_nothing_is_written(gamelog, tmp_path):
    path = tmp_path / gamelog.LOG
    gamelog.GameLog(path).append(game(0))
    before = path.read_bytes()
    with pytest.raises(ValueError, match="already holds game"):
        gamelog.GameLog(path).append(game(0) | {"totals": [1, 2]})
    assert path.read_bytes() == before


def test_a_cut_short_last_line_stops_the_reader(gamelog, tmp_path):
    path = tmp_path / gamelog.LOG
    path.write_text(json.dumps(game(0)) + "\n" + json.dumps(game(1))[:20], encoding="utf-8")
    with pytest.raises(SystemExit, match="cut-short line"):
        gamelog.GameLog(path)


def test_the_committed_logs_read_as_json_lines_with_one_row_a_game(gamelog):
    logs = sorted((BENCHMARKS / "results").glob("**/*.jsonl"))
    assert BENCHMARKS / "results" / "strength" / gamelog.LOG in logs
    for path in logs:
        rows = gamelog.read_rows(path)
        assert rows, path
        keys = [row["key"] for row in rows if "key" in row]
        assert len(keys) == len(set(keys)), f"{path} holds a game twice"

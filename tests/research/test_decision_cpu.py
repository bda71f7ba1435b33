"""research/decision_cpu.py: the positions are the logged player's own decisions, and every spec chooses at each."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("decision_cpu", ROOT / "research" / "decision_cpu.py")
assert _spec is not None and _spec.loader is not None
decision_cpu = importlib.util.module_from_spec(_spec)
sys.modules["decision_cpu"] = decision_cpu
_spec.loader.exec_module(decision_cpu)


def test_positions_are_every_nth_choice_of_the_player_in_the_logged_game():
    every_one = decision_cpu.positions("search:cut=4", [0], 1, 4, 2024)
    every_tenth = decision_cpu.positions("search:cut=4", [0], 10, 4, 2024)
    assert every_one and all(g.current_player == 0 and len(g.legal_actions()) > 1 for _, g in every_one)
    assert [g.round for _, g in every_tenth] == [g.round for _, g in every_one[::10]]


def test_every_spec_chooses_at_every_position(capsys):
    assert decision_cpu.main(["greedy,search:playouts=2", "--deals", "0", "--every", "40"]) == 0
    out = capsys.readouterr().out
    count = int(out.split(" positions")[0])
    assert count == len(decision_cpu.positions("search:cut=4", [0], 40, 4, 2024))
    assert sum(line.startswith("deal 0, round") and len(line.split(": ")[1].split()) == 2
               for line in out.splitlines()) == count
    assert "greedy: median" in out and "search:playouts=2: median" in out and "ratio to greedy 1.00" in out


def test_a_deal_missing_from_the_log_is_refused():
    with pytest.raises(SystemExit, match="no game"):
        decision_cpu.positions("search:cut=4", [999], 8, 4, 2024)

"""scores_figure and history_figure: bar heights are the breakdown, lines are state.history."""
from __future__ import annotations

from dataclasses import fields

import pytest
from views_helpers import trace

from carnegie_lab import ScoreBreakdown
from carnegie_lab.views import history_figure, scores_figure
from carnegie_lab.views.palette import owner_colour


@pytest.mark.parametrize("name", ["fresh", "mid3", "mid4", "finished", "solo", "solo_over", "expansion",
                                  "expansion_over", "expansion_tiles_over"])
def test_bar_heights_are_the_breakdown(positions, name):
    game = positions[name]
    table = game.scores()
    fig = scores_figure(game)
    for cat in (f.name for f in fields(ScoreBreakdown)):
        t = trace(fig, f"score-{cat}")
        assert list(t.x) == list(table)
        assert list(t.y) == [getattr(table[n], cat) for n in table]
    totals = {a.x: a.text for a in fig.layout.annotations if a.xref == "x"}
    for n, s in table.items():
        assert totals[n].startswith(f"<b>{s.total}</b>")


def test_winner_marked_at_the_end(finished):
    fig = scores_figure(finished)
    starred = [a.x for a in fig.layout.annotations if a.xref == "x" and "★" in a.text]
    assert starred == finished.winners()
    assert fig.layout.title.text == "Final score"


@pytest.mark.parametrize("name", ["fresh", "mid3", "finished", "expansion", "solo_over"])
def test_history_lines_follow_state_history(positions, name):
    game = positions[name]
    history = game.state.history
    fig = history_figure(game)
    for seat in range(len(game.players)):
        for key in ("vp", "money", "goods", "projects", "departments"):
            t = trace(fig, f"{key}-{seat}")
            assert list(t.x) == [h["round"] for h in history]
            assert list(t.y) == [h["players"][seat][key] for h in history]
            assert t.line.color == owner_colour(seat)
    if not history:
        assert any("no round finished yet" in a.text for a in fig.layout.annotations)

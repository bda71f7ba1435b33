"""The score categories are the fields of ScoreBreakdown: every view labels and colours each of them, and the
scores figure's bars add up to the totals, in base, expansion and solo games (mid-game and at game over)."""
from __future__ import annotations

from dataclasses import fields

import pytest
from views_helpers import trace

from carnegie_lab import ScoreBreakdown, views
from carnegie_lab.core.words import SCORE_NAMES
from carnegie_lab.views import company_figure, scores_figure
from carnegie_lab.views.palette import SCORE_COLOURS

CATEGORIES = [f.name for f in fields(ScoreBreakdown)]
GAMES = ["fresh", "mid3", "mid4", "finished", "solo", "solo_over", "expansion", "expansion_over",
         "expansion_tiles_over"]


def test_every_field_has_a_label_and_a_colour():
    assert [c for c in CATEGORIES if c not in SCORE_NAMES] == []
    assert [c for c in CATEGORIES if c not in SCORE_COLOURS] == []
    assert set(SCORE_NAMES) == set(SCORE_COLOURS) == set(CATEGORIES)         # nothing stale either
    assert len(set(SCORE_COLOURS.values())) == len(CATEGORIES)                 # one colour per category


def test_the_positions_reach_every_kind_of_category(positions):
    """The games below do score the categories only some games have (else the other tests prove little)."""
    def scoring(name, category):
        return {n for n, s in positions[name].scores().items() if getattr(s, category)}

    assert scoring("expansion", "tiles") and scoring("expansion_tiles_over", "tiles")
    assert positions["expansion_over"].is_over and positions["expansion_tiles_over"].is_over
    assert positions["solo_over"].is_over
    for name in ("solo", "solo_over"):
        assert positions[name].state.options.get("departments", "base") == "base"
    andrew = set(positions["solo_over"].scores()) - set(positions["solo_over"].players)
    assert len(andrew) == 1
    assert scoring("solo", "cards") == scoring("solo_over", "cards") == scoring("solo_over", "transport") == andrew


@pytest.mark.parametrize("name", GAMES)
def test_one_bar_trace_per_field(positions, name):
    fig = scores_figure(positions[name])
    assert [t.name for t in fig.data] == [f"score-{c}" for c in CATEGORIES]
    for c in CATEGORIES:
        t = trace(fig, f"score-{c}")
        assert t.meta["label"] == SCORE_NAMES[c] and t.marker.color == SCORE_COLOURS[c]


@pytest.mark.parametrize("name", GAMES)
def test_bars_add_up_to_the_total(positions, name):
    """The stacked bars drawn for each player (whatever traces the figure has) reach that player's total."""
    game = positions[name]
    table = game.scores()
    fig = scores_figure(game)
    bars = [t for t in fig.data if t.type == "bar"]
    totals = {a.x: a.text for a in fig.layout.annotations if a.xref == "x"}
    for i, (player, score) in enumerate(table.items()):
        assert all(list(t.x)[i] == player for t in bars)
        assert totals[player].startswith(f"<b>{score.total}</b>")
        assert sum(t.y[i] for t in bars) == score.total, player


@pytest.mark.parametrize("name", GAMES)
def test_scores_key_lists_the_categories_that_score(positions, name):
    game = positions[name]
    key = next(a.text for a in scores_figure(game).layout.annotations if a.xref == "paper")
    for c in CATEGORIES:
        scored = any(getattr(s, c) for s in game.scores().values())
        assert (SCORE_NAMES.get(c, c) in key) == scored, c


@pytest.mark.parametrize("name", GAMES)
def test_company_score_note_names_every_category_that_scores(positions, name):
    game = positions[name]
    for seat, player in enumerate(game.players):
        fig = company_figure(game, seat)
        score = game.scores()[player]
        note = next(a.text for a in fig.layout.annotations if "Score if the game ended now" in a.text)
        assert f"{score.total} VP" in note
        for c in CATEGORIES:
            if getattr(score, c):
                assert f"{getattr(score, c)} VP from {SCORE_NAMES[c]}" in note, (player, c)


@pytest.mark.parametrize("name", ["mid3", "finished", "expansion", "expansion_over", "expansion_tiles_over",
                                  "solo", "solo_over"])
def test_every_view_builds(positions, name):
    """Base, expansion and solo games, mid-game and at game over."""
    game = positions[name]
    assert views.map_figure(game).data
    assert views.tracks_figure(game).data
    assert views.timeline_figure(game).data
    assert views.scores_figure(game).data
    assert views.history_figure(game).data
    for seat in range(len(game.players)):
        assert views.map_figure(game, player=seat).data
        assert views.company_figure(game, seat).data

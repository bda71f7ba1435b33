"""Properties every view shares: valid plotly, offline, read-only, stable trace names, and fast enough."""
from __future__ import annotations

import json
import subprocess
import sys

import plotly.graph_objects as go
import pytest

from carnegie_lab import views
from carnegie_lab.views import game_html


def all_figures(game):
    figs = {"map": views.map_figure(game), "tracks": views.tracks_figure(game),
            "timeline": views.timeline_figure(game), "scores": views.scores_figure(game),
            "history": views.history_figure(game), "donations": views.donations_figure(game)}
    for seat in range(len(game.players)):
        figs[f"map-{seat}"] = views.map_figure(game, player=seat)
        figs[f"company-{seat}"] = views.company_figure(game, seat)
    return figs


@pytest.mark.parametrize("name", ["fresh", "mid2", "mid3", "event3", "mid4", "finished", "solo", "solo_over",
                                  "expansion", "expansion_over", "expansion_tiles_over"])
def test_views_are_valid_offline_and_leave_the_state_alone(positions, name):
    game = positions[name]
    before = json.dumps(game.to_position(), sort_keys=True)
    for key, fig in all_figures(game).items():
        assert isinstance(fig, go.Figure)
        go.Figure(fig.to_dict())                     # validates every property again
        assert {t.type for t in fig.data} <= {"scatter", "bar"}, key      # plain axes: no geo or map traces
        layout = fig.to_dict()["layout"]
        assert not [k for k in layout if k.startswith(("geo", "mapbox", "map"))], key
        assert not layout.get("images"), key
        text = fig.to_json()
        for word in ("topojson", "http://", "https://"):
            assert word not in text, (key, word)
        names = [t.name for t in fig.data]
        assert all(names) and len(names) == len(set(names)), key
    assert json.dumps(game.to_position(), sort_keys=True) == before


def test_trace_names_do_not_depend_on_the_position(mid3, event3, fresh):
    for build in (views.tracks_figure, views.timeline_figure, views.scores_figure, views.history_figure,
                  views.donations_figure, lambda g: views.company_figure(g, 1)):
        names = [[t.name for t in build(g).data] for g in (fresh, mid3, event3)]
        assert names[0] == names[1] == names[2]


def test_a_views_spec_is_its_figure_as_plain_dicts(mid3, monkeypatch):
    """What the dashboard sends (``spec``, no plotly figure made) is what the figure holds (validation
    off, as in the app: with it plotly fills in its default template)."""
    import plotly

    from carnegie_lab.views import style
    monkeypatch.setattr(style, "VALIDATE", False)
    calls = [(views.map_figure, (mid3, 1), {"targets": {"pittsburgh": "x"}}), (views.tracks_figure, (mid3,), {}),
             (views.timeline_figure, (mid3,), {"highlight": {"HR"}}), (views.company_figure, (mid3, 2), {}),
             (views.scores_figure, (mid3,), {}), (views.history_figure, (mid3,), {}),
             (views.donations_figure, (mid3,), {"targets": {}})]
    for view, args, kwargs in calls:
        spec = json.loads(json.dumps(view.spec(*args, **kwargs)))
        fig = json.loads(json.dumps(view(*args, **kwargs).to_plotly_json(), cls=plotly.utils.PlotlyJSONEncoder))
        assert spec == fig, view.__name__


def test_one_palette_for_all_figures(mid3):
    colour = views.owner_colour(1)
    assert views.map_figure(mid3).select_traces(selector=dict(name="discs-1")).__next__().marker.color == colour
    assert next(views.tracks_figure(mid3).select_traces(selector=dict(name="track-discs-1"))).marker.color == colour
    assert next(views.company_figure(mid3, 1).select_traces(selector=dict(name="standing"))).marker.color == colour
    assert next(views.history_figure(mid3).select_traces(selector=dict(name="money-1"))).line.color == colour
    assert colour in game_html(mid3)


def test_game_html(mid3, finished):
    text = game_html(mid3)
    assert f"round <b>{mid3.round}</b>" in text
    assert mid3.decision.prompt.split(":")[0] in text
    for p, (name, score) in zip(mid3.state.players, mid3.scores().items()):
        assert f"<b>{name}</b>" in text and f"${p.money}" in text and f"<b>{score.total}</b>" in text
    assert "▶" in text
    assert "game is over" in game_html(finished) and "★" in game_html(finished)
    assert mid3._repr_html_() == text


def test_game_html_escapes_names():
    import carnegie_lab as cl
    text = game_html(cl.new_game(["<b>Ann</b>", "Bo & Co"], seed=1))
    assert "&lt;b&gt;Ann&lt;/b&gt;" in text and "Bo &amp; Co" in text


def test_rich_display_does_not_import_plotly():
    code = ("import sys, carnegie_lab as cl; g = cl.new_game(['A', 'B'], seed=1); g._repr_html_(); "
            "import carnegie_lab.views; assert 'plotly' not in sys.modules, 'plotly imported'")
    subprocess.run([sys.executable, "-c", code], check=True)

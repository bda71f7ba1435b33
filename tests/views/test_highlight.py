"""The views' keyword-only ``highlight=`` argument: rings around what a tutorial step changed.

Without the argument a figure is exactly what it was (same traces, the dashboard relies on them); with it,
one more trace named ``highlight`` comes last, ringing each known key once and ignoring the others.
"""
from __future__ import annotations

import pytest
from views_helpers import segments, trace

from carnegie_lab import views
from carnegie_lab.views.map import RING_SIZES, site_positions
from carnegie_lab.views.palette import HIGHLIGHT

BUILDERS = {
    "map": lambda g, **kw: views.map_figure(g, **kw),
    "network": lambda g, **kw: views.map_figure(g, player=1, **kw),
    "company": lambda g, **kw: views.company_figure(g, 0, **kw),
    "tracks": lambda g, **kw: views.tracks_figure(g, **kw),
    "timeline": lambda g, **kw: views.timeline_figure(g, **kw),
    "donations": lambda g, **kw: views.donations_figure(g, **kw),
}


@pytest.mark.parametrize("view", list(BUILDERS))
def test_without_highlight_the_figure_is_unchanged(positions, view):
    game = positions["mid3"]
    plain = BUILDERS[view](game)
    assert "highlight" not in [t.name for t in plain.data]
    assert plain.to_json() == BUILDERS[view](game, highlight=None).to_json()


@pytest.mark.parametrize("view", list(BUILDERS))
def test_with_highlight_one_more_trace_comes_last(positions, view):
    game = positions["mid3"]
    plain = [t.name for t in BUILDERS[view](game).data]
    for keys in (set(), {"not-a-key", "atlantis/9"}):
        names = [t.name for t in BUILDERS[view](game, highlight=keys).data]
        assert names == plain + ["highlight"]
        assert trace(BUILDERS[view](game, highlight=keys), "highlight").meta["count"] == 0


@pytest.mark.parametrize("view", list(BUILDERS))
def test_highlight_takes_a_collection_not_a_string(positions, view):
    with pytest.raises(TypeError, match="collection"):
        BUILDERS[view](positions["fresh"], highlight="pittsburgh/0")


def test_map_rings_sites_and_cities_with_pixel_sized_markers(mid3):
    fig = views.map_figure(mid3, highlight={"pittsburgh/0", "chicago", "seattle/0", "b2", "HR/1"})
    ring = trace(fig, "highlight")
    assert list(ring.customdata) == ["chicago", "pittsburgh/0", "seattle/0"]     # sorted, unknown keys dropped
    assert ring.meta["count"] == 3
    assert (ring.x[1], ring.y[1]) == site_positions(mid3.components)["pittsburgh/0"]
    assert list(ring.marker.size) == [RING_SIZES["major"], RING_SIZES["site"], RING_SIZES["site"]]
    assert ring.marker.symbol == "circle-open" and ring.marker.color == HIGHLIGHT


def test_company_rings_cells_workstations_missions_and_the_panel(mid3):
    fig = views.company_figure(mid3, 0, highlight={"b2", "a1/0", "south", "panel", "pittsburgh/0", "zz"})
    ring = trace(fig, "highlight")
    assert ring.meta["count"] == 4 and segments(ring.x) == 4
    assert ring.line.color == HIGHLIGHT
    # a workstation index the department does not have is ignored
    assert trace(views.company_figure(mid3, 0, highlight={"c2/7"}), "highlight").meta["count"] == 0


def test_company_ring_of_a_cell_lies_inside_the_cell(fresh):
    ring = trace(views.company_figure(fresh, 0, highlight={"a1"}), "highlight")
    xs = [x for x in ring.x if x is not None]
    ys = [y for y in ring.y if y is not None]
    assert 0 <= min(xs) < max(xs) <= 1 and 3 <= min(ys) < max(ys) <= 4      # a1: column a, bottom row


def test_tracks_rings_track_spaces_whole_tracks_and_tab_spaces(mid3):
    keys = {"track/west/2", "track/east", "tab/1/H/0", "tab/2/P", "tab/9/H/0", "tab/0/H/99", "track/atlantis/1"}
    ring = trace(views.tracks_figure(mid3, highlight=keys), "highlight")
    assert ring.meta["count"] == 4 and segments(ring.x) == 4


def test_timeline_rings_spaces_rows_and_rounds(event3):
    keys = {"HR/0", "MG/5", "CO", "round/3", "round/21", "RD/6", "XX/1"}
    ring = trace(views.timeline_figure(event3, highlight=keys), "highlight")
    assert ring.meta["count"] == 4 and segments(ring.x) == 4


def test_highlight_leaves_the_state_alone(mid2):
    before = mid2.to_position()
    views.map_figure(mid2, highlight={"chicago"})
    views.company_figure(mid2, 1, highlight={"b2"})
    views.tracks_figure(mid2, highlight={"track/west/1"})
    views.timeline_figure(mid2, highlight={"HR/1"})
    assert mid2.to_position() == before

"""timeline_figure: events on the spaces, action markers, the gear and the round strip."""
from __future__ import annotations

import pytest
from views_helpers import segments, trace

from carnegie_lab.rules.timeline import space
from carnegie_lab.views import timeline_figure
from carnegie_lab.views.palette import DEPARTMENT_TYPE_NAMES
from carnegie_lab.views.timeline import _marker_x, _y


@pytest.mark.parametrize("name", ["fresh", "mid2", "mid3", "event3", "finished"])
def test_markers_are_on_their_spaces(positions, name):
    game = positions[name]
    markers = game.state.board.markers
    rows = game.components.timeline.rows
    t = trace(timeline_figure(game), "timeline-markers")
    assert list(t.customdata) == list(rows)
    assert t.meta["spaces"] == list(markers)
    assert list(t.x) == [_marker_x(k) for k in markers]
    assert list(t.y) == [_y(r) for r in range(len(rows))]


def test_every_space_shows_its_event(mid3):
    C, rows, last = mid3.components, mid3.components.timeline.rows, mid3.rules.timeline_end
    assert last == 5
    fig = timeline_figure(mid3)
    text = " ".join(trace(fig, "timeline-events").text)
    hover = trace(fig, "timeline-hover").hovertext
    assert len(hover) == len(rows) * last
    i = 0
    for r in range(len(rows)):
        for k in range(1, last + 1):
            ev = space(mid3.state, r, k)
            if ev.income:
                assert C.regions[ev.income].name in hover[i] and C.regions[ev.income].name in text
            assert ("Make a Donation" in hover[i]) == ev.donation
            i += 1


def test_gear_on_this_rounds_event_space(event3, mid3):
    f = event3.state.flow
    fig = timeline_figure(event3)
    gear = trace(fig, "timeline-gear")
    k = event3.state.board.markers[f.event_row] + 1
    assert list(gear.customdata) == [f"{event3.components.timeline.rows[f.event_row]}/{k}"]
    assert list(trace(fig, "timeline-chosen").customdata) == [f.chosen]
    assert f"<b>{DEPARTMENT_TYPE_NAMES[f.chosen]}</b>" in fig.layout.title.text     # the row by its name
    assert len(trace(timeline_figure(mid3), "timeline-gear").x) == 0     # no row chosen yet


@pytest.mark.parametrize("lang", [None, "pt_BR"])
def test_a_legend_says_what_the_symbols_mean_and_the_rows_are_named_on_hover(mid3, lang):
    fig = timeline_figure(mid3, lang=lang)
    legend = [a.text for a in fig.layout.annotations if "♥" in a.text]
    words = {None: ("Take Income", "Make a Donation"), "pt_BR": ("Receber Receita", "Fazer uma Doação")}[lang]
    assert len(legend) == 1 and legend[0].startswith("$ ") and all(w in legend[0] for w in words)
    named = [t for t in trace(fig, "round-labels").hovertext if ": " in t]       # a played round: its row's name
    assert named and not [t for t in named if t.split(": ")[-1] in DEPARTMENT_TYPE_NAMES]


@pytest.mark.parametrize("name", ["mid3", "event3", "finished"])
def test_round_strip(positions, name):
    game = positions[name]
    fig = timeline_figure(game)
    labels = trace(fig, "round-labels")
    assert list(labels.customdata) == list(range(1, game.components.constants.rounds + 1))
    for h in game.state.history:
        assert h["chosen"] in labels.text[h["round"] - 1]
    current = trace(fig, "round-current")
    if game.is_over:
        assert segments(current.x) == 0
    else:
        assert list(current.customdata) == [game.round]

"""tracks_figure: transport discs on the right spaces, final boxes, and the project tabs."""
from __future__ import annotations

import pytest
from views_helpers import reveal, segments, trace, with_state

from carnegie_lab.core.components import PROJECT_TYPES
from carnegie_lab.core.loader import components
from carnegie_lab.core.words import reward_cell
from carnegie_lab.rules.research import discs_on_tab, project_income
from carnegie_lab.views import tracks_figure
from carnegie_lab.views.palette import owner_colour
from carnegie_lab.views.tracks import T_STEP, T_W, T_X0

C = components()


@pytest.mark.parametrize("name", ["fresh", "mid2", "mid3", "mid4", "finished"])
def test_every_transport_disc_sits_on_its_space(positions, name):
    game = positions[name]
    fig = tracks_figure(game)
    for seat, p in enumerate(game.state.players):
        t = trace(fig, f"track-discs-{seat}")
        assert list(t.customdata) == list(C.tracks)
        assert t.meta["spaces"] == [p.tracks[r] for r in C.tracks]
        assert t.marker.color == owner_colour(seat)
        for region, x in zip(t.customdata, t.x):
            left = T_X0 + p.tracks[region] * T_STEP
            assert left < x < left + T_W


def test_solo_draws_andrews_transport_discs(solo):
    t = trace(tracks_figure(solo), "track-discs-andrew")
    assert t.meta["spaces"] == [solo.state.andrew.tracks[r] for r in C.tracks]


def test_final_box_reward_and_holder(mid3):
    def reach(state):
        state["players"][1]["tracks"]["east"] = mid3.rules.final_space
    game = with_state(mid3, reach)
    t = trace(tracks_figure(game), "track-final-rewards")
    text = dict(zip(t.customdata, t.text))
    assert t.meta["holders"] == [1 if r == "east" else None for r in C.tracks]
    assert "Bo" in text["east"] and "not reached yet" in text["west"]
    for region in C.tracks:
        assert reward_cell(C.tracks[region].final_reward, short=False) in text[region]


@pytest.mark.parametrize("name", ["fresh", "mid3", "mid4"])
def test_tabs_show_revealed_spaces_and_waiting_discs(positions, name):
    game = positions[name]
    fig = tracks_figure(game)
    players = game.state.players
    for ptype in PROJECT_TYPES:
        assert segments(trace(fig, f"tab-cells-{ptype}").x) == sum(p.tabs[ptype][0] for p in players)
    hidden = sum(len(C.tabs[t].sides[p.tab_side]) - p.tabs[t][0] for p in players for t in PROJECT_TYPES)
    assert segments(trace(fig, "tab-cells-hidden").x) == hidden
    labels = trace(fig, "tab-labels").text
    for seat, p in enumerate(players):
        discs = trace(fig, f"tab-discs-{seat}")
        assert len(discs.x) == sum(discs_on_tab(game.rules, p, t) for t in PROJECT_TYPES)
        assert discs.marker.color == owner_colour(seat)
        assert f"income {reward_cell(project_income(game.rules, p))}" in labels[seat].replace("&amp;", "&")


def test_the_scoring_vp_space_is_ringed(mid3):
    def shown(state):
        reveal(state, 0, "H", 6)                        # two VP spaces shown: the second one scores
    game = with_state(mid3, shown)
    fig = tracks_figure(game)
    assert segments(trace(fig, "tab-vp-scoring").x) == 1
    assert "tabs: 4 VP" in trace(fig, "tab-labels").text[0]


@pytest.mark.parametrize("lang, one, more", [(None, "1 study pt", "2 study pts"),
                                             ("pt_BR", "1 pt de estudo", "2 pts de estudo")])
def test_a_space_s_cost_in_study_points_is_written_in_its_number(fresh, lang, one, more):
    costs = list(trace(tracks_figure(fresh, lang=lang), "track-costs").text)
    assert one in costs and more in costs and not any(c.startswith("1 ") and c != one for c in costs)

"""What changed between two positions: the highlight keys of each view, and the deltas per player."""
from __future__ import annotations

from carnegie_lab.tutor.changes import diff
from carnegie_lab.tutor.positions import after_setup
from carnegie_lab.tutor.script import play, until


def test_diff_names_what_changed_for_each_view():
    game = after_setup()
    before = game.state.copy()
    play(game, ["choose CO", "co C cincinnati"])
    ch = diff(before, game.state)
    assert ch.sites == {"cincinnati/0"}
    assert {"c1", "midwest", "panel"} <= ch.company[0]
    assert {"CO", "CO/1"} <= ch.timeline
    assert "tab/0/C/0" in ch.tracks
    assert ch.deltas[0] == {"money": 1, "goods": -1}
    assert ch.actors[0] == 0 and 1 not in ch.company
    assert ch.keys("map") == {"cincinnati/0"} and ch.keys("company", 1) == set() and ch.keys("scores") == set()
    assert not diff(game.state, game.state)


def test_diff_sees_tracks_tabs_donations_and_markers():
    game = after_setup()
    before = game.state.copy()
    play(game, ["choose RD", "rd", "tab C", "track midwest", "tab H"])
    ch = diff(before, game.state)
    assert {"track/midwest/1", "tab/0/C/1", "tab/0/H/1"} <= ch.tracks
    game = after_setup()
    play(game, ["choose MG"])
    before = game.state.copy()
    play(game, ["donate welfare_7vp", "done", until("choose")])
    ch = diff(before, game.state)
    assert ch.donations == {"welfare_7vp"} and ch.deltas[0]["donations"] == 1
    assert {"MG/1", "round/2"} <= ch.timeline

"""What changed between two positions (Game.changes_from): the highlight keys of each view, the deltas per
player, and how the tutorials say them."""
from __future__ import annotations

from carnegie_lab.tutor.changes import delta_text
from carnegie_lab.tutor.positions import after_setup
from carnegie_lab.tutor.script import play, until


def test_diff_names_what_changed_for_each_view():
    game = after_setup()
    before = game.copy()
    play(game, ["choose CO", "co C cincinnati"])
    ch = game.changes_from(before)
    assert ch.sites == {"cincinnati/0"}
    assert {"c1", "midwest", "panel"} <= ch.company[0]
    assert {"CO", "CO/1"} <= ch.timeline
    assert "tab/0/C/0" in ch.tracks
    assert ch.deltas[0] == {"money": 1, "goods": -1}
    assert ch.actors[0] == 0 and 1 not in ch.company
    assert ch.keys("map") == {"cincinnati/0"} and ch.keys("company", 1) == set() and ch.keys("scores") == set()
    assert not game.changes_from(game)


def test_diff_sees_tracks_tabs_donations_and_markers():
    game = after_setup()
    before = game.copy()
    play(game, ["choose RD", "rd", "tab C", "track midwest", "tab H"])
    ch = game.changes_from(before)
    assert {"track/midwest/1", "tab/0/C/1", "tab/0/H/1"} <= ch.tracks
    game = after_setup()
    play(game, ["choose MG"])
    before = game.copy()
    play(game, ["donate welfare_7vp", "done", until("choose")])
    ch = game.changes_from(before)
    assert ch.donations == {"welfare_7vp"} and ch.deltas[0]["donations"] == 1
    assert {"MG/1", "round/2"} <= ch.timeline


def test_delta_text_says_each_players_resources():
    game = after_setup()
    before = game.copy()
    play(game, ["choose CO", "co C cincinnati"])
    (line,) = delta_text(game, game.changes_from(before))
    assert f"<b>{game.players[0]}</b>: +$1, -1 goods" in line

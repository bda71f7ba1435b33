"""The tutorial scripts' vocabulary: the helpers that pick, pass and let bots play, and replayed records."""
from __future__ import annotations

import pytest

from carnegie_lab.tutor.positions import SETUP, after_setup, fresh
from carnegie_lab.tutor.script import ScriptError, bots_play, first, play, replay_steps, until, until_round
from carnegie_lab.tutor.stepper import Stepper


def test_script_helpers_pick_pass_and_let_bots_play():
    game = fresh()
    first("house")(game)
    assert game.actions == ["house san_francisco"]
    with pytest.raises(ScriptError, match="no legal action"):
        first("donate")(game)
    game = after_setup()
    until("choose")(game)
    assert game.actions == list(SETUP)                                      # already there: nothing played
    play(game, ["choose HR", until("choose")])
    assert game.round == 2 and game.decision.kind == "choose"
    with pytest.raises(ScriptError, match="cannot pass"):
        until_round(4)(game)
    play(game, ["choose MG", until_round(3)])
    assert game.round == 3 and game.decision.kind == "choose"     # round 3 began: nobody chose yet

    class FirstBot:
        def choose(self, g):
            return g.legal_actions()[0]

    bots_play([FirstBot(), FirstBot()], stop=lambda g: g.round >= 6)(game)
    assert game.round == 6


def test_replay_steps_play_a_record_round_by_round():
    game = after_setup()
    play(game, ["choose HR", until("choose"), "choose MG", until("choose")])
    start = fresh()
    steps = replay_steps(start, game.actions)
    assert [s.title for s in steps] == ["The setup", "Round 1", "Round 2"]
    tour = Stepper(start, steps)
    tour.goto(3)
    assert tour.game.to_position() == game.to_position()
    assert "the row chosen was <b>MG</b>" in tour.explanation.value

"""Issue 60, point 3: in a human's solo game a bot of the chosen strength plays the human's seat, one decision
(Step) or to the end (Play to the end); the game stays the player's and Undo takes either back."""
from __future__ import annotations

import pytest
from clicks import first_choice

from carnegie_lab.session import Controller, NotAllowed, Seat, Setup
from carnegie_lab.session.screen import screen_of


def solo(decisions: int = 0) -> Controller:
    ctl = Controller(Setup([Seat("Ada")], seed=3, solo_level=1))
    for _ in range(decisions):
        ctl.apply(first_choice(ctl.game))
    return ctl


def test_a_solo_screen_offers_the_bot_for_the_players_seat():
    ctl = solo()
    bots = screen_of(ctl).bots
    assert bots.solo and bots.step_why is None and bots.finish_why is None
    two = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    two.run_bots()
    assert not screen_of(two).bots.solo and screen_of(two).bots.step_why == "No bot is deciding now: a human is."


def test_step_plays_one_move_of_the_human_seat_and_undo_takes_it_back():
    ctl = solo(2)
    before = ctl.game.to_record()
    step = ctl.step_for_human("easy")
    assert step.seat == 0 and not step.by_bot and ctl.seats[0].is_human    # the seat's own move, still human
    assert len(ctl.game.actions) > len(before["actions"])
    again = solo(2)
    again.step_for_human("easy")
    assert again.game.actions == ctl.game.actions                         # seeded: the same move
    assert ctl.undo() >= 1 and ctl.game.to_record() == before


def test_play_to_the_end_then_undo_returns_to_the_handover():
    ctl = solo(5)
    at = len(ctl.game.actions)
    ctl.finish_with_bots("easy")
    screen = screen_of(ctl)
    assert ctl.is_over and screen.final is not None and screen.bots.solo
    assert screen.bots.step_why == "The game is over." and screen.bots.finish_why == "The game is over."
    with pytest.raises(NotAllowed, match="the game is over"):
        ctl.step_for_human("easy")
    ctl.undo()
    assert len(ctl.game.actions) == at and ctl.seats[0].is_human and ctl.handover is None
    assert screen_of(ctl).turn.yours and screen_of(ctl).bots.step_why is None

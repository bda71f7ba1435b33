"""The round history is summed up when it is read (issue #41): playing scores no round; reading the history
makes each round's summary once, as it stood at the end of that round."""
from __future__ import annotations

import random

import carnegie_lab as cl
from carnegie_lab.rules import loop


def played(rounds: int, seed: int = 5) -> cl.Game:
    """A random 3-player game played through the public API until ``rounds`` rounds are finished."""
    rng = random.Random(seed)
    game = cl.new_game(["Ada", "Bo", "Cy"], seed=seed)
    while game.round <= rounds:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_playing_scores_no_round_and_reading_scores_each_once(monkeypatch):
    scored = []
    seat_points = loop.seat_points
    monkeypatch.setattr(loop, "seat_points", lambda state: scored.append(state.flow.round) or seat_points(state))
    game = played(3)
    assert scored == []
    twin = game.copy()                                 # a copy made before the reading shares what is to be made
    summaries = game.round_summaries()
    assert [s["round"] for s in summaries] == [1, 2, 3] and scored == [1, 2, 3]
    assert game.round_summaries() == summaries and scored == [1, 2, 3]
    assert twin.round_summaries() == summaries


def test_a_summary_read_late_is_the_round_as_it_ended():
    late = played(4)
    early, read = cl.new_game(["Ada", "Bo", "Cy"], seed=5), []
    for action in late.actions:
        before = early.round
        early.apply(action)
        if early.round != before:                      # a round just ended: its summary read at once
            read = early.round_summaries()
    assert len(read) == 4 and late.round_summaries() == read

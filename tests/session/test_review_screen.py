"""The review's screen (session/review_screen.py): what the Replay tab's review panel shows, as plain data, decided
in the session from the job, the replay and the review, in either language (the app only draws it:
tests/app/test_review_panel.py)."""
from __future__ import annotations

import random

import carnegie_lab as cl
from carnegie_lab.session import NotAllowed
from carnegie_lab.session.replay import Replay
from carnegie_lab.session.review import CANCELLED, FAILED, ReviewJob
from carnegie_lab.session.screen import SLOTS, review_screen


def finished() -> Replay:
    game, rng = cl.new_game(["Ada"], seed=11, solo_level=1), random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return Replay(game)


def test_a_review_starts_for_a_finished_or_stored_game_and_says_why_not_otherwise():
    going = Replay(cl.new_game(["Ada", "Bo"], seed=3))
    job = ReviewJob()
    assert not review_screen(job, None, None, stored=False).start_enabled
    shut = review_screen(job, going, None, stored=False, lang="pt_BR")
    assert not shut.start_enabled and shut.start_tip.startswith("uma revisão é para")
    assert not shut.marks and not shut.line.text
    assert review_screen(job, going, None, stored=True).start_enabled
    assert review_screen(job, finished(), None, stored=False).start_enabled


def test_the_state_line_says_how_the_jobs_review_of_this_game_ended():
    replay, job = finished(), ReviewJob()
    job.game = replay.final
    job.phase = CANCELLED
    assert review_screen(job, replay, None, False).line.text == "The review was cancelled."
    job.phase, job.error = FAILED, "The review stopped unexpectedly"
    assert review_screen(job, replay, None, False).line.text == "No review: The review stopped unexpectedly."
    other = Replay(cl.new_game(["Ada", "Bo"], seed=3))
    assert review_screen(job, other, None, True).line.text == ""             # another game: nothing of it
    refused = review_screen(job, replay, None, False, NotAllowed("A review is for a finished game, or a stored one"))
    assert refused.line.error and refused.line.text == "A review is for a finished game, or a stored one."


def test_a_review_kept_with_the_game_is_said_to_be_and_marks_the_slots():
    replay = finished()
    rev = cl.analysis.review(replay.final, playouts=1, seed=0)
    screen = review_screen(ReviewJob(), replay, rev, True)
    assert screen.line.text == "The review kept with this game." and len(screen.marks) == SLOTS
    assert screen.summary == tuple(s.text() for s in rev.summary().values())

"""The replay's evaluation bar in the dashboard without a browser: it asks the page's job for the moment shown
("thinking…" at once), draws its value when it comes and the grade of the move played once a review comes, and a
language switch keeps the job and its values (the new panel's bar follows it: nothing computed again)."""
from __future__ import annotations

import threading

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.analysis.review import Decision, Review
from carnegie_lab.session.eval_job import moment_key
from carnegie_lab.widgets import Dashboard

PATIENCE = 600      # seconds: a bound, not a wait (a new process takes seconds on a busy machine)


def test_the_bar_shows_the_moment_s_value_and_a_language_switch_keeps_it():
    game = cl.new_game(["Ada", "Bo"], seed=3)
    while not game.is_over:                      # the bar values a finished game's moments
        game.apply(game.legal_actions()[0])
    page = Dashboard(game=game)
    came, told = threading.Condition(), set()
    page.replays.this_game()                     # at its last moment: asked first
    job = page.work.evals
    drawn = job.on_value

    def tell(key) -> None:
        drawn(key)
        with came:
            told.add(key)
            came.notify_all()
    job.follow(tell)
    page.replay.go(2)
    assert "data-step='2' data-kind='thinking'" in page.replay.bar.widget.value and job.running
    key = moment_key(page.replay.replay, page.replay.replay.moments[2])
    with came:
        assert came.wait_for(lambda: key in told, PATIENCE)
    value = page.replay.bar.widget.value
    assert "data-step='2' data-kind='value'" in value and ("Ada: margin " in value or "Bo: margin " in value)
    replay, moment = page.replay.replay, page.replay.replay.moments[2]
    rows = evaluate(replay.game_at(moment.actions - 1), playouts=1, rounds=1)
    played = next(r for r in rows if str(r.action) == moment.notation)
    page.replay.review.review = Review(("Ada", "Bo"), (0, 1), None, 8, 0, (Decision(
        played, played, 0.0, 0.0, 0.0, 8, "best", moment.actions - 1, moment.seat, "Ada", 1, "", len(rows)),), ())
    page.replay._reviewed()                      # a review came: the grade of the move played beside the bar
    assert "<div class='cl-evalbar-grade cl-grade-best'>" in page.replay.bar.widget.value
    assert "the move played: best" in page.replay.bar.widget.value
    page.set_lang("pt_BR")
    assert page.replay.bar.job is job and job.on_value is not drawn            # the new panel's bar follows it
    page.replay.go(2)
    assert "data-kind='value'" in page.replay.bar.widget.value and ": margem " in page.replay.bar.widget.value
    job.cancel()
    assert job.wait(PATIENCE)

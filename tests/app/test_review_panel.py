"""The Replay tab's review panel without a browser: its screen's marks under the slider (a mark per slot of the
slider that holds graded decisions, worst first), drawn as targets of at least 24 px (a click goes to the worst of
them); the time left while a review runs; the final panel's *Review this game* starts the review in one click."""
from __future__ import annotations

from dataclasses import replace

import ipywidgets as W
import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, review
from carnegie_lab.app.layout import REPLAY
from carnegie_lab.app.replay_panel import ReplayPanel
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.replay import Replay
from carnegie_lab.session.review import RUNNING, ReviewJob
from carnegie_lab.session.screen import SLOTS, review_screen, step_review
from carnegie_lab.views.review import GRADE_COLOURS
from carnegie_lab.widgets import Dashboard


@pytest.fixture(scope="module")
def reviewed() -> ReplayPanel:
    """A replay of the last rounds of a game of two easy bots (from round 16), reviewed at 1 playout."""
    game = cl.new_game(["Ada", "Bo"], seed=3)
    bots = [make_bot("easy", 0), make_bot("easy", 1)]
    while game.round < 16:
        game.apply(bots[game.decision.player].choose(game))
    game = cl.Game.from_position(game.to_position())
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    panel = ReplayPanel(lambda game, kinds: None, lambda replay, actions: None, lambda: None)
    panel.open(Replay(game))
    panel.review.review = review(game, playouts=1, seed=0)
    panel.review._show()
    return panel


def test_the_marks_hold_every_graded_decision_grouped_in_slots_worst_first(reviewed):
    panel = reviewed
    rev, screen = panel.review.review, panel.review.screen
    graded = [d for d in rev.decisions if d.playouts]
    marks = [m for m in screen.marks if m is not None]
    assert len(screen.marks) == SLOTS and len(graded) > SLOTS > len(marks) > 1       # close decisions are grouped
    assert sum(m.count for m in marks) == sum(len(m.titles) for m in marks) == len(graded)
    points = [len(t.x) for t in panel.review.chart.widget.data if t.name.startswith("margin-")]
    assert sum(points) == len(graded)                                             # as many as the chart's points
    steps = {d.index: panel.replay.moment_of(d.index + 1) for d in graded}
    assert list(steps.values()) == sorted(steps.values())
    for m in marks:                                                               # the worst decision first
        d = next(d for d in graded if d.index == m.index)
        assert m.step == steps[d.index] and m.grade == d.grade
        assert m.titles[0].startswith(f"{d.player}, step {m.step}: {d.grade}")
        held = [g for g in graded if any(t.startswith(f"{g.player}, step {steps[g.index]}:") for t in m.titles)]
        assert len(held) == m.count and GRADES.index(d.grade) == max(GRADES.index(g.grade) for g in held)
        assert d.loss == max(g.loss for g in held if g.grade == d.grade)                  # then by loss
        assert step_review(rev, panel.replay, panel.replay.moments[m.step]).grade == d.grade


def test_a_mark_shows_its_worst_decision_first_by_grade_then_loss(reviewed):
    """At 1 playout every grade is *unclear*: the same decisions graded in turn from best to blunder."""
    rev = reviewed.review.review
    mixed = replace(rev, decisions=tuple(replace(d, grade=GRADES[i % len(GRADES)])
                                         for i, d in enumerate(rev.decisions)))
    by_index = {d.index: d for d in mixed.decisions}
    marks = [m for m in review_screen(ReviewJob(), reviewed.replay, mixed, False).marks if m is not None]
    assert any(len({g for g in GRADES if f": {g}" in " ".join(m.titles)}) > 1 for m in marks)     # mixed slots
    for m in marks:
        worst = by_index[m.index]
        assert m.grade == worst.grade and m.titles[0].startswith(f"{worst.player}, step {m.step}: {worst.grade}")
        held = [d for d in mixed.decisions if d.playouts and any(
            t.startswith(f"{d.player}, step {reviewed.replay.moment_of(d.index + 1)}:") for t in m.titles)]
        assert min(held, key=lambda d: (-GRADES.index(d.grade), -d.loss)) is worst


def test_a_mark_is_drawn_as_a_target_of_24_px_and_a_click_goes_to_its_step(reviewed):
    panel = reviewed
    slots = panel.review.marks.children
    assert len(slots) == SLOTS and all(s.layout.min_width == "24px" and s.layout.height == "24px" for s in slots)
    for mark, drawn in zip(panel.review.screen.marks, slots):
        if mark is None:
            assert not isinstance(drawn, W.Button)
            continue
        drawn.click()
        assert panel.index == mark.step and drawn.style.button_color == GRADE_COLOURS[mark.grade]
        assert drawn.description == str(mark.count) and f"Review: {mark.grade}" in panel.step.value


def test_a_running_review_says_the_time_left_at_its_pace(reviewed):
    job = ReviewJob()
    job.phase, job.started, job.total = RUNNING, 0.0, 40
    job.done = 10                                 # 100 s for 10: 300 s for the 30 left
    line = review_screen(job, reviewed.replay, None, stored=False, now=100.0).line
    assert line.text == "Reviewing: 10 of 40 decisions judged, about 5 min left" and not line.error
    job.done = 39                                 # 130 s for 39: about 3 s for the last
    assert review_screen(job, reviewed.replay, None, stored=False, now=130.0).line.text == \
        "Reviewing: 39 of 40 decisions judged, about 3 s left"


def test_the_final_panels_button_starts_the_review_in_one_click():
    dash = Dashboard(setup=Setup([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=3))
    dash.commands.play_bots()
    assert dash.game.is_over and not dash.replay.review.job.running
    dash.final.review_link.click()
    job = dash.replay.review.job
    try:
        assert job.running and job.game is not None and job.game.actions == dash.game.actions
        assert dash.panels.side.selected_index == REPLAY and dash.replay.review.screen.running
    finally:
        job.cancel()
        assert job.wait(60)

"""The Replay tab's review panel without a browser: the marks under the slider (a target of at least 24 px per
slot of the slider that holds graded decisions, a click goes to the worst of them) and the time left while a
review runs; the final panel's *Review this game* starts the review in one click."""
from __future__ import annotations

import ipywidgets as W
import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, review
from carnegie_lab.app.layout import REPLAY
from carnegie_lab.app.replay_panel import ReplayPanel
from carnegie_lab.app.review_panel import SLOTS
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.replay import Replay
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


def test_the_marks_hold_every_graded_decision_grouped_in_targets_of_24_px(reviewed):
    panel = reviewed
    rev = panel.review.review
    graded = [d for d in rev.decisions if d.playouts]
    slots = panel.review.marks.children
    marks = [m for m in slots if isinstance(m, W.Button)]
    assert len(slots) == SLOTS and len(graded) > SLOTS > len(marks) > 1          # close decisions are grouped
    assert all(s.layout.min_width == "24px" and s.layout.height == "24px" for s in slots)
    assert sum(int(m.description) for m in marks) == len(graded)
    points = [len(t.x) for t in panel.review.chart.widget.data if t.name.startswith("margin-")]
    assert sum(points) == len(graded)                                             # as many as the chart's points
    steps = [panel.replay.moment_of(d.index + 1) for d in graded]
    assert steps == sorted(steps)
    for mark in marks:
        mark.click()                                                              # to the worst decision it holds
        d = panel.review.decision_at(panel.replay.moments[panel.index])
        assert d is not None and d.playouts and mark.tooltip.splitlines()[0] == panel.review._mark_title(d)
        held = [g for g in graded if panel.review._mark_title(g) in mark.tooltip.splitlines()]
        assert len(held) == int(mark.description)
        assert GRADES.index(d.grade) == max(GRADES.index(g.grade) for g in held)
        assert mark.style.button_color == GRADE_COLOURS[d.grade] and f"Review: {d.grade}" in panel.step.value


def test_a_running_review_says_the_time_left_at_its_pace(reviewed, monkeypatch):
    review_panel = reviewed.review
    clock = iter([100.0, 130.0])
    monkeypatch.setattr("carnegie_lab.app.review_panel.time.perf_counter", lambda: next(clock))
    review_panel._started = 0.0
    review_panel._progress(10, 40)                # 100 s for 10: 300 s for the 30 left
    assert "Reviewing: 10 of 40 decisions judged, about 5 min left" in review_panel.status.value
    review_panel._progress(39, 40)                # 130 s for 39: about 3 s for the last
    assert "Reviewing: 39 of 40 decisions judged, about 3 s left" in review_panel.status.value


def test_the_final_panels_button_starts_the_review_in_one_click():
    dash = Dashboard(setup=Setup([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=3))
    dash.commands.play_bots()
    assert dash.game.is_over and not dash.replay.review.job.running
    dash.final.review_link.click()
    job = dash.replay.review.job
    try:
        assert job.running and job.game is not None and job.game.actions == dash.game.actions
        assert dash.panels.side.selected_index == REPLAY and not dash.replay.review.progress.layout.display
    finally:
        job.cancel()
        assert job.wait(60)

"""The Replay tab's game review: *Review this game* runs :class:`~..session.review.ReviewJob` in the
background (a progress bar, the time left at the pace so far, Cancel), then marks the graded decisions (those
played out) under the replay's slider: the slider's length in :data:`SLOTS` equal slots, a mark of at least
24 px for each slot that holds any, coloured by its worst grade, with the number of decisions it holds (a click
goes to its worst one). It tells at each reviewed step the better action and what it does, and charts the
expected final margin over the game (``views.review_figure``, the actions in words; a click on a point goes to
its step).

The panel draws the review's screen (``session/review_screen.py``: what it shows is decided there) and forwards
its clicks; the kernel decides what may be reviewed (the job). A review
of a stored game is kept with it (the job's ``keep``), and shown at once when the game is replayed again.
"""
from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as W

from ..analysis.review import Decision, Review
from ..core.actions import Action
from ..core.i18n import translator
from ..session import NotAllowed, Seat
from ..session.screen import (
    DONE,
    Mark,
    Moment,
    Replay,
    ReviewJob,
    ReviewScreen,
    Shelf,
    StepReview,
    action_words,
    review_screen,
    step_review,
)
from ..ui.figures import FigureSlot
from .action_words import words_html
from .aria import hidden_label

#: the chart's width in the side panel
CHART_WIDTH = 440
#: a mark's (and an empty slot's) size: a target at least 24 px wide and high, 2 px apart
MARK = dict(flex="1 1 0", min_width="24px", height="24px", margin="0 1px", padding="0")


def _views():
    from ..views import review  # plotly, only once a review is shown
    return review


class ReviewPanel:
    """Review controls, progress and chart for the Replay tab (see the module). ``on_go(moment)``
    shows a step of the replay; ``on_reviewed()`` is called (from the job's thread) when a review
    has come, so the replay panel redraws its step."""

    def __init__(self, job: ReviewJob, on_go: Callable[[int], None], on_reviewed: Callable[[], None],
                 lang: str | None = None):
        self.job, self.on_go, self.on_reviewed, self.lang = job, on_go, on_reviewed, lang
        tr = translator(lang)
        _ = self._ = tr.gettext
        self.replay: Replay | None = None
        self.stored = False
        #: where the review of the stored game replayed is kept (set before ``open``; None: not stored)
        self.shelf: Shelf | None = None
        self.review: Review | None = None
        #: why the last start was refused (None: it was not)
        self.refused: NotAllowed | None = None
        #: what the panel shows now (session/review_screen.py), drawn by ``_show``
        self.screen: ReviewScreen | None = None
        self.budget = W.Dropdown(options=[(tr.ngettext("{n} playout a decision", "{n} playouts a decision", b).format(
            n=b), b) for b in job.budgets], value=job.budgets[-1], layout=W.Layout(width="auto"),
                                 tooltip=_("more playouts: a slower review that tells more actions apart"))
        self.budget.add_class("cl-review-budget")
        hidden_label(self.budget, self.budget.tooltip)
        self.who = W.Dropdown(options=[(_("every player"), -1)], value=-1, layout=W.Layout(width="auto"))
        self.who.add_class("cl-review-who")
        hidden_label(self.who, _("whose decisions are reviewed"))
        self.start_button = W.Button(description=_("Review this game"), icon="line-chart", button_style="info",
                                     layout=W.Layout(width="auto"))
        self.start_button.add_class("cl-review-start")
        self.start_button.on_click(lambda _b: self.start())
        self.cancel_button = W.Button(description=_("Cancel"), icon="stop", layout=W.Layout(width="auto"))
        self.cancel_button.add_class("cl-review-cancel")
        self.cancel_button.on_click(lambda _b: self.job.cancel())
        self.progress = W.IntProgress(min=0, max=1, value=0, layout=W.Layout(width="100%"))
        self.progress.add_class("cl-review-progress")
        self.status = W.HTML()
        self.status.add_class("cl-review-status")
        #: the coloured marks under the replay's slider (the replay panel puts them there)
        self.marks = W.HBox(layout=W.Layout(margin="0 10px 4px", display="none"))
        self.marks.add_class("cl-review-track")
        self.summary = W.HTML()
        self.summary.add_class("cl-review-summary")
        self.chart = FigureSlot(CHART_WIDTH)
        self.chart.on_target = self._point
        self.chart_box = W.Box()
        self.chart_box.add_class("cl-review-chart")
        self.box = W.VBox([W.HTML("<div class='cl-group-title'>" + _("Game review") + "</div>"),
                           W.HBox([self.budget, self.who], layout=W.Layout(flex_flow="row wrap")),
                           W.HBox([self.start_button, self.cancel_button]), self.progress, self.status,
                           self.summary, self.chart_box])
        self.box.add_class("cl-review")
        if job.running:                     # the page's review, started from the panel this one replaces
            self.follow()
        self._show()

    # -- a replay opened, a review started or ended ------------------------------------------------
    def open(self, replay: Replay, seats: Sequence[Seat], stored: bool) -> None:
        """The replay shown (``stored``: its game is in the store): the review of the same game stays."""
        self.replay, self.stored, self.refused = replay, stored, None
        humans = [i for i, s in enumerate(seats) if s.is_human]
        self.who.options = [(self._("every player"), -1)] + [(s.name, i) for i, s in enumerate(seats)]
        self.who.value = humans[0] if len(humans) == 1 else -1
        reviewed = self.job.game
        if self.review is not None and (reviewed is None or reviewed.actions != replay.final.actions):
            self.review = None
        if self.review is None and self.shelf is not None and not self.job.running:
            self.review = self.shelf.read(replay.final)
        self._show()

    def start(self) -> None:
        replay = self.replay
        if replay is None:
            return
        seats = None if self.who.value < 0 else [self.who.value]
        try:
            started = self.job.start(replay.final, stored=self.stored, playouts=self.budget.value, seats=seats,
                                     on_progress=self._progress, on_done=self._done, keep=self.shelf)
        except NotAllowed as e:
            self.refused = e
            self._show()
            return
        self.refused = None
        if not started:                     # this game's review runs already: this panel follows it
            self.follow()
            self._show()
            return
        self.review = None
        self._show()
        self.on_reviewed()

    def follow(self) -> None:
        """Show the progress and the end of the page's running review (started from another panel)."""
        self.job.follow(self._progress, self._done)

    def _progress(self, done: int, total: int) -> None:
        self._show()

    def _done(self, job: ReviewJob) -> None:
        if job.phase == DONE and job.result is not None:
            self.review = job.result
        self._show()
        self.on_reviewed()

    def _show(self) -> None:
        """Compute the panel's screen and draw it."""
        self.screen = screen = review_screen(self.job, self.replay, self.review, self.stored, self.refused,
                                             self.lang)
        self.start_button.disabled, self.start_button.tooltip = not screen.start_enabled, screen.start_tip
        self.cancel_button.layout.display = self.progress.layout.display = "" if screen.running else "none"
        self.progress.max, self.progress.value = max(screen.total, 1), screen.done
        line = screen.line
        self.status.value = (f"<div class='{'cl-error' if line.error else 'cl-note'}'>{html.escape(line.text)}</div>"
                             if line.text else "")
        old, self.marks.children = self.marks.children, [self._mark(m) if m else W.Box(layout=W.Layout(**MARK))
                                                         for m in screen.marks]
        for mark in old:                        # no widget left behind in the kernel
            mark.close()
        self.marks.layout.display = "" if screen.reviewed else "none"
        self.summary.value = "<ul class='cl-review-lines'>" + "".join(
            f"<li>{html.escape(t)}</li>" for t in screen.summary) + "</ul>" if screen.summary else ""
        if self.review is not None:
            self.chart.draw(f"review/{self.lang}", _views().review_figure.spec(self.review, lang=self.lang,
                                                                              said=self._said))
            if not self.chart_box.children:
                self.chart_box.children = [self.chart.widget]
        self.chart_box.layout.display = "" if self.review is not None else "none"

    def _said(self, d: Decision, action: Action) -> str:
        assert self.replay is not None
        return action_words(self.replay, d, action, self.lang)

    def _mark(self, m: Mark) -> W.Button:
        """A mark's button: coloured by its grade, a click goes to its worst decision."""
        mark = W.Button(description=str(m.count), tooltip="\n".join(m.titles), layout=W.Layout(**MARK))
        mark.style.button_color = _views().GRADE_COLOURS[m.grade]
        mark.add_class("cl-review-mark")
        mark.add_class(f"cl-grade-{m.grade}")
        mark.on_click(lambda _b: self.on_go(m.step))
        return mark

    def step_html(self, moment: Moment) -> str:
        """What the review says of this step (:func:`~..session.review_screen.step_review`), drawn."""
        step = None if self.replay is None else step_review(self.review, self.replay, moment, self.lang)
        return "" if step is None else step_view(step, self.lang)

    def _point(self, key: str) -> None:
        if self.review is not None and self.replay is not None:
            self.on_go(self.replay.moment_of(int(key) + 1))


def step_view(step: StepReview, lang: str | None) -> str:
    """A step's review: its grade, the action played, and with a loss the better action and what it does."""
    _ = translator(lang).gettext
    head = (f"<div class='cl-review-verdict cl-grade-{step.grade}'><b>" + _("Review: {verdict}").format(
        verdict=html.escape(step.verdict)) + "</b><br>" + _("played {action}: {result}").format(
        action=words_html(step.played.words, step.played.notation), result=html.escape(step.played.result))
        + "</div>")
    if step.better is None:
        return head
    better = "".join(f"<li>{html.escape(t)}</li>" for t in step.lines)
    return (f"{head}<div class='cl-review-better'>" + _("better: {action}: {result}").format(
        action=words_html(step.better.words, step.better.notation), result=html.escape(step.better.result))
        + f"<ul class='cl-review-lines'>{better}</ul></div>")


__all__ = ["ReviewPanel"]

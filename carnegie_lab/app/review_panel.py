"""The Replay tab's game review: *Review this game* runs :class:`~..session.review.ReviewJob` in the
background (a progress bar, the time left at the pace so far, Cancel), then marks the graded decisions (those
played out) under the replay's slider: the slider's length in :data:`SLOTS` equal slots, a mark of at least
24 px for each slot that holds any, coloured by its worst grade, with the number of decisions it holds (a click
goes to its worst one). It tells at each reviewed step the better action and what it does, and charts the
expected final margin over the game (``views.review_figure``, the actions in words; a click on a point goes to
its step).

The panel shows the review of the replay open; the kernel decides what may be reviewed (the job). A review
of a stored game is kept with it (the job's ``keep``), and shown at once when the game is replayed again.
"""
from __future__ import annotations

import html
import time
from typing import Callable, Sequence

import ipywidgets as W

from ..analysis import explain
from ..analysis.compare import GRADES
from ..analysis.review import Decision, Review
from ..analysis.words import playout_result, review_loss, review_progress
from ..core.actions import Action
from ..core.i18n import translator
from ..jobs import time_left
from ..session import NotAllowed, Seat
from ..session.screen import CANCELLED, DONE, Labels, Moment, Replay, ReviewJob, Shelf, error_text, shown
from ..ui.figures import FigureSlot
from .action_words import action_html
from .aria import hidden_label

#: the chart's width in the side panel
CHART_WIDTH = 440
#: the slots of the marks' strip under the slider: a mark stays at least 24 px wide on the narrowest side panel
SLOTS = 12
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
        self.budget = W.Dropdown(options=[(tr.ngettext("{n} playout a decision", "{n} playouts a decision", b).format(
            n=b), b) for b in job.budgets], value=job.budgets[-1], layout=W.Layout(width="auto"),
                                 tooltip=_("more playouts: a slower review that tells more actions apart"))
        self.budget.add_class("cl-review-budget")
        hidden_label(self.budget, self.budget.tooltip)
        self.who = W.Dropdown(options=[(_("every player"), -1)], value=-1, layout=W.Layout(width="auto"))
        self.who.add_class("cl-review-who")
        hidden_label(self.who, _("whose decisions are reviewed"))
        self.start_button = W.Button(description=_("Review this game"), icon="line-chart", button_style="info",
                                     tooltip=_("grade every decision with a choice (in the background)"),
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
        self._started = 0.0
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
        self.replay, self.stored = replay, stored
        humans = [i for i, s in enumerate(seats) if s.is_human]
        self.who.options = [(self._("every player"), -1)] + [(s.name, i) for i, s in enumerate(seats)]
        self.who.value = humans[0] if len(humans) == 1 else -1
        reviewed = self.job.game
        if self.review is not None and (reviewed is None or reviewed.actions != replay.final.actions):
            self.review = None
        if self.review is None and self.shelf is not None and not self.job.running:
            self.review = self.shelf.read(replay.final)
            if self.review is not None:
                self.status.value = "<div class='cl-note'>" + self._("The review kept with this game.") + "</div>"
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
            self.status.value = f"<div class='cl-error'>{html.escape(error_text(e, self.lang))}.</div>"
            return
        if not started:                     # this game's review runs already: this panel follows it
            self.follow()
            self._show()
            return
        self.review = None
        self._started = time.perf_counter()
        self.progress.value, self.progress.max = 0, 1
        self.status.value = "<div class='cl-note'>" + self._("Starting the review…") + "</div>"
        self._show()
        self.on_reviewed()

    def follow(self) -> None:
        """Show the progress and the end of the page's running review (started from another panel)."""
        self._started = self.job.started
        self.job.follow(self._progress, self._done)

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = max(total, 1), done
        left = time_left(time.perf_counter() - self._started, done, total)
        self.status.value = f"<div class='cl-note'>{review_progress(done, total, self.lang, left=left)}</div>"

    def _done(self, job: ReviewJob) -> None:
        if job.phase == DONE and job.result is not None:
            self.review = job.result
            self.status.value = ("<div class='cl-note'>" + self._(
                "Kept with the game: replaying it again shows this review.") + "</div>" if job.kept else "")
        else:
            text = (self._("The review was cancelled.") if job.phase == CANCELLED else
                    self._("No review: {problem}.").format(problem=shown(job.error, self.lang)))
            self.status.value = f"<div class='cl-note'>{html.escape(text)}</div>"
        self._show()
        self.on_reviewed()

    def _show(self) -> None:
        running = self.job.running
        finishing = self.replay is not None and (self.replay.final.is_over or self.stored)
        self.start_button.disabled = running or not finishing
        self.start_button.tooltip = (self._("grade every decision with a choice (in the background)") if finishing
                                     else self._("a review is for a finished game, or a stored one"))
        self.cancel_button.layout.display = "" if running else "none"
        self.progress.layout.display = "" if running else "none"
        rev = self.review
        old, self.marks.children = self.marks.children, self._marks() if rev is not None else []
        for mark in old:                        # no widget left behind in the kernel
            mark.close()
        self.marks.layout.display = "" if rev is not None else "none"
        self.summary.value = "" if rev is None else "<ul class='cl-review-lines'>" + "".join(
            f"<li>{html.escape(s.text(self.lang))}</li>" for s in rev.summary().values()) + "</ul>"
        if rev is not None:
            self.chart.draw(f"review/{self.lang}", _views().review_figure.spec(rev, lang=self.lang, said=self._said))
            if not self.chart_box.children:
                self.chart_box.children = [self.chart.widget]
        self.chart_box.layout.display = "" if rev is not None else "none"

    # -- what the replay shows -----------------------------------------------------------------
    def _moment(self, d: Decision) -> int:
        assert self.replay is not None
        return self.replay.moment_of(d.index + 1)

    def _said(self, d: Decision, action: Action) -> str:
        """An action of a reviewed decision in the controls' words (the chart's hover)."""
        assert self.replay is not None
        return Labels(self.replay.game_at(d.index), self.lang).action(action)

    def _marks(self) -> list[W.Widget]:
        """A mark for each of the :data:`SLOTS` slots of the slider that holds graded decisions (worst
        first: by grade, then loss), an empty box for the others."""
        replay, rev = self.replay, self.review
        assert replay is not None and rev is not None
        slots: list[list[Decision]] = [[] for _ in range(SLOTS)]
        for d in rev.decisions:
            if d.playouts:
                slots[min(SLOTS - 1, SLOTS * self._moment(d) // (replay.last + 1))].append(d)
        return [self._mark(sorted(held, key=lambda d: (-GRADES.index(d.grade), -d.loss))) if held
                else W.Box(layout=W.Layout(**MARK)) for held in slots]

    def _mark(self, held: list[Decision]) -> W.Button:
        """The mark of some graded decisions, worst first: coloured by its grade, a click goes to it."""
        worst = held[0]
        mark = W.Button(description=str(len(held)), tooltip="\n".join(self._mark_title(d) for d in held),
                        layout=W.Layout(**MARK))
        mark.style.button_color = _views().GRADE_COLOURS[worst.grade]
        mark.add_class("cl-review-mark")
        mark.add_class(f"cl-grade-{worst.grade}")
        mark.on_click(lambda _b: self.on_go(self._moment(worst)))
        return mark

    def _mark_title(self, d: Decision) -> str:
        return self._("{player}, step {n}: {loss}").format(player=d.player, n=self._moment(d),
                                                           loss=review_loss(d.grade, d.loss, self.lang))

    def decision_at(self, moment: Moment) -> Decision | None:
        """The reviewed decision this step played (None: no review, or not a reviewed decision)."""
        if self.review is None or moment.seat is None or moment.andrew or moment.automatic:
            return None
        return next((d for d in self.review.decisions if d.index == moment.actions - 1), None)

    def step_html(self, moment: Moment) -> str:
        """What the review says of this step: its grade, and the better action and what it does."""
        d = self.decision_at(moment)
        if d is None or self.replay is None:
            return ""
        _, lang = self._, self.lang
        verdict = html.escape(review_loss(d.grade, d.loss, lang))
        before = self.replay.game_at(d.index)
        head = (f"<div class='cl-review-verdict cl-grade-{d.grade}'><b>" + _("Review: {verdict}").format(
            verdict=verdict) + "</b><br>" + _("played {action}: {result}").format(
            action=action_html(before, d.played.action, lang), result=html.escape(playout_result(d.played, lang)))
            + "</div>")
        if not d.loss:
            return head
        lines = explain(before, d.best.action).lines_in(lang)[1:]     # the first names the action: said above
        better = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
        return (f"{head}<div class='cl-review-better'>" + _("better: {action}: {result}").format(
            action=action_html(before, d.best.action, lang), result=html.escape(playout_result(d.best, lang)))
            + f"<ul class='cl-review-lines'>{better}</ul></div>")

    def _point(self, key: str) -> None:
        if self.review is not None and self.replay is not None:
            self.on_go(self.replay.moment_of(int(key) + 1))


__all__ = ["ReviewPanel"]

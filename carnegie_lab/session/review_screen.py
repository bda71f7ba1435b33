"""What the Replay tab shows of a game review, as plain data (no widgets: ``app/review_panel.py`` draws it): the
:class:`ReviewScreen` of the panel (whether *Review this game* may start, the job's state line, the marks under
the replay's slider, the seats' summaries), computed after every change by :func:`review_screen`, and the
:class:`StepReview` of a step (:func:`step_review`), in the page's language.

The marks: the slider's length in :data:`SLOTS` equal slots; each slot that holds graded decisions (those played
out) is a :class:`Mark`, worst first (by grade, then loss): coloured by the worst's grade, a click goes to it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..analysis import explain
from ..analysis.compare import GRADES
from ..analysis.review import Decision, Review
from ..analysis.words import playout_result, review_loss, review_progress
from ..core.actions import Action
from ..core.i18n import translator
from ..jobs import time_left
from .access import NotAllowed
from .labels import Labels
from .replay import Moment, Replay
from .review import CANCELLED, DONE, FAILED, ReviewJob
from .texts import error_text, shown

#: the slots of the marks' strip under the slider (a mark stays at least 24 px wide on the narrowest side panel)
SLOTS = 12


@dataclass(frozen=True)
class Mark:
    """A slot of the slider holding graded decisions: the worst's ``grade`` (its colour), ``index`` (its number
    among the game's actions) and ``step`` (where a click goes), how many it holds, and a line for each, worst
    first."""
    grade: str
    index: int
    step: int
    count: int
    titles: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """The job's state line ("" when there is nothing to say); ``error``: a refusal."""
    text: str
    error: bool = False


@dataclass(frozen=True)
class ReviewScreen:
    """The review panel (see the module): *Review this game* enabled or not and its hover, the job running (its
    progress, ``done`` of ``total``), its state line; with a review, a mark or None for each slot and the seats'
    summaries in words."""
    start_enabled: bool
    start_tip: str
    running: bool
    done: int
    total: int
    line: Line
    marks: tuple[Mark | None, ...]
    summary: tuple[str, ...]

    @property
    def reviewed(self) -> bool:
        """A review is shown (its marks, summary and chart)."""
        return bool(self.marks)


@dataclass(frozen=True)
class Said:
    """An action of a reviewed decision: its notation, its words, and what its playouts gave."""
    notation: str
    words: str
    result: str


@dataclass(frozen=True)
class StepReview:
    """What the review says of one step: the decision (its index among the game's actions, the seat), its grade
    and verdict in words, the action played, and with a loss the better one and what it does."""
    index: int
    seat: int
    grade: str
    verdict: str
    played: Said
    better: Said | None
    lines: tuple[str, ...]


def review_screen(job: ReviewJob, replay: Replay | None, review: Review | None, stored: bool,
                  refused: NotAllowed | None = None, lang: str | None = None, now: float | None = None) -> ReviewScreen:
    """The panel for the ``replay`` open (``stored``: its game is in the store), the page's ``job`` and the
    ``review`` shown (the job's result, or one kept with the stored game); ``refused``: why the last start was
    refused; ``now``: the clock (``time.perf_counter``) for the time left."""
    _ = translator(lang).gettext
    finishing = replay is not None and (replay.final.is_over or stored)
    marks = _marks(replay, review, lang) if replay is not None and review is not None else ()
    return ReviewScreen(
        start_enabled=finishing and not job.running,
        start_tip=_("grade every decision with a choice (in the background)") if finishing else
        _("a review is for a finished game, or a stored one"),
        running=job.running, done=job.done, total=job.total, line=_line(job, replay, review, refused, lang, now),
        marks=marks, summary=() if review is None else tuple(s.text(lang) for s in review.summary().values()))


def _line(job: ReviewJob, replay: Replay | None, review: Review | None, refused: NotAllowed | None, lang: str | None,
          now: float | None) -> Line:
    _ = translator(lang).gettext
    if refused is not None:
        return Line(error_text(refused, lang) + ".", error=True)
    if job.running:
        if not job.total:
            return Line(_("Starting the review…"))
        left = time_left((time.perf_counter() if now is None else now) - job.started, job.done, job.total)
        return Line(review_progress(job.done, job.total, lang, left=left))
    if review is not None and review is not job.result:
        return Line(_("The review kept with this game."))
    if replay is None or job.game is None or job.game.actions != replay.final.actions:
        return Line("")
    if job.phase == DONE:
        return Line(_("Kept with the game: replaying it again shows this review.") if job.kept else "")
    if job.phase == CANCELLED:
        return Line(_("The review was cancelled."))
    if job.phase == FAILED:
        return Line(_("No review: {problem}.").format(problem=shown(job.error, lang)))
    return Line("")


def _marks(replay: Replay, review: Review, lang: str | None) -> tuple[Mark | None, ...]:
    slots: list[list[Decision]] = [[] for _ in range(SLOTS)]
    for d in review.decisions:
        if d.playouts:
            slots[min(SLOTS - 1, SLOTS * _step(replay, d) // (replay.last + 1))].append(d)
    return tuple(_mark(replay, sorted(held, key=lambda d: (-GRADES.index(d.grade), -d.loss)), lang) if held
                 else None for held in slots)


def _step(replay: Replay, d: Decision) -> int:
    return replay.moment_of(d.index + 1)


def _mark(replay: Replay, held: list[Decision], lang: str | None) -> Mark:
    _ = translator(lang).gettext
    titles = tuple(_("{player}, step {n}: {loss}").format(
        player=d.player, n=_step(replay, d), loss=review_loss(d.grade, d.loss, lang, d.playouts)) for d in held)
    return Mark(held[0].grade, held[0].index, _step(replay, held[0]), len(held), titles)


def decision_at(review: Review | None, moment: Moment) -> Decision | None:
    """The reviewed decision a step played (None: no review, or not a reviewed decision)."""
    if review is None or moment.seat is None or moment.andrew or moment.automatic:
        return None
    return next((d for d in review.decisions if d.index == moment.actions - 1), None)


def step_review(review: Review | None, replay: Replay, moment: Moment, lang: str | None = None) -> StepReview | None:
    """What the review says of a step of the replay (None: nothing)."""
    d = decision_at(review, moment)
    if d is None:
        return None
    before = replay.game_at(d.index)
    labels = Labels(before, lang)

    def said(v) -> Said:
        return Said(str(v.action), labels.action(v.action), playout_result(v, lang))
    lines = tuple(explain(before, d.best.action).lines_in(lang)[1:]) if d.loss else ()  # the first names the action
    return StepReview(d.index, d.seat, d.grade, review_loss(d.grade, d.loss, lang, d.playouts), said(d.played),
                      said(d.best) if d.loss else None, lines)


def action_words(replay: Replay, d: Decision, action: Action, lang: str | None = None) -> str:
    """An action of a reviewed decision in the controls' words (the chart's hover)."""
    return Labels(replay.game_at(d.index), lang).action(action)


__all__ = ["Line", "Mark", "ReviewScreen", "SLOTS", "Said", "StepReview", "action_words", "decision_at",
           "review_screen", "step_review"]

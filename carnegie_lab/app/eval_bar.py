"""The replay's evaluation bar, above its slider: the session's :class:`~..session.bar_screen.BarScreen` of the moment
shown, drawn: the chance to win of the seat deciding there as a bar in its colour (the band behind it: the
interval), its expected final margin and chance to win in words with their intervals, and the grade of the move played
when a review graded it. The page's :class:`~..session.eval_job.EvalJob` computes the values in the background: the
bar asks for the moment shown (at once: "thinking…") and draws it again when its value comes (from the job's
thread)."""
from __future__ import annotations

import html

import ipywidgets as W

from ..analysis.review import Review
from ..session.screen import BarScreen, EvalJob, Replay, bar_screen
from ..views.palette import owner_colour
from .panels import chip

#: the bar's track, and the line at 50%
TRACK = ("position:relative;height:10px;margin:4px 0 2px 0;border-radius:5px;background:#e6e0d4;"
         "background-image:linear-gradient(#8a8275,#8a8275);background-size:1px 100%;background-position:50% 0;"
         "background-repeat:no-repeat")


def _views():
    from ..views import review  # plotly, only once a review is shown
    return review


class EvalBar:
    """The bar (``widget``) of the moment a replay shows (:meth:`show`), drawn again when the ``job`` values it."""

    def __init__(self, job: EvalJob, lang: str | None = None):
        self.job, self.lang = job, lang
        self.widget = W.HTML()
        self.widget.add_class("cl-evalbar-box")
        self._at: tuple[Replay, int, Review | None] | None = None
        job.follow(lambda key: self._draw())      # this bar, not one of the page's earlier panels

    def show(self, replay: Replay, step: int, review: Review | None) -> None:
        """Show moment ``step`` of ``replay`` (``review``: the review shown, for the move's grade); its value is
        asked for, unless known."""
        self._at = (replay, step, review)
        self.job.ask(replay, replay.moments[step])
        self._draw()

    def _draw(self) -> None:
        if self._at is not None:
            self.widget.value = bar_html(bar_screen(self.job, *self._at, lang=self.lang))


def bar_html(bar: BarScreen) -> str:
    """A bar drawn (``data-step`` and ``data-kind`` say which moment and what it shows)."""
    track = ""
    if bar.seat is not None:
        colour, low, high = owner_colour(bar.seat), 100 * bar.low, 100 * bar.high
        track = (f"<div class='cl-evalbar' aria-hidden='true' style='{TRACK}'>"
                 f"<div style='position:absolute;top:0;bottom:0;left:{low:.1f}%;width:{high - low:.1f}%;"
                 f"border-radius:5px;background:{colour};opacity:0.3'></div>"
                 f"<div style='position:absolute;top:2px;bottom:2px;left:0;width:{100 * bar.win:.1f}%;"
                 f"border-radius:3px;background:{colour}'></div></div>")
    who = "" if bar.seat is None else chip(bar.seat) + " "
    text = f"<div class='cl-evalbar-text'>{who}{html.escape(bar.text)}</div>"
    grade = ""
    if bar.grade:
        dot = f"<span style='color:{_views().GRADE_COLOURS[bar.grade]}' aria-hidden='true'>●</span>"
        grade = f"<div class='cl-evalbar-grade cl-grade-{bar.grade}'>{dot} {html.escape(bar.grade_text)}</div>"
    tip = f" title='{html.escape(bar.tip, quote=True)}'" if bar.tip else ""
    return (f"<div class='cl-evalbar-{bar.kind} cl-note' data-step='{bar.step}' data-kind='{bar.kind}'{tip}>"
            f"{track}{text}{grade}</div>")


__all__ = ["EvalBar", "bar_html"]

"""What the replay's evaluation bar shows at a moment, as plain data (no widget: ``app/eval_bar.py`` draws it):
:func:`bar_screen` gives the :class:`BarScreen` of a moment from the page's :class:`~.eval_job.EvalJob` (its values
computed in the background) and the review shown, in the page's language: the standing of the seat deciding there
(its expected final margin and chance to win with the best choice, each with its 95% interval), "thinking…" while
it is computed, why there is none, or at the end of a finished game that it is over; and, when a review graded the
move played at the moment, its grade and verdict."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..analysis.review import Review
from ..analysis.words import interval, review_loss
from ..core.i18n import number, render, translator
from .access import OVER
from .eval_job import EvalJob, Standing, moment_key, over
from .hint_screen import THINKING
from .replay import Replay
from .review_screen import decision_at
from .texts import sentence

#: what the bar shows: a standing, one being computed, why none, the end of the game
VALUE, PENDING, NONE, FINISHED = "value", "thinking", "none", "over"


@dataclass(frozen=True)
class BarScreen:
    """The bar at moment ``step`` (see the module): its ``kind`` (one of the four above) and ``text``, with a
    standing its ``seat``, the chance to win (``win``, 0 to 1: the bar's fill) and its interval (``low``, ``high``: the
    bar's band) and how it was computed (``tip``); ``grade``, the grade of the move played (one of
    ``analysis.GRADES``; "" without a review of it), and ``grade_text``, that grade and what it gave away."""
    step: int
    kind: str
    text: str
    tip: str = ""
    seat: int | None = None
    win: float = 0.0
    low: float = 0.0
    high: float = 0.0
    grade: str = ""
    grade_text: str = ""


def bar_screen(job: EvalJob, replay: Replay, step: int, review: Review | None = None,
               lang: str | None = None) -> BarScreen:
    """The bar at moment ``step`` of ``replay`` (``review``: the review shown, if any)."""
    _ = translator(lang).gettext
    bar = _standing(job, replay, step, lang)
    played = decision_at(review, replay.moments[step])
    if played is None:
        return bar
    return replace(bar, grade=played.grade, grade_text=_("the move played: {verdict}").format(
        verdict=review_loss(played.grade, played.loss, lang, played.playouts)))


def _standing(job: EvalJob, replay: Replay, step: int, lang: str | None) -> BarScreen:
    moment = replay.moments[step]
    if over(replay, moment):
        return BarScreen(step, FINISHED, sentence(render(OVER, lang)))
    key = moment_key(replay, moment)
    value = job.value(key)
    if value is not None:
        name = replay.seats[value.seat].name
        return BarScreen(step, VALUE, standing_text(value, name, lang), _tip(value, name, lang), value.seat,
                         value.win, value.win_low, value.win_high)
    problem = None if job.pending(key) else job.why(key)
    if problem is not None:
        return BarScreen(step, NONE, translator(lang).gettext("No evaluation: {problem}.").format(
            problem=render(problem, lang)))
    return BarScreen(step, PENDING, render(THINKING, lang))


def standing_text(value: Standing, player: str, lang: str | None = None) -> str:
    """A standing in words, such as 'Ada: margin -3.1 VP [-6.0, -0.2], wins 30% [12%, 58%]' (an interval of no
    width left out)."""
    return translator(lang).gettext("{player}: margin {margin} VP{margin_interval}, wins {win}{win_interval}").format(
        player=player, margin=number(value.margin, "+.1f", lang),
        margin_interval=interval(value.margin_low, value.margin_high, "+.1f", lang),
        win=number(value.win, ".0%", lang), win_interval=interval(value.win_low, value.win_high, ".0%", lang))


def _tip(value: Standing, player: str, lang: str | None) -> str:
    tr = translator(lang)
    text = tr.ngettext("{player} decides here: the expected final margin and chance to win with the best choice, "
                       "from {n} playout of each choice (intervals at 95%).",
                       "{player} decides here: the expected final margin and chance to win with the best choice, "
                       "from {n} playouts of each choice (intervals at 95%).", value.playouts).format(
        player=player, n=value.playouts)
    if value.horizon is None:
        return text
    return text + " " + tr.gettext("The playouts stop at round {round}; the rest is estimated.").format(
        round=value.horizon)


__all__ = ["BarScreen", "FINISHED", "NONE", "PENDING", "VALUE", "bar_screen", "standing_text"]

"""The analysis's results in words, in any language: an action's playouts, a review's progress and verdicts."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.i18n import number, translator

if TYPE_CHECKING:
    from .compare import ActionValue


def playout_result(v: ActionValue, lang: str | None = None) -> str:
    """What an action's playouts gave, in words.

    Args:
        v: The action's row of ``evaluate``.
        lang: The language (default: the current one).

    Returns:
        Such as 'margin +1.2 VP [-0.4, +2.8] at round 6, won 55% [35%, 73%] of 20 playouts' (at the end: no
        round; the end guessed from there: '(played on to round 6, the rest guessed)'; an action the halving
        dropped before the budget ran out: '... (stopped early: it trailed the others)'), or 'not played out
        (greedy evaluation +0.8)'. An interval that cannot be computed is left out, and so is one of no width
        (every playout gave the same margin: nothing was uncertain).
    """
    tr = translator(lang)
    _ = tr.gettext
    if not v.playouts:
        return _("not played out (greedy evaluation {value})").format(value=number(v.heuristic, "+.1f", lang))
    where = "" if v.horizon is None else " " + (
        _("(played on to round {round}, the rest guessed)") if v.estimated else _("at round {round}")).format(
        round=v.horizon)
    text = tr.ngettext("margin {margin} VP{margin_interval}{where}, won {won}{won_interval} of {n} playout",
                       "margin {margin} VP{margin_interval}{where}, won {won}{won_interval} of {n} playouts",
                       v.playouts).format(
        margin=number(v.margin, "+.1f", lang), margin_interval=interval(v.margin_low, v.margin_high, "+.1f", lang),
        where=where, won=number(v.win_rate, ".0%", lang), won_interval=interval(v.win_low, v.win_high, ".0%", lang),
        n=v.playouts)
    return text if v.finalist else _("{result} (stopped early: it trailed the others)").format(result=text)


def review_progress(done: int, total: int, lang: str | None = None, *, left: float | None = None) -> str:
    """How far a game review is, such as 'Reviewing: 12 of 88 decisions judged, about 40 s left'.

    Args:
        done: The decisions judged.
        total: The decisions to judge.
        lang: The language (default: the current one).
        left: The seconds left, estimated (None: not said).
    """
    tr = translator(lang)
    text = tr.ngettext("Reviewing: {done} of {total} decision judged",
                       "Reviewing: {done} of {total} decisions judged", total).format(done=done, total=total)
    if left is None:
        return text
    if left < 90:
        return tr.gettext("{progress}, about {seconds} s left").format(progress=text, seconds=max(1, round(left)))
    return tr.gettext("{progress}, about {minutes} min left").format(progress=text, minutes=round(left / 60))


def review_loss(grade: str, loss: float, lang: str | None = None, playouts: int | None = None) -> str:
    """A reviewed decision's verdict, such as 'best' or 'mistake, 6.1 VP given away'.

    Args:
        grade: One of ``analysis.GRADES`` (translated too; *unclear* says why).
        loss: The VP given away.
        lang: The language (default: the current one).
        playouts: The paired playouts an action behind the verdict, given to say what backs a *best*: the
            screen alone (0) or playouts against the best other choices.
    """
    tr = translator(lang)
    _ = tr.gettext
    if grade == "unclear":
        return _("unclear, about {loss} VP given away: the playouts cannot tell which grade").format(
            loss=number(loss, ".1f", lang))
    if grade == "best" and playouts == 0:
        return _("best: rated first by the quick evaluation (not played out)")
    if grade == "best" and playouts:
        return tr.ngettext("best: no other choice did better in {n} paired playout",
                           "best: no other choice did better in {n} paired playouts", playouts).format(n=playouts)
    if not loss:
        return _(grade)
    return _("{grade}, {loss} VP given away").format(grade=_(grade), loss=number(loss, ".1f", lang))


def interval(low: float, high: float, spec: str, lang: str | None) -> str:
    """An interval in words, after the figure it is of (" [-0.4, +2.8]", numbers written with ``spec``); "" where it
    cannot be computed or has no width (nothing was uncertain)."""
    if not (math.isfinite(low) and math.isfinite(high)) or low == high:
        return ""
    return f" [{number(low, spec, lang)}, {number(high, spec, lang)}]"

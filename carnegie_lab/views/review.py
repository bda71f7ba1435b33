"""A game review (``carnegie_lab.analysis.review``) as a chart: each reviewed seat's expected final margin
after each of its decisions, with its 95% interval as a band and every decision's grade as the colour of
its marker.

Stable trace names: ``band-<seat>`` (the interval), ``margin-<seat>`` (x = decision numbers among the
game's actions, 1-based; customdata = their 0-based indices; one marker colour per grade). The hovers name
the actions as ``said(decision, action)`` words them (the app gives its controls' words); without ``said``
they say "played" and "the best action" and name neither: a review holds no game to word its actions in,
and the notation is not for players.
The title is short and the key in two lines, so that both stay readable at the side panel's width.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from ..core.i18n import N_, number, translator
from .palette import FONT, INK, MUTED, esc, owner_colour
from .style import base_layout, view

if TYPE_CHECKING:
    from ..analysis.compare import ActionValue
    from ..analysis.review import Decision, Review
    from ..core.actions import Action

    Said = Callable[[Decision, Action], str]

#: the colour of each grade of ``carnegie_lab.analysis.GRADES``, best to worst
GRADE_COLOURS = {"best": "#2e8b57", "good": "#9cc97a", "unclear": "#9a9a9a", "inaccuracy": "#e8b420",
                 "mistake": "#f08a12", "blunder": "#c0182a"}
#: each grade in words (``_(GRADE_NAMES[grade])`` in a language)
GRADE_NAMES = {"best": N_("best"), "good": N_("good"), "unclear": N_("unclear"), "inaccuracy": N_("inaccuracy"),
               "mistake": N_("mistake"), "blunder": N_("blunder")}
GRID = "#e6e0d3"


def _finite(values: list[float]) -> list[float | None]:
    return [v if math.isfinite(v) else None for v in values]


def _hover(d: Decision, said: Said | None, lang: str | None) -> str:
    """A decision's hover text in a language (the actions named as ``said`` words them, if given)."""
    _ = translator(lang).gettext

    def line(value: ActionValue, named: str, unnamed: str) -> str:
        margin = number(value.margin, "+.1f", lang)
        if said is None:
            return _(unnamed).format(margin=margin)
        return _(named).format(action=esc(said(d, value.action)), margin=margin)
    head = _("{player}, round {round}, decision {number}: <b>{grade}</b>").format(
        player=esc(d.player), round=d.round, number=d.index + 1, grade=_(GRADE_NAMES[d.grade]))
    played = line(d.played, N_("played {action}: {margin} VP"), N_("played: {margin} VP"))
    if not d.loss:
        return f"{head}<br>{played}"
    return (head + _(", {loss} VP given away").format(loss=number(d.loss, ".1f", lang)) + f"<br>{played}<br>"
            + line(d.best, N_("best {action}: {margin} VP"), N_("the best action: {margin} VP")))


@view
def review_figure(review: Review, *, lang: str | None = None, said: Said | None = None):
    """The expected final margin of every reviewed seat after each of its decisions, graded (``lang``: the
    language of the texts, None for English; ``said``: an action of a decision in words, for the hovers)."""
    _ = translator(lang).gettext
    by_index = {d.index: d for d in review.decisions}
    traces = []
    for seat in review.seats:
        points = review.curve(seat)
        colour = owner_colour(seat)
        x = [p.at + 1 for p in points]
        traces.append(dict(
            type="scatter", name=f"band-{seat}", x=x + x[::-1],
            y=_finite([p.high for p in points]) + _finite([p.low for p in points])[::-1],
            fill="toself", fillcolor=colour, opacity=0.12, line=dict(width=0), mode="lines", hoverinfo="skip",
            showlegend=False, meta=dict(owner=seat)))
        traces.append(dict(
            type="scatter", name=f"margin-{seat}", x=x, y=[p.margin for p in points], customdata=[p.at for p in points],
            mode="lines+markers", line=dict(color=colour, width=2),
            marker=dict(size=9, color=[GRADE_COLOURS[p.grade] for p in points], line=dict(color=colour, width=1.5)),
            text=[_hover(by_index[p.at], said, lang) for p in points],
            hovertemplate="%{text}<extra></extra>",
            showlegend=False, meta=dict(owner=seat, label=review.players[seat])))
    players = " · ".join(f"<span style='color:{owner_colour(s)}'>━</span> {esc(review.players[s])}"
                         for s in review.seats)
    grades = " ".join(f"<span style='color:{c}'>●</span> {_(GRADE_NAMES[g])}" for g, c in GRADE_COLOURS.items())
    notes = [dict(x=1, y=1.02, xref="paper", yref="paper", xanchor="right", yanchor="bottom", showarrow=False,
                  text=f"{players}<br>{grades}", font=dict(size=12))]
    if not review.decisions:
        notes.append(dict(x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                          text=_("no decision with a choice to review"), font=dict(size=16, color=MUTED)))
    layout = base_layout(
        # drawn at the side panel's width (440 px): scaled down from a wider figure, its plot was too short for the
        # y axis's title
        _("Game review"), 440, 360, margin=dict(l=60, r=20, t=110, b=45), annotations=notes,
        xaxis=dict(title=dict(text=_("decision (actions of the game)")), gridcolor=GRID, zeroline=False,
                   fixedrange=True, ticklabelstandoff=6),          # clear of the y axis's lowest number
        yaxis=dict(title=dict(text=_("expected final margin (VP)")), gridcolor=GRID, zeroline=True,
                   zerolinecolor=INK, zerolinewidth=1, fixedrange=True),
        meta=dict(view="review"))
    layout["title"]["subtitle"] = dict(text=_("the expected final margin after each decision"),
                                       font=dict(size=13, family=FONT, color=INK))
    return traces, layout

"""Scores: the breakdown per player as stacked bars ("if the game ended now"), and the story of the game
over the finished rounds (``game.round_summaries()``).

Stable trace names: ``score-<category>`` (one bar trace per ScoreBreakdown field, x = player names,
customdata = seats), ``vp-<seat>``, ``money-<seat>``, ``goods-<seat>``, ``projects-<seat>``,
``departments-<seat>`` (x = round numbers).
"""
from __future__ import annotations

from ..core.i18n import N_, translator
from ..core.state import ANDREW
from ..core.words import SCORE_NAMES
from ..rules.scoring import CATEGORIES
from .palette import FONT, GOLD, INK, MUTED, PAPER, SCORE_COLOURS, esc, owner_colour, text_on
from .style import base_layout, key_annotation, view

GRID = "#e6e0d3"
SCORE_CATEGORIES = CATEGORIES          # every field of ScoreBreakdown, in the dataclass's order


def _seat(game, name: str):
    players = game.players
    return players.index(name) if name in players else ANDREW


@view
def scores_figure(game, *, lang: str | None = None):
    """Stacked bars of each player's score by category, totals on top, winners marked at the end (``lang``:
    the language of the texts, None for English)."""
    _ = translator(lang).gettext
    table = game.scores()
    names = list(table)
    seats = [_seat(game, n) for n in names]
    totals = [table[n].total for n in names]
    traces = []
    small = max(2, 0.06 * max(totals + [1]))          # segments too thin to hold their number
    for cat in SCORE_CATEGORIES:
        values = [getattr(table[n], cat) for n in names]
        colour = SCORE_COLOURS[cat]
        traces.append(dict(
            type="bar", name=f"score-{cat}", x=names, y=values, customdata=seats,
            meta=dict(label=_(SCORE_NAMES[cat])),
            marker=dict(color=colour, line=dict(color=PAPER, width=1)),
            text=[str(v) if v >= small else "" for v in values], textposition="inside", insidetextanchor="middle",
            textangle=0,
            textfont=dict(color=text_on(colour), size=12, family=FONT), showlegend=False,
            hovertemplate="%{x}: %{y} " + _("VP from {category}").format(category=_(SCORE_NAMES[cat]))
                          + "<extra></extra>"))
    over = game.is_over
    winners = set(game.winners()) if over else set()
    top = max(totals + [1])
    notes = [dict(x=n, y=t, xref="x", yref="y", yanchor="bottom", showarrow=False,
                  text=f"<b>{t}</b>" + (" ★" if n in winners else ""),
                  font=dict(size=16, color=GOLD if n in winners else INK)) for n, t in zip(names, totals)]
    # A colour key of the categories that score something (the legend would list them all).
    used = [c for c in SCORE_CATEGORIES if any(getattr(table[n], c) for n in names)]
    notes.append(dict(x=1.0, y=1.0, xref="paper", yref="paper", xanchor="left", yanchor="top", showarrow=False,
                      align="left", font=dict(size=12),
                      text="<br>".join(f"<span style='color:{SCORE_COLOURS[c]}'>■</span> {esc(_(SCORE_NAMES[c]))}"
                                       for c in reversed(used)) or _("no points yet")))
    tick = [f"<span style='color:{owner_colour(s)}'>●</span> <b>{esc(n)}</b>" for n, s in zip(names, seats)]
    title = _("Final score") if over else _("Round {round}: the score if the game ended now").format(round=game.round)
    layout = base_layout(
        title, 900, 480, barmode="stack", bargap=0.38,
        margin=dict(l=50, r=190, t=50, b=40), annotations=notes,
        # typed: a FigureWidget switched here from a numeric view would place the bars' text before
        # plotly.js re-typed the axis (rotate(0,NaN,...) errors in the browser console)
        xaxis=dict(type="category", tickvals=names, ticktext=tick, tickfont=dict(size=14), fixedrange=True,
                   showgrid=False),
        yaxis=dict(title=dict(text=_("VP")), range=[0, top * 1.15 + 1], gridcolor=GRID, zeroline=False,
                   fixedrange=True),
        meta=dict(view="scores"))
    return traces, layout


PANELS = ((N_("VP earned in play, active employees (dotted)"), (0.7, 1.0)),
          (N_("money, goods (dotted)"), (0.36, 0.64)),
          (N_("projects built, department tiles (dotted)"), (0.0, 0.3)))
SCORE_PANEL = N_("score if the game had ended then, VP earned in play (dotted)")
SERIES = (("score", "y", "solid"), ("vp", "y", "solid"), ("active", "y", "dot"), ("money", "y2", "solid"),
          ("goods", "y2", "dot"), ("projects", "y3", "solid"), ("departments", "y3", "dot"))
#: each series' word in the hover (``_(SERIES_NAMES[key])`` in a language)
SERIES_NAMES = {"score": N_("score"), "vp": N_("vp"), "active": N_("active"), "money": N_("money"),
                "goods": N_("goods"), "projects": N_("projects"), "departments": N_("departments")}


@view
def history_figure(game, *, lang: str | None = None):
    """VP, money (and goods) and buildings (projects and department tiles) per player after each round.

    Every player has the same seven traces; those without data are empty. A round summary that also carries
    ``score`` (the total if the game had ended then) replaces the active employees in the top panel.
    ``lang``: the language of the texts (None: English)."""
    _ = translator(lang).gettext
    history = game.round_summaries()
    rounds = [h["round"] for h in history]
    with_score = bool(history) and all("score" in row for h in history for row in h["players"])
    hidden = "active" if with_score else "score"
    traces = []
    for seat, name in enumerate(game.players):
        colour = owner_colour(seat)
        for key, axis, dash in SERIES:
            values = [] if key == hidden else [h["players"][seat][key] for h in history]
            if key == "vp" and with_score:
                dash = "dot"
            traces.append(dict(
                type="scatter", name=f"{key}-{seat}", x=rounds if values else [], y=values, yaxis=axis,
                mode="lines+markers", line=dict(color=colour, width=2.5, dash=dash),
                marker=dict(size=5 if dash == "solid" else 4, color=colour), showlegend=False,
                meta=dict(owner=seat, label=name, series=key),
                hovertemplate=_("{player}, round {x}: {y} {series}").format(
                    player=esc(name), x="%{x}", y="%{y}", series=_(SERIES_NAMES[key])) + "<extra></extra>"))
    titles = [SCORE_PANEL if with_score else PANELS[0][0], PANELS[1][0], PANELS[2][0]]
    notes = [dict(x=0, y=domain[1], xref="paper", yref="paper", xanchor="left", yanchor="bottom", showarrow=False,
                  font=dict(size=13), text=f"<b>{_(title)}</b>") for title, (_lo, domain) in zip(titles, PANELS)]
    notes.append(key_annotation(game, players_only=True, lang=lang,
                                x=1, y=1.06, xref="paper", yref="paper", xanchor="right", yanchor="bottom"))
    if not history:
        notes.append(dict(x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                          text=_("no round finished yet"), font=dict(size=16, color=MUTED)))
    rounds = game.components.constants.rounds
    layout = base_layout(
        _("How the game went") if game.is_over else _("Round {round}: how the game went").format(round=game.round),
        900, 560, margin=dict(l=50, r=20, t=60, b=40), hovermode="x unified", annotations=notes,
        xaxis=dict(range=[0.5, rounds + 0.5], dtick=1, anchor="y3", gridcolor=GRID, fixedrange=True,
                   title=dict(text=_("round"), font=dict(size=12))),
        meta=dict(view="history"))
    y_axis = dict(gridcolor=GRID, zeroline=False, fixedrange=True, rangemode="tozero", tickfont=dict(size=11),
                  anchor="x")
    for i, (_title, (lo, hi)) in enumerate(PANELS):
        layout["yaxis" if i == 0 else f"yaxis{i + 1}"] = dict(y_axis, domain=[lo, hi - 0.03])
    return traces, layout

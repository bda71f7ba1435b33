"""The donation chart: a column per theme, every space in its place with what it counts and the VP it
scores at the end, the discs on the taken ones (kept in place, greyed, with who took them), and what
each player's next donation costs.

Drawn from the game's public queries (``game.components.donations``, ``game.free_donations()``,
``game.donation_price``) and the discs on the chart (``game.donors``). Stable trace
names: ``donation-spaces-<theme>`` (the free spaces of a theme), ``donation-taken`` (the spaces with a
disc), ``donation-names``, ``donation-vp``, ``donation-owners`` (texts), ``donation-discs`` (one point
per disc, customdata = donation ids, meta["owners"]), ``donation-hover`` (one point per space,
customdata = donation ids). Keys (``highlight=``, ``targets=``): donation ids.
"""
from __future__ import annotations

from dataclasses import replace

from ..core.i18n import translator
from .palette import (
    FONT,
    INK,
    MUTED,
    donation_condition,
    donation_terms,
    esc,
    owner_colour,
    owner_name,
    tint,
)
from .style import (
    base_layout,
    blank_axis,
    fill_trace,
    highlight_trace,
    rect_spots,
    ringed_keys,
    targets_trace,
    text_trace,
    view,
)

WIDTH = 800                              # the dashboard's width: the texts are sized for it
X0, COLUMN, W = 0.0, 3.0, 2.85            # first column's left edge, column step, space width
Y0, ROW, H = 0.75, 0.95, 0.85             # first row's top edge, row step, space height
#: a colour per column of the chart (themes come from the data: by position, not by name)
THEME_COLOURS = ("#3f86c6", "#c4553b", "#3f9e43", "#8e63b5", "#e0a526", "#139e9a")
TAKEN = "#e4e0d8"


def _wrap(text: str, width: int = 30) -> str:
    """Escaped, in lines of at most ``width`` characters (a space is 190 pixels wide)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(esc(line) for line in lines)


def _rect(d) -> tuple[float, float, float, float]:
    x0 = X0 + (d.column - 1) * COLUMN
    y0 = Y0 + (d.row - 1) * ROW
    return x0, y0, x0 + W, y0 + H


@view
def donations_figure(game, *, highlight=None, targets=None, lang: str | None = None):
    """The donation chart.

    ``highlight``: donation ids to ring (a last trace named ``highlight``, present whenever the argument
    is given). ``targets``: what a click can choose, ``{donation id: what it does}`` (ringed too; a last
    trace named ``targets`` takes their clicks and says what each does). ``lang``: the language of the
    texts (None: English; ``cl.languages()``)."""
    _ = translator(lang).gettext
    donations = game.components.donations
    cap = game.rules.constants.donation_cap
    free = set(game.free_donations())
    columns = sorted({d.column: d.theme for d in donations.values()}.items())
    colour = {column: THEME_COLOURS[i % len(THEME_COLOURS)] for i, (column, _) in enumerate(columns)}
    spaces: dict[int, list] = {column: [] for column, _ in columns}
    taken: list[tuple[float, float, float, float]] = []
    nx, ny, nt, vx, vy, vt, ox, oy, ot = [], [], [], [], [], [], [], [], []
    dx, dy, dkeys, downers, dcolours = [], [], [], [], []
    hx, hy, hkeys, htext = [], [], [], []
    for d in donations.values():
        x0, y0, x1, y1 = _rect(d)
        owners = list(game.donors(d.id))
        (spaces[d.column] if d.id in free else taken).append((x0, y0, x1, y1))
        scores = donation_terms(game.components, d.formula, lang)
        nx.append(x0 + 0.12)
        ny.append(y0 + 0.17)
        nt.append(f"<b>{esc(donation_condition(replace(d, name=_(d.name))))}</b>")
        vx.append(x0 + 0.12)
        vy.append(y0 + 0.45)
        vt.append(_wrap(scores))
        who = ", ".join(owner_name(game, o, lang) for o in owners)
        if owners:
            ox.append(x0 + 0.12)
            oy.append(y0 + 0.73)
            ot.append(_("taken: <b>{who}</b>").format(who=esc(who)))
        for k, owner in enumerate(owners):
            dx.append(x1 - 0.25 - k * 0.32)
            dy.append(y0 + 0.3)
            dkeys.append(d.id)
            downers.append(owner)
            dcolours.append(owner_colour(owner))
        hx.append((x0 + x1) / 2)
        hy.append((y0 + y1) / 2)
        hkeys.append(d.id)
        htext.append(f"<b>{esc(_(d.name))}</b><br>"
                     + _("{scores} at the end of the game (at most {cap} VP)").format(scores=esc(scores), cap=cap)
                     + "<br>" + (_("taken: {who}").format(who=esc(who)) if owners else _("free")))
    traces = [fill_trace(f"donation-spaces-{theme}", spaces[column], tint(colour[column], 0.8),
                         line=colour[column], width=1.5, radius=0.08) for column, theme in columns]
    traces.append(fill_trace("donation-taken", taken, TAKEN, line="#b9b2a5", width=1.2, radius=0.08))
    traces.append(text_trace("donation-names", nx, ny, nt, size=12, position="middle right"))
    traces.append(text_trace("donation-vp", vx, vy, vt, size=10.5, colour="#5b5348", position="middle right"))
    traces.append(text_trace("donation-owners", ox, oy, ot, size=10.5, position="middle right"))
    traces.append(dict(type="scatter", name="donation-discs", mode="markers", x=dx, y=dy, customdata=dkeys,
                       meta=dict(owners=downers), hoverinfo="skip", showlegend=False,
                       marker=dict(size=19, color=dcolours, line=dict(width=1.5, color=INK))))
    traces.append(dict(type="scatter", name="donation-hover", mode="markers", x=hx, y=hy, customdata=hkeys,
                       hovertext=htext, hoverinfo="text", showlegend=False,
                       marker=dict(size=70, symbol="square", color="rgba(0,0,0,0)", line=dict(width=0))))
    rows = max(d.row for d in donations.values())
    bottom = Y0 + (rows - 1) * ROW + H
    heads = [dict(x=X0 + (column - 1) * COLUMN + 0.05, y=Y0 - 0.08, xref="x", yref="y", xanchor="left",
                  yanchor="bottom", showarrow=False, font=dict(size=14, color=colour[column], family=FONT),
                  text=f"<b>{esc(_(theme).replace('_', ' ').capitalize())}</b>") for column, theme in columns]
    prices = " · ".join(f"<span style='color:{owner_colour(seat)}'>●</span> "
                        + _("{player}: next donation <b>${price}</b>").format(player=esc(name),
                                                                          price=game.donation_price(seat))
                        for seat, name in enumerate(game.players))
    heads.append(dict(x=X0, y=bottom + 0.12, xref="x", yref="y", xanchor="left", yanchor="top",
                      showarrow=False, font=dict(size=12, color=INK), align="left",
                      text=f"{prices}<br><span style='color:{MUTED}'>"
                           + _("a donation costs money and a disc and scores at most {cap} VP at the end").format(
                               cap=cap)
                           + "<br>" + _("a grey disc is a neutral one: its space is blocked") + "</span>"))
    right = X0 + (len(columns) - 1) * COLUMN + W
    height = int(95 * (bottom + 0.85 - (Y0 - 0.45))) + 60
    layout = base_layout(_("Round {round}: the donation chart").format(round=game.round) if game.round else
                         _("The donation chart"), WIDTH, height, annotations=heads,
                         xaxis=blank_axis(X0 - 0.05, right + 0.05),
                         yaxis=blank_axis(Y0 - 0.45, bottom + 0.85, reverse=True),
                         meta=dict(view="donations"))
    keys = ringed_keys(highlight, targets)
    if keys is not None:
        traces.append(highlight_trace([rect for _, rect in _rects(game, keys)], radius=0.08, width=4))
    if targets is not None:
        spots = rect_spots(_rects(game, set(targets)), WIDTH / (right - X0 + 0.1))
        traces.append(targets_trace(spots, targets))
    return traces, layout


def _rects(game, keys: set[str]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(key, rectangle) of each donation space that ``keys`` name, sorted (other keys are ignored)."""
    donations = game.components.donations
    return [(key, _rect(donations[key])) for key in sorted(keys) if key in donations]

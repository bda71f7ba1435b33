"""The timeline: 4 action rows x (start + 4 tiles + End) spaces with their events, the markers, the gear,
and a strip of the 20 rounds coloured by the action chosen in each.

Stable trace names: ``timeline-markers`` (customdata = row types, meta["spaces"] = marker positions),
``timeline-gear`` (one point or none), ``round-boxes``, ``round-current``. The rows, the End-tile space, the
regions and the number of rounds come from the game's rules and component data (``game.rules``).
"""
from __future__ import annotations

from ..core.i18n import translator
from ..core.words import round_of
from ..rules.timeline import event_text
from .palette import (
    DEPARTMENT_COLOURS,
    DEPARTMENT_TYPE_NAMES,
    FONT,
    GOLD,
    INK,
    MUTED,
    esc,
    region_colours,
    text_on,
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
    wrapped,
)

WIDTH, HEIGHT = 1150, 500
X0, STEP, W = 3.0, 2.35, 2.1              # first column (the start space) left edge, column step, box width
Y0, ROW, H = 1.0, 1.0, 0.82
DONATION_COLOUR = "#e377c2"
ROW_COLOUR = "#7d7569"                    # a row type without a department colour (other component data)
ROUND_Y, ROUND_STEP, ROUND_W = 5.55, 0.83, 0.74


def _x(k: int) -> float:
    return X0 + k * STEP


def _y(r: int) -> float:
    return Y0 + r * ROW


@view
def timeline_figure(game, *, highlight=None, targets=None, lang: str | None = None):
    """Events on every space, the four action markers, this round's gear and the round strip.

    ``highlight``: keys to ring (a last trace named ``highlight``, present whenever the argument is given):
    timeline spaces ``"<row>/<space>"`` (e.g. ``"MG/2"``; space 0 is the start, 5 the End tile), a row's
    label ``"<row>"`` (e.g. ``"CO"``) and a round of the strip ``"round/<n>"``. Other keys are ignored.
    ``targets``: what a click can choose, ``{key: what it does}`` (ringed too; a last trace named
    ``targets`` takes their clicks and says what each does). ``lang``: the language of the texts (None:
    English; ``cl.languages()``)."""
    _ = translator(lang).gettext
    rs = game.rules
    C = rs.components
    rows, last, colours = C.timeline.rows, rs.timeline_end, region_colours(C)
    phase, picked, gear, markers = game.phase, game.chosen_action, game.gear_row, game.markers()
    fills: dict[str, list] = {k: [] for k in (*rows, "start", *C.regions, "donation")}   # one trace per kind of space
    passed, tx, ty, tt, hx, hy, ht = [], [], [], [], [], [], []
    for r, row in enumerate(rows):
        y = _y(r)
        fills[row].append((0.0, y - H / 2, 2.75, y + H / 2))
        fills["start"].append((_x(0), y - H / 2, _x(0) + W * 0.6, y + H / 2))
        for k in range(1, last + 1):
            ev = game.timeline_space(r, k)
            x0, y0 = _box_x0(k), y - H / 2
            x1, y1 = x0 + W, y + H / 2
            kinds = ([ev.income] if ev.income else []) + (["donation"] if ev.donation else [])
            labels = ([f"<b>$ {esc(_(C.regions[ev.income].name))}</b>"] if ev.income else []) + \
                (["<b>♥ " + _("donation") + "</b>"] if ev.donation else [])
            band = (y1 - y0) / len(kinds)
            for i, (kind, label) in enumerate(zip(kinds, labels)):
                fills[kind].append((x0, y0 + i * band, x1, y0 + (i + 1) * band))
                tx.append((x0 + x1) / 2 + 0.12)
                ty.append(y0 + (i + 0.5) * band)
                tt.append(label)
            if k <= markers[r]:
                passed.append((x0, y0, x1, y1))
            hx.append((x0 + x1) / 2)
            hy.append(y)
            what = event_text(rs, ev.income, ev.donation, lang)
            state_text = _("done") if k <= markers[r] else _("next") if k == markers[r] + 1 else _("to come")
            ht.append(_("<b>{row} space {space}</b> ({tile})").format(row=esc(_(_row_name(row))), space=k,
                                                                     tile=_tile_name(game, r, k, _))
                      + f"<br>{what}<br>{state_text}")
    traces = [fill_trace(f"timeline-fill-{kind}", rects, _fill_colour(colours, kind), line="#ffffff", width=1.5,
                         radius=0.08) for kind, rects in fills.items()]
    traces.append(fill_trace("timeline-passed", passed, "rgba(251,248,241,0.8)", radius=0.08))
    traces.append(text_trace("timeline-events", tx, ty, tt, size=10.5))   # "$ Centro-Oeste" in a ~96 px space
    # each row's code, and its name beside it in two lines at most: the label is ~125 px wide in the dashboard
    traces.append(text_trace("timeline-rows", [0.12] * len(rows), [_y(r) for r in range(len(rows))],
                             [f"<b>{row}</b>" for row in rows], size=15, position="middle right", colour="white"))
    traces.append(text_trace("timeline-row-names", [0.85] * len(rows), [_y(r) for r in range(len(rows))],
                             [wrapped(_(_row_name(row)), 14) for row in rows], size=10.5, position="middle right",
                             colour="white"))
    traces.append(text_trace("timeline-start", [_x(0) + W * 0.3] * len(rows), [_y(r) for r in range(len(rows))],
                             ["" if k == 0 else _("start") for k in markers], size=10, colour=MUTED))
    traces.append(dict(type="scatter", name="timeline-hover", mode="markers", x=hx, y=hy, hovertext=ht,
                       hoverinfo="text", showlegend=False,
                       marker=dict(size=60, color="rgba(0,0,0,0)", symbol="square", line=dict(width=0))))

    # Markers: on the start space (0) or on the last space whose event has happened.
    mx = [_marker_x(k) for k in markers]
    my = [_y(r) for r in range(len(rows))]
    traces.append(dict(type="scatter", name="timeline-markers", mode="markers", x=mx, y=my,
                       customdata=list(rows), meta=dict(spaces=list(markers)), hoverinfo="text",
                       hovertext=[_("{row} marker on the start").format(row=esc(_(_row_name(row)))) if k == 0 else
                                  _("{row} marker on space {space}").format(row=esc(_(_row_name(row))), space=k)
                                  for row, k in zip(rows, markers)], showlegend=False,
                       marker=dict(symbol="diamond-tall", size=24, color=INK, line=dict(width=1.5, color="white"))))
    # The gear: this round's event space (the chosen row, or the row below it if that row is full).
    gx, gy, gk = [], [], []
    live = gear is not None and phase != "over"
    if live:
        k = markers[gear] + 1
        x0 = _box_x0(k)
        # on the space's top right corner, clear of its words
        gx, gy, gk = [x0 + W - 0.05], [_y(gear) - H / 2 + 0.02], [f"{rows[gear]}/{k}"]
        traces.append(fill_trace("timeline-gear-ring", [(x0, _y(gear) - H / 2, x0 + W,
                                                         _y(gear) + H / 2)], "rgba(0,0,0,0)", line=GOLD,
                                 width=4, radius=0.08))
    else:
        traces.append(fill_trace("timeline-gear-ring", [], "rgba(0,0,0,0)", line=GOLD, width=4))
    traces.append(dict(type="scatter", name="timeline-gear", mode="markers+text", x=gx, y=gy, customdata=gk,
                       text=["⚙"] * len(gx), textfont=dict(size=14, color=INK, family=FONT), hoverinfo="skip",
                       showlegend=False, marker=dict(size=21, color=GOLD, line=dict(width=1.5, color=INK))))

    ring = []
    if picked and phase != "over":
        r = rows.index(picked)
        ring = [(-0.04, _y(r) - H / 2 - 0.04, 2.79, _y(r) + H / 2 + 0.04)]
    traces.append(dict(fill_trace("timeline-chosen", ring, "rgba(0,0,0,0)", line=GOLD, width=4, radius=0.08),
                       customdata=[picked] if ring else []))
    traces += _round_strip(game, lang)
    chosen = (_("this round: <b>{row}</b>").format(row=esc(_(_row_name(picked)))) if picked
              else _("the first player chooses a row") if phase == "choose" else "")
    headers = [dict(x=_box_x0(k) + W / 2, y=Y0 - H / 2 - 0.06, xref="x", yref="y", yanchor="bottom",
                    showarrow=False, font=dict(size=11, color=MUTED),
                    text=_column_name(game, k, _))
               for k in range(1, last + 1)]
    headers.append(dict(x=0, y=ROUND_Y - 0.55, xref="x", yref="y", xanchor="left", yanchor="bottom",
                        showarrow=False, font=dict(size=13),
                        text="<b>" + _("Rounds") + f"</b>  <span style='color:{MUTED}'>"
                        + _("coloured by the row chosen") + "</span>"))
    headers.append(dict(x=17.0, y=ROUND_Y - 0.55, xref="x", yref="y", xanchor="right", yanchor="bottom",
                        showarrow=False, font=dict(size=12, color=MUTED),
                        text=esc(_("$ region: Take Income in that region · ♥ donation: Make a Donation"))))
    title = _("{round}: timeline").format(round=round_of(game.round, C.constants.rounds, lang=lang)) \
        + (f" · {chosen}" if chosen else "")
    if live:
        event = _event_text(game, gear, markers, lang) or _("no event")
        moved = "" if rows[gear] == picked else \
            " " + _("(the {row} row is full: the gear moves down to {below})").format(
                row=_(_row_name(picked)), below=_(_row_name(rows[gear])))
        subtitle = _("⚙ this round's event: <b>{event}</b>").format(event=esc(event)) + esc(moved)
    else:
        subtitle = ""
    if phase == "over":
        title = _("Timeline: the game is over")
    elif game.round == 0:
        title = _("Timeline: setup")
    if subtitle:     # under the title, in the top margin (plotly's subtitle overlapped an 18 px title in the app)
        headers.append(dict(x=0, y=1, xref="paper", yref="paper", xanchor="left", yanchor="bottom", yshift=4,
                            showarrow=False, align="left", text=subtitle, font=dict(size=13, family=FONT, color=INK)))
    layout = base_layout(title, WIDTH, HEIGHT, annotations=headers, margin=dict(l=10, r=10, t=62, b=10),
                         xaxis=blank_axis(-0.05, 17.0), yaxis=blank_axis(Y0 - H / 2 - 0.45, ROUND_Y + 0.5,
                                                                         reverse=True),
                         meta=dict(view="timeline"))
    keys = ringed_keys(highlight, targets)
    if keys is not None:
        traces.append(timeline_highlight(rs, keys))
    if targets is not None:
        traces.append(targets_trace(rect_spots(_rects(rs, set(targets)), WIDTH / 17.05), targets))
    return traces, layout


def timeline_highlight(rs, keys: set[str]) -> dict:
    """The ``highlight`` trace: rings around highlighted timeline spaces, row labels and rounds
    (``rs``: the game's Ruleset, ``game.rules``)."""
    return highlight_trace([rect for _, rect in _rects(rs, keys)], radius=0.08, width=4)


def _rects(rs, keys: set[str]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(key, rectangle) of each timeline space, row label or round that ``keys`` name, sorted."""
    C = rs.components
    rows = C.timeline.rows
    pad = 0.07
    rects = []
    for key in sorted(keys):
        head, _, tail = key.partition("/")
        if head in rows and not tail:
            y = _y(rows.index(head))
            rects.append((key, (-pad, y - H / 2 - pad, 2.75 + pad, y + H / 2 + pad)))
        elif head in rows and tail.isdigit() and int(tail) <= rs.timeline_end:
            y, k = _y(rows.index(head)), int(tail)
            x0, x1 = (_x(0), _x(0) + W * 0.6) if k == 0 else (_box_x0(k), _box_x0(k) + W)
            rects.append((key, (x0 - pad, y - H / 2 - pad, x1 + pad, y + H / 2 + pad)))
        elif head == "round" and tail.isdigit() and 1 <= int(tail) <= C.constants.rounds:
            x0 = (int(tail) - 1) * ROUND_STEP
            rects.append((key, (x0 - pad, ROUND_Y - 0.3 - pad, x0 + ROUND_W + pad, ROUND_Y + 0.3 + pad)))
    return rects


def _row_name(row: str) -> str:
    return DEPARTMENT_TYPE_NAMES.get(row, row)


def _fill_colour(region_colours, kind: str) -> str:
    if kind in DEPARTMENT_COLOURS:
        return DEPARTMENT_COLOURS[kind]
    if kind == "start":
        return "#ece7dc"
    if kind == "donation":
        return tint(DONATION_COLOUR, 0.55)
    if kind in region_colours:
        return tint(region_colours[kind], 0.45)
    return ROW_COLOUR


def _event_text(game, gear: int, markers: tuple[int, ...], lang: str | None) -> str:
    """This round's event: the one on the space the gear stands on (set when the row was chosen)."""
    event = game.timeline_space(gear, markers[gear] + 1)
    return event_text(game.rules, event.income, event.donation, lang)


def _tile_name(game, r: int, k: int, _) -> str:
    """The tile under space k of row r (the End tile's last space included; ``_``: the translator's gettext)."""
    if k == game.rules.timeline_end:
        return _("End tile")
    column = game.components.timeline.orientation == "column"      # a tile per column, or per row
    number, _back = game.timeline_tiles()[k - 1 if column else r]
    return _("tile {number}").format(number=number)


def _column_name(game, k: int, _) -> str:
    """The header of column k: its tile and side when tiles are columns, else the space number."""
    if k == game.rules.timeline_end:
        return _("End tile")
    if game.components.timeline.orientation != "column":
        return _("space {space}").format(space=k)
    number, back = game.timeline_tiles()[k - 1]
    return (_("tile {number} (back)") if back else _("tile {number} (front)")).format(number=number)


def _box_x0(k: int) -> float:
    return _x(0) + W * 0.6 + 0.25 + (k - 1) * STEP


def _marker_x(k: int) -> float:
    return _x(0) + W * 0.3 if k == 0 else _box_x0(k) + 0.2


def _round_strip(game, lang: str | None) -> list:
    now = game.round
    chosen = {h["round"]: h["chosen"] for h in game.round_summaries()}
    if game.chosen_action and now not in chosen:
        chosen[now] = game.chosen_action
    rounds = game.components.constants.rounds
    by_row: dict[str, list] = {k: [] for k in (*game.components.timeline.rows, "later")}
    _ = translator(lang).gettext
    xs, ys, texts, colours, hovers = [], [], [], [], []
    for n in range(1, rounds + 1):
        x0 = (n - 1) * ROUND_STEP
        row = chosen.get(n)
        colour = DEPARTMENT_COLOURS.get(row, ROW_COLOUR) if row else "#ece7dc"
        by_row[row or "later"].append((x0, ROUND_Y - 0.3, x0 + ROUND_W, ROUND_Y + 0.3))
        xs.append(x0 + ROUND_W / 2)
        ys.append(ROUND_Y)
        texts.append(f"<b>{n}</b><br>{row}" if row else f"{n}")       # the row's short form, its name on hover
        hovers.append(_("Round {round}: {row}").format(round=n, row=esc(_(_row_name(row)))) if row else
                      _("Round {round}").format(round=n))
        colours.append(text_on(colour) if row else MUTED)
    traces = [fill_trace(f"round-boxes-{row}", rects,
                         "#ece7dc" if row == "later" else DEPARTMENT_COLOURS.get(row, ROW_COLOUR), radius=0.06)
              for row, rects in by_row.items()]
    traces.append(dict(text_trace("round-labels", xs, ys, texts, size=10), customdata=list(range(1, rounds + 1)),
                       textfont=dict(size=10, color=colours, family=FONT), hovertext=hovers, hoverinfo="text"))
    current = []
    if 1 <= now <= rounds and game.phase != "over":
        x0 = (now - 1) * ROUND_STEP
        current = [(x0 - 0.05, ROUND_Y - 0.35, x0 + ROUND_W + 0.05, ROUND_Y + 0.35)]
    traces.append(dict(fill_trace("round-current", current, "rgba(0,0,0,0)", line=GOLD, width=3.5, radius=0.06),
                       customdata=[now] if current else []))
    return traces

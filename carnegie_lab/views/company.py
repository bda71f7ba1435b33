"""One player's company board: the 4x4 grid of departments with their workstations and employees, the
lobbies, the employees away on missions, and the player's money, goods and VP.

Stable trace names: ``workstations`` (customdata "cell/index"), ``standing`` (one point per standing employee,
customdata "cell/index"), ``lying`` (one point per lying employee, customdata = cell), ``missions`` (one point per
employee on a mission, customdata = region), ``cells`` (hover, customdata = cell). The grid, the departments and
the regions come from the game's component data (``game.components``).
"""
from __future__ import annotations

import re

from ..core.i18n import render, translator
from ..core.words import MISSIONS, SCORE_NAMES, position
from .palette import (
    DEPARTMENT_COLOURS,
    DEPARTMENT_TYPE_NAMES,
    FONT,
    INK,
    MUTED,
    esc,
    owner_colour,
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

WIDTH, HEIGHT = 1000, 620
X_RANGE = (-0.03, 7.4)
GAP = 0.045
PANEL_X = 4.35                      # left edge of the side panel
LYING_PER_ROW = 4                   # the bars of lying employees in a row, clear of their count at the cell's right
LYING_STEP = 0.15
#: The side panel's lines of words and the score's wrap at this many letters: the panel is ~300 px wide at 12 px.
PANEL_LETTERS = 46


PANEL_BOX = (PANEL_X, 0.045, 7.35, 1.25)
MISSIONS_TOP = 1.5


def _mission_box(i: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the i-th region's mission area in the side panel."""
    bx0 = PANEL_X + (i % 2) * 1.52
    by0 = MISSIONS_TOP + (i // 2) * 0.86
    return bx0, by0, bx0 + 1.48, by0 + 0.78


def company_highlight(game, seat: int, keys: set[str]) -> dict:
    """The ``highlight`` trace: rings around highlighted cells, workstations, mission areas and the panel."""
    return highlight_trace([rect for _, rect in _rects(game, seat, keys)], radius=0.06, width=4)


def _rects(game, seat: int, keys: set[str]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(key, rectangle) of each cell, workstation, mission area or the panel that ``keys`` name, sorted."""
    C = game.components
    rects = []
    regions = list(C.regions)
    for key in sorted(keys):
        cell_name, _, index = key.partition("/")
        if key == "panel":
            x0, y0, x1, y1 = PANEL_BOX
            rects.append((key, (x0 - 0.03, y0 - 0.03, x1 + 0.03, y1 + 0.03)))
        elif key in C.regions:
            x0, y0, x1, y1 = _mission_box(regions.index(key))
            rects.append((key, (x0 - 0.03, y0 - 0.03, x1 + 0.03, y1 + 0.03)))
        elif cell_name in C.company.cells and not index:
            x0, y0, x1, y1 = _cell_box(C.company.cells[cell_name])
            rects.append((key, (x0 + 0.01, y0 + 0.01, x1 - 0.01, y1 - 0.01)))
        elif cell_name in C.company.cells and index.isdigit():
            dept = game.company_department(seat, cell_name)
            if dept is None or int(index) >= len(dept.workstations):
                continue
            x0, y0, x1, y1 = _cell_box(C.company.cells[cell_name])
            wx = x0 + (x1 - x0) * (int(index) + 0.5) / len(dept.workstations)
            wy = y1 - 0.17
            rects.append((key, (wx - 0.16, wy - 0.16, wx + 0.16, wy + 0.16)))
    return rects


def _cell_box(cell) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a company cell; row 4 on top (the y axis grows downwards)."""
    x0, y0 = cell.col - 1, 4 - cell.row
    return x0 + GAP, y0 + GAP, x0 + 1 - GAP, y0 + 1 - GAP


def _fold(line: str, width: int = PANEL_LETTERS, sep: str = " · ") -> list[str]:
    """A line of the side panel as lines of at most ``width`` letters (its markup not counted): its parts (split at
    ``sep``) together while they fit, a part longer than a line at its spaces (none inside a tag)."""
    def size(text: str) -> int:
        return len(re.sub(r"<[^>]*>", "", text))
    out: list[str] = []
    for part in line.split(sep):
        if out and size(out[-1] + sep + part) <= width:
            out[-1] += sep + part
            continue
        words = [m.group(0) for m in re.finditer(r"<(\w+)[^>]*>.*?</\1>|\S+", part)]   # a tag's words kept together
        out.append(words[0])
        for word in words[1:]:
            if size(out[-1] + " " + word) <= width:
                out[-1] += " " + word
            else:
                out.append(word)
    return out


def _department_hover(game, dept, cell, lang: str | None) -> str:
    """A department's hover text: its name and type, what it does, its workstations and missions."""
    _ = translator(lang).gettext
    prices = ", ".join(_("permanent") if p is None else f"${p}" for p in dept.workstations) or _("none")
    kind = _(DEPARTMENT_TYPE_NAMES.get(dept.type, dept.type))
    lines = [f"<b>{esc(_(dept.name))}</b> ({esc(kind)})",
             _("workstations: {prices}").format(prices=prices),
             _("missions: {missions}").format(missions=_(MISSIONS[dept.mission])),
             esc(render(game.rules.summary(dept), lang))]
    if not dept.starting:
        lines.append(_("{vp} VP at game end for this tile").format(vp=cell.vp) if cell.vp else
                     _("no VP for this cell"))
    return "<br>".join(lines)


@view
def company_figure(game, player: int, *, highlight=None, targets=None, lang: str | None = None):
    """The company of the player in seat ``player``.

    ``highlight``: keys to ring (a last trace named ``highlight``, present whenever the argument is given):
    company cells (``"b2"``), workstations (``"b2/1"``), mission areas by region (``"south"``) and the
    resources panel (``"panel"``). Other keys are ignored. ``targets``: what a click can choose, ``{key:
    what it does}`` (ringed too; a last trace named ``targets`` takes their clicks and says what each
    does). ``lang``: the language of the texts (None: English; ``cl.languages()``)."""
    C = game.components
    _ = translator(lang).gettext
    colour = owner_colour(player)
    tiles: dict[str, list] = {t: [] for t in DEPARTMENT_COLOURS}      # by department type
    bands: dict[str, list] = {t: [] for t in DEPARTMENT_COLOURS}
    empty, lobby = [], []
    names_x, names_y, names_t, names_c = [], [], [], []
    info_x, info_y, info_t = [], [], []
    ws_x, ws_y, ws_keys, ws_text = [], [], [], []
    st_x, st_y, st_keys, st_text = [], [], [], []
    ly_x, ly_y, ly_keys = [], [], []
    hover_x, hover_y, hover_keys, hover_t = [], [], [], []
    count_x, count_y, count_t = [], [], []
    for cell in C.company.cells.values():
        x0, y0, x1, y1 = _cell_box(cell)
        cx = (x0 + x1) / 2
        dept_id = game.department_at(player, cell.name)
        dept = game.company_department(player, cell.name)
        hover_x.append(cx)
        hover_y.append((y0 + y1) / 2)
        hover_keys.append(cell.name)
        if dept is None and dept_id is None:
            empty.append((x0, y0, x1, y1))
            names_x.append(cx)
            names_y.append(y0 + 0.2)
            names_t.append(_("empty · {vp} VP").format(vp=cell.vp) if cell.vp else _("empty"))
            names_c.append("#b0a898")
            hover_t.append(_("Empty space on {position}").format(position=render(position(C, cell.name), lang)) + (
                " " + _("(a tile built here scores {vp} VP)").format(vp=cell.vp) if cell.vp else ""))
        elif dept is None:                                   # the printed Lobby
            lobby.append((x0, y0, x1, y1))
            names_x.append(cx)
            names_y.append(y0 + 0.17)
            names_t.append("<b>" + _("Lobby").upper() + "</b>")
            names_c.append(INK)
            hover_t.append(_("<b>Lobby</b>: new employees arrive here"))
        else:
            tcolour = DEPARTMENT_COLOURS[dept.type]
            tiles[dept.type].append((x0, y0, x1, y1))
            bands[dept.type].append((x0, y0, x1, y0 + 0.3))
            names_x.append(cx)
            names_y.append(y0 + 0.15)
            names_t.append(f"<b>{wrapped(_(dept.name), 12)}</b>")
            names_c.append(text_on(tcolour))
            kind = _(DEPARTMENT_TYPE_NAMES.get(dept.type, dept.type))
            flags = []
            if dept.ongoing:
                flags.append(_("ongoing"))
            if dept.end_game:
                flags.append(_("end game"))
            if dept.mission != "never":
                flags.append(_("mission") if dept.mission == "always" else _("mission optional"))
            if not dept.starting and cell.vp:
                flags.append(_("{vp} VP").format(vp=cell.vp))
            info_x.append(cx)
            info_y.append(y0 + 0.41)
            info_t.append("<br>".join(esc(line) for line in (kind if kind != _(dept.name) else "", " · ".join(flags))
                                      if line))
            hover_t.append(_department_hover(game, dept, cell, lang))
            n = len(dept.workstations)
            occupied = set(game.workstations_taken(player, cell.name))
            for i, price in enumerate(dept.workstations):
                wx = x0 + (x1 - x0) * (i + 0.5) / n
                wy = y1 - 0.17
                ws_x.append(wx)
                ws_y.append(wy)
                ws_keys.append(f"{cell.name}/{i}")
                ws_text.append("P" if price is None else f"${price}")
                if i in occupied:
                    st_x.append(wx)
                    st_y.append(wy)
                    st_keys.append(f"{cell.name}/{i}")
                    st_text.append(ws_text[-1])
        lying = game.lying(player, cell.name)
        shown = min(lying, 2 * LYING_PER_ROW)
        for k in range(shown):
            row, col = divmod(k, LYING_PER_ROW)
            ly_x.append(x0 + 0.12 + col * LYING_STEP)
            ly_y.append(y0 + 0.6 + row * 0.13 - (0.08 if dept is None else 0))
            ly_keys.append(cell.name)
        if lying:
            count_x.append(x1 - 0.03)
            count_y.append(y0 + 0.6 - (0.08 if dept is None else 0))
            count_t.append(f"{lying}")
    traces = [fill_trace("empty-cells", empty, "#f3efe6", line="#d3ccbd", width=1.2, radius=0.05),
              fill_trace("lobby", lobby, "#e9e4d8", line="#8a8478", width=2, radius=0.05)]
    traces += [fill_trace(f"tiles-{t}", rects, tint(DEPARTMENT_COLOURS[t], 0.78), line="#7d7569", width=1,
                          radius=0.05) for t, rects in tiles.items()]
    traces += [fill_trace(f"bands-{t}", rects, DEPARTMENT_COLOURS[t], radius=0.05) for t, rects in bands.items()]
    traces.append(dict(text_trace("cell-names", names_x, names_y, names_t, size=11),
                       textfont=dict(size=11, color=names_c, family=FONT)))
    traces.append(text_trace("cell-info", info_x, info_y, info_t, size=9, colour="#5b5348"))
    traces.append(dict(type="scatter", name="workstations", mode="markers+text", x=ws_x, y=ws_y,
                       customdata=ws_keys, text=ws_text, hoverinfo="skip", showlegend=False,
                       textfont=dict(size=10, color=INK, family=FONT),
                       marker=dict(size=27, color="white", line=dict(width=1.5, color="#5b5348"))))
    traces.append(dict(type="scatter", name="standing", mode="markers+text", x=st_x, y=st_y, customdata=st_keys,
                       text=st_text, hoverinfo="skip", showlegend=False, meta=dict(owner=player),
                       textfont=dict(size=10, color=text_on(colour), family=FONT),
                       marker=dict(size=29, color=colour, line=dict(width=2, color=INK))))
    traces.append(dict(type="scatter", name="lying", mode="markers", x=ly_x, y=ly_y, customdata=ly_keys,
                       hoverinfo="skip", showlegend=False, meta=dict(owner=player),
                       marker=dict(symbol="line-ew", size=13, line=dict(width=7, color=colour))))
    traces.append(text_trace("lying-counts", count_x, count_y, [f"<b>×{t}</b>" for t in count_t], size=11,
                             position="middle left"))
    traces.append(dict(type="scatter", name="cells", mode="markers", x=hover_x, y=hover_y, customdata=hover_keys,
                       hovertext=hover_t, hoverinfo="text", showlegend=False,
                       marker=dict(size=90, symbol="square", color="rgba(0,0,0,0)", line=dict(width=0))))
    side, notes = _panel(game, player, lang)
    traces += side
    keys = ringed_keys(highlight, targets)
    if keys is not None:
        traces.append(company_highlight(game, player, keys))
    if targets is not None:
        spots = rect_spots(_rects(game, player, set(targets)), WIDTH / (X_RANGE[1] - X_RANGE[0]))
        traces.append(targets_trace(spots, targets))
    title = _("Round {round}: {player}'s company").format(round=game.round, player=esc(game.players[player]))
    layout = base_layout(title, WIDTH, HEIGHT,
                         annotations=notes,
                         xaxis=blank_axis(*X_RANGE),
                         yaxis=blank_axis(-0.03, 4.25, reverse=True, scaleanchor="x", scaleratio=1),
                         meta=dict(view="company", player=player))
    return traces, layout


def _panel(game, player: int, lang: str | None) -> tuple[list, list]:
    """Resources, the employees away on missions (by region), the reserved tile and the score so far."""
    C = game.components
    tr = translator(lang)
    _ = tr.gettext
    colours = region_colours(C)
    colour = owner_colour(player)
    x0 = PANEL_X
    active = game.active_employees(player)
    big = "<span style='font-size:22px'><b>{}</b></span>"
    # the VP earned during play are a line of the score below: beside the money they read as the score
    built, donations, reserve = len(game.built_tiles(player)), game.donations_made(player), game.reserved_tile(player)
    lines = [f"{big.format('$' + str(game.money(player)))}    "
             + _("{goods} goods").format(goods=big.format(game.goods(player))),
             tr.ngettext("{n} active employee", "{n} active employees", active).format(n=active) + " · "
             + _("{supply} in supply · {discs} discs left").format(supply=game.supply(player),
                                                                   discs=game.discs(player)),
             tr.ngettext("{n} department tile built", "{n} department tiles built", built).format(n=built) + " · "
             + tr.ngettext("{n} donation", "{n} donations", donations).format(n=donations)]
    if reserve:
        lines.append(_("reserved tile: <b>{name}</b> (built first)").format(name=esc(_(C.departments[reserve].name))))
    if game.holds_action_choice(player):
        lines.append(_("holds the Action Choice tile"))
    traces = [fill_trace("panel", [PANEL_BOX], tint(colour, 0.85), line=colour, width=2, radius=0.06)]
    folded = lines[:1] + [part for line in lines[1:] for part in _fold(line)]
    traces.append(text_trace("panel-text", [x0 + 0.14], [(PANEL_BOX[1] + PANEL_BOX[3]) / 2], ["<br>".join(folded)],
                             size=12, position="middle right"))
    # Missions: one box per region, one marker per employee away.
    mx, my, mkeys, boxes = [], [], [], []
    labels_x, labels_y, labels_t = [], [], []
    top = MISSIONS_TOP
    for i, region in enumerate(C.regions):
        bx0, by0 = _mission_box(i)[:2]
        boxes.append((region, _mission_box(i)))
        count = game.on_mission(player, region)
        labels_x.append(bx0 + 0.08)
        labels_y.append(by0 + 0.17)
        labels_t.append(f"<b>{esc(_(C.regions[region].name))}</b>" + (f"  ×{count}" if count else ""))
        for k in range(count):
            row, col = divmod(k, 7)
            mx.append(bx0 + 0.17 + col * 0.19)
            my.append(by0 + 0.5 + row * 0.2)
            mkeys.append(region)
    traces += [fill_trace(f"mission-{r}", [rect], tint(colours[r], 0.6), line=colours[r], width=1.5,
                          radius=0.06) for r, rect in boxes]
    traces.append(text_trace("mission-labels", labels_x, labels_y, labels_t, size=12, position="middle right"))
    traces.append(dict(type="scatter", name="missions", mode="markers", x=mx, y=my, customdata=mkeys,
                       hoverinfo="skip", showlegend=False, meta=dict(owner=player),
                       marker=dict(size=17, color=colour, line=dict(width=1.5, color=INK))))
    score = game.seat_score(player)
    parts = [_("{vp} VP from {category}").format(vp=v, category=_(SCORE_NAMES[k]))
             for k, v in score.as_dict().items() if v and k != "total"]
    notes = [
        dict(x=x0, y=top - 0.05, xref="x", yref="y", xanchor="left", yanchor="bottom", showarrow=False,
             text="<b>" + _("Missions") + f"</b> <span style='color:{MUTED}'>" + _("(home again with Take Income)")
                  + "</span>",
             font=dict(size=12)),
        dict(x=x0, y=top + 1.75, xref="x", yref="y", xanchor="left", yanchor="top", showarrow=False, align="left",
             text=_("<b>Score if the game ended now: {total} VP</b>").format(total=score.total) + "".join(
                 f"<br><span style='color:#5b5348'>{esc(line)}</span>" for line in _fold(", ".join(parts), sep=", ")),
             font=dict(size=12)),
        dict(x=0, y=4.06, xref="x", yref="y", xanchor="left", yanchor="top", showarrow=False,
             font=dict(size=11, color=MUTED),
             text=_("filled circle: a standing (active) employee on a workstation · bar: a lying employee · "
                    "$n: activation price · P: permanent")),
    ]
    return traces, notes

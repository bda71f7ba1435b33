"""The four regional transport tracks and every player's four project tabs.

One pair of plain axes in "board units": the tracks on top (one row per region), the tabs below (one row per
player). Stable trace names: ``track-boxes-<region>``, ``track-discs-<owner>`` (customdata = region ids,
meta["spaces"] = space indices), ``track-final-rewards`` (meta["holders"]), ``tab-cells-hidden``,
``tab-cells-<type>``, ``tab-vp-scoring``, ``tab-discs-<seat>`` (customdata = "type/space"), ``tab-labels``.
Tracks, tabs and regions come from the game's rules and component data (``game.rules``); the static part of the
tracks is cached per Components object.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.components import PROJECT_TYPES
from ..core.i18n import translator
from ..core.words import reward_cell, reward_tiny
from .palette import FONT, GOLD, INK, MUTED, PROJECT_COLOURS, esc, owner_colour, owner_name, region_colours, tint
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

if TYPE_CHECKING:
    from ..core.components import Components

WIDTH = 1150

# Tracks: columns of spaces, rows of regions.
T_LABEL_W = 2.2
T_X0, T_STEP, T_W = 2.45, 2.5, 2.3               # first space's left edge, column step, box width
#: The height of one more line of a heading's text, in y units (at the dashboard's 800 px, the narrowest width drawn)
LINE = 0.36
T_Y0, T_ROW, T_H = 0.95, 1.05, 0.9               # first row centre, row step, box height
# Tabs: one row per player, one block of cells per project type.
B_X0, B_BLOCK, B_CELL, B_CW = 3.35, 4.2, 0.57, 0.52
B_ROW, B_H = 1.12, 0.86


def _note(text: str) -> str:
    """A heading's explanation, on a line of its own under it (a figure narrower than its natural width cuts no
    words: see ``LINE``), in the muted colour."""
    return f"<br><span style='color:{MUTED}; font-size:12px'>{text}</span>"


def _track_y(i: int) -> float:
    return T_Y0 + i * T_ROW


def _stacked(reward: str) -> str:
    """A reward's tiny words in a cell ~20 px wide: each part on a line of its own ('$1', '+1g')."""
    return esc(reward).replace("+", "<br>+")


@lru_cache(maxsize=8)
def _track_static(components: Components, final: int, lang: str | None = None) -> tuple[list, list]:
    """The parts of the tracks that never change (shared between figures: callers must not change them).
    ``final``: the index of the final box (``game.rules.final_space``); ``lang``: the texts' language."""
    C = components
    tr = translator(lang)
    _, ngettext = tr.gettext, tr.ngettext
    colours = region_colours(C)
    regions = list(C.tracks)
    boxes: list = []
    finals: list = []
    labels: list = []
    traces: list = []
    lx, ly, lt = [], [], []                       # level names
    ix, iy, it = [], [], []                       # income
    cx, cy, ct = [], [], []                       # entry cost
    for i, region in enumerate(regions):
        track, y = C.tracks[region], _track_y(i)
        colour = colours[region]
        for j, space in enumerate(track.spaces):
            x0 = T_X0 + j * T_STEP
            rect = (x0, y - T_H / 2, x0 + T_W, y + T_H / 2)
            (finals if j == final else boxes).append((region, rect))
            lx.append(x0 + T_W / 2)
            ly.append(y - T_H / 2 + 0.16)
            lt.append(_(space.level).upper() + (" · " + _("FINAL BOX") if j == final else ""))
            ix.append(x0 + 0.12)
            iy.append(y + 0.1)
            it.append(f"<b>{esc(reward_cell(space.income, lang=lang))}</b>")
            cx.append(x0 + T_W / 2)
            cy.append(y + T_H / 2 - 0.14)
            ct.append(_("start") if j == 0 else
                      ngettext("{cost} study pt", "{cost} study pts", space.cost).format(cost=space.cost))
        labels.append((region, y))
    for region in regions:
        colour = colours[region]
        traces.append(fill_trace(f"track-boxes-{region}", [r for g, r in boxes if g == region], tint(colour, 0.78),
                                 line=tint(colour, 0.2), width=1.2, radius=0.08))
    traces.append(fill_trace("track-finals", [r for _, r in finals], "#fff4d1", line=GOLD, width=2.6, radius=0.08))
    traces.append(text_trace("track-levels", lx, ly, lt, size=9, colour=MUTED))
    traces.append(text_trace("track-income", ix, iy, it, size=13, position="middle right"))
    traces.append(text_trace("track-costs", cx, cy, ct, size=9, colour=MUTED))
    label_rects = [(0.0, y - T_H / 2, T_LABEL_W, y + T_H / 2) for _, y in labels]
    for (region, y), rect in zip(labels, label_rects):
        traces.insert(0, fill_trace(f"track-label-{region}", [rect], colours[region], radius=0.08))
    traces.append(text_trace("track-names", [T_LABEL_W / 2] * len(labels), [y for _, y in labels],
                             [f"<b>{wrapped(_(C.regions[r].name).upper(), 9)}</b>" for r, _y in labels], size=13,
                             colour="white"))
    annotations = [dict(x=0, y=T_Y0 - T_H / 2 - 0.12, xref="x", yref="y", xanchor="left", yanchor="bottom",
                        showarrow=False, font=dict(size=14),
                        text="<b>" + _("Transport tracks") + "</b>" + _note(
                            _("income per employee back from a mission · study points to move up · the first disc in "
                              "the final box wins its reward")))]
    return traces, annotations


def _tracks_dynamic(game, lang: str | None) -> tuple[list, list]:
    C = game.components
    _ = translator(lang).gettext
    final = game.rules.final_space
    traces: list = []
    annotations: list = []
    by_space: dict[tuple[str, int], list] = {}
    for owner, tracks in game.track_discs():
        for region, j in tracks.items():
            by_space.setdefault((region, j), []).append(owner)
    positions: dict = {}
    for (region, j), group in by_space.items():
        for k, owner in enumerate(group):
            x = T_X0 + j * T_STEP + T_W - 0.22 - (len(group) - 1 - k) * 0.3
            positions[(owner, region)] = (x, _track_y(list(C.tracks).index(region)) + 0.1)
    for owner, tracks in game.track_discs():
        regions = list(tracks)
        colour = owner_colour(owner)
        traces.append(dict(
            type="scatter", name=f"track-discs-{owner}", mode="markers", showlegend=False,
            x=[positions[(owner, r)][0] for r in regions], y=[positions[(owner, r)][1] for r in regions],
            customdata=regions, meta=dict(owner=owner, label=owner_name(game, owner),
                                          spaces=[tracks[r] for r in regions]),
            hovertext=[_("{owner}: {level} (space {space} of {spaces}) in the {region}").format(
                owner=esc(owner_name(game, owner, lang)), level=_(C.tracks[r].spaces[tracks[r]].level),
                space=tracks[r] + 1, spaces=final + 1, region=esc(_(C.regions[r].name))) for r in regions],
            hoverinfo="text", marker=dict(size=17, color=colour, line=dict(width=1.5, color=INK))))
    rx, ry, rt = [], [], []
    for i, region in enumerate(C.tracks):
        holder = game.final_box_holder(region)
        who = (f"<span style='color:{owner_colour(holder)}'>●</span> <b>{esc(owner_name(game, holder, lang))}</b>"
               if holder is not None else f"<span style='color:{MUTED}'>" + _("not reached yet") + "</span>")
        rx.append(T_X0 + len(C.tracks[region].spaces) * T_STEP - 0.05)
        ry.append(_track_y(i))
        rt.append(_("first there: <b>{reward}</b>").format(
            reward=esc(reward_cell(C.tracks[region].final_reward, short=False, lang=lang))) + f"<br>{who}")
    traces.append(dict(text_trace("track-final-rewards", rx, ry, rt, size=12, position="middle right"),
                       customdata=list(C.tracks),
                       meta=dict(holders=[game.final_box_holder(r) for r in C.tracks])))
    return traces, annotations


def _tab_cells(game, tabs_y0: float, lang: str | None) -> tuple[list, list]:
    """Every player's four tabs: hidden spaces, revealed spaces, discs waiting on them, VP shown."""
    C = game.components
    _ = translator(lang).gettext
    vp_word = _("VP")
    hidden: list = []
    shown: dict[str, list] = {t: [] for t in PROJECT_TYPES}
    ringed: list = []
    tx, ty, tt, tc = [], [], [], []               # cell texts
    disc_traces, labels = [], []
    for pi, name in enumerate(game.players):
        y = tabs_y0 + pi * B_ROW
        dx, dy, dkeys = [], [], []
        income = game.project_income(pi)
        vp_total = 0
        for t_index, ptype in enumerate(PROJECT_TYPES):
            spaces = game.tab_spaces(pi, ptype)
            revealed, built = game.tab(pi, ptype)
            vp = game.tab_vp(pi, ptype)
            vp_total += vp
            projects_seen = 0
            last_vp = max((k for k in range(revealed) if spaces[k].kind == "vp"), default=None)
            for k, space in enumerate(spaces):
                x0 = B_X0 + t_index * B_BLOCK + k * B_CELL
                rect = (x0, y - B_H / 2, x0 + B_CW, y + B_H / 2)
                cx = x0 + B_CW / 2
                if k >= revealed:
                    hidden.append(rect)
                    tx.append(cx)
                    ty.append(y)
                    what = f"{space.vp}<br>{vp_word}" if space.kind == "vp" else \
                        _stacked(reward_tiny(space.income, lang)) if space.kind == "project" else ""
                    tt.append(f"{what}<br><span style='font-size:8px'>"
                              + _("{cost} sp").format(cost=space.cost) + "</span>")
                    tc.append("#aaa396")
                    continue
                shown[ptype].append(rect)
                if space.kind == "vp":
                    if k == last_vp:
                        ringed.append(rect)
                    tx.append(cx)
                    ty.append(y)
                    tt.append(f"<b>{space.vp}</b><br>{vp_word}")
                    tc.append(INK)
                    continue
                if space.kind == "project":
                    projects_seen += 1
                    tx.append(cx)
                    ty.append(y + B_H / 2 - 0.17)
                    tiny = esc(reward_tiny(space.income, lang))          # under its disc, in a cell ~20 px wide
                    tt.append(f"<span style='font-size:7px'>{tiny}</span>")
                    if projects_seen <= built:
                        tc.append(INK)                       # its disc is on the map: income shown
                    else:
                        tc.append(MUTED)
                        dx.append(cx)
                        dy.append(y - 0.1)
                        dkeys.append(f"{ptype}/{k}")
                else:
                    tx.append(cx)
                    ty.append(y)
                    tt.append("")
                    tc.append(MUTED)
        colour = owner_colour(pi)
        disc_traces.append(dict(type="scatter", name=f"tab-discs-{pi}", mode="markers", x=dx, y=dy,
                                customdata=dkeys, hoverinfo="skip", showlegend=False,
                                meta=dict(owner=pi, label=name),
                                marker=dict(size=15, color=colour, line=dict(width=1.3, color=INK))))
        labels.append((pi, y, income, vp_total))
    traces = [fill_trace("tab-cells-hidden", hidden, "#efebe2", line="#d6d0c4", width=1, radius=0.05)]
    traces += [fill_trace(f"tab-cells-{t}", shown[t], tint(PROJECT_COLOURS[t], 0.72), line=PROJECT_COLOURS[t],
                          width=1.2, radius=0.05) for t in PROJECT_TYPES]
    traces.append(fill_trace("tab-vp-scoring", ringed, "rgba(0,0,0,0)", line=GOLD, width=3, radius=0.05))
    traces.append(dict(text_trace("tab-texts", tx, ty, tt, size=10), textfont=dict(size=10, color=tc,
                                                                                     family=FONT)))
    traces += disc_traces
    lx, ly, lt = [], [], []
    for pi, y, income, vp in labels:
        colour = owner_colour(pi)
        traces.insert(0, fill_trace(f"tab-label-{pi}", [(0.0, y - B_H / 2, 3.1, y + B_H / 2)], tint(colour, 0.8),
                                    line=colour, width=1.5, radius=0.08))
        lx.append(0.12)
        ly.append(y)
        lt.append(f"<b>{esc(game.players[pi])}</b> <span style='color:{MUTED}'>"
                  + _("(side {side})").format(side=game.tab_side(pi)) + "</span><br>"
                  + _("income {income}").format(income=esc(reward_cell(income, lang=lang))) + "<br>"
                  + _("tabs: {vp} VP").format(vp=vp))          # the discs left: the company's panel says
    traces.append(text_trace("tab-labels", lx, ly, lt, size=10, position="middle right"))   # 3 lines in its box
    headers = [dict(x=B_X0 + i * B_BLOCK, y=tabs_y0 - B_H / 2 - 0.05, xref="x", yref="y", xanchor="left",
                    yanchor="bottom", showarrow=False,
                    text=f"<b style='color:{PROJECT_COLOURS[t]}'>{t}</b> {esc(_(C.tabs[t].name))}"
                         + _note(_("({goods} goods to build)").format(goods=C.tabs[t].goods_cost)),
                    font=dict(size=12)) for i, t in enumerate(PROJECT_TYPES)]
    headers.append(dict(x=0, y=tabs_y0 - B_H / 2 - 0.5 - LINE, xref="x", yref="y", xanchor="left", yanchor="bottom",
                        showarrow=False, font=dict(size=14),
                        text="<b>" + _("Project tabs") + "</b>" + _note(
                            _("revealed spaces in colour with the discs waiting to be built; the ringed VP space "
                              "scores"))
                        + _note(_("grey spaces are still hidden (sp: study points to reveal)"))))
    return traces, headers


@view
def tracks_figure(game, *, highlight=None, targets=None, lang: str | None = None):
    """Transport tracks (levels, income, costs, discs, final boxes) and each player's project tabs.

    ``highlight``: keys to ring (a last trace named ``highlight``, present whenever the argument is given):
    track spaces ``"track/<region>/<space>"`` (space 0 is the start, 4 the final box) or a whole track
    ``"track/<region>"``; tab spaces ``"tab/<seat>/<type>/<space>"`` (space 0 is the first, right-most one)
    or a whole tab ``"tab/<seat>/<type>"``. Other keys are ignored. ``targets``: what a click can choose,
    ``{key: what it does}`` (ringed too; a last trace named ``targets`` takes their clicks and says what
    each does). ``lang``: the language of the texts (None: English; ``cl.languages()``)."""
    C = game.components
    static, static_notes = _track_static(C, game.rules.final_space, lang)
    dynamic, notes = _tracks_dynamic(game, lang)
    tabs_y0 = _track_y(len(C.tracks) - 1) + T_H / 2 + 1.35 + 3 * LINE
    tab_traces, headers = _tab_cells(game, tabs_y0, lang)
    bottom = tabs_y0 + (len(game.players) - 1) * B_ROW + B_H / 2 + 0.1
    top = T_Y0 - T_H / 2 - 0.42 - LINE
    height = int(70 * (bottom - top)) + 60
    layout = base_layout(translator(lang).gettext("Round {round}: research").format(round=game.round), WIDTH, height,
                         annotations=static_notes + notes + headers,
                         xaxis=blank_axis(-0.05, 20.0), yaxis=blank_axis(top, bottom, reverse=True),
                         meta=dict(view="tracks"))
    data = [*static, *dynamic, *tab_traces]
    keys = ringed_keys(highlight, targets)
    if keys is not None:
        data.append(tracks_highlight(game, keys, tabs_y0))
    if targets is not None:
        data.append(targets_trace(rect_spots(_rects(game, set(targets), tabs_y0), WIDTH / 20.05), targets))
    return data, layout


def tracks_highlight(game, keys: set[str], tabs_y0: float) -> dict:
    """The ``highlight`` trace: rings around highlighted track spaces and project-tab spaces."""
    return highlight_trace([rect for _, rect in _rects(game, keys, tabs_y0)], radius=0.08, width=4)


def _rects(game, keys: set[str], tabs_y0: float) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(key, rectangle) of each track space, track, tab space or tab that ``keys`` name, sorted."""
    C = game.components
    regions = list(C.tracks)
    pad = 0.06
    rects = []
    for key in sorted(keys):
        parts = key.split("/")
        if parts[0] == "track" and len(parts) in (2, 3) and parts[1] in C.tracks:
            y = _track_y(regions.index(parts[1]))
            count = len(C.tracks[parts[1]].spaces)
            if len(parts) == 2:
                rects.append((key, (T_X0 - pad, y - T_H / 2 - pad, T_X0 + (count - 1) * T_STEP + T_W + pad,
                                    y + T_H / 2 + pad)))
            elif parts[2].isdigit() and int(parts[2]) < count:
                x0 = T_X0 + int(parts[2]) * T_STEP
                rects.append((key, (x0 - pad, y - T_H / 2 - pad, x0 + T_W + pad, y + T_H / 2 + pad)))
        elif (parts[0] == "tab" and len(parts) in (3, 4) and parts[1].isdigit()
              and int(parts[1]) < len(game.players) and parts[2] in PROJECT_TYPES):
            seat, ptype = int(parts[1]), parts[2]
            y = tabs_y0 + seat * B_ROW
            x_start = B_X0 + PROJECT_TYPES.index(ptype) * B_BLOCK
            count = len(game.tab_spaces(seat, ptype))
            if len(parts) == 3:
                rects.append((key, (x_start - pad, y - B_H / 2 - pad,
                                    x_start + (count - 1) * B_CELL + B_CW + pad, y + B_H / 2 + pad)))
            elif parts[3].isdigit() and int(parts[3]) < count:
                x0 = x_start + int(parts[3]) * B_CELL
                rects.append((key, (x0 - pad, y - B_H / 2 - pad, x0 + B_CW + pad, y + B_H / 2 + pad)))
    return rects

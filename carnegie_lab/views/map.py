"""The main board: the country, its four regions, routes, cities with their construction sites, and the discs.

Drawn on plain axes in board coordinates (x right, y down; the y axis is reversed). Traces have stable names
(``routes``, ``sites-empty``, ``discs-0`` .. ``discs-neutral``, ``cities``, ``network-edges``, ...) and the
site or city ids in ``customdata``, so tests and the dashboard can find and update them. Cities, routes, regions
and sites come from the game's component data (``game.components``); the parts drawn from the data alone are
cached per Components object.
"""
from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

import networkx as nx

from ..core.components import ANY_SITE
from ..core.i18n import translator
from ..core.state import site_key
from ..core.words import CITY_SIZES
from . import _shapes
from .palette import (
    ANY_SITE_COLOUR,
    FONT,
    GOLD,
    HIGHLIGHT,
    INK,
    NEUTRAL_COLOUR,
    PROJECT_COLOURS,
    city_target,
    esc,
    owner_colour,
    owner_name,
    owner_symbol,
    owners,
    project_names,
    region_colours,
    text_on,
    tint,
)
from .style import (
    HIGHLIGHT_TRACE,
    base_layout,
    blank_axis,
    fill_trace,
    key_annotation,
    ringed_keys,
    targets_trace,
    view,
)

if TYPE_CHECKING:
    from ..core.components import Components

X_RANGE = (60, 2700)            # room on the left for the "SAN FRANCISCO" label
Y_RANGE = (880, 2250)
WIDTH, HEIGHT = 1150, 680

# Offsets of each drawing slot from the city centre, in board units, by number of sites.
SLOT_OFFSETS = {
    1: {"center": (0, 0)},
    3: {"bottom-left": (-30, 17), "top": (0, -19), "bottom-right": (30, 17)},
    5: {"bottom-left": (-62, 18), "top-left": (-31, -19), "bottom-mid": (0, 18), "top-right": (31, -19),
        "bottom-right": (62, 18)},
}
PLATES = {"small": (24, 24), "medium": (54, 42), "major": (88, 44)}   # half width, half height
REGION_LABELS = {"west": (600, 1570), "midwest": (1180, 995), "south": (1470, 1935), "east": (2190, 1190)}
OUTSIDE = "#e3eaed"     # sea and neighbours
LAKE = "#b7d2e2"


@lru_cache(maxsize=8)
def site_positions(components: Components) -> Mapping[str, tuple[float, float]]:
    """'city/index' -> board position of that construction site (read-only: cached and shared)."""
    out = {}
    for city in components.cities.values():
        offsets = SLOT_OFFSETS[len(city.sites)]
        for site in city.sites:
            dx, dy = offsets[site.slot]
            out[site_key(city.id, site.index)] = (city.x + dx, city.y + dy)
    return MappingProxyType(out)


@lru_cache(maxsize=8)
def site_types(components: Components) -> Mapping[str, str]:
    """'city/index' -> the project type printed on that site ("H", ..., or "any")."""
    return MappingProxyType({site_key(c.id, s.index): s.type for c in components.cities.values() for s in c.sites})


@lru_cache(maxsize=8)
def level_names(components: Components) -> Mapping[int, str]:
    """Transport level value -> its name on the tracks (1 -> 'cart', ...)."""
    return MappingProxyType({space.level_value: space.level for track in components.tracks.values()
                             for space in track.spaces})


def _path(points) -> str:
    return "M" + "L".join(f"{x},{y}" for x, y in points) + "Z"


@lru_cache(maxsize=8)
def _static(components: Components, lang: str | None = None) -> tuple[list, list, list]:
    """The parts of the map that never change: shapes, the background traces and the city labels in a
    language. (Shared between figures: callers must not change them.)"""
    C = components
    _ = translator(lang).gettext
    colours = region_colours(C)
    x0, x1 = X_RANGE
    y0, y1 = Y_RANGE
    pad = 600
    frame = [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad), (x0 - pad, y1 + pad)]
    shapes = [dict(type="path", path=_path(pts), fillcolor=tint(colours.get(r, NEUTRAL_COLOUR), 0.62),
                   line=dict(width=0), layer="below") for r, pts in _shapes.REGIONS.items()]
    # Sea and neighbours: the frame with the country cut out (even-odd fill), then the coastline.
    shapes.append(dict(type="path", path=_path(frame) + _path(_shapes.OUTLINE), fillrule="evenodd",
                       fillcolor=OUTSIDE, line=dict(width=0), layer="below"))
    shapes.append(dict(type="path", path=_path(_shapes.OUTLINE), fillcolor="rgba(0,0,0,0)",
                       line=dict(color="#8c9ba5", width=1.5), layer="below"))
    shapes += [dict(type="path", path=_path(pts), fillcolor=LAKE, line=dict(color="#8fb4c9", width=1),
                    layer="below") for pts in _shapes.LAKES.values()]
    annotations = [dict(x=x, y=y, text=esc(_(C.regions[r].name).upper()), showarrow=False,
                        font=dict(size=20, color=colours[r], family=FONT), opacity=0.6)
                   for r, (x, y) in REGION_LABELS.items() if r in C.regions]

    ex, ey = [], []
    for a, b in C.routes:
        ca, cb = C.cities[a], C.cities[b]
        ex += [ca.x, cb.x, None]
        ey += [ca.y, cb.y, None]
    routes = dict(type="scatter", name="routes", x=ex, y=ey, mode="lines", hoverinfo="skip",
                  line=dict(color="#7a6a55", width=2.2), showlegend=False)

    cities = list(C.cities.values())
    plates = []
    for size in ("medium", "major"):
        w, h = PLATES[size]
        rects = [(c.x - w, c.y - h, c.x + w, c.y + h) for c in cities if c.size == size]
        plates.append(fill_trace(f"plates-{size}", rects, "#fffdf7", line=INK if size == "major" else "#5b5348",
                                 width=2.6 if size == "major" else 1.2, radius=16))
    names = dict(type="scatter", name="city-names", mode="text", hoverinfo="skip", showlegend=False,
                 x=[c.x for c in cities], y=[c.y + PLATES[c.size][1] + 20 for c in cities],
                 text=[f"<b>{esc(_(c.name).upper())}</b>" if c.size == "major" else esc(_(c.name)) for c in cities],
                 textfont=dict(size=[12 if c.size == "major" else 11 for c in cities], color=INK, family=FONT))
    scored = [c for c in cities if c.vp]
    badges = dict(type="scatter", name="city-vp", mode="markers+text", hoverinfo="skip", showlegend=False,
                  x=[c.x + PLATES[c.size][0] + 4 for c in scored], y=[c.y - PLATES[c.size][1] - 2 for c in scored],
                  text=[str(c.vp) for c in scored], customdata=[c.id for c in scored],
                  textfont=dict(size=10, color=INK, family=FONT),
                  marker=dict(symbol="hexagon", size=17, color=GOLD, line=dict(color="#8a6a10", width=1)))
    return shapes, annotations, [routes, *plates, names, badges]


def _hover(game, sites, city, lang: str | None) -> str:
    """A city's hover text in a language."""
    _ = translator(lang).gettext
    C = game.components
    names = project_names(C)
    lines = [f"<b>{esc(_(city.name))}</b> ({_(CITY_SIZES[city.size])}, {esc(_(C.regions[city.region].name))})",
             _("{vp} VP per disc at game end").format(vp=city.vp)]
    if city.connection_points:
        lines.append(translator(lang).ngettext("major city: {points} connection point",
                                               "major city: {points} connection points",
                                               city.connection_points).format(points=city.connection_points))
    if city.transport_income:
        lines.append(_("small town: transport income when built on"))
    for site in city.sites:
        held = sites.get(site_key(city.id, site.index))
        kind = _("any project") if site.type == ANY_SITE else esc(_(names[site.type]))
        if held is None:
            lines.append(_("• {kind}: free").format(kind=kind))
        else:
            who, ptype = held
            built = f" ({esc(_(names[ptype]))})" if ptype and site.type == ANY_SITE else ""
            lines.append(_("• {kind}: <b>{owner}</b>{built}").format(kind=kind, owner=esc(owner_name(game, who, lang)),
                                                                   built=built))
    return "<br>".join(lines)


@view
def map_figure(game, player: int | None = None, *, highlight=None, targets=None, lang: str | None = None):
    """The board with every site and disc; with ``player`` (a seat), that player's network and best connection.

    ``highlight``: keys to ring (a last trace named ``highlight``, present whenever the argument is given):
    construction sites ``"city/index"`` (e.g. ``"pittsburgh/0"``) and cities (``"pittsburgh"``). Other keys
    are ignored, so one set of changes can be passed to every view.

    ``targets``: what a click can choose, ``{key: what it does}`` (the same keys): they are ringed too, and
    a last trace named ``targets`` (present whenever the argument is given) takes their clicks, its hover
    saying what each does. ``lang``: the language of the texts (None: English; ``cl.languages()``)."""
    C = game.components
    _ = translator(lang).gettext
    shapes, annotations, static = _static(C, lang)
    positions = site_positions(C)
    sites = game.map_discs()

    free = [key for key in positions if key not in sites]
    site_type = site_types(C)
    empty = dict(type="scatter", name="sites-empty", mode="markers+text", hoverinfo="skip", showlegend=False,
                 x=[positions[k][0] for k in free], y=[positions[k][1] for k in free], customdata=free,
                 text=[("" if site_type[k] == ANY_SITE else site_type[k]) for k in free],
                 textfont=dict(size=9, family=FONT,
                               color=[PROJECT_COLOURS.get(site_type[k], ANY_SITE_COLOUR) for k in free]),
                 marker=dict(symbol="circle", size=16, color="white",
                             line=dict(width=2, color=[PROJECT_COLOURS.get(site_type[k], ANY_SITE_COLOUR)
                                                       for k in free])))
    disc_traces = []
    for owner in owners(game):
        held = [k for k, disc in sites.items() if disc.owner == owner]
        colour = owner_colour(owner)
        disc_traces.append(dict(
            type="scatter", name=f"discs-{owner}", mode="markers+text", showlegend=False, hoverinfo="skip",
            x=[positions[k][0] for k in held], y=[positions[k][1] for k in held], customdata=held,
            text=[sites[k].type or "" for k in held], textfont=dict(size=9, color=text_on(colour), family=FONT),
            marker=dict(symbol=owner_symbol(owner), size=17, color=colour, line=dict(width=1.3, color=INK)),
            meta=dict(owner=owner, label=owner_name(game, owner))))

    cities = list(C.cities.values())
    clicks = targets or {}          # a city to click: its hover says first what the click does
    chosen = {c.id: city_target(clicks, c.id) for c in cities}
    city_trace = dict(type="scatter", name="cities", mode="markers", showlegend=False,
                      x=[c.x for c in cities], y=[c.y for c in cities], customdata=[c.id for c in cities],
                      hovertext=[(_("<b>Click: {what}</b>").format(what=esc(clicks[key])) + "<br>"
                                  if (key := chosen[c.id]) else "") + _hover(game, sites, c, lang) for c in cities],
                      hoverinfo="text",
                      marker=dict(size=[{"small": 18, "medium": 40, "major": 64}[c.size] for c in cities],
                                  color="rgba(0,0,0,0)", line=dict(width=0)))

    network_traces, notes = _highlight(game, player, lang)
    names = project_names(C)
    title = _("Round {round}: the map").format(round=game.round) if player is None else \
        _("Round {round}: {player}'s network").format(round=game.round, player=esc(game.players[player]))
    layout = base_layout(
        title, WIDTH, HEIGHT, shapes=shapes,
        annotations=annotations + notes + [key_annotation(
            game, [(_(names[t]), PROJECT_COLOURS[t]) for t in PROJECT_COLOURS if t in names], lang=lang,
            x=1, y=1.0, xref="paper", yref="paper", xanchor="right", yanchor="bottom")],
        xaxis=blank_axis(*X_RANGE), yaxis=blank_axis(*Y_RANGE, reverse=True, scaleanchor="x", scaleratio=1),
        plot_bgcolor=OUTSIDE, meta=dict(view="map", player=player))
    edges, halo, connection = network_traces
    data = [static[0], edges, connection, halo, *static[1:], empty, *disc_traces, city_trace]
    keys = ringed_keys(highlight, targets)
    if keys is not None:
        data.append(map_highlight(C, keys))
    if targets is not None:
        data.append(targets_trace(_spots(C, targets), targets))
    return data, layout


def _spots(C: Components, keys) -> list[tuple[str, float, float, float]]:
    """(key, x, y, size in pixels) of the sites and cities named by ``keys``, sorted."""
    positions = site_positions(C)
    out = []
    for key in sorted(keys):
        if key in positions:
            out.append((key, *positions[key], float(RING_SIZES["site"])))
        elif key in C.cities:
            city = C.cities[key]
            out.append((key, city.x, city.y, float(RING_SIZES[city.size])))
    return out


RING_SIZES = {"site": 27, "small": 40, "medium": 62, "major": 84}     # ring diameters in pixels


def map_highlight(components: Components, keys: set[str]) -> dict:
    """The ``highlight`` trace: an open ring around each highlighted site and city (sorted, so stable).
    Rings are markers, sized in pixels, so they stay around the discs at any figure width."""
    spots = _spots(components, keys)
    ids, xs, ys, sizes = ([s[i] for s in spots] for i in range(4))
    return dict(type="scatter", name=HIGHLIGHT_TRACE, mode="markers", x=xs, y=ys, customdata=ids,
                hoverinfo="skip", showlegend=False, meta=dict(count=len(ids)),
                marker=dict(symbol="circle-open", size=sizes, color=HIGHLIGHT, line=dict(width=3.5, color=HIGHLIGHT)))


def _highlight(game, player, lang):
    """Traces for one player's network (edges, cities, best connection) and a note with the connection's VP.
    The traces are always present (empty without a player) so a figure keeps the same traces."""
    tr = translator(lang)
    _ = tr.gettext
    ex, ey, cx, cy, ids, bx, by = [], [], [], [], [], [], []
    notes = []
    colour = INK
    C = game.components
    if player is not None:
        colour = owner_colour(player)
        net = game.network(player)
        for a, b in sorted(tuple(sorted(e)) for e in net.edges()):
            ex += [C.cities[a].x, C.cities[b].x, None]
            ey += [C.cities[a].y, C.cities[b].y, None]
        ids = sorted(net.nodes())
        cx = [C.cities[c].x for c in ids]
        cy = [C.cities[c].y for c in ids]
        best = game.connection(player)
        groups = nx.number_connected_components(net)
        if best is not None:
            sub = game.network().subgraph(best.cities)
            for a, b in sorted(tuple(sorted(e)) for e in sub.edges()):
                bx += [C.cities[a].x, C.cities[b].x, None]
                by += [C.cities[a].y, C.cities[b].y, None]
            majors = " – ".join(_(C.cities[m].name) for m in best.majors)
            level = _(level_names(C).get(best.level, "level"))
            text = (_("<b>Best connection: {vp} VP</b>").format(vp=best.vp) + f"<br>{esc(majors)}<br>"
                    + _("{points} connection points × {level} (level {value})").format(
                        points=best.points, level=esc(level), value=best.level))
        else:
            text = _("<b>No connection yet</b><br>link two major cities with your discs to score")
        size = tr.ngettext("{n} city", "{n} cities", len(ids)).format(n=len(ids))
        parts = tr.ngettext("in {n} group", "in {n} groups", groups).format(n=groups)
        text = (f"<span style='color:{colour}'>●</span> <b>{esc(game.players[player])}</b>: {size} {parts}<br>"
                + text)
        notes.append(dict(x=0.01, y=0.02, xref="paper", yref="paper", xanchor="left", yanchor="bottom",
                          showarrow=False, align="left", text=text, bgcolor="rgba(255,253,247,0.92)",
                          bordercolor=colour, borderwidth=2, borderpad=6, font=dict(size=13)))
    edges = dict(type="scatter", name="network-edges", x=ex, y=ey, mode="lines", hoverinfo="skip",
                 showlegend=False, line=dict(color=colour, width=9), opacity=0.45, meta=dict(owner=player))
    halo = dict(type="scatter", name="network-cities", x=cx, y=cy, customdata=ids, mode="markers",
                hoverinfo="skip", showlegend=False, meta=dict(owner=player),
                marker=dict(size=[{"small": 30, "medium": 56, "major": 80}[C.cities[c].size] for c in ids],
                            color=colour, opacity=0.35, line=dict(width=0)))
    connection = dict(type="scatter", name="best-connection", x=bx, y=by, mode="lines", hoverinfo="skip",
                      showlegend=False, line=dict(color=GOLD, width=4, dash="dot"), meta=dict(owner=player))
    return (edges, halo, connection), notes


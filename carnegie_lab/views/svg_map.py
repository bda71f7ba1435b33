"""A small inline SVG picture of the board for Jupyter's rich display, in the spirit of python-chess's boards.

The plotly map (:mod:`.map`) is too heavy there: it needs plotly.js (3.5 MB to embed offline) and plain figures
do not display in every front end. This one is a plain string (about 10 KB) with no external references, drawn
from the same data: the region polygons of :mod:`._shapes` in board coordinates (x right, y down), the cities
and routes of the components and the discs of ``game.map_discs()``. Each city is a circle (major ones larger)
with its construction discs on a ring around it (a town's single disc covers it), free sites as small hollow
dots; hovering a city shows its name and who built where. Free of plotly, and cheap (the static part is cached
per Components object: the cities, routes and regions come from ``game.components``).
"""
from __future__ import annotations

import html
import math
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from ..core.components import ANY_SITE
from ..core.i18n import translator
from ..core.state import site_key
from ..core.words import CITY_SIZES
from . import _shapes
from .palette import (
    ANY_SITE_COLOUR,
    INK,
    NEUTRAL_COLOUR,
    PROJECT_COLOURS,
    owner_colour,
    owner_name,
    project_names,
    region_colours,
    region_names,
    tint,
)

if TYPE_CHECKING:
    from ..core.components import Components

PAD = 30                                         # board units around the coastline
CITY_RADIUS = {"small": 22, "medium": 32, "major": 44}
DISC_RADIUS = 24
FREE_RADIUS = 13
RING_GAP = 6                                     # between a city's circle and its ring of discs
# Where each drawing slot of the printed board sits on the ring, in degrees clockwise from "east" (y is down).
SLOT_ANGLES = {
    3: {"top": -90, "bottom-right": 30, "bottom-left": 150},
    5: {"top-right": -54, "bottom-right": 18, "bottom-mid": 90, "bottom-left": 162, "top-left": 234},
}
OUTSIDE = "#e3eaed"                              # sea and neighbours, as on the plotly map
LAKE = "#b7d2e2"
ROUTE = "#7a6a55"
CITY_FILL = "#fffdf7"
SVG_NS = "http://www.w3.org/2000/svg"


def _attr(text) -> str:
    return html.escape(str(text), quote=True)


def _points(points) -> str:
    return "M" + "L".join(f"{x} {y}" for x, y in points) + "Z"


@lru_cache(maxsize=None)
def view_box() -> tuple[int, int, int, int]:
    """x, y, width, height of the picture in board units: the coastline's bounding box and a margin."""
    xs = [x for x, _ in _shapes.OUTLINE]
    ys = [y for _, y in _shapes.OUTLINE]
    x0, y0 = min(xs) - PAD, min(ys) - PAD
    return x0, y0, max(xs) + PAD - x0, max(ys) + PAD - y0


@lru_cache(maxsize=8)
def site_points(components: Components) -> Mapping[str, tuple[int, int, int]]:
    """'city/index' -> (x, y, radius) of that site's dot on the mini-map, in whole board units (read-only)."""
    out = {}
    for city in components.cities.values():
        if len(city.sites) == 1:
            out[site_key(city.id, city.sites[0].index)] = (round(city.x), round(city.y), DISC_RADIUS)
            continue
        ring = CITY_RADIUS[city.size] + RING_GAP + DISC_RADIUS
        for site in city.sites:
            a = math.radians(SLOT_ANGLES[len(city.sites)][site.slot])
            out[site_key(city.id, site.index)] = (round(city.x + ring * math.cos(a)),
                                                  round(city.y + ring * math.sin(a)), DISC_RADIUS)
    return MappingProxyType(out)


@lru_cache(maxsize=8)
def _background(components: Components, lang: str | None = None) -> str:
    """Everything that never changes: regions (their names in a language), sea, coast, lakes and routes."""
    C = components
    _ = translator(lang).gettext
    colours, names = region_colours(C), region_names(C)
    x0, y0, w, h = view_box()
    frame = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]
    parts = [f'<path d="{_points(pts)}" fill="{tint(colours.get(r, NEUTRAL_COLOUR), 0.62)}">'
             f'<title>{_attr(_(names.get(r, r)))}</title></path>' for r, pts in _shapes.REGIONS.items()]
    parts.append(f'<path d="{_points(frame)}{_points(_shapes.OUTLINE)}" fill="{OUTSIDE}" fill-rule="evenodd"/>')
    parts.append(f'<path d="{_points(_shapes.OUTLINE)}" fill="none" stroke="#8c9ba5" stroke-width="6"/>')
    parts.append('<g fill="%s" stroke="#8fb4c9" stroke-width="4">%s</g>'
                 % (LAKE, "".join(f'<path d="{_points(pts)}"/>' for pts in _shapes.LAKES.values())))
    routes = "".join(f"M{round(C.cities[a].x)} {round(C.cities[a].y)}L{round(C.cities[b].x)} {round(C.cities[b].y)}"
                     for a, b in C.routes)
    parts.append(f'<path class="routes" d="{routes}" fill="none" stroke="{ROUTE}" stroke-width="9" '
                 f'stroke-linecap="round"/>')
    return "".join(parts)


@lru_cache(maxsize=8)
def _city_parts(components: Components, lang: str | None = None) -> tuple[tuple[str, str, str], ...]:
    """Per city: its id, the tooltip's first line (in a language), and its circle."""
    C = components
    _ = translator(lang).gettext
    out = []
    for city in C.cities.values():
        r = CITY_RADIUS[city.size]
        major = city.size == "major"
        head = (f"{_(city.name)} ({_(CITY_SIZES[city.size])}, {_(C.regions[city.region].name)}): "
                + _("{vp} VP per disc at game end").format(vp=city.vp))
        circle = (f'<circle class="city city-{city.size}" cx="{round(city.x)}" cy="{round(city.y)}" r="{r}" '
                  f'fill="{CITY_FILL}" stroke="{INK}" stroke-width="{8 if major else 4}"/>')
        out.append((city.id, head, circle))
    return tuple(out)


def map_svg(game, width: int = 420, lang: str | None = None) -> str:
    """The board as an inline ``<svg>`` string ``width`` pixels wide: regions, routes, cities and every disc
    in its owner's colour (neutral grey, Andrew black), with a tooltip per city (``lang``: its language,
    None for English). Read-only and cheap."""
    C = game.components
    _ = translator(lang).gettext
    kinds = project_names(C)
    sites = game.map_discs()
    points = site_points(C)
    x0, y0, w, h = view_box()
    height = round(width * h / w)
    names: dict = {}
    label = _("Carnegie map, round {round}").format(round=game.round)
    out = [f'<svg xmlns="{SVG_NS}" class="carnegie-map" viewBox="{x0} {y0} {w} {h}" width="{int(width)}" '
           f'height="{height}" role="img" aria-label="{label}" '
           f'style="display:block;width:100%;max-width:{int(width)}px;height:auto;background:{OUTSIDE};'
           f'border-radius:4px">', _background(C, lang)]
    for (city_id, head, circle), city in zip(_city_parts(C, lang), C.cities.values()):
        lines = [head]
        dots = []
        for site in city.sites:
            key = site_key(city_id, site.index)
            x, y, r = points[key]
            kind = _("any project") if site.type == ANY_SITE else _(kinds[site.type])
            held = sites.get(key)
            if held is None:
                lines.append(_("• {kind}: free").format(kind=kind))
                if len(city.sites) > 1:
                    colour = PROJECT_COLOURS.get(site.type, ANY_SITE_COLOUR)
                    dots.append(f'<circle class="site" cx="{x}" cy="{y}" r="{FREE_RADIUS}" fill="#fff" '
                                f'stroke="{colour}" stroke-width="5"/>')
                continue
            who, ptype = held
            if who not in names:
                names[who] = owner_name(game, who, lang)
            built = f" ({_(kinds[ptype])})" if ptype and site.type == ANY_SITE else ""
            lines.append(_("• {kind}: {owner}{built}").format(kind=kind, owner=names[who], built=built))
            dots.append(f'<circle class="disc" data-site="{key}" data-owner="{_attr(who)}" cx="{x}" cy="{y}" '
                        f'r="{r}" fill="{owner_colour(who)}" stroke="#fff" stroke-width="5"/>')
        out.append(f'<g data-city="{city_id}"><title>{html.escape(chr(10).join(lines), quote=False)}</title>'
                   f'{circle}{"".join(dots)}</g>')
    out.append("</svg>")
    return "".join(out)

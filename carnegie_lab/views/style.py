"""The figures' shared plumbing: layouts, traces, legends and the :class:`View` wrapper. The colours and
fonts they draw with are :mod:`.palette`'s (the one palette); the words of rewards, :mod:`carnegie_lab.core.words`.

Figures are built from plain dicts and wrapped with validation switched off (``VALIDATE``): plotly's
property validation costs ~6x the time of building the figure. The tests switch it on. A view function is
a :class:`View` (``@view``): called, it returns the ``go.Figure``; its ``spec`` returns the plain dicts.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Callable, Iterable, Mapping, Sequence

import plotly.graph_objects as go

from .palette import FONT, HIGHLIGHT, INK, PAPER, esc, owner_colour, owner_name, owners

VALIDATE = False                  # tests set this to True to check every property against plotly's schema


class View:
    """A view function (``@view`` on a function returning ``(data, layout)`` as plain dicts). Called,
    it returns the ``go.Figure``; ``spec(...)`` returns ``{"data": ..., "layout": ...}`` without
    plotly's figure constructor, which deep-copies every trace (the ``to_plotly_json()`` of the figure,
    as JSON): what the dashboard sends to its FigureWidgets. A spec may share lists and dicts with
    the views' caches: read it, never change it."""

    def __init__(self, build: Callable[..., tuple[list, dict]]):
        self.build = build
        functools.update_wrapper(self, build)

    def __call__(self, *args: Any, **kwargs: Any) -> go.Figure:
        data, layout = self.build(*args, **kwargs)
        return figure(data, layout)

    def spec(self, *args: Any, **kwargs: Any) -> dict:
        data, layout = self.build(*args, **kwargs)
        return {"data": data, "layout": layout}


def view(build: Callable[..., tuple[list, dict]]) -> View:
    return View(build)


def polygons(rects: Iterable[tuple[float, float, float, float]], radius: float = 0.0) -> tuple[list, list]:
    """x and y lists of closed (optionally rounded) rectangles separated by None, for one fill trace."""
    xs: list = []
    ys: list = []
    for x0, y0, x1, y1 in rects:
        r = min(radius, abs(x1 - x0) / 2, abs(y1 - y0) / 2)
        if r:
            k = 0.3 * r                       # corners cut twice: close enough to round at these sizes
            px = [x0 + r, x1 - r, x1 - k, x1, x1, x1 - k, x1 - r, x0 + r, x0 + k, x0, x0, x0 + k, x0 + r]
            py = [y0, y0, y0 + k, y0 + r, y1 - r, y1 - k, y1, y1, y1 - k, y1 - r, y0 + r, y0 + k, y0]
        else:
            px, py = [x0, x1, x1, x0, x0], [y0, y0, y1, y1, y0]
        xs += px + [None]
        ys += py + [None]
    return xs, ys


def fill_trace(name: str, rects, colour: str, line: str | None = None, width: float = 1.0, radius: float = 0.0,
               opacity: float = 1.0, **extra) -> dict:
    xs, ys = polygons(rects, radius)
    return dict(type="scatter", name=name, x=xs, y=ys, mode="lines", fill="toself", fillcolor=colour,
                line=dict(color=line or colour, width=width if line else 0), opacity=opacity,
                hoverinfo="skip", showlegend=False, **extra)


def text_trace(name: str, xs, ys, texts, size: float = 12, colour: str = INK, position: str = "middle center",
               **extra) -> dict:
    return dict(type="scatter", name=name, x=list(xs), y=list(ys), text=list(texts), mode="text",
                textposition=position, textfont=dict(size=size, color=colour, family=FONT),
                hoverinfo="skip", showlegend=False, **extra)


def wrapped(text: str, width: int) -> str:
    """``text`` in lines of at most ``width`` letters (a longer word on a line of its own; a line may end after a
    hyphen: 'CENTRO-', 'OESTE'), escaped, joined by <br>."""
    lines: list[str] = []
    for word in re.findall(r"\S+?-(?=\S)|\S+", text):
        glue = "" if lines and lines[-1].endswith("-") else " "
        if lines and len(lines[-1] + glue + word) <= width:
            lines[-1] += glue + word
        else:
            lines.append(word)
    return "<br>".join(esc(x) for x in lines)


def base_layout(title: str, width: int, height: int, **extra) -> dict:
    layout = dict(
        title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=18, family=FONT,
                                                                                      color=INK)),
        width=width, height=height, paper_bgcolor=PAPER, plot_bgcolor=PAPER,
        font=dict(family=FONT, color=INK, size=12), showlegend=False,
        margin=dict(l=10, r=10, t=46, b=10), hovermode="closest",
        hoverlabel=dict(font=dict(family=FONT, size=12), align="left"),
        dragmode=False,
        template=dict(layout=dict()),         # no theme: everything is set here, and the JSON stays small
    )
    layout.update(extra)
    return layout


def blank_axis(lo: float, hi: float, reverse: bool = False, **extra) -> dict:
    return dict(range=[hi, lo] if reverse else [lo, hi], visible=False, fixedrange=True, showgrid=False,
                zeroline=False, **extra)


def figure(data: list, layout: dict) -> go.Figure:
    return go.Figure(data=data, layout=layout, _validate=VALIDATE)


#: A name longer than this is shortened (with an ellipsis) where a view has little room for it: the colour key.
SHORT_NAME = 16


def shortened(name: str, most: int = SHORT_NAME) -> str:
    """``name``, or its first characters and an ellipsis if it is longer than ``most``."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def key_annotation(game, extra: Iterable[tuple[str, str]] = (), players_only: bool = False,
                   lang: str | None = None, **where) -> dict:
    """A one-line colour key of a game's owners (and extra (label, colour) pairs), an annotation placed by
    ``where``: long owner names shortened, each whole in its hover."""
    shown = range(len(game.players)) if players_only else owners(game)
    names = [owner_name(game, o, lang) for o in shown]
    items = [(shortened(n), owner_colour(o)) for n, o in zip(names, shown)] + list(extra)
    return dict(text="   ".join(f"<span style='color:{c}'>●</span> {esc(n)}" for n, c in items),
                hovertext="<br>".join(esc(n) for n in names), showarrow=False, font=dict(size=12), **where)


HIGHLIGHT_TRACE = "highlight"
TARGETS_TRACE = "targets"


def highlight_keys(highlight: Iterable[str] | None) -> set[str] | None:
    """A view's ``highlight=`` argument as a set of keys (None: no highlight trace at all)."""
    if highlight is None:
        return None
    if isinstance(highlight, str):
        raise TypeError("highlight takes a collection of keys, e.g. {'pittsburgh/0'}, not one string")
    return {str(k) for k in highlight}


def ringed_keys(highlight: Iterable[str] | None, targets: Mapping[str, str] | None) -> set[str] | None:
    """What a view rings: the ``highlight`` keys and the ``targets`` (a view's clickable things are
    ringed too); None when neither argument is given (no ``highlight`` trace then)."""
    keys = highlight_keys(highlight)
    if targets is not None:
        keys = (keys or set()) | set(targets)
    return keys


def targets_trace(spots: Sequence[tuple[str, float, float, float]], texts: Mapping[str, str]) -> dict:
    """The ``targets`` trace: a marker, invisible, over each thing a click can choose (``spots``: key, x,
    y and size in pixels), drawn last so it takes the clicks; its hover says what the click does
    (``texts[key]``) and its ``customdata`` are the keys."""
    spots = list(spots)
    return dict(type="scatter", name=TARGETS_TRACE, mode="markers", x=[s[1] for s in spots],
                y=[s[2] for s in spots], customdata=[s[0] for s in spots],
                hovertext=[esc(texts.get(s[0], s[0])) for s in spots], hoverinfo="text", showlegend=False,
                hoverlabel=dict(bgcolor="#fff6fa", bordercolor=HIGHLIGHT, font=dict(family=FONT, size=13)),
                marker=dict(symbol="square", size=[s[3] for s in spots], color="rgba(255,46,136,0.02)",
                            line=dict(width=0)),
                meta=dict(count=len(spots)))


def rect_spots(pairs: Sequence[tuple[str, tuple[float, float, float, float]]], px_per_unit: float,
               ) -> list[tuple[str, float, float, float]]:
    """``targets_trace`` spots at the centres of rectangles (key, (x0, y0, x1, y1)) in data units."""
    return [(key, (x0 + x1) / 2, (y0 + y1) / 2, max(14.0, min(70.0, min(x1 - x0, abs(y1 - y0)) * px_per_unit)))
            for key, (x0, y0, x1, y1) in pairs]


def highlight_trace(rects, radius: float = 0.0, width: float = 4.0) -> dict:
    """Rings (rectangle outlines with a faint fill) around what a view emphasises, drawn on top of it.
    Named ``highlight``; ``meta["count"]`` says how many things are ringed."""
    rects = list(rects)
    return fill_trace(HIGHLIGHT_TRACE, rects, "rgba(255,46,136,0.10)", line=HIGHLIGHT, width=width, radius=radius,
                      meta=dict(count=len(rects)))

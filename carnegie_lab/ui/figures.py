"""A plotly ``go.FigureWidget`` that shows one kind of view and is updated in place.

A plain ``go.Figure`` displayed in Voilà 0.5 throws ``r.setData is not a function`` in the page, so
figures are FigureWidgets (in a Voilà page of the app's server with plotly's bundle fetched by URL: ``bundle``;
inline elsewhere, ~5 MB over the websocket). A :class:`FigureSlot` makes its widget once and then only sends
the traces and layout keys that differ from what it sent last (:func:`sync`), in one ``batch_update``: the
browser redraws once, no flicker.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Iterable

from .bundle import figure_widget

if TYPE_CHECKING:
    import ipywidgets as W

#: The width figures are drawn at in the dashboard (their height keeps the view's proportions).
FIGURE_WIDTH = 800


def scaled(spec: dict, width: int | None) -> dict:
    """A figure's spec (``to_plotly_json()`` or a view's ``spec``) at ``width``, its height scaled to keep
    the view's proportions, and with no empty text (see ``_no_empty_text``). The spec given is not
    changed (a view's spec shares parts with its caches)."""
    layout = dict(spec["layout"])
    w, h = layout.get("width"), layout.get("height")
    if width is not None:
        if w and h:
            layout["height"] = round(h * width / w)
        layout["width"] = width
    return {"data": [_no_empty_text(t) for t in spec["data"]], "layout": layout}


def _no_empty_text(trace: dict) -> dict:
    """The trace with '' -> ' ' in its ``text`` array. plotly.js draws no text element for an empty
    text, and after a restyle that changes the number of points it then pairs some remaining texts with
    the wrong points (the map showed letters on the wrong sites); a blank keeps one element per point."""
    text = trace.get("text")
    if isinstance(text, (list, tuple)) and any(t == "" for t in text):
        return {**trace, "text": [" " if t == "" else t for t in text]}
    return trace


def _diff(old: dict, new: dict) -> dict:
    """The keys of ``new`` whose value differs from ``old``; keys gone from ``new`` map to None."""
    return {k: new.get(k) for k in set(old) | set(new) if old.get(k) != new.get(k)}


def _signature(data: list[dict]) -> list[tuple]:
    return [(t.get("type"), t.get("name")) for t in data]


def sync(widget, new: dict, old: dict | None) -> int:
    """Make ``widget`` (a FigureWidget last set to ``old``) show ``new`` (both ``to_plotly_json()``
    dicts); returns how many traces were sent (all of them when the traces are not the same ones). New
    traces come with every layout key of the old figure reset or replaced: plotly.js keeps a layout key
    the new layout does not mention (an old axis range would hide the new traces)."""
    if old is None or _signature(old["data"]) != _signature(new["data"]):
        with widget.batch_update():
            widget.data = []
            widget.layout.update(_diff(old["layout"] if old else {}, new["layout"]), overwrite=True)
        widget.add_traces(new["data"])
        return len(new["data"])
    sent = 0
    with widget.batch_update():
        for i, (a, b) in enumerate(zip(old["data"], new["data"])):
            if a != b:
                widget.data[i].update(_diff(a, b), overwrite=True)
                sent += 1
        changed = _diff(old["layout"], new["layout"])
        if changed:
            widget.layout.update(changed, overwrite=True)
    return sent


class FigureSlot:
    """One FigureWidget and what it last showed: a board tab's, a tutorial stepper's."""

    def __init__(self, width: int | None = FIGURE_WIDTH):
        self.width = width
        self.widget = None
        self.box: W.Box | None = None       # the container the board keeps it in
        self.view: str | None = None        # key of the view shown
        self._sent: dict | None = None
        self.seconds = 0.0                  # time of the last draw (building + sending)
        self.sent_traces = 0
        #: called with a key when a point of the ``targets`` trace is clicked in the page
        self.on_target: Callable[[str], None] | None = None

    def draw(self, view: str, spec: dict) -> None:
        """Show ``spec`` (a view's ``spec``: the figure of the view called ``view`` as plain dicts)."""
        start = time.perf_counter()
        new = scaled(spec, self.width)
        if self.widget is None:
            self.widget = figure_widget(new)
            self.sent_traces = len(new["data"])
        else:
            self.sent_traces = sync(self.widget, new, self._sent)
        self._sent = new
        self.view = view
        self._listen()
        self.seconds = time.perf_counter() - start

    def _listen(self) -> None:
        """Send the keys of clicked points to ``on_target`` (again after every draw: a draw that
        replaces the traces makes new trace objects). Every trace with keys listens, not only
        ``targets``: plotly gives a click to the point it shows the hover of, which may be another
        trace's point at the same place (a city's), with the same key."""
        if self.on_target is None or self.widget is None:
            return
        for trace in self.widget.data:
            if getattr(trace, "customdata", None) is not None:
                trace.on_click(self._clicked)

    def _clicked(self, trace, points, _state) -> None:
        keys = list(trace.customdata or ())
        for i in getattr(points, "point_inds", ()) or ():
            if 0 <= i < len(keys) and self.on_target is not None:
                self.on_target(str(keys[i]))
                return


def show_alone(slot: FigureSlot, slots: Iterable[FigureSlot], container: W.Box, css_class: str) -> None:
    """Show ``slot``'s drawn figure in ``container`` and hide the other ``slots``' figures there: a figure never
    leaves the page once in it (plotly's widget view keeps its listeners: app/board.py's ``BoardView``). The
    others are hidden first (the page gets the changes in order: a new figure never shows under the old one for a
    moment); a figure shown for the first time joins the container in a box of its own, of class ``css_class``."""
    import ipywidgets as W

    for other in slots:
        if other is not slot and other.box is not None:
            other.box.layout.display = "none"
    if slot.box is None:
        slot.box = W.Box([slot.widget])
        slot.box.add_class(css_class)
        container.children = [*container.children, slot.box]
    slot.box.layout.display = ""


__all__ = ["FIGURE_WIDTH", "FigureSlot", "scaled", "show_alone", "sync"]

"""The editor's board: the dashboard's views of the table (the map, the tracks and tabs, a seat's company, the
timeline), one shown at a time under a bar of toggle buttons. Each kind of figure has one FigureWidget, made
the first time it is shown and then updated in place (``ui.figures.FigureSlot``), hidden while another is
shown; the map and the tracks take clicks (their ``targets`` trace), sent as the clicked key to ``on_click``.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..core.i18n import translator
from ..ui.figures import FigureSlot, show_alone
from ..views.style import TARGETS_TRACE

#: The views, in the bar's order; the first two take clicks.
VIEWS = ("map", "tracks", "company", "timeline")
CLICKABLE = ("map", "tracks")
#: The size of a site's clickable point on the map (pixels: about the site's own).
SITE_PX = 9


def _views():
    from .. import views
    return views


def _sites_first(spec: dict) -> dict:
    """The map's spec where a click on a site is that site's: every site is a target, so their markers are made
    as small as the sites (the dashboard's rings, for a few targets, overlap a city's next sites, and plotly
    gives a click to the point it hovers, not always the nearest), and the cities take no hover or click (a
    city's big marker overlaps its sites). A copy: a view's spec shares parts with its caches."""
    def trace(t: dict) -> dict:
        if t.get("name") == "cities":
            return {**t, "hoverinfo": "skip"}
        if t.get("name") == TARGETS_TRACE:
            return {**t, "marker": {**t["marker"], "size": SITE_PX}}
        return t
    return {**spec, "data": [trace(t) for t in spec["data"]]}


class EditorBoard:
    """The bar and the figures (``box``). ``draw(table, owner, ptype, seat)`` redraws the view shown."""

    def __init__(self, on_click: Callable[[str], None], lang: str | None = None):
        _ = translator(lang).gettext
        self.lang, self.on_click = lang, on_click
        names = (_("Map"), _("Tracks & project tabs"), _("Company"), _("Timeline"))
        self.bar = W.ToggleButtons(options=list(zip(names, VIEWS)), value=VIEWS[0], style={"button_width": "auto"},
                                   description=_("View"))
        self.bar.add_class("cl-editor-views")
        self.slots: dict[str, FigureSlot] = {}
        self.figures = W.VBox(layout=W.Layout(min_height="300px"))
        self.box = W.VBox([self.bar, self.figures])
        self.box.add_class("cl-editor-board")
        self._last: tuple[Any, ...] | None = None
        self.bar.observe(lambda change: self.redraw(), names="value")

    @property
    def view(self) -> str:
        return self.bar.value

    def draw(self, table: Any, owner: Any, ptype: str, seat: int) -> None:
        """Draw the view shown of ``table`` (an EditTable), its clicks for ``owner``'s ``ptype`` projects,
        the company of ``seat``."""
        self._last = (table, owner, ptype, seat)
        views, kind, game = _views(), self.view, table.game
        extra: dict[str, Any] = {"lang": self.lang}
        if kind in CLICKABLE:
            extra["targets"] = table.targets(kind, owner, ptype)
        if kind == "map":
            spec = _sites_first(views.map_figure.spec(game, **extra))
        elif kind == "company":
            spec = views.company_figure.spec(game, seat, **extra)
        else:
            spec = getattr(views, f"{kind}_figure").spec(game, **extra)
        slot = self.slots.get(kind)
        if slot is None:
            slot = self.slots[kind] = FigureSlot()
            if kind in CLICKABLE:
                slot.on_target = self.on_click
        slot.draw(kind, spec)
        show_alone(slot, self.slots.values(), self.figures, f"cl-editor-figure-{kind}")

    def redraw(self) -> None:
        if self._last is not None:
            self.draw(*self._last)


__all__ = ["CLICKABLE", "EditorBoard", "VIEWS"]

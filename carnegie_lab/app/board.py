"""The board: tabs Map, Companies, Tracks & Timeline, Scores, Log, drawn with the package's views.

Each kind of figure (map, company, timeline, tracks, donations, scores, history) has one FigureWidget, made the
first time it is shown and kept in the page afterwards (hidden while another is shown): plotly sends a
~5 MB bundle per FigureWidget, so only the figures a player looks at are made, and each is then only
updated in place. A small selector under the tab bar picks the variant (whose network, whose company,
timeline, tracks or the donation chart, scores now or over the rounds). Only what is visible is redrawn
after an action, from the views' ``spec`` (plain dicts: no plotly figure is made).
"""
from __future__ import annotations

import html
from typing import Any, Mapping

import ipywidgets as W

from ..core.i18n import translator
from ..session.screen import KINDS, Target
from ..ui.figures import FigureSlot
from ..views.style import shortened
from .board_html import log_html, players_html, scores_html

TABS = ("Map", "Companies", "Tracks & Timeline", "Scores", "Log")


def _views():
    from .. import views
    return views


class BoardView:
    """Tabs (a ToggleButtons bar) over the figures, which never leave the page once made.

    Why never: plotly's widget view does not unregister its model listeners when it is removed, so a
    view taken out of the page (a Tab-panel swap, or moving the widget to another container) keeps
    receiving updates and throws "Error setting state" in the console. And one FigureWidget cannot
    switch between kinds of figure: plotly.js keeps the old axis types and layout keys (bars on the
    map's numeric axes give NaN). So the board hides the figures it does not show."""

    def __init__(self, game: Any, defer: bool = False, lang: str | None = None):
        self.game, self.lang = game, lang
        self.kinds: list[str] | None = None     # "you", "random bot"... per seat (set by the dashboard)
        #: what a click on the board can choose now (the screen's targets), and whether the figures take
        #: clicks: the page then sends a click (the click guard's ``Pick``) with the key it drew and the
        #: number of actions its drawing was made for (the figure's ``layout.meta``), never as a point's
        #: index in the kernel's figure
        self.targets: Mapping[str, Mapping[str, Target]] = {}
        self.clickable = False
        self._quiet = False
        #: True until ``start_drawing``: the figures wait (see ``Dashboard``: the page shows its
        #: controls before plotly's bundle has loaded)
        self.defer = defer
        self.slots: dict[str, FigureSlot] = {}
        self.error = W.HTML()
        self.tabs = W.ToggleButtons(options=self._tab_options(), value=TABS[0], style={"button_width": "auto"})
        self.tabs.add_class("cl-board-tabs")
        self.tabs.observe(lambda change: self._changed(), names="value")
        self.selectors = [self._selector(i) for i in range(4)]
        self.selector_box = W.HBox([self.selectors[0]])
        self.selector_box.add_class("cl-view-selectors")
        self.figure_box = W.VBox(layout=W.Layout(min_height="300px"))
        self.figure_box.add_class("cl-figure")
        self.score_table = W.HTML()
        self.score_table.add_class("cl-score-table")
        self.log = W.HTML()
        self.log.add_class("cl-log")
        self.players = W.HTML()
        self.players.add_class("cl-players-strip")
        self.page = W.VBox([self.players, self.selector_box, self.figure_box, self.score_table, self.log])
        self.page.add_class("cl-board-page")
        self.box = W.VBox([self.tabs, self.page, self.error])
        self.box.add_class("cl-board")
        self.set_game(game)
        self._show_parts()

    def _tab_options(self) -> list[tuple[str, str]]:
        _ = translator(self.lang).gettext
        return list(zip((_("Map"), _("Companies"), _("Tracks & Timeline"), _("Scores"), _("Log")), TABS))

    def set_lang(self, lang: str | None) -> None:
        """Show the board in another language (its tabs, selectors and figures; nothing else changes)."""
        self.lang = lang
        self._quiet = True
        try:
            self.tabs.options = self._tab_options()
        finally:
            self._quiet = False
        self.set_game(self.game, redraw=True)

    # -- selectors ------------------------------------------------------------------------------
    def _selector(self, tab: int) -> W.ToggleButtons:
        sel = W.ToggleButtons(style={"button_width": "auto"})
        sel.add_class("cl-view-selector")
        sel.add_class(f"cl-view-selector-{tab}")        # its tab's (a test waits for it after a tab is clicked)
        sel.observe(lambda change: self._changed(), names="value")
        return sel

    def _changed(self) -> None:
        if not self._quiet:
            self.defer = False        # a click on a tab draws, whatever the page told us
            self._show_parts()
            self.refresh()

    def _options(self, game) -> list[list[tuple[str, Any, str]]]:
        """Each selector's (label, value, hover): a long player name shortened in the label, whole in the hover."""
        _ = translator(self.lang).gettext
        network, seats = _("{player}'s network"), list(enumerate(game.players))
        return [
            [(_("Whole map"), -1, "")] + [(network.format(player=shortened(name)), i, network.format(player=name))
                                          for i, name in seats],
            [(shortened(name), i, name) for i, name in seats],
            [(_("Timeline"), "timeline", ""), (_("Tracks & project tabs"), "tracks", ""),
             (_("Donation chart"), "donations", "")],
            [(_("Score if the game ended now"), "scores", ""), (_("Over the rounds"), "history", "")],
        ]

    def set_game(self, game, seat: int | None = None, redraw: bool = False) -> None:
        """A new game (its players may differ): reset the selectors (and redraw if asked)."""
        self.game = game
        self._quiet = True
        try:
            for sel, options in zip(self.selectors, self._options(game)):
                keep = sel.value
                values = [v for _, v, _h in options]
                sel.options = [(label, v) for label, v, _h in options]
                sel.tooltips = [hover for _l, _v, hover in options]
                sel.value = keep if keep in values else values[0]
            if seat is not None:
                self.follow(seat)
        finally:
            self._quiet = False
        if redraw:
            self.refresh()

    def follow(self, seat: int) -> None:
        """Show this seat's company in the Companies tab (the human deciding now); no redraw."""
        sel = self.selectors[1]
        if seat in [v for _, v in sel.options] and sel.value != seat:
            quiet, self._quiet = self._quiet, True
            try:
                sel.value = seat
            finally:
                self._quiet = quiet

    def select(self, tab: str, value: Any = None) -> None:
        """Show a tab (and one of its variants): what a click on the tab bar does."""
        quiet, self._quiet = self._quiet, True
        try:
            self.tabs.value = tab
            if value is not None:
                self.selectors[TABS.index(tab)].value = value
        finally:
            self._quiet = quiet
        self._show_parts()
        self.refresh()

    # -- drawing --------------------------------------------------------------------------------
    @property
    def tab(self) -> str:
        return self.tabs.value

    def _show_parts(self) -> None:
        i = TABS.index(self.tab)
        if i < 4 and self.selector_box.children != (self.selectors[i],):
            self.selector_box.children = [self.selectors[i]]
        self.selector_box.layout.display = "none" if i >= 4 else ""
        self.figure_box.layout.display = "none" if i >= 4 else ""
        self.score_table.layout.display = "" if self.tab == "Scores" else "none"
        self.log.layout.display = "" if self.tab == "Log" else "none"

    def view_key(self) -> tuple[str, Any] | None:
        i = TABS.index(self.tab)
        if i >= 4:
            return None
        return self.tab, self.selectors[i].value

    @staticmethod
    def kind(tab: str, value: Any) -> str:
        """The kind of figure a tab and variant show (one FigureWidget per kind)."""
        return {"Map": "map", "Companies": "company"}.get(tab, value)

    def _build(self, kind: str, value: Any) -> dict:
        """The spec of the figure (``View.spec``: plain dicts, no plotly figure made)."""
        views, game = _views(), self.game
        extra: dict[str, Any] = {}
        if self.clickable and kind in KINDS:     # always a dict: the figure keeps its traces
            mine = kind != "company" or value == game.current_player     # only the decider's company
            extra["targets"] = {key: t.text for key, t in self.targets.get(kind, {}).items()} if mine else {}
        extra["lang"] = self.lang
        if kind == "map":
            spec = views.map_figure.spec(game, None if value == -1 else value, **extra)
        elif kind == "company":
            spec = views.company_figure.spec(game, value, **extra)
        else:
            spec = getattr(views, f"{kind}_figure").spec(game, **extra)
        if "targets" not in extra:
            return spec
        # what the page sends with a click (the click guard's pick); a copy: a view's spec shares parts with its caches
        return {**spec, "layout": {**spec["layout"], "meta": {"pick": kind, "actions": len(game.actions)}}}

    def refresh(self) -> None:
        """Redraw what the selected tab shows (the figure only when it is visible)."""
        self.players.value = players_html(self.game, self.kinds, self.lang)
        key = self.view_key()
        if key is None:
            self.log.value = log_html(self.game, lang=self.lang)
            return
        tab, value = key
        _ = translator(self.lang).gettext
        if tab == "Scores":
            self.score_table.value = scores_html(self.game, lang=self.lang)
        if self.defer:
            if not self.figure_box.children:
                placeholder = W.HTML("<div class='cl-drawing'>" + _("Drawing the board…") + "</div>")
                self.figure_box.children = [placeholder]
            return
        kind = self.kind(tab, value)
        try:
            spec = self._build(kind, value)
        except Exception as e:  # a view failing must not take the dashboard down
            self.error.value = ("<p class='cl-error'>" + html.escape(_("The {tab} view could not be drawn: {problem}")
                                .format(tab=tab, problem=f"{type(e).__name__}: {e}")) + "</p>")
            return
        self.error.value = ""
        slot = self.slots.get(kind)
        if slot is None:
            slot = self.slots[kind] = FigureSlot()
        slot.draw(f"{tab}/{value}", spec)
        # the others hidden first (the page gets these changes in order): a new figure never shows beside the old
        # one for a moment, under it, and jumps up when the old one goes
        for other in self.slots.values():
            if other is not slot and other.box is not None:
                other.box.layout.display = "none"
        if slot.box is None:
            slot.box = W.Box([slot.widget])
            slot.box.add_class(f"cl-figure-{kind}")
            boxes = [b for b in self.figure_box.children if isinstance(b, W.Box)]
            self.figure_box.children = [*boxes, slot.box]
        slot.box.layout.display = ""

    def start_drawing(self) -> None:
        """Draw the figures from now on (the first time: make the visible one)."""
        if self.defer:
            self.defer = False
            self.refresh()

    @property
    def slot(self) -> FigureSlot | None:
        """The figure shown now (None on the Log tab)."""
        key = self.view_key()
        return None if key is None else self.slots.get(self.kind(*key))


__all__ = ["BoardView", "TABS"]

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
from ..core.words import SCORE_NAMES, round_of
from ..engine import AndrewView
from ..session.history import lines_by_round
from ..session.labels import type_name
from ..session.targets import KINDS, Target
from ..session.texts import shown
from ..ui.figures import FigureSlot
from ..views.style import shortened

TABS = ("Map", "Companies", "Tracks & Timeline", "Scores", "Log")
LOG_LINES = 400


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


def players_html(game, kinds: list[str] | None = None, lang: str | None = None) -> str:
    """One card per player: money, goods, the score if the game ended now; the deciding one framed."""
    from ..core.state import ANDREW
    from ..views.palette import ANDREW_COLOUR, PLAYER_COLOURS, owner_chip
    tr = translator(lang)
    _ = tr.gettext
    table = game.scores()
    cards = []
    hovers = {"money": _("money"), "goods": _("goods"), "working": _("working employees / on missions"),
              "score": _("score if the game ended now")}
    for i, name in enumerate(game.players):
        who = "" if kinds is None or not kinds[i] else \
            f" <span class='cl-note'>({html.escape(shown(kinds[i], lang))})</span>"
        now = " cl-now" if game.current_player == i else ""
        away = sum(game.on_mission(i, r) for r in game.components.regions)
        working = _("{working} working, {away} away").format(working=game.active_employees(i), away=away)
        cards.append(
            f"<div class='cl-player{now}' style='border-color:{PLAYER_COLOURS[i % 4]}'>"
            f"{owner_chip(i)}"
            f"<b>{html.escape(name)}</b>{who}<br>"
            f"<span title='{hovers['money']}'>${game.money(i)}</span> · <span title='{hovers['goods']}'>"
            + _("{n} goods").format(n=game.goods(i)) + "</span> · "
            f"<span title='{hovers['working']}'>{working}</span><br>"
            f"<span title='{hovers['score']}'>"
            + _("<b>{n} VP</b> now").format(n=table[name].total) + "</span></div>")
    andrew = game.andrew()
    if andrew is not None:
        name = game.andrew_name
        cards.append(f"<div class='cl-player cl-andrew' style='border-color:{ANDREW_COLOUR}'>"
                     f"{owner_chip(ANDREW)}"
                     f"<b>{html.escape(name)}</b> <span class='cl-note'>("
                     + _("level {n}").format(n=andrew.level) + ")</span> · "
                     + _("<b>{n} VP</b> now").format(n=table[name].total)
                     + f"<br>{andrew_deck_html(game, andrew, lang)}</div>")
    return f"<div class='cl-players-row'>{''.join(cards)}</div>"


def andrew_deck_html(game, andrew: AndrewView, lang: str | None = None) -> str:
    """Andrew's deck as the table shows it: this round's card (only its back, its action, until his
    turn), the action on the back of his next card, the cards left (and how many of them are
    advanced) and the cards on his VP cards."""
    tr = translator(lang)
    _ = tr.gettext
    cards = game.components.solo_cards
    advanced = "" if andrew.advanced_left is None else " " + _("({n} advanced)").format(n=andrew.advanced_left)
    if andrew.card:
        card = cards[andrew.card]
        action = html.escape(type_name(card.action, lang))
        now = ((_("this round's card: an advanced card, action <b>{action}</b>") if card.advanced else
                _("this round's card: action <b>{action}</b>")).format(action=action)
               + (_(" · it chooses the row") if andrew.chooses else "")
               + (tr.ngettext(" · it slid {n} step to the right", " · it slid {n} steps to the right",
                              andrew.slide).format(n=andrew.slide) if andrew.slide else ""))
    elif andrew.face_down:
        action = type_name(andrew.card_action, lang) if andrew.card_action else ""
        now = (_("this round's card face down, action {action}").format(action=html.escape(action)) if action else
               _("this round's card face down, an advanced card (its action is hidden)"))
        if andrew.advanced_left is not None:
            advanced = " " + _("({n} advanced among them and this round's)").format(n=andrew.advanced_left)
    else:
        now = _("no card this round yet")
    if andrew.next_action:
        now += "<br>" + _("next round: <b>{action}</b>").format(action=html.escape(type_name(andrew.next_action, lang)))
    elif andrew.next_advanced:
        now += "<br>" + _("next round: <b>an advanced card</b> (its action is hidden)")
    on_vp = ", ".join(_("{n} VP").format(n=vp) + f" ×{len(on)}" for vp, on in andrew.vp_cards if on) or _("none yet")
    left = tr.ngettext("{n} card left", "{n} cards left", andrew.cards_left).format(n=andrew.cards_left)
    return (f"<span class='cl-note'>{now}<br>{left}{advanced} · "
            + _("on his VP cards: {cards}").format(cards=on_vp) + "</span>")


def scores_html(game, caption: str | None = None, lang: str | None = None) -> str:
    """The score breakdown as a table (the final scores once the game is over; ``caption``: another
    title)."""
    _ = translator(lang).gettext
    table = game.scores()
    if not table:
        return ""
    names = list(table)
    fields = [k for k in next(iter(table.values())).as_dict() if k != "total"]
    used = [k for k in fields if any(getattr(table[n], k) for n in names)]
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = "".join(f"<tr><td>{html.escape(_(SCORE_NAMES[k]))}</td>"
                   + "".join(f"<td>{getattr(table[n], k)}</td>" for n in names) + "</tr>" for k in used)
    winners = set(game.winners()) if game.is_over else set()
    total = "".join(f"<td><b>{table[n].total}{' ★' if n in winners else ''}</b></td>" for n in names)
    caption = caption or (_("Final scores") if game.is_over else _("Score if the game ended now"))
    all_ = _("total")
    return (f"<table class='cl-scores'><caption>{caption}</caption><thead><tr><th></th>{head}</tr></thead>"
            f"<tbody>{rows}<tr class='cl-total'><td><b>{all_}</b></td>{total}</tr></tbody></table>")


def log_html(game, limit: int = LOG_LINES, lang: str | None = None) -> str:
    """The game log from its moves (``Game.moves``), newest first, under a heading per round, in the
    language (the rules write each line as a Message)."""
    tr = translator(lang)
    groups = lines_by_round(game)
    count = sum(len(lines) for _, lines in groups)
    total = game.rules.constants.rounds
    body, number, shown_lines = [], count, 0
    for round_, lines in reversed(groups):
        items = []
        for text in reversed(lines):
            if shown_lines == limit:
                break
            items.append(f"<li value='{number}'>{html.escape(shown(text, lang))}</li>")
            number, shown_lines = number - 1, shown_lines + 1
        if items:
            body.append(f"<div class='cl-round-head'>{round_of(round_, total, lang=lang)}</div>"
                        f"<ol reversed class='cl-log-lines'>{''.join(items)}</ol>")
    more = ("<p class='cl-note'>" + tr.gettext("(the {n} oldest lines are not shown)").format(n=count - limit)
            + "</p>" if count > limit else "")
    return ("<div class='cl-log-head'>"
            + tr.gettext("{n} lines, newest first").format(n=count)
            # its own scrolling box: a stop of the keyboard's Tab (its arrow keys scroll it), named for screen readers
            + "</div><div class='cl-log-body' tabindex='0' role='region' "
            + f"aria-label='{html.escape(tr.gettext('Log'))}'>"
            + f"{''.join(body)}</div>{more}")

__all__ = ["BoardView", "TABS", "andrew_deck_html", "log_html", "scores_html"]

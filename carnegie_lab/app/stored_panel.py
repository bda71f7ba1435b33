"""The New game tab's list of this browser's stored games, a page at a time, and how it says when a game
changed."""
from __future__ import annotations

import html
from datetime import datetime, timezone
from typing import Callable, Mapping, Sequence

import ipywidgets as W

from ..core.i18n import render, translator
from ..session.screen import NEWEST, ORDERS
from ..store import GameInfo
from .control_widgets import close_tree, shared


class StoredGames:
    """This browser's stored games, a page at a time, the most recently changed first (or as "Sort by"
    says): label,
    players (bots, Andrew and his level) and the result of a finished game, round, status, last change
    and its date, and Resume / Replay / Delete (Delete asks once more). The game on the page is marked,
    with Replay only; Newer / Older turn the pages."""

    def __init__(self, on_resume: Callable[[str], None], on_delete: Callable[[str], None],
                 on_replay: Callable[[str], None] | None = None, on_page: Callable[[int], None] | None = None,
                 on_sort: Callable[[str], None] | None = None, lang: str | None = None):
        self.on_resume, self.on_delete, self.on_replay = on_resume, on_delete, on_replay
        self.lang = lang
        _ = translator(lang).gettext
        self.rows = W.VBox()
        self.title = W.HTML("<div class='cl-group-title'>" + _("Your stored games") + "</div>",
                            layout=W.Layout(flex="1 1 auto"))
        #: the list's order (``session.games_list.ORDERS``): a change shows the first page in that order
        self.sort = W.Dropdown(options=[(render(label, lang), order) for order, label in ORDERS.items()], value=NEWEST,
                               description=_("Sort by"), layout=W.Layout(width="240px"),
                               style={"description_width": "auto"})
        self.sort.add_class("cl-stored-sort")
        if on_sort is not None and on_page is not None:
            self.sort.observe(lambda change: (on_sort(change["new"]), on_page(0)), names="value")
        self.message = W.HTML()
        self.message.add_class("cl-stored-message")
        self.newer = W.Button(description=_("Newer"), icon="chevron-left", layout=W.Layout(width="auto"))
        self.newer.add_class("cl-stored-newer")
        self.older = W.Button(description=_("Older"), icon="chevron-right", layout=W.Layout(width="auto"))
        self.older.add_class("cl-stored-older")
        self.pages = W.HTML()
        self.pages.add_class("cl-stored-pages")
        self.offset, self._size = 0, 0
        if on_page is not None:
            self.newer.on_click(lambda _b: on_page(max(0, self.offset - self._size)))
            self.older.on_click(lambda _b: on_page(self.offset + self._size))
        head = W.HBox([self.title, self.sort], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        self.box = W.VBox([head, self.rows, W.HBox([self.newer, self.pages, self.older]), self.message])
        self.box.add_class("cl-stored-games")
        self.box.layout.display = "none"
        self._armed: str | None = None          # the game whose Delete was clicked once
        self._shown: tuple[Sequence[GameInfo] | None, str | None, int, int] = (None, None, 0, 0)
        self._lines: Mapping[str, str] = {}
        self._button = shared(W.Layout(width="auto", flex="0 0 auto"))    # whole: never squeezed by the text

    def update(self, games: Sequence[GameInfo] | None, current: str | None, now: datetime | None = None,
               total: int | None = None, offset: int = 0, lines: Mapping[str, str] | None = None) -> None:
        """Show these games, a page of ``total`` from the ``offset``-th on (None: no store, hidden);
        ``lines``: by game id, who plays it and its result (``Controller.stored_line``; else the names)."""
        total = len(games or ()) if total is None else total
        self._shown = (games, current, total, offset)
        self._lines = lines or {}
        old, _ = self.rows.children, translator(self.lang).gettext
        if games is None:
            self.box.layout.display = "none"
            self.rows.children = []
        else:
            self.box.layout.display = ""
            now = now or datetime.now(timezone.utc)
            self.offset, self._size = offset, max(self._size, len(games))
            rows: list[W.Widget] = [self._row(info, info.id == current, now) for info in games]
            if not rows:
                rows = [W.HTML("<div class='cl-note'>" + _("No game of this browser is stored here: a game is kept "
                               "from its first move, and comes back when this page is reloaded.") + "</div>")]
            self.rows.children = rows
            self.newer.disabled = offset == 0
            self.older.disabled = offset + len(games) >= total
            self.pages.value = ("<span class='cl-note'>" + _("{first}-{last} of {total}").format(
                first=offset + 1, last=offset + len(games), total=total) + "</span>" if games else "")
        for w in old:
            close_tree(w)

    def _row(self, info: GameInfo, current: bool, now: datetime) -> W.Widget:
        tr = translator(self.lang)
        _ = tr.gettext
        status = {"setup": _("setup"), "playing": _("round {n}").format(n=info.round),
                  "over": _("game over")}.get(info.status, info.status)
        shared = _(" · shared (play from your seat link)") if info.seated else ""
        label = (info.app or {}).get("label")
        title = f"{html.escape(label)}: " if isinstance(label, str) and label else ""
        who = self._lines.get(info.id) or ", ".join(info.players)
        actions = tr.ngettext("{n} action", "{n} actions", info.actions).format(n=info.actions)
        changed = _("changed {ago} ({when})").format(ago=html.escape(ago(info.updated_at, now, self.lang)),
                                                    when=html.escape(when(info.updated_at)))
        text = (f"<div class='cl-stored-game'>{title}<b>{html.escape(who)}</b><br>"
                f"<span class='cl-note'>{html.escape(status)} · {actions} · {changed}{shared}</span></div>")
        line = W.HTML(text, layout=W.Layout(flex="1 1 240px", min_width="0"))
        replay: list[W.Widget] = []
        if self.on_replay is not None:
            b = W.Button(description=_("Replay"), icon="history", layout=self._button,
                         tooltip=_("scrub through this game, step by step (in the Replay tab)"))
            b.add_class("cl-replay-stored")
            b.add_class(f"cl-replay-{info.id}")
            b.on_click(lambda _b, gid=info.id, on=self.on_replay: on(gid))
            replay = [b]
        if current:
            line.value = text.replace("</b><br>", "</b> <span class='cl-note'>" + _("(this game)") + "</span><br>")
            row = W.HBox([line, *replay], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        else:
            resume = W.Button(description=_("Resume"), icon="play", layout=self._button,
                              tooltip=_("play (or watch) this game here"))
            resume.add_class("cl-resume")
            resume.add_class(f"cl-resume-{info.id}")
            resume.on_click(lambda _b, gid=info.id: self.on_resume(gid))
            delete = W.Button(description=_("Really delete?") if self._armed == info.id else _("Delete"),
                              icon="trash", layout=self._button,
                              button_style="danger" if self._armed == info.id else "",
                              tooltip=_("put this game in the store's trash (click twice)"))
            delete.add_class("cl-delete")
            delete.add_class(f"cl-delete-{info.id}")
            delete.on_click(lambda _b, gid=info.id: self._delete(gid))
            row = W.HBox([line, resume, *replay, delete], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        row.add_class("cl-stored-row")
        row.add_class(f"cl-stored-{info.id}")
        return row

    def _delete(self, gid: str) -> None:
        if self._armed != gid:
            self._armed = gid                   # the first click only asks again
            games, current, total, offset = self._shown
            self.update(games, current, total=total, offset=offset)
            return
        self._armed = None
        self.on_delete(gid)


def ago(when: str, now: datetime, lang: str | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', or the date, for an ISO 8601 time."""
    _ = translator(lang).gettext
    try:
        then = datetime.fromisoformat(when)
    except ValueError:
        return when
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{n} min ago").format(n=int(seconds // 60))
    if seconds < 86400:
        return _("{n} h ago").format(n=int(seconds // 3600))
    return then.strftime("%Y-%m-%d")


def when(iso: str) -> str:
    """An ISO 8601 time as '2026-12-02 03:04 UTC' (as given if it is not one)."""
    try:
        then = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if then.tzinfo is not None:
        then = then.astimezone(timezone.utc)
    return then.strftime("%Y-%m-%d %H:%M UTC")


__all__ = ["StoredGames", "ago", "when"]

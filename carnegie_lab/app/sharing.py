"""The store side of the app's page: the game its address names, this browser's stored games, seat links for
friends, and the clock's poll that brings in what other browsers played."""
from __future__ import annotations

import html
import os
import time
from typing import TYPE_CHECKING

from ..core.errors import CarnegieError
from ..core.i18n import translator
from ..session import GameGone
from ..session.texts import error_text
from ..store import GameStore, StoreError
from .page import LinkError, parse_lang, parse_query
from .turn import sentence

if TYPE_CHECKING:
    from .dashboard import Dashboard

#: The side tabs' indices (Dashboard.side)
PLAY, NEW_GAME, RECORDS, FRIENDS, REPLAY = range(5)


class Sharing:
    """What a dashboard does with its game store (one per dashboard)."""

    def __init__(self, dash: Dashboard):
        self.dash = dash

    def _(self, message: str) -> str:
        """A message in the dashboard's language."""
        return translator(self.dash.lang).gettext(message)

    def _error(self, e: Exception) -> str:
        return html.escape(sentence(error_text(e, self.dash.lang)))

    def open_link(self, query: str | None) -> str | None:
        """Open the stored game the page's address names; the reason (a sentence) if it cannot be."""
        try:
            game_id, token = parse_query(query)
            if game_id is not None:
                self.dash.controller.open_stored(game_id, token)
        except (LinkError, CarnegieError) as e:
            return self._bad_link(e)
        return None

    def _bad_link(self, e: Exception) -> str:
        return self._("This link does not open a game of this app ({problem}). Start a new game below, "
                      "or resume a stored one.").format(problem=sentence(error_text(e, self.dash.lang), end=False))

    def open_lang(self, query: str | None) -> str | None:
        """Show the page in the language its address asks for (``lang=``), if any; why not, if it cannot."""
        try:
            lang = parse_lang(query)
        except LinkError as e:
            return self._bad_link(e)
        if lang is not None:
            self.dash.set_lang(lang)
        return None

    def open_page(self, query: str | None) -> None:
        """Show the stored game a page's address names (``game=ID&seat=TOKEN``; nothing to do for
        an address without a game); an error and the New game tab if it names none."""
        self.dash.last_activity = time.monotonic()      # a preheated kernel may have waited long for its page
        problem = self.open_lang(query) or self.open_link(query)
        if problem is not None:
            self.dash.say(problem, error=True)
            self.dash.new_game_panel.message.value = f"<p class='cl-error'>{html.escape(problem)}</p>"
            self.dash.side.selected_index = NEW_GAME
            self.dash.after_change(run_bots=False)
        elif self.dash.controller.kept:
            self.shown()

    def resume(self, game_id: str) -> None:
        """Play (or watch, if it has seat links) a stored game (the New game tab's Resume)."""
        try:
            self.dash.controller.open_stored(game_id)
        except CarnegieError as e:
            text = html.escape(self._("Could not resume it: {problem}").format(problem=error_text(e, self.dash.lang)))
            self.dash.stored.message.value = f"<p class='cl-error'>{text}</p>"
            self.update_stored()
            return
        self.dash.stored.message.value = ""
        self.shown()

    def shown(self) -> None:
        self.dash.say("")
        self.dash.new_game_panel.fill(self.dash.controller.setup)
        self.dash.board.set_game(self.dash.game, seat=self.dash.seat_to_follow())
        self.dash.side.selected_index = PLAY
        self.dash.after_change(run_bots=True)

    def delete_game(self, game_id: str) -> None:
        """Put one of this browser's stored games in the trash (not the one on this page)."""
        try:
            self.dash.controller.delete_stored(game_id)
        except CarnegieError as e:
            self.dash.stored.message.value = f"<p class='cl-error'>{self._error(e)}</p>"
        else:
            self.dash.stored.message.value = "<p class='cl-ok'>" + html.escape(self._(
                "Deleted: the game is in the store's trash, where its keeper can restore it "
                "(carnegie-lab games restore).")) + "</p>"
        self.update_stored()

    def make_links(self) -> None:
        """The Friends tab's button: seat links (this browser then plays the first human seat)."""
        try:
            self.dash.controller.make_links()
        except (CarnegieError, StoreError) as e:
            self.dash.friends.message.value = f"<p class='cl-error'>{self._error(e)}</p>"
            self.dash.after_change(run_bots=False)     # the page's place as the store says it now
            return
        self.dash.friends.message.value = "<p class='cl-ok'>" + html.escape(self._(
            "Links made: send each player theirs. Anyone with the spectator link can watch.")) + "</p>"
        self.dash.after_change(run_bots=False)

    def owner_key(self, key: str) -> None:
        """The page gave its browser's owner key: its games, and maybe the game shown, are its own."""
        if self.dash.controller.use_owner_key(key):
            self.dash.board.set_game(self.dash.game, seat=self.dash.seat_to_follow())
            self.dash.after_change(run_bots=True)
        if self.dash.side.selected_index == NEW_GAME:
            self.update_stored()

    def idle(self) -> bool:
        """Stop the page's clock after Limits.idle_minutes without a click or a move: its kernel,
        idle then, is culled by the server (the page says how to come back; a click that changes the
        game starts the clock again)."""
        minutes = self.dash.controller.limits.idle_minutes
        if minutes is None or self.dash.bridge is None or time.monotonic() - self.dash.last_activity < 60 * minutes:
            return False
        self.dash.bridge.interval = 0
        self.dash.say(self._("This page was left alone for {minutes} minutes and stopped following the game: "
                             "reload it to go on (the game is kept).").format(minutes=f"{minutes:g}"), error=True)
        return True

    def poll(self) -> None:
        """Bring in what other browsers played (the page's clock calls this twice a second)."""
        ctl = self.dash.controller
        if self.idle() or not ctl.kept:
            return
        before = ctl.game
        try:
            changed = ctl.sync()
        except GameGone as e:
            self.dash.say(sentence(error_text(e, self.dash.lang)), error=True)
            self.dash.after_change(run_bots=False)
            return
        except StoreError as e:                # busy or gone: say so (once), and try again next time
            text = self._("The game store is not answering ({problem}); trying again.").format(problem=e)
            if html.escape(text) not in self.dash.status.value:
                self.dash.say(text, error=True)
            return
        if changed:
            self.dash.last_activity = time.monotonic()
            if ctl.game is not before:
                self.dash.board.set_game(ctl.game, seat=self.dash.seat_to_follow())
            self.dash.after_change(run_bots=True)

    def update_stored(self, offset: int | None = None) -> None:
        """The New game tab's list: a page of this browser's own games."""
        if self.dash.controller.store is None:
            self.dash.stored.update(None, None)
            return
        offset = self.dash.stored.offset if offset is None else offset
        try:
            games, total = self.dash.controller.my_games(max(0, offset))
        except StoreError as e:
            self.dash.stored.message.value = f"<p class='cl-error'>{html.escape(error_text(e, self.dash.lang))}</p>"
            games, total = [], 0
        ctl = self.dash.controller
        self.dash.stored.update(games, ctl.game_id, total=total, offset=max(0, offset),
                                lines={info.id: ctl.stored_line(info, self.dash.lang) for info in games})

    def update_friends(self) -> None:
        bridge = self.dash.bridge
        self.dash.friends.update(self.dash.controller, bridge.link if bridge is not None else lambda q: f"?{q}")


def open_store(store: GameStore | str | os.PathLike[str] | None,
                max_games: int | None) -> tuple[GameStore | None, str | None]:
    """The store (opened from a path, its folder made, with at most ``max_games``) and, if it cannot
    be used, why."""
    if store is None or isinstance(store, GameStore):
        return store, None
    path = os.fspath(store)
    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        return GameStore(path, max_games=max_games), None
    except (OSError, StoreError) as e:
        return None, f"Games are not kept: the game store cannot be opened ({e})."


__all__ = ["Sharing", "open_store"]

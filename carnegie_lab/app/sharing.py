"""The store side of the app's page: the game its address names, this browser's stored games, seat links for
friends, and the poll that brings in what other browsers played."""
from __future__ import annotations

import html
import os
import time

from ..core.errors import CarnegieError
from ..core.i18n import translator
from ..session import Controller, GameGone
from ..session.screen import error_text, sentence
from ..store import GameStore, StoreError
from .layout import NEW_GAME, PageCalls
from .page import POLL_MS, LinkError, PageBridge, parse_lang, parse_query, with_lang


def open_link(ctl: Controller, query: str | None, lang: str | None) -> str | None:
    """Open the stored game the page's address names; the reason (a sentence) if it cannot be."""
    try:
        game_id, token = parse_query(query)
        if game_id is not None:
            ctl.open_stored(game_id, token)
    except (LinkError, CarnegieError) as e:
        return bad_link(e, lang)
    return None


def bad_link(e: Exception, lang: str | None) -> str:
    """Why a page's address opens nothing, and what to do instead."""
    return translator(lang).gettext(
        "This link does not open a game of this app ({problem}). Start a new game below, or resume a stored "
        "one.").format(problem=sentence(error_text(e, lang), end=False))


class Sharing:
    """What a dashboard does with its game store (one per dashboard): its stored games, seat links and poll."""

    def __init__(self, ctl: Controller, page: PageCalls, bridge: PageBridge | None):
        """``bridge``: the page's address and clock (None without a store)."""
        self.ctl, self.page, self.bridge = ctl, page, bridge

    def _(self, message: str) -> str:
        """A message in the page's language."""
        return translator(self.page.panels().lang).gettext(message)

    def _error(self, e: Exception) -> str:
        return html.escape(sentence(error_text(e, self.page.panels().lang)))

    def open_page(self, query: str | None) -> None:
        """Show the stored game a page's address names (``game=ID&seat=TOKEN``, in the language of ``lang=``;
        nothing to do for an address without a game); an error and the New game tab if it names none."""
        problem = self._open_lang(query) or open_link(self.ctl, query, self.page.panels().lang)
        if problem is not None:
            self.refuse(problem)
            self.page.refresh(False)
        elif self.ctl.kept:
            self.page.play("")

    def _open_lang(self, query: str | None) -> str | None:
        """Show the page in the language its address asks for (``lang=``), if any; why not, if it cannot."""
        try:
            lang = parse_lang(query)
        except LinkError as e:
            return bad_link(e, self.page.panels().lang)
        if lang is not None:
            self.page.set_lang(lang)
        return None

    def refuse(self, problem: str) -> None:
        """Why the page shows no stored game (its address, its store), said in the status line and in the New
        game tab, shown."""
        panels = self.page.panels()
        self.page.say(problem, error=True)
        panels.new_game_panel.message.value = f"<p class='cl-error'>{html.escape(problem)}</p>"
        panels.side.selected_index = NEW_GAME

    def resume(self, game_id: str) -> None:
        """Play (or watch, if it has seat links) a stored game (the New game tab's Resume)."""
        stored = self.page.panels().stored
        try:
            self.ctl.open_stored(game_id)
        except CarnegieError as e:
            text = html.escape(self._("Could not resume it: {problem}").format(
                problem=error_text(e, self.page.panels().lang)))
            stored.message.value = f"<p class='cl-error'>{text}</p>"
            self.update_stored()
            return
        stored.message.value = ""
        self.page.play("")

    def delete_game(self, game_id: str) -> None:
        """Put one of this browser's stored games in the trash (not the one on this page)."""
        stored = self.page.panels().stored
        try:
            self.ctl.delete_stored(game_id)
        except CarnegieError as e:
            stored.message.value = f"<p class='cl-error'>{self._error(e)}</p>"
        else:
            stored.message.value = "<p class='cl-ok'>" + html.escape(self._(
                "Deleted: the game is in the store's trash, where its keeper can restore it "
                "(carnegie-lab games restore).")) + "</p>"
        self.update_stored()

    def make_links(self) -> None:
        """The Friends tab's button: seat links (this browser then plays the first human seat)."""
        friends = self.page.panels().friends
        try:
            self.ctl.make_links()
        except (CarnegieError, StoreError) as e:
            friends.message.value = f"<p class='cl-error'>{self._error(e)}</p>"
            self.page.refresh(False)             # the page's place as the store says it now
            return
        friends.message.value = "<p class='cl-ok'>" + html.escape(self._(
            "Links made: send each player theirs. Anyone with the spectator link can watch.")) + "</p>"
        self.page.refresh(False)

    def owner_key(self, key: str) -> None:
        """The page gave its browser's owner key: its games, and maybe the game shown, are its own."""
        if self.ctl.use_owner_key(key):
            self.page.follow()
            self.page.refresh(True)
        if self.page.panels().side.selected_index == NEW_GAME:
            self.update_stored()

    def idle(self, since: float) -> bool:
        """Stop the page's clock after Limits.idle_minutes without a click or a move (``since``: the last one):
        its kernel, idle then, is culled by the server (the page says how to come back; a click that changes
        the game starts the clock again)."""
        minutes = self.ctl.limits.idle_minutes
        if minutes is None or self.bridge is None or time.monotonic() - since < 60 * minutes:
            return False
        self.bridge.interval = 0
        self.page.say(self._("This page was left alone for {minutes} minutes and stopped following the game: "
                             "reload it to go on (the game is kept).").format(minutes=f"{minutes:g}"), error=True)
        return True

    def poll(self) -> bool:
        """Bring in what other browsers played into a stored game; whether it changed."""
        ctl = self.ctl
        if not ctl.kept:
            return False
        before = ctl.game
        try:
            changed = ctl.sync()
        except GameGone as e:
            self.page.say(sentence(error_text(e, self.page.panels().lang)), error=True)
            self.page.refresh(False)
            return False
        except StoreError as e:                # busy or gone: say so (once), and try again next time
            text = self._("The game store is not answering ({problem}); trying again.").format(problem=e)
            if text != ctl.status.text:
                self.page.say(text, error=True)
            return False
        if changed:
            if ctl.game is not before:
                self.page.follow()
            self.page.refresh(True)
        return changed

    def update_stored(self, offset: int | None = None) -> None:
        """The New game tab's list: a page of this browser's own games."""
        stored, lang = self.page.panels().stored, self.page.panels().lang
        if self.ctl.store is None:
            stored.update(None, None)
            return
        offset = stored.offset if offset is None else offset
        try:
            games, total = self.ctl.my_games(max(0, offset))
        except StoreError as e:
            stored.message.value = f"<p class='cl-error'>{html.escape(error_text(e, lang))}</p>"
            games, total = [], 0
        stored.update(games, self.ctl.game_id, total=total, offset=max(0, offset),
                      lines={info.id: self.ctl.stored_line(info, lang) for info in games})

    def show_address(self, lang: str | None) -> None:
        """The page's address names its game as it is now (in ``lang``), and its clock polls while it is kept."""
        if self.bridge is not None:
            self.bridge.query = with_lang(self.ctl.query(), lang)
            self.bridge.interval = POLL_MS if self.ctl.kept else 0

    def update_friends(self) -> None:
        bridge = self.bridge
        self.page.panels().friends.update(self.ctl, bridge.link if bridge is not None else lambda q: f"?{q}")


def open_store(store: GameStore | str | os.PathLike[str] | None,
                max_games: int | None, lang: str | None = None) -> tuple[GameStore | None, str | None]:
    """The store (opened from a path, its folder made, with at most ``max_games``) and, if it cannot
    be used, why (in ``lang``)."""
    if store is None or isinstance(store, GameStore):
        return store, None
    path = os.fspath(store)
    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        return GameStore(path, max_games=max_games), None
    except (OSError, StoreError) as e:
        _ = translator(lang).gettext
        return None, _("Games are not kept: the game store cannot be opened ({problem}).").format(
            problem=error_text(e, lang))


__all__ = ["Sharing", "bad_link", "open_link", "open_store"]

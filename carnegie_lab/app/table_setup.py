"""The New game tab's *Set up a table*: the position editor's widget (editor_ui) in the place of the board and the
side tabs (``Frame.instead``), on a fresh table of the form's players and options. *Continue from here* starts a
game from its table as *Start* starts one (``Commands.start_game``: the page's and the store's caps, then a new
stored game whose record starts from the table, seated as the form says, its bots playing at once); a refusal is
said beside the editor, and the page's game is kept. *Back to the game* shows the page again, nothing changed.
"""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ..core.errors import CarnegieError
from ..core.i18n import render, translator
from ..editor_ui.widget import EditorWidget, fresh_table
from ..session import SEAT_KINDS, Setup
from ..session.screen import error_text
from ..ui.guard import ErrorGuard
from .bot_bar import button
from .commands import Commands
from .layout import Frame


class TableSetup:
    """A dashboard's table set up by hand (see the module): ``open(setup)`` shows it (``box``) with its ``editor``
    and its two buttons: *Continue from here* (``go_on``) and *Back to the game* (``close``)."""

    def __init__(self, commands: Commands, frame: Callable[[], Frame]):
        self.commands, self.frame = commands, frame
        self.setup: Setup | None = None
        self.editor: EditorWidget | None = None
        self.box = W.VBox()
        self.box.add_class("cl-set-up-table")
        self.message = W.HTML()
        self.message.add_class("cl-set-up-message")
        self.buttons: list[W.Button] = []
        #: what the page's guard would say in the Play tab's status line (hidden here) is said beside the editor,
        #: shown again if it was left
        self.guard = ErrorGuard(self._say, lambda: self.frame().instead(self.box))

    def open(self, setup: Setup) -> None:
        """The editor on a fresh table of ``setup``'s players and options (round 1), in the page's place."""
        lang = self.commands.lang
        _ = translator(lang).gettext
        table = fresh_table([s.name.strip() for s in setup.seats], setup.seed, **setup.options())
        self.setup, self.editor = setup, EditorWidget(table, lang)
        go_on = button(_("Continue from here"), "", _("play this table as a new game, seated as the New game tab says"),
                       lambda: self.guard(self.go_on), "cl-set-up-continue", "primary")
        back = button(_("Back to the game"), "", _("leave this table: the page's game again, as it was"),
                      lambda: self.guard(self.close), "cl-set-up-back")
        seats = ", ".join(f"{s.name.strip()} ({render(SEAT_KINDS[s.kind], lang).lower()})" for s in setup.seats)
        self.buttons, self.message.value = [go_on, back], ""
        self.box.children = [
            W.HTML(f"<div class='cl-group-title'>{html.escape(_('Set up a table'))}</div><div class='cl-note'>"
                   + html.escape(_("Each click on the board or the panels below changes the table, keeping the "
                                   "rules' laws. Continue from here plays it as a new game: {seats}.").format(
                       seats=seats)) + "</div>"),
            W.HBox(self.buttons), self.message, self.editor]
        self.frame().instead(self.box)

    def go_on(self) -> None:
        """*Continue from here*: the table as the page's new (stored) game, or why not beside the editor."""
        assert self.setup is not None and self.editor is not None
        _ = translator(self.commands.lang).gettext
        try:
            table = self.editor.game()
        except CarnegieError as e:
            self._say(_("No new game: {problem}").format(problem=error_text(e, self.commands.lang)))
            return
        self.frame().instead(None)          # the page's board shown before it draws the new game
        problem = self.commands.start_game(self.setup, table)
        if problem is not None:
            self.frame().instead(self.box)
            self._say(_("No new game: {problem}. The page's game is kept.").format(problem=problem))

    def close(self) -> None:
        """*Back to the game*: the board and the side tabs again, the page's game as it was."""
        self.frame().instead(None)

    def _say(self, text: str) -> None:
        self.message.value = f"<p class='cl-error' role='alert'>{html.escape(text)}</p>"


__all__ = ["TableSetup"]

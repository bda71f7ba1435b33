"""An action as the app shows it to a player: its words (``Labels.action``, the controls' words), with
its notation on hover for the analysts (the ``title`` attribute)."""
from __future__ import annotations

import html

from ..core.actions import Action
from ..engine import Game
from ..session.screen import Labels


def words_html(words: str, notation: Action | str) -> str:
    """Words a player reads, the action's notation on hover."""
    return (f"<span class='cl-action' title='{html.escape(str(notation), quote=True)}'>"
            f"{html.escape(words)}</span>")


def action_html(game: Game, action: Action | str, lang: str | None = None) -> str:
    """An action of ``game``'s current decision (the game before it is played), in words (in a language)."""
    return words_html(Labels(game, lang).action(action), action)


__all__ = ["action_html", "words_html"]

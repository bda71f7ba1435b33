"""``cl.widgets.PositionEditor``: the position editor's widget (editor_ui) whose *Play from here* opens the app's
dashboard on the table.

    import carnegie_lab as cl
    cl.widgets.PositionEditor()                        # a fresh 2-player table in round 1
    cl.widgets.PositionEditor(game)                    # a copy of a game's table (the game stays as it is)
"""
from __future__ import annotations

from typing import Any

from ..editor_ui.widget import EditorWidget
from ..engine import Game
from ..session import Seat
from .dashboard import Dashboard


def dashboard_on(game: Game, seats: list[Seat], lang: str | None) -> Dashboard:
    """*Play from here*: the dashboard on the table, with these seats."""
    return Dashboard(game=game, seats=seats, lang=lang)


class PositionEditor(EditorWidget):
    """Set up a table by clicks, analyse it, play on from it in the dashboard (editor_ui/widget.py)."""

    def __init__(self, game: Game | None = None, lang: str | None = None, **kwargs: Any):
        super().__init__(game, lang, play=dashboard_on, **kwargs)


__all__ = ["PositionEditor", "dashboard_on"]

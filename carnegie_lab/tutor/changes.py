"""What a step changed, in words: a line per player whose resources changed (``Game.changes_from`` finds
the :class:`~carnegie_lab.engine.Changes`)."""
from __future__ import annotations

import html

from ..engine import Changes, Game
from .tutorial_html import owner_chip

#: How a change of each resource is said (``Changes.deltas``), in this order.
FORMATS = {"money": "{}${}", "goods": "{:+d} goods", "vp": "{:+d} VP", "discs": "{:+d} discs in supply",
           "supply": "{:+d} employees in supply", "donations": "{:+d} donations"}


def delta_text(game: Game, changes: Changes) -> list[str]:
    """One line per player whose resources changed: 'Ada: $+3, +1 goods'."""
    lines = []
    for seat in sorted(changes.deltas):
        delta = changes.deltas[seat]
        parts = [fmt.format("+" if delta[name] > 0 else "-", abs(delta[name])) if name == "money"
                 else fmt.format(delta[name]) for name, fmt in FORMATS.items() if name in delta]
        lines.append(f"{owner_chip(seat)}<b>{html.escape(game.players[seat])}</b>: {', '.join(parts)}")
    return lines


__all__ = ["delta_text"]

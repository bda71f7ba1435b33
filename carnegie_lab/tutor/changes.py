"""What a step changed, in words: a line per player whose resources changed (``Game.changes_from`` finds
the :class:`~carnegie_lab.engine.Changes`)."""
from __future__ import annotations

import html

from ..core.i18n import N_, translator
from ..engine import Changes, Game
from ..views.palette import owner_chip

#: How a change of each resource is said (``Changes.deltas``), in this order: the sign and the number's size.
FORMATS = {"money": N_("{sign}${n}"), "goods": N_("{sign}{n} goods"), "vp": N_("{sign}{n} VP"),
           "discs": N_("{sign}{n} discs in supply"), "supply": N_("{sign}{n} employees in supply"),
           "donations": N_("{sign}{n} donations")}


def delta_text(game: Game, changes: Changes, lang: str | None = None) -> list[str]:
    """One line per player whose resources changed: 'Ada: $+3, +1 goods' (``lang``: its language)."""
    _ = translator(lang).gettext
    lines = []
    for seat in sorted(changes.deltas):
        delta = changes.deltas[seat]
        parts = [_(fmt).format(sign="+" if delta[name] > 0 else "-", n=abs(delta[name]))
                 for name, fmt in FORMATS.items() if name in delta]
        lines.append(f"{owner_chip(seat)}<b>{html.escape(game.players[seat])}</b>: {', '.join(parts)}")
    return lines


__all__ = ["delta_text"]

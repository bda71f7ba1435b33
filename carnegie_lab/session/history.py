"""The moves of a game for display, read from the engine's history (``Game.moves``): the seats' own actions
(one per ``game.actions``), the log grouped by round, a round's title."""
from __future__ import annotations

from ..engine import Game, Move


def own_moves(game: Game) -> list[Move]:
    """The moves that are a seat's own action, one per ``game.actions`` (the engine's steps left out)."""
    return [m for m in game.moves if not m.automatic]


def lines_by_round(game: Game) -> list[tuple[int, list[str]]]:
    """The game's log lines grouped by the round they were written in (0: the setup), oldest first."""
    groups: list[tuple[int, list[str]]] = []
    for m in game.moves:
        if not m.lines:
            continue
        if not groups or groups[-1][0] != m.round:
            groups.append((m.round, []))
        groups[-1][1].extend(m.lines)
    return groups


__all__ = ["lines_by_round", "own_moves"]

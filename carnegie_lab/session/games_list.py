"""The orders of a browser's games list (the New game tab): the newest or the oldest first, by result
(games won first, then those lost, then those still played) or by opponent (their names, A to Z)."""
from __future__ import annotations

from typing import Callable, Sequence

from ..core.i18n import N_
from ..store import GameInfo
from .seats import ANDREW, handover_from, seats_from

NEWEST, OLDEST, RESULT, OPPONENT = "newest", "oldest", "result", "opponent"
#: each order and what the list's "Sort by" menu calls it
ORDERS = {NEWEST: N_("newest first"), OLDEST: N_("oldest first"), RESULT: N_("result (won first)"),
          OPPONENT: N_("opponent (A to Z)")}


def opponents(info: GameInfo) -> list[str]:
    """Who played against the game's first human seat (before any bot finished it): the other
    players, and Andrew Carnegie in a solo game."""
    players = list(info.players)
    handover = handover_from(info.app, players)
    seats = handover.seats if handover is not None else seats_from(info.app, players)
    me = next((s.name for s in seats if s.is_human), None)
    return [n for n in players if n != me] + ([ANDREW] if info.options.get("solo_level") else [])


def check_order(order: str) -> None:
    """ValueError unless the games list can be sorted in this order."""
    if order not in ORDERS:
        raise ValueError(f"the games list is sorted by {', '.join(ORDERS)}, not {order!r}")


def sort_games(games: Sequence[GameInfo], order: str,
               winners: Callable[[GameInfo], Sequence[str]]) -> list[GameInfo]:
    """The games in this order (ties: the newest first); ``winners``: who won a finished game."""
    check_order(order)
    newest = sorted(games, key=lambda i: (i.updated_at, i.id), reverse=True)
    if order == OLDEST:
        return newest[::-1]
    if order == OPPONENT:
        return sorted(newest, key=lambda i: [n.casefold() for n in opponents(i)])

    def outcome(info: GameInfo) -> int:
        if info.status != "over":
            return 2
        others = set(opponents(info))
        return 0 if any(n not in others for n in winners(info)) else 1
    return sorted(newest, key=outcome) if order == RESULT else newest


__all__ = ["NEWEST", "OLDEST", "OPPONENT", "ORDERS", "RESULT", "check_order", "opponents", "sort_games"]

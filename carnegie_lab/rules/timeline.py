"""The timeline: choosing a row, the row-end rule, and which event a space triggers."""
from __future__ import annotations

from ..components import TimelineSpace
from ..state import State
from .core import C

ROWS = C.timeline.rows
LAST = C.timeline.tiles_in_play + 1            # index of the End-tile space in a row
TILES = {t.number: t for t in C.timeline.tiles}


def space(state: State, row: int, k: int) -> TimelineSpace:
    """The event space k (1..5) of a row."""
    if k == LAST:
        return C.timeline.end_spaces[ROWS[row]]
    if C.timeline.orientation == "column":
        tile, side = state.board.timeline[k - 1]
        return TILES[tile].sides[side][row]
    tile, side = state.board.timeline[row]
    return TILES[tile].sides[side][k - 1]


def event_text(income: str | None, donation: bool) -> str:
    """An event in words: 'Take Income in the West', 'Make a Donation', or both joined by 'and'."""
    parts = [f"Take Income in the {C.regions[income].name}"] if income else []
    if donation:
        parts.append("Make a Donation")
    return " and ".join(parts)


def event_row(state: State, row: int) -> int | None:
    """The row whose next space triggers the event: the chosen one, or if its marker is on the
    last space, the first row below it (wrapping to the top) whose marker can still advance."""
    markers = state.board.markers
    for step in range(len(ROWS)):
        r = (row + step) % len(ROWS)
        if markers[r] < LAST:
            return r
    return None


def select(state: State, action_type: str) -> None:
    """Put the gear on the chosen row and set up this round's event."""
    f = state.flow
    row = ROWS.index(action_type)
    f.chosen = action_type
    f.event_row = event_row(state, row)
    event = space(state, f.event_row, state.board.markers[f.event_row] + 1)
    f.income, f.donation = event.income, event.donation

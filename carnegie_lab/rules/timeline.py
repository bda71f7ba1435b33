"""The timeline: choosing a row, the row-end rule, and which event a space triggers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.components import TimelineSpace
from ..core.i18n import N_, translator, wording
from ..core.state import State

if TYPE_CHECKING:
    from .ruleset import Ruleset

#: The action types (the timeline's rows) by name: what a player reads where the notation has a code.
TYPE_NAMES = {"HR": N_("Human Resources"), "MG": N_("Management"), "CO": N_("Construction"),
              "RD": N_("Research & Development")}


def space(state: State, row: int, k: int) -> TimelineSpace:
    """The event space k (1..5) of a row."""
    rs = state.rules
    timeline = rs.components.timeline
    if k == rs.timeline_end:
        return timeline.end_spaces[timeline.rows[row]]
    tiles = rs.timeline_tiles
    if timeline.orientation == "column":
        tile, side = state.board.timeline[k - 1]
        return tiles[tile].sides[side][row]
    tile, side = state.board.timeline[row]
    return tiles[tile].sides[side][k - 1]


def event_text(rs: Ruleset, income: str | None, donation: bool, lang: str | None = None) -> str:
    """An event in words: 'Take Income in the West', 'Make a Donation', or both joined by 'and'."""
    return event_words(lang, rs.components.regions[income].name if income else None, donation)


def income_region(state: State) -> str | None:
    """The name of the region of this round's Take Income event (None: the event pays no income)."""
    income = state.flow.income
    return state.rules.components.regions[income].name if income else None


@wording
def event_words(lang: str | None, region: str | None, donation: bool) -> str:
    """An event in words from the name of its income's region (None: no income) and its donation."""
    _ = translator(lang).gettext
    parts = [_("Take Income in the {region}").format(region=_(region))] if region else []
    if donation:
        parts.append(_("Make a Donation"))
    return _(" and ").join(parts)


def event_row(state: State, row: int) -> int | None:
    """The row whose next space triggers the event: the chosen one, or if its marker is on the
    last space, the first row below it (wrapping to the top) whose marker can still advance."""
    markers = state.board.markers
    rows = len(markers)
    for step in range(rows):
        r = (row + step) % rows
        if markers[r] < state.rules.timeline_end:
            return r
    return None


def select(state: State, action_type: str) -> None:
    """Put the gear on the chosen row and set up this round's event."""
    f = state.flow
    row = state.rules.components.timeline.rows.index(action_type)
    f.chosen = action_type
    f.event_row = event_row(state, row)
    assert f.event_row is not None, "select() follows a passed check"
    event = space(state, f.event_row, state.board.markers[f.event_row] + 1)
    f.income, f.donation = event.income, event.donation

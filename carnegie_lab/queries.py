"""More of ``Game``'s read-only queries: what the views draw (the flow of the round, the timeline, the map's
discs, the tracks and tabs, a seat's company and supplies), as plain values. ``Game`` inherits them."""
from __future__ import annotations

from .core.components import Department, Reward, TimelineSpace
from .core.state import Disc, Owner, State
from .rules import company, donations, research, timeline


class Queries:
    """Read-only queries on the game's live state (``_state``); none returns a mutable part of it."""

    _state: State

    # -- the round ---------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Where the game is: "house", "reserve", "setup" (its setup), "choose", "event", "turn", "over"."""
        return self._state.flow.phase.value

    @property
    def chosen_action(self) -> str | None:
        """The action type of the timeline row chosen this round (None before the choice)."""
        return self._state.flow.chosen

    @property
    def gear_row(self) -> int | None:
        """The timeline row whose marker advances at the end of this round (where the gear is), None
        before the choice."""
        return self._state.flow.event_row

    # -- the timeline ------------------------------------------------------------------------------
    def markers(self) -> tuple[int, ...]:
        """Where each timeline row's marker is (0: on the start tile, k: on event space k)."""
        return tuple(self._state.board.markers)

    def timeline_tiles(self) -> tuple[tuple[int, int], ...]:
        """The timeline tiles in play, in order: (tile number, side 0/1)."""
        return tuple((number, side) for number, side in self._state.board.timeline)

    def timeline_space(self, row: int, k: int) -> TimelineSpace:
        """The event space k (1..5) of a timeline row."""
        return timeline.space(self._state, row, k)

    # -- the map and the tracks --------------------------------------------------------------------
    def map_discs(self) -> dict[str, Disc]:
        """The construction discs on the map: site ("<city>/<index>") -> (owner, project type)."""
        return dict(self._state.board.sites)

    def track_discs(self) -> tuple[tuple[Owner, dict[str, int]], ...]:
        """Every owner's discs on the transport tracks, seats then Andrew: (owner, region -> space)."""
        return tuple((owner, dict(tracks)) for owner, tracks in research.track_owners(self._state))

    def final_box_holder(self, region: str) -> Owner | None:
        """The first owner (in seat order, then Andrew) whose disc is in the region's final box, or None."""
        return research.final_box_holder(self._state, region)

    def tab_side(self, seat: int) -> str:
        """The side ("A" or "B") of the project tabs the seat plays."""
        return self._state.players[seat].tab_side

    def tab_vp(self, seat: int, ptype: str) -> int:
        """The VP the seat's project tab of this type scores (the highest VP space shown)."""
        return research.tab_vp(self._state.rules, self._state.players[seat], ptype)

    def project_income(self, seat: int) -> Reward:
        """The income icons shown where the seat's discs have left its tabs (paid per income event)."""
        return research.project_income(self._state.rules, self._state.players[seat])

    # -- a seat's company and supplies -------------------------------------------------------------
    def company_department(self, seat: int, cell: str) -> Department | None:
        """The department working on the seat's cell, None for an empty cell or a Lobby."""
        return company.department(self._state.rules, self._state.players[seat], cell)

    def workstations_taken(self, seat: int, cell: str) -> tuple[int, ...]:
        """The workstations (indices) of the seat's cell with an employee standing on them, in order."""
        return tuple(self._state.players[seat].standing.get(cell, ()))

    def vp(self, seat: int) -> int:
        """The VP the seat has earned during play (not the score)."""
        return self._state.players[seat].vp

    def discs(self, seat: int) -> int:
        """The discs left in the seat's personal supply."""
        return self._state.players[seat].discs

    def supply(self, seat: int) -> int:
        """The seat's employees not yet in its company."""
        return self._state.players[seat].supply

    def donations_made(self, seat: int) -> int:
        """How many donations the seat has made."""
        return self._state.players[seat].donations

    def donation_refusal(self, seat: int) -> str | None:
        """Why the seat cannot make the donation its event offers now (its price, its discs); None if it
        can, or if no donation is offered."""
        return donations.payment_check(self._state, seat) if self._state.flow.donation_open else None

    def reserved_tile(self, seat: int) -> str | None:
        """The department tile (an id of ``components.departments``) the seat reserved at setup, until built."""
        return self._state.players[seat].reserve

    def holds_action_choice(self, seat: int) -> bool:
        """The seat holds an unused Action Choice tile."""
        return self._state.players[seat].action_choice

"""The board's queries: the timeline, the map's sites and networks, the transport tracks' discs, the donation
spaces and the tile pool."""
from __future__ import annotations

import networkx as nx

from ..core.components import TimelineSpace
from ..core.state import Disc, Owner, site_key
from ..rules import construction, research, timeline
from ..rules.network import Connection, best_connection, map_graph, network
from .reading import Reading


class BoardQueries(Reading):
    """What lies on the shared board, for every owner (a seat, "neutral" or "andrew")."""

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

    def event_row(self, row: int) -> int | None:
        """The row whose marker would advance if this row were chosen (the row-end rule)."""
        return timeline.event_row(self._state, row)

    def row_event(self, action_type: str) -> tuple[int, TimelineSpace] | None:
        """What choosing a timeline row brings now: (the row whose event it is, that event), or None
        when every marker is at its end."""
        row = timeline.event_row(self._state, self.components.timeline.rows.index(action_type))
        if row is None:
            return None
        return row, timeline.space(self._state, row, self._state.board.markers[row] + 1)

    # -- the map -----------------------------------------------------------------------------------
    def map_discs(self) -> dict[str, Disc]:
        """The construction discs on the map: site ("<city>/<index>") -> (owner, project type)."""
        return dict(self._state.board.sites)

    def sites_of(self, owner: Owner) -> list[str]:
        """The map sites ("<city>/<index>") holding a disc of the owner (a seat, "neutral" or "andrew")."""
        return [key for key, disc in self._state.board.sites.items() if disc.owner == owner]

    def free_sites(self, city: str) -> list[str]:
        """The city's construction sites with no disc on them, left-most first."""
        sites = self._state.board.sites
        return [key for key in (site_key(city, site.index) for site in self.components.cities[city].sites)
                if key not in sites]

    def build_site(self, seat: int, city: str, ptype: str) -> str | None:
        """The map site ("<city>/<index>") the seat's project of this type would go to in the city: the
        left-most free site that takes it (any free one with a department that allows it); None if none."""
        site = construction.build_site(self._state, seat, city, ptype)
        return None if site is None else site_key(city, site[0])

    def projects_in(self, owner: int | str, region: str) -> int:
        """Construction discs an owner (a seat, "neutral" or "andrew") has in a region."""
        return construction.projects_in(self._state, owner, region)

    def network(self, seat: int | None = None) -> nx.Graph:
        """The map as a networkx graph (cities and roads; read-only), or a seat's network: the map
        restricted to the cities where the seat has a disc."""
        return map_graph(self.components) if seat is None else network(self._state, seat)

    def connection(self, seat: int) -> Connection | None:
        """The seat's best linked group of two or more major cities and its VP from the connection table
        (departments such as Post Office add to the score on top), or None."""
        return best_connection(self._state, seat, self._state.players[seat].tracks)

    # -- the transport tracks ----------------------------------------------------------------------
    def track_discs(self) -> tuple[tuple[Owner, dict[str, int]], ...]:
        """Every owner's discs on the transport tracks, seats then Andrew: (owner, region -> space)."""
        return tuple((owner, dict(tracks)) for owner, tracks in research.track_owners(self._state))

    def final_box_holder(self, region: str) -> Owner | None:
        """The first owner (in seat order, then Andrew) whose disc is in the region's final box, or None."""
        return research.final_box_holder(self._state, region)

    # -- the donation spaces and the tile pool -----------------------------------------------------
    def free_donations(self) -> list[str]:
        """The donation spaces with no disc on them (ids of ``components.donations``)."""
        taken = self._state.board.donations
        return [d for d in self.components.donations if not taken.get(d)]

    def donors(self, space: str) -> tuple[Owner, ...]:
        """Who has a disc on a donation space (seats, "neutral"), in the order they came."""
        return tuple(self._state.board.donations.get(space, ()))

    def tiles_in_pool(self) -> dict[str, int]:
        """Department tiles left in the shared pool: department id -> copies (only those left)."""
        return {d: n for d, n in self._state.board.pool.items() if n}

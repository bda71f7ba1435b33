"""What changed between two positions of a game: :func:`diff` gives the :class:`Changes` (highlight keys
for each view, resource deltas per player); ``Game.changes_from(before)`` is its public face."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.state import Phase, State


@dataclass
class Changes:
    """What differs between two positions, as highlight keys for each view and short sentences."""
    sites: set[str] = field(default_factory=set)                       # map: "city/index"
    company: dict[int, set[str]] = field(default_factory=dict)         # seat -> cells, "cell/i", regions, "panel"
    tracks: set[str] = field(default_factory=set)                      # "track/r/j", "tab/seat/T/k"
    timeline: set[str] = field(default_factory=set)                    # "ROW/k", "ROW", "round/n"
    donations: set[str] = field(default_factory=set)                   # donation ids
    deltas: dict[int, dict[str, int]] = field(default_factory=dict)    # seat -> {"money": +3, ...}
    actors: list[int] = field(default_factory=list)                    # seats that changed, most first

    def keys(self, view: str, seat: int | None = None) -> set[str]:
        """Highlight keys for a view (the company view needs the seat)."""
        if view in ("map", "network"):
            return set(self.sites)
        if view == "company":
            return set(self.company.get(seat, ())) if seat is not None else set()
        if view == "tracks":
            return set(self.tracks)
        if view == "timeline":
            return set(self.timeline)
        if view == "donations":
            return set(self.donations)
        return set()

    def __bool__(self) -> bool:
        return bool(self.sites or any(self.company.values()) or self.tracks or self.timeline or self.donations
                    or any(self.deltas.values()))


#: The seat resources whose changes are counted (``Changes.deltas``).
RESOURCES = ("money", "goods", "vp", "discs", "supply", "donations")


def _employees(p) -> dict[str, tuple[int, tuple[int, ...]]]:
    cells = set(p.lying) | set(p.standing)
    return {c: (p.lying.get(c, 0), tuple(p.standing.get(c, ()))) for c in cells}


def diff(before: State, after: State) -> Changes:
    """The changes from ``before`` to ``after`` (two states of the same game)."""
    rs = after.rules
    rows = rs.components.timeline.rows
    ch = Changes()
    b_sites, a_sites = before.board.sites, after.board.sites
    ch.sites = {k for k, v in a_sites.items() if b_sites.get(k) != v}
    ch.donations = {d for d, owners in after.board.donations.items() if before.board.donations.get(d) != owners}
    score: dict[int, int] = {}
    for seat, (p, q) in enumerate(zip(before.players, after.players)):
        keys: set[str] = set()
        e0, e1 = _employees(p), _employees(q)
        for cell in set(e0) | set(e1):
            if e0.get(cell) != e1.get(cell):
                keys.add(cell)
                new_ws = set(e1.get(cell, (0, ()))[1]) - set(e0.get(cell, (0, ()))[1])
                keys.update(f"{cell}/{i}" for i in new_ws)
        keys.update(c for c in set(p.cells) | set(q.cells) if p.cells.get(c) != q.cells.get(c))
        keys.update(r for r in set(p.missions) | set(q.missions) if p.missions.get(r, 0) != q.missions.get(r, 0))
        delta = {name: getattr(q, name) - getattr(p, name) for name in RESOURCES
                 if getattr(q, name) != getattr(p, name)}
        if any(k in delta for k in ("money", "goods", "vp")) or p.reserve != q.reserve:
            keys.add("panel")
        for region, j in q.tracks.items():
            if p.tracks[region] != j:
                ch.tracks.add(f"track/{region}/{j}")
        for ptype in rs.components.tabs:
            (r0, b0), (r1, b1) = p.tabs[ptype], q.tabs[ptype]
            ch.tracks.update(f"tab/{seat}/{ptype}/{k}" for k in range(r0, r1))
            if b1 != b0:
                projects = rs.project_spaces[ptype, q.tab_side]
                ch.tracks.update(f"tab/{seat}/{ptype}/{k}" for k in projects[min(b0, b1):max(b0, b1)])
        changed = len(keys) + len(delta) + sum(1 for k in ch.sites if a_sites[k].owner == seat) + \
            (p.tracks != q.tracks) + (p.tabs != q.tabs) + (p.donations != q.donations)
        if keys:
            ch.company[seat] = keys
        if delta:
            ch.deltas[seat] = delta
        if changed:
            score[seat] = changed
    ch.actors = sorted(score, key=lambda s: (-score[s], s))
    if before.andrew is not None and after.andrew is not None:
        a0, a1 = before.andrew, after.andrew
        ch.tracks.update(f"track/{r}/{j}" for r, j in a1.tracks.items() if a0.tracks[r] != j)
    # the timeline: markers that moved, this round's gear and chosen row, the round strip
    for r, (m0, m1) in enumerate(zip(before.board.markers, after.board.markers)):
        if m0 != m1:
            ch.timeline.add(f"{rows[r]}/{m1}")
    f0, f1 = before.flow, after.flow
    if f1.event_row is not None and (f1.event_row, f1.chosen, f1.round) != (f0.event_row, f0.chosen, f0.round) \
            and f1.phase != Phase.OVER:
        ch.timeline.add(f"{rows[f1.event_row]}/{after.board.markers[f1.event_row] + 1}")
        if f1.chosen:
            ch.timeline.add(f1.chosen)
    if f1.round != f0.round and 1 <= f1.round <= rs.constants.rounds:
        ch.timeline.add(f"round/{f1.round}")
    return ch


__all__ = ["Changes", "RESOURCES", "diff"]

"""What a position offers that the bots' evaluations read, cached: tables of the component data,
the links of two major cities still to make, the income icons a tab uncovers, the share of the game
left and the income events still expected, Andrew's VP card of the round."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import networkx as nx

from ...core.components import PROJECT_TYPES, Components, Reward
from ...core.state import Phase, State
from ...rules.network import map_graph
from ...rules.research import project_income
from ...rules.ruleset import Ruleset
from ...rules.timeline import space as timeline_space

# -- tables of the component data (one set per Components object) ------------------------------

@dataclass(frozen=True)
class Tables:
    """What the evaluations read of the component data, in the shapes they read it fastest."""
    cell_vp: dict[str, int]                   # company cell -> VP of a tile built there
    cell_xy: dict[str, tuple[int, int]]       # company cell -> (column, row)
    city_region: dict[str, str]
    city_points: dict[str, int]               # city -> connection points (0 unless major)
    majors: tuple[str, ...]
    max_points: int                           # the highest connection points of the table
    connection_table: dict[tuple[int, int], int]
    regions: tuple[str, ...]                  # the transport tracks, in data order
    track_levels: dict[str, tuple[int, ...]]  # region -> level value of each track space
    track_income: dict[str, tuple[Reward, ...]]  # region -> income of each track space
    # department id -> (workstations, indices of permanent workstations, built tile?)
    depts: dict[str, tuple[int, frozenset[int], bool]]
    dept_type: dict[str, str]


@lru_cache(maxsize=8)
def tables(C: Components) -> Tables:
    """The evaluations' tables of some component data (made once per data set).

    Args:
        C: The component data.

    Returns:
        Its :class:`Tables`.
    """
    return Tables(
        cell_vp={name: cell.vp for name, cell in C.company.cells.items()},
        cell_xy={name: (cell.col, cell.row) for name, cell in C.company.cells.items()},
        city_region={c.id: c.region for c in C.cities.values()},
        city_points={c.id: c.connection_points for c in C.cities.values()},
        majors=tuple(c.id for c in C.cities.values() if c.connection_points),
        max_points=max(p for p, _ in C.connection_table),
        connection_table=dict(C.connection_table),
        regions=tuple(C.tracks),
        track_levels={r: tuple(s.level_value for s in t.spaces) for r, t in C.tracks.items()},
        track_income={r: tuple(s.income for s in t.spaces) for r, t in C.tracks.items()},
        depts={d.id: (len(d.workstations), frozenset(i for i, x in enumerate(d.workstations) if x is None),
                      not d.starting) for d in C.departments.values()},
        dept_type={d.id: d.type for d in C.departments.values()},
    )


# -- connection paths ----------------------------------------------------------------------------

@lru_cache(maxsize=8)
def _major_paths(C: Components) -> dict[tuple[str, str], tuple[frozenset[str], ...]]:
    """Inner cities of every shortest route between two major cities."""
    g = map_graph(C)
    return {(a, b): tuple(frozenset(path[1:-1]) for path in nx.all_shortest_paths(g, a, b))
            for a, b in combinations(tables(C).majors, 2)}


@lru_cache(maxsize=4096)
def _missing_links(C: Components, cities: frozenset[str]) -> tuple[tuple[int, tuple[str, ...], int], ...]:
    """For each pair of majors: (connection points, regions, cities still missing on the best route),
    for the pairs not yet linked, with the majors themselves counted as missing if not held."""
    tab = tables(C)
    out = []
    for (a, b), routes in _major_paths(C).items():
        inner = min(len(r - cities) for r in routes)
        ends = (a not in cities) + (b not in cities)
        missing = inner + ends
        if missing == 0:
            continue
        points = tab.city_points[a] + tab.city_points[b]
        out.append((min(points, tab.max_points), (tab.city_region[a], tab.city_region[b]), missing))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def path_bonus(C: Components, cities: frozenset[str], track_spaces: tuple[int, ...], decay: float) -> float:
    """The best link of two major cities still to make.

    Args:
        C: The component data.
        cities: The cities of the player's discs.
        track_spaces: The player's space on each transport track, in data order.
        decay: The factor for each missing city beyond the first.

    Returns:
        The link's VP at these track levels, times ``decay`` for each missing city beyond the first (0: none).
    """
    tab = tables(C)
    levels = {r: tab.track_levels[r][k] for r, k in zip(tab.regions, track_spaces)}
    best = 0.0
    for points, regions, missing in _missing_links(C, cities):
        lowest = min(levels[r] for r in regions)
        vp = tab.connection_table[(points, lowest)] * decay ** (missing - 1)
        if vp > best:
            best = vp
    return best


@lru_cache(maxsize=4096)
def icons(rs: Ruleset, side: str, built: tuple[int, ...]) -> Reward:
    """The project income icons uncovered on a player's tabs.

    Args:
        rs: The rules.
        side: The player's tab side.
        built: The projects built of each type, in ``PROJECT_TYPES`` order.

    Returns:
        ``rules.research.project_income`` of such a player.
    """
    return project_income(rs, _Probe(side, {t: [0, n] for t, n in zip(PROJECT_TYPES, built)}))  # type: ignore[arg-type]


@dataclass
class _Probe:
    """The two fields of a Player that project_income reads."""
    tab_side: str
    tabs: dict


# -- the share of the game left ------------------------------------------------------------------

@dataclass(frozen=True)
class RoundInfo:
    """How much of the game is left (``t``: its share, 1 at the start, 0 at the end) and the income events to come."""
    t: float                                  # share of the game still to play
    events: dict[str, float]                  # region -> expected income events still to come
    income_events: float


_ROUND_INFO: dict[tuple, RoundInfo] = {}
_OVER = RoundInfo(0.0, {}, 0.0)
_BEFORE_EVENTS = frozenset((Phase.HOUSE, Phase.RESERVE, Phase.SETUP, Phase.CHOOSE))


def round_info(state: State) -> RoundInfo:
    """How much of the game is left, and the income events still expected.

    Args:
        state: The position.

    Returns:
        Its :class:`RoundInfo`: the events of the timeline spaces still to come, spread over the rounds left.
    """
    f = state.flow
    if f.phase == Phase.OVER:
        return _OVER
    before = f.phase in _BEFORE_EVENTS
    board = state.board
    rs = state.rules
    key = (rs.components, f.round, before, tuple(board.markers), tuple(map(tuple, board.timeline)))
    info = _ROUND_INFO.get(key)
    if info is not None:
        return info
    rounds = rs.constants.rounds
    to_come = rounds - f.round + (1 if before else 0)
    t = max(0.0, (rounds - f.round + (1.0 if f.round == 0 else 0.5)) / (rounds + 1))
    counts: dict[str, int] = {}
    total = 0
    end = rs.timeline_end
    for row in range(len(rs.components.timeline.rows)):
        for k in range(board.markers[row] + 1, end + 1):
            sp = timeline_space(state, row, k)
            total += 1
            if sp.income:
                counts[sp.income] = counts.get(sp.income, 0) + 1
    events = {r: to_come * n / total for r, n in counts.items()} if total else {}
    info = RoundInfo(t, events, sum(events.values()))
    if len(_ROUND_INFO) > 50_000:
        _ROUND_INFO.clear()
    _ROUND_INFO[key] = info
    return info


def andrew_card_vp(state: State) -> float:
    """The VP card Andrew's card of this round lies on, if nothing more slides it (0 without one)."""
    andrew = state.andrew
    if andrew is None or andrew.card is None:
        return 0.0
    cards = state.rules.constants.andrew_vp_cards
    return float(cards[min(andrew.slide, len(cards) - 1)])


__all__ = ["RoundInfo", "Tables", "andrew_card_vp", "icons", "path_bonus", "round_info", "tables"]

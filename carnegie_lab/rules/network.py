"""The map as a networkx graph, each owner's built network, and major-city connection scoring."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import networkx as nx

from ..core.components import Components
from ..core.state import Owner, State


@lru_cache(maxsize=8)
def map_graph(components: Components) -> nx.Graph:
    """Cities as nodes (with their data), routes as edges. Shared and read-only."""
    g = nx.Graph()
    for city in components.cities.values():
        g.add_node(city.id, region=city.region, size=city.size, points=city.connection_points)
    g.add_edges_from(components.routes)
    return nx.freeze(g)


def cities_of(state: State, owner: Owner) -> set[str]:
    """Cities where the owner has at least one construction disc."""
    cities = state.rules.site_cities
    return {cities[key] for key, disc in state.board.sites.items() if disc.owner == owner}


def network(state: State, owner: Owner) -> nx.Graph:
    """The owner's network: the map restricted to the cities holding one of their discs."""
    return map_graph(state.rules.components).subgraph(cities_of(state, owner))


@lru_cache(maxsize=8)
def _neighbours(components: Components) -> dict[str, frozenset[str]]:
    g = map_graph(components)
    return {city: frozenset(g[city]) for city in g}


@lru_cache(maxsize=1 << 14)
def linked_groups(components: Components, cities: frozenset[str]) -> tuple[frozenset[str], ...]:
    """The connected groups of the map restricted to these cities, as ``nx.connected_components``
    of that subgraph finds them (a plain search over the map's neighbours: scoring asks often)."""
    neighbours = _neighbours(components)
    groups, seen = [], set()
    for start in neighbours:                  # in the map's order, as networkx would
        if start not in cities or start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            for other in neighbours[frontier.pop()]:
                if other in cities and other not in group:
                    group.add(other)
                    frontier.append(other)
        seen |= group
        groups.append(frozenset(group))
    return tuple(groups)


@dataclass(frozen=True)
class Connection:
    """The best-scoring group of linked major cities of one player."""
    cities: frozenset[str]                    # every city of the linked group
    majors: tuple[str, ...]
    points: int                               # connection points (San Francisco counts 2)
    level: int                                # lowest transport level among the majors' regions
    vp: int


def best_connection(state: State, owner: Owner, tracks: dict[str, int], extra_points: int = 0,
                    cities: frozenset[str] | None = None) -> Connection | None:
    """The player's best linked group of two or more major cities, or None. `extra_points` are added
    to every group (Post Office); the table's last row serves beyond it. `cities` are the owner's
    (found on the board if not given)."""
    C = state.rules.components
    top = state.rules.max_connection_points
    best = None
    held = frozenset(cities_of(state, owner)) if cities is None else cities
    for group, majors, points, regions in _major_groups(C, held):
        points += extra_points
        lowest = min(C.tracks[r].spaces[tracks[r]].level_value for r in regions)
        vp = C.connection_table[(min(points, top), lowest)]
        if best is None or vp > best.vp:
            best = Connection(group, majors, points, lowest, vp)
    return best


MajorGroup = tuple[frozenset[str], tuple[str, ...], int, frozenset[str]]


@lru_cache(maxsize=1 << 14)
def _major_groups(C: Components, cities: frozenset[str]) -> tuple[MajorGroup, ...]:
    """The linked groups holding two or more major cities: (group, majors, connection points, regions
    of the majors)."""
    out = []
    for group in linked_groups(C, cities):
        majors = tuple(sorted(c for c in group if C.cities[c].connection_points))
        if len(majors) >= 2:
            out.append((group, majors, sum(C.cities[c].connection_points for c in majors),
                        frozenset(C.cities[c].region for c in majors)))
    return tuple(out)

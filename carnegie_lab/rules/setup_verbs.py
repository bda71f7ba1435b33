"""The setup decisions: the starting Housing project and the reserved Department tile."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.i18n import N_, Message
from ..core.later import line
from ..core.state import DecisionKind, Phase, State, Tab
from .construction import free_site, place_disc
from .core import note
from .loop import next_setup_house
from .registry import Args, Vocab, verb

if TYPE_CHECKING:
    from .ruleset import Ruleset


def _check_house(state: State, pi: int, args: Args) -> str | None:
    (city,) = args
    cities = state.rules.components.cities
    if city not in cities:
        return N_("unknown city {city}", city=repr(city))
    never = _never_house(state.rules, city)
    if never is not None:
        return never
    if free_site(state, city, "H") is None:
        return N_("the Housing sites of {city} are taken", city=Message(cities[city].name))
    return None


def _never_house(rules: Ruleset, city: str) -> str | None:
    """Why no starting Housing project ever goes to this city (its size, no Housing site), or None."""
    town = rules.components.cities[city]
    if town.size not in rules.constants.housing_setup_sizes:
        return N_("{city} is a {size} city (setup Housing goes to medium or major)",
                  city=Message(town.name), size=Message(town.size))
    if not any(s.type == "H" for s in town.sites):
        return N_("{city} has no Housing site", city=Message(town.name))
    return None


@lru_cache(maxsize=8)
def _house_cities(rules: Ruleset) -> tuple[Args, ...]:
    """The candidates of ``house``: the cities a starting Housing project may go to while a site is free
    (worked out once per ruleset, so that listing the legal actions makes no reason for the others)."""
    return tuple((city,) for city in rules.components.cities if _never_house(rules, city) is None)


@verb("house", [("city",)], (DecisionKind.HOUSE,), lambda s, pi: _house_cities(s.rules),
      _check_house,
      vocab=Vocab(N_("place the starting house"), "house", 2, board="start"))
def _house(state: State, pi: int, args: Args) -> None:
    (city,) = args
    p = state.players[pi]
    index = free_site(state, city, "H")
    assert index is not None
    p.tabs["H"] = Tab(p.tabs["H"].revealed, p.tabs["H"].built + 1)
    place_disc(state, pi, city, index, "H")
    note(state, lambda: line("{player} places the starting Housing project in {city}", player=p.name,
                      city=Message(state.rules.components.cities[city].name)))
    state.flow.phase = Phase.RESERVE


def _reserve_candidates(state: State, pi: int):
    depts = state.rules.components.departments
    return ((depts[d].code,) for d, n in state.board.pool.items() if n > 0)


def _check_reserve(state: State, pi: int, args: Args) -> str | None:
    dept = state.rules.by_code.get(args[0])
    if dept is None or dept.starting:
        return N_("unknown department tile {tile}", tile=repr(args[0]))
    if state.board.pool.get(dept.id, 0) < 1:
        return N_("no {department} tile is left", department=Message(dept.name))
    return None


@verb("reserve", [("name",)], (DecisionKind.RESERVE,), _reserve_candidates, _check_reserve, exact=True,
      vocab=Vocab(N_("reserve a department tile"), "reserve", 2))
def _reserve(state: State, pi: int, args: Args) -> None:
    dept = state.rules.by_code[args[0]]
    state.board.pool[dept.id] -= 1
    state.players[pi].reserve = dept.id
    note(state, lambda: line("{player} reserves {department} as their first department", player=state.players[pi].name,
                      department=Message(dept.name)))
    next_setup_house(state)

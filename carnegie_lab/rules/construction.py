"""Building projects on the map: sites, tab discs, goods, and small-town transport income."""
from __future__ import annotations

from ..components import PROJECT_TYPES
from ..state import Owner, State
from . import company
from .core import C, gain, note, pay_check
from .research import discs_on_tab, transport_income

ANY = "any"


def site_key(city: str, index: int) -> str:
    return f"{city}/{index}"


def free_site(state: State, city: str, ptype: str | None) -> int | None:
    """The left-most free site of a city that takes this project type (None: any site)."""
    sites = state.board.sites
    for site in C.cities[city].sites:
        if site_key(city, site.index) in sites:
            continue
        if ptype is None or site.type in (ptype, ANY):
            return site.index
    return None


def build_site(state: State, pi: int, city: str, ptype: str) -> tuple[int, bool] | None:
    """(site index, whether it takes the type) where the player's project would go: the left-most
    matching free site; with Political Lobbying staffed, else the left-most free site of any type."""
    index = free_site(state, city, ptype)
    if index is not None:
        return index, True
    if company.is_staffed(state.players[pi], "political_lobbying"):
        index = free_site(state, city, None)
        if index is not None:
            return index, False
    return None


def projects_in(state: State, owner: Owner, region: str) -> int:
    """How many construction discs an owner has in a region."""
    return sum(1 for key, (who, _) in state.board.sites.items()
               if who == owner and C.cities[key.split("/")[0]].region == region)


def place_disc(state: State, owner: Owner, city: str, index: int, ptype: str | None) -> None:
    state.board.sites[site_key(city, index)] = [owner, ptype]


def build_check(state: State, pi: int, ptype: str, city: str, region: str | None = None,
                extra_money: int = 0) -> str | None:
    """Why this player cannot build a `ptype` project in `city` now (None if they can)."""
    if ptype not in PROJECT_TYPES:
        return f"unknown project type {ptype!r}"
    if city not in C.cities:
        return f"unknown city {city!r}"
    p = state.players[pi]
    tab = C.tabs[ptype]
    if discs_on_tab(p, ptype) < 1:
        return f"no {tab.name} project on the tab (R&D reveals them)"
    if region is not None and C.cities[city].region != region:
        return f"{C.cities[city].name} is not in the {region}"
    if build_site(state, pi, city, ptype) is None:
        return f"{C.cities[city].name} has no free site for a {tab.name} project"
    return pay_check(p, money=extra_money, goods=tab.goods_cost)


def build(state: State, pi: int, ptype: str, city: str) -> None:
    """Move the right-most disc of a tab onto the city's left-most free matching site."""
    p = state.players[pi]
    tab = C.tabs[ptype]
    index, matching = build_site(state, pi, city, ptype)
    p.goods -= tab.goods_cost
    p.tabs[ptype][1] += 1
    place_disc(state, pi, city, index, ptype)
    town = C.cities[city]
    note(state, f"{p.name} builds a {tab.name} project in {town.name} ({tab.goods_cost} goods)")
    if matching and company.is_staffed(p, "political_lobbying"):
        p.vp += C.departments["political_lobbying"].params["match_vp"]
        note(state, f"{p.name} gains {C.departments['political_lobbying'].params['match_vp']} VP from Political Lobbying")
    if town.transport_income:
        income = transport_income(p, town.region)
        gain(state, pi, income)
        note(state, f"{p.name} collects small-town transport income in {town.name}")


def build_candidates(state: State, pi: int):
    """Project types the player can build with the cities that have a free site for them."""
    p = state.players[pi]
    types = [t for t in PROJECT_TYPES if discs_on_tab(p, t) > 0 and p.goods >= C.tabs[t].goods_cost]
    for t in types:
        for city in C.cities:
            yield t, city

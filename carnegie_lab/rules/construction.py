"""Building projects on the map: sites, tab discs, goods, and small-town transport income."""
from __future__ import annotations

from ..core.components import PROJECT_TYPES
from ..core.i18n import N_, Message
from ..core.later import later, line
from ..core.state import Disc, Owner, State, Tab, site_key
from ..core.words import a_project, count_of
from .core import gain, note, pay_check
from .research import discs_on_tab, transport_income


def free_site(state: State, city: str, ptype: str | None) -> int | None:
    """The left-most free site of a city that takes this project type (None: any site)."""
    sites = state.board.sites
    for key, site in state.rules.city_sites[city]:
        if key not in sites and site.takes(ptype):
            return site.index
    return None


def build_site(state: State, pi: int, city: str, ptype: str) -> tuple[int, bool] | None:
    """(site index, whether it takes the type) where the player's project would go: the left-most
    matching free site; with a department that allows it (Political Lobbying), else the left-most
    free site of any type."""
    index = free_site(state, city, ptype)
    if index is not None:
        return index, True
    if state.rules.any_staffed(state.players[pi], "any_site"):
        index = free_site(state, city, None)
        if index is not None:
            return index, False
    return None


def discs(state: State, owner: Owner) -> list[tuple[str, str | None]]:
    """(city, project type) of every construction disc of an owner."""
    cities = state.rules.site_cities
    return [(cities[key], disc.type) for key, disc in state.board.sites.items() if disc.owner == owner]


def projects_in(state: State, owner: Owner, region: str) -> int:
    """How many construction discs an owner has in a region."""
    cities = state.rules.components.cities
    return sum(1 for city, _ in discs(state, owner) if cities[city].region == region)


def place_disc(state: State, owner: Owner, city: str, index: int, ptype: str | None) -> None:
    state.board.sites[site_key(city, index)] = Disc(owner, ptype)


def build_check(state: State, pi: int, ptype: str, city: str, region: str | None = None,
                extra_money: int = 0) -> str | None:
    """Why this player cannot build a `ptype` project in `city` now (None if they can)."""
    C = state.rules.components
    if ptype not in PROJECT_TYPES:
        return N_("unknown project type {type}", type=repr(ptype))
    if city not in C.cities:
        return N_("unknown city {city}", city=repr(city))
    p = state.players[pi]
    tab = C.tabs[ptype]
    if discs_on_tab(state.rules, p, ptype) < 1:
        return N_("no {tab} project on the tab (R&D reveals them)", tab=Message(tab.name))
    if region is not None and C.cities[city].region != region:
        return N_("{city} is not in the {region}", city=Message(C.cities[city].name), region=region)
    if build_site(state, pi, city, ptype) is None:
        return N_("{city} has no free site for {project}",
                  city=Message(C.cities[city].name), project=a_project(tab.name))
    return pay_check(p, money=extra_money, goods=tab.goods_cost)


def build(state: State, pi: int, ptype: str, city: str) -> None:
    """Move the right-most disc of a tab onto the city's left-most free matching site."""
    rs = state.rules
    C = rs.components
    p = state.players[pi]
    tab = C.tabs[ptype]
    site = build_site(state, pi, city, ptype)
    assert site is not None, "build() follows a passed build_check()"
    index, matching = site
    p.goods -= tab.goods_cost
    p.tabs[ptype] = Tab(p.tabs[ptype].revealed, p.tabs[ptype].built + 1)
    place_disc(state, pi, city, index, ptype)
    town = C.cities[city]
    note(state, lambda: line("{player} builds {project} in {city} ({goods})", player=p.name,
                      project=later(a_project, tab.name), city=Message(town.name),
                      goods=later(count_of, "goods", tab.goods_cost)))
    for dept, hook in rs.staffed(p, "project_built"):
        hook(state, pi, dept, matching)
    if town.transport_income:
        gain(state, pi, transport_income(rs, p, town.region))
        note(state, lambda: line("{player} collects small-town transport income in {city}", player=p.name,
                          city=Message(town.name)))


def build_options(state: State, pi: int, extra_money: int = 0) -> list[tuple[str, str]]:
    """Every (project type, city) the player can build now: exactly the ones build_check allows."""
    rs = state.rules
    p = state.players[pi]
    if p.money < extra_money:
        return []
    tabs = rs.components.tabs
    any_site = rs.any_staffed(p, "any_site")
    out = []
    for t in PROJECT_TYPES:
        if discs_on_tab(rs, p, t) > 0 and p.goods >= tabs[t].goods_cost:
            for city in (rs.components.cities if any_site else rs.cities_taking[t]):
                if free_site(state, city, t) is not None or (any_site and free_site(state, city, None) is not None):
                    out.append((t, city))
    return out

"""The editor's changes of the pieces: projects on the map and the tabs they come from, a seat's resources,
Department tiles, transport tracks and donations. Each moves a piece from where the rules keep it (a disc from
the tab or the supply, a tile from the pool) and back, on the state it is given (a copy: checks.check_table
then judges it)."""
from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message
from ...core.state import NEUTRAL, Andrew, State, Tab, site_key
from ...core.words import a_project
from .. import company
from ..construction import build_site, free_site, place_disc
from ..research import discs_on_tab
from . import checks
from .checks import refuse


def place_project(state: State, owner: Any, city: Any, ptype: Any, site: Any = None) -> None:
    """A project of ``owner`` (a seat, or Andrew) on a site of ``city``: the given one, else the left-most free
    site that takes the type (with Political Lobbying, any free site); a seat's disc comes from its tab."""
    who, town, kind = checks.owner(state, owner), checks.city(state, city), checks.project_type(state, ptype)
    C = state.rules.components
    if site is None:
        found = build_site(state, who, town, kind) if isinstance(who, int) else (free_site(state, town, kind), True)
        index = None if found is None else found[0]
        if index is None:
            refuse(N_("{city} has no free site for {project}", city=Message(C.cities[town].name),
                      project=a_project(C.tabs[kind].name)))
    else:
        index = checks.site(state, town, site)
        if site_key(town, index) in state.board.sites:
            refuse(N_("the site {site} is taken", site=site_key(town, index)))
    if isinstance(who, int):
        p = state.players[who]
        if discs_on_tab(state.rules, p, kind) < 1:
            refuse(N_("no {tab} project waiting on {player}'s tab (set_tab reveals more)",
                      tab=Message(C.tabs[kind].name), player=p.name))
        p.tabs[kind] = Tab(p.tabs[kind].revealed, p.tabs[kind].built + 1)
    place_disc(state, who, town, index, kind)


def remove_project(state: State, city: Any, site: Any) -> None:
    """The project on a site leaves the map: a seat's disc goes back to its tab."""
    town = checks.city(state, city)
    key = site_key(town, checks.site(state, town, site))
    disc = state.board.sites.get(key)
    if disc is None:
        refuse(N_("no project on the site {site}", site=key))
    if disc.owner == NEUTRAL:
        refuse(N_("a neutral disc stays where the setup put it ({site})", site=key))
    del state.board.sites[key]
    if isinstance(disc.owner, int) and disc.type is not None:
        p = state.players[disc.owner]
        p.tabs[disc.type] = Tab(p.tabs[disc.type].revealed, p.tabs[disc.type].built - 1)


def set_tab(state: State, seat: Any, ptype: Any, revealed: Any) -> None:
    """How many spaces of a tab are shown: each project space shown holds a disc from the supply."""
    p, kind = checks.player(state, seat), checks.project_type(state, ptype)
    rs = state.rules
    spaces = len(rs.components.tabs[kind].sides[p.tab_side])
    if type(revealed) is not int or not 1 <= revealed <= spaces:
        refuse(N_("a tab shows 1 to {spaces} spaces, not {value}", spaces=spaces, value=repr(revealed)))
    projects = rs.project_spaces[kind, p.tab_side]
    gained = sum(1 for i in projects if i < revealed) - sum(1 for i in projects if i < p.tabs[kind].revealed)
    if gained > p.discs:
        refuse(N_("{player} has {discs} discs in the supply and the tab needs {n} more", player=p.name, discs=p.discs,
                  n=gained))
    p.discs -= gained
    p.tabs[kind] = Tab(revealed, p.tabs[kind].built)


def set_resources(state: State, seat: Any, money: Any = None, goods: Any = None, vp: Any = None,
                  study: Any = None) -> None:
    """A seat's money, goods and VP; study points only for the player deciding an event or a turn now."""
    who = checks.seat(state, seat)
    p = state.players[who]
    for name, value in (("money", money), ("goods", goods), ("vp", vp)):
        if value is not None:
            setattr(p, name, checks.amount(value, name))
    if study is not None:
        state.flow.study = checks.amount(study, "study")
        if state.flow.player != who:
            refuse(N_("study points are spent by the player deciding now, not by {player}", player=p.name))


def build_department(state: State, seat: Any, cell: Any, tile: Any) -> None:
    """A Department tile on an empty cell of a seat's company: the seat's reserved tile, else one from the pool."""
    p, where, dept = checks.player(state, seat), checks.cell(state, cell), checks.tile(state, tile)
    if where in p.cells:
        refuse(N_("{cell} is not an empty space", cell=where))
    if p.reserve == dept.id:
        p.reserve = None
    elif state.board.pool.get(dept.id, 0) < 1:
        refuse(N_("no {department} tile left in the pool", department=Message(dept.name)))
    else:
        state.board.pool[dept.id] -= 1
    p.cells[where] = dept.id
    p.built.append(dept.id)


def remove_department(state: State, seat: Any, cell: Any) -> None:
    """The tile on a cell goes back to the pool; the employees standing on it lie down on the cell."""
    p, where = checks.player(state, seat), checks.cell(state, cell)
    dept = company.department(state.rules, p, where)
    if dept is None or dept.starting:
        refuse(N_("{cell} holds no Department tile", cell=where))
    standing = p.standing.pop(where, [])
    if standing:
        company.lay_down(p, where, len(standing))
    del p.cells[where]
    p.built.remove(dept.id)
    state.board.pool[dept.id] = state.board.pool.get(dept.id, 0) + 1


def set_reserve(state: State, seat: Any, tile: Any = None) -> None:
    """The tile in a seat's private reserve (None: none): the old one goes back to the pool, the new one comes
    from it."""
    p = checks.player(state, seat)
    dept = None if tile is None else checks.tile(state, tile)
    pool = state.board.pool
    if p.reserve is not None:
        pool[p.reserve] = pool.get(p.reserve, 0) + 1
    if dept is not None and pool.get(dept.id, 0) < 1:
        refuse(N_("no {department} tile left in the pool", department=Message(dept.name)))
    if dept is not None:
        pool[dept.id] -= 1
    p.reserve = None if dept is None else dept.id


def set_track(state: State, owner: Any, region: Any, space: Any) -> None:
    """The space of an owner's transport disc on a region's track (its last space is the final box)."""
    who, where = checks.owner(state, owner), checks.region(state, region)
    last = state.rules.final_space
    if type(space) is not int or not 0 <= space <= last:
        refuse(N_("a track's spaces are 0 to {last} (the final box), not {value}", last=last, value=repr(space)))
    tracks = state.players[who].tracks if isinstance(who, int) else _andrew(state).tracks
    tracks[where] = space


def join_donation(state: State, owner: Any, donation: Any) -> None:
    """An owner's disc on a donation (from a seat's supply; Andrew's first), counted among its donations."""
    who, which = checks.owner(state, owner), checks.donation(state, donation)
    owners = state.board.donations.setdefault(which, [])
    if who in owners:
        refuse(N_("one disc per owner on a donation"))
    if isinstance(who, int):
        p = state.players[who]
        if p.discs < 1:
            refuse(N_("no disc left in the personal supply"))
        p.discs -= 1
        p.donations += 1
    else:
        _andrew(state).donations += 1
    owners.append(who)


def leave_donation(state: State, owner: Any, donation: Any) -> None:
    """An owner's disc leaves a donation (back to a seat's supply)."""
    who, which = checks.owner(state, owner), checks.donation(state, donation)
    owners = state.board.donations.get(which, [])
    if who not in owners:
        refuse(N_("no disc of this owner on the donation {donation}", donation=which))
    owners.remove(who)
    if not owners:
        del state.board.donations[which]
    if isinstance(who, int):
        state.players[who].discs += 1
        state.players[who].donations -= 1
    else:
        _andrew(state).donations -= 1


def _andrew(state: State) -> Andrew:
    assert state.andrew is not None, "checks.owner lets Andrew in only in a solo game"
    return state.andrew


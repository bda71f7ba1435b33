"""The editor's arguments read in the game's own words (a seat, a city, a project type...), each refused with an
:class:`EditError` naming what is wrong; and the laws a changed table must keep, checked as a position's are
when it is loaded."""
from __future__ import annotations

from typing import Any, NoReturn

from ...core import records
from ...core.components import Department
from ...core.errors import EditError, RecordError
from ...core.i18n import N_, Message
from ...core.state import ANDREW, Owner, Player, State
from .. import laws, loop


def refuse(problem: Message) -> NoReturn:
    raise EditError(problem)


def check_table(state: State) -> None:
    """Every law of a loaded position (the types, ids and ranges of its JSON, the laws of the rules, and that
    the game can go on once its automatic steps are taken), as an EditError naming the field."""
    try:
        records.state_from_dict(state.rules, state.to_dict())
        laws.check(state)
        settled = state.copy(history=False)
        loop.settle(settled)
        laws.check_goes_on(settled)
    except RecordError as e:
        raise EditError(e.problem, e.field.removeprefix("state.")) from None


def _one_of(value: Any, known: Any, unknown: Message) -> Any:
    if not isinstance(value, str) or value not in known:
        refuse(unknown)
    return value


def seat(state: State, value: Any) -> int:
    """A player's seat number."""
    if type(value) is not int or not 0 <= value < len(state.players):
        refuse(N_("no seat {seat}: the seats are {seats}", seat=repr(value), seats=list(range(len(state.players)))))
    return value


def player(state: State, value: Any) -> Player:
    return state.players[seat(state, value)]


def owner(state: State, value: Any) -> Owner:
    """A seat, or Andrew (``"andrew"``) in a solo game."""
    if value == ANDREW and state.andrew is not None:
        return ANDREW
    if value == ANDREW:
        refuse(N_("Andrew plays only in a solo game"))
    return seat(state, value)


def amount(value: Any, name: str) -> int:
    """A count of money, goods, VP...: a whole number, not negative."""
    if type(value) is not int or value < 0:
        refuse(N_("{name} must be a whole number of 0 or more, got {value}", name=name, value=repr(value)))
    return value


def city(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.cities, N_("unknown city {city}", city=repr(value)))


def project_type(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.tabs, N_("unknown project type {type}", type=repr(value)))


def region(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.regions, N_("unknown region {region}", region=repr(value)))


def cell(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.company.cells, N_("unknown company cell {cell}", cell=repr(value)))


def row(state: State, value: Any) -> str:
    rows = state.rules.components.timeline.rows
    return _one_of(value, rows, N_("unknown timeline row {row}: the rows are {rows}", row=repr(value), rows=list(rows)))


def donation(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.donations, N_("unknown donation {donation}", donation=repr(value)))


def card(state: State, value: Any) -> str:
    return _one_of(value, state.rules.components.solo_cards, N_("unknown card {id}", id=repr(value)))


def tile(state: State, value: Any) -> Department:
    """A Department tile, by its id or its code (``logistics``, ``property``)."""
    rs = state.rules
    found = rs.components.departments.get(value) if isinstance(value, str) else None
    found = found or (rs.by_code.get(value) if isinstance(value, str) else None)
    if found is None or found.starting:
        refuse(N_("{department} is not a Department tile", department=repr(value)))
    return found


def site(state: State, city_id: str, value: Any) -> int:
    """A site's index in a city."""
    sites = state.rules.components.cities[city_id].sites
    if type(value) is not int or not 0 <= value < len(sites):
        refuse(N_("{city} has no site {site}: its sites are {sites}", city=Message(state.rules.components.cities[
            city_id].name), site=repr(value), sites=list(range(len(sites)))))
    return value

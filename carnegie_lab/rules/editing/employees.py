"""The editor's employees: moved between the places the rules keep them, each written as a text:

- ``"supply"``: the player's employees not yet in the company;
- a cell, ``"b2"``: lying on that cell of the company;
- a cell and ``standing``, ``"b2 standing"``: standing on a workstation of the department there (the cheapest
  free one when it comes, the cheapest taken one when it leaves: which one never matters, rules decision D1);
- a region, ``"west"``: on a mission there.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...core.i18n import N_
from ...core.state import Player, State
from .. import company
from . import checks
from .checks import refuse

SUPPLY = "supply"
STANDING = "standing"


class Place(NamedTuple):
    kind: str                                 # "supply", "lying", "standing" or "mission"
    where: str                                # the cell or the region ("" for the supply)


def place(state: State, text: Any) -> Place:
    """A place of employees read from its text (see the module's docstring)."""
    words = text.split() if isinstance(text, str) else []
    C = state.rules.components
    if words == [SUPPLY]:
        return Place(SUPPLY, "")
    if len(words) == 1 and words[0] in C.regions:
        return Place("mission", words[0])
    if words and words[0] in C.company.cells and words[1:] in ([], [STANDING]):
        return Place(STANDING if words[1:] else "lying", words[0])
    refuse(N_("{place} is no place for employees: the supply, a cell (b2), a cell and standing (b2 standing) or a "
              "region (west)", place=repr(text)))


def move_employees(state: State, seat: Any, source: Any, target: Any, n: Any = 1) -> None:
    """``n`` employees of a seat from one place to another."""
    p, count = checks.player(state, seat), checks.amount(n, "n")
    start, end = place(state, source), place(state, target)
    for _ in range(count):
        _take(state, p, start)
        _put(state, p, end)


def _take(state: State, p: Player, at: Place) -> None:
    rs = state.rules
    if at.kind == SUPPLY:
        if p.supply < 1:
            refuse(N_("no employee left in {player}'s supply", player=p.name))
        p.supply -= 1
    elif at.kind == "lying":
        if not p.lying.get(at.where):
            refuse(N_("no employee lies on {cell}", cell=at.where))
        p.lying[at.where] -= 1
        if not p.lying[at.where]:
            del p.lying[at.where]
    elif at.kind == STANDING:
        permanent = rs.permanent.get(p.cells.get(at.where, ""), frozenset())
        if all(i in permanent for i in p.standing.get(at.where, ())):
            refuse(N_("no employee stands on {cell} but the permanent one", cell=at.where))
        company.free_standing(rs, p, at.where)
    else:
        if not p.missions.get(at.where):
            refuse(N_("no employee of {player} is on a mission in the {region}", player=p.name, region=at.where))
        p.missions[at.where] -= 1
        if not p.missions[at.where]:
            del p.missions[at.where]


def _put(state: State, p: Player, at: Place) -> None:
    rs = state.rules
    if at.kind == SUPPLY:
        p.supply += 1
    elif at.kind == "lying":
        company.lay_down(p, at.where)
    elif at.kind == STANDING:
        i = company.free_workstation(rs, p, at.where)
        if i is None:
            refuse(N_("no free workstation on {cell}", cell=at.where))
        occupied = p.standing.setdefault(at.where, [])
        occupied.append(i)
        occupied.sort()
    else:
        p.missions[at.where] = p.missions.get(at.where, 0) + 1

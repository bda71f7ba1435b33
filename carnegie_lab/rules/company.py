"""A player's company: departments on the grid, standing and lying employees, missions, lobbies.

Workstation choices are never asked: an employee that leaves a department frees its cheapest
occupied workstation, and an activation takes the cheapest free one (any other choice only costs
more later; see docs/rules-decisions.md).
"""
from __future__ import annotations

from functools import lru_cache

from ..components import Department, components
from ..state import Player

C = components()
LOBBY = "lobby"
NEW_LOBBY = "new_lobby"


def department(p: Player, cell: str) -> Department | None:
    dept_id = p.cells.get(cell)
    return None if dept_id is None or dept_id == LOBBY else C.departments[dept_id]


@lru_cache(maxsize=None)
def _by_price(dept_id: str) -> tuple[int, ...]:
    """Indices of a department's non-permanent workstations, cheapest first."""
    ws = C.departments[dept_id].workstations
    return tuple(sorted((i for i, price in enumerate(ws) if price is not None), key=lambda i: (ws[i], i)))


def is_permanent(p: Player, cell: str, index: int) -> bool:
    return C.departments[p.cells[cell]].workstations[index] is None


def lobbies(p: Player) -> list[str]:
    return sorted(cell for cell, d in p.cells.items() if d in (LOBBY, NEW_LOBBY))


def cell_of(p: Player, dept_id: str) -> str | None:
    for cell, d in p.cells.items():
        if d == dept_id:
            return cell
    return None


def standing(p: Player, cell: str) -> int:
    return len(p.standing.get(cell, ()))


def movable_standing(p: Player, cell: str) -> list[int]:
    return [i for i in p.standing.get(cell, ()) if not is_permanent(p, cell, i)]


def is_staffed(p: Player, dept_id: str) -> bool:
    """An ongoing department works while at least one employee stands on it."""
    cell = cell_of(p, dept_id)
    return cell is not None and standing(p, cell) > 0


def can_leave(p: Player, cell: str) -> bool:
    return p.lying.get(cell, 0) > 0 or bool(movable_standing(p, cell))


def _free_standing(p: Player, cell: str) -> None:
    """Remove the standing employee on the cheapest occupied, non-permanent workstation."""
    occupied = p.standing[cell]
    for i in _by_price(p.cells[cell]):
        if i in occupied:
            occupied.remove(i)
            break
    if not occupied:
        del p.standing[cell]


def take_employee(p: Player, cell: str) -> None:
    """Pick an employee up to move it: a lying one if there is one (it keeps the others active)."""
    lying = p.lying.get(cell, 0)
    if lying:
        if lying == 1:
            del p.lying[cell]
        else:
            p.lying[cell] = lying - 1
    else:
        _free_standing(p, cell)


def lay_down(p: Player, cell: str, count: int = 1) -> None:
    p.lying[cell] = p.lying.get(cell, 0) + count


def send_on_mission(p: Player, cell: str, region: str) -> None:
    """The standing employee that acted leaves its workstation for a mission area."""
    _free_standing(p, cell)
    p.missions[region] = p.missions.get(region, 0) + 1


def free_workstation(p: Player, cell: str) -> int | None:
    dept = department(p, cell)
    if dept is None:
        return None
    occupied = p.standing.get(cell, ())
    for i in _by_price(dept.id):
        if i not in occupied:
            return i
    return None


def activation_price(p: Player, cell: str) -> int | None:
    """What standing up one lying employee here costs, or None if nobody can stand here."""
    if not p.lying.get(cell):
        return None
    i = free_workstation(p, cell)
    return None if i is None else department(p, cell).workstations[i]


def activate(p: Player, cell: str, cost: int | None = None) -> int:
    """Stand a lying employee up on the cheapest free workstation; pays its price (or `cost`)."""
    i = free_workstation(p, cell)
    price = department(p, cell).workstations[i] if cost is None else cost
    p.money -= price
    take_employee(p, cell)
    p.standing.setdefault(cell, []).append(i)
    p.standing[cell].sort()
    return price


def active_employees(p: Player) -> int:
    """Standing employees, not counting the permanent Human Resources one."""
    return sum(len(movable_standing(p, cell)) for cell in p.standing)


def employees_total(p: Player) -> int:
    return (sum(p.lying.values()) + sum(len(s) for s in p.standing.values())
            + sum(p.missions.values()) + p.supply)


def departments_of_type(p: Player, action_type: str) -> list[str]:
    return sorted(cell for cell, d in p.cells.items()
                  if d != LOBBY and C.departments[d].type == action_type)


def owned_departments(p: Player) -> list[Department]:
    return [C.departments[d] for d in p.cells.values() if d != LOBBY]

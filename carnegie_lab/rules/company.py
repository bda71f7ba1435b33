"""A player's company: departments on the grid, standing and lying employees, missions, lobbies.

Workstation choices are never asked: an employee that leaves a department frees its cheapest
occupied workstation, and an activation takes the cheapest free one (any other choice only costs
more later; see docs/rules-decisions.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.components import Department
from ..core.state import Player

if TYPE_CHECKING:
    from .ruleset import Ruleset

LOBBY = "lobby"


def department(rs: Ruleset, p: Player, cell: str) -> Department | None:
    dept_id = p.cells.get(cell)
    return None if dept_id is None or dept_id == LOBBY else rs.components.departments[dept_id]


def main_lobby(p: Player) -> str:
    """The cell of the Lobby every arriving employee first lies down in."""
    return next(cell for cell, d in p.cells.items() if d == LOBBY)


def lobbies(rs: Ruleset, p: Player) -> list[str]:
    return sorted(cell for cell, d in p.cells.items() if d in rs.lobby_ids)


def cell_of(p: Player, dept_id: str) -> str | None:
    for cell, d in p.cells.items():
        if d == dept_id:
            return cell
    return None


def standing(p: Player, cell: str) -> int:
    return len(p.standing.get(cell, ()))


def can_leave(rs: Ruleset, p: Player, cell: str) -> bool:
    if p.lying.get(cell, 0) > 0:
        return True
    occupied = p.standing.get(cell)
    if not occupied:
        return False
    permanent = rs.permanent.get(p.cells[cell])
    return not permanent or any(i not in permanent for i in occupied)


def movable_cells(rs: Ruleset, p: Player) -> list[str]:
    """Cells with an employee that can be picked up, in the grid's reading order."""
    held = [cell for cell in p.lying]
    held += [cell for cell in p.standing if cell not in p.lying and can_leave(rs, p, cell)]
    held.sort(key=rs.cell_order.__getitem__)
    return held


def free_standing(rs: Ruleset, p: Player, cell: str) -> None:
    """Remove the standing employee on the cheapest occupied, non-permanent workstation."""
    occupied = p.standing[cell]
    for i in rs.by_price[p.cells[cell]]:
        if i in occupied:
            occupied.remove(i)
            break
    if not occupied:
        del p.standing[cell]


def take_employee(rs: Ruleset, p: Player, cell: str) -> None:
    """Pick an employee up to move it: a lying one if there is one (it keeps the others active)."""
    lying = p.lying.get(cell, 0)
    if lying:
        if lying == 1:
            del p.lying[cell]
        else:
            p.lying[cell] = lying - 1
    else:
        free_standing(rs, p, cell)


def lay_down(p: Player, cell: str, count: int = 1) -> None:
    p.lying[cell] = p.lying.get(cell, 0) + count


def move_employee(rs: Ruleset, p: Player, source: str, target: str) -> None:
    take_employee(rs, p, source)
    lay_down(p, target)


def send_on_mission(rs: Ruleset, p: Player, cell: str, region: str) -> None:
    """The standing employee that acted leaves its workstation for a mission area."""
    free_standing(rs, p, cell)
    p.missions[region] = p.missions.get(region, 0) + 1


def free_workstation(rs: Ruleset, p: Player, cell: str) -> int | None:
    dept_id = p.cells.get(cell)
    if dept_id is None or dept_id == LOBBY:
        return None
    occupied = p.standing.get(cell, ())
    for i in rs.by_price[dept_id]:
        if i not in occupied:
            return i
    return None


def activation_price(rs: Ruleset, p: Player, cell: str) -> int | None:
    """What standing up one lying employee here costs, or None if nobody can stand here."""
    if not p.lying.get(cell):
        return None
    i = free_workstation(rs, p, cell)
    return None if i is None else rs.components.departments[p.cells[cell]].workstations[i]


def activate(rs: Ruleset, p: Player, cell: str, cost: int) -> None:
    """Stand a lying employee up on the cheapest free workstation, paying ``cost``."""
    i = free_workstation(rs, p, cell)
    assert i is not None, "activate() follows a passed check"
    p.money -= cost
    take_employee(rs, p, cell)
    occupied = p.standing.setdefault(cell, [])
    occupied.append(i)
    occupied.sort()


def active_employees(rs: Ruleset, p: Player) -> int:
    """Standing employees, not counting the permanent Human Resources one."""
    permanent = rs.permanent
    total = 0
    for cell, occupied in p.standing.items():
        fixed = permanent.get(p.cells[cell])
        total += len(occupied) if not fixed else sum(1 for i in occupied if i not in fixed)
    return total


def employees_total(p: Player) -> int:
    return (sum(p.lying.values()) + sum(len(s) for s in p.standing.values())
            + sum(p.missions.values()) + p.supply)


def owned_departments(rs: Ruleset, p: Player) -> list[Department]:
    depts = rs.components.departments
    return [depts[d] for d in p.cells.values() if d != LOBBY]


def departments_of_type(rs: Ruleset, p: Player, dept_type: str) -> int:
    """How many departments of a type the player has."""
    return sum(1 for d in owned_departments(rs, p) if d.type == dept_type)

"""Words for the things on the board and for actions: names of cities, regions, departments,
project types, donations, and a short sentence for any action. Read-only: nothing here changes a game.
"""
from __future__ import annotations

from ..components import components
from ..rules import research
from ..rules.timeline import ROWS, event_row, space
from ..state import State

C = components()

DEPARTMENTS = {d.code: d for d in C.departments.values()}
TYPE_NAMES = {"HR": "Human Resources", "MG": "Management", "CO": "Construction",
              "RD": "Research & Development"}
TYPE_ORDER = ("HR", "MG", "CO", "RD")
REGIONS = tuple(C.regions)


def city(city_id: str) -> str:
    return C.cities[city_id].name if city_id in C.cities else city_id


def region(region_id: str) -> str:
    return C.regions[region_id].name if region_id in C.regions else region_id


def department(code: str) -> str:
    return DEPARTMENTS[code].name if code in DEPARTMENTS else code


def department_of_cell(state: State, seat: int, cell: str) -> str:
    dept_id = state.players[seat].cells.get(cell)
    if dept_id is None:
        return "empty"
    if dept_id == "lobby":
        return "Lobby"
    return C.departments[dept_id].name


def project(ptype: str) -> str:
    return C.tabs[ptype].name if ptype in C.tabs else ptype


def donation(donation_id: str) -> str:
    return C.donations[donation_id].name if donation_id in C.donations else donation_id


def donation_short(donation_id: str) -> str:
    """'Education: HR departments' -> 'HR departments' (the chart's column says the theme)."""
    name = donation(donation_id)
    return name.split(": ", 1)[1] if ": " in name else name


def money(n: int) -> str:
    return f"${n}"


def reward(r) -> str:
    parts = [f"${r.money}" if r.money else "", f"{r.goods} goods" if r.goods else "",
             f"{r.vp} VP" if r.vp else "", f"{r.study} study" if r.study else "",
             f"{r.employees} employee(s)" if r.employees else ""]
    return " + ".join(x for x in parts if x) or "nothing"


def event_text(income: str | None, donation_ok: bool) -> str:
    parts = []
    if income:
        parts.append(f"Take Income in the {region(income)}")
    if donation_ok:
        parts.append("Make a Donation")
    return " and ".join(parts) or "no event"


def timeline_row(state: State, action_type: str) -> tuple[str, str]:
    """(label, tooltip) of a timeline row as a choice: its departments and the event it triggers."""
    row = ROWS.index(action_type)
    er = event_row(state, row)
    if er is None:
        return f"{action_type} · {TYPE_NAMES[action_type]}", "every timeline marker is at its end"
    ev = space(state, er, state.board.markers[er] + 1)
    label = f"{action_type} · {TYPE_NAMES[action_type]}  —  event: {event_text(ev.income, ev.donation)}"
    tip = (f"Everybody uses their {TYPE_NAMES[action_type]} departments this round; first every "
           f"player may {event_text(ev.income, ev.donation).lower()}.")
    if er != row:
        tip += f" (The {action_type} row is at its end: the {ROWS[er]} row's next event is used.)"
    return label, tip


def tab_step(state: State, seat: int, ptype: str) -> str:
    p = state.players[seat]
    spaces = research.tab_spaces(p, ptype)
    revealed = p.tabs[ptype][0]
    if revealed >= len(spaces):
        return f"{project(ptype)} tab"
    sp = spaces[revealed]
    what = "a new project" if sp.kind == "project" else f"{sp.vp} VP at game end"
    return f"{project(ptype)} tab: {what} ({sp.cost} study)"


def track_step(state: State, seat: int, region_id: str) -> str:
    p = state.players[seat]
    pos = p.tracks[region_id]
    spaces = C.tracks[region_id].spaces
    if pos + 1 >= len(spaces):
        return f"{region(region_id)} track"
    cost = research.track_step_cost(p, region_id)
    return f"{region(region_id)} track → {spaces[pos + 1].level} ({cost} study)"


__all__ = ["C", "DEPARTMENTS", "REGIONS", "TYPE_NAMES", "TYPE_ORDER", "city", "department",
           "department_of_cell", "donation", "donation_short", "event_text", "money", "project", "reward",
           "region", "tab_step", "timeline_row", "track_step"]

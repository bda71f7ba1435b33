"""The expansion Department tiles (17-32) that are used like departments.

Ongoing and end-game tiles live where their effect applies: Corporate Communications (employees.py,
diagonal steps), Payroll Management (employees.py, activation), Political Lobbying (construction.py),
Archives (research.py, flow.py income), Green Spaces, Public Relations, Post Office and Network of
Libraries (scoring.py).
"""
from __future__ import annotations

from ..state import State
from . import company
from .construction import projects_in
from .core import C, Args, note, regions
from .departments import BY_CODE, department_rule, earn, mission, region_check, study, with_regions


def _grant(state: State, pi: int, code: str, kind: str, amount: int, why: str) -> None:
    """Give `amount` of money, goods, VP, moves or study points from a tile's use."""
    name = f"{BY_CODE[code].name} ({why})"
    if kind == "moves":
        state.flow.moves += amount
        note(state, f"{state.players[pi].name} uses {name}: {amount} moves")
    elif kind == "study":
        study(state, pi, name, amount)
    else:
        earn(state, pi, name, **{kind: amount})


# -- a mission, then a reward per department of a type ----------------------------------------------

COUNT_TILES = {          # code: (department type counted, reward kind, parameter per department)
    "accounting": ("MG", "money", "money_per_department"),
    "production": ("CO", "goods", "goods_per_department"),
    "rdcoord": ("RD", "study", "study_per_department"),
}


def _departments_of(state: State, pi: int, dept_type: str) -> int:
    return sum(1 for d in company.owned_departments(state.players[pi]) if d.type == dept_type)


def _count_tile(code: str):
    dept_type, kind, param = COUNT_TILES[code]

    @department_rule(code, with_regions(()), lambda s, pi, a: region_check(a))
    def use(state, pi, cell, args):
        mission(state, pi, cell, args[-1])
        n = _departments_of(state, pi, dept_type)
        _grant(state, pi, code, kind, n * BY_CODE[code].params[param], f"{n} {dept_type} departments")


for _code in COUNT_TILES:
    _count_tile(_code)


@department_rule("hradmin", with_regions(()), lambda s, pi, a: region_check(a))
def _hr_administration(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    count = BY_CODE["hradmin"].params["moves_per_department"] * _departments_of(state, pi, "HR")
    state.flow.stack.append({"kind": "relocate", "count": count})
    note(state, f"{state.players[pi].name} uses HR Administration: {count} employee(s) may move anywhere")


# -- a reward per own project in a chosen region ----------------------------------------------------

REGION_TILES = {         # code: {choice: (reward kind, parameter per project)}
    "partners": {"money": ("money", "money_per_project"), "moves": ("moves", "moves_per_project")},
    "branding": {"money": ("money", "money_per_project"), "goods": ("goods", "goods_per_project")},
    "renovation": {"money": ("money", "money_per_project"), "vp": ("vp", "vp_per_project")},
    "knowledge": {"money": ("money", "money_per_project"), "study": ("study", "study_per_project")},
}


def _check_region(state: State, pi: int, args: Args) -> str | None:
    return None if args[0] in C.regions else f"unknown region {args[0]!r}"


def _region_tile(code: str):
    choices = REGION_TILES[code]

    @department_rule(code, lambda s, pi: [(r, c) for r in regions() for c in choices], _check_region)
    def use(state, pi, cell, args):
        region, choice = args
        kind, param = choices[choice]
        n = projects_in(state, pi, region)
        _grant(state, pi, code, kind, n * BY_CODE[code].params[param], f"{n} projects in the {region}")


for _code in REGION_TILES:
    _region_tile(_code)

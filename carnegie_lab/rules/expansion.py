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
from .departments import BY_CODE, earn, mission, region_check, study, with_regions, department_rule


def _per_type(state: State, pi: int, dept_type: str) -> int:
    return sum(1 for d in company.owned_departments(state.players[pi]) if d.type == dept_type)


def _region_options(*choices: str):
    return lambda state, pi: [(r, c) for r in regions() for c in choices]


def _check_region(state: State, pi: int, args: Args) -> str | None:
    return None if args[0] in C.regions else f"unknown region {args[0]!r}"


def _region_count(state: State, pi: int, args: Args) -> int:
    return projects_in(state, pi, args[0])


@department_rule("hradmin", with_regions(()), lambda s, pi, a: region_check(a))
def _hr_administration(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    count = BY_CODE["hradmin"].params["moves_per_department"] * _per_type(state, pi, "HR")
    state.flow.stack.append({"kind": "relocate", "count": count})
    note(state, f"{state.players[pi].name} uses HR Administration: {count} employee(s) may move anywhere")


@department_rule("partners", _region_options("money", "moves"), _check_region)
def _local_partners(state, pi, cell, args):
    n, params = _region_count(state, pi, args), BY_CODE["partners"].params
    if args[1] == "money":
        earn(state, pi, f"Local Partners ({n} projects)", money=n * params["money_per_project"])
    else:
        state.flow.moves += n * params["moves_per_project"]
        note(state, f"{state.players[pi].name} uses Local Partners: {n * params['moves_per_project']} moves")


@department_rule("accounting", with_regions(()), lambda s, pi, a: region_check(a))
def _accounting(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    earn(state, pi, "Accounting", money=BY_CODE["accounting"].params["money_per_department"] * _per_type(state, pi, "MG"))


@department_rule("branding", _region_options("money", "goods"), _check_region)
def _branding(state, pi, cell, args):
    n, params = _region_count(state, pi, args), BY_CODE["branding"].params
    amount = {"money": n * params["money_per_project"]} if args[1] == "money" else {"goods": n * params["goods_per_project"]}
    earn(state, pi, f"Branding ({n} projects)", **amount)


@department_rule("production", with_regions(()), lambda s, pi, a: region_check(a))
def _production_lines(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    earn(state, pi, "Production Lines", goods=BY_CODE["production"].params["goods_per_department"] * _per_type(state, pi, "CO"))


@department_rule("renovation", _region_options("money", "vp"), _check_region)
def _renovation(state, pi, cell, args):
    n, params = _region_count(state, pi, args), BY_CODE["renovation"].params
    amount = {"money": n * params["money_per_project"]} if args[1] == "money" else {"vp": n * params["vp_per_project"]}
    earn(state, pi, f"Renovation ({n} projects)", **amount)


@department_rule("rdcoord", with_regions(()), lambda s, pi, a: region_check(a))
def _rd_coordination(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    study(state, pi, "R&D Coordination", BY_CODE["rdcoord"].params["study_per_department"] * _per_type(state, pi, "RD"))


@department_rule("knowledge", _region_options("money", "study"), _check_region)
def _knowledge_sharing(state, pi, cell, args):
    n, params = _region_count(state, pi, args), BY_CODE["knowledge"].params
    if args[1] == "money":
        earn(state, pi, f"Knowledge Sharing ({n} projects)", money=n * params["money_per_project"])
    else:
        study(state, pi, f"Knowledge Sharing ({n} projects)", n * params["study_per_project"])

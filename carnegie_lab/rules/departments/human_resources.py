"""The HR departments: Human Resources (starting), tiles 1-4 and the expansion tiles 17-20."""
from __future__ import annotations

from ...core.components import Department
from ...core.i18n import N_, Message
from ...core.later import later, line
from ...core.state import DecisionKind, Relocation, State
from ...core.words import amount_text, count_of, plural, plural_line
from .. import company
from ..core import note, recruit
from ..employees import moved
from ..registry import Args, DepartmentRules, Vocab, department, verb
from .base import (
    check_region_last,
    earn,
    fixed,
    mission,
    on_mission,
    param,
    per_employee,
    region_check,
    region_tile,
    with_regions,
)

# -- Human Resources: all the moves of the turn in one use -----------------------------------------


def _hr_turn_start(state: State, pi: int, dept: Department) -> None:
    cell = company.cell_of(state.players[pi], dept.id)
    assert cell is not None
    state.flow.hr_moves = param(dept, "moves_per_employee") * company.standing(state.players[pi], cell)


def _hr(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    state.flow.moves += state.flow.hr_moves
    note(state, lambda: line("{player} uses {what}: {moves}", player=state.players[pi].name, what=Message(dept.name),
                      moves=later(count_of, "moves", state.flow.hr_moves)))


department(DepartmentRules(
    "human_resources", per_employee("moves", "moves_per_employee"), value=0.8, local=True,
    patterns=((),), options=fixed(()), effect=_hr, all_at_once=True, exact=True,
    hooks={"turn_start": _hr_turn_start},
    describe=lambda state, pi, dept, args: N_("+{n} moves", n=state.flow.hr_moves)))


# -- Training & Partnerships: money or moves, with a mission -------------------------------------

def _training(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    if args[0] == "money":
        earn(state, pi, Message(dept.name), money=param(dept, "money"))
    else:
        state.flow.moves += param(dept, "moves")
        note(state, lambda: line("{player} gains {moves}", player=state.players[pi].name,
                          moves=later(count_of, "moves", param(dept, "moves"))))


department(DepartmentRules(
    "training_partnerships",
    on_mission(lambda dept: N_("take ${money} or {moves}", money=param(dept, "money"),
                               moves=count_of("moves", param(dept, "moves")))),
    value=2.5, local=True, patterns=(("=money", "=to", "region"), ("=moves", "=to", "region")),
    options=with_regions(("money",), ("moves",)), check=check_region_last, effect=_training, exact=True,
    describe=lambda state, pi, dept, args: amount_text(args[0], param(dept, args[0]))))


# -- Recruiting: hire an employee (with a mission) or gain moves ----------------------------------

def _check_recruiting(state: State, pi: int, dept: Department, args: Args) -> str | None:
    if args[0] == "hire":
        if state.players[pi].supply < 1:
            return N_("no employee left in the personal supply to hire")
        return region_check(state, args)
    return None


def _recruiting(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    if args[0] == "hire":
        mission(state, pi, cell, args[-1])
        recruit(state, pi, param(dept, "employees"))
        note(state, lambda: line("{player} hires a new employee", player=state.players[pi].name))
    else:
        state.flow.moves += param(dept, "moves")
        note(state, lambda: line("{player} gains {moves}", player=state.players[pi].name,
                          moves=later(count_of, "moves", param(dept, "moves"))))


def _describe_recruiting(state: State, pi: int, dept: Department, args: Args) -> str:
    if args[0] == "hire":
        return N_("hire {n} employee", n=param(dept, "employees"))
    return amount_text("moves", param(dept, "moves"))


def _recruiting_summary(dept: Department) -> Message:
    hire = plural("send its employee on a mission to hire {n} new employee",
                  "send its employee on a mission to hire {n} new employees", param(dept, "employees"))
    return N_("{hire}, or take {moves} without a mission", hire=hire, moves=count_of("moves", param(dept, "moves")))


department(DepartmentRules(
    "recruiting", _recruiting_summary, value=1.2, local=True, patterns=(("=hire", "=to", "region"), ("=moves",)),
    options=fixed(("moves",)) + with_regions(("hire",)),
    check=_check_recruiting, effect=_recruiting, describe=_describe_recruiting))


# -- Safety & Quality: VP for active employees, with a mission ------------------------------------

def _safety_vp(state: State, pi: int, dept: Department) -> int:
    per = param(dept, "employees_per_vp")
    active = company.active_employees(state.rules, state.players[pi])
    return active // per if dept.params["rounding"] == "down" else -(-active // per)


def _safety(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    earn(state, pi, Message(dept.name), vp=_safety_vp(state, pi, dept))


#: how Safety & Quality rounds its VP (its ``rounding`` parameter), in words
ROUNDING = {"down": N_("rounded down"), "up": N_("rounded up")}

department(DepartmentRules(
    "safety_quality",
    on_mission(lambda dept: N_("score 1 VP for every {n} active employees of your company, {rounding}",
                               n=param(dept, "employees_per_vp"), rounding=ROUNDING[str(dept.params["rounding"])])),
    value=1.8, local=True,
    patterns=(("=to", "region"),), options=with_regions(()), check=check_region_last,
    effect=_safety, exact=True,
    describe=lambda state, pi, dept, args: N_("1 VP per {n} working employees", n=param(dept, "employees_per_vp"))))


# -- New Lobby: a second lobby (arriving employees choose one) ------------------------------------

department(DepartmentRules(
    "new_lobby", lambda dept: N_("a second Lobby, where new and returning employees may arrive; building it costs "
                                 "{goods} more", goods=count_of("goods", dept.build_extra_goods)),
    value=0.5, lobby=True))


# -- HR Administration (expansion): employees moved anywhere, one per HR department ----------------

def _hr_administration(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    count = _relocations(state, pi, dept)
    state.flow.stack.append(Relocation(count))
    note(state, lambda: plural_line("{player} uses {department}: {n} employee may move anywhere",
                              "{player} uses {department}: {n} employees may move anywhere", count,
                              player=state.players[pi].name, department=Message(dept.name)))


def _relocations(state: State, pi: int, dept: Department) -> int:
    return param(dept, "moves_per_department") * company.departments_of_type(state.rules, state.players[pi], "HR")


department(DepartmentRules(
    "hr_administration", on_mission(lambda dept: plural(
        "move {n} employee anywhere in your company for each HR department you have",
        "move {n} employees anywhere in your company for each HR department you have",
        param(dept, "moves_per_department"))),
    value=1.0, patterns=(("=to", "region"),), options=with_regions(()), check=check_region_last,
    effect=_hr_administration, exact=True,
    describe=lambda state, pi, dept, args: plural("move {n} employee anywhere", "move {n} employees anywhere",
                                                  _relocations(state, pi, dept))))


def _relocate_candidates(state: State, pi: int):
    rs, p = state.rules, state.players[pi]
    cells = rs.components.company.cells
    for source in company.movable_cells(rs, p):
        for target in cells:
            if target != source:
                yield source, target


def _check_relocate(state: State, pi: int, args: Args) -> str | None:
    source, target = args
    if source == target:
        return N_("the employee must move to another space")
    if not company.can_leave(state.rules, state.players[pi], source):
        return N_("no employee in {source} can move", source=source)
    return None


@verb("relocate", [("cell", "cell")], (DecisionKind.RELOCATE,), _relocate_candidates, _check_relocate, exact=True,
      vocab=Vocab(N_("HR Administration move"), "relocate", 20, board="move"))
def _relocate(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    company.move_employee(state.rules, p, args[0], args[1])
    frame = state.flow.stack[-1]
    assert isinstance(frame, Relocation)
    frame.count -= 1
    if frame.count == 0:
        state.flow.stack.pop()
    note(state, lambda: line("{player} moves an employee from {source} to {target} with HR Administration",
                             player=p.name, **moved(state, p, *args)))


# -- Local Partners (expansion): money or moves per project in a region ---------------------------

region_tile("local_partners", {"money": "money_per_project", "moves": "moves_per_project"}, value=1.0)


# -- Corporate Communications (expansion): diagonal moves in turns that begin with it staffed -----

def _diagonal(state: State, pi: int, dept: Department) -> None:
    state.flow.diagonal = True


department(DepartmentRules(
    "corporate_communications", lambda dept: N_("your employees may also move diagonally in your company"),
    value=1.0, hooks={"turn_start": _diagonal}))


# -- Green Spaces (expansion): VP per empty space of the company at the end -----------------------

def _green_spaces(state: State, pi: int, dept: Department) -> int:
    cells = state.players[pi].cells
    empty = sum(1 for c in state.rules.components.company.cells if c not in cells)
    return param(dept, "vp_per_empty_space") * empty


department(DepartmentRules(
    "green_spaces", lambda dept: N_("{vp} VP for each empty space of your company",
                                    vp=param(dept, "vp_per_empty_space")),
    value=1.0, hooks={"end_game": _green_spaces}))

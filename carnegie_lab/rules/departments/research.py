"""The R&D departments: Research & Development (starting), tiles 13-16 and the expansion tiles 29-32."""
from __future__ import annotations

from ...core.components import Department
from ...core.i18n import N_, Message
from ...core.state import NEUTRAL, State
from ...core.words import count_of, plural
from .. import company
from ..construction import projects_in
from ..donations import give, payment_check
from ..registry import Args, DepartmentRules, department
from .base import (
    check_region_last,
    count_tile,
    fixed,
    mission,
    on_mission,
    param,
    per_employee,
    region_check,
    region_tile,
    study,
    with_regions,
)


def _points(state: State, pi: int, dept: Department, key: str) -> int:
    """Study points of one use of a pooled department: per standing employee."""
    cell = company.cell_of(state.players[pi], dept.id)
    assert cell is not None
    return param(dept, key) * company.standing(state.players[pi], cell)


def _pooled(dept_id: str, key: str, value: float) -> DepartmentRules:
    """A department whose every use comes at once: `key` study points per standing employee (a bot
    values its use at `value`; it is local to the turn)."""
    def effect(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
        study(state, pi, Message(dept.name), _points(state, pi, dept, key))
    return department(DepartmentRules(
        dept_id, per_employee("study", key), patterns=((),), options=fixed(()), effect=effect, all_at_once=True,
        exact=True, value=value, local=True,
        describe=lambda state, pi, dept, args: N_("+{n} study points", n=_points(state, pi, dept, key))))


_pooled("research", "study_per_employee", value=1.2)
_pooled("advanced_design", "study", value=2.0)


# -- Advanced Research: study points, with a mission -----------------------------------------------

def _advanced_research(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    study(state, pi, Message(dept.name), param(dept, "study"))


department(DepartmentRules(
    "advanced_research", on_mission(lambda dept: N_("take {study}", study=count_of("study", param(dept, "study")))),
    value=2.2, local=True,
    patterns=(("=to", "region"),), options=with_regions(()), check=check_region_last,
    effect=_advanced_research, exact=True,
    describe=lambda state, pi, dept, args: N_("+{n} study points", n=param(dept, "study"))))


# -- Charitable Giving: join a donation that somebody made, with a mission ---------------------------

def _charity_options(state: State, pi: int, dept: Department) -> list[Args]:
    return [(d, "to", r) for d in state.board.donations for r in state.rules.components.regions]


def _check_charity(state: State, pi: int, dept: Department, args: Args) -> str | None:
    donation = args[0]
    donations = state.rules.components.donations
    if donation not in donations:
        return N_("unknown donation {donation}", donation=repr(donation))
    owners = state.board.donations.get(donation)
    if not owners:
        return N_("{donation} has no donation to join yet", donation=Message(donations[donation].name))
    if owners[0] == NEUTRAL:
        return N_("{donation} is blocked by a neutral disc", donation=Message(donations[donation].name))
    if pi in owners:
        return N_("{player} already donated to {donation}",
                  player=state.players[pi].name, donation=Message(donations[donation].name))
    return region_check(state, args) or payment_check(state, pi)


def _charitable_giving(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    give(state, pi, args[0])


department(DepartmentRules(
    "charitable_giving",
    on_mission(lambda dept: N_("join a donation another player made, paying the price of your next donation")),
    value=2.0,
    patterns=(("name", "=to", "region"),), options=_charity_options, check=_check_charity,
    effect=_charitable_giving,
    describe=lambda state, pi, dept, args: N_("join {donation}",
                                              donation=Message(state.rules.components.donations[args[0]].name))))


# -- Telegraph Operators: cheaper track steps ------------------------------------------------------

department(DepartmentRules("telegraph_operators", lambda dept: plural(
    "each step on a transport track costs {n} study point less, at least {least}",
    "each step on a transport track costs {n} study points less, at least {least}",
    param(dept, "track_discount"), least=param(dept, "min_cost")), value=1.0, hooks={
    "track_cost": lambda dept, cost: max(param(dept, "min_cost"), cost - param(dept, "track_discount"))}))


# -- the expansion tiles ----------------------------------------------------------------------------

count_tile("rd_coordination", "RD", "study", "study_per_department", value=1.0)
region_tile("knowledge_sharing", {"money": "money_per_project", "study": "study_per_project"}, value=1.0)

department(DepartmentRules(
    "archives", lambda dept: N_("you may take the transport income of a lower space of a track, and your disc may "
                                "enter a final box that is taken"),
    value=1.0, hooks={"income_spaces": lambda dept: True, "enter_taken_final_box": lambda dept: True}))


def _libraries(state: State, pi: int, dept: Department) -> int:
    return param(dept, "vp_per_project") * min(projects_in(state, pi, r) for r in state.rules.components.regions)


department(DepartmentRules(
    "network_libraries", lambda dept: N_("{vp} VP for each of your projects in the region where you have the fewest",
                                         vp=param(dept, "vp_per_project")),
    value=1.0, hooks={"end_game": _libraries}))

"""The Construction departments: Construction (starting), tiles 9-12 and the expansion tiles 25-28."""
from __future__ import annotations

from ...core.components import Department
from ...core.i18n import N_, Message
from ...core.later import line
from ...core.state import State
from ...core.words import a_project, count_of, plural
from ...core.words import mission as mission_words
from ..construction import build, build_check, build_options
from ..core import note, pay_check
from ..registry import Args, DepartmentRules, department
from .base import count_tile, counts, earn, mission, on_mission, param, region_tile

PROJECT_PATTERNS = (("project", "city"),)


def _project_options(state: State, pi: int, dept: Department):
    return build_options(state, pi)


def _check_project(state: State, pi: int, dept: Department, args: Args) -> str | None:
    return build_check(state, pi, args[0], args[1])


def _build_on_mission(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    ptype, city = args
    mission(state, pi, cell, state.rules.components.cities[city].region)
    build(state, pi, ptype, city)


def _describe_project(extra: str):
    """A project's use in words; ``extra``: what follows it, filled with the department's parameters
    (else its mission)."""
    def describe(state: State, pi: int, dept: Department, args: Args) -> str:
        C = state.rules.components
        town = C.cities[args[1]]
        how = Message(extra, **dept.params) if extra else \
            Message(", {mission}", mission=mission_words(C.regions[town.region].name))
        return N_("build {project} in {city} ({goods} goods){how}", project=a_project(C.tabs[args[0]].name),
                  city=Message(town.name), goods=C.tabs[args[0]].goods_cost, how=how)
    return describe


_BUILD_ON_MISSION = on_mission(lambda dept: N_("build a project in a city of that region, paying its goods"))

for _id in ("construction", "engineering"):     # the same use: a project, with a mission to its region
    department(DepartmentRules(_id, _BUILD_ON_MISSION, patterns=PROJECT_PATTERNS, options=_project_options,
                               check=_check_project,
                               effect=_build_on_mission, exact=True, describe=_describe_project(""),
                               board="site", value=2.6))


# -- Construction Outsourcing: a project without a mission, for money ------------------------------

def _check_outsourcing(state: State, pi: int, dept: Department, args: Args) -> str | None:
    return build_check(state, pi, args[0], args[1], extra_money=param(dept, "money"))


def _outsourcing(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    state.players[pi].money -= param(dept, "money")
    build(state, pi, args[0], args[1])


department(DepartmentRules(
    "construction_outsourcing",
    lambda dept: N_("build a project without a mission, paying ${money} and its goods", money=param(dept, "money")),
    value=2.0, board="site", patterns=PROJECT_PATTERNS,
    options=lambda state, pi, dept: build_options(state, pi, extra_money=param(dept, "money")),
    check=_check_outsourcing, effect=_outsourcing, exact=True, describe=_describe_project(N_(", pays ${money}"))))


# -- Supply Chain: money turned into goods ---------------------------------------------------------

def _check_supply(state: State, pi: int, dept: Department, args: Args) -> str | None:
    n = int(args[0])
    if n > param(dept, "max_goods"):
        return N_("at most {n} goods per use", n=param(dept, "max_goods"))
    return pay_check(state.players[pi], money=n * param(dept, "price"))


def _supply_chain(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    n = int(args[0])
    state.players[pi].money -= n * param(dept, "price")
    earn(state, pi, N_("{department} (${n})", department=Message(dept.name), n=n), goods=n)


department(DepartmentRules(
    "supply_chain", lambda dept: N_("buy up to {most} for ${price} each", price=param(dept, "price"),
                                    most=count_of("goods", param(dept, "max_goods"))),
    value=1.0, local=True,
    patterns=(("count",),), options=counts, check=_check_supply, effect=_supply_chain,
    describe=lambda state, pi, dept, args: N_("buy {n} goods for ${money}", n=args[0],
                                              money=int(args[0]) * param(dept, "price"))))


# -- Communications: cheaper donations -------------------------------------------------------------

department(DepartmentRules(
    "communications",
    lambda dept: N_("a donation costs ${price} for each donation you have made, this one included, instead of the "
                    "usual price", price=param(dept, "donation_price")),
    value=1.5, hooks={
    "donation_price": lambda dept, base: param(dept, "donation_price")}))


# -- the expansion tiles ----------------------------------------------------------------------------

count_tile("production_lines", "CO", "goods", "goods_per_department", value=1.0)
region_tile("renovation", {"money": "money_per_project", "vp": "vp_per_project"}, value=1.0)


def _lobbying_vp(state: State, pi: int, dept: Department, matching: bool) -> None:
    """Political Lobbying: any site will do, and a project on its own type of site scores VP."""
    if matching:
        p = state.players[pi]
        p.vp += param(dept, "match_vp")
        note(state, lambda: line("{player} gains {n} VP from {department}", player=p.name, n=param(dept, "match_vp"),
                          department=Message(dept.name)))


department(DepartmentRules(
    "political_lobbying",
    lambda dept: N_("a project may go on a site of any type; one built on a site of its own type scores {vp} VP",
                    vp=param(dept, "match_vp")),
    value=1.0, hooks={"any_site": lambda dept: True, "project_built": _lobbying_vp}))


def _post_office_bonus(dept: Department, points: int) -> int:
    return param(dept, "vp_at_max") if points >= param(dept, "max_points") else 0


def _post_office_summary(dept: Department) -> Message:
    return plural("every network counts {n} connection point more; your best network scores {vp} VP more if it "
                  "reaches {most} points", "every network counts {n} connection points more; your best network "
                  "scores {vp} VP more if it reaches {most} points", param(dept, "connection_points"),
                  vp=param(dept, "vp_at_max"), most=param(dept, "max_points"))


department(DepartmentRules("post_office", _post_office_summary, value=1.0,
                           hooks={"connection_points": lambda dept: param(dept, "connection_points"),
                                  "connection_bonus": _post_office_bonus}))

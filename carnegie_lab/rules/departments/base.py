"""What every department module shares: when a department can be used, one use, and the effects
many of them have (a mission, money or goods earned, study points, a region argument)."""
from __future__ import annotations

from typing import Callable

from ...core.components import Components, Department
from ...core.i18n import N_, Message, Worded, render, wording
from ...core.later import later, line
from ...core.state import State
from ...core.words import amount_text, count_of, id_name, plural
from ...core.words import mission as mission_words
from .. import company
from ..construction import projects_in
from ..core import note
from ..registry import Args, DepartmentRules, department
from ..timeline import TYPE_NAMES


def usable(state: State, pi: int, dept: Department) -> str | None:
    """Why the player cannot use this department now (None if they can).

    A department is used once per standing employee, one department at a time: starting another one
    closes the open one for the rest of the turn."""
    p, f = state.players[pi], state.flow
    cell = company.cell_of(p, dept.id)
    if cell is None:
        return N_("{player} has no {department} department", player=p.name, department=Message(dept.name))
    if dept.type != f.turn_type:
        return N_("{department} is a {type} department and this turn uses {turn}",
                  department=Message(dept.name), type=dept.type, turn=f.turn_type)
    if cell in f.closed:
        return N_("{department} was already used this turn", department=Message(dept.name))
    if company.standing(p, cell) == 0:
        return N_("no employee stands in {department}", department=Message(dept.name))
    if cell == f.open and f.uses == 0:
        return N_("{department} has no use left", department=Message(dept.name))
    return None


def use(state: State, pi: int, dept: Department, all_at_once: bool) -> str:
    """Open the department (closing the previous one) and count one use; returns its cell."""
    p, f = state.players[pi], state.flow
    cell = company.cell_of(p, dept.id)
    assert cell is not None
    if f.open != cell:
        if f.open is not None:
            f.closed.append(f.open)
        f.open, f.uses = cell, company.standing(p, cell)
    f.uses = 0 if all_at_once else f.uses - 1
    if f.uses == 0:
        f.closed.append(cell)
        f.open = None
    return cell


# -- shared option lists and checks --------------------------------------------------------------

class StaticOptions:
    """Options that depend on the component data only (the Ruleset lists their actions once)."""

    def __init__(self, build: Callable[[Components], list[Args]]):
        self.build = build

    def __call__(self, state: State, pi: int, dept: Department) -> list[Args]:
        return self.build(state.rules.components)

    def __add__(self, other: StaticOptions) -> StaticOptions:
        return StaticOptions(lambda C: self.build(C) + other.build(C))


def fixed(*options: Args) -> StaticOptions:
    """Options that never change (``()`` for a department used without arguments)."""
    return StaticOptions(lambda C: list(options))


def with_regions(*heads: Args) -> StaticOptions:
    """Each head followed by ``to <region>``: a use that sends the employee on a mission."""
    return StaticOptions(lambda C: [(*h, "to", r) for h in heads for r in C.regions])


counts = StaticOptions(lambda C: [(str(n),) for n in range(1, 4)])


def region_check(state: State, args: Args) -> str | None:
    return None if args[-1] in state.rules.components.regions else N_("unknown region {region}", region=repr(args[-1]))


def check_region_last(state: State, pi: int, dept: Department, args: Args) -> str | None:
    return region_check(state, args)


def param(dept: Department, key: str) -> int:
    value = dept.params[key]
    assert isinstance(value, int)
    return value


# -- shared effects ------------------------------------------------------------------------------

def mission(state: State, pi: int, cell: str, region: str) -> None:
    company.send_on_mission(state.rules, state.players[pi], cell, region)
    note(state, lambda: line("{player} sends an employee on a mission to the {region}", player=state.players[pi].name,
                      region=Message(state.rules.components.regions[region].name)))


def earn(state: State, pi: int, what: Message, money: int = 0, goods: int = 0, vp: int = 0) -> None:
    p = state.players[pi]
    p.money += money
    p.goods += goods
    p.vp += vp
    note(state, lambda: line("{player} uses {what}: {gains}", player=p.name, what=what,
                      gains=later(_gains, money=money, goods=goods, vp=vp)))


def _gains(**amounts: int) -> Worded:
    """'+$3, +2 goods' (the amounts that are not 0), in English now and in another language when shown."""
    return Worded(_gains_words, tuple(amount_text(kind, n) for kind, n in amounts.items() if n))


@wording
def _gains_words(lang: str, gains: tuple[Message, ...]) -> str:
    return ", ".join(render(gain, lang) for gain in gains)


def study(state: State, pi: int, what: Message, points: int) -> None:
    state.flow.study += points
    note(state, lambda: line("{player} uses {what}: {points}", player=state.players[pi].name, what=what,
                      points=later(count_of, "study", points)))


def grant(state: State, pi: int, what: Message, kind: str, amount: int) -> None:
    """Give `amount` of money, goods, VP, moves or study points from a department's use (`what`: the
    department, as the log names it)."""
    if kind == "moves":
        state.flow.moves += amount
        note(state, lambda: line("{player} uses {what}: {moves}", player=state.players[pi].name, what=what,
                          moves=later(count_of, "moves", amount)))
    elif kind == "study":
        study(state, pi, what, amount)
    else:
        earn(state, pi, what, **{kind: amount})


def mission_text(state: State, args: Args) -> str:
    """', mission to the West' for a use ending in ``to <region>``, else ''."""
    if len(args) >= 2 and args[-2] == "to":
        return Message(", {mission}", mission=mission_words(state.rules.components.regions[args[-1]].name))
    return ""


# -- what a tile does, in one sentence (a department's ``summary``) --------------------------------

def per_employee(kind: str, key: str) -> Callable[[Department], Message]:
    """'3 moves for each active employee here': a use pooled over the employees standing on the tile."""
    return lambda dept: N_("{gain} for each active employee here", gain=count_of(kind, param(dept, key)))


def on_mission(then: Callable[[Department], Message]) -> Callable[[Department], Message]:
    """'send its employee on a mission, then ...': a use that always sends its employee away."""
    return lambda dept: N_("send its employee on a mission, then {then}", then=then(dept))


# -- two families of expansion tiles -------------------------------------------------------------

def count_tile(dept_id: str, counted_type: str, kind: str, per: str, value: float) -> DepartmentRules:
    """A tile used with a mission that pays `kind` per department of `counted_type` the player has
    (`per` names the parameter); a bot values a use at `value`."""
    def effect(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
        mission(state, pi, cell, args[-1])
        n = company.departments_of_type(state.rules, state.players[pi], counted_type)
        grant(state, pi, plural("{department} ({n} {type} department)", "{department} ({n} {type} departments)", n,
                                department=Message(dept.name), type=id_name(counted_type, TYPE_NAMES[counted_type])),
              kind, n * param(dept, per))

    def describe(state: State, pi: int, dept: Department, args: Args) -> str:
        n = company.departments_of_type(state.rules, state.players[pi], counted_type)
        return amount_text(kind, n * param(dept, per))

    summary = on_mission(lambda dept: N_("{gain} for each {type} department you have",
                                         gain=amount_text(kind, param(dept, per)),
                                         type=Message(TYPE_NAMES[counted_type])))
    return department(DepartmentRules(dept_id, summary, patterns=(("=to", "region"),), options=with_regions(()),
                                      check=check_region_last, effect=effect, exact=True, describe=describe,
                                      value=value))


def region_tile(dept_id: str, choices: dict[str, str], value: float) -> DepartmentRules:
    """A tile used without a mission: ``<region> <choice>`` pays the choice (money, goods, VP, moves
    or study points; `choices` maps it to its parameter) per own project in the region; a bot values
    a use at `value`."""
    options = StaticOptions(lambda C: [(r, c) for r in C.regions for c in choices])

    def check(state: State, pi: int, dept: Department, args: Args) -> str | None:
        return None if args[0] in state.rules.components.regions else N_("unknown region {region}",
                                                                         region=repr(args[0]))

    def effect(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
        region, choice = args
        n = projects_in(state, pi, region)
        name = state.rules.components.regions[region].name
        what = plural("{department} ({n} project in the {region})", "{department} ({n} projects in the {region})", n,
                      department=Message(dept.name), region=id_name(region, name))
        grant(state, pi, what, choice, n * param(dept, choices[choice]))

    def describe(state: State, pi: int, dept: Department, args: Args) -> str:
        region, choice = args
        n = projects_in(state, pi, region)
        return plural("{n} project in the {region} → {gain}", "{n} projects in the {region} → {gain}", n,
                      region=Message(state.rules.components.regions[region].name),
                      gain=amount_text(choice, n * param(dept, choices[choice])))

    def summary(dept: Department) -> Message:
        first, second = (amount_text(c, param(dept, key)) for c, key in choices.items())
        return N_("{first} or {second} for each of your projects in one region you choose", first=first,
                  second=second)

    patterns = tuple(("region", f"={c}") for c in choices)
    return department(DepartmentRules(dept_id, summary, patterns=patterns, options=options, check=check, effect=effect,
                                      exact=True, describe=describe, value=value))

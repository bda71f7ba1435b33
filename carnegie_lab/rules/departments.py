"""Using departments in the Use Departments step: the shared sequencing rules and every effect.

A department is used once per standing employee, one department at a time: starting another one
closes the open one for the rest of the turn. Human Resources, R&D and Advanced Design grant all
their moves or study points in one use (they are pooled for the turn).
"""
from __future__ import annotations

from ..components import ACTION_TYPES, Department
from ..state import NEUTRAL, State
from . import company
from .construction import build, build_candidates, build_check
from .core import C, K, Args, note, pay_check, recruit, regions, rule
from .donations import give, payment_check

BY_CODE: dict[str, Department] = {d.code: d for d in C.departments.values()}


def _usable(state: State, pi: int, dept: Department) -> str | None:
    p, f = state.players[pi], state.flow
    cell = company.cell_of(p, dept.id)
    if cell is None:
        return f"{p.name} has no {dept.name} department"
    if dept.type != f.turn_type:
        return f"{dept.name} is a {dept.type} department and this turn uses {f.turn_type}"
    if cell in f.closed:
        return f"{dept.name} was already used this turn"
    if company.standing(p, cell) == 0:
        return f"no employee stands in {dept.name}"
    if cell == f.open and f.uses == 0:
        return f"{dept.name} has no use left"
    return None


def _use(state: State, pi: int, dept: Department, all_at_once: bool) -> str:
    """Open the department (closing the previous one) and count one use; returns its cell."""
    p, f = state.players[pi], state.flow
    cell = company.cell_of(p, dept.id)
    if f.open != cell:
        if f.open is not None:
            f.closed.append(f.open)
        f.open, f.uses = cell, company.standing(p, cell)
    f.uses = 0 if all_at_once else f.uses - 1
    if f.uses == 0:
        f.closed.append(cell)
        f.open = None
    return cell


def department_rule(code: str, options, check=None, all_at_once: bool = False):
    """Register a department's use: `options(state, pi)` lists argument tuples to try,
    `check(state, pi, args)` says why an effect cannot be paid, the decorated function applies it."""
    dept = BY_CODE[code]

    def candidates(state: State, pi: int):
        if dept.type == state.flow.turn_type and _usable(state, pi, dept) is None:
            yield from options(state, pi)

    def full_check(state: State, pi: int, args: Args) -> str | None:
        return _usable(state, pi, dept) or (check(state, pi, args) if check else None)

    def register(effect):
        @rule(code, ("turn",), candidates, full_check)
        def do(state: State, pi: int, args: Args) -> None:
            cell = _use(state, pi, dept, all_at_once)
            effect(state, pi, cell, args)
        return effect
    return register


def _fixed(*options: Args):
    return lambda state, pi: options


def with_regions(*heads: Args):
    return lambda state, pi: [(*h, "to", r) for h in heads for r in regions()]


def _counts(state: State, pi: int):
    return [(str(n),) for n in range(1, 4)]


def mission(state: State, pi: int, cell: str, region: str) -> None:
    company.send_on_mission(state.players[pi], cell, region)
    note(state, f"{state.players[pi].name} sends an employee on a mission to the {C.regions[region].name}")


def region_check(args: Args) -> str | None:
    return None if args[-1] in C.regions else f"unknown region {args[-1]!r}"


def earn(state: State, pi: int, what: str, money: int = 0, goods: int = 0, vp: int = 0) -> None:
    p = state.players[pi]
    p.money += money
    p.goods += goods
    p.vp += vp
    note(state, f"{p.name} uses {what}: " + ", ".join(
        s for s in (f"+${money}" if money else "", f"+{goods} goods" if goods else "",
                    f"+{vp} VP" if vp else "") if s))


# -- Human Resources -----------------------------------------------------------------------------

@department_rule("hr", _fixed(()), all_at_once=True)
def _hr(state, pi, cell, args):
    state.flow.moves += state.flow.hr_moves
    note(state, f"{state.players[pi].name} uses Human Resources: {state.flow.hr_moves} moves")


@department_rule("training", with_regions(("money",), ("moves",)), lambda s, pi, a: region_check(a))
def _training(state, pi, cell, args):
    params = BY_CODE["training"].params
    mission(state, pi, cell, args[-1])
    if args[0] == "money":
        earn(state, pi, "Training & Partnerships", money=params["money"])
    else:
        state.flow.moves += params["moves"]
        note(state, f"{state.players[pi].name} gains {params['moves']} moves")


def _check_recruiting(state, pi, args):
    if args[0] == "hire":
        if state.players[pi].supply < 1:
            return "no employee left in the personal supply to hire"
        return region_check(args)
    return None


@department_rule("recruiting", lambda s, pi: [("moves",)] + with_regions(("hire",))(s, pi), _check_recruiting)
def _recruiting(state, pi, cell, args):
    if args[0] == "hire":
        mission(state, pi, cell, args[-1])
        recruit(state, pi, BY_CODE["recruiting"].params["employees"])
        note(state, f"{state.players[pi].name} hires a new employee")
    else:
        state.flow.moves += BY_CODE["recruiting"].params["moves"]
        note(state, f"{state.players[pi].name} gains {BY_CODE['recruiting'].params['moves']} moves")


@department_rule("safety", with_regions(()), lambda s, pi, a: region_check(a))
def _safety(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    per = BY_CODE["safety"].params["employees_per_vp"]
    active = company.active_employees(state.players[pi])
    vp = active // per if BY_CODE["safety"].params["rounding"] == "down" else -(-active // per)
    earn(state, pi, "Safety & Quality", vp=vp)


# -- Management ----------------------------------------------------------------------------------

@department_rule("cf", lambda s, pi: [("money",), ("goods",)] + with_regions(("money",), ("goods",))(s, pi),
                 lambda s, pi, a: region_check(a) if len(a) == 3 else None)
def _commerce(state, pi, cell, args):
    params = BY_CODE["cf"].params
    if len(args) == 3:
        mission(state, pi, cell, args[-1])
        key = "mission_" + args[0]
    else:
        key = args[0]
    amount = params[key]
    earn(state, pi, "Commerce & Finance", **{("money" if args[0] == "money" else "goods"): amount})


def _build_options(state: State, pi: int):
    p = state.players[pi]
    if p.reserve is not None:
        tiles = [p.reserve]
    else:
        owned = set(p.cells.values())
        tiles = [d for d, n in state.board.pool.items() if n > 0 and d not in owned]
    empty = [c for c in C.company.cells if c not in p.cells]
    return [(C.departments[d].code, c) for d in tiles for c in empty]


def department_cost(state: State, pi: int, dept: Department, cell: str) -> int:
    p = state.players[pi]
    base = K.department_cost_with_employee if p.lying.get(cell) else K.department_cost_empty
    return base + dept.build_extra_goods


def _check_build_department(state: State, pi: int, args: Args) -> str | None:
    code, cell = args
    dept = BY_CODE.get(code)
    if dept is None or dept.starting:
        return f"unknown department tile {code!r}"
    p = state.players[pi]
    if company.cell_of(p, dept.id) is not None:
        return f"{p.name} already has {dept.name} (no two identical departments)"
    if p.reserve is not None and p.reserve != dept.id:
        return f"the reserved {C.departments[p.reserve].name} must be {p.name}'s first department"
    if p.reserve is None and state.board.pool.get(dept.id, 0) < 1:
        return f"no {dept.name} tile is left"
    if cell in p.cells:
        return f"{cell} is not an empty space"
    return pay_check(p, goods=department_cost(state, pi, dept, cell))


@department_rule("sp", _build_options, _check_build_department)
def _strategic_planning(state, pi, cell, args):
    code, target = args
    dept = BY_CODE[code]
    p = state.players[pi]
    cost = department_cost(state, pi, dept, target)
    p.goods -= cost
    if p.reserve == dept.id:
        p.reserve = None
    else:
        state.board.pool[dept.id] -= 1
    p.cells[target] = dept.id
    p.built.append(dept.id)
    note(state, f"{p.name} builds {dept.name} on {target} ({cost} goods)")
    if company.is_staffed(p, "property_management") and any(
            company.can_leave(p, c) for c in C.company.cells if c != target):
        state.flow.stack.append({"kind": "property", "cell": target})


def _check_goods(n_key: str):
    def check(state, pi, args):
        n = int(args[0])
        if n > BY_CODE[n_key].params["max_goods"]:
            return f"at most {BY_CODE[n_key].params['max_goods']} goods per use"
        if n_key == "supply":
            return pay_check(state.players[pi], money=n * BY_CODE[n_key].params["price"])
        return pay_check(state.players[pi], goods=n)
    return check


@department_rule("purchasing", with_regions(("goods",), ("money",)), lambda s, pi, a: region_check(a))
def _purchasing(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    params = BY_CODE["purchasing"].params
    earn(state, pi, "Purchasing", **{args[0]: params[args[0]]})


@department_rule("sales", _counts, _check_goods("sales"))
def _sales(state, pi, cell, args):
    n = int(args[0])
    state.players[pi].goods -= n
    earn(state, pi, f"Sales ({n} goods)", money=n * BY_CODE["sales"].params["money_per_goods"])


@department_rule("logistics", _counts, _check_goods("logistics"))
def _logistics(state, pi, cell, args):
    n = int(args[0])
    params = BY_CODE["logistics"].params
    state.players[pi].goods -= n
    earn(state, pi, f"Logistics ({n} goods)", money=n * params["money_per_goods"], vp=n * params["vp_per_goods"])


# -- Construction --------------------------------------------------------------------------------

def _build_on_mission(state, pi, cell, args):
    ptype, city = args
    mission(state, pi, cell, C.cities[city].region)
    build(state, pi, ptype, city)


department_rule("co", build_candidates, lambda s, pi, a: build_check(s, pi, *a))(_build_on_mission)
department_rule("engineering", build_candidates, lambda s, pi, a: build_check(s, pi, *a))(_build_on_mission)


@department_rule("outsourcing", build_candidates,
                 lambda s, pi, a: build_check(s, pi, *a, extra_money=BY_CODE["outsourcing"].params["money"]))
def _outsourcing(state, pi, cell, args):
    state.players[pi].money -= BY_CODE["outsourcing"].params["money"]
    build(state, pi, *args)


@department_rule("supply", _counts, _check_goods("supply"))
def _supply_chain(state, pi, cell, args):
    n = int(args[0])
    state.players[pi].money -= n * BY_CODE["supply"].params["price"]
    earn(state, pi, f"Supply Chain (${n})", goods=n)


# -- R&D -----------------------------------------------------------------------------------------

def study(state: State, pi: int, what: str, points: int) -> None:
    state.flow.study += points
    note(state, f"{state.players[pi].name} uses {what}: {points} study points")


@department_rule("rd", _fixed(()), all_at_once=True)
def _research(state, pi, cell, args):
    per = BY_CODE["rd"].params["study_per_employee"]
    study(state, pi, "Research & Development", per * company.standing(state.players[pi], cell))


@department_rule("design", _fixed(()), all_at_once=True)
def _design(state, pi, cell, args):
    study(state, pi, "Advanced Design", BY_CODE["design"].params["study"] * company.standing(state.players[pi], cell))


@department_rule("advresearch", with_regions(()), lambda s, pi, a: region_check(a))
def _advanced_research(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    study(state, pi, "Advanced Research", BY_CODE["advresearch"].params["study"])


def _charity_options(state: State, pi: int):
    return [(d, "to", r) for d in state.board.donations for r in regions()]


def _check_charity(state: State, pi: int, args: Args) -> str | None:
    donation = args[0]
    if donation not in C.donations:
        return f"unknown donation {donation!r}"
    owners = state.board.donations.get(donation)
    if not owners:
        return f"{C.donations[donation].name} has no donation to join yet"
    if owners[0] == NEUTRAL:
        return f"{C.donations[donation].name} is blocked by a neutral disc"
    if pi in owners:
        return f"{state.players[pi].name} already donated to {C.donations[donation].name}"
    return region_check(args) or payment_check(state, pi)


@department_rule("charity", _charity_options, _check_charity)
def _charitable_giving(state, pi, cell, args):
    mission(state, pi, cell, args[-1])
    give(state, pi, args[0])


# -- Action Choice tile --------------------------------------------------------------------------

def _check_switch(state: State, pi: int, args: Args) -> str | None:
    (action_type,) = args
    p, f = state.players[pi], state.flow
    if not p.action_choice:
        return f"{p.name} has no Action Choice tile"
    if pi == f.first:
        return "the first player cannot override their own choice"
    if f.open is not None or f.closed:
        return "the tile must be played before using any department"
    if action_type == f.turn_type:
        return f"this turn already uses {action_type}"
    return None


@rule("switch", ("turn",), lambda s, pi: ((t,) for t in ACTION_TYPES), _check_switch)
def _switch(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    p.action_choice = False
    state.flow.turn_type = args[0]
    note(state, f"{p.name} plays the Action Choice tile to use {args[0]} departments")

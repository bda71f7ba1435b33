"""The Management departments: Commerce & Finance and Strategic Planning (starting), tiles 5-8 and
the expansion tiles 21-24."""
from __future__ import annotations

from ...core.components import Department
from ...core.i18n import N_, Message
from ...core.later import later, line
from ...core.state import DecisionKind, PropertyMove, State
from ...core.words import amount_text, count_of, position
from .. import company
from ..construction import projects_in
from ..core import note, pay_check
from ..employees import moved
from ..registry import Args, DepartmentRules, Vocab, department, verb
from .base import (
    check_region_last,
    count_tile,
    counts,
    earn,
    fixed,
    mission,
    on_mission,
    param,
    region_check,
    region_tile,
    with_regions,
)

# -- Commerce & Finance: money or goods, more with a mission --------------------------------------


def _cf_amount(dept: Department, args: Args) -> int:
    return param(dept, ("mission_" if len(args) == 3 else "") + args[0])


def _commerce(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    if len(args) == 3:
        mission(state, pi, cell, args[-1])
    earn(state, pi, Message(dept.name), **{("money" if args[0] == "money" else "goods"): _cf_amount(dept, args)})


department(DepartmentRules(
    "commerce_finance",
    lambda dept: N_("take ${money} or {goods}; with a mission, ${mission_money} or {mission_goods}",
                    money=param(dept, "money"), goods=count_of("goods", param(dept, "goods")),
                    mission_money=param(dept, "mission_money"),
                    mission_goods=count_of("goods", param(dept, "mission_goods"))),
    value=1.8, local=True,
    patterns=(("=money",), ("=goods",), ("=money", "=to", "region"), ("=goods", "=to", "region")),
    options=fixed(("money",), ("goods",)) + with_regions(("money",), ("goods",)),
    check=lambda state, pi, dept, args: region_check(state, args) if len(args) == 3 else None,
    effect=_commerce, exact=True,
    describe=lambda state, pi, dept, args: amount_text(args[0], _cf_amount(dept, args))))


# -- Strategic Planning: build a Department tile -------------------------------------------------

def _cell_cost(state: State, pi: int, cell: str) -> int:
    """Goods to build a tile on a cell, before the tile's own extra: more where an employee lies."""
    k = state.rules.constants
    return k.department_cost_with_employee if state.players[pi].lying.get(cell) else k.department_cost_empty


def department_cost(state: State, pi: int, dept: Department, cell: str) -> int:
    return _cell_cost(state, pi, cell) + dept.build_extra_goods


def _build_options(state: State, pi: int, sp: Department) -> list[Args]:
    """Every tile the player may build on every empty cell where they can pay for it."""
    p = state.players[pi]
    C = state.rules.components
    if p.reserve is not None:
        tiles = [p.reserve] if p.reserve not in p.cells.values() else []
    else:
        owned = set(p.cells.values())
        tiles = [d for d, n in state.board.pool.items() if n > 0 and d not in owned]
    empty = [(c, _cell_cost(state, pi, c)) for c in C.company.cells if c not in p.cells]
    return [(dept.code, c) for dept in (C.departments[d] for d in tiles) for c, cost in empty
            if cost + dept.build_extra_goods <= p.goods]


def _check_build(state: State, pi: int, sp: Department, args: Args) -> str | None:
    code, cell = args
    rs = state.rules
    dept = rs.by_code.get(code)
    if dept is None or dept.starting:
        return N_("unknown department tile {code}", code=repr(code))
    p = state.players[pi]
    if company.cell_of(p, dept.id) is not None:
        return N_("{player} already has {department} (no two identical departments)",
                  player=p.name, department=Message(dept.name))
    if p.reserve is not None and p.reserve != dept.id:
        return N_("the reserved {department} must be {player}'s first department",
                  department=Message(rs.components.departments[p.reserve].name), player=p.name)
    if p.reserve is None and state.board.pool.get(dept.id, 0) < 1:
        return N_("no {department} tile is left", department=Message(dept.name))
    if cell in p.cells:
        return N_("{cell} is not an empty space", cell=cell)
    return pay_check(p, goods=department_cost(state, pi, dept, cell))


def _strategic_planning(state: State, pi: int, sp: Department, cell: str, args: Args) -> None:
    code, target = args
    rs = state.rules
    dept = rs.by_code[code]
    p = state.players[pi]
    cost = department_cost(state, pi, dept, target)
    p.goods -= cost
    if p.reserve == dept.id:
        p.reserve = None
    else:
        state.board.pool[dept.id] -= 1
    p.cells[target] = dept.id
    p.built.append(dept.id)
    note(state, lambda: line("{player} builds {department} on {cell} ({cost})", player=p.name,
                      department=Message(dept.name), cell=position(rs.components, target),
                      cost=later(count_of, "goods", cost)))
    for owned, hook in rs.staffed(p, "department_built"):
        hook(state, pi, owned, target)


def _describe_build(state: State, pi: int, sp: Department, args: Args) -> str:
    code, cell = args
    dept = state.rules.by_code[code]
    vp = state.rules.components.company.cells[cell].vp
    return N_("build {name} on {cell}: {goods} goods, {vp} VP at the end", name=Message(dept.name),
              cell=position(state.rules.components, cell),
              goods=department_cost(state, pi, dept, cell), vp=vp)


department(DepartmentRules(
    "strategic_planning",
    lambda dept: N_("build a Department tile from the board on an empty space of your company, paying its goods"),
    value=2.2, local=True,
    patterns=(("name", "cell"),), options=_build_options, check=_check_build,
    effect=_strategic_planning, exact=True, describe=_describe_build))


# -- Purchasing: goods or money, with a mission ----------------------------------------------------

def _purchasing(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    mission(state, pi, cell, args[-1])
    earn(state, pi, Message(dept.name), **{args[0]: param(dept, args[0])})


department(DepartmentRules(
    "purchasing", on_mission(lambda dept: N_("take {goods} or ${money}", goods=count_of("goods", param(dept, "goods")),
                                             money=param(dept, "money"))),
    value=2.6, local=True, patterns=(("=goods", "=to", "region"), ("=money", "=to", "region")),
    options=with_regions(("goods",), ("money",)), check=check_region_last, effect=_purchasing, exact=True,
    describe=lambda state, pi, dept, args: amount_text(args[0], param(dept, args[0]))))


# -- Sales and Logistics: goods turned into money (and VP) -----------------------------------------

def _check_goods(state: State, pi: int, dept: Department, args: Args) -> str | None:
    n = int(args[0])
    if n > param(dept, "max_goods"):
        return N_("at most {n} goods per use", n=param(dept, "max_goods"))
    return pay_check(state.players[pi], goods=n)


def _sold(dept: Department, n: int) -> Message:
    """'Sales (3 goods)': what a use that sells goods is, in the log."""
    return N_("{department} ({goods})", department=Message(dept.name), goods=count_of("goods", n))


def _sales(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    n = int(args[0])
    state.players[pi].goods -= n
    earn(state, pi, _sold(dept, n), money=n * param(dept, "money_per_goods"))


department(DepartmentRules(
    "sales", lambda dept: N_("sell up to {most} for ${money} each", most=count_of("goods", param(dept, "max_goods")),
                             money=param(dept, "money_per_goods")),
    value=2.4, local=True, patterns=(("count",),), options=counts, check=_check_goods, effect=_sales,
    describe=lambda state, pi, dept, args: N_("sell {n} goods → ${money}", n=args[0],
                                              money=int(args[0]) * param(dept, "money_per_goods"))))


def _logistics(state: State, pi: int, dept: Department, cell: str, args: Args) -> None:
    n = int(args[0])
    state.players[pi].goods -= n
    earn(state, pi, _sold(dept, n), money=n * param(dept, "money_per_goods"),
         vp=n * param(dept, "vp_per_goods"))


department(DepartmentRules(
    "logistics", lambda dept: N_("ship up to {most} for ${money} and {vp} VP each",
                                 most=count_of("goods", param(dept, "max_goods")),
                                 money=param(dept, "money_per_goods"), vp=param(dept, "vp_per_goods")),
    value=2.4, local=True, patterns=(("count",),), options=counts, check=_check_goods, effect=_logistics,
    describe=lambda state, pi, dept, args: N_("ship {n} goods → ${money} + {vp} VP", n=args[0],
                                              money=int(args[0]) * param(dept, "money_per_goods"),
                                              vp=int(args[0]) * param(dept, "vp_per_goods"))))


# -- Property Management: an employee moves into each new department ------------------------------

def _after_build(state: State, pi: int, dept: Department, cell: str) -> None:
    rs, p = state.rules, state.players[pi]
    if any(company.can_leave(rs, p, c) for c in rs.components.company.cells if c != cell):
        state.flow.stack.append(PropertyMove(cell))


department(DepartmentRules(
    "property_management",
    lambda dept: N_("when you build a Department tile, you may move an employee from another space into it"),
    value=0.8, hooks={"department_built": _after_build}))


def _target(state: State) -> str:
    frame = state.flow.stack[-1]
    assert isinstance(frame, PropertyMove)
    return frame.cell


def _property_candidates(state: State, pi: int):
    target = _target(state)
    return ((c,) for c in company.movable_cells(state.rules, state.players[pi]) if c != target)


def _check_property(state: State, pi: int, args: Args) -> str | None:
    if args[0] == _target(state):
        return N_("the employee must come from another space")
    if not company.can_leave(state.rules, state.players[pi], args[0]):
        return N_("no employee in {cell} can move", cell=args[0])
    return None


@verb("property", [("cell",)], (DecisionKind.PROPERTY,), _property_candidates, _check_property, exact=True,
      vocab=Vocab(N_("Property Management move"), "property", 20, board="property", local=True))
def _property(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    target = _target(state)
    state.flow.stack.pop()
    company.move_employee(state.rules, p, args[0], target)
    note(state, lambda: line("{player} moves an employee from {source} to {target} with Property Management",
                             player=p.name, **moved(state, p, args[0], target)))


# -- the expansion tiles ----------------------------------------------------------------------------

count_tile("accounting", "MG", "money", "money_per_department", value=1.0)
region_tile("branding", {"money": "money_per_project", "goods": "goods_per_project"}, value=1.0)


def _payroll_start(state: State, pi: int, dept: Department) -> None:
    state.flow.payroll = True


def _salary(dept: Department, price: int, option: str) -> tuple[int, int]:
    """(money, VP change) of standing an employee up with a raise or a pay cut."""
    if option == "raise":
        return price + param(dept, "raise_money"), param(dept, "raise_vp")
    return param(dept, "cut_price"), -param(dept, "cut_vp")


department(DepartmentRules(
    "payroll_management",
    lambda dept: N_("when you stand an employee up, you may raise the salary (pay ${raise_money} more, +{raise_vp} VP) "
                    "or cut it (pay only ${cut_price}, -{cut_vp} VP)", raise_money=param(dept, "raise_money"),
                    raise_vp=param(dept, "raise_vp"), cut_price=param(dept, "cut_price"),
                    cut_vp=param(dept, "cut_vp")),
    value=1.0,
                           hooks={"turn_start": _payroll_start, "activation_cost": _salary}))


def _public_relations(state: State, pi: int, dept: Department) -> int:
    return param(dept, "vp_per_project") * max(projects_in(state, pi, r) for r in state.rules.components.regions)


department(DepartmentRules(
    "public_relations", lambda dept: N_("{vp} VP for each of your projects in the region where you have the most",
                                        vp=param(dept, "vp_per_project")),
    value=1.0, hooks={"end_game": _public_relations}))

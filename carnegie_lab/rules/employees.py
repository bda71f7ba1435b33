"""Moving employees around the company (HR moves, Property Management), lobbies and activation."""
from __future__ import annotations

from ..state import State
from . import company
from .core import C, Args, note, rule


def _neighbours(state: State, pi: int, cell: str) -> tuple[str, ...]:
    """Orthogonal steps; diagonal ones too in a turn that began with Corporate Communications staffed."""
    if state.flow.diagonal:
        return C.company.neighbours[cell] + C.company.diagonal_neighbours[cell]
    return C.company.neighbours[cell]


def _move_candidates(state: State, pi: int):
    if state.flow.moves <= 0:
        return
    p = state.players[pi]
    for cell in C.company.cells:
        if company.can_leave(p, cell):
            for target in _neighbours(state, pi, cell):
                yield cell, target


def _check_move(state: State, pi: int, args: Args) -> str | None:
    source, target = args
    p = state.players[pi]
    if state.flow.moves <= 0:
        return "no employee moves left"
    if not company.can_leave(p, source):
        return f"no employee in {source} can move"
    if target not in _neighbours(state, pi, source):
        return f"{target} is not next to {source} (moves are orthogonal steps)"
    return None


@rule("move", ("setup", "turn"), _move_candidates, _check_move)
def _move(state: State, pi: int, args: Args) -> None:
    source, target = args
    p = state.players[pi]
    company.take_employee(p, source)
    company.lay_down(p, target)
    state.flow.moves -= 1
    note(state, f"{p.name} moves an employee {source} -> {target} ({state.flow.moves} moves left)")


PAYROLL = C.departments["payroll_management"].params


def activation_cost(state: State, pi: int, args: Args) -> tuple[int, int]:
    """(money, VP change) of an activation: the workstation price, or a Payroll Management option."""
    price = company.activation_price(state.players[pi], args[0])
    if len(args) == 1:
        return price, 0
    if args[1] == "raise":
        return price + PAYROLL["raise_money"], PAYROLL["raise_vp"]
    return PAYROLL["cut_price"], -PAYROLL["cut_vp"]


def _activate_candidates(state: State, pi: int):
    for cell in sorted(state.players[pi].lying):
        yield (cell,)
        if state.flow.payroll:
            yield cell, "raise"
            yield cell, "cut"


def _check_activate(state: State, pi: int, args: Args) -> str | None:
    cell = args[0]
    p = state.players[pi]
    if not p.lying.get(cell):
        return f"no lying employee in {cell}"
    if company.department(p, cell) is None:
        return f"{cell} has no department to work in"
    price = company.activation_price(p, cell)
    if price is None:
        return f"every workstation of {company.department(p, cell).name} is taken"
    if len(args) == 2:
        if not state.flow.payroll:
            return "only a Payroll Management staffed since the start of the turn changes salaries"
        if args[1] == "cut" and p.vp < PAYROLL["cut_vp"]:
            return f"{p.name} has no VP to give up"
    cost, _ = activation_cost(state, pi, args)
    if cost > p.money:
        return f"the workstation costs ${cost} and {p.name} has ${p.money}"
    return None


@rule("activate", ("activate",), _activate_candidates, _check_activate)
def _activate(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    cost, vp = activation_cost(state, pi, args)
    company.activate(p, args[0], cost)
    p.vp += vp
    extra = f", {vp:+d} VP" if vp else ""
    note(state, f"{p.name} activates an employee in {company.department(p, args[0]).name} (${cost}{extra})")


def _check_lobby(state: State, pi: int, args: Args) -> str | None:
    return None if args[0] in company.lobbies(state.players[pi]) else f"{args[0]} is not a lobby"


@rule("lobby", ("arrival",), lambda s, pi: ((c,) for c in company.lobbies(s.players[pi])), _check_lobby)
def _lobby(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    main = company.cell_of(p, company.LOBBY)
    if args[0] != main:
        company.take_employee(p, main)
        company.lay_down(p, args[0])
    frame = state.flow.stack[-1]
    frame["count"] -= 1
    if frame["count"] == 0:
        state.flow.stack.pop()


def _property_candidates(state: State, pi: int):
    target = state.flow.stack[-1]["cell"]
    p = state.players[pi]
    return ((c,) for c in C.company.cells if c != target and company.can_leave(p, c))


def _check_property(state: State, pi: int, args: Args) -> str | None:
    target = state.flow.stack[-1]["cell"]
    if args[0] == target:
        return "the employee must come from another space"
    if not company.can_leave(state.players[pi], args[0]):
        return f"no employee in {args[0]} can move"
    return None


@rule("property", ("property",), _property_candidates, _check_property)
def _property(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    target = state.flow.stack.pop()["cell"]
    company.take_employee(p, args[0])
    company.lay_down(p, target)
    note(state, f"{p.name} moves an employee {args[0]} -> {target} with Property Management")


def _relocate_candidates(state: State, pi: int):
    p = state.players[pi]
    for source in C.company.cells:
        if company.can_leave(p, source):
            for target in C.company.cells:
                if target != source:
                    yield source, target


def _check_relocate(state: State, pi: int, args: Args) -> str | None:
    source, target = args
    if source == target:
        return "the employee must move to another space"
    if not company.can_leave(state.players[pi], source):
        return f"no employee in {source} can move"
    return None


@rule("relocate", ("relocate",), _relocate_candidates, _check_relocate)
def _relocate(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    company.take_employee(p, args[0])
    company.lay_down(p, args[1])
    frame = state.flow.stack[-1]
    frame["count"] -= 1
    if frame["count"] == 0:
        state.flow.stack.pop()
    note(state, f"{p.name} moves an employee {args[0]} -> {args[1]} with HR Administration")

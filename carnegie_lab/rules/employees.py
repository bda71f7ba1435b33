"""Moving employees around the company (setup and HR moves), lobbies and activation."""
from __future__ import annotations

from ..core.actions import Action
from ..core.i18n import N_, Message, Worded, render, translator, wording
from ..core.later import later, line
from ..core.state import Arrival, DecisionKind, Player, State
from ..core.words import place
from . import company
from .core import note
from .registry import Args, Vocab, verb

K = DecisionKind


def _neighbours(state: State, cell: str) -> tuple[str, ...]:
    """Orthogonal steps; diagonal ones too in a turn that began with Corporate Communications staffed."""
    grid = state.rules.components.company
    if state.flow.diagonal:
        return grid.neighbours[cell] + grid.diagonal_neighbours[cell]
    return grid.neighbours[cell]


def _move_candidates(state: State, pi: int):
    if state.flow.moves <= 0:
        return
    for cell in company.movable_cells(state.rules, state.players[pi]):
        for target in _neighbours(state, cell):
            yield cell, target


def _check_move(state: State, pi: int, args: Args) -> str | None:
    source, target = args
    if state.flow.moves <= 0:
        return N_("no employee moves left")
    if not company.can_leave(state.rules, state.players[pi], source):
        return N_("no employee in {source} can move", source=source)
    if target not in _neighbours(state, source):
        return N_("{target} is not next to {source} (moves are orthogonal steps)", target=target, source=source)
    return None


def _move_listing(state: State, pi: int) -> list[Action]:
    """The move actions (as _move_candidates), from a table of every cell's steps."""
    f = state.flow
    if f.moves <= 0:
        return []
    rs = state.rules
    grid = rs.components.company
    steps = rs.memo(("move", f.diagonal), lambda: {
        cell: tuple(rs.action("move", (cell, target)) for target in
                    grid.neighbours[cell] + (grid.diagonal_neighbours[cell] if f.diagonal else ()))
        for cell in grid.cells})
    out: list[Action] = []
    for cell in company.movable_cells(rs, state.players[pi]):
        out += steps[cell]
    return out


@verb("move", [("cell", "cell")], (K.SETUP, K.TURN), _move_candidates, _check_move, exact=True,
      listing=_move_listing, needs="moves",
      vocab=Vocab(N_("move an employee"), "moves", 20, board="move", local=True))
def _move(state: State, pi: int, args: Args) -> None:
    source, target = args
    p = state.players[pi]
    company.move_employee(state.rules, p, source, target)
    state.flow.moves -= 1
    left = state.flow.moves
    if left:
        note(state, lambda: later(Worded, _moved, p.name, *moved(state, p, source, target).values(), left))
    else:
        note(state, lambda: line("{player} moves an employee from {source} to {target} (0 moves left)",
                                 player=p.name, **moved(state, p, source, target)))


def moved(state: State, p: Player, source: str, target: str) -> dict[str, Message]:
    """The cells of a move in words, as the log names them (``source``, ``target``): what they hold."""
    C = state.rules.components
    return {"source": place(C, p.cells.get(source), source), "target": place(C, p.cells.get(target), target)}


@wording
def _moved(lang: str, player: str, source: str, target: str, left: int) -> str:
    """The log's line of a move with moves left, in a language (its plural; a cell a Message, its words)."""
    return translator(lang).ngettext("{player} moves an employee from {source} to {target} ({n} move left)",
                                     "{player} moves an employee from {source} to {target} ({n} moves left)",
                                     left).format(player=player, source=render(source, lang),
                                                  target=render(target, lang), n=left)


def activation_cost(state: State, pi: int, args: Args) -> tuple[int, int]:
    """(money, VP change) of an activation: the workstation price, or a salary option of the turn."""
    rs, p = state.rules, state.players[pi]
    price = company.activation_price(rs, p, args[0])
    assert price is not None, "activation_cost() follows a check that a workstation is free"
    if len(args) == 1:
        return price, 0
    dept, hook = rs.owned_hook(p, "activation_cost")
    return hook(dept, price, args[1])


def _activate_candidates(state: State, pi: int):
    """The cells where a lying employee finds a free workstation (not the lobbies, which have none): the
    others would only make the check's reasons while the legal actions are listed."""
    rs, p = state.rules, state.players[pi]
    options = state.flow.payroll
    for cell in sorted(p.lying):
        if company.free_workstation(rs, p, cell) is None:
            continue
        yield (cell,)
        if options:
            yield cell, "raise"
            yield cell, "cut"


def _check_activate(state: State, pi: int, args: Args) -> str | None:
    cell = args[0]
    rs, p = state.rules, state.players[pi]
    if not p.lying.get(cell):
        return N_("no lying employee in {cell}", cell=cell)
    dept = company.department(rs, p, cell)
    if dept is None:
        return N_("{cell} has no department to work in", cell=cell)
    if company.activation_price(rs, p, cell) is None:
        return N_("every workstation of {department} is taken", department=Message(dept.name))
    if len(args) == 2:
        if not state.flow.payroll:
            return N_("only a Payroll Management staffed since the start of the turn changes salaries")
        cost, vp = activation_cost(state, pi, args)
        if p.vp + vp < 0:
            return N_("{player} has no VP to give up", player=p.name)
    cost, _ = activation_cost(state, pi, args)
    if cost > p.money:
        return N_("the workstation costs ${cost} and {player} has ${has}", cost=cost, player=p.name, has=p.money)
    return None


@verb("activate", [("cell",), ("cell", "=raise"), ("cell", "=cut")], (K.ACTIVATE,),
      _activate_candidates, _check_activate,
      vocab=Vocab(N_("stand an employee up"), "activate", 20, board="activate", local=True))
def _activate(state: State, pi: int, args: Args) -> None:
    rs, p = state.rules, state.players[pi]
    cost, vp = activation_cost(state, pi, args)
    company.activate(rs, p, args[0], cost)
    p.vp += vp
    dept = company.department(rs, p, args[0])
    assert dept is not None
    if vp:
        note(state, lambda: line("{player} activates an employee in {department} (${cost}, {vp} VP)", player=p.name,
                          department=Message(dept.name), cost=cost, vp=f"{vp:+d}"))
    else:
        note(state, lambda: line("{player} activates an employee in {department} (${cost})", player=p.name,
                          department=Message(dept.name), cost=cost))


def _check_lobby(state: State, pi: int, args: Args) -> str | None:
    return None if args[0] in company.lobbies(state.rules, state.players[pi]) else N_("{cell} is not a lobby",
                                                                                      cell=args[0])


@verb("lobby", [("cell",)], (K.ARRIVAL,), lambda s, pi: ((c,) for c in company.lobbies(s.rules, s.players[pi])),
      _check_lobby, exact=True,
      vocab=Vocab(N_("choose a lobby"), "lobby", 20, board="lobby", local=True))
def _lobby(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    main = company.main_lobby(p)
    if args[0] != main:
        company.move_employee(state.rules, p, main, args[0])
    note(state, lambda: line("{player} puts an arriving employee in {lobby}", player=p.name,
                             lobby=place(state.rules.components, p.cells.get(args[0]), args[0])))
    frame = state.flow.stack[-1]
    assert isinstance(frame, Arrival)
    frame.count -= 1
    if frame.count == 0:
        state.flow.stack.pop()

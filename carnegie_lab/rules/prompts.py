"""What is being decided now, as data (:class:`Decision`) and in words."""
from __future__ import annotations

from dataclasses import dataclass

from ..state import Arrival, DecisionKind, PropertyMove, Relocation, State
from .events import describe_event
from .loop import decision_kind

K = DecisionKind


@dataclass(frozen=True)
class DecisionContext:
    """The numbers a decision is about (each field is set where it applies, else None)."""
    moves: int | None = None                  # setup and turn: employee moves left
    study: int | None = None                  # turn: study points left
    turn_type: str | None = None              # turn: the department type in use
    hr_moves: int | None = None               # turn: what Human Resources grants
    income: str | None = None                 # event: the Take Income region
    donation: bool | None = None              # event: a donation may be made
    count: int | None = None                  # arrival, relocate: employees still to place or move
    cell: str | None = None                   # property: the department just built


@dataclass(frozen=True)
class Decision:
    """What is being decided now: its kind, the deciding seat (None once the game is over), what
    it is in words (without the player's name) and its numbers."""
    kind: DecisionKind
    player: int | None
    text: str
    context: DecisionContext
    name: str | None = None                   # the deciding player's name

    @property
    def prompt(self) -> str:
        """The text with the deciding player's name in front."""
        return f"{self.name}: {self.text}" if self.name else self.text


def _context(state: State, kind: DecisionKind) -> DecisionContext:
    f = state.flow
    top = f.stack[-1] if f.stack else None
    if kind == K.SETUP:
        return DecisionContext(moves=f.moves)
    if kind == K.TURN:
        return DecisionContext(moves=f.moves, study=f.study, turn_type=f.turn_type, hr_moves=f.hr_moves)
    if kind == K.EVENT:
        return DecisionContext(income=f.income, donation=f.donation, study=f.study)
    if isinstance(top, (Arrival, Relocation)):
        return DecisionContext(count=top.count)
    if isinstance(top, PropertyMove):
        return DecisionContext(cell=top.cell)
    return DecisionContext()


def _text(state: State, kind: DecisionKind, c: DecisionContext) -> str:
    f = state.flow
    if kind == K.HOUSE:
        return "place the starting Housing project on a Housing site of a medium or major city"
    if kind == K.RESERVE:
        return "take a Department tile into the private reserve (it must be the first one built)"
    if kind == K.SETUP:
        return f"setup moves: move employees one step at a time ({c.moves} left), then done"
    if kind == K.CHOOSE:
        return f"round {f.round}: choose the timeline row (the action everybody uses)"
    if kind == K.EVENT:
        return f"{describe_event(state)}: take it, or done"
    if kind == K.TURN:
        return f"use your {c.turn_type} departments ({c.moves} moves, {c.study} study points), or done"
    if kind == K.ARRIVAL:
        return f"choose a lobby for {c.count} arriving employee(s)"
    if kind == K.PROPERTY:
        return "Property Management: move one employee into the new department, or done"
    if kind == K.RELOCATE:
        return f"HR Administration: move up to {c.count} employee(s) anywhere, or done"
    return "stand lying employees up on free workstations (paying for each), or done"


def decision(state: State) -> Decision:
    kind = decision_kind(state)
    if kind == K.OVER:
        return Decision(kind, None, "The game is over", DecisionContext())
    pi = state.flow.player
    assert pi is not None
    context = _context(state, kind)
    return Decision(kind, pi, _text(state, kind, context), context, state.players[pi].name)

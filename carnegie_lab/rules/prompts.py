"""What is being decided now, as data (:class:`Decision`) and in words."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import N_
from ..core.state import Arrival, DecisionKind, PropertyMove, Relocation, State
from .events import describe_event
from .loop import decision_kind

K = DecisionKind

#: The department types (the timeline rows) in words: the one table of their names.
TYPE_NAMES = {"HR": N_("Human Resources"), "MG": N_("Management"), "CO": N_("Construction"),
              "RD": N_("Research & Development")}


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


def _count(n: int | None, one: str, many: str | None = None) -> str:
    """"1 employee", "3 employees" (``many``: a plural that is not ``one`` + s)."""
    n = n or 0
    return f"{n} {one if n == 1 else many or one + 's'}"


def _turn_text(c: DecisionContext) -> str:
    """A department turn: what there is to use, and what is left of it (only what is left)."""
    name = TYPE_NAMES.get(c.turn_type or "", c.turn_type)
    left = [x for x in (_count(c.moves, "employee move") if c.moves else "",
                        _count(c.study, "study point") if c.study else "") if x]
    now = f" ({' and '.join(left)} left)" if left else ""
    return f"use your {name} departments one at a time{now}, then end your turn"


def _text(state: State, kind: DecisionKind, c: DecisionContext) -> str:
    f = state.flow
    if kind == K.HOUSE:
        return "place your starting Housing project: choose a medium or major city with a free Housing site"
    if kind == K.RESERVE:
        return "choose a Department tile for your private reserve: it will be the first department you build"
    if kind == K.SETUP:
        return (f"setup: move your employees to other departments, one step at a time "
                f"({_count(c.moves, 'move')} left), then finish")
    if kind == K.CHOOSE:
        return (f"round {f.round}: choose a timeline row; its department type is what everybody uses "
                "this round, and its next space is the round's event")
    if kind == K.EVENT:
        return f"{describe_event(state)}: take part, or skip it"
    if kind == K.TURN:
        return _turn_text(c)
    if kind == K.ARRIVAL:
        return ("1 new employee arriving: choose its lobby" if c.count == 1 else
                f"{_count(c.count, 'new employee')} arriving: choose a lobby for each, one at a time")
    if kind == K.PROPERTY:
        return "Property Management: move one of your employees into the new department, or move nobody"
    if kind == K.RELOCATE:
        return (f"HR Administration: move up to {_count(c.count, 'employee')} to any department, "
                "then finish")
    return "activate lying employees: stand each one up on a free workstation (paying its price), then finish"


def decision(state: State) -> Decision:
    kind = decision_kind(state)
    if kind == K.OVER:
        return Decision(kind, None, "The game is over", DecisionContext())
    pi = state.flow.player
    assert pi is not None
    context = _context(state, kind)
    return Decision(kind, pi, _text(state, kind, context), context, state.players[pi].name)

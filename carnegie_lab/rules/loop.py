"""The decision loop: the phases of setup and of a round, legal actions, apply and the forced steps.

Phases: ``house`` and ``reserve`` (setup Housing disc and reserved tile, counter-clockwise),
``setup`` (setup moves then activation, clockwise), then per round ``choose`` -> ``event`` (each
player) -> ``turn`` (each player, ending with activation) -> end of round; ``over`` after round 20.
Interrupts (``arrival``, ``property``, ``relocate``, ``activate``) sit on ``flow.stack`` above the phase.
A decision whose only legal action (besides ``sell``) is ``done`` is taken automatically (``settle``).
"""
from __future__ import annotations

from functools import partial
from typing import Callable, Iterable, Iterator

from ..core.actions import Action
from ..core.errors import GameOverError, IllegalActionError
from ..core.i18n import N_, Message, Worded
from ..core.later import line
from ..core.state import Activation, DecisionKind, Phase, RoundSummary, State
from . import company, moves, solo
from .core import note
from .registry import Args, Vocab, verb
from .scoring import seat_points

K = DecisionKind
#: the end of the game, looked up once: the hot paths compare with it (an Enum member's lookup on its
#: class, ``K.OVER``, goes through the Enum's metaclass and costs as much as a function call in CPython 3.11)
OVER = K.OVER
PASSIVE = frozenset(("done", "sell"))
_KIND_OF_PHASE = {phase: DecisionKind(phase.value) for phase in Phase}


def decision_kind(state: State) -> DecisionKind:
    stack = state.flow.stack
    return stack[-1].kind if stack else _KIND_OF_PHASE[state.flow.phase]


def seats_from(state: State, start: int, step: int = 1) -> list[int]:
    n = len(state.players)
    return [(start + step * k) % n for k in range(n)]


# -- phases --------------------------------------------------------------------------------------

def begin_setup(state: State) -> None:
    f = state.flow
    f.phase = Phase.HOUSE
    f.order = seats_from(state, f.first - 1, step=-1)   # counter-clockwise, right of the first player
    f.player = f.order.pop(0)


def next_setup_house(state: State) -> None:
    """After a reserve: the next player's starting Housing, or the setup moves."""
    f = state.flow
    if f.order:
        f.phase, f.player = Phase.HOUSE, f.order.pop(0)
        return
    f.phase, f.order = Phase.SETUP, seats_from(state, f.first)
    _next_setup_player(state)


def _next_setup_player(state: State) -> None:
    f = state.flow
    if not f.order:
        _begin_round(state)
        return
    f.player = f.order.pop(0)
    f.moves = state.rules.constants.setup_moves
    f.diagonal = f.payroll = False


def _begin_round(state: State) -> None:
    f = state.flow
    f.round += 1
    f.phase, f.player = Phase.CHOOSE, f.first
    f.chosen = f.event_row = f.income = None
    f.donation = False
    if state.andrew is not None:
        with moves.andrew_step(state):
            solo.begin_round(state)
        if solo.andrew_chooses(state):
            start_events(state)


def start_events(state: State) -> None:
    f = state.flow
    if state.andrew is not None:
        with moves.andrew_step(state):
            solo.take_turn(state)
    f.phase, f.order = Phase.EVENT, seats_from(state, f.first)
    _next_event_player(state)


def _next_event_player(state: State) -> None:
    f = state.flow
    f.study = 0
    if not f.order:
        _start_turns(state)
        return
    f.player = f.order.pop(0)
    f.income_open = f.income is not None
    f.donation_open = f.donation


def _start_turns(state: State) -> None:
    f = state.flow
    f.phase, f.order = Phase.TURN, seats_from(state, f.first)
    f.income_open = f.donation_open = False
    _next_turn_player(state)


def _next_turn_player(state: State) -> None:
    f = state.flow
    if not f.order:
        _end_round(state)
        return
    f.player = pi = f.order.pop(0)
    p = state.players[pi]
    f.turn_type = f.chosen
    f.open, f.uses, f.closed, f.moves, f.study = None, 0, [], 0, 0
    f.hr_moves = 0
    f.diagonal = f.payroll = False
    for dept, hook in state.rules.staffed(p, "turn_start"):
        hook(state, pi, dept)


def _end_round(state: State) -> None:
    f = state.flow
    assert f.event_row is not None
    state.board.markers[f.event_row] += 1
    if state.andrew is not None:
        with moves.andrew_step(state):
            solo.end_round(state)
    if state.keeps_history:
        state.add_round(partial(round_summary, state.copy(history=False)))
    f.player, f.turn_type, f.open, f.closed = None, None, None, []
    if f.round >= state.rules.constants.rounds:
        f.phase = Phase.OVER
        note(state, lambda: line("The game is over"))
        return
    f.first = (f.first + 1) % len(state.players)
    _begin_round(state)


#: where a player's step begins in each phase of a round that has one per player (their seat next in
#: ``flow.order``): the editor begins an event or a turn there
NEXT_PLAYER: dict[Phase, Callable[[State], None]] = {Phase.EVENT: _next_event_player, Phase.TURN: _next_turn_player}


def round_summary(state: State) -> RoundSummary:
    """What the history keeps of a finished round: each player's resources and score so far (its total:
    the sum of the categories, ``ScoreBreakdown.total``)."""
    return {"round": state.flow.round, "chosen": state.flow.chosen, "players": [
        {"vp": p.vp, "money": p.money, "goods": p.goods, "score": sum(points.values()),
         "projects": sum(tab[1] for tab in p.tabs.values()), "departments": len(p.built),
         "active": points["employees"]} for p, points in zip(state.players, seat_points(state))]}


def _finish_player(state: State) -> None:
    """After a player's activation: the next player of the setup or of the turn."""
    if state.flow.phase == Phase.SETUP:
        _next_setup_player(state)
    else:
        _next_turn_player(state)


# -- verbs of the loop itself --------------------------------------------------------------------

def _alone(verb_name: str):
    """The listing of a verb without arguments: its one action (looked up in the ruleset's, made at first)."""
    key: tuple[str, Args] = (verb_name, ())
    return lambda state, pi: (state.rules.actions.get(key) or state.rules.action(*key),)


def _end_moves(state: State) -> None:
    """The end of the setup moves or of the turn: the open department closes, activation follows."""
    f = state.flow
    if f.open is not None:
        f.closed.append(f.open)
        f.open = None
    f.moves = f.study = 0
    f.stack.append(Activation())


def _end_event(state: State) -> None:
    """A player's event ends; an income nobody of theirs was there to take is news too."""
    f = state.flow
    pi = f.player
    assert pi is not None
    p = state.players[pi]
    if f.income_open and f.income is not None and not p.missions.get(f.income, 0):
        region = state.rules.components.regions[f.income].name
        note(state, lambda: line("{player} takes no income from the {region}: no employee on a mission there",
                          player=p.name, region=Message(region)))
    _next_event_player(state)


def _end_activation(state: State) -> None:
    _end_interrupt(state)
    _finish_player(state)


def _end_interrupt(state: State) -> None:
    state.flow.stack.pop()


#: what ``done`` ends, for each kind of decision that has one
_DONE: dict[DecisionKind, Callable[[State], None]] = {
    K.SETUP: _end_moves, K.TURN: _end_moves, K.EVENT: _end_event,
    K.ACTIVATE: _end_activation, K.PROPERTY: _end_interrupt, K.RELOCATE: _end_interrupt}


#: decision kinds with a ``done``: the only ones settle may take by itself
DONE_KINDS = frozenset(_DONE)


@verb("done", [()], DONE_KINDS, lambda s, pi: ((),), lambda s, pi, a: None, exact=True, listing=_alone("done"),
      vocab=Vocab(N_("done"), "footer"))
def _done(state: State, pi: int, args: Args) -> None:
    _DONE[decision_kind(state)](state)


def _check_sell(state: State, pi: int, args: Args) -> str | None:
    return None if state.players[pi].goods else N_("no goods to sell")


@verb("sell", [()], tuple(k for k in K if k != K.OVER), lambda s, pi: ((),) if s.players[pi].goods else (),
      _check_sell, exact=True,
      vocab=Vocab(N_("sell 1 goods for ${sell_price}"), "footer", local=True))
def _sell(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    price = state.rules.constants.sell_price
    p.goods -= 1
    p.money += price
    note(state, lambda: line("{player} sells 1 goods for ${price}", player=p.name, price=price))


# -- legal actions and apply ---------------------------------------------------------------------

def iter_legal(state: State) -> Iterator[Action]:
    """The legal actions of the current decision, in the notation's order (generated lazily)."""
    kind = decision_kind(state)
    if kind is OVER:
        return
    rs = state.rules
    pi = state.flow.player
    assert pi is not None
    known, make = rs.actions, rs.action
    for v in rs.kind_verbs[kind]:
        if v is None:                         # the turn's place for the departments in use
            yield from rs.department_actions(state, pi)
            continue
        name, check, exact = v.name, v.check, v.exact
        for args in v.candidates(state, pi):
            if exact or check(state, pi, args) is None:
                yield known.get((name, args)) or make(name, args)


def legal_actions(state: State, kind: DecisionKind | None = None) -> list[Action]:
    """The legal actions of the current decision (of this kind, if known), in the notation's order
    (iter_legal, as a list, with the verbs' ready-made listings)."""
    if kind is None:
        kind = decision_kind(state)
    if kind is OVER:
        return []
    rs = state.rules
    pi = state.flow.player
    assert pi is not None
    known, make = rs.actions, rs.action
    out: list[Action] = []
    flow = state.flow
    for v in rs.kind_verbs[kind]:
        if v is None:
            out.extend(rs.department_actions(state, pi))
        elif v.needs is not None and not getattr(flow, v.needs):
            continue
        elif v.listing is not None:
            out.extend(v.listing(state, pi))
        else:
            name, check, exact = v.name, v.check, v.exact
            for args in v.candidates(state, pi):
                if exact or check(state, pi, args) is None:
                    out.append(known.get((name, args)) or make(name, args))
    return out


def has_choice(state: State) -> bool:
    """Is there a legal action besides ``done`` and ``sell``? (Stops at the first one found.)"""
    quick = _QUICK.get(decision_kind(state))
    if quick is not None:
        return quick(state)
    return _real(iter_legal(state))


def _real(actions: Iterable[Action]) -> bool:
    """Is the first action a real one? ``sell`` and ``done`` come last in every list (ruleset.ORDER),
    so the first action says whether there is any other."""
    first = next(iter(actions), None)
    return first is not None and first.verb not in PASSIVE


def _event_has_choice(state: State) -> bool:
    """An event offers income (with employees away in its region), a donation, or study points."""
    f = state.flow
    pi = f.player
    assert pi is not None
    p = state.players[pi]
    if f.income_open and p.missions.get(f.income or "", 0):
        return True
    if f.study or f.donation_open:
        return _real(iter_legal(state))
    return False


def _activate_has_choice(state: State) -> bool:
    """Activation needs a lying employee in a department with a free workstation the player can
    pay for (with a salary option of the turn, a raise costs more and a cut less)."""
    pi = state.flow.player
    assert pi is not None
    rs, p = state.rules, state.players[pi]
    for cell in p.lying:
        price = company.activation_price(rs, p, cell)
        if price is not None and (price <= p.money or state.flow.payroll):
            return True if price <= p.money else _real(iter_legal(state))
    return False


def _turn_has_choice(state: State) -> bool:
    """A turn offers the Action Choice tile, an employee to move, a department's use, or study."""
    f = state.flow
    pi = f.player
    assert pi is not None
    rs, p = state.rules, state.players[pi]
    if p.action_choice and pi != f.first and f.open is None and not f.closed:
        return True
    if f.moves > 0 and any(company.can_leave(rs, p, cell) for cell in p.cells.keys() | p.lying.keys()):
        return True
    if any(True for _ in rs.department_actions(state, pi)):
        return True
    return bool(f.study) and _real(iter_legal(state))


_QUICK = {K.EVENT: _event_has_choice, K.ACTIVATE: _activate_has_choice, K.TURN: _turn_has_choice}
#: kinds mostly taken automatically: settle asks the quick test before listing their actions
_PREFILTER = frozenset((K.EVENT, K.ACTIVATE))


def illegal_reason(state: State, action: Action) -> str | None:
    v = state.rules.verbs[action.verb]
    pi = state.flow.player
    kind = decision_kind(state)
    if kind not in v.decisions:
        from .prompts import prompt_of, prompt_words
        return N_("not possible now ({prompt})", prompt=Worded(prompt_words, prompt_of(state, kind),
                                                                None if pi is None else state.players[pi].name))
    assert pi is not None
    return v.check(state, pi, action.args)


def apply(state: State, action: Action, checked: bool = True, listing: bool = False) -> list[Action] | None:
    """Carry out one action (checked first unless the caller knows it is legal), then the forced
    steps; with ``listing``, returns the legal actions of the next decision. Raises on an illegal
    action without changing the state."""
    kind = decision_kind(state)
    if kind is OVER:
        raise GameOverError(N_("{action}: the game is over", action=repr(str(action))))
    pi = state.flow.player
    assert pi is not None
    if checked:
        reason = illegal_reason(state, action)
        if reason is not None:
            raise IllegalActionError(str(action), reason, state.players[pi].name)
    recorder = state.recorder
    if recorder is not None:
        recorder.begin(state, pi, kind, action)
    state.rules.verbs[action.verb].do(state, pi, action.args)
    return settle(state, listing)


def settle(state: State, listing: bool = False) -> list[Action] | None:
    """Take forced steps (a lone ``done``) until a real decision is due; with ``listing``, returns
    its legal actions (found on the way)."""
    done = state.rules.verbs["done"].do
    while True:
        kind = decision_kind(state)
        if kind not in DONE_KINDS:
            return legal_actions(state, kind) if listing else None
        if listing and kind not in _PREFILTER:     # most such decisions are real: list them at once
            actions = legal_actions(state, kind)
            if _real(actions):
                return actions
        elif has_choice(state):
            if listing:
                return legal_actions(state, kind)
            return None
        pi = state.flow.player
        assert pi is not None
        recorder = state.recorder
        if recorder is not None:
            recorder.forced(state, pi, kind)
        done(state, pi, ())

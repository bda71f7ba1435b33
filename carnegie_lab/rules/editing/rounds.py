"""The editor's round and decision: the round (the first player, the timeline's markers, the round history and
Andrew's cards follow it), who decides now and what (the row's choice, an event, a turn), the markers, and in a
solo game Andrew's cards (in the table's terms of rules decision A8) and tiles."""
from __future__ import annotations

from typing import Any

from ...core.i18n import N_, Message
from ...core.state import Andrew, Flow, Phase, State
from ..laws import completed_rounds
from ..loop import NEXT_PLAYER, round_summary, seats_from
from ..solo import chooses_in
from ..timeline import select
from . import checks
from .checks import refuse

#: the decisions the editor sets: the first player's choice of the row, a player's event or turn
DECISIONS = {"choose": Phase.CHOOSE, "event": Phase.EVENT, "turn": Phase.TURN}


def set_round(state: State, number: Any) -> None:
    """The start of round ``number`` (1-20): the first player chooses the row (in a solo game's even rounds
    Andrew's card chooses it and the player's event follows). The first player moves one seat a round; the
    markers have moved once per finished round (spread over the rows from the top when their count changes);
    the history has a summary per finished round (the table as it is, for the rounds it did not have); Andrew's
    VP cards hold a card per finished round (from the top of his draw pile onto his 0 VP card, or back onto it)
    and he holds this round's card."""
    k = state.rules.constants
    if type(number) is not int or not 1 <= number <= k.rounds:
        refuse(N_("a round is 1 to {rounds}, not {value}", rounds=k.rounds, value=repr(number)))
    done, markers = number - 1, state.board.markers
    if sum(markers) != done:
        markers[:] = [done // len(markers) + (i < done % len(markers)) for i in range(len(markers))]
    first = done % len(state.players)
    state.flow = Flow(phase=Phase.CHOOSE, player=first, round=number, first=first)
    _history(state, done)
    if state.andrew is not None:
        _deal(state.andrew, done)
        row = _andrew_row(state)
        if row is not None:
            _enter(state, Phase.EVENT, first, row)


def _history(state: State, done: int) -> None:
    """One summary per finished round: those the history has, then the table as it is for the others (each
    round's row: a row whose marker moved)."""
    rows = [row for row, moved in zip(state.rules.components.timeline.rows, state.board.markers) for _ in range(moved)]
    kept = [summary for summary in state.history if summary["round"] <= done]
    for number in range(len(kept) + 1, done + 1):
        table = state.copy(history=False)
        table.flow = Flow(phase=Phase.TURN, player=None, round=number, chosen=rows[number - 1])
        kept.append(round_summary(table))
    state.history = kept


def _deal(andrew: Andrew, done: int) -> None:
    """A card on his VP cards per finished round, this round's card in his hand, the rest his draw pile."""
    pile = ([andrew.card] if andrew.card else []) + andrew.deck
    played = sum(len(slot) for slot in andrew.vp_slots)
    while played < done:
        andrew.vp_slots[0].append(pile.pop(0))
        played += 1
    while played > done:
        slot = max(i for i, cards in enumerate(andrew.vp_slots) if cards)
        pile.insert(0, andrew.vp_slots[slot].pop())
        played -= 1
    andrew.card, andrew.deck, andrew.slide = pile[0], pile[1:], 0


def set_decision(state: State, decision: Any, seat: Any = None, row: Any = None) -> None:
    """Who decides now and what, in this round: ``"choose"`` (the first player chooses the row), ``"event"`` or
    ``"turn"`` of ``seat`` (the first player by default), after the choice of ``row`` (by default the row
    chosen already, or in a solo game's even rounds his card's)."""
    if not isinstance(decision, str) or decision not in DECISIONS:
        refuse(N_("unknown decision {decision}: the editor sets {decisions}", decision=repr(decision),
                  decisions=", ".join(DECISIONS)))
    f = state.flow
    if f.phase not in (Phase.CHOOSE, Phase.EVENT, Phase.TURN):
        refuse(N_("set the round first: decisions are set within a round"))
    andrew_row = _andrew_row(state)
    if decision == "choose":
        if andrew_row is not None:
            refuse(N_("Andrew's card chooses the row in round {round}", round=f.round))
        state.flow = Flow(phase=Phase.CHOOSE, player=f.first, round=f.round, first=f.first)
        return
    chosen = f.chosen if row is None and andrew_row is None else andrew_row if row is None else checks.row(state, row)
    if chosen is None:
        refuse(N_("which row was chosen? (row=...)"))
    if andrew_row is not None and chosen != andrew_row:
        refuse(N_("Andrew's card chooses the row in round {round}: {row}", round=f.round, row=andrew_row))
    _enter(state, DECISIONS[decision], f.first if seat is None else checks.seat(state, seat), chosen)


def _andrew_row(state: State) -> str | None:
    """The row Andrew's card chooses this round, None where the player chooses."""
    andrew = state.andrew
    if andrew is None or andrew.card is None or not chooses_in(state.flow.round):
        return None
    return state.rules.components.solo_cards[andrew.card].action


def _enter(state: State, phase: Phase, seat: int, row: str) -> None:
    """The event or the turn of ``seat`` in the round, the row ``row`` chosen, begun as the loop begins them."""
    f = state.flow
    state.flow = Flow(phase=phase, player=None, round=f.round, first=f.first)
    select(state, row)
    seats = seats_from(state, f.first)
    state.flow.order = seats[seats.index(seat):]
    NEXT_PLAYER[phase](state)


def set_markers(state: State, markers: Any) -> None:
    """The timeline's marker on each row (0: the start tile); this round's event follows them."""
    rows = state.rules.components.timeline.rows
    if not isinstance(markers, (list, tuple)) or len(markers) != len(rows) or any(type(m) is not int for m in markers):
        refuse(N_("one marker per row ({rows}), each a whole number", rows=", ".join(rows)))
    if sum(markers) != completed_rounds(state):
        refuse(N_("the markers move once per finished round: {n} moves in all, not {moves}", n=completed_rounds(state),
                  moves=sum(markers)))
    state.board.markers[:] = markers
    f = state.flow
    if f.chosen is not None and f.phase in (Phase.EVENT, Phase.TURN):
        income, donation = f.income, f.donation
        select(state, f.chosen)
        if (f.income, f.donation) != (income, donation):
            refuse(N_("the markers change this round's event: set the decision again after them"))


def set_andrew_cards(state: State, vp_cards: Any = None, card: Any = None, top: Any = None, slide: Any = None) -> None:
    """Andrew's cards by their ids (``N07``: the normal card 7, ``A07``: its advanced version): the cards on each
    of his VP cards (the table has seen them), this round's card, the cards on top of his draw pile (face down,
    the top one's back in view), and how far this round's card has slid. A card named takes the place of the card
    of its number; the others keep their order in the draw pile."""
    andrew = state.andrew
    if andrew is None:
        refuse(N_("Andrew plays only in a solo game"))
    cards = state.rules.components.solo_cards
    slots = andrew.vp_slots if vp_cards is None else _slots(state, vp_cards)
    held = andrew.card if card is None else checks.card(state, card)
    on_top = [] if top is None else [checks.card(state, c) for c in _listed(top)]
    named = [c for slot in slots for c in slot] + on_top + ([held] if held else [])
    numbers = [cards[c].number for c in named]
    if len(set(numbers)) != len(numbers):
        refuse(N_("a card number named twice: {cards}", cards=", ".join(named)))
    former = [*andrew.deck, *([andrew.card] if andrew.card else []), *(c for slot in andrew.vp_slots for c in slot)]
    rest = [c for c in former if cards[c].number not in numbers]
    andrew.vp_slots, andrew.card, andrew.deck = slots, held, on_top + rest
    if slide is not None:
        andrew.slide = checks.amount(slide, "slide")


def _listed(value: Any) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        refuse(N_("expected a list of card ids, got {value}", value=repr(value)))
    return list(value)


def _slots(state: State, value: Any) -> list[list[str]]:
    count = len(state.rules.constants.andrew_vp_cards)
    slots = _listed(value)
    if len(slots) != count:
        refuse(N_("one list of cards per VP card ({n})", n=count))
    return [[checks.card(state, c) for c in _listed(slot)] for slot in slots]


def set_andrew_departments(state: State, tiles: Any) -> None:
    """The Department tiles Andrew has taken: those he gives up go back to the pool, the new ones come from it."""
    andrew = state.andrew
    if andrew is None:
        refuse(N_("Andrew plays only in a solo game"))
    depts = [checks.tile(state, t) for t in _listed(tiles)]
    pool = state.board.pool
    for old in andrew.departments:
        pool[old] = pool.get(old, 0) + 1
    for dept in depts:
        if pool.get(dept.id, 0) < 1:
            refuse(N_("no {department} tile left in the pool", department=Message(dept.name)))
        pool[dept.id] -= 1
    andrew.departments = [d.id for d in depts]

"""Solo mode: Andrew Carnegie, driven by a deck of action cards.

Each round Andrew draws a card; in even rounds its action symbol chooses the row. He always resolves
his event and action before the player, and every failure slides the card one VP step to the right.
At round end the card lies on the VP card it reached (0, 1, 3, 6, 10).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..core.components import PROJECT_TYPES, SoloCard
from ..core.i18n import N_, Message, Worded, translator, wording
from ..core.later import later, line
from ..core.state import ANDREW, Andrew, Phase, State
from ..core.words import a_project, id_name, plural_line
from .construction import free_site, place_disc
from .core import note
from .donations import taken
from .research import final_box_full
from .timeline import TYPE_NAMES, select

if TYPE_CHECKING:
    from .ruleset import Ruleset

NAME = "Andrew Carnegie"


def new_andrew(rs: Ruleset, rng: random.Random, level: int) -> Andrew:
    """Level 1-4 decks: some of the 20 card numbers use their advanced version, then shuffle."""
    C, k = rs.components, rs.constants
    numbers = sorted({c.number for c in C.solo_cards.values()})
    rng.shuffle(numbers)
    advanced = set(numbers[:k.solo_decks[level][1]])
    deck = [("A" if n in advanced else "N") + f"{n:02d}" for n in numbers]
    rng.shuffle(deck)
    return Andrew(level=level, deck=deck, card=None, slide=0,
                  vp_slots=[[] for _ in k.andrew_vp_cards], tracks={r: 0 for r in C.tracks})


def _andrew(state: State) -> Andrew:
    assert state.andrew is not None, "a solo rule in a game without Andrew"
    return state.andrew


def card(state: State) -> SoloCard:
    card_id = _andrew(state).card
    assert card_id is not None
    return state.rules.components.solo_cards[card_id]


def chooses_in(round_number: int) -> bool:
    """The player picks the row in odd rounds (hat side up), Andrew in even rounds."""
    return round_number % 2 == 0


def andrew_chooses(state: State) -> bool:
    """Does Andrew's card pick this round's row?"""
    return chooses_in(state.flow.round)


def face_down(state: State) -> bool:
    """Is this round's card drawn but still face down? From the draw until Andrew's turn, which comes
    right after the row is chosen: so while the player chooses the row of an odd round."""
    andrew = state.andrew
    return andrew is not None and andrew.card is not None and state.flow.phase == Phase.CHOOSE


def hidden_cards(state: State) -> list[str]:
    """Andrew's cards whose fronts the table has not seen, in drawing order: this round's card while it
    is face down, then his draw pile."""
    andrew = _andrew(state)
    return ([andrew.card] if face_down(state) and andrew.card else []) + andrew.deck


#: what the back of an advanced card shows: that it is advanced, not its action (rules decision A8)
ADVANCED = "advanced"


def back_of(card: SoloCard) -> str:
    """What a card's back shows: a normal card's action, or :data:`ADVANCED`."""
    return ADVANCED if card.advanced else card.action


@dataclass(frozen=True)
class UnseenDeck:
    """What the table knows of Andrew's hidden cards (:func:`hidden_cards`): the card numbers not
    shown yet and how many of them are advanced cards; and the backs in view (:func:`back_of`: a normal
    card's action, or :data:`ADVANCED`): this round's card while it is face down and the top card of
    the draw pile. Not which number lies where, nor which of the others are advanced."""
    numbers: tuple[int, ...]
    advanced: int
    current: str | None                       # the back of this round's card while it is face down
    top: str | None                           # the back of the top card of the draw pile (None: no pile)
    ids: dict[tuple[int, bool], str]          # the card id of (number, advanced?)
    actions: dict[int, str]                   # the action of each card number

    @property
    def backs(self) -> tuple[str, ...]:
        """The backs in view, in drawing order."""
        return tuple(b for b in (self.current, self.top) if b is not None)

    def showing(self, back: str) -> tuple[int, ...]:
        """The numbers left that a card showing this back may have: those of that action for a normal
        back, any for an advanced one."""
        return self.numbers if back == ADVANCED else tuple(n for n in self.numbers if self.actions[n] == back)

    def deals(self) -> list[tuple[int, ...]]:
        """The numbers the cards in view (:attr:`backs`) may have, together, in drawing order: all of them
        equally likely, since the cards out of view fit each of them alike."""
        found: list[tuple[int, ...]] = [()]
        for back in self.backs:
            found = [d + (n,) for d in found for n in self.showing(back) if n not in d]
        return found


def unseen_deck(state: State) -> UnseenDeck | None:
    """The public part of Andrew's hidden cards (see :class:`UnseenDeck`): the numbers left are the
    numbers of the game less those of the cards shown (on his VP cards, and this round's once turned
    face up), the advanced ones his level's count less those shown. None when nothing is hidden, or
    when the deck does not fit the cards shown (an edited position: then only its order is hidden)."""
    andrew = state.andrew
    if andrew is None or not hidden_cards(state):
        return None
    cards, k = state.rules.components.solo_cards, state.rules.constants
    down = face_down(state)
    shown = [c for slot in andrew.vp_slots for c in slot] + ([andrew.card] if andrew.card and not down else [])
    numbers = tuple(sorted({c.number for c in cards.values()} - {cards[c].number for c in shown}))
    advanced = k.solo_decks[andrew.level][1] - sum(1 for c in shown if cards[c].advanced)
    ids = {(c.number, c.advanced): c.id for c in cards.values()}
    if sorted(cards[c].number for c in hidden_cards(state)) != list(numbers) or \
            not 0 <= advanced <= len(numbers) or any((n, a) not in ids for n in numbers for a in (False, True)):
        return None
    return UnseenDeck(numbers, advanced, back_of(cards[andrew.card]) if down and andrew.card else None,
                      back_of(cards[andrew.deck[0]]) if andrew.deck else None, ids,
                      {c.number: c.action for c in cards.values()})


def begin_round(state: State) -> None:
    """Draw this round's card; in Andrew's rounds his card chooses the row."""
    andrew = _andrew(state)
    andrew.card, andrew.slide = andrew.deck.pop(0), 0
    if andrew_chooses(state):
        select(state, card(state).action)
        chosen = state.flow.chosen or ""
        note(state, lambda: line("{player} draws a card and chooses {type}", player=NAME,
                          type=TYPE_NAMES.get(chosen, chosen)))


def _slide(state: State, steps: int, why: Message) -> None:
    if steps:
        andrew = _andrew(state)
        andrew.slide += steps
        note(state, lambda: later(Worded, _slides, steps, why))


@wording
def _slides(lang: str, steps: int, why: Message) -> str:
    """'Andrew Carnegie's card slides 2 steps (Boston is full)', in a language."""
    return translator(lang).ngettext("{player}'s card slides {n} step ({why})",
                                     "{player}'s card slides {n} steps ({why})", steps).format(
        player=NAME, n=steps, why=why.render(lang))


def take_turn(state: State) -> None:
    """Andrew's event, then his action of the chosen type."""
    c, f = card(state), state.flow
    donations = state.rules.components.donations
    if f.donation:
        if c.donation in state.board.donations:
            _slide(state, 1, taken(donations[c.donation]))
        else:
            state.board.donations[c.donation] = [ANDREW]
            _andrew(state).donations += 1
            note(state, lambda: line("{player} donates to {donation}", player=NAME,
                              donation=Message(donations[c.donation].name)))
    assert f.chosen is not None
    ACTIONS[f.chosen](state, c)


def _human_resources(state: State, c: SoloCard) -> None:
    _slide(state, c.hr_shift, TYPE_NAMES["HR"])


def _management(state: State, c: SoloCard) -> None:
    depts = state.rules.components.departments
    taken_now: set[str] = set()
    for dept_type in c.mg_types:
        tile = next((d.id for d in sorted(depts.values(), key=lambda d: d.number)
                     if d.type == dept_type and state.board.pool.get(d.id, 0) > 0 and d.id not in taken_now), None)
        if tile is None:
            _slide(state, 1, N_("no {type} department left for him", type=id_name(dept_type, TYPE_NAMES[dept_type])))
            continue
        state.board.pool[tile] -= 1
        _andrew(state).departments.append(tile)
        taken_now.add(tile)
        note(state, lambda: line("{player} takes {department}", player=NAME, department=Message(depts[tile].name)))


def _construction(state: State, c: SoloCard) -> None:
    cities = state.rules.components.cities
    for city in c.co_cities:
        placed = next(((t, i) for t in PROJECT_TYPES if (i := free_site(state, city, t)) is not None), None)
        if placed is None:
            _slide(state, 1, N_("{city} is full", city=Message(cities[city].name)))
            continue
        ptype, index = placed
        place_disc(state, ANDREW, city, index, ptype)
        kind = state.rules.components.tabs[ptype].name
        note(state, lambda: line("{player} builds {project} in {city}", player=NAME, project=later(a_project, kind),
                          city=Message(cities[city].name)))


def _research(state: State, c: SoloCard) -> None:
    tracks, region = _andrew(state).tracks, c.rd_region
    name = Message(state.rules.components.regions[region].name)
    final = state.rules.final_space
    moved = 0
    for _ in range(c.rd_steps):
        if tracks[region] >= final or (tracks[region] + 1 == final and final_box_full(state, region)):
            break
        tracks[region] += 1
        moved += 1
    if moved:
        note(state, lambda: plural_line("{player} moves {n} step up the {region} track",
                                  "{player} moves {n} steps up the {region} track", moved, player=NAME, region=name))
    _slide(state, c.rd_steps - moved, N_("the {region} track is blocked", region=name))


ACTIONS: dict[str, Callable[[State, SoloCard], None]] = {
    "HR": _human_resources, "MG": _management, "CO": _construction, "RD": _research}


def end_round(state: State) -> None:
    """The card lies on the VP card its slide reached (capped at the last)."""
    andrew = _andrew(state)
    vp_cards = state.rules.constants.andrew_vp_cards
    slot = min(andrew.slide, len(vp_cards) - 1)
    assert andrew.card is not None
    andrew.vp_slots[slot].append(andrew.card)
    slid = andrew.slide
    vp = vp_cards[slot]
    note(state, lambda: later(Worded, _card_ends, vp, slid))
    andrew.card, andrew.slide = None, 0


@wording
def _card_ends(lang: str, vp: int, slid: int) -> str:
    """'Andrew Carnegie's card ends the round on his 3 VP card (it slid 2 steps this round)', in a language."""
    tr = translator(lang)
    how = (tr.ngettext("it slid {n} step this round", "it slid {n} steps this round", slid).format(n=slid) if slid
           else tr.gettext("it did not slide"))
    return tr.gettext("{player}'s card ends the round on his {vp} VP card ({how})").format(player=NAME, vp=vp, how=how)

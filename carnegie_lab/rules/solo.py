"""Solo mode: Andrew Carnegie, driven by a deck of action cards.

Each round Andrew draws a card; in even rounds its action symbol chooses the row. He always resolves
his event and action before the player, and every failure slides the card one VP step to the right.
At round end the card lies on the VP card it reached (0, 1, 3, 6, 10).
"""
from __future__ import annotations

import random

from ..components import PROJECT_TYPES, SoloCard
from ..state import ANDREW, Andrew, State
from .construction import free_site, place_disc
from .core import C, K, note
from .research import FINAL, final_box_holder
from .timeline import select

NAME = "Andrew Carnegie"


def new_andrew(rng: random.Random, level: int) -> Andrew:
    """Level 1-4 decks: some of the 20 card numbers use their advanced version, then shuffle."""
    if level not in K.solo_decks:
        raise ValueError(f"solo_level must be one of {sorted(K.solo_decks)}, not {level!r}")
    numbers = sorted({c.number for c in C.solo_cards.values()})
    rng.shuffle(numbers)
    advanced = set(numbers[:K.solo_decks[level][1]])
    deck = [("A" if n in advanced else "N") + f"{n:02d}" for n in numbers]
    rng.shuffle(deck)
    return Andrew(level=level, deck=deck, card=None, slide=0,
                  vp_slots=[[] for _ in K.andrew_vp_cards], tracks={r: 0 for r in C.tracks})


def card(state: State) -> SoloCard:
    return C.solo_cards[state.andrew.card]


def andrew_chooses(state: State) -> bool:
    """The player picks the row in odd rounds (hat side up), Andrew in even rounds."""
    return state.flow.round % 2 == 0


def begin_round(state: State) -> None:
    """Draw this round's card; in Andrew's rounds his card chooses the row."""
    andrew = state.andrew
    andrew.card, andrew.slide = andrew.deck.pop(0), 0
    if andrew_chooses(state):
        select(state, card(state).action)
        note(state, f"{NAME} draws {andrew.card} and chooses {state.flow.chosen}")


def _slide(state: State, steps: int, why: str) -> None:
    if steps:
        state.andrew.slide += steps
        note(state, f"{NAME}: card {state.andrew.card} slides {steps} ({why})")


def take_turn(state: State) -> None:
    """Andrew's event, then his action of the chosen type."""
    c, f = card(state), state.flow
    if f.donation:
        if c.donation in state.board.donations:
            _slide(state, 1, f"{C.donations[c.donation].name} is taken")
        else:
            state.board.donations[c.donation] = [ANDREW]
            state.andrew.donations += 1
            note(state, f"{NAME} donates to {C.donations[c.donation].name}")
    ACTIONS[f.chosen](state, c)


def _human_resources(state: State, c: SoloCard) -> None:
    _slide(state, c.hr_shift, "Human Resources")


def _management(state: State, c: SoloCard) -> None:
    taken_now: set[str] = set()
    for dept_type in c.mg_types:
        tile = next((d.id for d in sorted(C.departments.values(), key=lambda d: d.number)
                     if d.type == dept_type and state.board.pool.get(d.id, 0) > 0 and d.id not in taken_now), None)
        if tile is None:
            _slide(state, 1, f"no {dept_type} department left for him")
            continue
        state.board.pool[tile] -= 1
        state.andrew.departments.append(tile)
        taken_now.add(tile)
        note(state, f"{NAME} takes {C.departments[tile].name}")


def _construction(state: State, c: SoloCard) -> None:
    for city in c.co_cities:
        placed = next(((t, i) for t in PROJECT_TYPES if (i := free_site(state, city, t)) is not None), None)
        if placed is None:
            _slide(state, 1, f"{C.cities[city].name} is full")
            continue
        ptype, index = placed
        place_disc(state, ANDREW, city, index, ptype)
        note(state, f"{NAME} builds in {C.cities[city].name}")


def _research(state: State, c: SoloCard) -> None:
    tracks, region = state.andrew.tracks, c.rd_region
    moved = 0
    for _ in range(c.rd_steps):
        if tracks[region] >= FINAL or (tracks[region] + 1 == FINAL and final_box_holder(state, region) is not None):
            break
        tracks[region] += 1
        moved += 1
    if moved:
        note(state, f"{NAME} moves {moved} step(s) up the {C.regions[region].name} track")
    _slide(state, c.rd_steps - moved, f"the {C.regions[region].name} track is blocked")


ACTIONS = {"HR": _human_resources, "MG": _management, "CO": _construction, "RD": _research}


def end_round(state: State) -> None:
    """The card lies on the VP card its slide reached (capped at the last)."""
    andrew = state.andrew
    slot = min(andrew.slide, len(K.andrew_vp_cards) - 1)
    andrew.vp_slots[slot].append(andrew.card)
    note(state, f"{NAME}: card {andrew.card} ends on the {K.andrew_vp_cards[slot]} VP card")
    andrew.card, andrew.slide = None, 0

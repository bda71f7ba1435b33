"""What Andrew's turn gives him, row by row, in expectation over his face-down card.

In the rounds where the player chooses the row (odd rounds), the chosen row is also Andrew's action
(rules decision A2), and his card lies face down while the player chooses: the table sees its back (a
normal card's action, or that it is advanced) and knows which numbers are left
(:func:`~carnegie_lab.rules.solo.unseen_deck`). :func:`face_down_odds` is the exact distribution of that
card given what the table shows; :func:`andrew_gains` plays his turn (his event, then the row's action)
on a light copy of the state for every card he may hold and every row, and measures what it gives him:
the change of :func:`andrew_value`, his value as the bots' evaluations count it (his score if the game
ended now, plus the VP card his card of the round has reached). Only the table is read: the face-down
card is replaced by each card it may be, and his turn reads neither his draw pile nor hidden fronts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..core.state import State
from ..rules.scoring import andrew_score
from ..rules.solo import ADVANCED, face_down, hidden_cards, take_turn, unseen_deck
from ..rules.timeline import select
from .base import light_copy
from .evaluation.position import andrew_card_vp


def face_down_odds(state: State) -> dict[str, float]:
    """The chance of each card id to be Andrew's face-down card of this round, from what the table shows
    (empty when no card lies face down). Every deal of numbers to the backs in view is equally likely
    (:meth:`~carnegie_lab.rules.solo.UnseenDeck.deals`); in a position whose deck does not fit the cards
    shown, only the order of the hidden cards counts as hidden (as :func:`~.base.resample_hidden` has it)."""
    if not face_down(state):
        return {}
    unseen = unseen_deck(state)
    if unseen is None:
        counts = Counter(hidden_cards(state))
    else:
        counts = Counter(unseen.ids[deal[0], unseen.current == ADVANCED] for deal in unseen.deals())
    total = sum(counts.values())
    return {card: n / total for card, n in sorted(counts.items())}


def andrew_value(state: State) -> float:
    """Andrew's value as the hand evaluation counts it: his score now plus his card's VP card so far."""
    return andrew_score(state).total + andrew_card_vp(state)


@dataclass(frozen=True)
class AndrewGains:
    """What Andrew's turn gives him with each row and each card he may hold, and each card's chance."""
    odds: dict[str, float]
    gains: dict[tuple[str, str], float]

    def gain(self, row: str, card: str) -> float:
        """What his turn gives him with this row and this card."""
        return self.gains[row, card]

    def expected(self, row: str) -> float:
        """What his turn gives him with this row, in expectation over his face-down card."""
        return sum(p * self.gains[row, card] for card, p in self.odds.items())


def andrew_gains(state: State, rows: Sequence[str]) -> AndrewGains:
    """:class:`AndrewGains` of the rows ``rows`` (timeline rows the player may choose now) while Andrew's
    card lies face down."""
    odds = face_down_odds(state)
    before = andrew_value(state)
    gains = {}
    for row in rows:
        for card in odds:
            after = light_copy(state)
            assert after.andrew is not None
            after.andrew.card = card
            select(after, row)
            take_turn(after)
            gains[row, card] = andrew_value(after) - before
    return AndrewGains(odds, gains)

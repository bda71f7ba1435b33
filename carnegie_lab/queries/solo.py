"""The solo table's queries: Andrew Carnegie as the table shows him (his cards, not his deck's order)."""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.solo import NAME as ANDREW_NAME
from ..rules.solo import andrew_chooses, face_down, unseen_deck
from .reading import Reading


@dataclass(frozen=True)
class AndrewView:
    """What the table shows of Andrew Carnegie in a solo game: his cards face up, and the backs of his
    face-down cards in view, which show a normal card's action or that a card is advanced (the order
    of his deck stays hidden)."""
    level: int
    card: str | None                          # this round's card once face up (an id of ``components.solo_cards``)
    slide: int                                # how far it has slid this round
    vp_cards: tuple[tuple[int, tuple[str, ...]], ...]   # (VP of the card, the solo cards lying on it)
    cards_left: int                           # cards still to draw
    chooses: bool                             # his card chooses this round's row (even rounds)
    advanced_left: int | None = None          # advanced cards among those not shown (None: an edited deck)
    face_down: bool = False                   # this round's card is drawn, face down until his turn
    card_action: str | None = None            # this round's card's action (None while an advanced one lies face down)
    next_action: str | None = None            # the action on the back of his next card (None: an advanced one)
    card_advanced: bool = False               # this round's card is an advanced one (its back says so)
    next_advanced: bool = False               # his next card is an advanced one (its back says so, not its action)


class SoloQueries(Reading):
    """Andrew Carnegie, the solo opponent: his name and what the table shows of him."""

    @property
    def andrew_name(self) -> str | None:
        """The name of the solo opponent (Andrew Carnegie) in a solo game, None in a game without him."""
        return ANDREW_NAME if self._state.andrew is not None else None

    def andrew(self) -> AndrewView | None:
        """Andrew Carnegie as the table shows him, or None when the game is not solo."""
        a = self._state.andrew
        if a is None:
            return None
        slots = tuple(zip(self.rules.constants.andrew_vp_cards, (tuple(cards) for cards in a.vp_slots)))
        unseen = unseen_deck(self._state)
        down = face_down(self._state)
        advanced = unseen.advanced if unseen is not None else (0 if not a.deck and not down else None)
        card = self.components.solo_cards[a.card] if a.card else None
        top = self.components.solo_cards[a.deck[0]] if a.deck else None
        return AndrewView(a.level, None if down else a.card, a.slide, slots, len(a.deck), andrew_chooses(self._state),
                          advanced, down, None if card is None or (down and card.advanced) else card.action,
                          None if top is None or top.advanced else top.action,
                          card is not None and card.advanced, top is not None and top.advanced)

"""``andrew_forecast``: the exact chances of what Andrew's next card makes him do, from what the table
sees of his deck: the cards he has shown, his level and the back of the top card of his draw pile."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..core.components import Components, SoloCard
from ..core.errors import CarnegieError
from ..core.state import State
from ..engine import Game
from ..rules.prompts import TYPE_NAMES
from ..rules.solo import ADVANCED, back_of, chooses_in, face_down, hidden_cards, unseen_deck

#: the outcomes of each kind that a forecast's text lists (the likeliest; the data has them all)
FORECAST_SHOWN = 5


@dataclass(frozen=True)
class Chance:
    """One possible outcome, its exact chance and the cards that give it."""
    outcome: str
    chance: Fraction
    cards: tuple[str, ...]


@dataclass(frozen=True)
class AndrewForecast:
    """What Andrew's next card (the top card of his draw pile) may make him do, with exact chances.

    Its back is in view: a normal card's back shows its action, so the row it would choose is certain
    (``next_action``) and the card is one of the numbers left of that action; an advanced card's back
    shows only that it is advanced (``next_advanced``), so it may be any number left. Which numbers
    are left is public (one card of each number, the shown ones gone), and every deal of them that
    fits the backs in view is equally likely."""
    round: int | None                          # the round that draws it (None: his deck is empty)
    chooses_row: bool                          # his card chooses that round's row (even rounds)
    current: str | None                        # his card of this round once shown face up, if any
    left: tuple[int, ...]                      # the card numbers he has not shown
    cards: tuple[Chance, ...]                  # each card it may be (outcome: its id), by number
    row: tuple[Chance, ...]                    # the action on its back: the row it chooses in his rounds
    donation: tuple[Chance, ...]               # where he would donate if his event is a donation
    actions: dict[str, tuple[Chance, ...]]     # row -> what he would do on it
    current_action: str | None = None          # this round's card's action, if its back (or front) shows it
    next_action: str | None = None             # the action on the back of the next card (None: advanced)
    next_advanced: bool = False                # the next card's back shows an advanced card

    @property
    def lines(self) -> list[str]:
        if self.round is None:
            return ["Andrew has no cards left to draw."]
        back = "an advanced card (its action hidden)" if self.next_advanced else \
            TYPE_NAMES.get(self.next_action or "", self.next_action)
        out = [f"Andrew's card of round {self.round}: its back shows {back}"
               + (" (it chooses the row)" if self.chooses_row else " (you choose the row)")]
        groups = ([("row he chooses", self.row)] if self.chooses_row and self.next_advanced else []) + \
            [("donation, on a donation event", self.donation)] + \
            [(f"on {TYPE_NAMES.get(row, row)}", chances) for row, chances in self.actions.items()]
        for title, chances in groups:
            shown = chances[:FORECAST_SHOWN]
            rest = sum((c.chance for c in chances[FORECAST_SHOWN:]), Fraction(0))
            text = "; ".join(f"{c.outcome} {float(c.chance):.0%}" for c in shown)
            if rest:
                text += f"; {len(chances) - len(shown)} more {float(rest):.0%}"
            out.append(f"  {title}: {text}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)


def unseen_cards(state: State) -> list[tuple[SoloCard, Fraction]]:
    """Each card Andrew may draw next (the top card of his draw pile), with its exact chance given
    what the table sees (his cards shown so far, his level and the backs in view: a normal card's
    back shows its action, an advanced card's only that it is advanced). Every deal consistent with
    those is equally likely, so the top card's number is counted over the numbers this round's
    face-down card (if any) leaves it. A deck that does not fit his cards shown (an edited position)
    is taken as it is, only its order unknown."""
    andrew = state.andrew
    if andrew is None or not andrew.deck:
        return []
    cards = state.rules.components.solo_cards
    unseen = unseen_deck(state)
    if unseen is None:
        back = back_of(cards[andrew.deck[0]])
        counts = Counter(c for c in hidden_cards(state) if back_of(cards[c]) == back)
        return [(cards[c], Fraction(m, sum(counts.values()))) for c, m in sorted(counts.items())]
    assert unseen.top is not None
    top, advanced = unseen.showing(unseen.top), unseen.top == ADVANCED
    before = unseen.showing(unseen.current) if unseen.current is not None else None
    ways = {n: 1 if before is None else sum(1 for k in before if k != n) for n in top}
    total = sum(ways.values())
    return [(cards[unseen.ids[n, advanced]], Fraction(w, total)) for n, w in ways.items() if w]


def _grouped(pairs: Iterable[tuple[str, str, Fraction]]) -> tuple[Chance, ...]:
    """(outcome, card, chance) -> one Chance per outcome, the likeliest first."""
    chance: dict[str, Fraction] = {}
    cards: dict[str, list[str]] = {}
    for outcome, card, p in pairs:
        chance[outcome] = chance.get(outcome, Fraction(0)) + p
        cards.setdefault(outcome, []).append(card)
    return tuple(Chance(o, chance[o], tuple(cards[o])) for o in sorted(chance, key=lambda o: (-chance[o], o)))


def _andrew_action(C: Components, card: SoloCard, row: str) -> str:
    """What a card makes Andrew do on a row, in words (what he tries: the board may stop him)."""
    if row == "HR":
        return f"his card slides {card.hr_shift}"
    if row == "MG":
        return "takes " + " + ".join(TYPE_NAMES.get(t, t) for t in card.mg_types)
    if row == "CO":
        return "builds in " + " and ".join(C.cities[c].name for c in card.co_cities)
    return f"{card.rd_steps} step{'s' if card.rd_steps != 1 else ''} on the {C.regions[card.rd_region].name} track"


def _current_action(state: State) -> str | None:
    """This round's card's action as the table sees it: from its front once shown, from its back while
    face down (None for an advanced card then)."""
    andrew = state.andrew
    if andrew is None or andrew.card is None:
        return None
    card = state.rules.components.solo_cards[andrew.card]
    return card.action if not face_down(state) or not card.advanced else None


def _numbers_left(state: State) -> tuple[int, ...]:
    """The card numbers Andrew has not shown (of an unusual deck: its numbers)."""
    unseen = unseen_deck(state)
    if unseen is not None:
        return unseen.numbers
    cards = state.rules.components.solo_cards
    return tuple(sorted({cards[c].number for c in hidden_cards(state)})) if state.andrew is not None else ()


def andrew_forecast(game: Game) -> AndrewForecast:
    """The chances of what Andrew's next card (the top card of his draw pile, drawn at the start of the
    next round) makes him do, by exact enumeration of the cards it may be (see
    :class:`AndrewForecast`); only what the table sees is used. CarnegieError in a game without
    Andrew."""
    state = game.state
    andrew = state.andrew
    if andrew is None:
        raise CarnegieError("andrew_forecast is for solo games: this game has no Andrew Carnegie")
    C = game.components
    possible = unseen_cards(state)
    upcoming = state.flow.round + 1 if possible else None
    rows = C.timeline.rows
    down = face_down(state)
    return AndrewForecast(
        round=upcoming, chooses_row=upcoming is not None and chooses_in(upcoming),
        current=None if down else andrew.card,
        left=_numbers_left(state),
        cards=tuple(Chance(card.id, p, (card.id,)) for card, p in possible),
        row=_grouped((card.action, card.id, p) for card, p in possible),
        donation=_grouped((C.donations[card.donation].name, card.id, p) for card, p in possible),
        actions={row: _grouped((_andrew_action(C, card, row), card.id, p) for card, p in possible) for row in rows},
        current_action=_current_action(state),
        next_action=possible[0][0].action if possible and not possible[0][0].advanced else None,
        next_advanced=bool(possible) and possible[0][0].advanced)

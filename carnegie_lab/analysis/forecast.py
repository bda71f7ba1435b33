"""``andrew_forecast``: the exact chances of what Andrew's next card makes him do, from the cards the
table has not seen."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..components import Components, SoloCard
from ..engine import Game
from ..errors import CarnegieError
from ..rules.prompts import TYPE_NAMES
from ..rules.solo import chooses_in, unseen_deck
from ..state import State

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
    """What Andrew's next card may make him do, from the cards not seen yet (exact chances).

    Which numbers are left in his deck is public (one card of each number, the shown ones gone); their
    order is not, nor which of them are advanced (only how many: his level's count less those
    shown). So every number left is equally likely to come next, and advanced with the same chance."""
    round: int | None                          # the round that draws it (None: his deck is empty)
    chooses_row: bool                          # his card chooses that round's row (even rounds)
    current: str | None                        # his card of this round (shown), if any
    left: tuple[int, ...]                      # the card numbers he has not shown
    cards: tuple[Chance, ...]                  # each card he may draw (outcome: its id), by number
    row: tuple[Chance, ...]                    # the row he would choose (when ``chooses_row``)
    donation: tuple[Chance, ...]               # where he would donate if his event is a donation
    actions: dict[str, tuple[Chance, ...]]     # row -> what he would do on it

    @property
    def lines(self) -> list[str]:
        if self.round is None:
            return ["Andrew has no cards left to draw."]
        out = [f"Andrew's card of round {self.round}: one of the {len(self.left)} numbers he has not shown"
               + (" (it chooses the row)" if self.chooses_row else " (you choose the row)")]
        groups = ([("row he chooses", self.row)] if self.chooses_row else []) + \
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
    """Each card Andrew may draw next, with its exact chance given what the table has seen (his cards
    shown so far and his level). A deck that does not fit his cards shown (an edited position) is
    taken as it is, only its order unknown."""
    andrew = state.andrew
    if andrew is None or not andrew.deck:
        return []
    cards = state.rules.components.solo_cards
    unseen = unseen_deck(state)
    if unseen is None:
        counts = Counter(andrew.deck)
        return [(cards[c], Fraction(m, len(andrew.deck))) for c, m in sorted(counts.items())]
    n, advanced = len(unseen.numbers), unseen.advanced
    out = []
    for x in unseen.numbers:
        for is_advanced, ways in ((False, n - advanced), (True, advanced)):
            if ways:
                out.append((cards[unseen.ids[x, is_advanced]], Fraction(ways, n * n)))
    return out


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


def andrew_forecast(game: Game) -> AndrewForecast:
    """The chances of what Andrew's next card (the one drawn at the start of the next round) makes
    him do, by exact enumeration of the cards he may draw (see :class:`AndrewForecast`); only what
    the table sees is used. CarnegieError in a game without Andrew."""
    state = game.state
    andrew = state.andrew
    if andrew is None:
        raise CarnegieError("andrew_forecast is for solo games: this game has no Andrew Carnegie")
    C = game.components
    possible = unseen_cards(state)
    upcoming = state.flow.round + 1 if possible else None
    rows = C.timeline.rows
    return AndrewForecast(
        round=upcoming, chooses_row=upcoming is not None and chooses_in(upcoming), current=andrew.card,
        left=tuple(sorted({card.number for card, _ in possible})),
        cards=tuple(Chance(card.id, p, (card.id,)) for card, p in possible),
        row=_grouped((card.action, card.id, p) for card, p in possible),
        donation=_grouped((C.donations[card.donation].name, card.id, p) for card, p in possible),
        actions={row: _grouped((_andrew_action(C, card, row), card.id, p) for card, p in possible) for row in rows})

"""What every bot shares: the ``Bot`` interface, per-decision seeding and fast stepping on copies.

Bots think on bare :class:`~carnegie_lab.core.state.State` copies rather than :class:`~carnegie_lab.Game`
objects: :func:`light_copy` makes a copy without the game log and round history that writes neither
(no rule and no bot reads them), and :func:`step` applies an action that is known to be legal without
checking it again, getting the next legal actions from the forced steps that follow it
(``loop.apply(..., checked=False, listing=True)``).

Bots see only what a player at the table sees: before looking ahead from a real position they redraw
what nobody sees (:func:`table_view`, :func:`resample_hidden`: Andrew's hidden cards), so that two
positions the table cannot tell apart give the same decisions.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence, runtime_checkable

from ..core.actions import Action
from ..core.errors import GameOverError
from ..core.state import State
from ..engine import Game
from ..rules import loop
from ..rules.solo import ADVANCED, face_down, hidden_cards, unseen_deck

PASSIVE = ("done", "sell")
#: the random stream of a decision that redraws the hidden cards (:func:`decision_rng`)
HIDDEN = 0x41C4

_MASK = (1 << 64) - 1


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(game)`` returns one of ``game.legal_actions()`` and never changes ``game``."""

    name: str
    seed: int

    def choose(self, game: Game) -> Action: ...


def mix(*numbers: int) -> int:
    """A well-spread 64-bit number from some integers (splitmix64 steps): per-game and per-decision
    seeds that do not depend on Python's hash randomisation."""
    x = 0x9E3779B97F4A7C15
    for n in numbers:
        x = (x ^ (n & _MASK)) & _MASK
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
    return x


def decision_rng(seed: int, game: Game, stream: int = 0) -> random.Random:
    """The random stream of one decision: a function of the bot's seed, the game's seed and the number
    of decisions taken so far. So ``bot.choose(game)`` is a pure function of the bot's seed and the
    game: asking twice gives the same answer, and the order in which bots are asked does not matter.
    ``stream``: another stream of the same decision (:data:`HIDDEN`: for redrawing hidden cards)."""
    options = game.state.options
    numbers = (seed, int(options.get("seed") or 0), len(game.actions)) + ((stream,) if stream else ())
    return random.Random(mix(*numbers))


def deciding(state: State) -> int:
    """The seat of the player who decides now (there is one until the game is over)."""
    pi = state.flow.player
    assert pi is not None, "nobody decides: the game is over"
    return pi


def choices(game: Game) -> list[Action]:
    """The legal actions a bot chooses among; asking a bot to move after the end is an error."""
    actions = game.legal_actions()
    if not actions:
        raise GameOverError("the game is over: there is nothing to choose")
    return actions


def light_copy(state: State) -> State:
    """A copy of the state without its log and round history, which writes neither as it plays on
    (bots never read them)."""
    return state.copy(history=False)


def step(state: State, action: Action) -> list[Action]:
    """Carry out an action taken from ``loop.legal_actions(state)`` (not checked again) and the forced
    steps after it; returns the legal actions of the next decision (empty when the game is over)."""
    actions = loop.apply(state, action, checked=False, listing=True)
    assert actions is not None
    return actions


def margin_of(values: Sequence[float], pi: int) -> float:
    """Seat ``pi``'s value minus the best other value (their own value when alone)."""
    others = [v for i, v in enumerate(values) if i != pi]
    return values[pi] - max(others) if others else values[pi]


def resample_hidden(state: State, rng: random.Random) -> None:
    """Redraw what no player can see (in place): Andrew's hidden cards (his draw pile, and this round's
    card while it lies face down) in a random order that keeps the backs in view: the cards in view get
    numbers they may have (a normal back: a number left of its action, a normal card; an advanced
    back: any number left, an advanced card), all such pairs equally likely; then the advanced cards
    the table knows are left go to other numbers at random, in a random order. An exact draw from
    what the table knows (:func:`~carnegie_lab.rules.solo.unseen_deck`). Nothing in a game without
    Andrew is hidden."""
    andrew = state.andrew
    if andrew is None:
        return
    unseen = unseen_deck(state)
    if unseen is None:                        # nothing hidden, or an unusual deck: hide only its order
        andrew.deck = sorted(andrew.deck)
        rng.shuffle(andrew.deck)
        return
    numbers = rng.choice(unseen.deals())      # the numbers of the cards in view, every deal equally likely
    drawn = [unseen.ids[n, back == ADVANCED] for n, back in zip(numbers, unseen.backs)]
    rest = [n for n in unseen.numbers if n not in numbers]
    advanced_left = unseen.advanced - sum(1 for back in unseen.backs if back == ADVANCED)
    rng.shuffle(rest)
    others = set(rng.sample(rest, advanced_left))
    cards = drawn + [unseen.ids[n, n in others] for n in rest]
    if face_down(state):
        andrew.card = cards.pop(0)
    andrew.deck = cards


def table_view(state: State, rng: random.Random) -> State:
    """What a bot may look ahead on: the state itself when the table sees everything, else a light copy
    with what it does not see redrawn (:func:`resample_hidden`)."""
    if state.andrew is None or not hidden_cards(state):
        return state
    view = light_copy(state)
    resample_hidden(view, rng)
    return view


def legal(state: State) -> list[Action]:
    return loop.legal_actions(state)

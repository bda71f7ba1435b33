"""RandomBot: legal moves at random, with a bias towards doing something.

Policy: with probability ``active`` (85% by default) the bot picks uniformly among the legal actions
that are neither ``done`` nor ``sell``, when there are any; otherwise it picks uniformly among all
legal actions. Uniform play over everything would end most turns at once (``done`` is nearly always
legal) and sell every goods cube, which gives absurd games; the bias keeps the games plausible while
still exploring every action. This is the policy of ``benchmarks/bench_engine.py`` and of the property
tests.
"""
from __future__ import annotations

import random
from typing import Sequence

from ..core.actions import Action
from ..core.errors import CarnegieError
from ..engine import Game
from .base import PASSIVE, choices, decision_rng
from .registry import register

ACTIVE = 0.85


def pick(actions: Sequence[Action], rng: random.Random, active: float = ACTIVE) -> Action:
    """The random policy on a list of legal actions."""
    if rng.random() < active:
        busy = [a for a in actions if a.verb not in PASSIVE]
        if busy:
            return busy[rng.randrange(len(busy))]
    return actions[rng.randrange(len(actions))]


@register
class RandomBot:
    """Random legal actions, preferring non-``done``/``sell`` ones (see the module docstring).

    ``choose`` is a pure function of the seed and the game (see ``base.decision_rng``)."""

    name = "random"

    def __init__(self, seed: int = 0, active: float = ACTIVE):
        if not 0.0 <= active <= 1.0:
            raise CarnegieError(f"active must be a probability, not {active!r}")
        self.seed = seed
        self.active = active

    def choose(self, game: Game) -> Action:
        actions = choices(game)
        return pick(actions, decision_rng(self.seed, game), self.active)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

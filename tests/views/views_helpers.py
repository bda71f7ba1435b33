"""Helpers for the view tests: playing positions and finding traces."""
from __future__ import annotations

import random

import carnegie_lab as cl


def play(game: cl.Game, seed: int, until_round: int | None = None, steps: int | None = None) -> cl.Game:
    """Play with ``rng.choice`` over the legal actions, preferring anything but "done" and "sell", until a round
    begins (or for a number of steps, or to the end)."""
    rng = random.Random(seed)
    count = 0
    while not game.is_over:
        if until_round is not None and game.round >= until_round:
            break
        if steps is not None and count >= steps:
            break
        actions = game.legal_actions()
        preferred = [a for a in actions if a.verb not in ("done", "sell")]
        game.apply(rng.choice(preferred or actions))
        count += 1
    return game


GAME_OPTIONS = ("solo_level", "departments", "tab_side")


def played(names, seed, **kw) -> cl.Game:
    """A new game (``GAME_OPTIONS`` go to ``cl.new_game``, the rest to ``play``) played with the same seed."""
    options = {k: kw.pop(k) for k in GAME_OPTIONS if k in kw}
    return play(cl.new_game(names, seed=seed, **options), seed, **kw)


def with_state(game: cl.Game, change) -> cl.Game:
    """A copy of a position with its JSON snapshot edited (for situations a short random game rarely reaches),
    on the same component data."""
    position = game.to_position()
    change(position["state"])
    return cl.Game.from_position(position, components=game.components)


def trace(fig, name: str):
    """The trace with this name (exactly one)."""
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"{len(found)} traces named {name!r}"
    return found[0]


def segments(xs) -> int:
    """Polygons or line segments in a None-separated coordinate list."""
    return sum(1 for v in xs if v is None)

"""Shared builders for the game store's tests: games at several stages, played with random legal
actions from a fixed seed (so every run stores the same games), and a store in a temporary folder."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.store import GameStore


def play(game: cl.Game, n: int | None = None, seed: int = 0) -> cl.Game:
    """Apply ``n`` random legal actions (all of them to the end of the game if ``n`` is None)."""
    rng = random.Random(seed)
    done = 0
    while not game.is_over and (n is None or done < n):
        game.apply(rng.choice(game.legal_actions()))
        done += 1
    return game


def finished(players: list[str], seed: int, **options) -> list[str]:
    """The actions of a whole random game."""
    return play(cl.new_game(players, seed=seed, **options), seed=seed).actions


def stages() -> dict[str, cl.Game]:
    """One game per stage the store must keep: fresh, mid-game, solo, expansion, over, from a position."""
    mid = play(cl.new_game(["Ada", "Bo", "Cy"], seed=3), 40, seed=3)
    from_position = play(cl.Game.from_position(mid.to_position()), 15, seed=4)
    return {
        "fresh setup": cl.new_game(["Ada", "Bo"], seed=7),
        "mid-game": mid,
        "solo": play(cl.new_game(["Ada"], seed=1, solo_level=2), 30, seed=1),
        "expansion": play(cl.new_game(["Ada", "Bo", "Cy", "Di"], seed=5, departments="base+expansion"), 60, seed=5),
        "over": play(cl.new_game(["Ada", "Bo"], seed=11), seed=11),
        "from a position": from_position,
        "from a position, no actions": cl.Game.from_position(mid.to_position()),
    }


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def store(path: Path):
    with GameStore(path) as s:
        yield s

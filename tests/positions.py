"""Shared positions for the bot and analysis tests: a few games stopped at every kind of decision (fixtures,
a plugin of tests/conftest.py)."""
from __future__ import annotations

import random

import pytest

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, RandomBot


def positions(players: int, seed: int, every: int = 7, bots=None, **options) -> list[cl.Game]:
    """Copies of one game at every ``every``-th decision (random and greedy seats)."""
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    game = cl.new_game(names, seed=seed, **options)
    bots = bots or [RandomBot(seed) if i % 2 else GreedyBot(seed) for i in range(players)]
    out = []
    while not game.is_over:
        if len(game.actions) % every == 0:
            out.append(game.copy())
        game.apply(bots[game.current_player].choose(game))
    out.append(game)
    return out


def last_two_rounds() -> cl.Game:
    """The last two rounds of greedy (Ada) against random (Bo), seed 6, played on from round 19's position:
    a finished game short enough to review."""
    game = cl.new_game(["Ada", "Bo"], seed=6)
    bots = [GreedyBot(6), RandomBot(6)]
    while game.round < 19:
        game.apply(bots[game.current_player].choose(game))
    game = cl.Game.from_position(game.to_position())
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return game


@pytest.fixture(scope="session")
def two_player_positions() -> list[cl.Game]:
    return positions(2, 3)


@pytest.fixture(scope="session")
def many_positions() -> list[cl.Game]:
    """2-4 players and solo, base and expansion Department tiles."""
    out = []
    out += positions(2, 11, every=5)
    out += positions(3, 12, every=9)
    out += positions(4, 13, every=13)
    out += positions(1, 14, every=5, solo_level=3)
    out += positions(2, 15, every=9, departments="base+expansion")
    out += positions(1, 16, every=9, solo_level=1, departments="base+expansion")
    return out


def position_at(kind: str, players: int = 2, seed: int = 3, rounds: int = 2) -> cl.Game:
    """The first decision of ``kind`` from round ``rounds`` on, in a greedy game."""
    game = cl.new_game(["Ada", "Bo", "Cy", "Di"][:players], seed=seed)
    bots = [GreedyBot(seed + i) for i in range(players)]
    while not (game.round >= rounds and game.decision.kind == kind):
        assert not game.is_over, f"no {kind} decision after round {rounds}"
        game.apply(bots[game.current_player].choose(game))
    return game


def ada_activates() -> cl.Game:
    """Seed 0 after 11 random actions (``random.Random(0)``): Ada's setup activation, two of her lying employees'
    workstations ringed (Human Resources a1 for $0, Strategic Planning c2 for $2)."""
    game, rng = cl.new_game(["Ada", "Bo"], seed=0), random.Random(0)
    while len(game.actions) < 11:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="session")
def choose_position() -> cl.Game:
    return position_at("choose")

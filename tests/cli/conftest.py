"""What the command line's tests share: an English environment (the command line speaks the language of
LANGUAGE, LC_ALL, LC_MESSAGES or LANG), a whole recorded game, and one short enough to review."""
from __future__ import annotations

import json
import random

import pytest

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, RandomBot

#: The variables gettext reads a language from, in its order.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    """The environment of a machine set to no language (LANG=C): the command line speaks English."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


@pytest.fixture(scope="module")
def last_rounds(tmp_path_factory):
    """The last two rounds of a game between greedy (Ada) and random (Bo), as a record file."""
    game = cl.new_game(["Ada", "Bo"], seed=6)
    bots = [GreedyBot(6), RandomBot(6)]
    while game.round < 19:
        game.apply(bots[game.current_player].choose(game))
    game = cl.Game.from_position(game.to_position())
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    path = tmp_path_factory.mktemp("review") / "game.json"
    path.write_text(json.dumps(game.to_record()))
    return path


@pytest.fixture
def random_game(tmp_path):
    """A whole game between random players (Ada, Bo), as a record file, and the game."""
    game = cl.new_game(["Ada", "Bo"], seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    return path, game

"""What the command line's tests share: a whole recorded game, and one short enough to review. (They run in an
English environment: tests/conftest.py sets one for the whole session.)"""
from __future__ import annotations

import json
import random

import pytest
from positions import last_two_rounds

import carnegie_lab as cl


@pytest.fixture(scope="module")
def last_rounds(tmp_path_factory):
    """positions.last_two_rounds, as a record file."""
    game = last_two_rounds()
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

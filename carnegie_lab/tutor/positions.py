"""The tutorials' shared positions: Ada and Bo's game (seed 7) fresh, after the setup of notebook 1, after
the Human Resources round of notebook 2, at the start of any round and at its end (notebooks 8, 10 and 11:
:mod:`.endgame`), and Ada's solo game against Andrew (notebooks 9 and 11).

The notebooks start from these, and the widget and notebook tests check the same positions.
"""
from __future__ import annotations

from typing import Iterable

from ..engine import Game, new_game
from . import endgame

PLAYERS = ["Ada", "Bo"]
SEED = 7

#: The setup of notebook 1, in the order it is played: Bo places his house and reserves a tile, then Ada does,
#: then each makes the setup moves and stands employees up (Ada first).
BO_START = ("house pittsburgh", "reserve design")
ADA_START = ("house chicago", "reserve recruiting")
ADA_SETUP_MOVES = ("move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2",
                   "activate a1", "activate b2", "activate b2", "activate c1", "activate d1")
BO_SETUP_MOVES = ("move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
                  "activate a1", "activate c2", "activate d1")
SETUP = BO_START + ADA_START + ADA_SETUP_MOVES + BO_SETUP_MOVES

#: Round 1 of notebook 2: Ada chooses Human Resources, then Ada and Bo move and stand employees up.
HR_ROUND = ("choose HR", "hr", "move c1 c2", "move b2 a2", "move d1 d2", "move d2 d3", "done", "activate c2",
            "hr", "move b1 b2", "move b1 c1", "done", "activate b2", "activate c1")

#: Ada's setup in her solo game (notebook 9): her part of notebook 1's setup.
SOLO_SETUP = ADA_START + ADA_SETUP_MOVES


def played(game: Game, actions: Iterable[str]) -> Game:
    """Apply the actions to the game (each must be legal); returns the game."""
    for action in actions:
        game.apply(action)
    return game


def fresh() -> Game:
    """Ada and Bo's new game, before the setup."""
    return new_game(PLAYERS, seed=SEED)


def after_setup() -> Game:
    """Ada and Bo's game after the setup: round 1, Ada chooses the row."""
    return played(fresh(), SETUP)


def after_hr_round() -> Game:
    """Ada and Bo's game after notebook 2's Human Resources round: round 2, Bo chooses the row."""
    return played(after_setup(), HR_ROUND)


def whole_game() -> Game:
    """Ada and Bo's game played to its end (:data:`.endgame.ACTIONS` after the setup)."""
    return played(after_setup(), endgame.ACTIONS)


def round_actions(first: int, last: int | None = None) -> tuple[str, ...]:
    """The actions of rounds ``first`` to ``last`` (default: ``first`` only) of Ada and Bo's whole game, as
    stored in :data:`.endgame.ACTIONS`."""
    last = first if last is None else last
    game, out = after_setup(), []
    for action in endgame.ACTIONS:
        if first <= game.round <= last:
            out.append(action)
        game.apply(action)
    return tuple(out)


def round_start(number: int) -> Game:
    """Ada and Bo's whole game at the start of round ``number`` (1 to 20): its first player chooses the row."""
    return played(after_setup(), round_actions(1, number - 1))


def last_round() -> Game:
    """Ada and Bo's whole game at the start of round 20."""
    return round_start(20)


def solo(level: int = 1) -> Game:
    """Ada's new solo game against Andrew Carnegie at this level."""
    return new_game(PLAYERS[:1], seed=SEED, solo_level=level)


def solo_after_setup(level: int = 1) -> Game:
    """Ada's solo game after her setup: round 1, she chooses the row."""
    return played(solo(level), SOLO_SETUP)


__all__ = ["ADA_SETUP_MOVES", "ADA_START", "BO_SETUP_MOVES", "BO_START", "HR_ROUND", "PLAYERS", "SEED", "SETUP",
           "SOLO_SETUP", "after_hr_round", "after_setup", "fresh", "last_round", "played", "round_actions",
           "round_start", "solo", "solo_after_setup", "whole_game"]

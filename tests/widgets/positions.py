"""Positions for the tutorial widget tests: Ada and Bo's game (seed 7), fresh or right after the setup."""
from __future__ import annotations

import carnegie_lab as cl
from carnegie_lab.widgets.script import play

SETUP = ["house pittsburgh", "reserve design", "house chicago", "reserve recruiting",
         "move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2",
         "activate a1", "activate b2", "activate b2", "activate c1", "activate d1",
         "move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
         "activate a1", "activate c2", "activate d1"]


def fresh() -> cl.Game:
    return cl.new_game(["Ada", "Bo"], seed=7)


def after_setup() -> cl.Game:
    return play(fresh(), SETUP)

"""What the log says round by round (issue 28): an income event that pays nothing is news, and it is
written under the heading of the round it happened in, after Andrew's draw and turn of that round."""
from __future__ import annotations

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.session.history import lines_by_round


def solo_until(round_: int) -> cl.Game:
    game = cl.new_game(["Ada"], seed=2, solo_level=1)
    bot = make_bot("easy", 2)
    while game.round < round_:
        game.apply(bot.choose(game))
    return game


def test_an_income_nobody_takes_is_in_the_log_of_its_round():
    game = solo_until(3)
    rounds = dict(lines_by_round(game))
    west = "Ada takes no income from the West: no employee on a mission there"
    assert west in rounds[2] and west not in rounds[1]
    draw = next(i for i, t in enumerate(rounds[2]) if t.startswith("Andrew Carnegie draws"))
    assert draw < rounds[2].index(west)                       # after Andrew's draw and turn of round 2
    assert rounds[1][0] == "Ada chooses Research & Development: Take Income in the East"
    assert "Ada takes no income from the East: no employee on a mission there" in rounds[1]
    assert all(not t.startswith("Andrew Carnegie draws") for t in rounds[1])

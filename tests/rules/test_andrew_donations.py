"""Andrew's donation count is his discs on the donation chart (the laws of a position): a position whose
``andrew.donations`` is negative, or not the number of donations that hold his disc, is refused with a
RecordError naming the field, as a player's count is."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl
from carnegie_lab.bots import make_bot


def solo_game_where_andrew_donated() -> cl.Game:
    game = cl.new_game(["Ada"], seed=4, solo_level=2)
    bot = make_bot("greedy", 4)
    while not any("andrew" in owners for owners in game.to_position()["state"]["board"]["donations"].values()):
        game.apply(bot.choose(game))
        assert not game.is_over
    return game


@pytest.mark.parametrize("count", [-1, 0, "one more"])
def test_andrew_s_donations_are_his_discs_on_the_chart(count):
    game = solo_game_where_andrew_donated()
    position = json.loads(json.dumps(game.to_position()))
    assert cl.Game.from_position(position).to_position() == game.to_position()     # as it is: loads
    andrew = position["state"]["andrew"]
    andrew["donations"] = andrew["donations"] + 1 if count == "one more" else count
    with pytest.raises(cl.RecordError, match="on the chart") as refused:
        cl.Game.from_position(position)
    assert refused.value.field == "state.andrew.donations"

"""The bot strengths in the app: the new-game panel's seat kinds, the bot behind each, games saved
with the old kinds, and the strength that finishes a game."""
from __future__ import annotations

import html

import pytest

from carnegie_lab.app.panels import NewGamePanel
from carnegie_lab.bots import GreedyBot, RandomBot, SearchBot
from carnegie_lab.bots.strengths import STRENGTHS
from carnegie_lab.session import BOT_KINDS, FINISHING_BOT, Controller, Seat, Setup
from carnegie_lab.widgets import Dashboard


def test_the_panel_offers_a_human_and_every_strength():
    panel = NewGamePanel(lambda setup: None)
    assert panel.kinds[1].options == (("Human", "human"), ("Easy bot", "easy"), ("Medium bot", "medium"),
                                      ("Hard bot", "hard"))
    assert BOT_KINDS == tuple(STRENGTHS) == ("easy", "medium", "hard")
    note = panel.strengths.value
    assert all(html.escape(s.description) in note for s in STRENGTHS.values())
    panel.kinds[1].value = "hard"
    assert [s.kind for s in panel.setup().seats] == ["human", "hard"]


@pytest.mark.parametrize("kind, cls", [("easy", RandomBot), ("medium", GreedyBot), ("hard", SearchBot),
                                       ("random", RandomBot), ("greedy", GreedyBot)])
def test_each_seat_kind_is_played_by_its_bot(kind, cls):
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", kind)], seed=1))
    bot = ctl.bot(1)
    assert isinstance(bot, cls) and ctl.bot(1) is bot
    if kind == "hard":
        assert bot.think == 0.9 and bot.playouts is None
    ctl.set_seat_kind(1, "easy")
    assert isinstance(ctl.bot(1), RandomBot)


def test_a_game_saved_with_an_old_kind_loads_and_shows_its_strength():
    old = Controller(Setup([Seat("Ada"), Seat("Bo", "greedy")], seed=4))
    assert "Bo (greedy bot)" in old.describe_setup()
    dash = Dashboard()
    dash.controller.load(old.save_json())
    assert [s.kind for s in dash.controller.seats] == ["human", "greedy"]
    dash.new_game_panel.fill(dash.controller.setup)
    assert dash.new_game_panel.kinds[1].value == "medium"
    with pytest.raises(ValueError, match="seat kind"):
        Seat("Bo", "genius")


def test_the_finishing_strength_is_chosen_next_to_the_button():
    dash = Dashboard()
    assert dash.bots.finish_kind.value == FINISHING_BOT == "medium"
    assert [k for _, k in dash.bots.finish_kind.options] == list(BOT_KINDS)
    dash.bots.finish_kind.value = "easy"
    dash.bots.finish_button.click()
    assert dash.game.is_over and [s.kind for s in dash.controller.seats] == ["easy", "easy"]
    assert dash.screen.bots.finish_why == "The game is over." and dash.bots.finish_kind.disabled   # drawn

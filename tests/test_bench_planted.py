"""benchmarks/bench_planted.py's planting: a planted game is a legal game that the bots played but for the
planted move, and a plant's recorded loss is the reference's."""
from __future__ import annotations

import math
import random

import pytest
from benchmark import benchmark

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.bots.greedy import prune


@pytest.fixture(scope="module")
def bench():
    return benchmark("bench_planted")


def test_the_stretches_cut_the_rounds_and_start_inside_them(bench):
    cut = bench.stretches(["big", "small", "big", "small"], random.Random(3), 20)
    assert [(s[0], s[2]) for s in cut] == [("big", 5), ("small", 10), ("big", 15), ("small", 20)]
    assert all(end - 5 <= start < end for _, start, end in cut)


def test_a_planted_game_is_the_bots_game_but_the_plant_whose_loss_is_the_references(bench, monkeypatch):
    monkeypatch.setitem(bench.BANDS, "any", bench.Band(-math.inf, math.inf, 0.0))
    monkeypatch.setattr(bench, "SCREENED", 2)
    monkeypatch.setattr(bench, "SCREEN", 2)
    game, plants, missing = bench.planted_game("solo2", 1, "greedy", ["any"], 11, 8)
    assert missing == [] and len(plants) == 1
    p = plants[0]
    replay = cl.Game.from_record(game.to_record())
    assert replay.is_over and replay.actions == game.actions
    bot = make_bot("greedy", 1)
    before = cl.new_game(["Ada"], seed=1, solo_level=2)
    for text in game.actions[:p.index]:           # the bot's own moves up to the plant
        assert str(bot.choose(before)) == text
        before.apply(text)
    assert 1 <= before.round == p.round < 5
    chosen, planted = bot.choose(before), before.parse(p.planted)
    assert str(chosen) == p.bot and game.actions[p.index] == p.planted
    assert planted in prune(before.state, before.legal_actions()) and len(prune(before.state, [chosen, planted])) == 2
    plays = bench.reference_playouts(before, 11)
    assert bench.loss_of(plays, chosen, planted, 8) == (p.loss, p.low, p.high)


def test_the_table_counts_grades_and_the_plants_whose_review_interval_lies_above_a_mistakes_loss(bench):
    plant = {"band": "big", "grade": "unclear", "review_low": 7.9}
    own = dict.fromkeys(bench.GRADES, 0) | {"best": 5, "mistake": 1}
    rows = [{"plants": [plant, plant | {"grade": "blunder", "review_low": 10.5},
                        plant | {"review_low": 4.0}], "own": own}]
    [big] = [line for line in bench.table(rows) if line.startswith("| planted, 10 VP")]
    assert big.endswith("| 1 of 3 (33%) | 2 of 3 (67%) |") and "| 3 | 0 | 0 | 2 | 0 | 0 | 1 |" in big
    assert bench.table(rows)[-1] == "| the bots' own | 6 | 5 | 0 | 0 | 0 | 1 | 0 | 1 of 6 (17%) | – |"

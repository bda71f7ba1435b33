"""The build plan (bots/evaluation/plan.py): the builds still possible, the planning playouts of the search;
table-only, deterministic."""
from __future__ import annotations

import random

import pytest
from test_search import hidden_orders, solo_position  # tests/bots is on the path (no package)

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, SearchBot, make_bot
from carnegie_lab.bots.base import light_copy
from carnegie_lab.bots.evaluation import evaluator_for
from carnegie_lab.bots.evaluation.plan import Plan, PlanEvaluator, plan_evaluator
from carnegie_lab.bots.evaluation.position import round_info
from carnegie_lab.core.state import Phase, Tab


def test_each_step_of_the_plan_widens_the_narrowest_need():
    """Three discs waiting, goods for 5 builds, 3 builders: the discs are the bottleneck, so another
    disc revealed raises the plan's value and more goods raise only the partial credit; without
    discs revealed nothing can be built."""
    state = light_copy(solo_position(kind="choose").state)
    ev = plan_evaluator(state)
    info = round_info(state)
    p = state.players[0]
    low, mid = ev.bottleneck(state, 0, 3.0)
    assert low == 3.0 and low < mid
    base = ev.builds(state, 0, info)
    assert base > 0

    richer = light_copy(state)
    richer.players[0].goods += 1
    more_discs = light_copy(state)
    revealed, built = p.tabs["C"]
    more_discs.players[0].tabs["C"] = Tab(revealed + 1, built)
    assert ev.bottleneck(more_discs, 0, 3.0)[0] == 4.0
    assert ev.builds(more_discs, 0, info) - base > ev.builds(richer, 0, info) - base > 0

    none = light_copy(state)
    for ptype, tab in p.tabs.items():
        none.players[0].tabs[ptype] = Tab(0, 0)
    assert ev.builds(none, 0, info) == 0.0
    assert ev.values(state)[0] > evaluator_for(state).values(state)[0]


def construction_ahead(seed: int = 6) -> cl.Game:
    """A solo game at an event of a Construction round, the player's turn still to come."""
    game = cl.new_game(["Ada"], seed=seed, solo_level=1)
    bot = GreedyBot(seed)
    while not (game.state.flow.chosen == "CO" and game.state.flow.phase == Phase.EVENT):
        assert not game.is_over
        game.apply(bot.choose(game))
    return game


def test_the_construction_turn_to_come_is_worth_the_builds_it_can_make():
    """While the player's turn of a Construction round is ahead, it is worth ``now`` a build it can
    make this turn (the fewest of discs waiting, goods, builders), whoever stands where."""
    state = construction_ahead().state
    one = PlanEvaluator(plan=Plan(now=1.0))
    three = PlanEvaluator(plan=Plan(now=3.0))
    builds = one.bottleneck(state, 0, 1.0)[0]
    assert builds > 0
    assert three.values(state)[0] - one.values(state)[0] == pytest.approx(2.0 * builds)


def test_planning_search_sees_only_the_table_and_is_deterministic():
    for kind in ("turn", "choose"):
        game = solo_position(kind=kind)
        bot = SearchBot(9, playouts=12, rounds=1, top=4, policy="plan")
        stats = bot.analyse(game)
        assert stats == SearchBot(9, playouts=12, rounds=1, top=4, policy="plan").analyse(game.copy())
        ev = plan_evaluator(game.state)
        for other in (hidden_orders(game, random.Random(i)) for i in range(3)):
            assert bot.analyse(other) == stats
            assert ev.values(other.state) == ev.values(game.state)
    assert isinstance(make_bot("search:policy=plan", 1), SearchBot)

"""The bots: legal, side-effect free, deterministic choices; the fast copy and the fast scores."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl
from carnegie_lab.bots import GreedyBot, RandomBot, RolloutBot, make_bot
from carnegie_lab.bots.base import light_copy
from carnegie_lab.bots.evaluation import DEFAULT_EVALUATOR, evaluator_for
from carnegie_lab.bots.random_bot import pick
from carnegie_lab.bots.registry import parse_spec

FAST_ROLLOUT = dict(rollouts=1, top=2, depth=6, kinds=None)


def snapshot(game: cl.Game) -> str:
    return json.dumps([game.to_position(), game.actions], sort_keys=True)


def bots(seed: int = 0):
    return [RandomBot(seed), GreedyBot(seed), RolloutBot(seed, **FAST_ROLLOUT)]


@pytest.mark.parametrize("bot", bots(), ids=lambda b: b.name)
def test_choice_is_legal_and_leaves_the_game_alone(bot, two_player_positions):
    for game in two_player_positions[:-1][::3]:
        before = snapshot(game)
        action = bot.choose(game)
        assert action in game.legal_actions()
        assert snapshot(game) == before


@pytest.mark.parametrize("bot", bots(5), ids=lambda b: b.name)
def test_choice_is_a_function_of_seed_and_game(bot, two_player_positions):
    twin = type(bot)(5, **(FAST_ROLLOUT if isinstance(bot, RolloutBot) else {}))
    for game in two_player_positions[:-1][::4]:
        first = bot.choose(game)
        assert bot.choose(game) == first                # asking again changes nothing
        assert twin.choose(game.copy()) == first         # another bot with the same seed agrees


def test_bots_refuse_a_finished_game(two_player_positions):
    over = two_player_positions[-1]
    assert over.is_over
    for bot in bots():
        with pytest.raises(ValueError, match="over"):
            bot.choose(over)


def test_random_bot_prefers_doing_something():
    actions = [cl.Action("done"), cl.Action("sell"), cl.Action("cf", ("money",)), cl.Action("rd")]
    import random
    rng = random.Random(1)
    picks = [pick(actions, rng).verb for _ in range(4000)]
    passive = sum(v in ("done", "sell") for v in picks) / len(picks)
    assert 0.04 < passive < 0.12                       # 15% of 2/4 of the time: 7.5%
    assert pick([cl.Action("done")], rng).verb == "done"


def test_same_seed_same_game_different_seed_other_game():
    def play(seed):
        game = cl.new_game(["A", "B"], seed=4)
        players = [RandomBot(seed), RandomBot(seed + 1)]
        while not game.is_over:
            game.apply(players[game.current_player].choose(game))
        return game.actions
    assert play(1) == play(1)
    assert play(1) != play(2)


def test_light_copy_is_the_position_without_log_and_history(many_positions):
    for game in many_positions:
        state = game.state
        fast = light_copy(state)
        assert fast.to_dict() == {**state.to_dict(), "log": [], "history": []}
        assert fast.log == [] and fast.history == []
        # deep: changing the copy leaves the original alone
        fast.players[0].cells["a4"] = "x"
        fast.board.sites["x/0"] = [0, "H"]
        fast.flow.stack.append({"kind": "x"})
        assert "x/0" not in state.board.sites and state.players[0].cells.get("a4") != "x"
        assert {"kind": "x"} not in state.flow.stack


def test_local_verbs_change_no_other_value(many_positions):
    for game in many_positions:
        if game.is_over or game.state.andrew is not None:
            continue
        state, pi = game.state, game.current_player
        others = DEFAULT_EVALUATOR.best_other(state, pi)
        for action in game.legal_actions():
            if state.rules.verbs[action.verb].vocab.local:
                child = light_copy(state)
                state.rules.verbs[action.verb].do(child, pi, action.args)
                assert DEFAULT_EVALUATOR.best_other(child, pi) == pytest.approx(others), action


def test_evaluation_is_the_score_when_the_game_is_over(two_player_positions):
    over = two_player_positions[-1]
    totals = [s.total for s in over.scores().values()]
    assert DEFAULT_EVALUATOR.values(over.state) == totals


def test_greedy_ranking_lists_every_action(two_player_positions):
    game = two_player_positions[5]
    ranking = GreedyBot(0).ranking(game)
    assert sorted(a for a, _ in ranking) == sorted(game.legal_actions())
    values = [v for _, v in ranking]
    assert values == sorted(values, reverse=True)


def test_rollout_bot_analysis(choose_position):
    game = choose_position
    bot = RolloutBot(3, rollouts=2, top=3, depth=10, epsilon=0.2)
    stats = bot.analyse(game)
    assert len(stats) == min(3, len(game.legal_actions()))
    assert all(s.rollouts == 2 and 0 <= s.win_rate <= 1 for s in stats)
    assert bot.choose(game) == stats[0].action


def test_rollout_bot_with_random_policy_and_time_limit(two_player_positions):
    game = two_player_positions[10]
    bot = RolloutBot(1, rollouts=50, policy="random", top=None, depth=None, kinds=None, time_limit=0.05)
    assert bot.choose(game) in game.legal_actions()


def test_bot_specs():
    assert parse_spec("rollout:rollouts=4:top=3:policy=random") == (
        "rollout", {"rollouts": 4, "top": 3, "policy": "random"})
    assert isinstance(make_bot("greedy:opponents=0.2", 1), GreedyBot)
    tweaked = make_bot("greedy:opponents=0.2", 1)
    assert isinstance(tweaked, GreedyBot) and tweaked.weights == {"opponents": 0.2}
    duel = cl.new_game(["A", "B"], seed=1)
    assert evaluator_for(duel.state, tweaked.weights).w.opponents == 0.2
    assert make_bot("rollout:kinds=choose+event", 1).kinds == frozenset({"choose", "event"})
    assert make_bot("rollout:kinds=all", 1).kinds is None
    assert make_bot("rollout:top=none:depth=None", 1).top is None
    for bad in ("genius", "greedy:x", "greedy:speed=3", "rollout:policy=smart", "random:active=2"):
        with pytest.raises(ValueError):
            make_bot(bad, 0)

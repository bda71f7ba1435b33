"""The ranker distilled from the oracle's games: features of the table only (the plan features too), the
shipped model, a plan model, and the search with it as its policy (deterministic at a fixed budget; its
no-peeking test is test_search's)."""
from __future__ import annotations

import json
import random

import pytest
from test_search import hidden_orders, solo_position  # tests/bots is on the path (no package)

from carnegie_lab.bots import SearchBot, make_bot
from carnegie_lab.bots.base import table_view
from carnegie_lab.bots.evaluation import evaluator_for
from carnegie_lab.bots.evaluation.features import SEAT_FEATURES
from carnegie_lab.bots.greedy import greedy_choice
from carnegie_lab.bots.ranker import (
    RANKER_FILE,
    feature_names,
    load_ranker,
    lookahead,
    plan_vector,
    ranker_choice,
    ranker_model,
    seat_vector,
    verbs_of,
)
from carnegie_lab.core.errors import DataError
from carnegie_lab.rules.donations import price


@pytest.mark.parametrize("plan", [False, True])
@pytest.mark.parametrize("kind", ["turn", "choose"])
def test_the_features_see_only_the_table(kind, plan):
    """Positions that differ only in what nobody sees of Andrew's cards give every choice the same
    features (with the plan features too); the first is greedy's value less the best choice's."""
    game = solo_position(kind=kind)
    ev = evaluator_for(game.state)
    view = table_view(game.state, random.Random(3))
    choices, features = lookahead(view, game.legal_actions(), ev, plan)
    names = feature_names(verbs_of(game.rules), plan)
    assert len(choices) > 1 and all(len(x) == len(names) for x in features)
    _, scored = greedy_choice(view, game.legal_actions(), random.Random(0), ev)
    best = max(v for v, _ in scored)
    assert [a for _, a in scored] == choices
    assert [x[0] for x in features] == pytest.approx([v - best for v, _ in scored])
    for other in (hidden_orders(game, random.Random(i)) for i in range(3)):
        assert lookahead(table_view(other.state, random.Random(3)), other.legal_actions(), ev, plan) \
            == (choices, features)


def test_the_shipped_model_ranks_the_choices():
    game = solo_position(kind="choose")
    model = ranker_model(game.rules)
    assert model is not None and model.names == feature_names(verbs_of(game.rules))
    ev = evaluator_for(game.state)
    action, scored = ranker_choice(game.state, game.legal_actions(), random.Random(0), ev, model)
    choices, features = lookahead(game.state, game.legal_actions(), ev)
    assert [a for _, a in scored] == choices
    assert [v for v, _ in scored] == pytest.approx([model.score(x) for x in features])
    assert action == max(scored, key=lambda va: va[0])[1]


def test_the_plan_features_count_the_projects_the_goods_pay_for():
    game = solo_position(kind="turn")
    state = game.state.copy()
    p = state.players[0]
    seat = seat_vector(state, 0)
    builders = seat[SEAT_FEATURES.index("uses_CO")]
    waiting = seat[SEAT_FEATURES.index("waiting_cheap")] + seat[SEAT_FEATURES.index("waiting_dear")]
    assert builders >= 1 and waiting >= 1
    p.goods, p.money, p.missions = 100, 0, {}
    assert plan_vector(state, 0, seat) == [min(builders, waiting), 0, 0.0, 0.0, 0.0]
    p.goods, p.money = 0, price(state, 0) // 2
    ready, short, donation, *_ = plan_vector(state, 0, seat)
    assert ready == 0 and short >= min(builders, waiting) and donation == pytest.approx(0.5, abs=0.1)


def test_a_plan_model_ranks_with_the_plan_features(tmp_path):
    game = solo_position(kind="choose")
    names = feature_names(verbs_of(game.rules), plan=True)
    weights = [1.0 if n in ("greedy", "rowbuild_ready_CO") else 0.0 for n in names]
    path = tmp_path / "plan.json"
    path.write_text(json.dumps({"names": names, "weights": weights}))
    model = load_ranker(path, verbs_of(game.rules))
    assert model is not None and model.plan and not ranker_model(game.rules).plan
    ev = evaluator_for(game.state)
    _, scored = ranker_choice(game.state, game.legal_actions(), random.Random(0), ev, model)
    choices, features = lookahead(game.state, game.legal_actions(), ev, plan=True)
    assert [v for v, _ in scored] == pytest.approx([model.score(x) for x in features])
    path.write_text(json.dumps({"names": names[:-1], "weights": weights[:-1]}))
    with pytest.raises(DataError, match="names"):
        load_ranker(path, verbs_of(game.rules))


def test_a_broken_ranker_file_names_the_field(tmp_path):
    data = json.loads(RANKER_FILE.read_text())
    verbs = verbs_of(solo_position().rules)
    broken = tmp_path / "ranker.json"
    broken.write_text(json.dumps(data | {"names": data["names"][::-1]}))
    with pytest.raises(DataError, match="names"):
        load_ranker(broken, verbs)
    broken.write_text(json.dumps(data | {"weights": data["weights"][1:]}))
    with pytest.raises(DataError, match="weights"):
        load_ranker(broken, verbs)
    assert load_ranker(tmp_path / "absent.json") is None


def test_the_search_with_the_ranker_is_deterministic_and_plays_its_own_playouts():
    game = solo_position(kind="turn")
    bot = make_bot("search:policy=ranker:playouts=12:rounds=1:top=4", 9)
    assert isinstance(bot, SearchBot) and bot.policy == "ranker"
    stats = bot.analyse(game)
    assert sum(s.playouts for s in stats) == 12
    assert SearchBot(9, playouts=12, rounds=1, top=4, policy="ranker").analyse(game.copy()) == stats
    greedy = SearchBot(9, playouts=12, rounds=1, top=4).analyse(game)
    assert [(s.action, s.mean_margin) for s in stats] != [(s.action, s.mean_margin) for s in greedy]
    with pytest.raises(ValueError, match="policy must be one of greedy, plan, ranker"):
        make_bot("search:policy=oracle")

"""The learned evaluation: features of the table only, the shipped model, and the search and
evaluate on it (no peeking, deterministic at a fixed budget)."""
from __future__ import annotations

import json
import random

import pytest
from test_search import hidden_orders, solo_position  # tests/bots is on the path (no package)

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots import GreedyBot, SearchBot
from carnegie_lab.bots.evaluation.features import ANDREW_FEATURES, SEAT_FEATURES, andrew_features, seat_features
from carnegie_lab.bots.evaluation.learned import (
    MODEL_FILE,
    LearnedEvaluator,
    learned_evaluator,
    load_value_models,
)
from carnegie_lab.bots.evaluation.position import round_info
from carnegie_lab.bots.evaluation.sibling import SIBLING_FILE, SiblingEvaluator, load_sibling, sibling_evaluator
from carnegie_lab.core.errors import DataError
from carnegie_lab.rules.scoring import discs_by_owner, scores


def features(game: cl.Game) -> tuple[list[list[float]], list[float]]:
    state = game.state
    own, table, info = discs_by_owner(state), scores(state), round_info(state)
    seats = [seat_features(state, i, table[i], info, [c for c, _ in own[i]]) for i in range(len(state.players))]
    return seats, andrew_features(state, table[-1])


@pytest.mark.parametrize("kind", ["turn", "choose"])
def test_features_and_values_see_only_the_table(kind):
    """Positions that differ only in what nobody sees of Andrew's cards have the same features and
    values; the back of his next card is one of them."""
    game = solo_position(kind=kind)
    seats, andrew = features(game)
    assert len(seats[0]) == len(SEAT_FEATURES) and len(andrew) == len(ANDREW_FEATURES)
    learned = learned_evaluator(game.state)
    assert learned is not None
    for other in (hidden_orders(game, random.Random(i)) for i in range(3)):
        assert features(other) == (seats, andrew)
        assert learned.values(other.state) == learned.values(game.state)
    changed = hidden_orders(game, random.Random(5), keep_backs=False)
    assert features(changed)[1] != andrew                       # the next card's action counts


def test_the_shipped_model_predicts_final_totals():
    models = load_value_models()
    assert set(models) >= {1, 2}
    game = cl.new_game(["Ada"], seed=3, solo_level=2)
    bot = GreedyBot(3)
    learned = learned_evaluator(game.state)
    assert isinstance(learned, LearnedEvaluator)
    start = learned.values(game.state)
    assert all(20 < v < 200 for v in start)                   # totals of a whole game, not of round 0
    while not game.is_over:
        game.apply(bot.choose(game))
    assert learned.values(game.state) == [float(s.total) for s in game.seat_scores()]
    assert learned.win_chance(30, 5) > learned.win_chance(0, 5) > learned.win_chance(-30, 5)
    assert learned.win_chance(-1, 20) < 0.5 < learned.win_chance(1, 20)


def test_a_broken_model_file_names_the_field(tmp_path):
    data = json.loads(MODEL_FILE.read_text())
    data["models"]["1"]["seat"]["names"] = data["models"]["1"]["seat"]["names"][::-1]
    broken = tmp_path / "model.json"
    broken.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"models\.1\.seat\.names"):
        load_value_models(broken)
    assert load_value_models(tmp_path / "absent.json") == {}


def test_search_and_evaluate_on_the_learned_value_are_deterministic_and_do_not_peek():
    game = solo_position(kind="choose")
    bot = SearchBot(9, playouts=12, rounds=1, top=4, value="learned")
    stats = bot.analyse(game)
    assert stats == SearchBot(9, playouts=12, rounds=1, top=4, value="learned").analyse(game.copy())
    other = hidden_orders(game, random.Random(1))
    assert bot.analyse(other) == stats
    rows = evaluate(game, playouts=16, seed=2, rounds=2)
    assert rows == evaluate(other, playouts=16, seed=2, rounds=2)
    played = [r for r in rows if r.playouts]
    assert played and all(r.estimated and 0.0 <= r.win_rate <= 1.0 for r in played)
    assert "the rest guessed" in str(played[0])
    with pytest.raises(ValueError, match="value must be"):
        SearchBot(1, value="psychic")
    with pytest.raises(cl.CarnegieError, match="value must be"):
        evaluate(game, playouts=4, value="psychic")
    with pytest.raises(cl.CarnegieError, match="'sibling' only ranks the candidates"):   # the search's only
        evaluate(game, playouts=4, value="sibling")


def test_the_sibling_value_sees_only_the_table_and_its_search_does_not_peek():
    """The sibling value (a correction to the hand one, solo only) reads the same features: positions
    the table cannot tell apart get the same values and the same search, playout for playout."""
    game = solo_position(kind="choose")
    sibling = sibling_evaluator(game.state)
    assert isinstance(sibling, SiblingEvaluator)
    assert sibling_evaluator(cl.new_game(["Ada", "Bo"], seed=1).state) is None   # two players: the hand value
    bot = SearchBot(9, playouts=12, rounds=1, top=4, value="sibling")
    stats = bot.analyse(game)
    assert stats == SearchBot(9, playouts=12, rounds=1, top=4, value="sibling").analyse(game.copy())
    for other in (hidden_orders(game, random.Random(i)) for i in range(3)):
        assert sibling.values(other.state) == sibling.values(game.state)
        assert bot.analyse(other) == stats


def test_a_broken_sibling_file_names_the_field(tmp_path):
    data = json.loads(SIBLING_FILE.read_text())
    del data["models"]["1"]["andrew"]["wt"]
    broken = tmp_path / "sibling.json"
    broken.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"models\.1\.andrew"):
        load_sibling(broken)
    assert load_sibling(tmp_path / "absent.json") == {}

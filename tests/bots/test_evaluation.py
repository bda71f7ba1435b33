"""The evaluations by name: every entry of ``EVALUATIONS`` drives the greedy bot, the search and ``evaluate``, and
the worked example of docs/architecture.md (a new evaluation is one entry)."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots import GreedyBot, SearchBot, make_bot
from carnegie_lab.bots.evaluation import (
    EVALUATIONS,
    Evaluation,
    Evaluator,
    LearnedEvaluator,
    PlanEvaluator,
    SiblingEvaluator,
    evaluation,
    evaluator_for,
    score_totals,
)

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _midgame(players: int, seed: int = 3, decisions: int = 12) -> cl.Game:
    game = cl.new_game([f"P{i}" for i in range(players)], seed=seed, **({"solo_level": 2} if players == 1 else {}))
    bot = make_bot("greedy", 1)
    for _ in range(decisions):
        game.apply(bot.choose(game))
    return game


@pytest.fixture
def score_now():
    """The docs' example evaluation, in the table for one test."""
    text = ARCHITECTURE.read_text()
    section = text[text.index("### Adding an evaluation"):text.index("## The app")]
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    names: dict = {}
    exec(code, names)
    yield names["ScoreNow"]
    del EVALUATIONS["score"]


def test_the_docs_evaluation_is_one_entry_that_the_bots_and_evaluate_use(score_now):
    game = _midgame(2)
    assert isinstance(GreedyBot(value="score").evaluator(game.state), score_now)
    assert isinstance(SearchBot(value="score").cutoff(game.state), score_now)
    assert make_bot("greedy:value=score").choose(game) in game.legal_actions()
    rows = evaluate(game, playouts=12, rounds=1, value="score")
    played = [r for r in rows if r.playouts]
    # the margins at the horizon are differences of scores: whole numbers (the hand evaluation's are not)
    assert played and all(float(r.min_margin).is_integer() and float(r.max_margin).is_integer() for r in played)
    hand = [r for r in evaluate(game, playouts=12, rounds=1, value="hand") if r.playouts]
    assert not all(float(r.min_margin).is_integer() for r in hand)
    assert score_now().values(game.state) == [float(t) for t in score_totals(game.state)]


@pytest.mark.parametrize("players, name, kind", [
    (2, "hand", Evaluator), (2, "plan", PlanEvaluator), (2, "learned", LearnedEvaluator),
    (1, "sibling", SiblingEvaluator),
    (2, "sibling", Evaluator),          # no sibling model for two players: the hand evaluation
])
def test_each_name_makes_its_evaluation(players, name, kind):
    state = _midgame(players).state
    found = evaluation(name, state)
    assert type(found) is kind and isinstance(found, Evaluation)
    values = found.values(state)
    assert len(values) == players + (1 if players == 1 else 0) and all(math.isfinite(v) for v in values)
    pi = 0
    rest = values[:pi] + values[pi + 1:]
    assert found.margin(state, pi) == pytest.approx(values[pi] - found.opponents(state) * max(rest))
    assert found.margin(state, pi, found.best_other(state, pi)) == pytest.approx(found.margin(state, pi))


def test_the_hand_margin_weighs_the_best_opponent_by_its_weights():
    state = _midgame(3).state
    hand = evaluator_for(state, {"opponents": 0.25})
    values = hand.values(state)
    assert hand.opponents(state) == 0.25
    assert hand.margin(state, 1) == pytest.approx(values[1] - 0.25 * max(values[0], values[2]))
    assert hand.value(state, 2) == pytest.approx(values[2])


def test_a_search_with_value_hand_stops_on_its_policy_s_evaluation():
    state = _midgame(1).state
    assert SearchBot(policy="plan").cutoff(state) is SearchBot(policy="plan").evaluator(state)
    assert type(SearchBot(policy="plan").evaluator(state)) is PlanEvaluator
    assert type(SearchBot(policy="plan", value="learned").cutoff(state)) is LearnedEvaluator


def test_evaluate_refuses_the_sibling_value_and_unknown_names_and_changes_nothing():
    game = _midgame(1)
    record = game.to_record()
    with pytest.raises(cl.CarnegieError, match="'sibling' only ranks the candidates of one decision.*"
                                               "must be one of hand, plan, learned$"):
        evaluate(game, playouts=4, value="sibling")
    with pytest.raises(cl.CarnegieError, match="value must be one of hand, plan, learned, sibling, not 'x'"):
        GreedyBot(value="x")
    assert game.to_record() == record

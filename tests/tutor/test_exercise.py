"""The tutorial Exercise without a browser: answers typed from Python, Check clicked, feedback read."""
from __future__ import annotations

import pytest

import carnegie_lab as cl
from carnegie_lab.tutor import Numbers
from carnegie_lab.tutor.exercise import Exercise, exercises, normalise
from carnegie_lab.tutor.script import ScriptError, Step
from carnegie_lab.tutor.stepper import Stepper


@pytest.fixture
def game() -> cl.Game:
    return cl.new_game(["Ada", "Bo"], seed=7)


def neutral_sites(g: cl.Game) -> int:
    return sum(1 for owner, _ in g.state.board.sites.values() if owner == "neutral")


def test_a_number_is_checked_against_the_engine(game):
    ex = Exercise("How many neutral discs are on the map?", neutral_sites, game, explanation="Grey ones.",
                  hint="Count them.", code="...")
    assert ex.kind == "number" and ex.expected() == 12
    ex.input.value = "12"
    ex.check_button.click()
    assert ex.last is True and ex.solved and "Right" in ex.feedback.value and "Grey ones." in ex.feedback.value
    ex.input.value = "there are 11"
    ex.check_button.click()
    assert ex.last is False and "Not quite" in ex.feedback.value and "Count them." in ex.feedback.value
    assert ex.attempts == 2


def test_numbers_are_read_from_friendly_text(game):
    ex = Exercise("Money?", lambda g: g.state.players[0].money, game)
    assert ex.check("$12") and ex.check(" 12 dollars") and not ex.check("$13")


def test_a_missing_or_non_numeric_answer_is_not_an_attempt(game):
    ex = Exercise("Money?", lambda g: g.state.players[0].money, game)
    assert not ex.check("")
    assert "Type or pick an answer" in ex.feedback.value
    assert not ex.check("twelve")
    assert "whole number" in ex.feedback.value
    assert ex.attempts == 0 and ex.last is None


def test_the_answer_follows_the_position_of_a_stepper(game):
    tour = Stepper(game, [Step("House", "", ["house pittsburgh"])], try_it=False)
    ex = Exercise("Bo's Housing projects built?", lambda g: g.state.players[1].tabs["H"][1], tour)
    assert ex.expected() == 0
    tour.next_button.click()
    assert ex.expected() == 1 and ex.check("1")


def test_text_answers_ignore_case_underscores_and_the(game):
    ex = Exercise("Which city?", lambda g: "new_york", game)
    assert ex.kind == "text"
    assert ex.check("New York") and ex.check("the new-york") and ex.check("NEW_YORK")
    assert not ex.check("York")
    assert normalise("  The São_Paulo! ") == "sao paulo"


def test_sets_are_compared_in_any_order(game):
    ex = Exercise("Which major cities?", lambda g: {"chicago", "new_york"}, game)
    assert ex.kind == "set"
    assert ex.check("New York and Chicago") and ex.check("chicago, new york") and ex.check(["Chicago", "New_York"])
    assert not ex.check("Chicago") and not ex.check("Chicago, New York, Boston")


def test_choices_use_a_dropdown_and_show_the_label(game):
    ex = Exercise("Which row?", lambda g: 1, game, options=[("HR", 0), ("MG", 1), ("CO", 2)])
    assert ex.kind == "choice" and ex.input.value is None
    ex.input.value = 1
    ex.check_button.click()
    assert ex.last is True
    assert not ex.check(0) and not ex.check(2)
    assert ex.reveal() == 1 and "<b>MG</b>" in ex.feedback.value


def test_yes_no(game):
    ex = Exercise("Is Ada first?", lambda g: g.state.flow.first == 0, game)
    assert ex.kind == "yesno"
    assert ex.check(True) and not ex.check(False)


def test_show_the_answer_uses_the_engine_and_the_code(game):
    ex = Exercise("Neutral discs?", neutral_sites, game, explanation=lambda g, right: f"{right} grey discs.",
                  code="sum(...)")
    ex.show_button.click()
    assert "The answer is <b>12</b>" in ex.feedback.value and "12 grey discs." in ex.feedback.value
    assert "<code>sum(...)</code>" in ex.feedback.value


def test_a_pinned_answer_must_be_the_engines(game):
    ex = Exercise("Neutral discs?", neutral_sites, game, pinned=12)
    assert ex.pinned == 12 and ex.check("12")
    with pytest.raises(ScriptError, match=r"the tutorial says 11, the engine's answer is 12"):
        Exercise("Neutral discs?", neutral_sites, game, pinned=11)
    with pytest.raises(ScriptError, match="Which city"):
        Exercise("Which city?", lambda g: "new_york", game, pinned="Chicago")
    assert Exercise("Which city?", lambda g: "new_york", game, pinned="New York").check("new york")


def test_mistakes_are_refused_with_their_own_feedback(game):
    ex = Exercise("Neutral discs?", neutral_sites, game, pinned=12, hint="Count the map only.",
                  mistakes={18: "That counts the donation chart too.", 6: ""})
    assert not ex.check("18") and "That counts the donation chart too." in ex.feedback.value
    assert "Count the map only." in ex.feedback.value
    assert not ex.check("6") and "donation chart" not in ex.feedback.value
    assert ex.check("12") and "donation chart" not in ex.feedback.value
    assert Exercise("Which cities?", lambda g: {"chicago", "new_york"}, game,
                    mistakes=[frozenset({"chicago"})]).mistakes == {frozenset({"chicago"}): ""}
    with pytest.raises(ScriptError, match="the mistake 12 is the engine's right answer"):
        Exercise("Neutral discs?", neutral_sites, game, mistakes=[12])
    with pytest.raises(ScriptError, match="the mistake 'New York'"):
        Exercise("Which city?", lambda g: "new_york", game, mistakes=["New York"])


def test_the_numbers_an_exercise_states_are_checked(game):
    start = game.components.constants.start_money
    Exercise("Money?", lambda g: g.money(0), game, hint="She starts with $12.", expect=Numbers({12: lambda g: start}))
    with pytest.raises(ScriptError, match="the text says 13, the engine gives 12"):
        Exercise("Money?", lambda g: g.money(0), game, hint="$13.", expect=Numbers({13: lambda g: g.money(0)}))
    with pytest.raises(ScriptError, match="its check failed"):
        Exercise("Money?", lambda g: g.money(0), game, expect=lambda g: g.round > 0)


def test_a_custom_comparison_and_kind_checks(game):
    ex = Exercise("Roughly 10?", lambda g: 10, game, kind="number",
                  accept=lambda given, right: abs(int(given) - right) <= 1)
    assert ex.check("11") and not ex.check("12")
    with pytest.raises(ValueError, match="kind"):
        Exercise("?", lambda g: 1, game, kind="essay")
    assert exercises([ex, 3, "x"]) == [ex]

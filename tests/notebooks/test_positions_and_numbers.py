"""carnegie_lab.tutor without a kernel: the shared positions are the ones the tutorials describe, and a
``Numbers`` check catches a text whose number the engine does not give (in a stepper, naming the step)."""
from __future__ import annotations

import pytest

from carnegie_lab.tutor import Numbers, failure, gain, loss, positions
from carnegie_lab.tutor.script import ScriptError, Step
from carnegie_lab.tutor.stepper import Stepper


def test_the_shared_positions():
    setup = positions.after_setup()
    assert setup.actions == list(positions.SETUP) and setup.round == 1 and setup.decision.player == 0
    assert positions.fresh().round == 0 and positions.fresh().actions == []
    round_2 = positions.after_hr_round()
    assert round_2.actions == list(positions.SETUP + positions.HR_ROUND)
    assert round_2.round == 2 and round_2.decision.kind == "choose" and round_2.decision.player == 1
    solo = positions.solo_after_setup(level=2)
    assert solo.andrew() is not None and solo.andrew().level == 2 and solo.round == 1
    assert solo.actions == list(positions.SOLO_SETUP)


def test_the_stored_whole_game():
    ended, last = positions.whole_game(), positions.last_round()
    assert ended.is_over and len(ended.round_summaries()) == ended.components.constants.rounds
    assert last.round == 20 and not last.is_over
    assert ended.actions[:len(last.actions)] == last.actions and last.actions[:len(positions.SETUP)] == list(
        positions.SETUP)
    assert {name: s.total for name, s in ended.scores().items()} == {"Ada": 85, "Bo": 60}


def test_the_stored_game_round_by_round():
    actions = list(positions.endgame.ACTIONS)
    assert positions.round_actions(4) == ("choose CO", "co C new_york", "co I chicago")
    assert list(positions.round_actions(1, 20)) == actions
    assert positions.round_actions(1, 3) + positions.round_actions(4, 20) == tuple(actions)
    assert positions.round_start(1).actions == positions.after_setup().actions
    for number in (4, 8, 16):
        start = positions.round_start(number)
        assert start.round == number and start.decision.kind == "choose"
        assert start.actions == list(positions.SETUP) + list(positions.round_actions(1, number - 1))
    assert positions.last_round().actions == positions.round_start(20).actions


def test_numbers_say_which_number_the_engine_gives_otherwise():
    game = positions.after_setup()
    assert Numbers({7: lambda g: g.money(0), 9: lambda g: g.money(1)})(game)
    wrong = Numbers({7: lambda g: g.money(0), 8: lambda g: g.money(1)})
    assert not wrong(game) and wrong.problems(game) == ["the text says 8, the engine gives 9"]
    twice = Numbers({7: (lambda g: g.money(0), lambda g: g.money(1))})
    assert twice.problems(game) == ["the text says 7, the engine gives 9"]
    assert failure(wrong, game) == "the text says 8, the engine gives 9"
    assert failure(lambda g: g.round == 1, game) is None and failure(lambda g: g.round == 2, game) == "its check failed"


def test_facts_are_claims_checked_like_numbers():
    game = positions.after_setup()
    check = Numbers({1: lambda g: g.round}, facts={"Ada chooses": lambda g: g.decision.player == 0,
                                                    "the game is over": lambda g: g.is_over})
    assert check.problems(game) == ["the text says the game is over, which the engine does not confirm"]
    assert not check(game) and Numbers({1: lambda g: g.round}, facts={"Ada chooses": lambda g: True})(game)


def test_gains_and_losses_compare_with_the_position_before():
    before = positions.after_setup()
    after = before.copy()
    for action in ("choose MG", "done", "done", "cf money", "cf goods"):
        after.apply(action)
    money, goods = (lambda g: g.money(0)), (lambda g: g.goods(0))
    assert Numbers({3: gain(money), 1: gain(goods)})(after, before)
    assert Numbers({3: loss(money)}).problems(after, before) == ["the text says 3, the engine gives -3"]
    assert Numbers({3: gain(money)}).problems(after) == ["3: a gain or loss needs the position before the step"]


def test_a_stepper_stops_at_a_number_the_engine_does_not_give():
    script = [Step("Ada chooses", "Round 1.", ["choose MG", "done", "done"], expect=Numbers({1: lambda g: g.round})),
              Step("Money", "Ada takes **$4**.", ["cf money"], expect=Numbers({4: gain(lambda g: g.money(0))}))]
    with pytest.raises(ScriptError, match=r"step 2 \('Money'\): the text says 4, the engine gives 3"):
        Stepper(positions.after_setup(), script, try_it=False)
    script[1] = Step("Money", "Ada takes **$3**.", ["cf money"], expect=Numbers({3: gain(lambda g: g.money(0))}))
    assert len(Stepper(positions.after_setup(), script, try_it=False)) == 2

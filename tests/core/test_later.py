"""A log line as a description (core.later): worded when read, equal to its words, and kept whole by a deep
copy or a pickle of the log that holds it."""
from __future__ import annotations

import copy
import pickle

import carnegie_lab as cl
from carnegie_lab.core.i18n import Message, render
from carnegie_lab.core.later import later, line, read_line
from carnegie_lab.core.words import count_of


def test_a_line_is_worded_when_read_and_stands_for_its_words():
    described = line("{player} uses {what}: {moves}", player="Ada", what=Message("Human Resources"),
                     moves=later(count_of, "moves", 2))
    assert described == "Ada uses Human Resources: 2 moves" and str(described) == "Ada uses Human Resources: 2 moves"
    assert hash(described) == hash("Ada uses Human Resources: 2 moves")
    assert render(described.text(), "pt_BR") == "Ada usa Recursos Humanos: 2 movimentos"
    entry = [0, described]
    assert read_line(entry) == described and isinstance(entry[1], Message)       # kept in words once read


def test_a_deep_copy_and_a_pickle_of_a_played_log_keep_its_lines():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training", "house denver", "reserve sales", "move b1 a1"):
        game.apply(action)
    for log in (copy.deepcopy(game.state.log), pickle.loads(pickle.dumps(game.state.log))):
        assert [read_line(entry) for entry in log] == game.log

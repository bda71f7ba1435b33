"""core/described.py: a text kept in JSON as a description reads back as the same text in every language,
and a description from a file is checked before anything is called or formatted."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl
from carnegie_lab.core.described import Undescribed, describe, text_of
from carnegie_lab.core.i18n import N_, Message, render
from carnegie_lab.core.words import count_of, plural


@pytest.mark.parametrize("text", [
    N_("{player} passes", player="Ada"),
    N_("{player} builds {what} in {city}", player="Bo", what=count_of("goods", 3), city=Message("Boston")),
    plural("{n} step", "{n} steps", 2, region=Message("West")),
    "plain English text"])
def test_a_text_reads_back_the_same_in_every_language(text):
    back = text_of(json.loads(json.dumps(describe(text))))
    assert back == text and render(back, "pt_BR") == render(text, "pt_BR")


@pytest.mark.parametrize("data", [
    {"message": "{x.__class__}", "fields": {"x": "a"}},             # an attribute
    {"message": "{x[0]}", "fields": {"x": "a"}},                   # an item
    {"message": "{x!r}", "fields": {"x": "a"}},                    # a conversion
    {"message": "{y}", "fields": {"x": "a"}},                      # a field it does not have
    {"message": "{x:d}", "fields": {"x": "a"}},                    # a format the value does not fit
    {"worded": "os.system", "values": ["true"]},                   # not one of the package's wordings
    {"worded": "core.words._count_words", "values": ["nothing", 3]},  # values the wording does not take
    {"texts": {"pt_BR": "sem inglês"}},
    {"reward": {"money": "3"}},
    {"message": "a", "fields": {}, "more": 1},
    {"set": [1]},
])
def test_a_description_that_is_not_one_is_refused(data):
    with pytest.raises(Undescribed):
        text_of(data)


def test_descriptions_nested_too_deeply_are_refused():
    data: object = "x"
    for _ in range(400):                   # deeper than Python's recursion limit allows to read naively
        data = {"message": "{x}", "fields": {"x": data}}
    with pytest.raises(Undescribed):
        text_of(data)


def test_a_position_with_a_broken_description_names_the_line():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    game.apply("house chicago")
    position = game.to_position()
    position["state"]["log"][0][1] = {"worded": "os.system", "values": ["true"]}
    with pytest.raises(cl.RecordError) as info:
        cl.Game.from_position(position)
    assert info.value.field == "state.log[0][1]"

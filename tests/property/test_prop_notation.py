"""The notation: every action prints to text that parses back to it, and any other text is a
NotationError (never another exception)."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prop_support import (
    GRAMMAR,
    ROOT,
    Chooser,
    check_notation,
    choices,
    grammar_actions,
    new_game,
    play,
    player_counts,
    seeds,
    variants,
)

import carnegie_lab as cl
from carnegie_lab.core.actions import parse

SETTINGS = settings(deadline=None)


@SETTINGS
@given(action=grammar_actions())
def test_every_grammar_action_round_trips(action):
    text = str(action)
    assert parse(text, GRAMMAR) == action
    assert parse(action, GRAMMAR) == action
    assert parse("  " + text.replace(" ", "   ") + "\n", GRAMMAR) == action     # any whitespace separates
    assert repr(action) == f"Action({text!r})"


@SETTINGS
@given(text=st.text(max_size=40) | st.builds(lambda a, junk: f"{a} {junk}", grammar_actions(),
                                             st.text(max_size=6)))
def test_any_text_parses_or_is_a_notation_error(text):
    try:
        action = parse(text, GRAMMAR)
    except cl.NotationError as e:
        assert e.text in (text, repr(text)) and e.problem
        return
    assert str(action) == " ".join(text.split())
    assert action.verb in GRAMMAR


@SETTINGS
@given(action=grammar_actions(), keep=st.integers(0, 4),
       extra=st.lists(st.sampled_from(["x", "1", "a1", "H", "HR", "money", "to", "west"]), max_size=3))
def test_a_wrong_number_of_arguments_is_a_notation_error(action, keep, extra):
    args = action.args[:keep] + tuple(extra)
    if len(args) not in {len(p) for p in GRAMMAR[action.verb]}:
        with pytest.raises(cl.NotationError, match="expected"):
            parse(" ".join((action.verb, *args)), GRAMMAR)


@SETTINGS
@given(players=player_counts, seed=seeds, drawn=choices, options=variants)
def test_every_legal_action_round_trips_through_notation(players, seed, drawn, options):
    game = new_game(players, seed, **options)
    verbs = set()

    def each(game, action, legal):
        check_notation(legal)
        verbs.update(a.verb for a in legal)

    play(game, Chooser(drawn, seed), each=each)
    assert {"choose", "done", "move", "activate"} <= verbs


def test_the_examples_in_docs_notation_md_parse():
    """Each verb table row of docs/notation.md ends with examples of that verb: they must parse."""
    text = (ROOT / "docs" / "notation.md").read_text()
    section = text.split("## The verbs", 1)[1].split("### A real opening", 1)[0]
    seen = set()
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        verb = re.fullmatch(r"`([a-z]+)`", cells[0]) if line.startswith("|") else None
        if verb is None:
            continue
        examples = re.findall(r"`([^`]+)`", cells[-1])
        assert examples, line
        for example in examples:
            assert parse(example, GRAMMAR).verb == verb.group(1), example
        seen.add(verb.group(1))
    assert seen == set(GRAMMAR), f"verbs without an example: {set(GRAMMAR) - seen}"


@pytest.mark.parametrize("text", ["income 01", "sales 002", "supply 03"])
def test_counts_have_one_spelling(text):
    with pytest.raises(cl.NotationError):
        parse(text, GRAMMAR)

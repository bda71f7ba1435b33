"""The editor (docs/notation.md, "Editing a position"): random sequences of its changes, with random arguments
(the game's ids most of the time, odd values too), from random reachable positions, either keep every law (the
table loads as a position and plays on) or are refused with an EditError and the table unchanged; and a solo table
set up by hand keeps what the table sees of Andrew's cards (rules decision A8) out of a bot's view."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from prop_support import NAMES, Chooser, K, check_invariants, choices, play, seeds

import carnegie_lab as cl
from carnegie_lab.bots.base import table_view
from carnegie_lab.core.loader import components
from carnegie_lab.rules import laws

C = components()
ODD = st.sampled_from([None, -1, 99, 1.5, "", "x", "atlantis", True, [], "andrew", "neutral"])
SEATS = st.integers(-1, 4) | st.just("andrew")


def _one_of(values) -> st.SearchStrategy:
    return st.sampled_from(sorted(values)) | ODD


CITIES, TYPES, REGIONS = _one_of(C.cities), _one_of(C.tabs), _one_of(C.regions)
CELLS = _one_of(C.company.cells)
TILES = _one_of(d.id for d in C.departments.values()) | _one_of(d.code for d in C.departments.values())
PLACES = _one_of(["supply", *C.regions, *C.company.cells, *(f"{c} standing" for c in C.company.cells)])
CARDS = _one_of(C.solo_cards)
SMALL = st.integers(0, 40) | ODD

#: each change of the editor with a strategy of its arguments
CHANGES = {
    "place_project": st.tuples(SEATS, CITIES, TYPES, st.none() | st.integers(-1, 5)),
    "remove_project": st.tuples(CITIES, st.integers(-1, 5) | ODD),
    "set_tab": st.tuples(SEATS, TYPES, st.integers(0, 9) | ODD),
    "set_resources": st.tuples(SEATS, st.none() | SMALL, st.none() | SMALL, st.none() | SMALL, st.none() | SMALL),
    "move_employees": st.tuples(SEATS, PLACES, PLACES, st.integers(0, 3) | ODD),
    "add_employees": st.tuples(SEATS, PLACES, st.integers(0, 3)),
    "remove_employees": st.tuples(SEATS, PLACES, st.integers(0, 3)),
    "build_department": st.tuples(SEATS, CELLS, TILES),
    "remove_department": st.tuples(SEATS, CELLS),
    "set_reserve": st.tuples(SEATS, st.none() | TILES),
    "set_track": st.tuples(SEATS, REGIONS, st.integers(-1, 5) | ODD),
    "join_donation": st.tuples(SEATS, _one_of(C.donations)),
    "leave_donation": st.tuples(SEATS, _one_of(C.donations)),
    "set_round": st.tuples(st.integers(0, 21) | ODD),
    "set_decision": st.tuples(st.sampled_from(["choose", "event", "turn", "over"]), st.none() | SEATS,
                              st.none() | _one_of(C.timeline.rows)),
    "set_markers": st.tuples(st.lists(st.integers(0, 5), min_size=3, max_size=5) | ODD),
    "set_andrew_cards": st.tuples(st.none(), st.none() | CARDS, st.none() | st.lists(CARDS, max_size=3),
                                  st.none() | SMALL),
    "set_andrew_departments": st.tuples(st.lists(TILES, max_size=3) | ODD),
}
changes = st.lists(st.tuples(st.sampled_from(sorted(CHANGES)), st.data()), min_size=1, max_size=12)


def _position(editor: cl.Editor) -> str:
    return json.dumps(editor.to_position(), sort_keys=True)


def _check(game: cl.Game) -> None:
    """The laws, and the property tests' own counts where they apply (they know no Andrew)."""
    laws.check(game.state)
    if game.andrew() is None:
        check_invariants(game)


@settings(deadline=None, max_examples=30)
@given(players=st.integers(1, 4), seed=seeds, drawn=choices, stop=st.integers(0, 300), steps=changes)
def test_every_change_keeps_the_laws_or_is_refused_with_the_table_unchanged(players, seed, drawn, stop, steps):
    solo = {"solo_level": 1 + seed % 4} if players == 1 else {}
    game = cl.new_game(NAMES[:players], seed=seed, **solo)
    play(game, Chooser(drawn, seed), limit=stop)
    editor = game.edit()
    kept = 0
    for name, data in steps:
        args = data.draw(CHANGES[name])
        before = _position(editor)
        try:
            getattr(editor, name)(*args)
        except cl.EditError as error:
            assert str(error).startswith("cannot change the table: ")
            assert _position(editor) == before, (name, args)
            continue
        kept += 1
        _check(cl.Game.from_position(editor.to_position()))
    if kept:
        played = editor.game()
        assert json.loads(_position(editor))["state"]["players"] == editor.to_position()["state"]["players"]
        if not played.is_over:
            played.apply(played.legal_actions()[0])
            _check(played)


@settings(deadline=None, max_examples=25)
@given(seed=seeds, level=st.integers(1, 4), round_=st.integers(1, K.rounds), money=st.integers(0, 60),
       shuffle=st.integers(0, 2**32))
def test_a_solo_table_set_up_by_hand_keeps_andrews_hidden_cards_hidden(seed, level, round_, money, shuffle):
    """Two tables that differ only in what nobody sees (the order of Andrew's draw pile under its top card) give a
    bot the same view, and the table's knowledge (A8) is the one of a dealt game."""
    editor = cl.Editor.new(["Ada"], seed=seed, solo_level=level).set_round(round_).set_resources(0, money=money)
    andrew = editor.game().andrew()
    deck = editor.to_position()["state"]["andrew"]["deck"]
    reordered = deck[:1] + random.Random(shuffle).sample(deck[1:], max(len(deck) - 1, 0))
    other = cl.Editor.from_position(editor.to_position()).set_andrew_cards(top=reordered)
    assert (andrew.advanced_left is not None or not deck) and other.game().andrew() == andrew
    views = [table_view(e.game().state, random.Random(seed)).to_dict()["andrew"] for e in (editor, other)]
    assert views[0] == views[1]

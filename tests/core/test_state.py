"""The state's hand-written copies and JSON converters keep every field (a field added to a dataclass and
forgotten in them would silently vanish from positions)."""
from __future__ import annotations

import random
from dataclasses import fields

import carnegie_lab as cl
from carnegie_lab.core.state import Andrew, Board, Flow, Player, State


def a_solo_game_in_a_turn() -> cl.Game:
    game, rng = cl.new_game(["Ada"], seed=3, solo_level=2), random.Random(3)
    while not (game.round >= 3 and game.decision.kind == "turn"):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_to_dict_writes_every_field_and_from_dict_reads_them_back():
    state = a_solo_game_in_a_turn().state
    assert state.andrew is not None
    for cls, obj in ((Player, state.players[0]), (Board, state.board), (Flow, state.flow), (Andrew, state.andrew)):
        data = obj.to_dict()
        assert set(data) == {f.name for f in fields(cls)}, cls.__name__
        assert cls.from_dict(data) == obj, cls.__name__
    assert set(state.to_dict()) == {f.name for f in fields(State)} - {"rules", "keeps_history", "recorder"}


def test_copies_are_equal_and_share_no_containers():
    state = a_solo_game_in_a_turn().state
    twin = state.copy()
    assert twin == state
    for cls, a, b in ((Player, state.players[0], twin.players[0]), (Board, state.board, twin.board),
                      (Flow, state.flow, twin.flow), (Andrew, state.andrew, twin.andrew)):
        for f in fields(cls):
            value = getattr(a, f.name)
            if isinstance(value, (list, dict)):
                assert value is not getattr(b, f.name), f"{cls.__name__}.{f.name} is shared by a copy"

"""Game.moves, the engine's history: one move per action applied and per step the engine takes by
itself (forced steps, Andrew Carnegie's moves), with who took it and the log lines it wrote."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import carnegie_lab as cl
from carnegie_lab.rules.solo import NAME as ANDREW


def played(names: list[str], seed: int, actions: int | None = None, **options) -> cl.Game:
    """A game of random actions (players mostly act rather than pass), to its end or so many actions."""
    game = cl.new_game(names, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and (actions is None or len(game.actions) < actions):
        legal = game.legal_actions()
        active = [a for a in legal if a.verb not in ("done", "sell")]
        game.apply(rng.choice(active) if active and rng.random() < 0.8 else rng.choice(legal))
    return game


GAMES = [(["Ada", "Bo"], 1, {}), (["Ada", "Bo", "Cy", "Di"], 2, {"departments": "base+expansion"}),
         (["Ada"], 3, {"solo_level": 3})]


@pytest.mark.parametrize("names, seed, options", GAMES)
def test_every_action_is_one_move_of_its_seat_and_every_log_line_belongs_to_one_move(names, seed, options):
    game = played(names, seed, **options)
    own = [m for m in game.moves if not m.automatic]
    assert [m.action for m in own] == game.actions
    assert [m.actions for m in own] == list(range(1, len(game.actions) + 1))
    assert Counter(line for m in game.moves for line in m.lines) == Counter(game.log)
    for m in game.moves:
        if m.by_andrew:
            assert (m.player, m.action, m.decision) == (ANDREW, None, None) and m.automatic
        else:
            assert m.seat is not None and m.player == names[m.seat]
            assert m.prompt is not None if not m.automatic else m.action == "done"


def test_a_seats_move_is_taken_by_the_deciding_seat_and_answers_its_decision():
    game = cl.new_game(["Ada", "Bo", "Cy"], seed=4)
    rng = random.Random(4)
    for _ in range(60):
        seat, decision, round_ = game.current_player, game.decision, game.round
        action = rng.choice(game.legal_actions())
        before = len(game.moves)
        game.apply(action)
        move = game.moves[before]
        assert (move.seat, move.action, move.automatic) == (seat, str(action), False)
        assert (move.decision, move.prompt, move.round) == (str(decision.kind), decision.text, round_)


def test_andrews_moves_carry_his_lines_and_the_round_they_were_made_in():
    game = played(["Ada"], 5, solo_level=2)
    andrew = [m for m in game.moves if m.by_andrew]
    assert {line.startswith(ANDREW) for m in andrew for line in m.lines} == {True}
    assert not any(line.startswith(ANDREW) for m in game.moves if not m.by_andrew for line in m.lines)
    draws = [m for m in andrew if any(" draws " in line for line in m.lines)]
    assert len(draws) == 10 and all(m.round % 2 == 0 for m in draws)    # he chooses the row in even rounds
    ends = [m for m in andrew if any("ends the round" in line for line in m.lines)]
    assert [m.round for m in ends] == list(range(1, 21))


def test_a_move_inside_another_comes_after_it_and_the_outer_keeps_its_later_lines():
    """The turn's last done ends the round: Andrew's end of round is recorded after that done, and
    the game's end line ("The game is over") stays with the seat's move."""
    game = played(["Ada"], 6, solo_level=1)
    last = game.moves[-1]
    assert not last.by_andrew or "The game is over" not in last.lines
    over = next(m for m in game.moves if "The game is over" in m.lines)
    assert not over.by_andrew
    i = game.moves.index(over)
    assert game.moves[i + 1].by_andrew and any("ends the round" in t for t in game.moves[i + 1].lines)


@pytest.mark.parametrize("names, seed, options", GAMES)
def test_a_record_replays_to_the_same_history(names, seed, options):
    game = played(names, seed, actions=150, **options)
    assert cl.Game.from_record(game.to_record()).moves == game.moves


def test_copy_and_undo_keep_the_history_of_their_own_game():
    game = played(["Ada", "Bo"], 7, actions=40)
    before = game.moves
    copy = game.copy()
    copy.apply(copy.legal_actions()[0])
    assert game.moves == before and copy.moves[:len(before)] == before and len(copy.moves) > len(before)
    copy.undo()
    assert copy.moves == before
    game.apply(game.legal_actions()[0])
    assert game.moves == copy.moves + game.moves[len(before):] and len(game.moves) > len(before)


def test_a_position_starts_an_empty_history_and_light_copies_record_nothing():
    game = played(["Ada", "Bo"], 8, actions=30)
    loaded = cl.Game.from_position(game.to_position())
    assert loaded.moves == ()
    loaded.apply(loaded.legal_actions()[0])
    assert [m.action for m in loaded.moves if not m.automatic] == loaded.actions
    assert game.state.copy(history=False).recorder is None and game.state.copy().recorder is None


def test_playing_records_nothing_until_the_moves_are_read():
    game = played(["Ada", "Bo"], 9, actions=30)
    assert game.state.recorder is None                     # apply marks no steps in the played game
    own = [m.action for m in game.moves if not m.automatic]
    assert own == game.actions and game.state.recorder is None

"""What the app knows of each action of a game besides its notation: who took it, in which round,
and which lines of the game log it wrote. The log's round separators, the undo and the replays read
it; the controller keeps it up to date as actions are applied (``Move.after``) and rebuilds it by
replaying a game it opens (``replay_moves``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import Game


@dataclass(frozen=True)
class Move:
    """One action: the seat that took it, the round it was taken in (0: the setup) and the log
    lines it wrote, ``game.log[log_start:log_end]`` (Andrew Carnegie's moves included)."""
    seat: int
    round: int
    log_start: int
    log_end: int

    @staticmethod
    def after(game: Game, seat: int, round_: int, log_start: int) -> Move:
        """The move just applied to ``game`` (``round_`` and ``log_start``: as they were before it)."""
        return Move(seat, round_, log_start, len(game.state.log))


def empty_start(game: Game) -> Game:
    """The game at its start (its options, no action)."""
    record = game.to_record()
    record["actions"] = []
    return Game.from_record(record, components=game.components)


def replay_moves(game: Game) -> list[Move]:
    """The moves of a game, found by replaying its record from the start."""
    replay = empty_start(game)
    moves: list[Move] = []
    for text in game.actions:
        seat, round_, start = replay.current_player, replay.round, len(replay.state.log)
        replay.apply(text)
        assert seat is not None                 # apply raised GameOverError if nobody was deciding
        moves.append(Move.after(replay, seat, round_, start))
    return moves


def rounds_of_lines(moves: Sequence[Move], lines: int) -> list[int]:
    """The round of each of the first ``lines`` log lines (0: the setup, and lines before any move)."""
    out: list[int] = []
    for m in moves:
        out.extend([m.round] * (min(m.log_end, lines) - len(out)))
    return out + [moves[-1].round if moves else 0] * (lines - len(out))


__all__ = ["Move", "empty_start", "replay_moves", "rounds_of_lines"]

"""A game to scrub through, step by step (no widgets: ``replay_panel.py`` shows it).

:class:`Replay` replays a game's record once and keeps its *moments*: the start, then one moment
per action (a bot's actions are steps of their own), and one more per move of Andrew Carnegie
(his turn is played by the engine with the action before it, so those moments show its log lines
one by one while the board shows the position after them). ``game_at(n)`` is the game after ``n``
actions, from a copy kept every ``CHECKPOINT`` actions (a few actions to replay at most)::

    replay = Replay(game)
    replay.moments[5].lines          # what the 5th moment wrote in the log
    replay.game_at(replay.moments[5].actions).scores()
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from .history import Move, empty_start

#: A copy of the game is kept every this many actions.
CHECKPOINT = 16


@dataclass(frozen=True)
class Moment:
    """One step of a replay: the game after ``actions`` actions; the ``seat`` that took the last
    one (None at the start), its ``notation``, the round it was taken in and the log ``lines`` of
    this step (``andrew``: one move of Andrew Carnegie's turn, played with that action)."""
    actions: int
    seat: int | None
    notation: str
    round: int
    lines: tuple[str, ...]
    andrew: bool = False


class Replay:
    """Every moment of a game, and the game at any of them (read-only: the game given is not kept)."""

    def __init__(self, game: Game, title: str = ""):
        self.title = title
        self.players = list(game.players)
        self.rounds = game.rules.constants.rounds
        replay = empty_start(game)
        self.andrew = next((n for n in replay.scores() if n not in self.players), None)
        self.moves: list[Move] = []
        self.moments: list[Moment] = [Moment(0, None, "", 0, ())]
        self._checkpoints: dict[int, Game] = {0: replay.copy()}
        for n, text in enumerate(game.actions, 1):
            seat, round_, start = replay.current_player, replay.round, len(replay.state.log)
            replay.apply(text)
            assert seat is not None                 # apply raised GameOverError if nobody was deciding
            self.moves.append(Move.after(replay, seat, round_, start))
            lines = replay.log[start:]
            own = tuple(t for t in lines if not self._by_andrew(t))
            self.moments.append(Moment(n, seat, text, round_, own))
            self.moments.extend(Moment(n, seat, text, round_, (t,), andrew=True)
                                for t in lines if self._by_andrew(t))
            if n % CHECKPOINT == 0:
                self._checkpoints[n] = replay.copy()
        self.final = replay

    def _by_andrew(self, line: str) -> bool:
        return self.andrew is not None and line.startswith(self.andrew)

    @property
    def actions(self) -> int:
        return len(self.moves)

    @property
    def last(self) -> int:
        """The index of the last moment."""
        return len(self.moments) - 1

    def game_at(self, actions: int) -> Game:
        """A new copy of the game after this many actions (0: its start)."""
        actions = max(0, min(actions, self.actions))
        base = actions - actions % CHECKPOINT
        game = self._checkpoints[base].copy()
        for text in self.final.actions[base:actions]:
            game.apply(text)
        return game

    def moment_of(self, actions: int) -> int:
        """The index of the (first) moment after this many actions."""
        return next(i for i, m in enumerate(self.moments) if m.actions >= min(actions, self.actions))

    def round_step(self, index: int, step: int) -> int:
        """The moment where the next round begins (``step`` 1), or where this one began, or the one
        before if this is where it began (``step`` -1)."""
        starts = [i for i in range(1, len(self.moments)) if self.moments[i].round != self.moments[i - 1].round]
        if step > 0:
            return next((i for i in starts if i > index), self.last)
        return next((i for i in reversed(starts) if i < index), 0)


__all__ = ["CHECKPOINT", "Moment", "Replay"]

"""A game to scrub through, step by step (no widgets: ``app/replay_panel.py`` shows it).

:class:`Replay` reads a game's moves (``Game.moves``) and keeps its *moments*: the start, then one moment
per action (a bot's actions are steps of their own), one per step the engine took for a seat, and one per
move of Andrew Carnegie (his turn is played by the engine with the action before it, so those moments
show its log lines move by move while the board shows the position after that action). ``game_at(n)`` is
the game after ``n`` actions, from a copy kept every ``CHECKPOINT`` actions (a few actions to replay at
most)::

    replay = Replay(game)
    replay.moments[5].lines          # what the 5th moment wrote in the log
    replay.words(replay.moments[5])  # what was played there, in words ('use Sales (sell 2 goods → $6)')
    replay.game_at(replay.moments[5].actions).scores()
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import render
from ..engine import Game
from .history import own_moves
from .labels import AUTOMATIC, Labels
from .seats import Handover, Seat

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
    automatic: bool = False                 # a step the engine took for the seat (a lone "done")


class Replay:
    """Every moment of a game, and the game at any of them (read-only: the game given is not kept); its
    ``seats`` (who plays them at the end: all human if not given) and who played them at each moment
    (``seats_at``: the bots may have finished the game, see :class:`~.seats.Handover`); ``game_id``: the
    stored game's id, if it is one (for the analysts: the title names the game in words)."""

    def __init__(self, game: Game, title: str = "", seats: list[Seat] | None = None,
                 handover: Handover | None = None, game_id: str = ""):
        self.title, self.game_id = title, game_id
        self.seats = list(seats) if seats is not None else [Seat(n) for n in game.players]
        self.handover = handover
        self.rounds = game.rules.constants.rounds
        self.andrew = game.andrew_name
        self.final = game.copy()
        self.moments: list[Moment] = [Moment(0, None, "", 0, ())]
        own = own_moves(game)
        for m in game.moves:
            if m.seat is not None:
                self.moments.append(Moment(m.actions, m.seat, m.action or "", m.round, m.lines,
                                           automatic=m.automatic))
            elif m.lines and m.actions:      # Andrew's move, played with the seat action before it
                played = own[m.actions - 1]
                assert played.seat is not None
                self.moments.append(Moment(m.actions, played.seat, played.action or "", m.round, m.lines,
                                           andrew=True))
        self._checkpoints: dict[int, Game] = {0: empty_start(game)}

    @property
    def actions(self) -> int:
        return len(self.final.actions)

    @property
    def last(self) -> int:
        """The index of the last moment."""
        return len(self.moments) - 1

    def game_at(self, actions: int) -> Game:
        """A new copy of the game after this many actions (0: its start)."""
        actions = max(0, min(actions, self.actions))
        base = max(n for n in self._checkpoints if n <= actions)
        game = self._checkpoints[base].copy()
        for n, text in enumerate(self.final.actions[base:actions], base + 1):
            game.apply(text)
            if n % CHECKPOINT == 0:
                self._checkpoints.setdefault(n, game.copy())
        return game

    def words(self, moment: Moment, lang: str | None = None) -> str:
        """What the seat played at this moment, in the controls' words ("" at the start; its notation is
        ``moment.notation``), in a language."""
        if moment.seat is None:
            return ""
        if moment.automatic:
            return render(AUTOMATIC, lang)
        return Labels(self.game_at(moment.actions - 1), lang).action(moment.notation)

    def seats_at(self, actions: int) -> list[Seat]:
        """Who played the seats when the game had this many actions."""
        return self.seats if self.handover is None else self.handover.seats_at(self.seats, actions)

    @property
    def players(self) -> list[Seat]:
        """The seats of a game played on from a moment: the humans play their own seats again."""
        return self.seats if self.handover is None else self.handover.seats

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



def empty_start(game: Game) -> Game:
    """The game at its start (its options, no action)."""
    record = game.to_record()
    record["actions"] = []
    return Game.from_record(record, components=game.components)


__all__ = ["CHECKPOINT", "Moment", "Replay", "empty_start"]

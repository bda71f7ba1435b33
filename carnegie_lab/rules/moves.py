"""The history of a game's moves as they happen: one :class:`Move` per step, whoever took it.

A step is an action applied by a seat, a forced step the loop takes for a seat (a lone ``done``),
or one of Andrew Carnegie's moves (his draw, his turn, his card's end of round). The loop marks where
each step begins (:meth:`MoveRecorder.begin`, :meth:`MoveRecorder.forced`, :func:`andrew_step`); the
log lines written from there on belong to that step, until the next one begins. Andrew's moves come
inside a seat's step (the ``done`` that ends a turn ends the round too): the lines written after his
move go back to that seat's step.

Nothing is recorded unless a :class:`MoveRecorder` is attached to the state (``state.recorder``): only
the replay that ``Game.moves`` runs when the moves are read has one; the played game, the light copies of
bots and search none.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, NamedTuple, Protocol

from ..core.later import read_line
from ..core.state import DecisionKind, State
from .solo import NAME as ANDREW_NAME


class Move(NamedTuple):
    """One step of a game: who took it (``seat``; None for Andrew Carnegie) and their name, the round
    (0: the setup) and phase it was taken in, the decision it answered (its kind, and its text for a
    seat's own action), the action's notation (None for Andrew's moves), whether the engine took it
    by itself (a forced step, Andrew's moves) and the log lines it wrote. ``actions`` is how many of
    the game's actions had been applied when it was taken (a seat's own action is the last of them)."""
    seat: int | None
    player: str
    round: int
    phase: str
    decision: str | None
    prompt: str | None
    action: str | None
    automatic: bool
    lines: tuple[str, ...]
    actions: int

    @property
    def by_andrew(self) -> bool:
        return self.seat is None


class Described(Protocol):
    """A decision as a description (``prompts.Prompt``): put in words when a move is read."""

    def text(self) -> str: ...


class MoveRecorder:
    """Collects the moves of one game (attach it as ``state.recorder``). ``describe`` gives the decision
    a seat answers by its own action as a description (the engine passes the prompts' ``prompt_of``).

    While the game is played it only notes where each step begins (a tuple: who, when, the decision's
    description, the action, where its log lines begin) and where each of Andrew's moves ends (the
    log's length then); the :class:`Move` objects, their lines and the decision's words are made when
    :attr:`moves` is read. A seat's step ends where the next one begins; the last one, where the log
    ends when the moves are read (between two actions: the steps an action set going are all taken).
    The loop marks the steps itself (``state.recorder``, None in other states), one call each."""

    def __init__(self, describe: Callable[[State, DecisionKind], Described], moves: tuple[Move, ...] = (),
                 actions: int = 0):
        self._describe = describe
        self._moves: list[Move] = list(moves)  # the moves made so far from the marks below
        self._marks: list[tuple | int] = []   # step begins (tuples) and ends of Andrew's moves (log lengths)
        self._read = 0                        # marks made into moves
        self._log: list = []                  # the game's log
        self.actions = actions                # the game's actions applied so far

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves taken so far (read between actions)."""
        done = len(self._marks)
        if self._read < done:
            self._moves += _moves(self._marks[self._read:done], self._log, len(self._log))
            self._read = done
        return tuple(self._moves)

    def copy(self) -> MoveRecorder:
        return MoveRecorder(self._describe, self.moves, self.actions)

    def begin(self, state: State, seat: int, kind: DecisionKind, action: object) -> None:
        """A seat's own action begins a step (the steps before it end). ``action``: the action."""
        self.actions += 1
        f = state.flow
        self._log = log = state.log
        self._marks.append((seat, state.players[seat].name, f.round, f.phase, kind, self._describe(state, kind),
                            action, False, self.actions, len(log)))

    def forced(self, state: State, seat: int, kind: DecisionKind) -> None:
        """A step the loop takes for a seat (a lone ``done``) begins."""
        f = state.flow
        self._marks.append((seat, state.players[seat].name, f.round, f.phase, kind, None, "done", True,
                            self.actions, len(state.log)))

    def andrew(self, state: State) -> None:
        """One of Andrew Carnegie's moves begins, inside the step being recorded."""
        f = state.flow
        self._log = log = state.log
        self._marks.append((None, ANDREW_NAME, f.round, f.phase, None, None, None, True, self.actions, len(log)))

    def andrew_done(self, state: State) -> None:
        """Andrew's move ends: the step around it goes on."""
        self._marks.append(len(state.log))


def _moves(marks: list, log: list, end: int) -> list[Move]:
    """The moves of the marks of finished steps (``end``: the log's length when the last one ended)."""
    steps: list[tuple[tuple, list[int]]] = []     # (begin mark, log positions: begin, pause, resume, ..., end)
    open_: list[list[int]] = []
    for mark in marks:
        if type(mark) is int:                    # Andrew's move ends; the step around it resumes
            open_.pop().append(mark)
            if open_:
                open_[-1].append(mark)
            continue
        at = mark[-1]
        if mark[0] is not None:                 # a seat's step: every step before it ends
            for spans in open_:
                spans.append(at)
            open_.clear()
        elif open_:                              # Andrew's move: the step around it pauses
            open_[-1].append(at)
        spans = [at]
        open_.append(spans)
        steps.append((mark, spans))
    for spans in open_:
        spans.append(end)
    return [_move(mark, tuple([read_line(entry) for start, stop in zip(spans[::2], spans[1::2])
                               for entry in log[start:stop]]))
            for mark, spans in steps]


def _move(mark: tuple, lines: tuple[str, ...]) -> Move:
    """A step as a :class:`Move`, its decision in words."""
    seat, player, round_, phase, kind, prompt, action, automatic, actions, _ = mark
    return Move(seat, player, round_, phase.value, None if kind is None else kind.value,
                None if prompt is None else prompt.text(), None if action is None else str(action), automatic,
                lines, actions)


@contextmanager
def andrew_step(state: State) -> Iterator[None]:
    """One of Andrew Carnegie's moves (his draw, his turn, his card's end of round), recorded inside
    the step that set it off."""
    recorder = state.recorder
    if recorder is None:
        yield
        return
    recorder.andrew(state)
    try:
        yield
    finally:
        recorder.andrew_done(state)


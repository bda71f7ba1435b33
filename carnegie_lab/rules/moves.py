"""The history of a game's moves as they happen: one :class:`Move` per step, whoever took it.

A step is an action applied by a seat, a forced step the loop takes for a seat (a lone ``done``),
or one of Andrew Carnegie's moves (his draw, his turn, his card's end of round). The loop marks where
each step begins (:func:`begin`, :func:`andrew_step`); the log lines written from there on belong to
that step, until the next one begins. Andrew's moves come inside a seat's step (the ``done`` that
ends a turn ends the round too): the lines written after his move go back to that seat's step.

Nothing is recorded unless a :class:`MoveRecorder` is attached to the state (``state.recorder``):
the engine's games have one, the light copies of bots and search none.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, NamedTuple

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


class MoveRecorder:
    """Collects the moves of one game (attach it as ``state.recorder``). ``describe`` gives the text
    of the decision a seat answers by its own action (the engine passes the prompts' words)."""

    def __init__(self, describe: Callable[[State], str], moves: tuple[Move, ...] = (), actions: int = 0):
        self._describe = describe
        self._slots: list[Move | None] = list(moves)     # in the order the steps began
        self._stack: list[list] = []           # steps being recorded: [slot, fields, log spans]
        self.actions = actions                 # the game's actions applied so far

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves finished so far (the one being made is not among them)."""
        return tuple(m for m in self._slots if m is not None)

    def copy(self) -> MoveRecorder:
        return MoveRecorder(self._describe, self.moves, self.actions)

    def begin(self, state: State, seat: int, kind: DecisionKind, action: str, automatic: bool) -> None:
        """A seat's step begins: the step before it ends."""
        self.finish(state)
        if not automatic:
            self.actions += 1
        self.open(state, (seat, state.players[seat].name, kind.value,
                          None if automatic else self._describe(state), action, automatic))

    def finish(self, state: State) -> None:
        """The steps being recorded end (before the next one begins, or when a decision is due)."""
        while self._stack:
            self.close(state)

    def open(self, state: State, who: tuple) -> None:
        """A step begins (inside the one being recorded, if any: that one pauses). ``who``: its seat,
        player, decision, prompt, action and whether the engine takes it by itself."""
        at = len(state.log)
        if self._stack:
            self._stack[-1][2].append(at)
        self._stack.append([len(self._slots), (state.flow.round, state.flow.phase.value, who), [at]])
        self._slots.append(None)

    def close(self, state: State) -> None:
        """The innermost step ends (the step around it, if any, goes on)."""
        slot, (round_, phase, who), spans = self._stack.pop()
        at = len(state.log)
        spans.append(at)
        log = state.log
        if len(spans) == 2:                   # written in one stretch (most steps)
            lines = tuple([line[1] for line in log[spans[0]:at]])
        else:
            lines = tuple([line[1] for start, end in zip(spans[::2], spans[1::2]) for line in log[start:end]])
        seat, player, decision, prompt, action, automatic = who
        self._slots[slot] = Move(seat, player, round_, phase, decision, prompt, action, automatic, lines, self.actions)
        if self._stack:
            self._stack[-1][2].append(at)


@contextmanager
def andrew_step(state: State) -> Iterator[None]:
    """One of Andrew Carnegie's moves (his draw, his turn, his card's end of round), recorded inside
    the step that set it off."""
    recorder = state.recorder
    if recorder is None:
        yield
        return
    recorder.open(state, (None, ANDREW_NAME, None, None, None, True))
    try:
        yield
    finally:
        recorder.close(state)


def begin(state: State, seat: int, kind: DecisionKind, action: str, automatic: bool = False) -> None:
    """Mark the start of a seat's step (the loop calls it before each action and forced step)."""
    if state.recorder is not None:
        state.recorder.begin(state, seat, kind, action, automatic)


def finish(state: State) -> None:
    """Mark the end of the steps an action set going (a real decision is due)."""
    if state.recorder is not None:
        state.recorder.finish(state)

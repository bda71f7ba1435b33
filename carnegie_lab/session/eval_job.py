"""The replay's evaluation bar, computed in the background (no widget: ``app/eval_bar.py`` draws it,
``bar_screen.py`` says what it shows).

:class:`EvalJob` values the moments of a replay with :func:`~carnegie_lab.analysis.evaluate` at a small budget
(:data:`PLAYOUTS` playouts of every choice, :data:`~carnegie_lab.analysis.evaluate.AUTO_ROUNDS` rounds on and the
rest estimated, as a hint does when its time is short; a fixed count: the same numbers every time). It runs in a
process of its own, as the review does (``background.py``): the kernel sends it a moment's position and a thread of the
kernel reads the answer, so no click waits for it. The process holds a slot of the server's (``work.JobSlots``, the
cap on the pages' background work) while it values a moment; it values the moments asked one after another, rests
without a slot while none is asked (another page's review may take it; the next moment asked takes one again), and
ends once none was asked for :data:`LINGER` seconds, or when its page has gone (``present``).
Only the moment asked last waits its turn: one asked before it and not started yet is dropped (the player moved
on). The analysis sees what the table sees (Andrew's hidden cards redrawn in every playout, as for a hint).

The values belong to the page (``page_work.PageWork.evals``), at most :data:`KEPT` and as many problems (why a
moment has none), keyed by the moment's position (:func:`moment_key`: the stored game's id, its players and options,
the actions up to the moment)::

    job = EvalJob()
    job.follow(lambda key: print(job.value(key)))      # told from the job's thread
    job.ask(replay, replay.moments[5])                 # returns at once
"""
from __future__ import annotations

from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Callable, Hashable

from ..analysis.evaluate import AUTO_ROUNDS, evaluate
from ..core.i18n import N_, message_of
from ..engine import Game
from .access import NotAllowed
from .background import BackgroundJob
from .replay import Moment, Replay
from .work import JobSlots, keep_latest

#: playouts of every choice of a moment's decision (two rounds on: about a second of one core early in a game)
PLAYOUTS = 3
#: values a page keeps, and problems (the oldest go first)
KEPT = 512
#: seconds the process waits for the next moment before it ends
LINGER = 20.0
#: why the moments of a game still being played get no value (as a review, the bar is for finished games: a value
#: of a live game's position would be a hint that its creator may have turned off, for any page that replays it)
LIVE = N_("the bar values the moments of a finished game, as a review does: this game is still being played")
#: the process's name (``multiprocessing.active_children``)
NAME = "carnegie-lab evaluation"

Key = Hashable


@dataclass(frozen=True)
class Standing:
    """What ``evaluate`` says of a position for the ``seat`` deciding there, with its best choice: the expected final
    margin (VP) with its 95% interval, the chance to win with its 95% (Wilson) interval, from ``playouts`` playouts
    of each choice stopped at the start of round ``horizon`` (the rest estimated; None: played to the end)."""
    seat: int
    margin: float
    margin_low: float
    margin_high: float
    win: float
    win_low: float
    win_high: float
    playouts: int
    horizon: int | None


def standing(game: Game, playouts: int = PLAYOUTS) -> Standing:
    """The position's :class:`Standing` (its decision's best choice after ``playouts`` playouts of each)."""
    best = evaluate(game, playouts=playouts, rounds=AUTO_ROUNDS)[0]
    seat = game.current_player
    assert seat is not None, "a seat decides in every position with a decision"
    return Standing(seat, best.margin, best.margin_low, best.margin_high, best.win_rate, best.win_low, best.win_high,
                    best.playouts, best.horizon)


def moment_key(replay: Replay, moment: Moment) -> Key:
    """Which position a moment shows: the stored game (its id; "" if not stored), its players and options, and the
    actions up to the moment (moments of the same position share it: Andrew's moves after an action)."""
    game = replay.final
    return (replay.game_id, tuple(game.players), repr(sorted(game.options.items())),
            tuple(game.actions[:moment.actions]))


def over(replay: Replay, moment: Moment) -> bool:
    """The moment is the end of a finished game (nothing to decide: nothing to value)."""
    return moment.actions == replay.actions and replay.final.is_over


def _serve(playouts: int, conn: Connection) -> None:
    """The job's process: a position's record in, its Standing (or why not, a Message) out, until the kernel closes
    the pipe."""
    try:
        while True:
            try:
                record = conn.recv()
            except EOFError:
                return
            try:
                conn.send(standing(Game.from_record(record), playouts))
            except Exception as e:  # noqa: BLE001 -- the page is told why, in words
                conn.send(message_of(e))
    finally:
        conn.close()


class EvalJob(BackgroundJob):
    """A page's evaluation bar's values and the process that computes them (see the module): ``value(key)``, the
    :class:`Standing` kept for a moment; ``why(key)``, why it has none (a refusal or a failure); ``pending(key)``,
    it is being computed or is next. ``slots``: the server's cap on background processes (none by default);
    ``present``: whether the page is still there (looked at every ``LOOK`` seconds while the process runs). Both
    ``values`` and ``problems`` keep the latest ``kept``."""

    def __init__(self, slots: JobSlots | None = None, present: Callable[[], bool] = lambda: True,
                 playouts: int = PLAYOUTS, linger: float = LINGER, kept: int = KEPT):
        super().__init__(slots, present)
        self.playouts, self.linger, self.kept = playouts, linger, kept
        self.values: dict[Key, Standing] = {}
        self.problems: dict[Key, Any] = {}      # why a moment has no value: a NotAllowed, or a failure's Message
        self.on_value: Callable[[Key], None] | None = None
        self._next: tuple[Key, dict] | None = None      # the moment to value next, and its position's record
        self._busy: Key | None = None                   # the moment the process values now

    @property
    def running(self) -> bool:
        """The process runs (valuing a moment, or waiting for the next)."""
        return self._proc is not None

    def follow(self, on_value: Callable[[Key], None] | None) -> None:
        """Tell ``on_value(key)`` (instead of the earlier callback) of each value, or problem, that comes."""
        self.on_value = on_value

    def value(self, key: Key) -> Standing | None:
        return self.values.get(key)

    def why(self, key: Key) -> Any:
        """Why this moment has no value (a NotAllowed or a Message; None: nothing went wrong)."""
        return self.problems.get(key)

    def pending(self, key: Key) -> bool:
        """The moment is being valued, or is next."""
        return key == self._busy or (self._next is not None and self._next[0] == key)

    def ask(self, replay: Replay, moment: Moment) -> None:
        """Value this moment of a finished game in the background, unless it is valued, pending or the end of the
        game; it comes next (instead of a moment asked before it, not started yet). Returns at once; a refusal (a
        game still being played, :data:`LIVE`; the server's slots taken) is kept as the moment's problem."""
        key = moment_key(replay, moment)
        with self._lock:
            if key in self.values or self.pending(key) or over(replay, moment):
                return
            if not replay.final.is_over:            # a value of a game in play is a hint, whoever asks
                keep_latest(self.problems, key, NotAllowed(LIVE), self.kept)
                return
            self.problems.pop(key, None)
            self._next = (key, replay.game_at(moment.actions).to_record())
            try:
                if self._proc is None:
                    self._launch(self.slots.take(None), NAME, _serve, self.playouts)
                elif self._busy is None:                # it rests without a slot: it takes one to work again
                    self._slot.hold(self.slots.take(None))
            except NotAllowed as e:
                self._next = None
                keep_latest(self.problems, key, e, self.kept)
                return
            except BaseException:
                self._next = None
                raise
            if self._busy is None:
                self._send()

    def _send(self) -> None:
        assert self._next is not None and self._conn is not None
        (self._busy, record), self._next = self._next, None
        try:
            self._conn.send(record)
        except OSError:                         # the process died: its watcher reads the end and says so
            pass

    def _heard(self, message: Any) -> bool:
        with self._lock:
            key, self._busy = self._busy, None
            keep_latest(self.values if isinstance(message, Standing) else self.problems, key, message, self.kept)
            if self._next is not None:
                self._send()
            else:                                       # nothing asked: it rests, its slot given back
                self._slot.release()
        self._told(key)
        return False

    def _idle(self, quiet: float) -> bool:
        """Nothing asked for ``linger`` seconds: the process ends."""
        return self._busy is None and self._next is None and quiet >= self.linger

    def _lost(self) -> Callable[[], None] | None:
        """The moment being valued has a problem; the next is dropped."""
        key, self._busy, self._next = self._busy, None, None
        if key is None:
            return None
        keep_latest(self.problems, key, N_("The evaluation stopped unexpectedly"), self.kept)
        return lambda: self._told(key)

    def _told(self, key: Key) -> None:
        if self.on_value is not None:
            self.on_value(key)


__all__ = ["EvalJob", "KEPT", "Key", "LINGER", "NAME", "PLAYOUTS", "Standing", "moment_key", "over", "standing"]

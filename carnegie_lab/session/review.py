"""A game review run in the background for a session (no widget: ``app/review_panel.py`` shows it).

:class:`ReviewJob` runs :func:`~carnegie_lab.analysis.review` in a process of its own, so that the
kernel (its moves, and the other browsers' moves of a shared game) never waits for it, and a thread
of the kernel reads its progress (``background.py``). The kernel checks what a page may ask, whatever its role: a review
only of a finished game or a stored one, one at a time per session, at most ``max_playouts``
playouts a decision (the session's :attr:`~.access.Limits.review_playouts`)::

    job = ReviewJob(max_playouts=8)
    job.start(game, stored=False, playouts=1, on_progress=print, on_done=lambda job: print(job.result))
    job.cancel()                       # stops the process; on_done is called with phase CANCELLED

A job belongs to its page (``page_work.PageWork``), not to the panel that shows it: a panel made again (the page's
language changed) ``follow``s the running job, and a second request for the same game joins it. A job takes a
slot of the server's (``work.JobSlots``: its cap on background processes, one review per stored game) for as
long as its process runs; the process ends when its kernel does (it watches its parent), and the job is
cancelled when its page has gone (``present``).

A review of a stored game is kept with it when it ends (:class:`Shelf`, the ``keep=`` of ``start``), under
``REVIEW_KEY`` of the app's part of the game (``GameStore.set_app_data``: the game's revision stays, so no
other page reloads it), if the page holds the game's owner key or a seat link of it (as for any change of a
stored game, session/access.py) and the stored game is still the one reviewed. ``Shelf.read`` gives it back.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Callable, Sequence

from ..analysis.review import Review, review
from ..core.errors import CarnegieError
from ..core.i18n import N_, message_of
from ..engine import Game
from ..store import GameStore
from .access import KEEP_REVIEW, Limits, NotAllowed, asking, may
from .background import BackgroundJob
from .work import JobSlots

#: the budgets a page chooses from, playouts a decision (those up to the session's cap)
BUDGETS = (1, 8, 32)
IDLE, RUNNING, DONE, FAILED, CANCELLED = "idle", "running", "done", "failed", "cancelled"
#: where a stored game's review is kept in the app's part of it: ``{"actions": N, "review": Review.to_dict()}``
REVIEW_KEY = "review"


@dataclass(frozen=True)
class Shelf:
    """Where the review of a stored game is kept: the store, the game's id, and this page's keys to it
    (its browser's owner key, its seat link's token)."""
    store: GameStore
    game_id: str
    owner_key: str | None = None
    token: str | None = None

    def may_keep(self) -> bool:
        """The page may keep a review with the stored game (its owner or a seat of it, asked of the store now)."""
        return may(asking(self.store, self.game_id, self.owner_key, self.token), KEEP_REVIEW)

    def revision(self) -> int:
        return self.store.info(self.game_id).revision

    def keep(self, rev: Review, game: Game, revision: int) -> None:
        """Keep ``rev``, the review of ``game``, with the stored game if it is still that game (the
        ``revision`` seen when the review started): NotAllowed for a page that may not change it, the
        store's StoreConflict if it changed, GameNotFound if it was deleted."""
        if not self.may_keep():
            raise NotAllowed(N_("A review is kept with a stored game by its owner or its players"))
        self.store.set_app_data(self.game_id, REVIEW_KEY, {"actions": len(game.actions), "review": rev.to_dict()},
                                expected_count=len(game.actions), revision=revision)

    def read(self, game: Game) -> Review | None:
        """The review kept with the stored game if it is a review of ``game`` (as many actions, the same
        players), else None; None too if the game is gone or the review unreadable."""
        try:
            kept = (self.store.info(self.game_id).app or {}).get(REVIEW_KEY)
            if not isinstance(kept, dict) or kept.get("actions") != len(game.actions):
                return None
            rev = Review.from_dict(kept.get("review"))
        except CarnegieError:
            return None
        return rev if rev.players == tuple(game.players) else None


def _work(record: dict, seats: list[int] | None, playouts: int, seed: int, conn: Connection) -> None:
    """The review process: progress, then the review's data (or why not), sent to the kernel."""
    try:
        rev = review(record, seats, playouts=playouts, seed=seed,
                     on_progress=lambda done, total: conn.send(("progress", done, total)))
        conn.send(("done", rev.to_dict()))
    except Exception as e:  # noqa: BLE001 -- the page is told why, in words
        conn.send(("failed", message_of(e)))          # a Message keeps its id and fields through the pipe
    finally:
        conn.close()


class ReviewJob(BackgroundJob):
    """One page's background review (see the module): its ``phase``, progress (``done`` of
    ``total`` decisions), and its ``result`` (a Review) or ``error``; ``kept``: the result is kept with
    its stored game (see :class:`Shelf`). ``slots``: the server's cap on jobs (none by default);
    ``present``: whether the page is still there (checked every ``LOOK`` seconds while the review runs)."""

    def __init__(self, max_playouts: int = Limits().review_playouts, slots: JobSlots | None = None,
                 present: Callable[[], bool] = lambda: True):
        super().__init__(slots, present)
        self.max_playouts = max_playouts
        self.phase = IDLE
        self.done = self.total = 0
        self.result: Review | None = None
        self.error = ""
        self.kept = False
        self.game: Game | None = None           # the game reviewed (or being reviewed)
        self.started = 0.0                      # when (time.perf_counter)
        self.on_progress: Callable[[int, int], None] | None = None
        self.on_done: Callable[[ReviewJob], None] | None = None
        self._shelf: tuple[Shelf, int] | None = None    # where the review is kept, and the game's revision then

    @property
    def running(self) -> bool:
        return self.phase == RUNNING

    @property
    def budgets(self) -> tuple[int, ...]:
        """The budgets this session allows (playouts a decision)."""
        return tuple(b for b in BUDGETS if b <= self.max_playouts) or (self.max_playouts,)

    def check(self, game: Game, stored: bool, playouts: int) -> None:
        """NotAllowed, with the reason, unless this session may review ``game`` now at this budget."""
        if self.running:
            raise NotAllowed(N_("A review is already running on this page: wait for it, or cancel it"))
        if not (game.is_over or stored):
            raise NotAllowed(N_("A review is for a finished game, or a stored one"))
        if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= self.max_playouts:
            raise NotAllowed(N_("A review here takes 1 to {n} playouts a decision, not {playouts}", n=self.max_playouts,
                                playouts=repr(playouts)))

    def follow(self, on_progress: Callable[[int, int], None] | None,
               on_done: Callable[[ReviewJob], None] | None) -> None:
        """Tell these callbacks (instead of the earlier ones) of the job's progress and end."""
        self.on_progress, self.on_done = on_progress, on_done

    def start(self, game: Game, *, stored: bool, playouts: int, seats: Sequence[int] | None = None, seed: int = 0,
              on_progress: Callable[[int, int], None] | None = None,
              on_done: Callable[[ReviewJob], None] | None = None, keep: Shelf | None = None) -> bool:
        """Review ``game`` (``stored``: it is in the store) for ``seats`` (default: all) in the
        background; ``on_progress(done, total)`` after each decision and ``on_done(job)`` at the end
        are called from the job's thread. A request for the game under review joins it (its callbacks, if
        any, follow it instead of the earlier ones; False). NotAllowed if :meth:`check` says no, or the
        server's slots (its cap on jobs, one review per stored game). With ``keep``, the finished review is
        kept with the stored game (if this page may, and the game is unchanged). True if a review started."""
        with self._lock:
            if self.running and self.game is not None and self.game.actions == game.actions:
                if on_progress is not None or on_done is not None:
                    self.follow(on_progress, on_done)
                return False
            self.check(game, stored, playouts)
            slot = self.slots.take(None if keep is None else keep.game_id)
            try:
                self._shelf = None if keep is None else (keep, keep.revision())
            except CarnegieError:               # the stored game is gone: the review is not kept
                self._shelf = None
            self.phase, self.done, self.total, self.result, self.error, self.kept = RUNNING, 0, 0, None, "", False
            self.game, self.started = game.copy(), time.perf_counter()
            self.follow(on_progress, on_done)
            try:
                self._launch(slot, "carnegie-lab review", _work, game.to_record(),
                             None if seats is None else list(seats), playouts, seed)
            except BaseException:
                self.phase = FAILED
                raise
            return True

    def _heard(self, message: Any) -> bool:
        kind, *data = message
        if kind == "progress":
            self.done, self.total = data
            if self.on_progress is not None:
                self.on_progress(*data)
            return False
        if self.phase == RUNNING:
            if kind == "done":
                result = Review.from_dict(data[0])
                self.kept = self._shelf is not None and self._keep(result, *self._shelf)
                self.result, self.phase = result, DONE
            else:
                self.error, self.phase = data[0], FAILED
        return True

    def _lost(self) -> None:
        if self.phase == RUNNING:
            self.phase, self.error = FAILED, N_("The review stopped unexpectedly")

    def _over(self) -> None:
        if self.on_done is not None:
            self.on_done(self)

    def _keep(self, result: Review, shelf: Shelf, revision: int) -> bool:
        """Keep the review with its stored game; False if not (not this page's to change, or no longer
        the game reviewed)."""
        assert self.game is not None
        try:
            shelf.keep(result, self.game, revision)
        except CarnegieError:
            return False
        return True

    def cancel(self) -> None:
        """Stop the review now (nothing if none runs); ``on_done`` then finds it CANCELLED."""
        with self._lock:
            if self.phase == RUNNING:
                self.phase = CANCELLED
        super().cancel()


__all__ = ["BUDGETS", "CANCELLED", "DONE", "FAILED", "IDLE", "REVIEW_KEY", "RUNNING", "ReviewJob", "Shelf"]

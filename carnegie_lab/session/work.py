"""A page's background work, and the server's caps on it (docs/security.md, "Bounded work"). No widget here.

- :class:`JobSlots`: the server's background processes (game reviews), across all its kernels: at most
  ``most`` at once, and one review per stored game. A job holds an exclusive ``flock`` on a file of the
  server's jobs folder while it runs (``carnegie-lab app`` makes the folder and names it in ``JOBS_ENV``): a
  kernel that dies, however it dies, lets its locks go.
- :class:`StartBrake`: games a visitor (the address the server saw, in ``VISITOR_ENV``) may store per hour,
  across all its pages (a small SQLite file of the jobs folder; the visitor is kept only as a hash).
- :class:`PageWork`: what one page runs, whatever its panels (made again when its language changes): its one
  review job, the hints it thought about (by decision), and whether the page is still there (its clock's
  ticks): a review whose page has gone is cancelled.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable

from ..core.i18n import N_
from .access import Limits, NotAllowed

#: The environment variables ``carnegie-lab app`` gives its kernels: the jobs folder, the cap on background
#: processes, the games a visitor may start per hour; and the header (an environment variable in the kernel,
#: as Voilà passes request headers on) in which the server names the page's visitor.
JOBS_ENV, MAX_JOBS_ENV, GAMES_PER_HOUR_ENV = "CARNEGIE_LAB_JOBS_DIR", "CARNEGIE_LAB_MAX_JOBS", \
    "CARNEGIE_LAB_GAMES_PER_HOUR"
VISITOR_HEADER = "X-Carnegie-Visitor"
VISITOR_ENV = "HTTP_" + VISITOR_HEADER.upper().replace("-", "_")
#: Seconds without a tick of the page's clock, while the kernel is not busy, after which the page is gone.
GONE_AFTER = 60.0
#: Decisions whose hints a page keeps (the latest).
HINTS_KEPT = 16


def default_max_jobs(cores: int | None = None) -> int:
    """The server's background processes at most, by default: half the machine's cores (at least one), the
    other half for the kernels' own work."""
    return max(1, (cores if cores is not None else os.cpu_count() or 1) // 2)


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Slot:
    """The locks a running job holds (none without a jobs folder); ``release`` lets them go."""

    def __init__(self, fds: list[int]):
        self.fds = fds

    def release(self) -> None:
        while self.fds:
            os.close(self.fds.pop())       # closing the file lets its flock go


class JobSlots:
    """The server's cap on background jobs (see the module); ``folder`` None: no cap (a notebook)."""

    def __init__(self, folder: str | os.PathLike[str] | None, most: int):
        self.folder, self.most = (Path(folder) if folder else None), most

    @classmethod
    def of_server(cls, env=os.environ) -> JobSlots:
        return cls(env.get(JOBS_ENV) or None, int(env.get(MAX_JOBS_ENV) or default_max_jobs()))

    def _lock(self, name: str) -> int | None:
        import fcntl  # a server's (POSIX) only: the session imports this module everywhere
        assert self.folder is not None
        fd = os.open(self.folder / name, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        return fd

    def take(self, game_id: str | None) -> Slot:
        """A slot for one more job (``game_id``: the stored game it reviews, which no other job may review
        meanwhile); NotAllowed, with the reason, if the server runs its most or that game is reviewed."""
        if self.folder is None:
            return Slot([])
        held: list[int] = []
        if game_id is not None:
            fd = self._lock(f"game-{_key(game_id)}")
            if fd is None:
                raise NotAllowed(N_("This game is being reviewed in another page: try again once that review "
                                    "has ended"))
            held.append(fd)
        for i in range(self.most):
            fd = self._lock(f"slot-{i}")
            if fd is not None:
                return Slot([*held, fd])
        Slot(held).release()
        raise NotAllowed(N_("Every review slot of the server is taken ({n} at once): try again in a few minutes",
                            n=self.most))


class StartBrake:
    """New stored games per visitor: at most ``per_hour`` in any hour (``folder`` or ``per_hour`` None: no
    brake; a page without a visitor is not braked)."""

    def __init__(self, folder: str | os.PathLike[str] | None, per_hour: int | None,
                 clock: Callable[[], float] = time.time):
        self.path = Path(folder) / "starts.sqlite" if folder and per_hour else None
        self.per_hour, self.clock = per_hour, clock

    @classmethod
    def of_server(cls, env=os.environ) -> StartBrake:
        per_hour = env.get(GAMES_PER_HOUR_ENV)
        return cls(env.get(JOBS_ENV) or None, int(per_hour) if per_hour else None)

    def check(self, visitor: str | None, record: bool = False) -> None:
        """NotAllowed if this visitor stored ``per_hour`` games in the last hour; ``record``: one more now."""
        if self.path is None or not visitor:
            return
        now, who = self.clock(), _key(visitor)
        with sqlite3.connect(self.path, timeout=10, isolation_level=None) as db:
            db.execute("CREATE TABLE IF NOT EXISTS starts (visitor TEXT, at REAL)")
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM starts WHERE at < ?", (now - 3600,))
            count = db.execute("SELECT count(*) FROM starts WHERE visitor = ?", (who,)).fetchone()[0]
            if count >= (self.per_hour or 0):
                db.execute("COMMIT")
                raise NotAllowed(N_("this browser's address reached the server's limit of new games in an hour "
                                    "({n}): try again later (the games are kept)", n=count))
            if record:
                db.execute("INSERT INTO starts VALUES (?, ?)", (who, now))
            db.execute("COMMIT")


def visitor(env=os.environ) -> str | None:
    """Who the server says this page's visitor is (None outside the app's server)."""
    return env.get(VISITOR_ENV) or None


class PageWork:
    """A page's background work (see the module): ``review``, its one review job, made here and kept when the
    page's panels are made again; ``hints``: the analysis of the decisions it gave hints for; the page's
    clock (``tick``) and what it runs on its main thread (``busy``) tell whether the page is still there."""

    def __init__(self, limits: Limits, has_clock: Callable[[], bool], clock: Callable[[], float] = time.monotonic):
        """``has_clock()``: the page's clock runs now (its ticks tell that the page is there)."""
        from .review import ReviewJob  # the review imports the analysis
        self.clock, self.has_clock = clock, has_clock
        self.last_seen = clock()
        self._busy = 0
        self.review = ReviewJob(limits.review_playouts, slots=JobSlots.of_server(), present=self.present)
        self.hints: dict[Any, Any] = {}

    def tick(self) -> None:
        """The page's clock ticked: the page is there."""
        self.last_seen = self.clock()

    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a callback of the page's (its kernel busy meanwhile: the page's ticks wait, it is not gone)."""
        self._busy += 1
        try:
            return fn(*args, **kwargs)
        finally:
            self._busy -= 1
            self.last_seen = self.clock()

    def present(self) -> bool:
        """The page is still there, as far as it can tell: its clock does not run (a notebook; a game not kept), its
        kernel is busy, or it ticked lately."""
        return not self.has_clock() or self._busy > 0 or self.clock() - self.last_seen < GONE_AFTER

    def hint(self, key: Any, think: Callable[[], Any]) -> Any:
        """The analysis of decision ``key``: thought about once (``think``), then kept (the latest few)."""
        if key not in self.hints:
            self.hints[key] = think()
            while len(self.hints) > HINTS_KEPT:
                del self.hints[next(iter(self.hints))]
        return self.hints[key]

    def close(self) -> None:
        """The page is closed: its review stops."""
        self.review.cancel()


__all__ = ["GAMES_PER_HOUR_ENV", "GONE_AFTER", "JOBS_ENV", "JobSlots", "MAX_JOBS_ENV", "PageWork", "Slot",
           "StartBrake", "VISITOR_ENV", "VISITOR_HEADER", "default_max_jobs", "visitor"]

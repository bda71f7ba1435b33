"""The server's caps on the pages' background work (docs/security.md, "Bounded work"). No widget here.

- :class:`JobSlots`: the server's background processes (game reviews, replays' evaluation bars), across all its
  kernels: at most ``most`` at work at once (a bar's process resting between steps holds none), and one review per
  stored game. A job holds an exclusive ``flock`` on a file of the server's jobs folder while it works
  (``carnegie-lab app`` makes the folder and names it in ``JOBS_ENV``): a kernel that dies, however it dies, lets
  its locks go.
- :class:`StartBrake`: games a visitor (the address the server saw, in ``VISITOR_ENV``) may store per hour,
  across all its pages (a small SQLite file of the jobs folder; the visitor is kept only as a hash).
- :func:`keep_latest`: what a page keeps of its work's results (hints, the evaluation bar's values): the latest few.
(What one page runs, its review and its hints, is ``page_work.PageWork``.)
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable, Hashable

from ..core.i18n import N_
from ..jobs import GAMES_PER_HOUR_ENV, JOBS_ENV, MAX_JOBS_ENV, default_max_jobs
from .access import NotAllowed

#: The header (an environment variable in the kernel, as Voilà passes request headers on) in which the server
#: names the page's visitor; the other settings ``carnegie-lab app`` gives its kernels are ``jobs``'s.
VISITOR_HEADER = "X-Carnegie-Visitor"
VISITOR_ENV = "HTTP_" + VISITOR_HEADER.upper().replace("-", "_")


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Slot:
    """The locks a running job holds (none without a jobs folder); ``release`` lets them go, ``hold`` takes another
    slot's instead (a process that rested without a slot and works again)."""

    def __init__(self, fds: list[int]):
        self.fds = fds

    def release(self) -> None:
        while self.fds:
            os.close(self.fds.pop())       # closing the file lets its flock go

    def hold(self, other: Slot) -> None:
        self.release()
        self.fds, other.fds = other.fds, []


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


def keep_latest(kept: dict[Hashable, Any], key: Hashable, item: Any, most: int) -> None:
    """Keep ``item`` under ``key`` as the newest of ``kept``, the oldest let go beyond ``most``."""
    kept.pop(key, None)
    kept[key] = item
    while len(kept) > most:
        del kept[next(iter(kept))]


def visitor(env=os.environ) -> str | None:
    """Who the server says this page's visitor is (None outside the app's server)."""
    return env.get(VISITOR_ENV) or None


__all__ = ["GAMES_PER_HOUR_ENV", "JOBS_ENV", "JobSlots", "MAX_JOBS_ENV", "Slot", "StartBrake", "VISITOR_ENV",
           "VISITOR_HEADER", "default_max_jobs", "keep_latest", "visitor"]

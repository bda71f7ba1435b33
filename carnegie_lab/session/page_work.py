"""What one page runs in the background, whatever its panels (made again when its language changes): its one review
job, its replay's evaluation bar (``eval_job.EvalJob``: its values and their process), the analyses of the decisions
it gave hints for, and whether the page is still there (its clock's ticks): a review or an evaluation whose page has
gone is cancelled. The server's caps on that work: ``work.py``. No widget here."""
from __future__ import annotations

import time
from typing import Any, Callable

from .access import Limits
from .eval_job import EvalJob
from .review import ReviewJob
from .work import JobSlots, keep_latest

#: Seconds without a tick of the page's clock, while the kernel is not busy, after which the page is gone.
GONE_AFTER = 60.0
#: Decisions whose hints a page keeps (the latest).
HINTS_KEPT = 16


class PageWork:
    """A page's background work (see the module): ``review``, its one review job, and ``evals``, its replay's
    evaluation bar, made here and kept when the page's panels are made again; ``hints``: the analysis of the
    decisions it gave hints for; the page's clock (``tick``) and what it runs on its main thread (``busy``) tell
    whether the page is still there."""

    def __init__(self, limits: Limits, has_clock: Callable[[], bool], clock: Callable[[], float] = time.monotonic):
        """``has_clock()``: the page's clock runs now (its ticks tell that the page is there)."""
        self.clock, self.has_clock = clock, has_clock
        self.last_seen = clock()
        self._busy = 0
        self.review = ReviewJob(limits.review_playouts, slots=JobSlots.of_server(), present=self.present)
        self.evals = EvalJob(slots=JobSlots.of_server(), present=self.present)
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
            keep_latest(self.hints, key, think(), HINTS_KEPT)
        return self.hints[key]

    def close(self) -> None:
        """The page is closed: its review and its evaluations stop."""
        self.review.cancel()
        self.evals.cancel()


__all__ = ["GONE_AFTER", "HINTS_KEPT", "PageWork"]

"""Independent pieces of work run in this process, a process pool or on a Dask cluster, the results
in the order of the work (so they do not depend on who ran them), with a progress callback; and a
plain-text progress bar for the command line.

The same scheme as ``carnegie_lab.bots.simulate`` (``jobs=``, ``scheduler=``, ``progress(done,
total)``, its Dask import), for any picklable function of one item.
"""
from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Sequence, TypeVar

from ..bots.simulate import _import_dask
from ..core.errors import CarnegieError

T = TypeVar("T")
R = TypeVar("R")
Progress = Callable[[int, int], None]          # (items done, items in all)


def run_jobs(work: Callable[[T], R], items: Sequence[T], jobs: int = 1, scheduler: str | None = None,
             progress: Progress | None = None) -> list[R]:
    """``[work(item) for item in items]``: here (``jobs=1``), in ``jobs`` processes, or on the Dask
    scheduler at ``scheduler`` (an address such as ``tcp://127.0.0.1:8786``; ``jobs`` is then
    ignored). ``work`` must be picklable for the last two (a module-level function or a
    ``functools.partial`` of one). ``progress(done, total)`` is called after every item."""
    if jobs < 1:
        raise CarnegieError(f"jobs must be at least 1, not {jobs}")
    total = len(items)
    results: dict[int, R] = {}

    def done(k: int, result: R) -> None:
        results[k] = result
        if progress is not None:
            progress(len(results), total)
    if scheduler is not None:
        Client, dask_completed = _import_dask()   # simulate's: MissingExtraError without Dask
        with Client(scheduler) as client:
            futures = client.map(work, list(items), pure=False)
            index = {f.key: k for k, f in enumerate(futures)}
            for future in dask_completed(futures):
                done(index[future.key], future.result())
    elif jobs > 1 and total > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, total)) as pool:
            pending = {pool.submit(work, item): k for k, item in enumerate(items)}
            for future in as_completed(pending):
                done(pending[future], future.result())
    else:
        for k, item in enumerate(items):
            done(k, work(item))
    return [results[k] for k in range(total)]


class ProgressBar:
    """A plain-text progress bar on a stream (default stderr), as a ``progress(done, total)``
    callback, with the time spent and the time left at that pace: redrawn in place on a terminal,
    otherwise a line at every tenth of the work."""

    def __init__(self, label: str, unit: str, stream=None, width: int = 30):
        self.label, self.unit, self.width = label, unit, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        elapsed = time.perf_counter() - self.start
        filled = int(self.width * done / total)
        left = f", about {elapsed * (total - done) / done:.0f} s left" if 0 < done < total else ""
        text = (f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} {self.unit}"
                f"  {elapsed:.0f} s{left}")
        if self.tty:
            self.stream.write("\r" + text + ("\n" if done == total else ""))
        else:
            tenth = (10 * done) // total
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()

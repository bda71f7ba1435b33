"""Independent pieces of work run in this process, a process pool or on a Dask cluster, the results
in the order of the work (so they do not depend on who ran them), with a progress callback.
``bots.simulate`` (games) and ``analysis.review`` (decisions) both run on it; the command line shows its
progress (``cli.progress``).
"""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from typing import Callable, Sequence, TypeVar

from .core.errors import CarnegieError, needs_extra

#: The environment variables ``carnegie-lab app`` gives its kernels (read by ``session.work``): the jobs folder,
#: the cap on background processes, the games a visitor may start per hour.
JOBS_ENV, MAX_JOBS_ENV, GAMES_PER_HOUR_ENV = "CARNEGIE_LAB_JOBS_DIR", "CARNEGIE_LAB_MAX_JOBS", \
    "CARNEGIE_LAB_GAMES_PER_HOUR"

T = TypeVar("T")
R = TypeVar("R")
Progress = Callable[[int, int], None]          # (items done, items in all)


def default_max_jobs(cores: int | None = None) -> int:
    """A server's background processes at most, by default: half the machine's cores (at least one), the
    other half for the kernels' own work."""
    return max(1, (cores if cores is not None else os.cpu_count() or 1) // 2)


def time_left(elapsed: float, done: int, total: int) -> float | None:
    """Seconds left at the pace so far (``elapsed`` seconds for ``done`` of ``total`` items); None before
    the first item is done and once the last is."""
    return elapsed * (total - done) / done if 0 < done < total else None


def run_jobs(work: Callable[[T], R], items: Sequence[T], jobs: int = 1, scheduler: str | None = None,
             progress: Progress | None = None, chunked: bool = False) -> list[R]:
    """``[work(item) for item in items]``, here or spread over processes or a Dask cluster.

    Args:
        work: What to do with an item; picklable for processes and Dask (a module-level function or a
            ``functools.partial`` of one).
        items: The pieces of work.
        jobs: Processes (1: here, in this process).
        scheduler: The address of a Dask scheduler (such as ``tcp://127.0.0.1:8786``) to run them on
            instead (``jobs`` is then ignored).
        progress: Called with (items done, items in all) as items finish.
        chunked: Send small items (games) to the workers a few at a time: fewer round trips, the workers
            still evenly loaded till the end.

    Returns:
        The results, in the order of ``items``.

    Raises:
        CarnegieError: ``jobs`` below 1.
        MissingExtraError: A scheduler without the ``dask`` extra installed.
    """
    if jobs < 1:
        raise CarnegieError(f"jobs must be at least 1, not {jobs}")
    total = len(items)
    results: dict[int, R] = {}

    def done(start: int, chunk: list[R]) -> None:
        results.update(enumerate(chunk, start))
        if progress is not None:
            progress(len(results), total)

    def chunks(workers: int) -> list[tuple[int, list[T]]]:
        size = max(1, min(8, total // (workers * 8))) if chunked else 1
        return [(i, list(items[i:i + size])) for i in range(0, total, size)]
    if scheduler is not None:
        Client, dask_completed = import_dask()
        with Client(scheduler) as client:
            parts = chunks(max(1, sum(client.nthreads().values())))
            futures = client.map(partial(_run_chunk, work), [part for _, part in parts], pure=False)
            start = {f.key: i for f, (i, _) in zip(futures, parts)}
            for future in dask_completed(futures):
                done(start[future.key], future.result())
    elif jobs > 1 and total > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, total)) as pool:
            pending = {pool.submit(_run_chunk, work, part): i for i, part in chunks(jobs)}
            for future in as_completed(pending):
                done(pending[future], future.result())
    else:
        for k, item in enumerate(items):
            done(k, [work(item)])
    return [results[k] for k in range(total)]


def _run_chunk(work: Callable[[T], R], part: list[T]) -> list[R]:
    return [work(item) for item in part]


def import_dask():
    """Dask's client and its ``as_completed``.

    Raises:
        MissingExtraError: Naming the ``dask`` extra, without it.
    """
    with needs_extra("dask"):
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    return Client, dask_completed

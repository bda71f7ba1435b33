"""A page's background job in a process of its own, what the review (``review.py``) and the evaluation bar
(``eval_job.py``) share: :class:`BackgroundJob` starts the process (:data:`SPAWN`, ending with its kernel however
that ends: :func:`end_with_parent`) holding a slot of the server's (``work.JobSlots``, its cap on background
processes), reads what it sends on a thread of the kernel, stops it when asked or when its page has gone
(``present``), and gives its slot back when it ends. A job says what its process's answers mean (``_heard``), what
its end without a word means (``_lost``), when it has waited long enough for work (``_idle``) and what follows its
end (``_over``)."""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from multiprocessing.connection import Connection, wait
from typing import Any, Callable

from .work import JobSlots, Slot

#: the start method of the session's processes: a new interpreter (a fork would copy the kernel's threads mid-step)
SPAWN = multiprocessing.get_context("spawn")


def end_with_parent() -> None:
    """End this process as soon as the process that started it ends, however it ends (even SIGKILL)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)
    threading.Thread(target=watch, daemon=True, name="carnegie-lab lifeline").start()


def _run(target: Callable[..., None], *args: Any) -> None:
    """The job's process: ``target(*args)``, ending with its kernel."""
    end_with_parent()
    target(*args)


class BackgroundJob:
    """One page's job in a process of its own (see the module). ``slots``: the server's cap on background processes
    (none by default); ``present``: whether the page is still there (looked at every ``LOOK`` seconds while the
    process runs). Its ``_lock`` guards the job's state between the kernel's thread and the job's."""

    LOOK = 1.0

    def __init__(self, slots: JobSlots | None = None, present: Callable[[], bool] = lambda: True):
        self.slots, self.present = slots or JobSlots(None, 1), present
        self._proc: Any = None
        self._conn: Connection | None = None
        # the running process's slot: the very object its watcher gives back when it ends (so a job that lets it go
        # meanwhile and takes another, ``Slot.hold``, refills it in place)
        self._slot = Slot([])
        self._watcher: threading.Thread | None = None
        self._lock = threading.Lock()

    def _launch(self, slot: Slot, name: str, target: Callable[..., None], *args: Any) -> None:
        """Start ``target(*args, conn)`` in a process named ``name`` holding ``slot`` (given back if it does not
        start), ``conn`` its end of the pipe to the kernel, and the thread that reads it. Called with the lock held."""
        ours, theirs = SPAWN.Pipe()
        proc = SPAWN.Process(target=_run, args=(target, *args, theirs), daemon=True, name=name)
        try:
            proc.start()
        except BaseException:
            ours.close()
            slot.release()
            raise
        finally:
            theirs.close()
        self._proc, self._conn, self._slot = proc, ours, slot
        self._watcher = threading.Thread(target=self._watch, args=(proc, ours, slot), daemon=True,
                                         name=f"{name} watcher")
        self._watcher.start()

    def _watch(self, proc: Any, conn: Connection, slot: Slot) -> None:
        heard = looked = time.monotonic()
        try:
            while True:
                if conn.poll(self.LOOK):
                    try:
                        message = conn.recv()
                    except (EOFError, OSError):         # the process ended without a word: stopped, or it died
                        with self._lock:
                            self._end(proc, conn, slot)
                            then = self._lost()
                        if then is not None:
                            then()
                        return
                    heard = time.monotonic()
                    if self._heard(message):
                        return
                    if heard - looked < self.LOOK:      # a job that keeps talking is still looked after
                        continue
                looked = time.monotonic()
                if not self.present():                  # the page has gone: nobody waits for its job
                    self.cancel()
                    continue
                with self._lock:                        # no work is sent to it meanwhile
                    if self._idle(time.monotonic() - heard):
                        self._end(proc, conn, slot)
                        return
        finally:
            with self._lock:
                self._end(proc, conn, slot)
            self._over()

    def _end(self, proc: Any, conn: Connection, slot: Slot) -> None:
        """Close the pipe (the process reads its end and ends), wait for the process, give its slot back (with the
        lock held; again: nothing)."""
        conn.close()
        proc.join()
        slot.release()
        if self._proc is proc:
            self._proc = self._conn = None

    def _heard(self, message: Any) -> bool:
        """The process sent ``message``; True: the job is over."""
        raise NotImplementedError

    def _lost(self) -> Callable[[], None] | None:
        """The process ended without a word (cancelled, or it died): called with the lock held once it has gone (no
        work reaches it); what it returns (a callback to tell) is called once the lock is let go."""
        return None

    def _idle(self, quiet: float) -> bool:
        """True: the process, silent for ``quiet`` seconds, has nothing more to do (with the lock held)."""
        return False

    def _over(self) -> None:
        """The process has ended and its slot is given back (on the job's thread)."""

    def cancel(self) -> None:
        """Stop the process now (nothing if none runs)."""
        with self._lock:
            if self._proc is not None:
                self._proc.terminate()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the job's thread has ended (its process ended, its slot given back, ``_over`` done); False if it
        still runs after ``timeout``."""
        if self._watcher is not None:
            self._watcher.join(timeout)
        return self._watcher is None or not self._watcher.is_alive()


__all__ = ["SPAWN", "BackgroundJob", "end_with_parent"]

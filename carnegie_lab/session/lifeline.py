"""What the session's background processes share (the review's, ``review.py``, and the evaluation bar's,
``eval_job.py``): how they are started (``SPAWN``: no fork of a kernel's threads) and how each ends with its kernel
(:func:`end_with_parent`)."""
from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.connection import wait

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


__all__ = ["SPAWN", "end_with_parent"]

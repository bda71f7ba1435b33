"""The processes of a test's own app server (read from /proc): its kernels, and the log lines it waits for."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable


def descendants(root: int) -> list[int]:
    """The processes started by ``root`` and by them (the cli, the server, its kernels)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            continue
    found, todo = [], [root]
    while todo:
        children = [pid for pid, parent in parents.items() if parent == todo[-1]]
        todo.pop()
        found += children
        todo += children
    return found


def kernels(root: int) -> list[int]:
    """The kernels of the server started by ``root``."""
    found = []
    for pid in descendants(root):
        try:
            if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 120) -> None:
    """Until ``condition()`` holds (checked every 0.2 s), or an AssertionError naming ``what``."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"no {what} after {timeout} s"
        time.sleep(0.2)

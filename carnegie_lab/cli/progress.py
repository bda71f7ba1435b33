"""A plain-text progress bar for the command line's long runs (``simulate``, ``review``)."""
from __future__ import annotations

import sys
import time

from ..core.i18n import translator
from ..jobs import time_left


class ProgressBar:
    """A plain-text progress bar, as a ``progress(done, total)`` callback of ``carnegie_lab.jobs.run_jobs``.

    It shows the time spent and the time left at that pace: redrawn in place on a terminal, otherwise a
    line at every tenth of the work.

    Args:
        label: What runs (``"simulate"``).
        unit: What is counted, in words (``"games"``).
        stream: Where to write (default stderr).
        width: The bar's width in characters.
        lang: The language of its words (None: English).
    """

    def __init__(self, label: str, unit: str, stream=None, width: int = 30, lang: str | None = None):
        self.label, self.unit, self.width = label, unit, width
        self.words = translator(lang)
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        elapsed = time.perf_counter() - self.start
        filled = int(self.width * done / total)
        seconds = time_left(elapsed, done, total)
        _ = self.words.gettext
        left = "" if seconds is None else _(", about {seconds} s left").format(seconds=f"{seconds:.0f}")
        text = _("{label} [{bar}] {done}/{total} {unit}  {elapsed} s{left}").format(
            label=self.label, bar="#" * filled + "." * (self.width - filled), done=done, total=total,
            unit=self.unit, elapsed=f"{elapsed:.0f}", left=left)
        if self.tty:
            self.stream.write("\r" + text + ("\n" if done == total else ""))
        else:
            tenth = (10 * done) // total
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()

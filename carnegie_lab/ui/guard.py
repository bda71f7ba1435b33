"""One error guard for the widgets' callbacks, the app's and the tutorials': an exception a callback did not
expect is shown in the widget (a callback has nowhere else to report: ipywidgets drops it) and printed to the
kernel's log, and the widget redraws what it can."""
from __future__ import annotations

import traceback
from typing import Any, Callable


def unexpected(error: BaseException) -> str:
    """What the widget says about an exception it did not expect."""
    return f"Unexpected error: {type(error).__name__}: {error}"


class ErrorGuard:
    """``guard(fn, *args)`` runs a callback; ``say`` shows an unexpected error's text, then ``recover`` (if any)
    redraws (its own errors are dropped: the message stays)."""

    def __init__(self, say: Callable[[str], None], recover: Callable[[], None] | None = None):
        self.say = say
        self.recover = recover

    def __call__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        try:
            fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 -- a widget callback has nowhere else to report
            traceback.print_exc()
            self.say(unexpected(e))
            if self.recover is not None:
                try:
                    self.recover()
                except Exception:  # noqa: BLE001
                    pass


__all__ = ["ErrorGuard", "unexpected"]

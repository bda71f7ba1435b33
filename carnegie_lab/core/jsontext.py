"""Reading JSON text from outside (records, positions, component files) within bounds.

``json.loads`` can fail in more ways than a ``JSONDecodeError``: text nested too deeply raises
``RecursionError`` and a number of thousands of digits ``ValueError``. ``read_json`` turns every one
of them, and text over a size limit, into a :class:`JSONTextError` whose message says what is wrong.
"""
from __future__ import annotations

import json
from typing import Any

MAX_TEXT = 5_000_000           # characters: a whole game's record or position is a few tens of KB


class JSONTextError(Exception):
    """JSON text that cannot be read: ``problem`` says why, ``where`` where ("(line 3, column 7)"
    for bad syntax, else "(json)")."""

    def __init__(self, problem: str, where: str = "(json)"):
        self.problem, self.where = problem, where
        super().__init__(f"{where}: {problem}")


def read_json(text: str, max_text: int = MAX_TEXT) -> Any:
    if len(text) > max_text:
        raise JSONTextError(f"{len(text):,} characters (at most {max_text:,})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise JSONTextError(f"not valid JSON: {e.msg}", f"(line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise JSONTextError("nested too deeply") from None
    except ValueError as e:                          # e.g. a number of more digits than Python converts
        raise JSONTextError(f"not readable JSON: {e}") from None

"""Reading JSON text from outside (records, positions, component files) within bounds.

``json.loads`` can fail in more ways than a ``JSONDecodeError``: text nested too deeply raises
``RecursionError`` and a number of thousands of digits ``ValueError``. ``read_json`` turns every one
of them, and text over a size limit, into a :class:`JSONTextError` whose message says what is wrong.
"""
from __future__ import annotations

import json
from typing import Any

from .i18n import N_

MAX_TEXT = 5_000_000           # characters: a whole game's record or position is a few tens of KB
#: what ``json`` says is wrong (``JSONDecodeError.msg``), as messages: another one is shown as it is
JSON_PROBLEMS: dict[str, str] = {problem: problem for problem in (
    N_("Expecting value"), N_("Expecting property name enclosed in double quotes"), N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"), N_("Unterminated string starting at"), N_("Invalid control character at"),
    N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"), N_("Extra data"),
    N_("Illegal trailing comma before end of object"), N_("Illegal trailing comma before end of array"))}


class JSONTextError(Exception):
    """JSON text that cannot be read: ``problem`` says why, ``where`` where ("(line 3, column 7)"
    for bad syntax, else "(json)")."""

    def __init__(self, problem: str, where: str = "(json)"):
        self.problem, self.where = problem, where
        super().__init__(f"{where}: {problem}")


def read_json(text: str, max_text: int = MAX_TEXT) -> Any:
    if len(text) > max_text:
        raise JSONTextError(N_("{n} characters (at most {most})", n=f"{len(text):,}", most=f"{max_text:,}"))
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise JSONTextError(N_("not valid JSON: {problem}", problem=JSON_PROBLEMS.get(e.msg, e.msg)),
                            N_("(line {line}, column {column})", line=e.lineno, column=e.colno)) from None
    except RecursionError:
        raise JSONTextError(N_("nested too deeply")) from None
    except ValueError as e:                          # e.g. a number of more digits than Python converts
        raise JSONTextError(N_("not readable JSON: {problem}", problem=str(e))) from None

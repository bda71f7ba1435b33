"""Reading JSON text from outside (records, positions, component files) within bounds.

``json.loads`` can fail in more ways than a ``JSONDecodeError``: text nested too deeply raises
``RecursionError`` and a number of thousands of digits ``ValueError``. ``read_json`` turns every one
of them, and text over a size limit or nested deeper than a limit, into a :class:`JSONTextError` whose
message says what is wrong; ``read_record_json`` into a :class:`RecordError`.
"""
from __future__ import annotations

import json
from typing import Any

from .errors import RecordError
from .i18n import N_

MAX_TEXT = 5_000_000           # characters: a whole game's record or position is a few tens of KB
#: levels of arrays and objects: a finished game's position has 12, its record 3 (so that nothing that walks
#: the value recurses past Python's limit, whatever the depth of the stack it is read on)
MAX_DEPTH = 64
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


def read_json(text: str, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> Any:
    if len(text) > max_text:
        raise JSONTextError(N_("{n} characters (at most {most})", n=f"{len(text):,}", most=f"{max_text:,}"))
    too_deep = JSONTextError(N_("the file nests deeper than {most} levels", most=max_depth))
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise JSONTextError(N_("not valid JSON: {problem}", problem=JSON_PROBLEMS.get(e.msg, e.msg)),
                            N_("(line {line}, column {column})", line=e.lineno, column=e.colno)) from None
    except RecursionError:
        raise too_deep from None
    except ValueError as e:                          # e.g. a number of more digits than Python converts
        raise JSONTextError(N_("not readable JSON: {problem}", problem=str(e))) from None
    if _deeper_than(value, max_depth):
        raise too_deep
    return value


def _deeper_than(value: Any, most: int) -> bool:
    """``value`` has arrays or objects nested more than ``most`` levels (found without recursion)."""
    stack = [(value, 1)] if isinstance(value, (list, dict)) else []
    while stack:
        node, level = stack.pop()
        if level > most:
            return True
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, level + 1) for child in children if isinstance(child, (list, dict)))
    return False


def read_record_json(text: str) -> Any:
    """``read_json`` for a game record or position: its problems are a RecordError of the field "(json)"."""
    try:
        return read_json(text)
    except JSONTextError as e:
        raise RecordError("(json)", e.problem if e.where == "(json)" else N_("{problem} {where}", problem=e.problem,
                                                                               where=e.where)) from None

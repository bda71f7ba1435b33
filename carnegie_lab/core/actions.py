"""Actions and their text notation (syntax only; legality is the rules' business).

An action is a verb followed by arguments, separated by single spaces: ``choose CO``, ``income 2``,
``cf money to west``, ``co H pittsburgh``, ``move b1 b2``. See docs/notation.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from .errors import NotationError
from .i18n import N_

_TOKEN = re.compile(r"[A-Za-z0-9_]+")
MAX_TEXT = 200               # characters of an action's text (the longest real one has about 40)


@dataclass(frozen=True, order=True)
class Action:
    """One decision: a verb and its arguments; ``str(action)`` is its notation.

    Args:
        verb: The verb (``"house"``, ``"choose"``, ...).
        args: Its arguments, each a string (a list is kept as a tuple).

    Raises:
        NotationError: A verb or an argument that is not a string, or arguments that are not a tuple or list.
    """
    verb: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.verb, str) or not isinstance(self.args, (tuple, list)) or not all(
                isinstance(a, str) for a in self.args):
            raise NotationError(f"Action({self.verb!r:.60}, {self.args!r:.60})",
                                N_("an action is a verb and a tuple of arguments, all strings"))
        if isinstance(self.args, list):
            object.__setattr__(self, "args", tuple(self.args))

    def __str__(self) -> str:
        text = self.__dict__.get("_text")
        if text is None:
            text = " ".join((self.verb, *self.args))
            object.__setattr__(self, "_text", text)       # kept: actions are immutable
        return text

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


# Argument kinds: the parser checks the shape of each argument, the rules check its meaning.
CELL = "cell"          # company cell: a1 .. d4
CITY = "city"          # city id
REGION = "region"      # region id
PROJECT = "project"    # H, C, I, P
TYPE = "type"          # HR, MG, CO, RD
COUNT = "count"        # a small positive number
NAME = "name"          # an identifier (department or donation id)

_CELL = re.compile(r"[a-d][1-4]\Z")
_CHECKS = {
    CELL: lambda t: bool(_CELL.match(t)),
    CITY: lambda t: t.islower(),
    REGION: lambda t: t.islower(),
    PROJECT: lambda t: t in ("H", "C", "I", "P"),
    TYPE: lambda t: t in ("HR", "MG", "CO", "RD"),
    COUNT: lambda t: len(t) <= 2 and t.isdigit() and t[0] != "0",
    NAME: lambda t: t.islower(),
}

#: An argument pattern: a tuple of kinds or literal words (a literal is written as "=word").
Pattern = tuple[str, ...]
#: verb -> the argument patterns it accepts; built by the rules' registry (``Ruleset.grammar``).
Grammar = Mapping[str, tuple[Pattern, ...]]


def _matches(pattern: Pattern, args: tuple[str, ...]) -> bool:
    if len(pattern) != len(args):
        return False
    for kind, arg in zip(pattern, args):
        if kind.startswith("="):
            if arg != kind[1:]:
                return False
        elif not _CHECKS[kind](arg):
            return False
    return True


def parse(text: str | Action, grammar: Grammar) -> Action:
    """Parse notation into an Action, checking its syntax against ``grammar`` only. Raises NotationError."""
    if isinstance(text, Action):
        text = str(text)
    if not isinstance(text, str):
        raise NotationError(f"{text!r:.80}", N_("an action is a string such as 'choose HR'"))
    if len(text) > MAX_TEXT:
        raise NotationError(f"{text[:40]}...", N_("{n} characters (an action has at most {most})", n=len(text),
                                                   most=MAX_TEXT))
    tokens = text.split()
    if not tokens:
        raise NotationError(text, N_("empty action"))
    bad = [t for t in tokens if not _TOKEN.fullmatch(t)]
    if bad:
        raise NotationError(text, N_("unexpected characters in {token}", token=repr(bad[0])))
    verb, args = tokens[0], tuple(tokens[1:])
    patterns = grammar.get(verb)
    if patterns is None:
        raise NotationError(text, N_("unknown verb {verb}", verb=repr(verb)))
    if not any(_matches(p, args) for p in patterns):
        forms = " | ".join(" ".join((verb, *(k[1:] if k.startswith("=") else f"<{k}>" for k in p)))
                           for p in patterns)
        raise NotationError(text, N_("expected {forms}", forms=forms))
    return Action(verb, args)

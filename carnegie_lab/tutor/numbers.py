"""``Numbers``: the numbers a tutorial's text states about a position, each with the engine's way to find it.

    Step("Six moves", "Two employees stand in Human Resources: 2 × 3 = **6 moves**.", ["hr"],
         expect=Numbers({2: lambda g: g.standing(0, "a1"), 6: lambda g: g.decision.context.hr_moves,
                         3: lambda g: g.components.departments["human_resources"].params["moves_per_employee"]}))
    Step("Standing up", "She pays **$2**.", ["activate c2"], expect=Numbers({2: loss(lambda g: g.money(0))}))

As a step's ``expect=`` (or an exercise's), the stepper stops the script when the engine gives another number
than the text, so a tutorial never states a number the rules do not give. A claim that is not a number goes in
``facts``, with a test of the game: ``Numbers({8: lambda g: g.round}, facts={"HR comes first": ...})``.
:func:`gain` and :func:`loss` measure what a step changed (they need the position before it: steps only). The
tests read :attr:`Numbers.numbers` to make sure every number a text states is one of them. A notebook's own
prose about a game takes its numbers the same way: ``Numbers({...}).told(text, game)`` shows the text once the
engine gives each of them (notebook 11's review of a game).
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Union

from ..engine import Game
from .script import ScriptError
from .tutorial_html import markdown

Find = Callable[[Game], Any]
#: a number a text states in digits, once its code (between backticks) is left out
_DIGITS, _CODE = re.compile(r"(?<![\w.])\d+(?!\w)"), re.compile(r"`[^`]*`")


class Change:
    """How much a number of the position changed during a step (``sign`` 1: after - before, -1: the
    reverse). Made by :func:`gain` and :func:`loss`."""

    def __init__(self, find: Find, sign: int):
        self.find, self.sign = find, sign

    def of(self, game: Game, before: Game) -> Any:
        return self.sign * (self.find(game) - self.find(before))


def gain(find: Find) -> Change:
    """What ``find(game)`` grew by during the step, e.g. ``gain(lambda g: g.money(0))``: Ada's income."""
    return Change(find, 1)


def loss(find: Find) -> Change:
    """What ``find(game)`` went down by during the step, e.g. ``loss(lambda g: g.money(0))``: what Ada paid."""
    return Change(find, -1)


Finding = Union[Find, Change]


class Numbers:
    """``{number the text states: how the engine finds it}``: a function of the game, a gain or loss, or a
    tuple of them when the text states the same number twice; ``facts``: ``{claim the text makes: a test of
    the game}`` for what is not a number. Called with a game (and for gains and losses the position before
    the step), true when the engine gives every number and every fact holds."""

    def __init__(self, numbers: Mapping[int, Union[Finding, tuple[Finding, ...]]],
                 facts: Mapping[str, Find] | None = None):
        self.numbers = dict(numbers)
        self.facts = dict(facts or {})

    def problems(self, game: Game, before: Game | None = None) -> list[str]:
        """One line per number the engine gives differently."""
        out = []
        for stated, finds in self.numbers.items():
            for find in finds if isinstance(finds, tuple) else (finds,):
                if not isinstance(find, Change):
                    found = find(game)
                elif before is not None:
                    found = find.of(game, before)
                else:
                    out.append(f"{stated}: a gain or loss needs the position before the step")
                    continue
                if found != stated:
                    out.append(f"the text says {stated}, the engine gives {found!r}")
        out.extend(f"the text says {claim}, which the engine does not confirm"
                   for claim, holds in self.facts.items() if not holds(game))
        return out

    def __call__(self, game: Game, before: Game | None = None) -> bool:
        return not self.problems(game, before)

    def told(self, text: str, game: Game) -> Any:
        """``text`` (Markdown) as a widget to show, once every number it states in digits is one of these
        and the engine gives it in ``game``: a ScriptError, which stops the notebook, otherwise."""
        unchecked = sorted({int(n) for n in _DIGITS.findall(_CODE.sub("", text))} - set(self.numbers))
        problems = [f"{n}: stated but not checked" for n in unchecked] + self.problems(game)
        if problems:
            raise ScriptError(f"{text[:40]!r}...: " + "; ".join(problems))
        import ipywidgets as W  # a notebook's: the checks above need none
        return W.HTML(markdown(text))

    def __repr__(self) -> str:
        return f"Numbers({sorted(self.numbers)})"


def failure(check: Callable[..., Any], game: Game, before: Game | None = None) -> str | None:
    """None when the check accepts the game, else why not (a :class:`Numbers` says which numbers differ);
    ``before``: the position before the step, for a Numbers' gains and losses."""
    if isinstance(check, Numbers):
        return "; ".join(check.problems(game, before)) or None
    return None if check(game) else "its check failed"

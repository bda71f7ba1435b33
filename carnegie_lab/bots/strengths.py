"""The bots' strengths for the app and the command line: a name for each, the bot spec behind it
(see :func:`~.simulate.make_bot`) and what playing it is like.

``make_bot("hard")`` is ``make_bot("search:think=0.9")``; parameters after a strength name change its
spec (``hard:think=2`` thinks 2 s a decision).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.i18n import N_, translator

#: the strengths' Elo ratings on the project's ladder (written by benchmarks/bench_ladder.py --write)
LADDER_FILE = Path(__file__).resolve().parent.parent / "data" / "ladder.json"


@lru_cache(maxsize=1)
def ladder() -> dict[str, int]:
    """The ladder's ratings by strength name (and "Andrew level L"); empty without the file."""
    try:
        return {str(k): int(v) for k, v in json.loads(LADDER_FILE.read_text())["ratings"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def andrew_rating(level: int) -> int | None:
    """Andrew Carnegie's Elo rating at a level on the same ladder as the strengths, if measured."""
    return ladder().get(f"Andrew level {level}")


@dataclass(frozen=True)
class Strength:
    """A named bot for people to play against."""
    name: str
    spec: str                                  # a bot spec for make_bot
    label: str                                 # what the app calls it
    play: str                                  # one line: how it plays, how long it thinks

    @property
    def rating(self) -> int | None:
        """Its Elo rating on the project's ladder (docs/benchmarks.md), if measured."""
        return ladder().get(self.name)

    @property
    def description(self) -> str:
        """How it plays, and its rating on the ladder."""
        return self.play + ("" if self.rating is None else f"; rated {self.rating} Elo on the project's ladder")


STRENGTHS: dict[str, Strength] = {s.name: s for s in (
    Strength("easy", "random", N_("Easy bot"),
             N_("random legal moves (doing something {share} of the time rather than passing); instant",
                share="85%")),
    Strength("medium", "greedy", N_("Medium bot"),
             N_("greedy: the move that looks best one step ahead on the bots' evaluation; instant")),
    Strength("hard", "search:think=0.9", N_("Hard bot"),
             N_("search: plays each candidate move a few rounds on with greedy players; under 1 s a decision")),
)}


def resolve(spec: str) -> str:
    """A bot spec with a strength name replaced by its spec (other specs as they are):
    ``"hard:think=2"`` -> ``"search:think=0.9:think=2"`` (a later parameter wins)."""
    name, sep, params = spec.strip().partition(":")
    strength = STRENGTHS.get(name)
    if strength is None:
        return spec
    return strength.spec + sep + params


def strength_of(spec: str) -> str | None:
    """The strength whose spec this is (``"greedy"`` -> ``"medium"``), or None."""
    return next((s.name for s in STRENGTHS.values() if s.spec == spec.strip()), None)


def shown_name(spec: str, lang: str | None = None) -> str:
    """What a table calls a bot spec in a language: a strength by its name (``"easy"`` -> "Robô fácil" in
    pt_BR), any other spec as it was typed (``"greedy"``, ``"search:playouts=64"``)."""
    strength = STRENGTHS.get(spec.strip())
    return spec if strength is None else translator(lang).gettext(strength.label)

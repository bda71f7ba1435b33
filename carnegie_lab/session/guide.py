"""Which tutorial step teaches the decision shown (the Play tab's Rules link), and why a control is disabled
(its hover says the rule; the same words as the refusal of a click that arrives anyway). No widgets.

The steps are the contents notebook's *Rules at a glance* list (``[N · step K "Title"](file)``), the one
home of which step teaches what: :data:`DECISION_STEPS` only names, for each decision, the title of its
step there. A link opens the tutorial at that step (``file?step=K``, read by the tutorial's stepper).
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..core.i18n import N_
from ..engine import Game
from .access import HINT, LOCAL, OVER, WATCH, reason

if TYPE_CHECKING:
    from .controller import Controller

#: The contents notebook, next to the app in the package's notebooks.
CONTENTS = Path(__file__).resolve().parent.parent / "share" / "notebooks" / "00-contents.ipynb"
GLANCE = re.compile(r'\[(\d+) · step (\d+) "([^"]+)"\]\(([^)]+)\)')
#: The same list in a translated contents notebook (notebooks/<lang>/00-contents.ipynb): "step" in its words.
GLANCE_IN = re.compile(r'\[(\d+) · \w+ (\d+) "([^"]+)"\]\(([^)]+)\)')

#: The Rules at a glance step that teaches each decision (by its kind; a turn by its department type,
#: an event by what it is), by the step's title.
DECISION_STEPS = {"house": "Bo places a house", "reserve": "Bo reserves a department", "setup": "Six setup moves",
                  "choose": "1. Choose: Management", "income": "Ada takes her income",
                  "donation": "Ada's first donation", "activate": "Standing up costs money",
                  "HR": "Six moves", "MG": "Bo's Commerce & Finance", "CO": "Projects waiting on the tabs",
                  "RD": "Four study points"}


class RuleStep(NamedTuple):
    """A step of a tutorial: the notebook's number and file, the step's number and title."""
    notebook: int
    step: int
    title: str
    file: str

    @property
    def href(self) -> str:
        return f"{self.file}?step={self.step}"

    def href_in(self, lang: str | None) -> str:
        """The step's address in a language: its tutorial's translation (notebooks/<lang>/<file>) if there
        is one, else the English tutorial."""
        if lang and lang != "en" and translated(lang, self.file):
            return f"{lang}/{self.href}"
        return self.href

    def title_in(self, lang: str | None) -> str | None:
        """The step's title in a language: from the translated contents notebook (None without one)."""
        return self.title if lang in (None, "en") else step_titles(lang).get((self.notebook, self.step))


@functools.lru_cache(maxsize=None)
def translated(lang: str, file: str) -> bool:
    """Whether the tutorial ``file`` has a translation in ``lang`` beside the contents notebook."""
    return (CONTENTS.parent / lang / file).is_file()


def _glance_text(path: Path) -> str | None:
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return None
    return "\n".join("".join(c["source"]) for c in cells if c.get("cell_type") == "markdown")


@functools.lru_cache(maxsize=None)
def glance(path: Path = CONTENTS) -> dict[str, RuleStep]:
    """The Rules at a glance steps by title, the first of a title (none if the notebooks are not there)."""
    steps: dict[str, RuleStep] = {}
    for n, k, title, file in GLANCE.findall(_glance_text(path) or ""):
        steps.setdefault(title, RuleStep(int(n), int(k), title, file))
    return steps


@functools.lru_cache(maxsize=None)
def step_titles(lang: str) -> dict[tuple[int, int], str]:
    """The titles of the Rules at a glance steps in a translated contents notebook, by (notebook, step)
    (none if there is no such notebook)."""
    text = _glance_text(CONTENTS.parent / lang / CONTENTS.name) or ""
    return {(int(n), int(k)): title for n, k, title, _file in reversed(GLANCE_IN.findall(text))}


def rule_step(game: Game) -> RuleStep | None:
    """The tutorial step that teaches the current decision (None if no step does, or the game is over)."""
    d = game.decision
    key = {"turn": d.context.turn_type, "event": "income" if d.context.income else "donation"}.get(d.kind.value,
                                                                                                  d.kind.value)
    title = DECISION_STEPS.get(key or "")
    return glance().get(title) if title else None


def undo_reason(ctl: Controller) -> str | None:
    """Why Undo does nothing now (None if it takes something back)."""
    if ctl.can_undo:
        return None
    if ctl.role == WATCH:
        return N_("Nothing to undo: you are watching, this browser cannot play")
    return (N_("Nothing to undo: no human decision yet") if ctl.role == LOCAL else
            N_("Nothing to undo: you can take back your own last decision while nobody else has decided since"))


def hint_reason(ctl: Controller, replaying: bool) -> str | None:
    """Why there is no hint now (None if the Hint button thinks about this browser's decision)."""
    why = reason(ctl.place, HINT)
    if why is None and (replaying or not ctl.you_to_move):
        why = N_("A hint is for a decision of yours, in the live game")
    return why


def play_reason(ctl: Controller) -> str | None:
    """Why a click on a control plays nothing now (None if this browser decides; shown as a sentence): a click that
    arrived late never plays for a bot or another seat."""
    if ctl.you_to_move:
        return None
    seat = ctl.current_seat
    if ctl.game.is_over:
        return OVER
    if ctl.role == WATCH:
        return N_("You are watching: this browser cannot play.")
    return (N_("Not your decision: {player} decides now.", player=ctl.seats[seat].name)
            if ctl.human_to_move and seat is not None else N_("Not your decision now."))


__all__ = ["CONTENTS", "DECISION_STEPS", "RuleStep", "glance", "hint_reason", "play_reason", "rule_step",
           "step_titles", "undo_reason"]

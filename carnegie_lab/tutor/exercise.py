"""``Exercise``: a small question about a position, checked by the engine.

The right answer is computed from the game when the learner presses Check (``answer(game)``), so the
question and the rules can never disagree. A tutorial also writes its answer down (``pinned``) and the
mistakes a learner is likely to make (``mistakes``, each with its own feedback): the exercise refuses to be
made if the engine's answer is not the pinned one, or if a mistake would be accepted.

    from carnegie_lab.tutor.exercise import Exercise

    Exercise("How many employee moves does Ada have this turn?",
             lambda game: game.decision.context.hr_moves, game, pinned=6,
             mistakes={3: "3 moves is what *one* standing employee gives."},
             explanation="3 moves for each of the 2 employees standing in Human Resources.")

Kinds of answer (``kind``, guessed from the right answer when not given):

- ``number``: a whole number typed in a box ("$6" and "6 VP" are read as 6);
- ``text``: a word or name, compared without case, accents or punctuation, "_" or a leading "the"
  (so ``new_york`` and "New York" match);
- ``set``: several names separated by commas or "and", in any order;
- ``choice``: one of ``options`` (a list of values, or of (label, value) pairs) from a dropdown;
- ``yesno``: yes or no (the right answer is a bool).
"""
from __future__ import annotations

import html
import re
import unicodedata
from typing import Any, Callable, Iterable, Mapping, Sequence, Union, overload

import ipywidgets as W

from ..core.i18n import translator
from ..engine import Game
from ..ui.rerun import RerunNote
from . import failure
from .script import ScriptError
from .tutorial_html import STYLE, markdown

KINDS = ("number", "text", "set", "choice", "yesno")
#: Likely wrong answers: a list, or a dict of wrong answer -> the feedback it gets.
Mistakes = Union[Mapping[Any, str], Sequence[Any]]
_NUMBER = re.compile(r"-?\d+")
_SPLIT = re.compile(r"\s*(?:,|;|\band\b|&|\n)\s*")


def normalise(text: Any) -> str:
    """Lower case, no accents or punctuation, "_" and "-" as spaces, no leading "the"."""
    s = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    s = re.sub(r"[_\-/]+", " ", s)
    s = re.sub(r"[^a-z0-9$ ]+", "", s)
    s = re.sub(r"\s+", " ", s).strip()
    return s[4:] if s.startswith("the ") else s


def _kind_of(value: Any, options) -> str:
    if options is not None:
        return "choice"
    if isinstance(value, bool):
        return "yesno"
    if isinstance(value, int):
        return "number"
    if isinstance(value, (set, frozenset, list, tuple)):
        return "set"
    return "text"


class Exercise(RerunNote, W.VBox):
    """A question, an answer box, a Check button and feedback; the right answer comes from the engine.

    - ``answer``: a function of the game giving the right answer (an int, str, bool or a collection);
    - ``game``: a :class:`~carnegie_lab.Game`, a :class:`~carnegie_lab.tutor.stepper.Stepper` (its position
      shown when Check is pressed) or a function returning a game;
    - ``explanation``: shown with a right answer (and by "Show the answer"): markdown, or a function of
      (game, right answer) returning it; ``hint``: shown with a wrong one; ``code``: the Python that
      computes the answer, shown with it, so readers learn where to look;
    - ``pinned``: the answer the tutorial expects, ``mistakes``: likely wrong answers (a list, or a dict of
      wrong answer -> feedback shown when it is given) and ``expect``: a check of the exercise's game (e.g. a
      :class:`~carnegie_lab.tutor.Numbers` of the numbers its texts state); a :class:`ScriptError` at
      once if the engine disagrees with any of them;
    - ``lang``: the language of its buttons and feedback (None: English; the tutorial writes the rest).
    """

    @overload
    def __init__(self, question: str, answer: Callable[[None], Any], game: None = None, *, kind: str | None = None,
                 options: Sequence[Any] | None = None, explanation: Any = "", hint: str = "", code: str = "",
                 placeholder: str = "", accept: Callable[[Any, Any], bool] | None = None, pinned: Any = None,
                 mistakes: Mistakes = (), expect: Callable[[Game], Any] | None = None, lang: str | None = None,
                 **kwargs: Any) -> None: ...

    @overload
    def __init__(self, question: str, answer: Callable[[Game], Any], game: Any, *, kind: str | None = None,
                 options: Sequence[Any] | None = None, explanation: Any = "", hint: str = "", code: str = "",
                 placeholder: str = "", accept: Callable[[Any, Any], bool] | None = None, pinned: Any = None,
                 mistakes: Mistakes = (), expect: Callable[[Game], Any] | None = None, lang: str | None = None,
                 **kwargs: Any) -> None: ...

    def __init__(self, question: str, answer: Callable[[Any], Any], game: Any = None, *, kind: str | None = None,
                 options: Sequence[Any] | None = None, explanation: Any = "", hint: str = "", code: str = "",
                 placeholder: str = "", accept: Callable[[Any, Any], bool] | None = None, pinned: Any = None,
                 mistakes: Mistakes = (), expect: Callable[[Game], Any] | None = None, lang: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self._ = _ = translator(lang).gettext
        self.add_class("cl-tut-exercise")
        self.question = question
        # called with the game, or with None when the exercise has none (the overloads above pair them)
        self.answer = answer
        self.source = game
        self.explanation = explanation
        self.hint = hint
        self.code = code
        self.accept = accept
        self._options = None if options is None else [o if isinstance(o, tuple) else (str(o), o) for o in options]
        self.kind = kind or _kind_of(self.expected(), self._options)
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {self.kind!r}")
        self.pinned = pinned
        self.mistakes: dict[Any, str] = dict(mistakes) if isinstance(mistakes, Mapping) else \
            {m: "" for m in mistakes}
        self.expect = expect
        self._check_pins()
        self.attempts = 0
        self.solved = False
        self.last: bool | None = None              # the last check: right (True), wrong (False), or not yet

        self.prompt = W.HTML("<div class='cl-tut-question'><b>" + _("Exercise.") + f"</b> {markdown(question)}</div>")
        if self.kind == "choice":
            self.input = W.Dropdown(options=self._options, value=None, description=_("your answer"),
                                    style={"description_width": "initial"}, layout=W.Layout(width="420px"))
        elif self.kind == "yesno":
            self.input = W.ToggleButtons(options=[(_("yes"), True), (_("no"), False)], value=None)
        else:
            hint_text = placeholder or {"number": _("a whole number"), "set": _("names separated by commas"),
                                        "text": _("your answer")}[self.kind]
            self.input = W.Text(placeholder=hint_text, layout=W.Layout(width="260px"))
        self.check_button = W.Button(description=_("Check"), icon="check", button_style="info",
                                     layout=W.Layout(width="100px"))
        self.show_button = W.Button(description=_("Show the answer"), icon="eye", layout=W.Layout(width="160px"))
        self.feedback = W.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.show_button.on_click(lambda _: self.reveal())
        row = W.HBox([self.input, self.check_button, self.show_button],
                     layout=W.Layout(align_items="center", flex_flow="row wrap"))
        self.children = [W.HTML(STYLE), self.prompt, row, self.feedback]

    # -- the engine's answer -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        source = self.source
        if source is None:
            raise ValueError("this exercise has no game")
        if isinstance(source, Game):
            return source
        if hasattr(source, "game") and isinstance(source.game, Game):      # a Stepper
            return source.game
        return source()

    def expected(self) -> Any:
        """The right answer, computed now from the game."""
        return self.answer(self.game) if self.source is not None else self.answer(None)

    def _check_pins(self) -> None:
        """The tutorial's pinned answer, its mistakes and its check against the engine's game and answer."""
        right = self.expected()
        where = f"exercise {self.question[:60]!r}"
        if self.pinned is not None and not self._same(self.pinned, right):
            raise ScriptError(f"{where}: the tutorial says {self.pinned!r}, the engine's answer is {right!r}")
        for wrong in self.mistakes:
            if self._same(wrong, right):
                raise ScriptError(f"{where}: the mistake {wrong!r} is the engine's right answer")
        why = None if self.expect is None else failure(self.expect, self.game)
        if why:
            raise ScriptError(f"{where}: {why}")

    # -- checking ------------------------------------------------------------------------------------------
    def check(self, value: Any = None) -> bool:
        """Check the answer in the box (or put ``value`` there first); show and return whether it is right."""
        if value is not None:
            self._set_input(value)
        _, given = self._, self.input.value
        if given is None or (isinstance(given, str) and not given.strip()):
            self._show("<span class='cl-tut-error'>" + _("Type or pick an answer first.") + "</span>")
            self.last = None
            return False
        if self.kind == "number" and not _NUMBER.search(str(given)):
            self._show("<span class='cl-tut-error'>" + _("Please answer with a whole number, for example 6.")
                       + "</span>")
            self.last = None
            return False
        self.attempts += 1
        right = self.expected()
        ok = self._same(given, right)
        self.last = ok
        if ok:
            self.solved = True
            self._show("<span class='cl-tut-ok'>✔ " + _("Right!") + f"</span> {self._explain(right)}")
        else:
            known = next((text for wrong, text in self.mistakes.items() if text and self._same(given, wrong)), "")
            tip = f" {markdown(known)}" if known else ""
            tip += " " + _("Hint: {hint}").format(hint=markdown(self.hint)) if self.hint else ""
            again = _("Try again, or press <i>Show the answer</i>.") if self.attempts >= 2 else _("Try again.")
            self._show("<span class='cl-tut-error'>✘ " + _("Not quite.") + f"</span> {again}{tip}")
        return ok

    def reveal(self) -> Any:
        """Show the right answer (computed by the engine) and its explanation; returns it."""
        right = self.expected()
        self._show(self._("The answer is <b>{answer}</b>.").format(answer=html.escape(self._format(right)))
                   + f" {self._explain(right)}")
        return right

    def _same(self, given: Any, right: Any) -> bool:
        if self.accept is not None:
            return bool(self.accept(given, right))
        if self.kind == "number":
            match = _NUMBER.search(str(given))
            return match is not None and int(match.group()) == int(right)
        if self.kind == "yesno":
            return bool(given) == bool(right) if isinstance(given, bool) else \
                normalise(given) in (("yes", "y", "true") if right else ("no", "n", "false"))
        if self.kind == "set":
            items = given if isinstance(given, (set, frozenset, list, tuple)) else _SPLIT.split(str(given))
            return {normalise(x) for x in items if normalise(x)} == {normalise(x) for x in right}
        return normalise(given) == normalise(right)

    def _set_input(self, value: Any) -> None:
        if self.kind in ("choice", "yesno"):
            self.input.value = value
        elif isinstance(value, (set, frozenset, list, tuple)):
            self.input.value = ", ".join(str(v) for v in value)
        else:
            self.input.value = str(value)

    def _format(self, right: Any) -> str:
        if self.kind == "choice":
            assert self._options is not None    # a choice exercise has options (its Dropdown needs them)
            return next((label for label, v in self._options if v == right), str(right))
        if self.kind == "yesno":
            return self._("yes") if right else self._("no")
        if isinstance(right, (set, frozenset, list, tuple)):
            return ", ".join(str(x) for x in sorted(right, key=str)) or self._("none")
        return str(right)

    def _explain(self, right: Any) -> str:
        text = self.explanation(self.game, right) if callable(self.explanation) else self.explanation
        out = markdown(text) if text else ""
        if self.code:
            out += ("<div class='cl-tut-muted'>" + self._("The engine computes it with <code>{code}</code>").format(
                code=html.escape(self.code)) + "</div>")
        return out

    def _show(self, text: str) -> None:
        self.feedback.value = f"<div class='cl-tut-question'>{text}</div>"


def exercises(namespace: Iterable[Any]) -> list[Exercise]:
    """The exercises among some objects (e.g. ``globals().values()``)."""
    return [x for x in namespace if isinstance(x, Exercise)]


__all__ = ["Exercise", "KINDS", "exercises", "normalise"]

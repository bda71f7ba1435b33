"""Hints: the Play tab's :class:`HintPanel` (the Hint button, the "Always show a hint" checkbox and the hint) and the
analysis it runs (:func:`analysis`: ``carnegie_lab.analysis.evaluate`` on the decision, about :data:`HINT_THINK`
seconds, or a fixed ``playouts`` budget, which gives the same numbers every time). What the hint says is the
session's (``session/hint_screen.py``: the best few actions in the controls' words, their numbers, what each changes
at once); :func:`hint_html` draws it. The analysis reads copies of the game and only what the table can see: a hint
never changes the game and never reveals Andrew's hidden cards. The dashboard says when to compute one.
"""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ..analysis import ActionValue, evaluate
from ..core.i18n import translator
from ..engine import Game
from ..session.screen import SHOWN, THINKING, HintScreen, hint_screen, suggestions
from .controls_view import ControlsView

#: Seconds of analysis for a hint in the app.
HINT_THINK = 1.5
#: A page's memory of the analyses its hints made: ``remember(decision key, think) -> analysis``.
Remember = Callable[[tuple, Callable[[], list[ActionValue]]], list[ActionValue]]


def analysis(game: Game, think: float | None = HINT_THINK, playouts: int | None = None) -> list[ActionValue]:
    """What a hint thinks about (the costly part): the decision's actions valued by the analysis.
    ``playouts``: a fixed budget instead of ``think`` seconds (the same numbers every time)."""
    return evaluate(game, think=None if playouts is not None else think, playouts=playouts)


def hint_html(hint: HintScreen | None, actions: int) -> str:
    """The hint drawn: a numbered list of its rows (``actions``: the game's action count, which says the decision
    it is for, as the turn card's ``data-actions``)."""
    if hint is None:
        return ""
    items = []
    for row in hint.rows:
        place = f" <span class='cl-hint-place'>({html.escape(row.place)})</span>" if row.place else ""
        numbers = f"<div class='cl-hint-numbers'>{html.escape(row.numbers)}</div>" if row.numbers else ""
        items.append(f"<li class='cl-hint-row' data-notation='{html.escape(row.notation)}'>"
                     f"<b>{html.escape(row.words)}</b>{place}{numbers}"
                     f"<div class='cl-hint-why'>{html.escape(row.explanation)}</div></li>")
    note = (f"<div class='cl-note cl-hint-{hint.note_kind}'>{html.escape(hint.note, quote=False)}</div>"
            if hint.note else "")
    return (f"<div class='cl-group-title'>{html.escape(hint.title, quote=False)}</div>{note}"
            f"<ol class='cl-hint-rows' data-actions='{actions}'>{''.join(items)}</ol>"
            f"<div class='cl-note'>{html.escape(hint.footnote, quote=False)}</div>")


def decision_key(game: Game) -> tuple:
    """Which decision a hint is for: the game (its players and options) and the actions so far."""
    return tuple(game.players), repr(sorted(game.options.items())), tuple(game.actions)


class HintPanel:
    """The Play tab's hint: the Hint button, the "Always show a hint" checkbox and the hint. The
    dashboard calls :meth:`show` (the Hint button, or a new decision with the checkbox on) and
    :meth:`forget` (a new decision: an old hint no longer fits)."""

    def __init__(self, on_hint: Callable[[], None], on_always: Callable[[], None],
                 think: float = HINT_THINK, playouts: int | None = None, lang: str | None = None,
                 remember: Remember = lambda key, think: think()):
        """``remember(key, think)``: the analysis of decision ``key``, thought about by ``think()`` unless the page
        keeps it already (its panels made in another language think no more: ``page_work.PageWork.hint``)."""
        self.lang, self.remember = lang, remember
        _ = translator(lang).gettext
        #: the budget: ``think`` seconds, or ``playouts`` playouts (tests: the same numbers every time)
        self.think, self.playouts = think, playouts
        self.button = W.Button(description=_("Hint"), icon="lightbulb-o", tooltip=_(
            "the analysis's best {n} choices here (about {seconds} s of thinking)").format(
            n=SHOWN, seconds=f"{HINT_THINK:g}"), layout=W.Layout(width="auto", margin="2px"))
        self.button.add_class("cl-hint")
        self.button.on_click(lambda _b: on_hint())
        self.always = W.Checkbox(value=False, description=_("Always show a hint"), indent=False,
                                 tooltip=_("a hint at each of your decisions (each takes a moment to think)"),
                                 layout=W.Layout(width="auto"))
        self.always.add_class("cl-hint-always")
        self.always.observe(lambda change: on_always(), names="value")
        self.output = W.HTML()
        self.output.add_class("cl-hint-output")
        self.box = W.VBox([W.HBox([self.button, self.always], layout=W.Layout(align_items="center")),
                           self.output])
        self.box.add_class("cl-hints")
        self.key: tuple | None = None        # the decision the hint shown is for
        #: the hint shown (session/hint_screen.py; None: none)
        self.screen: HintScreen | None = None

    def show(self, game: Game) -> None:
        """Think about the current decision and show the best actions ("thinking…" meanwhile)."""
        self.output.value = f"<div class='cl-note cl-thinking'>{translator(self.lang).gettext(THINKING)}</div>"
        key = decision_key(game)
        rows = self.remember(key, lambda: analysis(game, self.think, self.playouts))
        self.screen = hint_screen(suggestions(game, rows, self.lang), self.lang)
        self.key = key
        self.output.value = hint_html(self.screen, len(game.actions))

    def show_while(self, game: Game, controls: ControlsView) -> None:
        """Show the hint, the controls and the Hint button disabled while it is thought about."""
        controls.disable()
        self.button.disabled = True
        try:
            self.show(game)
        finally:
            controls.enable()
            self.button.disabled = False

    def wanted(self, game: Game) -> bool:
        """The checkbox is on and the hint shown is not for this decision."""
        return self.always.value and self.key != decision_key(game)

    def forget(self, game: Game) -> None:
        """Clear a hint that is not for the current decision."""
        if self.key is not None and self.key != decision_key(game):
            self.key, self.screen, self.output.value = None, None, ""


__all__ = ["HINT_THINK", "HintPanel", "Remember", "analysis", "decision_key", "hint_html"]

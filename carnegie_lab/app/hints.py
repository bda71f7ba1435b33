"""Hints: the best few actions of the current decision, from the analysis, in the controls' words.

:func:`suggestions` runs ``carnegie_lab.analysis.evaluate`` on the decision (about
:data:`HINT_THINK` seconds, or a fixed ``playouts`` budget, which gives the same numbers every time)
and keeps the best :data:`SHOWN` actions, each with its win rate and expected final margin (with
their 95% intervals) and one line of ``explain``: what it changes at once. Each action is named as
the Play tab's control that plays it says it (:func:`control_words`). The analysis reads copies of
the game and only what the table can see: a hint never changes the game and never reveals
Andrew's hidden cards.

:class:`HintPanel` is its part of the Play tab: the Hint button, the "Always show a hint" checkbox
and the hint itself ("thinking…" while the analysis runs). The dashboard says when to compute one.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable

import ipywidgets as W

from ..analysis import ActionValue, Explanation, evaluate, explain
from ..analysis.compare import apart
from ..analysis.words import playout_result
from ..core.i18n import N_, number, render, translator
from ..engine import Game
from ..session.screen import Buttons, Labels, MoveGrid, Picker, panel_for
from .controls_view import ControlsView

#: Seconds of analysis for a hint in the app.
HINT_THINK = 1.5
#: Actions a hint shows.
SHOWN = 3
#: A page's memory of the analyses its hints made: ``remember(decision key, think) -> analysis``.
Remember = Callable[[tuple, Callable[[], list[ActionValue]]], list[ActionValue]]
#: What the hint says while the analysis runs.
THINKING = N_("thinking…")


@dataclass(frozen=True)
class Suggestion:
    """One suggested action: the control's words, where that control is, the analysis's numbers and
    one line of what the action changes at once."""
    notation: str
    words: str                 # what the control that plays it says
    place: str                 # the control's group title ("" for the buttons under the controls)
    value: ActionValue
    explanation: str


def control_words(game: Game, lang: str | None = None) -> dict[str, tuple[str, str]]:
    """notation -> (what its control says, the title of the control's group) for every legal action
    of the current decision, from the same panel the Play tab shows."""
    panel = panel_for(game, lang)
    out: dict[str, tuple[str, str]] = {}
    for group in panel.groups:
        if isinstance(group, Buttons):
            for o in group.options:
                out[o.notation] = (" — ".join(o.label.splitlines()), group.title)
        elif isinstance(group, Picker):
            for c in group.choices:
                out[c.notation] = (c.text or " · ".join(label for _, label in c.values), group.title)
        elif isinstance(group, MoveGrid):
            for _, _, notation in group.moves:
                out[notation] = (Labels(game, lang).action(notation), group.title)
    for o in panel.footer:
        out[o.notation] = (o.label, "")
    return out


def explanation_line(explanation: Explanation, lang: str | None = None) -> str:
    """What an action changes at once, in one line: the acting player's score if the game ended now,
    then everything else that changes (resources, income, network, the others' scores: the analysis's
    sentences, in the language)."""
    _ = translator(lang).gettext
    actor = explanation.player
    parts = []
    for c in explanation.changes:
        if c.topic == "score" and c.player == actor:
            if c.name == "total":      # the categories' changes add up to it
                parts.append(_("score if the game ended now {before} → {after} VP ({change})").format(
                    before=c.before, after=c.after, change=f"{c.after - c.before:+d}"))
        else:
            parts.append(render(c.text, lang))
    if explanation.guessed:
        parts.append(_("what Andrew's hidden card does is a guess"))
    text = "; ".join(parts) if parts else _("nothing changes on the table yet")
    return text.replace(" -> ", " → ")


def analysis(game: Game, think: float | None = HINT_THINK, playouts: int | None = None) -> list[ActionValue]:
    """What a hint thinks about (the costly part): the decision's actions valued by the analysis.
    ``playouts``: a fixed budget instead of ``think`` seconds (the same numbers every time)."""
    return evaluate(game, think=None if playouts is not None else think, playouts=playouts)


def suggestions(game: Game, think: float | None = HINT_THINK, playouts: int | None = None,
                count: int = SHOWN, lang: str | None = None, rows: list[ActionValue] | None = None) -> list[Suggestion]:
    """The best ``count`` actions of the current decision (fewer if there are fewer), best first, from its
    :func:`analysis` (``rows``, made here if None). Actions that only repeat a listed one (the same build on an
    equivalent space) are left out."""
    rows = analysis(game, think, playouts) if rows is None else rows
    words = control_words(game, lang)
    out: list[Suggestion] = []
    listed: set = set()
    for row in rows:
        if len(out) == count:
            break
        if row.same_as is not None and row.same_as in listed:
            continue
        listed.add(row.action)
        notation = str(row.action)
        said, place = words.get(notation, (Labels(game, lang).action(row.action), ""))
        out.append(Suggestion(notation, said, place, row, explanation_line(explain(game, row.action), lang)))
    return out


def hint_html(rows: list[Suggestion], actions: int, lang: str | None = None) -> str:
    """The hint: a numbered list of the suggestions (``actions``: the game's action count, which
    says the decision it is for, as the turn card's ``data-actions``). A suggestion the playouts do not
    tell from the first says so; when they tell none of them from it, the hint says so in words and
    shows only what each one does now; when even the first loses on average, it says that in words."""
    if not rows:
        return ""
    tr = translator(lang)
    told = [apart(rows[0].value, s.value) for s in rows[1:]]
    blind = bool(told) and not any(told)        # the playouts tell none of them from the first
    items = []
    for s, tied in zip(rows, [False] + [not t and bool(s.value.playouts) for t, s in zip(told, rows[1:])]):
        place = f" <span class='cl-hint-place'>({html.escape(s.place)})</span>" if s.place else ""
        numbers = (tr.gettext("as good as the first, as far as the playouts tell: ") if tied else "") + playout_result(
            s.value, lang)
        items.append(f"<li class='cl-hint-row' data-notation='{html.escape(s.notation)}'>"
                     f"<b>{html.escape(s.words)}</b>{place}"
                     + ("" if blind else f"<div class='cl-hint-numbers'>{html.escape(numbers)}</div>")
                     + f"<div class='cl-hint-why'>{html.escape(s.explanation)}</div></li>")
    best = rows[0].value
    lead = ("<div class='cl-note cl-hint-blind'>" + tr.gettext(
        "The playouts cannot tell these choices apart yet (the end of the game is too far to see): here is what "
        "each one does now.") + "</div>") if blind else ""
    if not blind and best.playouts and best.margin < 0:
        lead = "<div class='cl-note cl-hint-losing'>" + html.escape(tr.gettext(
            "Every choice here loses on average; the best keeps the margin to {margin} VP.").format(
            margin=number(best.margin, "+.1f", lang))) + "</div>"
    title = (tr.gettext("Hint: the analysis's best choice") if len(rows) == 1 else
             tr.gettext("Hint: the analysis's best {n} choices").format(n=len(rows)))
    return (f"<div class='cl-group-title'>{title}</div>{lead}"
            f"<ol class='cl-hint-rows' data-actions='{actions}'>{''.join(items)}</ol>"
            "<div class='cl-note'>" + tr.gettext("From playouts of the game with every player playing on like the "
                                                 "medium bot; [ ]: {level} intervals. A guide, not a rule.").format(
                level="95%") + "</div>")


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
        self.rows: list[Suggestion] = []

    def show(self, game: Game) -> None:
        """Think about the current decision and show the best actions ("thinking…" meanwhile)."""
        self.output.value = f"<div class='cl-note cl-thinking'>{translator(self.lang).gettext(THINKING)}</div>"
        key = decision_key(game)
        rows = self.remember(key, lambda: analysis(game, self.think, self.playouts))
        self.rows = suggestions(game, lang=self.lang, rows=rows)
        self.key = key
        self.output.value = hint_html(self.rows, len(game.actions), self.lang)

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
            self.key, self.rows, self.output.value = None, [], ""


__all__ = ["HINT_THINK", "HintPanel", "Remember", "SHOWN", "Suggestion", "analysis", "control_words",
           "explanation_line", "hint_html", "suggestions"]

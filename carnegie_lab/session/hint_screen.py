"""What the Play tab's hint shows, as plain data (no widgets: ``app/hints.py`` draws it and runs the analysis): the
best :data:`SHOWN` actions of the current decision from the analysis's rows (``carnegie_lab.analysis.evaluate``), each
named as the Play tab's control that plays it says it (:func:`control_words`), with its numbers and one line of what
it changes at once (:func:`suggestions`); and the :class:`HintScreen` of those suggestions (:func:`hint_screen`): their
rows, whether the playouts tell them apart, the lead note, the title and the footnote, in the page's language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..analysis import ActionValue, Explanation, explain
from ..analysis.compare import apart
from ..analysis.words import playout_result
from ..core.i18n import N_, number, render, translator
from ..engine import Game
from .controls import Buttons, MoveGrid, Picker, panel_for
from .labels import Labels

#: Actions a hint shows.
SHOWN = 3
#: What the hint says while the analysis runs.
THINKING = N_("thinking…")
#: The lead note's kinds: the playouts tell no suggestion from the first; even the first loses on average.
BLIND, LOSING = "blind", "losing"


@dataclass(frozen=True)
class Suggestion:
    """One suggested action: the control's words, where that control is, the analysis's numbers and
    one line of what the action changes at once."""
    notation: str
    words: str                 # what the control that plays it says
    place: str                 # the control's group title ("" for the buttons under the controls)
    value: ActionValue
    explanation: str


@dataclass(frozen=True)
class HintRow:
    """A suggestion as the hint shows it: its words and place, its numbers in words ("" when the playouts tell
    none of the suggestions from the first), what it changes at once, and whether the playouts tell it from the
    first (``tied``: they do not)."""
    notation: str
    words: str
    place: str
    numbers: str
    explanation: str
    tied: bool = False


@dataclass(frozen=True)
class HintScreen:
    """The hint: its title, a lead note (``note_kind`` :data:`BLIND` or :data:`LOSING`, "" for none), the rows
    best first and the footnote."""
    title: str
    note: str
    note_kind: str
    rows: tuple[HintRow, ...]
    footnote: str


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


def suggestions(game: Game, rows: Sequence[ActionValue], lang: str | None = None,
                count: int = SHOWN) -> list[Suggestion]:
    """The best ``count`` actions of the current decision (fewer if there are fewer), best first, from the
    analysis's ``rows`` of it. Actions that only repeat a listed one (the same build on an equivalent space) are
    left out."""
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


def hint_screen(shown: Sequence[Suggestion], lang: str | None = None) -> HintScreen | None:
    """The hint of the suggestions ``shown`` (None for none). A suggestion the playouts do not tell from the first
    says so; when they tell none of them from it, the hint says so and shows only what each one does now (no
    numbers); when even the first loses on average, it says that."""
    if not shown:
        return None
    _ = translator(lang).gettext
    told = [apart(shown[0].value, s.value) for s in shown[1:]]
    blind = bool(told) and not any(told)        # the playouts tell none of them from the first
    rows = []
    for s, tied in zip(shown, [False] + [not t and bool(s.value.playouts) for t, s in zip(told, shown[1:])]):
        numbers = "" if blind else (
            (_("as good as the first, as far as the playouts tell: ") if tied else "") + playout_result(s.value, lang))
        rows.append(HintRow(s.notation, s.words, s.place, numbers, s.explanation, tied))
    best = shown[0].value
    note, kind = "", ""
    if blind:
        note, kind = _("The playouts cannot tell these choices apart yet (the end of the game is too far to see): "
                       "here is what each one does now."), BLIND
    elif best.playouts and best.margin < 0:
        note, kind = _("Every choice here loses on average; the best keeps the margin to {margin} VP.").format(
            margin=number(best.margin, "+.1f", lang)), LOSING
    title = (_("Hint: the analysis's best choice") if len(shown) == 1 else
             _("Hint: the analysis's best {n} choices").format(n=len(shown)))
    footnote = _("From playouts of the game with every player playing on like the medium bot; [ ]: {level} "
                 "intervals. A guide, not a rule.").format(level="95%")
    return HintScreen(title, note, kind, tuple(rows), footnote)


__all__ = ["BLIND", "HintRow", "HintScreen", "LOSING", "SHOWN", "Suggestion", "THINKING", "control_words",
           "explanation_line", "hint_screen", "suggestions"]

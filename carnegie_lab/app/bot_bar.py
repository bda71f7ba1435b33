"""The Play tab's bot bar: Step, Play bots, Bots finish the game (with the bot that finishes), "Bots play at
once" and the progress of the bots at work. In a human's solo game it lets a bot play the human's seat: Step (one
decision) and Play to the end, by the bot of the strength chosen beside them."""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ..core.i18n import render, translator
from ..session import BOT_KINDS, FINISHING_BOT, SEAT_KINDS, Progress
from ..session.screen import Bots
from .aria import hidden_label
from .guide import explain


def button(label: str, icon: str, tooltip: str, action: Callable[[], None], cls: str, style: str = "") -> W.Button:
    """A small button of the page (``style``: ipywidgets' ``button_style``, "primary"...) that calls ``action``
    (already guarded) when clicked."""
    b = W.Button(description=label, icon=icon, tooltip=tooltip, button_style=style,
                 layout=W.Layout(width="auto", margin="2px"))
    b.add_class(cls)
    b.on_click(lambda _b: action())
    return b


class BotBar:
    """The bots' buttons and progress; ``step``, ``play``, ``finish`` and ``auto_changed`` are the dashboard's
    (guarded) callbacks."""

    def __init__(self, auto: bool, rounds: int, step: Callable[[], None], play: Callable[[], None],
                 finish: Callable[[], None], auto_changed: Callable[[], None], lang: str | None = None):
        self.lang = lang
        tr = translator(lang)
        _, self.ngettext = tr.gettext, tr.ngettext
        self.auto = W.Checkbox(value=auto, description=_("Bots play at once"), indent=False,
                               tooltip=_("when unchecked, bots wait for Step or Play"), layout=W.Layout(width="auto"))
        self.auto.add_class("cl-auto")
        self.auto.observe(lambda change: auto_changed(), names="value")
        #: Step's hover, the finish button's words and hover: in a game with bot seats (False), in a solo game (True)
        self.words = {False: (_("one bot decision"), _("Bots finish the game"),
                              _("hand every human seat to the bot chosen next to it and play to the end")),
                      True: (_("the bot chosen next to it plays your next decision (Undo takes it back)"),
                             _("Play to the end"), _("the bot chosen next to it plays your seat to the end of the "
                                                     "game (Undo gives the seat back)"))}
        self.step_button = button(_("Step"), "step-forward", self.words[False][0], step, "cl-step")
        self.play_button = button(_("Play bots"), "forward", _("bots decide until a human does"), play, "cl-play")
        self.finish_button = button(self.words[False][1], "fast-forward", self.words[False][2], finish, "cl-finish")
        self.finish_kind = W.Dropdown(options=[(render(SEAT_KINDS[k], lang), k) for k in BOT_KINDS],
                                      value=FINISHING_BOT, tooltip=_("the bot that plays the human seats to the end"),
                                      layout=W.Layout(width="120px"))
        hidden_label(self.finish_kind, self.finish_kind.tooltip)
        self.finish_kind.add_class("cl-finish-kind")
        self.progress = W.IntProgress(min=0, max=rounds, value=0, layout=W.Layout(width="120px"))
        self.progress.add_class("cl-progress")
        self.progress_label = W.HTML()
        self.progress_label.add_class("cl-progress-label")
        self.box = W.VBox([
            W.HBox([self.step_button, self.play_button, self.finish_button, self.finish_kind],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.auto, self.progress, self.progress_label], layout=W.Layout(align_items="center"))])
        self.box.add_class("cl-bots")

    def busy(self, text: str) -> None:
        """Bots at work: the buttons disabled, the text in the progress label."""
        for b in (self.step_button, self.play_button, self.finish_button):
            b.disabled = True
        self.progress_label.value = f"<span class='cl-note'>{html.escape(text)}</span>"

    def show_progress(self, p: Progress, round_: int, where: str) -> None:
        """The bots at work: ``p``, in round ``round_`` (``where``: the screen's words for it)."""
        self.progress.value = min(round_, self.progress.max)
        done = self.ngettext("{n} bot decision", "{n} bot decisions", p.done).format(n=p.done)
        self.progress_label.value = f"<span class='cl-note'>{done} · {html.escape(where)}</span>"

    def draw(self, bots: Bots) -> None:
        """The screen's bot bar: for a solo game or not, the buttons enabled or why not, where the game is."""
        step_hover, self.finish_button.description, finish_hover = self.words[bots.solo]
        self.play_button.layout.display = self.auto.layout.display = "none" if bots.solo else ""
        explain(self.step_button, bots.step_why, step_hover)
        explain(self.play_button, bots.step_why)
        explain(self.finish_button, bots.finish_why, finish_hover)
        self.finish_kind.disabled = self.finish_button.disabled
        self.auto.disabled = not bots.auto_enabled
        self.progress.max = bots.rounds
        self.progress.value = min(bots.round, self.progress.max)
        self.progress_label.value = f"<span class='cl-note'>{html.escape(bots.where)}</span>"


__all__ = ["BotBar", "button"]

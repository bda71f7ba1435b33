"""The Play tab's bot bar: Step, Play bots, Bots finish the game (with the bot that finishes), "Bots play at
once" and the progress of the bots at work."""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ..core.i18n import render, translator
from ..session import BOT_KINDS, FINISHING_BOT, SEAT_KINDS, Progress
from ..session.screen import Bots
from .aria import hidden_label
from .guide import explain


def button(label: str, icon: str, tooltip: str, action: Callable[[], None], cls: str) -> W.Button:
    """A small button of the Play tab that calls ``action`` (already guarded) when clicked."""
    b = W.Button(description=label, icon=icon, tooltip=tooltip, layout=W.Layout(width="auto", margin="2px"))
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
        self.step_button = button(_("Step"), "step-forward", _("one bot decision"), step, "cl-step")
        self.play_button = button(_("Play bots"), "forward", _("bots decide until a human does"), play, "cl-play")
        self.finish_button = button(
            _("Bots finish the game"), "fast-forward",
            _("hand every human seat to the bot chosen next to it and play to the end"), finish, "cl-finish")
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
        done = translator(self.lang).gettext("{n} bot decisions").format(n=p.done)
        self.progress_label.value = f"<span class='cl-note'>{done} · {html.escape(where)}</span>"

    def draw(self, bots: Bots) -> None:
        """The screen's bot bar: shown or not, the buttons enabled or why not, where the game is."""
        self.box.layout.display = "" if bots.shown else "none"
        explain(self.step_button, bots.step_why)
        explain(self.play_button, bots.step_why)
        explain(self.finish_button, bots.finish_why)
        self.finish_kind.disabled = self.finish_button.disabled
        self.auto.disabled = not bots.auto_enabled
        self.progress.max = bots.rounds
        self.progress.value = min(bots.round, self.progress.max)
        self.progress_label.value = f"<span class='cl-note'>{html.escape(bots.where)}</span>"


__all__ = ["BotBar", "button"]

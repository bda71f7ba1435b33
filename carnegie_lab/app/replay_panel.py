"""The Replay tab: scrub through a game (a slider, step and round buttons, the arrow keys), read
what each step wrote, see the score if the game had ended there and the evaluation bar (app/eval_bar.py), and play on
from any step.

The panel shows a :class:`~.replay.Replay`; the board shows the game at the chosen moment (the
dashboard's ``on_show``), and "Play from here" hands that moment to the dashboard (``on_branch``),
which makes it a new live game.
"""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ..core.i18n import translator
from ..core.words import round_of
from ..engine import Game
from ..session import Seat
from ..session.screen import EvalJob, Moment, Replay, ReviewJob, shown
from .action_words import words_html
from .aria import AriaLabels
from .board_html import scores_html
from .control_widgets import shared
from .eval_bar import EvalBar
from .keys import ArrowKeys
from .panels import chip
from .review_panel import ReviewPanel

#: What the board is told at each moment: the game then and the seats' labels.
ShowFn = Callable[[Game, list[str]], None]


class ReplayPanel:
    """A replay and its controls (see the module)."""

    def __init__(self, on_show: ShowFn, on_branch: Callable[[Replay, int], None],
                 on_this_game: Callable[[], None], review_job: ReviewJob | None = None, lang: str | None = None,
                 evals: EvalJob | None = None):
        self.on_show, self.on_branch, self.lang = on_show, on_branch, lang
        tr = translator(lang)
        _, self.ngettext = tr.gettext, tr.ngettext
        self.replay: Replay | None = None
        self.seats: list[Seat] = []
        self.index = 0
        self.game: Game | None = None           # the game at the moment shown
        self._quiet = False
        self.source = W.HTML()
        self.source.add_class("cl-replay-source")
        self.this_game = W.Button(description=_("Replay this game"), icon="history",
                                  tooltip=_("the game of the Play tab, from its start"), layout=W.Layout(width="auto"))
        self.this_game.add_class("cl-replay-this")
        self.this_game.on_click(lambda _b: on_this_game())
        self.slider = W.IntSlider(min=0, max=0, value=0, continuous_update=False, readout=False,
                                  layout=W.Layout(width="100%"))
        self.slider.add_class("cl-replay-slider")
        #: the slider's handle named for screen readers (ipywidgets leaves it nameless)
        self.names = AriaLabels({".cl-replay-slider .noUi-handle": _("the step of the replay shown")})
        self.slider.observe(lambda change: None if self._quiet else self.go(change["new"]), names="value")
        nav = shared(W.Layout(width="auto", margin="2px"))
        self.buttons = {
            name: self._button(label, icon, tip, nav, step)
            for name, label, icon, tip, step in (
                ("home", _("Start"), "fast-backward", _("the start of the game (Home)"), lambda: 0),
                ("pageup", _("Round"), "backward", _("where this round began, or the round before (Page Up)"),
                 lambda: self._replay().round_step(self.index, -1)),
                ("left", _("Step"), "step-backward", _("one step back (←)"), lambda: self.index - 1),
                ("right", _("Step"), "step-forward",
                 _("one step on (→): a bot's move, or one of Andrew's, is a step"), lambda: self.index + 1),
                ("pagedown", _("Round"), "forward", _("the next round (Page Down)"),
                 lambda: self._replay().round_step(self.index, 1)),
                ("end", _("End"), "fast-forward", _("the last step (End)"), lambda: self._replay().last))}
        self.play_here = W.Button(description=_("Play from here"), icon="play", button_style="primary",
                                  tooltip=_("a new game, stored on its own, from this step (the replay is kept)"),
                                  layout=W.Layout(width="auto", margin="6px 0"))
        self.play_here.add_class("cl-replay-branch")
        self.play_here.on_click(lambda _b: self.branch())
        self.step = W.HTML()
        self.step.add_class("cl-replay-step")
        self.score = W.HTML()
        self.score.add_class("cl-replay-score")
        self.keys = ArrowKeys(self.key)
        #: the game review: its marks under the slider, its verdict in the step, its controls and chart
        self.review = ReviewPanel(review_job or ReviewJob(), self.go, self._reviewed, lang)
        #: the evaluation bar of the moment shown, above the slider (computed in the background: the page's ``evals``)
        self.bar = EvalBar(evals or EvalJob(), lang)
        self.controls = W.VBox([self.bar.widget, self.slider, self.review.marks,
                                W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap")),
                                self.play_here, self.step, self.score, self.review.box])
        self.box = W.VBox([W.HTML("<div class='cl-group-title'>" + _("Replay") + "</div>"), self.source, self.this_game,
                           self.controls, self.keys, self.names])
        self.box.add_class("cl-replay")
        self._enable()

    def _button(self, label: str, icon: str, tip: str, layout: W.Layout, target: Callable[[], int]) -> W.Button:
        b = W.Button(description=label, icon=icon, tooltip=tip, layout=layout)
        b.add_class("cl-replay-nav")
        b.add_class(f"cl-replay-{icon}")
        b.on_click(lambda _b: self.go(target()))
        return b

    def _replay(self) -> Replay:
        assert self.replay is not None, "no replay open"
        return self.replay

    def _enable(self) -> None:
        self.controls.layout.display = "" if self.replay is not None else "none"
        if self.replay is None:
            self.source.value = ("<div class='cl-note'>" + translator(self.lang).gettext(
                "Replay this page's game, or a stored game (the New game tab lists them, each with Replay).")
                + "</div>")

    # -- opening and moving ---------------------------------------------------------------------
    def open(self, replay: Replay, at: int | None = None, stored: bool = False) -> None:
        """Show this replay (``stored``: its game is in the store), at moment ``at`` (default: the end)."""
        self.replay, self.seats = replay, replay.seats
        self.review.open(replay, replay.seats, stored)
        self._quiet = True
        try:
            self.slider.max = replay.last
        finally:
            self._quiet = False
        kinds = ", ".join(html.escape(f"{s.name}" + ("" if s.is_human else f" ({shown(s.describe(), self.lang)})"))
                          for s in self.seats)
        hover = f" title='game {html.escape(replay.game_id, quote=True)}'" if replay.game_id else ""
        title = f" · <span{hover}>{html.escape(shown(replay.title, self.lang))}</span>" if replay.title else ""
        size = ", ".join((self.ngettext("{n} action", "{n} actions", replay.actions).format(n=replay.actions),
                          self.ngettext("{n} step", "{n} steps", replay.last).format(n=replay.last)))
        self.source.value = f"<div class='cl-note'>{kinds}{title} · {size}</div>"
        self._enable()
        self.go(replay.last if at is None else at)

    def go(self, index: int) -> None:
        """Show moment ``index`` (kept within the replay)."""
        replay = self.replay
        if replay is None:
            return
        self.index = index = max(0, min(index, replay.last))
        if self.slider.value != index:
            self._quiet = True
            try:
                self.slider.value = index
            finally:
                self._quiet = False
        moment = replay.moments[index]
        self.game = game = replay.game_at(moment.actions)
        self.step.value = self._moment_html(moment, index) + self.review.step_html(moment)
        self.bar.show(replay, index, self.review.review)
        _ = translator(self.lang).gettext
        self.score.value = scores_html(game, caption=_("Final scores") if game.is_over else
                                       _("Score if the game ended at this step"), lang=self.lang)
        for name, b in self.buttons.items():
            b.disabled = index == 0 if name in ("home", "pageup", "left") else index == replay.last
        self.on_show(game, [self._label(i, moment.actions) for i in range(len(self.seats))])

    def key(self, name: str) -> None:
        """An arrow key (or Home, End, Page Up/Down) pressed while the tab is shown."""
        if self.replay is not None and name in self.buttons:
            self.buttons[name].click()

    def _reviewed(self) -> None:
        """A review came (or went): the step shown says what it says of it."""
        if self.replay is not None:
            moment = self.replay.moments[self.index]
            self.step.value = self._moment_html(moment, self.index) + self.review.step_html(moment)
            self.bar.show(self.replay, self.index, self.review.review)

    def branch(self) -> None:
        if self.replay is not None:
            self.on_branch(self.replay, self.replay.moments[self.index].actions)

    # -- words ----------------------------------------------------------------------------------
    def _label(self, seat: int, actions: int) -> str:
        """Who played a seat when the game had this many actions ("" for a human)."""
        s = self._replay().seats_at(actions)[seat]
        return "" if s.is_human else s.describe()

    def _moment_html(self, m: Moment, index: int) -> str:
        replay, _ = self._replay(), translator(self.lang).gettext
        where = round_of(m.round, replay.rounds, lang=self.lang)
        after = self.ngettext("after {n} action", "after {n} actions", m.actions).format(n=m.actions)
        head = (f"<div class='cl-replay-where' data-step='{index}' data-actions='{m.actions}'>"
                "<b>" + _("Step {n} of {last}").format(n=index, last=replay.last) + f"</b> · {where} · {after}</div>")
        if m.seat is None:
            return head + "<div class='cl-note'>" + _("The start of the game: nothing played yet.") + "</div>"
        name = html.escape(self.seats[m.seat].name)
        label = shown(self._label(m.seat, m.actions), self.lang)
        who = f"{chip(m.seat)}<b>{name}</b>" + (f" <span class='cl-note'>({html.escape(label)})</span>"
                                                 if label else "")
        played = words_html(replay.words(m, self.lang), m.notation)
        if m.andrew:
            what = "<div>" + _("<b>{andrew}</b>'s turn, one move at a time <span class='cl-note'>(after {player}'s "
                               "{played}: the board shows his whole turn)</span>").format(
                andrew=html.escape(replay.andrew or ""), player=name, played=played) + "</div>"
        else:
            what = f"<div>{who}: {played}</div>"
        lines = "".join(f"<li>{html.escape(shown(t, self.lang))}</li>" for t in m.lines)
        return f"{head}{what}<ul class='cl-recent-lines cl-replay-lines'>{lines}</ul>"


__all__ = ["ReplayPanel"]

"""``Dashboard``: the whole app — the board on the left, the decision and the game's menus on the right.

    import carnegie_lab as cl
    cl.widgets.Dashboard()                         # a game of You against a random bot
    cl.widgets.Dashboard(cl.new_game(["Ada", "Bo"], seed=3))

Every control ends in ``Controller.apply(notation)``. Errors (an illegal action, a broken record, a
bad new-game form) are shown in the status line and the game is kept.
"""
from __future__ import annotations

import html
import time
import traceback
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..errors import CarnegieError
from ..views.palette import PLAYER_COLOURS
from .board import BoardView, scores_html
from .controller import FINISHING_BOT, SEAT_KINDS, Controller, Progress, Seat, Setup
from .controls import panel_for
from .panels import NewGamePanel, RecordPanel, chip
from .render import ControlsView
from .style import STYLE

#: At most this many lines of "what happened" are shown in the Play tab (the Log tab has them all).
RECENT_LINES = 14
SIDE_TABS = ("Play", "New game", "Save / load")


class Dashboard(W.VBox):
    """The Carnegie app: play a game against bots or Andrew Carnegie, one click at a time."""

    def __init__(self, game=None, seats: Sequence[Seat] | None = None, setup: Setup | None = None,
                 auto: bool = True, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-dashboard")
        if game is not None:
            self.controller = Controller(game=game, seats=seats)
        else:
            self.controller = Controller(setup)
        self.timings: dict[str, float] = {}

        # -- the decision (Play tab)
        self.turn = W.HTML()
        self.turn.add_class("cl-turn-card")
        self.status = W.HTML()
        self.status.add_class("cl-status")
        self.controls = ControlsView(self.act)
        self.auto = W.Checkbox(value=auto, description="Bots play at once", indent=False,
                               tooltip="when unchecked, bots wait for Step or Play", layout=W.Layout(width="auto"))
        self.auto.add_class("cl-auto")
        self.auto.observe(lambda change: self._guard(self._auto_changed), names="value")
        self.step_button = self._button("Step", "step-forward", "one bot decision", self.step_bot, "cl-step")
        self.play_button = self._button("Play bots", "forward", "bots decide until a human does", self.play_bots,
                                        "cl-play")
        self.finish_button = self._button(
            "Bots finish the game", "fast-forward",
            f"hand every human seat to the {SEAT_KINDS[FINISHING_BOT].lower()} and play to the end",
            self.finish, "cl-finish")
        self.progress = W.IntProgress(min=0, max=self.game.rules.constants.rounds, value=0,
                                      layout=W.Layout(width="120px"))
        self.progress.add_class("cl-progress")
        self.progress_label = W.HTML()
        self.progress_label.add_class("cl-progress-label")
        self.bot_bar = W.VBox([
            W.HBox([self.step_button, self.play_button, self.finish_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.auto, self.progress, self.progress_label], layout=W.Layout(align_items="center"))])
        self.bot_bar.add_class("cl-bots")
        self.recent = W.HTML()
        self.recent.add_class("cl-recent")
        self.undo_button = self._button("Undo", "undo", "take back your last decision (and the bots' after it)",
                                        self.undo, "cl-undo")
        self.restart_button = self._button("Restart", "refresh", "the same game from its start", self.restart,
                                           "cl-restart")
        self.final = W.HTML()
        self.final.add_class("cl-final")
        play = W.VBox([self.turn, self.status, self.final, self.controls.box, self.bot_bar, self.recent,
                       W.HBox([self.undo_button, self.restart_button])])
        play.add_class("cl-play-tab")

        # -- new game, save / load
        self.new_game_panel = NewGamePanel(self.start, self.controller.setup)
        self.records = RecordPanel(self.load)
        self.side = W.Tab(children=[play, self.new_game_panel.box, self.records.box], titles=list(SIDE_TABS))
        self.side.add_class("cl-side-tabs")
        self.side.observe(lambda change: self._guard(self._side_changed), names="selected_index")

        # -- the board. In a kernel (Jupyter, Voilà) the figures wait until the page has drawn the
        # turn card: the page then shows the controls without waiting for plotly's ~5 MB bundle,
        # which the first FigureWidget brings (about two seconds less to an interactive page).
        self.board = BoardView(self.controller.game, defer=_frontend())
        if self.board.defer:
            self.turn._view_count = 0
            self.turn.observe(self._page_shown, names="_view_count")

        rounds = self.game.rules.constants.rounds
        header = W.HTML("<div class='cl-header'><span class='cl-title'>Carnegie</span>"
                        f"<span class='cl-subtitle'>build an industrial empire in {rounds} rounds · "
                        "hover the board for details</span></div>")
        main = W.HBox([self.board.box, self.side], layout=W.Layout(align_items="flex-start"))
        main.add_class("cl-main")
        self.children = [W.HTML(STYLE), header, main]
        self._ready = False
        self._guard(self._after_change, run_bots=True)
        self._ready = True

    # -- small builders ---------------------------------------------------------------------------
    def _button(self, label: str, icon: str, tooltip: str, action: Callable[[], None], cls: str) -> W.Button:
        b = W.Button(description=label, icon=icon, tooltip=tooltip, layout=W.Layout(width="auto", margin="2px"))
        b.add_class(cls)
        b.on_click(lambda _b: self._guard(action))
        return b

    # -- what the controls do ---------------------------------------------------------------------
    @property
    def game(self):
        return self.controller.game

    def act(self, notation: str) -> None:
        """A human's action (what every control calls)."""
        self._guard(self._act, notation)

    def _act(self, notation: str) -> None:
        start = time.perf_counter()
        if not self.controller.human_to_move:      # a click that arrived late: never play for a bot
            self.say("Not your decision now." if not self.game.is_over else "The game is over.", error=True)
            return
        try:
            self.controller.apply(notation)
        except CarnegieError as e:
            self.say(str(e), error=True)
            return
        self.say("")
        self._after_change(run_bots=True)
        self.timings["last action (server)"] = time.perf_counter() - start

    def step_bot(self) -> None:
        if self.controller.step_bot() is None:
            self.say("No bot is deciding now.")
        self._after_change(run_bots=False)

    def play_bots(self) -> None:
        self._run_bots(until_human=True)
        self._after_change(run_bots=False)

    def finish(self) -> None:
        """Hand the human seats to a bot and play to the end."""
        if self.game.is_over:
            self.say("The game is over.")
            return
        self._busy("Bots are finishing the game…")
        start = time.perf_counter()
        steps = self.controller.finish_with_bots(progress=self._progress)
        self.timings["bots finish the game (server)"] = time.perf_counter() - start
        self.say(f"Bots played the last {len(steps)} decisions.")
        self._after_change(run_bots=False)

    def undo(self) -> None:
        if self.controller.undo() == 0:
            self.say("Nothing to undo: no human decision yet.", error=True)
        else:
            self.say("")
        self._after_change(run_bots=False)

    def restart(self) -> None:
        self.controller.restart()
        self.say("")
        self.board.set_game(self.game)
        self._after_change(run_bots=True)

    def start(self, setup: Setup) -> None:
        """Start a new game (the New game tab's Start button)."""
        self._guard(self._start, setup)

    def _start(self, setup: Setup) -> None:
        try:
            self.controller.new_game(setup)
        except (ValueError, CarnegieError) as e:
            self.new_game_panel.message.value = f"<p class='cl-error'>{html.escape(str(e))}</p>"
            return
        self.say("")
        humans = self.controller.humans
        self.board.set_game(self.game, seat=humans[0] if humans else None)
        self.side.selected_index = 0
        self._after_change(run_bots=True)

    def load(self, data: bytes, name: str = "file") -> None:
        self._guard(self._load, data, name)

    def _load(self, data: bytes, name: str) -> None:
        try:
            self.controller.load(data)
        except CarnegieError as e:
            text = f"Could not load {name}: {e}. The current game is kept."
            self.records.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            self.say(text, error=True)
            return
        self.records.message.value = f"<p class='cl-ok'>Loaded {html.escape(name)}.</p>"
        self.say("")
        self.new_game_panel.fill(self.controller.setup)
        self.board.set_game(self.game)
        self._after_change(run_bots=False)

    # -- running bots -----------------------------------------------------------------------------
    def _run_bots(self, until_human: bool) -> None:
        if not self.controller.bot_to_move:
            return
        self._busy("Bots are playing…")
        start = time.perf_counter()
        self.controller.run_bots(until_human=until_human, progress=self._progress)
        self.timings["bots until a human decides (server)"] = time.perf_counter() - start

    def _busy(self, text: str) -> None:
        self.controls.clear(text)
        for b in (self.step_button, self.play_button, self.finish_button, self.undo_button):
            b.disabled = True

    def _progress(self, p: Progress) -> None:
        game = self.game
        self.progress.value = min(game.round, self.progress.max)
        self.progress_label.value = f"<span class='cl-note'>{p.done} bot decisions · {_where(game)}</span>"

    def _page_shown(self, change) -> None:
        if (change["new"] or 0) > 0:
            self.turn.unobserve(self._page_shown, names="_view_count")
            self._guard(self.board.start_drawing)

    def _auto_changed(self) -> None:
        if self.auto.value and self.controller.bot_to_move:
            self._after_change(run_bots=True)
        else:
            self._show_decision()

    def _side_changed(self) -> None:
        if self.side.selected_index == 2:
            self.records.update(self.controller)

    # -- redrawing --------------------------------------------------------------------------------
    def _after_change(self, run_bots: bool) -> None:
        if run_bots and self.auto.value:
            self._run_bots(until_human=True)
        start = time.perf_counter()
        self._show_decision()
        ctl = self.controller
        seat = ctl.current_seat
        if seat is not None and ctl.seats[seat].is_human:
            self.board.follow(seat)
        self.board.game = self.game
        self.board.kinds = [s.describe() for s in ctl.seats]
        if self._ready:                     # after any click the board draws, even if the page never
            self.board.defer = False        # reported itself drawn (a frontend without view counts)
        self.board.refresh()
        if self.side.selected_index == 2:
            self.records.update(ctl)
        self.timings["redraw (server)"] = time.perf_counter() - start

    def _show_decision(self) -> None:
        ctl = self.controller
        game = ctl.game
        seat = ctl.current_seat
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if seat is not None else "#8a8478"
        if game.is_over:
            self.controls.clear()
            self.final.value = (f"<div class='cl-game-over'>{html.escape(ctl.result())}</div>"
                                + scores_html(game))
        elif ctl.human_to_move:
            self.final.value = ""
            self.controls.show(panel_for(game))
        else:
            self.final.value = ""
            assert seat is not None             # the game is not over: somebody decides
            who = ctl.seats[seat]
            self.controls.clear(f"{html.escape(who.name)} is a {SEAT_KINDS[who.kind].lower()}: "
                                "use Step or Play bots below (or check “Bots play at once”).")
        bot_turn = ctl.bot_to_move
        self.step_button.disabled = not bot_turn
        self.play_button.disabled = not bot_turn
        self.finish_button.disabled = game.is_over
        self.undo_button.disabled = not ctl.can_undo
        self.progress.max = game.rules.constants.rounds
        self.progress.value = min(game.round, self.progress.max)
        self.progress_label.value = f"<span class='cl-note'>{_where(game)}</span>"
        lines = ctl.recent[-RECENT_LINES:]
        more = len(ctl.recent) - len(lines)
        items = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
        head = "What happened" + (f" (last {len(lines)} of {len(ctl.recent)} lines; all in the Log tab)"
                                  if more else "")
        self.recent.value = (f"<div class='cl-group-title'>{head}</div><ul class='cl-recent-lines'>{items}</ul>"
                             if lines else "")
        # last: the page (and the browser test) take a new data-actions as 'the decision is shown'
        self.turn.value = (f"<div class='cl-turn' data-actions='{len(game.actions)}' "
                           f"data-kind='{game.decision.kind}' style='border-left-color:{colour}'>"
                           f"<div class='cl-headline'>{chip(seat) if seat is not None else ''}"
                           f"{html.escape(ctl.headline())}</div>"
                           f"<div class='cl-prompt'>{html.escape(_prompt(ctl))}</div></div>")

    def say(self, text: str, error: bool = False) -> None:
        """The status line (errors in red)."""
        cls = "cl-error" if error else "cl-info"
        self.status.value = f"<div class='{cls}'>{html.escape(text)}</div>" if text else ""

    def _guard(self, fn: Callable, *args: Any, **kwargs: Any) -> None:
        """Run a callback; an unexpected exception is shown in the status line, not lost."""
        try:
            fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 -- a widget callback has nowhere else to report
            traceback.print_exc()
            self.say(f"Unexpected error: {type(e).__name__}: {e}", error=True)
            try:
                self._show_decision()
            except Exception:  # noqa: BLE001
                pass


def _frontend() -> bool:
    """True in a Jupyter kernel (Voilà, JupyterLab): widgets have a page that draws them."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _where(game) -> str:
    if game.is_over:
        return "game over"
    return f"round {game.round} of {game.rules.constants.rounds}" if game.round else "setup"


def _prompt(ctl: Controller) -> str:
    if ctl.game.is_over:
        return "Final scores below and in the Scores tab. Start a new game from the New game tab."
    text = ctl.game.decision.text                 # the prompt without the player's name
    return text[:1].upper() + text[1:]


__all__ = ["Dashboard"]

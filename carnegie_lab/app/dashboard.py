"""``Dashboard``: the whole app — the board on the left, the decision and the game's menus on the right.

    import carnegie_lab as cl
    cl.widgets.Dashboard()                         # a game of You against the easy (random) bot
    cl.widgets.Dashboard(cl.new_game(["Ada", "Bo"], seed=3))

Every control ends in ``Controller.apply(notation)``. Errors (an illegal action, a broken record, a
bad new-game form) are shown in the status line and the game is kept.

With a store (``Dashboard(store="games.db")``, a path or a GameStore) every game is kept: each action
is appended to it, the page's address says which game it is (``?game=ID``, ``&seat=TOKEN`` for a
friend's seat link; ``query=`` opens one), the New game tab lists the stored games, the Friends tab
makes seat links, and the page asks twice a second whether another browser played (a
:class:`~.page.PageBridge` tick), so the others' moves show within a second.
"""
from __future__ import annotations

import html
import os
import time
import traceback
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..core.errors import CarnegieError
from ..core.words import round_of
from ..session.access import FINISH, LOAD, RESTART, Limits, may
from ..session.controller import (
    BOT_KINDS,
    FINISHING_BOT,
    LOCAL,
    SEAT,
    SEAT_KINDS,
    WATCH,
    Controller,
    GameGone,
    NotAllowed,
    Overtaken,
    Progress,
    Seat,
    Setup,
)
from ..session.controls import panel_for
from ..session.replay import Replay
from ..session.targets import board_targets
from ..store import GameStore, StoreError, StoreFull
from ..views.palette import PLAYER_COLOURS
from .board import BoardView, scores_html
from .click_guard import ClickGuard
from .hints import HintPanel, decision_key
from .page import POLL_MS, LinkError, PageBridge, parse_query
from .panels import FriendsPanel, NewGamePanel, RecordPanel, StoredGames, chip
from .render import ControlsView
from .replay_panel import ReplayPanel
from .style import STYLE

#: At most this many lines of "what happened" are shown in the Play tab (the Log tab has them all).
RECENT_LINES = 14
SIDE_TABS = ("Play", "New game", "Save / load", "Friends", "Replay")
#: Where the board's clickable things are, by kind of figure (for the turn card's hint).
BOARD_PLACES = {"map": "site or city (Map)", "timeline": "row (Tracks & Timeline: Timeline)",
                "tracks": "track or tab space (Tracks & Timeline: Tracks)",
                "donations": "donation space (Tracks & Timeline: Donation chart)",
                "company": "employee, cell or workstation (Companies)"}
PLAY, NEW_GAME, RECORDS, FRIENDS, REPLAY = range(5)


class Dashboard(W.VBox):
    """The Carnegie app: play a game against bots or Andrew Carnegie, one click at a time."""

    def __init__(self, game=None, seats: Sequence[Seat] | None = None, setup: Setup | None = None,
                 auto: bool = True, store: GameStore | str | os.PathLike[str] | None = None,
                 query: str | None = None, limits: Limits | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-dashboard")
        limits = limits or Limits()
        opened, problem = _open_store(store, limits.stored_games)
        if game is not None:
            self.controller = Controller(game=game, seats=seats, store=opened, limits=limits)
        else:
            self.controller = Controller(setup, store=opened, limits=limits)
        self.timings: dict[str, float] = {}
        if problem is None and query:
            problem = self._open_link(query)       # the page's address: a stored game, or why not

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
            "hand every human seat to the bot chosen next to it and play to the end", self.finish, "cl-finish")
        self.finish_kind = W.Dropdown(options=[(SEAT_KINDS[k], k) for k in BOT_KINDS], value=FINISHING_BOT,
                                      tooltip="the bot that plays the human seats to the end",
                                      layout=W.Layout(width="120px"))
        self.finish_kind.add_class("cl-finish-kind")
        self.progress = W.IntProgress(min=0, max=self.game.rules.constants.rounds, value=0,
                                      layout=W.Layout(width="120px"))
        self.progress.add_class("cl-progress")
        self.progress_label = W.HTML()
        self.progress_label.add_class("cl-progress-label")
        self.bot_bar = W.VBox([
            W.HBox([self.step_button, self.play_button, self.finish_button, self.finish_kind],
                   layout=W.Layout(flex_flow="row wrap")),
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
        self.role_note = W.HTML()
        self.role_note.add_class("cl-role-note")
        #: the Hint button, its "always" option and the hint (between the status line and the bots)
        self.hints = HintPanel(lambda: self._guard(self.hint), lambda: self._guard(self._hint_option_changed))
        # the controls right under the turn card: a message (status line) or the final scores
        # appearing never moves them
        play = W.VBox([self.turn, self.role_note, self.final, self.controls.box, self.status, self.hints.box,
                       self.bot_bar,
                       self.recent, W.HBox([self.undo_button, self.restart_button])])
        play.add_class("cl-play-tab")

        # -- new game (and the stored games), save / load, friends
        self.new_game_panel = NewGamePanel(self.start, self.controller.setup)
        self.stored = StoredGames(lambda gid: self._guard(self.resume, gid),
                                  lambda gid: self._guard(self.delete_game, gid),
                                  lambda gid: self._guard(self.replay_stored, gid),
                                  on_page=lambda offset: self._guard(self._update_stored, offset))
        self.records = RecordPanel(self.load)
        self.friends = FriendsPanel(lambda: self._guard(self.make_links))
        #: the Replay tab; while it is shown the board shows the replay's moment, not the live game
        self.replay = ReplayPanel(self._show_replay, lambda r, seats, n: self._guard(self.play_from, r, seats, n),
                                  lambda: self._guard(self.replay_this_game))
        self._replaying = False
        new_game_tab = W.VBox([self.stored.box, self.new_game_panel.box])
        self.side = W.Tab(children=[play, new_game_tab, self.records.box, self.friends.box, self.replay.box],
                          titles=list(SIDE_TABS))
        self.side.add_class("cl-side-tabs")
        self.side.observe(lambda change: self._guard(self._side_changed), names="selected_index")
        #: one click, one action: drops the page's extra clicks while the kernel handles one
        self.guard = ClickGuard()
        #: the page's address and clock (only with a store: nothing to poll or to link without one)
        self.bridge = PageBridge(on_tick=lambda: self._guard(self.poll)) if opened is not None else None
        if self.bridge is not None:
            self.bridge.owner = self.controller.owner_key
            self.bridge.observe(lambda change: self._guard(self._update_friends), names="page")
            self.bridge.observe(lambda change: self._guard(self._owner_key, change["new"]), names="owner")
        #: when someone last clicked, or the game last changed (a page idle for long stops its clock)
        self.last_activity = time.monotonic()

        # -- the board. In a kernel (Jupyter, Voilà) the figures wait until the page has drawn the
        # turn card: the page then shows the controls without waiting for plotly's ~5 MB bundle,
        # which the first FigureWidget brings (about two seconds less to an interactive page).
        self.board = BoardView(self.controller.game, defer=_frontend())
        self.board.on_pick = lambda kind, key: self._guard(self._picked, kind, key)
        #: the cell of the employee chosen on the board to move (the first of a move's two clicks)
        self.source: str | None = None
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
        if not self.board.defer:
            self._add_bridge()
        self._ready = False
        self._guard(self._after_change, run_bots=True)
        self._ready = True
        if problem is not None:              # never a traceback: the reason, and a fresh game to start
            self.say(problem, error=True)
            self.new_game_panel.message.value = f"<p class='cl-error'>{html.escape(problem)}</p>"
            self.side.selected_index = NEW_GAME

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
        ctl = self.controller
        if not ctl.you_to_move:        # a click that arrived late: never play for a bot or another seat
            if self.game.is_over:
                self.say("The game is over.", error=True)
            elif ctl.role == WATCH:
                self.say("You are watching: this browser cannot play.", error=True)
            elif ctl.human_to_move:
                self.say(f"Not your decision: {self._decider()} decides now.", error=True)
            else:
                self.say("Not your decision now.", error=True)
            return
        self.controls.disable()        # until the next decision's controls replace them
        try:
            ctl.apply(notation)
        except (Overtaken, GameGone, NotAllowed) as e:
            self.say(_sentence(str(e)), error=True)
            self._after_change(run_bots=True)       # the game as it is now
            return
        except CarnegieError as e:
            self.controls.enable()
            self.say(str(e), error=True)
            return
        self.say("")
        self._after_change(run_bots=True)
        self.timings["last action (server)"] = time.perf_counter() - start

    def _picked(self, kind: str, key: str) -> None:
        """A click on the board: the action of that ringed thing, if it is one now. A click on an
        employee who can move only chooses them (the cells they can go to are ringed then); a click
        on anything else only looks (its hover says what it is) and takes back such a choice."""
        if self._replaying:
            return
        target = self.board.targets.get(kind, {}).get(key)
        if target is not None and target.notation:
            self._act(target.notation)
            return
        source = target.selects if target is not None else None
        if source != self.source:
            self.source = source
            self.board.targets = board_targets(self.game, source)
            self.board.refresh()

    def hint(self) -> None:
        """The Hint button: the analysis's best choices for this browser's decision, thought about
        once per decision (HintPanel's budget): asking again shows the same hint at once, so no page
        can make its kernel think longer than that per decision."""
        if not self.controller.you_to_move or self._replaying:
            self.say("A hint is for a decision of yours, in the live game.", error=True)
            return
        if self.hints.key != decision_key(self.game):
            self._think()

    def _hint_option_changed(self) -> None:
        if self.controller.you_to_move and not self._replaying and self.hints.wanted(self.game):
            self._think()

    def _think(self) -> None:
        """Compute the hint, the controls disabled meanwhile (they stay in place)."""
        self.controls.disable()
        self.hints.button.disabled = True
        try:
            self.hints.show(self.game)
        finally:
            self.controls.enable()
            self.hints.button.disabled = False

    def _decider(self) -> str:
        seat = self.controller.current_seat
        return "nobody" if seat is None else self.controller.seats[seat].name

    def _stored_call(self, fn: Callable[[], Any]) -> bool:
        """Run something that may meet another browser's change: False (and the reason shown, the
        game as it is now drawn) if it did, or if this browser may not do it."""
        try:
            fn()
        except (Overtaken, GameGone, NotAllowed) as e:
            self.say(_sentence(str(e)), error=True)
            self.board.set_game(self.game)
            self._after_change(run_bots=False)
            return False
        return True

    def step_bot(self) -> None:
        result: list = []
        if not self._stored_call(lambda: result.append(self.controller.step_bot())):
            return
        if result[0] is None:
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
        steps: list = []
        kind = self.finish_kind.value
        if not self._stored_call(lambda: steps.extend(self.controller.finish_with_bots(kind, self._progress))):
            return
        self.timings["bots finish the game (server)"] = time.perf_counter() - start
        self.say(f"Bots played the last {len(steps)} decisions.")
        self._after_change(run_bots=False)

    def undo(self) -> None:
        taken: list[int] = []
        if not self._stored_call(lambda: taken.append(self.controller.undo())):
            return
        if taken[0] == 0:
            self.say("Nothing to undo: no human decision yet." if self.controller.role == LOCAL else
                     "Nothing to undo: you can take back your own last decision while nobody else has "
                     "decided since.", error=True)
        else:
            self.say("")
        self._after_change(run_bots=False)

    def restart(self) -> None:
        if not self._stored_call(self.controller.restart):
            return
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
        try:
            self.controller.keep()               # a new game is stored at once (and its id in the URL)
        except StoreError as e:
            self.say(f"This game is not kept: {e}", error=True)
        humans = self.controller.humans
        self.board.set_game(self.game, seat=humans[0] if humans else None)
        self.side.selected_index = 0
        self._after_change(run_bots=True)

    def load(self, data: bytes, name: str = "file") -> None:
        self._guard(self._load, data, name)

    def _load(self, data: bytes, name: str) -> None:
        try:
            self.controller.load(data)
        except (Overtaken, GameGone) as e:
            self.records.message.value = f"<p class='cl-error'>{html.escape(_sentence(str(e)))}</p>"
            self.say(_sentence(str(e)), error=True)
            self.board.set_game(self.game)
            self._after_change(run_bots=False)
            return
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

    # -- the store: the page's game, other browsers, seat links -----------------------------------
    def _open_link(self, query: str | None) -> str | None:
        """Open the stored game the page's address names; the reason (a sentence) if it cannot be."""
        try:
            game_id, token = parse_query(query)
            if game_id is not None:
                self.controller.open_stored(game_id, token)
        except (LinkError, CarnegieError) as e:
            return (f"This link does not open a game of this app ({_sentence(str(e), end=False)}). "
                    "Start a new game below, or resume a stored one.")
        return None

    def open_page(self, query: str | None) -> None:
        """Show the stored game a page's address names (``game=ID&seat=TOKEN``; nothing to do for
        an address without a game); an error and the New game tab if it names none."""
        self.last_activity = time.monotonic()      # a preheated kernel may have waited long for its page
        problem = self._open_link(query)
        if problem is not None:
            self.say(problem, error=True)
            self.new_game_panel.message.value = f"<p class='cl-error'>{html.escape(problem)}</p>"
            self.side.selected_index = NEW_GAME
            self._after_change(run_bots=False)
        elif self.controller.kept:
            self._shown_new_game()

    def resume(self, game_id: str) -> None:
        """Play (or watch, if it has seat links) a stored game (the New game tab's Resume)."""
        try:
            self.controller.open_stored(game_id)
        except CarnegieError as e:
            self.stored.message.value = f"<p class='cl-error'>Could not resume it: {html.escape(str(e))}</p>"
            self._update_stored()
            return
        self.stored.message.value = ""
        self._shown_new_game()

    def _shown_new_game(self) -> None:
        self.say("")
        self.new_game_panel.fill(self.controller.setup)
        self.board.set_game(self.game, seat=self._seat_to_follow())
        self.side.selected_index = PLAY
        self._after_change(run_bots=True)

    def delete_game(self, game_id: str) -> None:
        """Put one of this browser's stored games in the trash (not the one on this page)."""
        try:
            self.controller.delete_stored(game_id)
        except CarnegieError as e:
            self.stored.message.value = f"<p class='cl-error'>{html.escape(_sentence(str(e)))}</p>"
        else:
            self.stored.message.value = ("<p class='cl-ok'>Deleted: the game is in the store's trash, where "
                                         "its keeper can restore it (carnegie-lab games restore).</p>")
        self._update_stored()

    def make_links(self) -> None:
        """The Friends tab's button: seat links (this browser then plays the first human seat)."""
        try:
            self.controller.make_links()
        except (CarnegieError, StoreError) as e:
            self.friends.message.value = f"<p class='cl-error'>{html.escape(_sentence(str(e)))}</p>"
            return
        self.friends.message.value = ("<p class='cl-ok'>Links made: send each player theirs. "
                                      "Anyone with the spectator link can watch.</p>")
        self._after_change(run_bots=False)

    def _owner_key(self, key: str) -> None:
        """The page gave its browser's owner key: its games, and maybe the game shown, are its own."""
        if self.controller.use_owner_key(key):
            self.board.set_game(self.game, seat=self._seat_to_follow())
            self._after_change(run_bots=True)
        if self.side.selected_index == NEW_GAME:
            self._update_stored()

    def _idle(self) -> bool:
        """Stop the page's clock after Limits.idle_minutes without a click or a move: its kernel,
        idle then, is culled by the server (the page says how to come back; a click that changes the
        game starts the clock again)."""
        minutes = self.controller.limits.idle_minutes
        if minutes is None or self.bridge is None or time.monotonic() - self.last_activity < 60 * minutes:
            return False
        self.bridge.interval = 0
        self.say(f"This page was left alone for {minutes:g} minutes and stopped following the game: "
                 "reload it to go on (the game is kept).", error=True)
        return True

    def poll(self) -> None:
        """Bring in what other browsers played (the page's clock calls this twice a second)."""
        ctl = self.controller
        if self._idle() or not ctl.kept:
            return
        before = ctl.game
        try:
            changed = ctl.sync()
        except GameGone as e:
            self.say(_sentence(str(e)), error=True)
            self._after_change(run_bots=False)
            return
        except StoreError as e:                # busy or gone: say so (once), and try again next time
            text = f"The game store is not answering ({e}); trying again."
            if html.escape(text) not in self.status.value:
                self.say(text, error=True)
            return
        if changed:
            self.last_activity = time.monotonic()
            if ctl.game is not before:
                self.board.set_game(ctl.game, seat=self._seat_to_follow())
            self._after_change(run_bots=True)

    def _update_stored(self, offset: int | None = None) -> None:
        """The New game tab's list: a page of this browser's own games."""
        if self.controller.store is None:
            self.stored.update(None, None)
            return
        offset = self.stored.offset if offset is None else offset
        try:
            games, total = self.controller.my_games(max(0, offset))
        except StoreError as e:
            self.stored.message.value = f"<p class='cl-error'>{html.escape(str(e))}</p>"
            games, total = [], 0
        self.stored.update(games, self.controller.game_id, total=total, offset=max(0, offset))

    def _update_friends(self) -> None:
        bridge = self.bridge
        self.friends.update(self.controller, bridge.link if bridge is not None else lambda q: f"?{q}")

    def _seat_to_follow(self) -> int | None:
        ctl = self.controller
        if ctl.role == SEAT:
            return ctl.my_seat
        seat = ctl.current_seat
        return seat if seat is not None and ctl.seats[seat].is_human else (ctl.humans[0] if ctl.humans else None)

    # -- running bots -----------------------------------------------------------------------------
    def _run_bots(self, until_human: bool) -> None:
        if not self.controller.bot_to_move or not self.controller.plays_bots:
            return
        self._busy("Bots are playing…")
        start = time.perf_counter()
        self.controller.run_bots(until_human=until_human, progress=self._progress)
        self.timings["bots until a human decides (server)"] = time.perf_counter() - start

    def _busy(self, text: str) -> None:
        """Bots at work: the controls stay where they are, disabled (nothing moves under the cursor)."""
        self.controls.disable()
        for b in (self.step_button, self.play_button, self.finish_button, self.undo_button):
            b.disabled = True
        self.progress_label.value = f"<span class='cl-note'>{html.escape(text)}</span>"

    def _progress(self, p: Progress) -> None:
        game = self.game
        self.progress.value = min(game.round, self.progress.max)
        self.progress_label.value = f"<span class='cl-note'>{p.done} bot decisions · {_where(game)}</span>"

    def _page_shown(self, change) -> None:
        if (change["new"] or 0) > 0:
            self.turn.unobserve(self._page_shown, names="_view_count")
            self._guard(self._add_bridge)
            self._guard(self.board.start_drawing)

    def _add_bridge(self) -> None:
        """Put the click guard and the page's address and clock in the page: once the page has drawn
        its controls (their JavaScript modules are more things for the page to load first)."""
        extra = [w for w in (self.guard, self.bridge) if w is not None and w not in self.children]
        if extra:
            self.children = [*self.children, *extra]

    def _auto_changed(self) -> None:
        if self.auto.value and self.controller.bot_to_move:
            self._after_change(run_bots=True)
        else:
            self._show_decision()

    def _side_changed(self) -> None:
        was, self._replaying = self._replaying, self.side.selected_index == REPLAY
        if self.side.selected_index == RECORDS:
            self.records.update(self.controller)
        elif self.side.selected_index == NEW_GAME:
            self._update_stored()
        elif self.side.selected_index == FRIENDS:
            self._update_friends()
        elif self._replaying:
            if self.replay.replay is None:
                self.replay_this_game()
            else:
                self.replay.go(self.replay.index)
        if was and not self._replaying:           # the board shows the live game again
            self.board.set_game(self.game, seat=self._seat_to_follow())
            self._after_change(run_bots=False)

    # -- replays ----------------------------------------------------------------------------------
    def replay_this_game(self) -> None:
        """Replay the page's game (played, resumed or loaded) from its start."""
        ctl = self.controller
        self._open_replay(Replay(self.game, title=f"this game, seed {self.game.state.options.get('seed')}"),
                          ctl.seats)

    def replay_stored(self, game_id: str) -> None:
        """Replay a stored game (the New game tab's Replay), leaving the page's game as it is."""
        try:
            game, seats = self.controller.stored_game(game_id)
        except CarnegieError as e:
            self.stored.message.value = f"<p class='cl-error'>Could not replay it: {html.escape(str(e))}</p>"
            return
        self._open_replay(Replay(game, title=f"stored game {game_id}, seed {game.state.options.get('seed')}"),
                          seats)

    def _open_replay(self, replay: Replay, seats) -> None:
        self.board.set_game(replay.final)
        self._replaying = True
        self.replay.open(replay, seats)
        if self.side.selected_index != REPLAY:
            self.side.selected_index = REPLAY

    def _show_replay(self, game, moves, kinds: list[str]) -> None:
        """The board at a replay's moment."""
        if not self._replaying:
            return
        board = self.board
        board.game, board.moves, board.kinds, board.targets = game, moves, kinds, {}
        board.defer = False
        board.refresh()

    def play_from(self, replay: Replay, seats, actions: int) -> None:
        """Play from here: the replay's moment becomes a new live (and stored) game of this page."""
        step = self.replay.index
        problem = ""
        try:
            self.controller.branch(replay.game_at(actions), seats, replay.moves[:actions],
                                   f"step {step} of a replay of {replay.title}")
        except (NotAllowed, StoreFull) as e:      # nothing changed: the page's limit, or the store's
            self.say(_sentence(str(e)), error=True)
            return
        except StoreError as e:
            problem = f"This game is not kept: {e}"
        self.new_game_panel.fill(self.controller.setup)
        self.say(problem, error=bool(problem))
        self.side.selected_index = PLAY           # the board shows the new game (see _side_changed)
        self.board.set_game(self.game, seat=self._seat_to_follow())
        self._after_change(run_bots=True)

    # -- redrawing --------------------------------------------------------------------------------
    def _after_change(self, run_bots: bool) -> None:
        if run_bots and self.auto.value:
            self._run_bots(until_human=True)
        start = time.perf_counter()
        self._show_decision()
        ctl = self.controller
        seat = ctl.current_seat
        if self._ready:                     # after any click the board draws, even if the page never
            self.board.defer = False        # reported itself drawn (a frontend without view counts)
            self._add_bridge()
        if self._replaying:                 # the board shows the replay's moment
            self.replay.go(self.replay.index)
        else:
            if ctl.role == SEAT and ctl.my_seat is not None:
                self.board.follow(ctl.my_seat)
            elif seat is not None and ctl.seats[seat].is_human:
                self.board.follow(seat)
            self.board.game = self.game
            self.board.kinds = [ctl.seat_label(i) for i in range(len(ctl.seats))]
            self.board.moves = ctl.moves
            self.board.refresh()
        if self.side.selected_index == RECORDS:
            self.records.update(ctl)
        elif self.side.selected_index == FRIENDS:
            self._update_friends()
        if self.bridge is not None:
            self.bridge.query = ctl.query()
            self.bridge.interval = POLL_MS if ctl.kept else 0
        self.timings["redraw (server)"] = time.perf_counter() - start
        if ctl.you_to_move and not self._replaying and self.hints.wanted(self.game):
            self._think()               # "Always show a hint": each new decision of a human seat

    def _show_decision(self) -> None:
        ctl = self.controller
        game = ctl.game
        seat = ctl.current_seat
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if seat is not None else "#8a8478"
        if game.is_over:
            self.controls.clear()
            self.final.value = (f"<div class='cl-game-over'>{html.escape(ctl.result())}</div>"
                                + scores_html(game))
        elif ctl.you_to_move:
            self.final.value = ""
            self.controls.show(panel_for(game))
        else:
            self.final.value = ""
            assert seat is not None             # the game is not over: somebody decides
            who = ctl.seats[seat]
            name = html.escape(who.name)
            if not who.is_human:
                self.controls.clear(f"{name} is a {who.describe()}: "
                                    + ("use Step or Play bots below (or check “Bots play at once”)."
                                       if ctl.plays_bots else "a player's browser plays it."))
            elif ctl.role == WATCH:
                self.controls.clear(f"{name} is deciding. You are watching: this browser cannot play.")
            else:
                self.controls.clear(f"Waiting for {name} to decide (in their own browser): their move "
                                    "shows here within a second.")
        self.source = None                          # a new decision: no employee chosen on the board
        targets = board_targets(game) if ctl.you_to_move and not self._replaying else {}
        if not self._replaying:
            self.board.targets = targets
        where = [BOARD_PLACES[k] for k in BOARD_PLACES if targets.get(k)]
        hint = (f"<div class='cl-board-hint'>Or click a ringed {' or '.join(where)} on the board.</div>"
                if where else "")
        bot_turn = ctl.bot_to_move and ctl.plays_bots
        self.step_button.disabled = not bot_turn
        self.play_button.disabled = not bot_turn
        place = ctl.place
        self.finish_button.disabled = self.finish_kind.disabled = game.is_over or not may(place, FINISH)
        self.undo_button.disabled = not ctl.can_undo
        self.hints.forget(game)
        self.hints.button.disabled = not ctl.you_to_move or self._replaying
        self.restart_button.disabled = not may(place, RESTART)
        self.auto.disabled = ctl.role == WATCH
        self.records.upload.disabled = not may(place, LOAD)
        self.role_note.value = _role_note(ctl)
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
                           f"data-kind='{game.decision.kind}' data-seat='{'' if seat is None else seat}' "
                           f"data-yours='{int(ctl.you_to_move)}' data-game='{ctl.game_id or ''}' "
                           f"style='border-left-color:{colour}'>"
                           f"<div class='cl-headline'>{chip(seat) if seat is not None else ''}"
                           f"{html.escape(ctl.headline())}</div>"
                           f"<div class='cl-prompt'>{html.escape(_prompt(ctl))}</div>{hint}</div>")

    def say(self, text: str, error: bool = False) -> None:
        """The status line (errors in red)."""
        cls = "cl-error" if error else "cl-info"
        self.status.value = f"<div class='{cls}'>{html.escape(text)}</div>" if text else ""

    def _guard(self, fn: Callable, *args: Any, **kwargs: Any) -> None:
        """Run a callback; an unexpected exception is shown in the status line, not lost."""
        if fn != self.poll:
            self.last_activity = time.monotonic()
        try:
            fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 -- a widget callback has nowhere else to report
            traceback.print_exc()
            self.say(f"Unexpected error: {type(e).__name__}: {e}", error=True)
            try:
                self._show_decision()
            except Exception:  # noqa: BLE001
                pass


def _open_store(store: GameStore | str | os.PathLike[str] | None,
                max_games: int | None) -> tuple[GameStore | None, str | None]:
    """The store (opened from a path, its folder made, with at most ``max_games``) and, if it cannot
    be used, why."""
    if store is None or isinstance(store, GameStore):
        return store, None
    path = os.fspath(store)
    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        return GameStore(path, max_games=max_games), None
    except (OSError, StoreError) as e:
        return None, f"Games are not kept: the game store cannot be opened ({e})."


def _sentence(text: str, end: bool = True) -> str:
    text = text[:1].upper() + text[1:] if end else text
    return text if not end or text.endswith((".", "!", "?")) else text + "."


def _role_note(ctl: Controller) -> str:
    """Who this browser plays, in a shared game (nothing for a game of its own)."""
    if ctl.role == SEAT and ctl.my_seat is not None:
        name = html.escape(ctl.seats[ctl.my_seat].name)
        return (f"<div class='cl-role cl-role-seat'>{chip(ctl.my_seat)}This browser plays <b>{name}</b> "
                f"(seat {ctl.my_seat + 1}); the others play from their own links.</div>")
    if ctl.role == WATCH:
        why = ("This link's seat key is not valid for this game (it may have been replaced by a new link): "
               "you can watch, but not play." if ctl.bad_token else
               "You are watching (a spectator link): this browser cannot play. Each player plays from "
               "the private link to their seat.")
        return f"<div class='cl-role cl-role-watch'>{why}</div>"
    if len(ctl.humans) > 1:
        return ("<div class='cl-role cl-role-hot-seat'>Hot-seat: the human players take turns at this "
                "browser (the Friends tab makes a link for each, to play from their own).</div>")
    return ""


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
    return round_of(game.round, game.rules.constants.rounds, capital=False)


def _prompt(ctl: Controller) -> str:
    if ctl.game.is_over:
        return "Final scores below and in the Scores tab. Start a new game from the New game tab."
    text = ctl.game.decision.text                 # the prompt without the player's name
    return text[:1].upper() + text[1:]


__all__ = ["Dashboard"]

"""``Dashboard``: the whole app — the board on the left, the decision and the game's menus on the right.

    import carnegie_lab as cl
    cl.widgets.Dashboard()                         # a game of You against the easy (random) bot
    cl.widgets.Dashboard(cl.new_game(["Ada", "Bo"], seed=3))

Every click goes through ``act`` (app/clicks.py) to the controller; after every change the session computes the
page's :class:`~carnegie_lab.session.screen.Screen` and ``draw`` shows it. With a store (a path or a GameStore) every
game is kept, the page's address names it (``?game=ID``, ``&seat=TOKEN``), the page's clock brings in the other
browsers' moves (app/sharing.py)."""
from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..core.i18n import N_, SOURCE, render, translator
from ..session import Controller, Limits, Seat, Setup
from ..session.screen import PageWork, Screen, screen_of, sentence
from ..store import GameStore
from ..ui.guard import ErrorGuard
from ..ui.rerun import RerunNote
from .board import BoardView
from .click_guard import ClickGuard, Pick
from .clicks import ClickPath
from .commands import Commands
from .focus_keeper import FocusKeeper
from .guide import explain
from .hints import decision_key
from .layout import Actions, Frame, PageCalls, build, retire
from .page import PageBridge, in_kernel
from .page_parts import PageParts
from .play_view import draw_play, draw_status
from .replay_actions import ReplayActions
from .sharing import Sharing, open_link, open_store
from .side_tabs import SideTabs
from .table_setup import TableSetup
from .turn import tab_title

#: Undo's hover while a hint is thought about (the page cannot send a click the kernel would only see after it).
UNDO_WAITS = N_("Undo waits until the hint is thought about (a moment)")


class Dashboard(RerunNote, W.VBox):
    """The Carnegie app: play a game against bots or Andrew Carnegie, one click at a time."""

    children: Any                     # the page's parts (a trait of ipywidgets' Box): see ``show``

    def __init__(self, game=None, seats: Sequence[Seat] | None = None, setup: Setup | None = None,
                 auto: bool = True, store: GameStore | str | os.PathLike[str] | None = None,
                 query: str | None = None, limits: Limits | None = None, lang: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-dashboard")
        translator(lang)                      # an unknown language is refused here
        self.lang = lang
        self.limits = limits = limits or Limits()
        opened, problem = open_store(store, limits.stored_games, lang)
        self.controller = (Controller(game=game, seats=seats, store=opened, limits=limits) if game is not None else
                           Controller(setup, store=opened, limits=limits))
        self.timings: dict[str, float] = {}
        self._errors = ErrorGuard(lambda text: self.say(text, error=True), lambda: self._show_decision())
        if problem is None and query:
            problem = open_link(self.controller, query, lang)     # the page's address: a stored game, or why not
        #: one click, one action: drops the page's extra clicks while the kernel handles one
        self.guard = ClickGuard()
        #: a keyboard player's focus, when the control it was on goes away: on the next decision's first control
        self.focus = FocusKeeper()
        #: the page's address and clock (only with a store: nothing to poll or to link without one)
        self.bridge = PageBridge(on_tick=lambda: self._guard(self.poll)) if opened is not None else None
        #: when someone last clicked, or the game last changed (a page idle for long stops its clock)
        self.last_activity = time.monotonic()
        self.parts = PageParts(self, [self.guard, self.focus, self.bridge])
        # in a kernel the figures wait until the page has drawn the turn card (plotly's ~5 MB bundle comes later)
        self.board = BoardView(self.controller.game, defer=in_kernel(), lang=lang)
        self.board.clickable = True
        self.guard.on_pick = self.act               # the page's clicks on the board come with the guard's
        #: what the page shows of its game now (session/screen.py), drawn by ``draw``
        self.screen: Screen | None = None
        self.tabs = SideTabs(self)
        page = PageCalls(lambda: self.panels, self.say, lambda run_bots: self.after_change(run_bots=run_bots),
                         self.tabs.follow, self.tabs.to_play, self.set_lang)
        self.sharing = Sharing(self.controller, page, self.bridge)      # the store side: stored games, links, poll
        self.replays = ReplayActions(self.controller, self.board, page)
        self.commands = Commands(self.controller, self.board, page, self._guard, self.timings)   # bots, undo...
        self.setups = TableSetup(self.commands, lambda: self.frame)      # the New game tab's *Set up a table*
        self.clicks = ClickPath(self)
        #: what the page computes (its review, its hints' analyses), whatever its panels (session/page_work.py)
        self.work = PageWork(limits, has_clock=lambda: self.bridge is not None and self.bridge.interval > 0)
        if self.bridge is not None:
            self.bridge.owner = self.controller.owner_key
            self.bridge.observe(lambda change: self._guard(self.sharing.update_friends), names="page")
            self.bridge.observe(lambda change: self._guard(self.sharing.owner_key, change["new"]), names="owner")
        self._build(auto)                     # the panels, in the dashboard's language (app/layout.py)
        #: the page's frame: the header and the board beside the side tabs
        self.frame = Frame(self.board.box, self.panels.side, lang, self.game.rules.constants.rounds,
                           lambda new: self._guard(self.set_lang, new))
        self.parts.show(self.frame.parts, helpers_now=not self.board.defer)
        self._ready = False
        self._guard(self.after_change, run_bots=True)
        self._ready = True
        if problem is not None:              # never a traceback: the reason, and a fresh game to start
            self.sharing.refuse(problem)

    def _build(self, auto: bool) -> None:
        """Make the panels in the dashboard's language (app/layout.py); they are its parts until the next one."""
        share, replays, do = self.sharing, self.replays, self.commands
        on = Actions(act=self.act, step_bot=do.step_bot, play_bots=do.play_bots, finish=do.finish,
                     auto_changed=do.auto_changed, undo=do.undo, restart=do.restart, rematch=do.rematch,
                     hint=self.hint, hint_option_changed=self._hint_wanted, start=do.start,
                     resume=share.resume, delete=share.delete_game, replay_stored=replays.stored,
                     stored_page=share.update_stored, load=do.load, make_links=self.make_links,
                     show_moment=replays.show, play_from=replays.play_from, replay_this_game=replays.this_game,
                     side_changed=self.tabs.changed, set_up=self.setups.open)
        p = self.panels = build(self.controller, on, self._guard, self.lang, auto, self.work)
        self.turn, self.status, self.controls, self.bots, self.recent = p.turn, p.status, p.controls, p.bots, p.recent
        self.undo_button, self.restart_button, self.final = p.undo_button, p.restart_button, p.final
        self.role_note, self.rules, self.hints, self.play_keys = p.role_note, p.rules, p.hints, p.play_keys
        self.new_game_panel, self.stored, self.records, self.friends = p.new_game_panel, p.stored, p.records, p.friends
        self.replay, self.side = p.replay, p.side
        if self.board.defer:
            self.turn._view_count = 0
            self.turn.observe(self._page_shown, names="_view_count")

    def set_lang(self, lang: str | None) -> None:
        """Show the whole page in another language (the header's picker; ``?lang=`` of the page's address):
        the panels are made again in it, the game, the board's figures and the side tab shown are kept."""
        translator(lang)
        if (lang or SOURCE) == (self.lang or SOURCE):      # also the picker, told the language by relabel
            return
        self.lang, tab, old = lang, self.side.selected_index, self.panels
        self.board.set_lang(lang)
        self._build(self.bots.auto.value)
        self.frame.relabel(self.side, lang, self.game.rules.constants.rounds)
        self.side.selected_index = tab
        retire(old, self, self.game)      # the old panels' widgets closed, the page's work kept
        self.controller.tell("")          # what the status line said, it said in the other language
        self.after_change(run_bots=False)

    @property
    def game(self):
        return self.controller.game

    @property
    def replaying(self) -> bool:
        """The board shows a replay's moment (while the Replay tab is shown), not the live game."""
        return self.replays.replaying

    def act(self, target: str | Pick) -> None:
        """A human's click, on a control (its action's notation) or on the board (a :class:`Pick`): one path
        (``ClickPath``), one guard, the same words for a click another browser's move came before."""
        self.clicks.act(target)

    def hint(self) -> None:
        """The Hint button: the best choices for this browser's decision, thought about once per decision (HintPanel's
        budget): asking again shows the same hint at once, so no page makes its kernel think longer per decision."""
        why = screen_of(self.controller, self.lang, self.replaying).why_not["hint"]
        if why is not None:
            self.say(why, error=True)
        elif self.hints.key != decision_key(self.game):
            self._think()

    def _hint_wanted(self) -> None:
        if self.controller.you_to_move and not self.replaying and self.hints.wanted(self.game):
            self._think()

    def _think(self) -> None:
        """Compute the hint, the controls and Undo disabled meanwhile (they stay in place; Undo's hover
        says why), if the game allows hints."""
        if self.screen is None or self.screen.why_not["hint_always"] is not None:    # whatever the page sent
            return
        explain(self.undo_button, sentence(render(UNDO_WAITS, self.lang)))
        try:
            self.hints.show_while(self.game, self.controls)
        finally:
            explain(self.undo_button, screen_of(self.controller, self.lang).why_not["undo"])

    def _page_shown(self, change) -> None:
        if (change["new"] or 0) > 0:
            self.turn.unobserve(self._page_shown, names="_view_count")
            self._guard(self.parts.add_helpers)
            self._guard(self.board.start_drawing)

    def after_change(self, run_bots: bool) -> None:
        """Show the page's game as it is now (``run_bots``: the bots play first, if they play at once)."""
        if run_bots and self.bots.auto.value:
            self.commands.run_bots(until_human=True)
        start = time.perf_counter()
        if self._ready:                     # after any click the board draws, even if the page never
            self.board.defer = False        # reported itself drawn (a frontend without view counts)
            self.parts.add_helpers()
        self._show_decision()
        self.tabs.refresh()
        self.sharing.show_address(self.lang)
        self.timings["redraw (server)"] = time.perf_counter() - start
        self._hint_wanted()             # "Always show a hint": each new decision of a human seat

    def _show_decision(self) -> None:
        """Compute the page's screen and draw it."""
        self.draw(screen_of(self.controller, self.lang, self.replaying))

    def draw(self, screen: Screen) -> None:
        """Show a screen: the Play tab's parts their slices (app/play_view.py), the board the live game's or the
        replay's moment."""
        self.screen = screen
        self.hints.forget(self.game)
        draw_play(self.panels, screen, self.game)
        if self.bridge is not None:         # the tab's title: whose turn it is
            self.bridge.title = tab_title(screen)
        if screen.replaying:
            self.replay.go(self.replay.index)
            return
        if screen.follow is not None:
            self.board.follow(screen.follow)
        self.board.game, self.board.kinds, self.board.targets = self.game, list(screen.seats), screen.targets
        self.board.refresh()

    def open_page(self, query: str | None) -> None:
        """Show the stored game a page's address names (:meth:`Sharing.open_page`)."""
        self.last_activity = time.monotonic()      # a preheated kernel may have waited long for its page
        self.sharing.open_page(query)

    def poll(self) -> None:
        """Bring in what other browsers played (the page's clock calls this twice a second)."""
        self.work.tick()
        if not self.sharing.idle(self.last_activity) and self.sharing.poll():
            self.last_activity = time.monotonic()

    def make_links(self) -> None:
        """The Friends tab's button: seat links (this browser then plays the first human seat)."""
        self.sharing.make_links()

    def say(self, text: str, error: bool = False) -> None:
        """Tell the player ``text`` (``error``: a refusal): through the controller, onto the screen's status line."""
        self.controller.tell(text, error)
        if self.screen is not None:
            self.screen = replace(self.screen, status=self.controller.status)
            draw_status(self.panels, self.screen)

    def _guard(self, fn: Callable, *args: Any, **kwargs: Any) -> None:
        """Run a callback (a click: the page is active); an unexpected exception is shown in the status line."""
        if fn != self.poll:
            self.last_activity = time.monotonic()
        self.work.run(self._errors, fn, *args, **kwargs)


__all__ = ["Dashboard"]

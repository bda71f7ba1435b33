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
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..core.errors import CarnegieError
from ..core.i18n import N_, render, translator
from ..session import (
    SEAT,
    WATCH,
    Controller,
    GameGone,
    NotAllowed,
    Overtaken,
    Progress,
    Seat,
    Setup,
)
from ..session.access import HINT, Limits, may
from ..session.screen import Screen, chosen, error_text, screen_of, sentence, target_of, where_of
from ..store import GameStore, StoreError
from ..ui.guard import ErrorGuard
from ..ui.rerun import RerunNote
from .board import BoardView
from .click_guard import ClickGuard, Pick
from .final import rematch_setup
from .focus_keeper import FocusKeeper
from .guide import explain, rules_html
from .hints import decision_key
from .layout import FRIENDS, NEW_GAME, PLAY, RECORDS, REPLAY, Actions, Frame, PageCalls, build
from .page import POLL_MS, PageBridge, in_kernel, with_lang
from .replay_actions import ReplayActions
from .sharing import Sharing, open_link, open_store
from .turn import recent_html, role_html, tab_title, turn_html

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
        if game is not None:
            self.controller = Controller(game=game, seats=seats, store=opened, limits=limits)
        else:
            self.controller = Controller(setup, store=opened, limits=limits)
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
        # -- the board. In a kernel (Jupyter, Voilà) the figures wait until the page has drawn the
        # turn card: the page then shows the controls without waiting for plotly's ~5 MB bundle,
        # which the first FigureWidget brings (about two seconds less to an interactive page).
        self.board = BoardView(self.controller.game, defer=in_kernel(), lang=lang)
        self.board.clickable = True
        self.guard.on_pick = self.act               # the page's clicks on the board come with the guard's
        #: what the page shows of its game now (session/screen.py), drawn by ``draw``
        self.screen: Screen | None = None
        page = PageCalls(lambda: self.panels, self.say, lambda run_bots: self.after_change(run_bots=run_bots),
                         self._follow, self._to_play, self.set_lang)
        self.sharing = Sharing(self.controller, page, self.bridge)      # the store side: stored games, links, poll
        self.replays = ReplayActions(self.controller, self.board, page)
        if self.bridge is not None:
            self.bridge.owner = self.controller.owner_key
            self.bridge.observe(lambda change: self._guard(self.sharing.update_friends), names="page")
            self.bridge.observe(lambda change: self._guard(self.sharing.owner_key, change["new"]), names="owner")
        self._build(auto)                     # the panels, in the dashboard's language (app/layout.py)
        #: the page's frame: the header and the board beside the side tabs
        self.frame = Frame(self.board.box, self.panels.side, lang, self.game.rules.constants.rounds,
                           lambda new: self._guard(self.set_lang, new))
        self.show(self.frame.parts)
        self._ready = False
        self._guard(self.after_change, run_bots=True)
        self._ready = True
        if problem is not None:              # never a traceback: the reason, and a fresh game to start
            self.sharing.refuse(problem)

    def _build(self, auto: bool) -> None:
        """Make the panels in the dashboard's language (app/layout.py); they are its parts until the next one."""
        share, replays = self.sharing, self.replays
        on = Actions(act=self.act, step_bot=self.step_bot, play_bots=self.play_bots, finish=self.finish,
                     auto_changed=self._auto_changed, undo=self.undo, restart=self.restart, rematch=self.rematch,
                     hint=self.hint, hint_option_changed=self._hint_option_changed, start=self.start,
                     resume=share.resume, delete=share.delete_game, replay_stored=replays.stored,
                     stored_page=share.update_stored, load=self.load, make_links=self.make_links,
                     show_moment=replays.show, play_from=replays.play_from, replay_this_game=replays.this_game,
                     side_changed=self._side_changed)
        p = self.panels = build(self.controller, on, self._guard, self.lang, auto, self.limits.review_playouts)
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
        if lang == self.lang:
            return
        self.lang, tab = lang, self.side.selected_index
        self.board.set_lang(lang)
        self._build(self.bots.auto.value)
        self.frame.relabel(self.side, lang, self.game.rules.constants.rounds)
        self.side.selected_index = tab
        self.after_change(run_bots=False)

    @property
    def game(self):
        return self.controller.game

    @property
    def replaying(self) -> bool:
        """The board shows a replay's moment (while the Replay tab is shown), not the live game."""
        return self.replays.replaying

    @property
    def source(self) -> str | None:
        """The cell of the employee chosen on the board to move (the first of a move's two clicks)."""
        return None if self.screen is None else self.screen.source

    def act(self, target: str | Pick) -> None:
        """A human's click, on a control (its action's notation) or on the board (a :class:`Pick`): one path,
        one guard. A click the page sent for a decision the game has moved past since (another browser's move
        came in first, and the button or the board now shows the next decision) is not played: the page says
        who moved first."""
        if isinstance(target, Pick) and self.replaying:   # the board shows a replay's moment: nothing to play
            return
        seen = target.drawn if isinstance(target, Pick) else self.guard.aimed
        if seen is not None and seen != len(self.game.actions):
            self._guard(self._passed_by, seen)
        elif isinstance(target, Pick):
            self._guard(self._picked, target)
        else:
            self._guard(self._act, target)

    def _passed_by(self, seen: int) -> None:
        self.say(sentence(error_text(self.controller.overtaken_at(seen), self.lang)), error=True)

    def _act(self, notation: str) -> None:
        start = time.perf_counter()
        ctl, _ = self.controller, translator(self.lang).gettext
        if not ctl.you_to_move:        # a click that arrived late: never play for a bot or another seat
            if self.game.is_over:
                self.say(_("The game is over."), error=True)
            elif ctl.role == WATCH:
                self.say(_("You are watching: this browser cannot play."), error=True)
            elif ctl.human_to_move:
                self.say(_("Not your decision: {player} decides now.").format(player=self._decider()), error=True)
            else:
                self.say(_("Not your decision now."), error=True)
            return
        self.controls.disable()        # until the next decision's controls replace them
        try:
            ctl.apply(notation)
        except (Overtaken, GameGone, NotAllowed) as e:
            self.say(sentence(error_text(e, self.lang)), error=True)
            self.after_change(run_bots=True)       # the game as it is now
            return
        except CarnegieError as e:
            self.controls.enable()
            self.say(error_text(e, self.lang), error=True)
            return
        self.say("")
        self.after_change(run_bots=True)
        self.timings["last action (server)"] = time.perf_counter() - start

    def _picked(self, pick: Pick) -> None:
        """A click on the board: the action of that ringed thing, if it is one now. A click on an
        employee who can move only chooses them (the cells they can go to are ringed then); a click
        on anything else only looks (its hover says what it is) and takes back such a choice."""
        screen = self.screen
        assert screen is not None               # drawn at the dashboard's start
        target = target_of(screen.targets, pick.kind, pick.key)
        if target is not None and target.notation:
            self._act(target.notation)
            return
        source = target.selects if target is not None else None
        if source != screen.source:
            self.screen = chosen(screen, self.controller, source)
            self.board.targets = self.screen.targets
            self.board.refresh()

    def hint(self) -> None:
        """The Hint button: the analysis's best choices for this browser's decision, thought about
        once per decision (HintPanel's budget): asking again shows the same hint at once, so no page
        can make its kernel think longer than that per decision."""
        why = screen_of(self.controller, self.lang, self.replaying).why_not["hint"]
        if why is not None:
            self.say(why, error=True)
            return
        if self.hints.key != decision_key(self.game):
            self._think()

    def _hint_option_changed(self) -> None:
        if self.controller.you_to_move and not self.replaying and self.hints.wanted(self.game):
            self._think()

    def _think(self) -> None:
        """Compute the hint, the controls and Undo disabled meanwhile (they stay in place; Undo's hover
        says why), if the game allows hints."""
        if not may(self.controller.place, HINT):    # whatever the page sent
            return
        explain(self.undo_button, sentence(render(UNDO_WAITS, self.lang)))
        try:
            self.hints.show_while(self.game, self.controls)
        finally:
            explain(self.undo_button, screen_of(self.controller, self.lang).why_not["undo"])

    def _decider(self) -> str:
        seat = self.controller.current_seat
        return translator(self.lang).gettext("nobody") if seat is None else self.controller.seats[seat].name

    def _stored_call(self, fn: Callable[[], Any]) -> bool:
        """Run something that may meet another browser's change: False (and the reason shown, the
        game as it is now drawn) if it did, or if this browser may not do it."""
        try:
            fn()
        except (Overtaken, GameGone, NotAllowed) as e:
            self.say(sentence(error_text(e, self.lang)), error=True)
            self.board.set_game(self.game)
            self.after_change(run_bots=False)
            return False
        return True

    def step_bot(self) -> None:
        result: list = []
        if not self._stored_call(lambda: result.append(self.controller.step_bot())):
            return
        if result[0] is None:
            self.say(translator(self.lang).gettext("No bot is deciding now."))
        self.after_change(run_bots=False)

    def play_bots(self) -> None:
        self._run_bots(until_human=True)
        self.after_change(run_bots=False)

    def finish(self) -> None:
        """Hand the human seats to a bot and play to the end."""
        tr = translator(self.lang)
        if self.game.is_over:
            self.say(tr.gettext("The game is over."))
            return
        self._busy(tr.gettext("Bots are finishing the game…"))
        start = time.perf_counter()
        steps: list = []
        kind = self.bots.finish_kind.value
        if not self._stored_call(lambda: steps.extend(self.controller.finish_with_bots(kind, self._progress))):
            return
        self.timings["bots finish the game (server)"] = time.perf_counter() - start
        self.say(tr.gettext("Bots played the last {n} decisions.").format(n=len(steps)))
        self.after_change(run_bots=False)

    def undo(self) -> None:
        taken: list[int] = []
        if not self._stored_call(lambda: taken.append(self.controller.undo())):
            return
        if taken[0] == 0:
            why = self.screen.why_not["undo"] if self.screen is not None else None
            self.say(why or sentence(render(N_("Nothing to undo"), self.lang)), error=True)
        else:
            self.say("")
        self.after_change(run_bots=False)

    def restart(self) -> None:
        if not self._stored_call(self.controller.restart):
            return
        self.say("")
        self.board.set_game(self.game)
        self.after_change(run_bots=True)

    def start(self, setup: Setup) -> None:
        """Start a new game (the New game tab's Start button)."""
        self._guard(self.start_game, setup)

    def start_game(self, setup: Setup) -> str | None:
        """Start a game (unguarded); why not, if it cannot be started (the page's game is then kept)."""
        try:
            self.controller.new_game(setup)
        except (ValueError, CarnegieError) as e:
            self.new_game_panel.show_error(e)
            return error_text(e, self.lang)
        self.say("")
        try:
            self.controller.keep()               # a new game is stored at once (and its id in the URL)
        except StoreError as e:
            self.say(translator(self.lang).gettext("This game is not kept: {problem}").format(
                problem=error_text(e, self.lang)), error=True)
        self.new_game_panel.fill(setup)          # the next game's form: a new seed unless the same is asked for
        humans = self.controller.humans
        self.board.set_game(self.game, seat=humans[0] if humans else None)
        self.side.selected_index = 0
        self.after_change(run_bots=True)
        return None

    def rematch(self, same_seed: bool) -> None:
        """The final panel's Rematch or Same seed: a new game as the New game tab starts one (its checks: a page
        past its games is told why, and its game is kept)."""
        setup = rematch_setup(self.controller, same_seed)
        problem = self.start_game(setup)
        if problem is not None:
            self.say(translator(self.lang).gettext("No new game: {problem}").format(problem=problem), error=True)

    def load(self, data: bytes, name: str = "file") -> None:
        self._guard(self._load, data, name)

    def _load(self, data: bytes, name: str) -> None:
        _ = translator(self.lang).gettext
        try:
            self.controller.load(data)
        except (Overtaken, GameGone) as e:
            text = sentence(error_text(e, self.lang))
            self.records.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            self.say(text, error=True)
            self.board.set_game(self.game)
            self.after_change(run_bots=False)
            return
        except CarnegieError as e:
            text = _("Could not load {name}: {problem}. The current game is kept.").format(
                name=name, problem=error_text(e, self.lang))
            self.records.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            self.say(text, error=True)
            return
        self.records.message.value = "<p class='cl-ok'>" + html.escape(_("Loaded {name}.").format(name=name)) + "</p>"
        self.say("")
        self.new_game_panel.fill(self.controller.setup)
        self.board.set_game(self.game)
        self.after_change(run_bots=False)

    def seat_to_follow(self) -> int | None:
        ctl = self.controller
        if ctl.role == SEAT:
            return ctl.my_seat
        seat = ctl.current_seat
        return seat if seat is not None and ctl.seats[seat].is_human else (ctl.humans[0] if ctl.humans else None)

    def _run_bots(self, until_human: bool) -> None:
        if not self.controller.bot_to_move or not self.controller.plays_bots:
            return
        self._busy(translator(self.lang).gettext("Bots are playing…"))
        start = time.perf_counter()
        self.controller.run_bots(until_human=until_human, progress=self._progress)
        self.timings["bots until a human decides (server)"] = time.perf_counter() - start

    def _busy(self, text: str) -> None:
        """Bots at work: the controls stay where they are, disabled (nothing moves under the cursor)."""
        self.controls.disable()
        self.undo_button.disabled = True
        self.bots.busy(text)

    def _progress(self, p: Progress) -> None:
        self.bots.show_progress(p, self.game.round, where_of(self.game, self.lang))

    def _page_shown(self, change) -> None:
        if (change["new"] or 0) > 0:
            self.turn.unobserve(self._page_shown, names="_view_count")
            self._guard(self._add_bridge)
            self._guard(self.board.start_drawing)

    def show(self, parts: list[W.Widget]) -> None:
        """The page's parts (its frame), and the page's helpers (``_helpers``) it has already."""
        kept: list[W.Widget] = [w for w in self._helpers() if w in self.children]
        self.children = [*parts, *kept]
        if not self.board.defer:
            self._add_bridge()

    def _helpers(self) -> list[W.Widget]:
        """The page's widgets that show nothing: the click guard, the focus keeper, the address and clock."""
        return [w for w in (self.guard, self.focus, self.bridge) if w is not None]

    def _add_bridge(self) -> None:
        """Put the page's helpers (``_helpers``) in the page: once the page has drawn its controls (their
        JavaScript modules are more things for the page to load first)."""
        extra = [w for w in self._helpers() if w not in self.children]
        if extra:
            self.children = [*self.children, *extra]

    def _auto_changed(self) -> None:
        if self.bots.auto.value and self.controller.bot_to_move:
            self.after_change(run_bots=True)
        else:
            self._show_decision()

    def _side_changed(self) -> None:
        was, self.replays.replaying = self.replaying, self.side.selected_index == REPLAY
        if self.side.selected_index == RECORDS:
            self.records.update(self.controller)
        elif self.side.selected_index == NEW_GAME:
            self.sharing.update_stored()
        elif self.side.selected_index == FRIENDS:
            self.sharing.update_friends()
        elif self.replaying:
            if self.replay.replay is None:
                self.replays.this_game()
            else:
                self.replay.go(self.replay.index)
        if was and not self.replaying:           # the board shows the live game again
            self._follow()
            self.after_change(run_bots=False)

    def _follow(self) -> None:
        """The board shows the page's game, from the seat it follows."""
        self.board.set_game(self.game, seat=self.seat_to_follow())

    def _to_play(self, problem: str) -> None:
        """The Play tab with the page's game (resumed, opened, played on from a replay), ``problem`` said if any."""
        self.new_game_panel.fill(self.controller.setup)
        self.say(problem, error=bool(problem))
        self.side.selected_index = PLAY             # the board shows the live game (see _side_changed)
        self._follow()
        self.after_change(run_bots=True)

    def after_change(self, run_bots: bool) -> None:
        if run_bots and self.bots.auto.value:
            self._run_bots(until_human=True)
        start = time.perf_counter()
        self._show_decision()
        ctl = self.controller
        seat = ctl.current_seat
        if self._ready:                     # after any click the board draws, even if the page never
            self.board.defer = False        # reported itself drawn (a frontend without view counts)
            self._add_bridge()
        if self.replaying:                 # the board shows the replay's moment
            self.replay.go(self.replay.index)
        else:
            if ctl.role == SEAT and ctl.my_seat is not None:
                self.board.follow(ctl.my_seat)
            elif seat is not None and ctl.seats[seat].is_human:
                self.board.follow(seat)
            self.board.game = self.game
            self.board.kinds = [ctl.seat_label(i) for i in range(len(ctl.seats))]
            self.board.refresh()
        if self.side.selected_index == RECORDS:
            self.records.update(ctl)
        elif self.side.selected_index == FRIENDS:
            self.sharing.update_friends()
        if self.bridge is not None:
            self.bridge.query = with_lang(ctl.query(), self.lang)
            self.bridge.interval = POLL_MS if ctl.kept else 0
        self.timings["redraw (server)"] = time.perf_counter() - start
        if ctl.you_to_move and not self.replaying and self.hints.wanted(self.game):
            self._think()               # "Always show a hint": each new decision of a human seat

    def _show_decision(self) -> None:
        """Compute the page's screen and draw it."""
        self.draw(screen_of(self.controller, self.lang, self.replaying))

    def draw(self, screen: Screen) -> None:
        """Show a screen: each part of the Play tab draws its slice (the board its targets, live)."""
        self.screen = screen
        self.final.draw(screen.final, self.game)
        if screen.panel is not None:
            self.controls.show(screen.panel)
        else:
            self.controls.clear(screen.waiting_html)
        if not screen.replaying:
            self.board.targets = screen.targets
        self.bots.draw(screen.bots)
        self.hints.forget(self.game)
        for control, key in ((self.undo_button, "undo"), (self.hints.always, "hint_always"),
                             (self.hints.button, "hint"), (self.restart_button, "restart"),
                             (self.records.upload, "load")):
            explain(control, screen.why_not[key])        # disabled, the hover saying the rule
        self.rules.value = rules_html(screen.rules, self.lang)
        self.role_note.value = role_html(screen.role)
        self.recent.value = recent_html(screen.recent)
        # last: the page (and the browser test) take a new data-actions as 'the decision is shown'
        self.turn.value = turn_html(screen)
        if self.bridge is not None:         # the tab's title: whose turn it is
            self.bridge.title = tab_title(screen)

    def open_page(self, query: str | None) -> None:
        """Show the stored game a page's address names (:meth:`Sharing.open_page`)."""
        self.last_activity = time.monotonic()      # a preheated kernel may have waited long for its page
        self.sharing.open_page(query)

    def poll(self) -> None:
        """Bring in what other browsers played (the page's clock calls this twice a second)."""
        if not self.sharing.idle(self.last_activity) and self.sharing.poll():
            self.last_activity = time.monotonic()

    def make_links(self) -> None:
        """The Friends tab's button: seat links (this browser then plays the first human seat)."""
        self.sharing.make_links()

    def say(self, text: str, error: bool = False) -> None:
        """The status line (errors in red)."""
        cls = "cl-error" if error else "cl-info"
        self.status.value = f"<div class='{cls}'>{html.escape(text)}</div>" if text else ""

    def _guard(self, fn: Callable, *args: Any, **kwargs: Any) -> None:
        """Run a callback (a click: the page is active); an unexpected exception is shown in the status line."""
        if fn != self.poll:
            self.last_activity = time.monotonic()
        self._errors(fn, *args, **kwargs)


__all__ = ["Dashboard"]

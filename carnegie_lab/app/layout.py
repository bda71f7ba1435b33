"""The dashboard's panels, made in its language: the Play tab, the side tabs, and the page's frame (the header
with its language picker, the board beside the side tabs). ``build`` makes the panels again when the language
changes; the frame is made once (the game, the board and the page's bridge are kept)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import ipywidgets as W

from ..core.i18n import SOURCE, translator
from ..engine import Game
from ..session import Controller, Setup
from ..session.screen import PageWork, Replay
from .bot_bar import BotBar, button
from .controls_view import ControlsView
from .final import FinalPanel
from .hints import HintPanel, decision_key
from .keys import Keys, play_keys
from .language import name_picker, picker
from .panels import NewGamePanel, StoredGames
from .replay_panel import ReplayPanel, ShowFn
from .share_panels import FriendsPanel, RecordPanel
from .style import style
from .turn import APP_NAME

#: The side tabs' indices (``Panels.side``)
PLAY, NEW_GAME, RECORDS, FRIENDS, REPLAY = range(5)


def side_titles(lang: str | None) -> list[str]:
    """The side tabs' titles in a language (in the order of their indices)."""
    _ = translator(lang).gettext
    return [_("Play"), _("New game"), _("Save / load"), _("Friends"), _("Replay")]


@dataclass(frozen=True)
class Actions:
    """What the panels' controls call: the dashboard's actions. ``build`` runs each through the dashboard's
    guard, but for those that guard themselves (``act``, ``start``, ``load``) and the replay's board."""
    act: Callable[[str], None]
    step_bot: Callable[[], None]
    play_bots: Callable[[], None]
    finish: Callable[[], None]
    auto_changed: Callable[[], None]
    undo: Callable[[], None]
    restart: Callable[[], None]
    rematch: Callable[[bool], None]                     # the final panel: same seed or not
    hint: Callable[[], None]
    hint_option_changed: Callable[[], None]
    start: Callable[[Setup], None]
    resume: Callable[[str], None]                       # the stored games' buttons, by game id
    delete: Callable[[str], None]
    replay_stored: Callable[[str], None]
    stored_page: Callable[[int], None]
    load: Callable[[bytes, str], None]
    make_links: Callable[[], None]
    show_moment: ShowFn                                 # the board at a replay's moment
    play_from: Callable[[Replay, int], None]
    replay_this_game: Callable[[], None]
    side_changed: Callable[[], None]
    set_up: Callable[[Setup], None]                     # the New game tab's *Set up a table*, on the form's setup


@dataclass
class Panels:
    """The panels of a dashboard in one language (``lang``)."""
    lang: str | None
    turn: W.HTML                    # the turn card
    status: W.HTML                  # the status line
    controls: ControlsView
    bots: BotBar
    recent: W.HTML
    undo_button: W.Button
    restart_button: W.Button
    final: FinalPanel
    role_note: W.HTML               # who this browser plays
    rules: W.HTML                   # the Rules link
    hints: HintPanel
    play_keys: Keys
    new_game_panel: NewGamePanel
    stored: StoredGames
    records: RecordPanel
    friends: FriendsPanel
    replay: ReplayPanel             # while it is shown the board shows the replay's moment, not the live game
    side: W.Tab


@dataclass(frozen=True)
class PageCalls:
    """What a dashboard's parts (the store side, the replays) may ask of the page."""
    panels: Callable[[], Panels]            # the panels shown now (made again when the language changes)
    say: Callable[..., None]                # the status line: ``say(text, error=False)``
    refresh: Callable[[bool], None]         # show the page's game as it is now (``run_bots``: let the bots play)
    follow: Callable[[], None]              # the board shows the page's game, from the seat it follows
    play: Callable[[str], None]             # the Play tab with the page's game (new, resumed...), and a message
    set_lang: Callable[[str], None]         # the whole page in another language


def build(ctl: Controller, on: Actions, guard: Callable[..., None], lang: str | None, auto: bool,
          work: PageWork) -> Panels:
    """Make the dashboard's panels in ``lang`` (the page's frame then shows ``Panels.side``). What computes is the
    page's ``work``, kept when the panels are made again: its review job, the analyses of its hints."""
    _ = translator(lang).gettext
    g = guard
    turn = W.HTML()
    turn.add_class("cl-turn-card")
    status = W.HTML()
    status.add_class("cl-status")
    controls = ControlsView(on.act, lang)
    bots = BotBar(auto, ctl.game.rules.constants.rounds, lambda: g(on.step_bot), lambda: g(on.play_bots),
                  lambda: g(on.finish), lambda: g(on.auto_changed), lang)
    recent = W.HTML()
    recent.add_class("cl-recent")
    undo_button = button(_("Undo"), "undo", _("take back your last decision (and the bots' after it)"),
                         lambda: g(on.undo), "cl-undo")
    restart_button = button(_("Restart"), "refresh", _("the same game from its start"),
                            lambda: g(on.restart), "cl-restart")
    def review_this_game() -> None:      # the final panel's one click: this game's replay, its review started
        on.replay_this_game()
        replay.review.start()

    final = FinalPanel(lambda same_seed: g(on.rematch, same_seed), lambda: g(review_this_game), lang)
    role_note, rules = W.HTML(), W.HTML()
    role_note.add_class("cl-role-note")
    #: the Hint button, its "always" option and the hint (between the status line and the bots)
    hints = HintPanel(lambda: g(on.hint), lambda: g(on.hint_option_changed), lang=lang, remember=work.hint)
    keys = play_keys(lambda: {"done": controls.buttons.get("done"), "undo": undo_button, "hint": hints.button},
                     lambda: len(ctl.game.actions), lang)       # D or Enter, U, H: Done, Undo, Hint (app/keys.py)
    # the controls right under the turn card: a message (status line) or the final scores
    # appearing never moves them
    play = W.VBox([turn, rules, role_note, final.box, controls.box, status, hints.box, bots.box,
                   recent, W.HBox([undo_button, restart_button]), keys])
    play.add_class("cl-play-tab")
    # -- new game (and the stored games), save / load, friends, replay
    new_game_panel = NewGamePanel(on.start, ctl.setup, lang, on_set_up=lambda setup: g(on.set_up, setup))
    stored = StoredGames(lambda gid: g(on.resume, gid), lambda gid: g(on.delete, gid),
                         lambda gid: g(on.replay_stored, gid), on_page=lambda offset: g(on.stored_page, offset),
                         on_sort=lambda order: g(ctl.order_games, order), lang=lang)
    records = RecordPanel(on.load, lang)
    friends = FriendsPanel(lambda: g(on.make_links), lang)
    replay = ReplayPanel(on.show_moment, lambda r, n: g(on.play_from, r, n), lambda: g(on.replay_this_game),
                         work.review, lang, work.evals)
    new_game_tab = W.VBox([new_game_panel.box, stored.box])    # the list fills below: the form never moves
    side = W.Tab(children=[play, new_game_tab, records.box, friends.box, replay.box], titles=side_titles(lang))
    side.add_class("cl-side-tabs")
    side.observe(lambda change: g(on.side_changed), names="selected_index")
    return Panels(lang, turn, status, controls, bots, recent, undo_button, restart_button, final, role_note, rules,
                  hints, keys, new_game_panel, stored, records, friends, replay, side)


def models_under(*roots: W.Widget) -> dict[int, W.Widget]:
    """The widgets and models under ``roots`` as the page knows them: every synced trait that holds one (children,
    layout, style...), all the way down; by id."""
    seen: dict[int, W.Widget] = {}
    todo: list[Any] = list(roots)
    while todo:
        w = todo.pop()
        if isinstance(w, W.Widget) and id(w) not in seen and w.comm is not None:
            seen[id(w)] = w
            for name in w.keys:
                value = getattr(w, name, None)
                todo.extend(value if isinstance(value, (list, tuple)) else [value])
    return seen


def owned(*roots: Any) -> dict[int, W.Widget]:
    """The widgets and models ``roots`` hold, by id: those under a widget (``models_under``), and those that the
    app's objects (its panels, the page) hold in their attributes, lists and dicts, all the way down."""
    widgets: dict[int, W.Widget] = {}
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if isinstance(o, W.Widget):
            widgets.update(models_under(o))
        if isinstance(o, (list, tuple, set)):
            todo.extend(o)
        elif isinstance(o, dict):
            todo.extend(o.values())
        elif type(o).__module__.startswith(("carnegie_lab.app.", "carnegie_lab.ui.")) and hasattr(o, "__dict__"):
            todo.extend(vars(o).values())
    return widgets


def retire(old: Panels, page: W.Widget, game: Game) -> None:
    """The panels of the ``page`` (a dashboard) replace ``old`` (its language changed): every widget the old ones
    hold that the page does not is closed (the kernel would keep it, and the page its model), and the hint
    shown is shown again (from the page's memory: nothing is thought about again)."""
    kept = owned(page)
    for key, w in owned(old).items():
        if key not in kept:
            w.close()
    new: Panels = page.panels
    if old.hints.key is not None and old.hints.key == decision_key(game):
        new.hints.show(game)


class Frame:
    """The page's frame, made once: the stylesheet, the header (the title and the language picker) and the
    main row (the board beside the side tabs, or a part shown ``instead`` of them: the New game tab's table set
    up by hand). A new language changes its words only: the board's figures stay where they are (plotly's views
    must never be drawn again: they are hidden, never taken out of the page)."""

    def __init__(self, board: W.Widget, side: W.Tab, lang: str | None, rounds: int, on_lang: Callable[[str], Any]):
        self.board = board
        self.sheet, self.title = W.HTML(style(lang)), W.HTML(_title(lang, rounds))
        self.language = picker(lang, on_lang)
        header = W.HBox([self.title, self.language], layout=W.Layout(justify_content="space-between",
                                                                     align_items="center"))
        header.add_class("cl-header-row")
        self.side, self.slot = side, W.Box(layout=W.Layout(width="100%"))
        self.shown: W.Widget | None = None
        self.main = W.HBox([board, side, self.slot], layout=W.Layout(align_items="flex-start"))
        self.main.add_class("cl-main")
        self.parts: list[W.Widget] = [self.sheet, header, self.main]
        self.instead(None)

    def instead(self, part: W.Widget | None) -> None:
        """Show ``part`` in the place of the board and the side tabs (None: them again; the part last shown stays
        in the page, hidden, until another takes its place: shown again, it is not drawn again)."""
        self.shown = part
        if part is not None and part not in self.slot.children:
            self.slot.children = [part]
        self.slot.layout.display = "none" if part is None else ""
        for shown in (self.board, self.side):
            shown.layout.display = "" if part is None else "none"

    def relabel(self, side: W.Tab, lang: str | None, rounds: int) -> None:
        """The frame in another language, around the side tabs made in it."""
        _ = translator(lang).gettext
        self.sheet.value, self.title.value = style(lang), _title(lang, rounds)
        self.language.value = lang or SOURCE
        name_picker(self.language, lang)
        self.side = side
        self.main.children = [self.board, side, self.slot]
        self.instead(self.shown)


def _title(lang: str | None, rounds: int) -> str:
    _ = translator(lang).gettext
    return ("<div class='cl-header'><span class='cl-title'>" + APP_NAME + "</span><span class='cl-subtitle'>"
            + _("build an industrial empire in {rounds} rounds").format(rounds=rounds) + " · "
            # the page shows one of the two: the mouse's words, or a touch screen's (style.py, ``hover: none``)
            + "<span class='cl-mouse-words'>" + _("hover the board for details") + "</span>"
            + "<span class='cl-touch-words'>" + _("tap the board for details") + "</span>"
            + "</span></div>")


__all__ = ["Actions", "FRIENDS", "Frame", "NEW_GAME", "PLAY", "PageCalls", "Panels", "RECORDS", "REPLAY", "build",
           "models_under", "owned", "retire", "side_titles"]

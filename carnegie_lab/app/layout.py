"""The dashboard's panels, made in its language: the Play tab, the side tabs, the header with its language
picker. ``build`` makes them again when the language changes (the game, the board and the page's bridge are
kept)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from ..core.i18n import SOURCE, translator
from ..session.review import ReviewJob
from .bot_bar import BotBar, button
from .final import FinalPanel
from .hints import HintPanel
from .keys import play_keys
from .language import picker
from .panels import FriendsPanel, NewGamePanel, RecordPanel, StoredGames
from .render import ControlsView
from .replay_panel import ReplayPanel
from .style import style
from .turn import APP_NAME

if TYPE_CHECKING:
    from .dashboard import Dashboard

def side_titles(lang: str | None) -> list[str]:
    """The side tabs' titles in a language (in the order of app/sharing.py's indices)."""
    _ = translator(lang).gettext
    return [_("Play"), _("New game"), _("Save / load"), _("Friends"), _("Replay")]


def build(d: Dashboard, auto: bool) -> None:
    """Make the dashboard's panels in ``d.lang`` and put them in the page, beside the board."""
    lang = d.lang
    _ = translator(lang).gettext
    g = d._guard
    # -- the decision (Play tab)
    d.turn = W.HTML()
    d.turn.add_class("cl-turn-card")
    d.status = W.HTML()
    d.status.add_class("cl-status")
    d.controls = ControlsView(d.act, lang)
    d.bots = BotBar(auto, d.game.rules.constants.rounds, lambda: g(d.step_bot), lambda: g(d.play_bots),
                    lambda: g(d.finish), lambda: g(d._auto_changed), lang)
    d.recent = W.HTML()
    d.recent.add_class("cl-recent")
    d.undo_button = button(_("Undo"), "undo", _("take back your last decision (and the bots' after it)"),
                           lambda: g(d.undo), "cl-undo")
    d.restart_button = button(_("Restart"), "refresh", _("the same game from its start"),
                              lambda: g(d.restart), "cl-restart")
    d.final = FinalPanel(d, g)
    d.role_note, d.rules = W.HTML(), W.HTML()    # who this browser plays; the Rules link
    d.role_note.add_class("cl-role-note")
    #: the Hint button, its "always" option and the hint (between the status line and the bots)
    d.hints = HintPanel(lambda: g(d.hint), lambda: g(d._hint_option_changed), lang=lang)
    d.play_keys = play_keys(d)        # D or Enter, U, H: Done, Undo, Hint (app/keys.py)
    # the controls right under the turn card: a message (status line) or the final scores
    # appearing never moves them
    play = W.VBox([d.turn, d.rules, d.role_note, d.final.box, d.controls.box, d.status, d.hints.box, d.bots.box,
                   d.recent, W.HBox([d.undo_button, d.restart_button]), d.play_keys])
    play.add_class("cl-play-tab")
    # -- new game (and the stored games), save / load, friends
    d.new_game_panel = NewGamePanel(d.start, d.controller.setup, lang)
    d.stored = StoredGames(lambda gid: g(d.sharing.resume, gid), lambda gid: g(d.sharing.delete_game, gid),
                           lambda gid: g(d.replays.stored, gid),
                           on_page=lambda offset: g(d.sharing.update_stored, offset),
                           on_sort=lambda order: g(d.controller.order_games, order), lang=lang)
    d.records = RecordPanel(d.load, lang)
    d.friends = FriendsPanel(lambda: g(d.make_links), lang)
    #: the Replay tab; while it is shown the board shows the replay's moment, not the live game
    d.replay = ReplayPanel(d.replays.show, lambda r, n: g(d.replays.play_from, r, n),
                           lambda: g(d.replays.this_game), ReviewJob(d.limits.review_playouts), lang)
    new_game_tab = W.VBox([d.stored.box, d.new_game_panel.box])
    d.side = W.Tab(children=[play, new_game_tab, d.records.box, d.friends.box, d.replay.box],
                   titles=side_titles(lang))
    d.side.add_class("cl-side-tabs")
    d.side.observe(lambda change: g(d._side_changed), names="selected_index")
    if d.board.defer:
        d.turn._view_count = 0
        d.turn.observe(d._page_shown, names="_view_count")
    rounds = d.game.rules.constants.rounds
    title = ("<div class='cl-header'><span class='cl-title'>" + APP_NAME + "</span><span class='cl-subtitle'>"
             + _("build an industrial empire in {rounds} rounds · hover the board for details").format(rounds=rounds)
             + "</span></div>")
    if d.main is None:                          # the page's frame, made once: a language changes its words only
        d.sheet, d.title = W.HTML(style(lang)), W.HTML(title)
        d.language = picker(lang, lambda new: g(d.set_lang, new))
        header = W.HBox([d.title, d.language], layout=W.Layout(justify_content="space-between",
                                                               align_items="center"))
        header.add_class("cl-header-row")
        d.main = W.HBox([d.board.box, d.side], layout=W.Layout(align_items="flex-start"))
        d.main.add_class("cl-main")
        d.show([d.sheet, header, d.main])
    else:      # the board's figures stay where they are: plotly's views must never be drawn again
        d.sheet.value, d.title.value = style(lang), title
        d.language.value, d.language.tooltip = lang or SOURCE, _("The language of this page")
        d.main.children = [d.board.box, d.side]


__all__ = ["build", "side_titles"]

"""``EditorWidget``: a table set up by clicks, then analysed or played on. ``cl.widgets.PositionEditor`` is this
widget whose *Play from here* opens the app's dashboard (app/position_editor.py); the app's New game tab shows it
to set up a table (app/table_setup.py). The editor sits below the app, which imports it.

The board (``board.EditorBoard``) shows the dashboard's views of the table; a click on a site of the map places
a project of the chosen owner and type there (or removes the one there), a click on a track's space moves the
owner's disc there, on a tab's space shows the tab up to it. The panels (``panels``) set a seat's resources, its
employees and tiles, the round and the decision. Every click is one operation of ``cl.Editor``; a refusal is
said beside the board in words, and the table stays as it was. *Analyse* evaluates the decision at a small
budget, *Play from here* (if the widget is given a ``play``) shows the table played on, *Copy position* writes its
JSON in the text box and *Load position* reads the JSON there.
"""
from __future__ import annotations

import html
import json
from itertools import islice
from typing import Any, Callable

import ipywidgets as W

from ..analysis import evaluate
from ..analysis.evaluate import distinct
from ..analysis.words import playout_result
from ..core.errors import CarnegieError
from ..core.i18n import render, translator
from ..engine import Editor, Game
from ..session import HUMAN, Seat
from ..session.labels import Labels
from ..session.seats import SEAT_KINDS
from ..session.texts import error_text
from ..ui.guard import ErrorGuard
from .board import EditorBoard
from .panels import CompanyPanel, Pieces, Resources, RoundPanel
from .table import EditTable

#: The players of a fresh table.
PLAYERS = ["Ada", "Bo"]
#: Playouts of every action that *Analyse* runs (about a second of CPU for a round's first decision).
ANALYSE_PLAYOUTS = 2
#: The choices *Analyse* shows, best first.
SHOWN = 3


def analysis_html(game: Game, lang: str | None = None, playouts: int = ANALYSE_PLAYOUTS) -> str:
    """The decision's best choices by ``evaluate`` at ``playouts`` playouts each, in words with what their
    playouts gave; a choice that only repeats a listed one is left out."""
    _ = translator(lang).gettext
    L = Labels(game, lang)
    items = [f"<li data-notation='{html.escape(str(row.action))}'><b>{html.escape(L.action(row.action))}</b>: "
             f"{html.escape(playout_result(row, lang))}</li>"
             for row in islice(distinct(evaluate(game, playouts=playouts, seed=0)), SHOWN)]
    prompt = html.escape(game.decision_in(lang).prompt)
    return ("<div class='cl-editor-analysis'><b>" + _("Analysis: {decision}").format(decision=prompt) + "</b>"
            f"<ol>{''.join(items)}</ol><span class='cl-note'>" + _(
                "From {n} playouts of every choice, every player playing on like the medium bot: a first look, not "
                "a verdict.").format(n=playouts) + "</span></div>")


#: What *Play from here* calls: a widget that plays a game with these seats, in a language.
Play = Callable[[Game, list[Seat], str | None], W.Widget]


def fresh_table(players: list[str] = PLAYERS, seed: int = 0, **options: Any) -> Game:
    """The table a new editor shows: a fresh setup of ``new_game``'s arguments, at the start of round 1."""
    editor = Editor.new(players, seed, **options)
    editor.set_round(1)
    return editor.game()


class EditorWidget(W.VBox):
    """Set up a table by clicks (see the module); ``editor`` is the ``cl.Editor`` behind it, ``game()`` the game
    of its table; ``play``: what *Play from here* shows the table in (None: no such button)."""

    def __init__(self, game: Game | None = None, lang: str | None = None, play: Play | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-position-editor")
        _ = translator(lang).gettext            # an unknown language is refused here
        self.lang, self._play = lang, play
        self.table = EditTable((fresh_table() if game is None else game).edit(), lang)
        self._guard = ErrorGuard(lambda text: self._say(text, refused=True))
        self.summary, self.message = W.HTML(), W.HTML()
        self.summary.add_class("cl-editor-summary")
        self.message.add_class("cl-editor-message")
        self.pieces = Pieces(self.table, self.show, self.click, self._guard)
        self.resources = Resources(self.table, self.pieces, self.show, self._guard)
        self.company = CompanyPanel(self.table, self.pieces, self.show, self._guard)
        self.rounds = RoundPanel(self.table, self.show, self._guard)
        self.board = EditorBoard(lambda key: self._guard(self.click, key), lang)
        self.analyse = self._button(_("Analyse"), _("The best choices of the decision now, from a few playouts"),
                                    "analyse", self.analyse_now)
        self.play = self._button(_("Play from here"), _("Open the dashboard on this table"), "play", self.play_now)
        self.copy = self._button(_("Copy position"), _("Write the table's JSON in the box below, to copy it"), "copy",
                                 self.copy_now)
        self.load = self._button(_("Load position"), _("Edit the position whose JSON is in the box below"), "load",
                                 self.load_now)
        self.others = W.Dropdown(options=[(render(label, lang), kind) for kind, label in SEAT_KINDS.items()],
                                 value=HUMAN, description=_("The others"), style={"description_width": "initial"})
        self.position = W.Textarea(placeholder=_("A position's JSON"), description=_("Position"),
                                   layout=W.Layout(width="100%", height="8em"))
        self.position.add_class("cl-editor-position")
        self.analysis, self.played = W.HTML(), W.VBox()
        self.analysis.add_class("cl-editor-analysis-box")
        self.played.add_class("cl-editor-play-box")
        heading = lambda words: W.HTML(f"<b>{html.escape(words)}</b>")  # noqa: E731
        side = W.VBox([heading(_("Whose pieces a click places")), self.pieces.box,
                       heading(_("Resources")), self.resources.box, heading(_("Company")), self.company.box,
                       heading(_("Round and decision")), self.rounds.box], layout=W.Layout(max_width="560px"))
        played = [self.play, self.others] if play is not None else []
        actions = W.HBox([self.analyse, *played, self.copy, self.load], layout=W.Layout(flex_flow="row wrap"))
        self.children = [self.summary, W.HBox([self.board.box, W.VBox([self.message, side])],
                                              layout=W.Layout(flex_flow="row wrap")),
                         actions, self.position, self.analysis, self.played]
        self.show()

    def _button(self, description: str, tooltip: str, name: str, act: Any) -> W.Button:
        button = W.Button(description=description, tooltip=tooltip)
        button.add_class(f"cl-editor-{name}")
        button.on_click(lambda b: self._guard(act))
        return button

    @property
    def editor(self) -> Editor:
        return self.table.editor

    def game(self) -> Game:
        """A game from the table (the engine's ``Editor.game()``)."""
        return self.table.editor.game()

    # -- showing ----------------------------------------------------------------------------------
    def _say(self, text: str, refused: bool = False) -> None:
        kind = "cl-error cl-editor-refused" if refused else "cl-editor-done"
        self.message.value = f"<p class='{kind}' role='status'>{html.escape(text)}</p>" if text else ""

    def show(self) -> None:
        """The table as it is now: the summary, the last operation's words, the panels' values, the board."""
        t = self.table
        game = t.game
        self.summary.value = f"<b>{html.escape(game.decision_in(self.lang).prompt)}</b>"
        self._say(t.message, t.refused)
        self.pieces.sync()
        self.resources.sync()
        self.rounds.sync()
        self.board.draw(t, self.pieces.owner, self.pieces.types.value, self.pieces.seat)

    # -- what the buttons and clicks do -----------------------------------------------------------
    def click(self, key: str) -> None:
        """A click on ``key`` of the board (see ``EditTable.click``)."""
        self.table.click(key, self.pieces.owner, self.pieces.types.value)
        self.show()

    def analyse_now(self) -> None:
        """The decision's best choices, in words, under the buttons."""
        try:
            self.analysis.value = analysis_html(self.table.game, self.lang)
        except CarnegieError as e:
            self.table.refuse(error_text(e, self.lang))
            self.show()

    def play_now(self) -> None:
        """The table played on, under the buttons (``play``'s widget): the player deciding now a human, the others
        as chosen."""
        if self._play is None:
            return
        game = self.game()
        seats = [Seat(name, HUMAN if i == game.current_player else self.others.value)
                 for i, name in enumerate(game.players)]
        self.played.children = [self._play(game, seats, self.lang)]

    def copy_now(self) -> None:
        self.position.value = json.dumps(self.table.editor.to_position())
        self.table.message, self.table.refused = translator(self.lang).gettext(
            "The position is in the box below: select it and copy it."), False
        self.show()

    def load_now(self) -> None:
        try:
            editor = Editor.from_position(self.position.value)
        except CarnegieError as e:
            self.table.refuse(error_text(e, self.lang))
        else:
            self.table.replace(editor, translator(self.lang).gettext("The position is loaded."))
        self.show()


__all__ = ["ANALYSE_PLAYOUTS", "EditorWidget", "Play", "analysis_html", "fresh_table"]

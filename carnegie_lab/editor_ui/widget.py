"""``PositionEditor``: a table set up by clicks, then analysed or played on.

    import carnegie_lab as cl
    cl.widgets.PositionEditor()                        # a fresh 2-player table in round 1
    cl.widgets.PositionEditor(game)                    # a copy of a game's table (the game stays as it is)

The board (``board.EditorBoard``) shows the dashboard's views of the table; a click on a site of the map places
a project of the chosen owner and type there (or removes the one there), a click on a track's space moves the
owner's disc there, on a tab's space shows the tab up to it. The panels (``panels``) set a seat's resources, its
employees and tiles, the round and the decision. Every click is one operation of ``cl.Editor``; a refusal is
said beside the board in words, and the table stays as it was. *Analyse* evaluates the decision at a small
budget, *Play from here* opens the dashboard on the table, *Copy position* writes its JSON in the text box and
*Load position* reads the JSON there.
"""
from __future__ import annotations

import html
import json
from itertools import islice
from typing import Any

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


class PositionEditor(W.VBox):
    """Set up a table by clicks (see the module); ``editor`` is the ``cl.Editor`` behind it, ``game()`` the game
    of its table."""

    def __init__(self, game: Game | None = None, lang: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-position-editor")
        _ = translator(lang).gettext            # an unknown language is refused here
        self.lang = lang
        editor = Editor.new(PLAYERS) if game is None else game.edit()
        if game is None:
            editor.set_round(1)
        self.table = EditTable(editor, lang)
        self._guard = ErrorGuard(lambda text: self._say(text, refused=True))
        self.summary, self.message = W.HTML(), W.HTML()
        self.summary.add_class("cl-editor-summary")
        self.message.add_class("cl-editor-message")
        self.pieces = Pieces(self.table, self.show, lambda key: self._guard(self.click, key))
        self.resources = Resources(self.table, self.pieces, self.show)
        self.company = CompanyPanel(self.table, self.pieces, self.show)
        self.rounds = RoundPanel(self.table, self.show)
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
        actions = W.HBox([self.analyse, self.play, self.others, self.copy, self.load],
                         layout=W.Layout(flex_flow="row wrap"))
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
        """The dashboard on the table, under the buttons: the player deciding now a human, the others as
        chosen."""
        from ..app.dashboard import Dashboard
        game = self.game()
        seats = [Seat(name, HUMAN if i == game.current_player else self.others.value)
                 for i, name in enumerate(game.players)]
        self.played.children = [Dashboard(game=game, seats=seats, lang=self.lang)]

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


__all__ = ["ANALYSE_PLAYOUTS", "PositionEditor", "analysis_html"]

"""What the dashboard does with replays: a replay of this game or of a stored one shown on the board (while
the Replay tab is shown), and playing on from one of its moments as a new game."""
from __future__ import annotations

import html

from ..core.errors import CarnegieError
from ..core.i18n import N_, translator
from ..engine import Game
from ..session import Controller, NotAllowed
from ..session.screen import Replay, Shelf, error_text, sentence
from ..store import StoreError, StoreFull
from .board import BoardView
from .layout import REPLAY, PageCalls


class ReplayActions:
    """A dashboard's replays (one per dashboard); ``replaying``: the board shows a replay's moment."""

    def __init__(self, ctl: Controller, board: BoardView, page: PageCalls):
        self.ctl, self.board, self.page = ctl, board, page
        self.replaying = False

    def this_game(self) -> None:
        """Replay the page's game (played, resumed or loaded) from its start."""
        ctl = self.ctl
        seed = ctl.game.options.get("seed")
        self.open(Replay(ctl.game, N_("this game, seed {seed}", seed=seed), ctl.seats, ctl.handover, ctl.game_id or ""),
                  stored=ctl.kept, shelf=self._shelf(ctl.game_id) if ctl.kept else None)

    def stored(self, game_id: str) -> None:
        """Replay a stored game (the New game tab's Replay), leaving the page's game as it is."""
        panels = self.page.panels()
        try:
            game, seats, handover = self.ctl.stored_game(game_id)
        except CarnegieError as e:
            text = translator(panels.lang).gettext("Could not replay it: {problem}").format(
                problem=error_text(e, panels.lang))
            panels.stored.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            return
        self.open(Replay(game, N_("a stored game, seed {seed}", seed=game.options.get("seed")), seats, handover,
                         game_id),
                  stored=True, shelf=self._shelf(game_id))

    def _shelf(self, game_id: str | None) -> Shelf:
        """Where the review of this stored game is kept, with this page's keys to it."""
        ctl = self.ctl
        assert ctl.store is not None and game_id is not None
        return Shelf(ctl.store, game_id, ctl.owner_key, ctl.token if game_id == ctl.game_id else None)

    def open(self, replay: Replay, stored: bool, shelf: Shelf | None = None) -> None:
        """Show a replay (``shelf``: where its stored game's review is kept, shown at once if there is one)."""
        panels = self.page.panels()
        self.board.set_game(replay.final)
        panels.replay.review.shelf = shelf
        self.replaying = True
        panels.replay.open(replay, stored=stored)
        if panels.side.selected_index != REPLAY:
            panels.side.selected_index = REPLAY

    def show(self, game: Game, kinds: list[str]) -> None:
        """The board at a replay's moment."""
        if not self.replaying:
            return
        board = self.board
        board.game, board.kinds, board.targets = game, kinds, {}
        board.defer = False
        board.refresh()

    def play_from(self, replay: Replay, actions: int) -> None:
        """Play from here: the replay's moment becomes a new live (and stored) game of this page, its
        human seats played by their humans again (if the bots had finished the game)."""
        lang = self.page.panels().lang
        step = self.page.panels().replay.index
        problem = ""
        try:
            self.ctl.branch(replay.game_at(actions), replay.players,
                            N_("step {n} of a replay of {title}", n=step, title=replay.title))
        except (NotAllowed, StoreFull) as e:      # nothing changed: the page's limit, or the store's
            self.page.say(sentence(error_text(e, lang)), error=True)
            return
        except StoreError as e:
            problem = translator(lang).gettext("This game is not kept: {problem}").format(problem=error_text(e, lang))
        self.page.play(problem)


__all__ = ["ReplayActions"]

"""The Replay tab's side of the dashboard: a replay of this game or of a stored one shown on the board, and
playing on from one of its moments as a new game."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..core.errors import CarnegieError
from ..core.i18n import N_, translator
from ..session import NotAllowed
from ..session.replay import Replay
from ..session.review import Shelf
from ..session.texts import error_text
from ..store import StoreError, StoreFull
from .sharing import PLAY, REPLAY
from .turn import sentence

if TYPE_CHECKING:
    from .dashboard import Dashboard


class Replays:
    """What a dashboard does with replays (one per dashboard)."""

    def __init__(self, dash: Dashboard):
        self.dash = dash

    def this_game(self) -> None:
        """Replay the page's game (played, resumed or loaded) from its start."""
        ctl = self.dash.controller
        seed = self.dash.game.options.get("seed")
        self.open(Replay(self.dash.game, N_("this game, seed {seed}", seed=seed), ctl.seats, ctl.handover,
                         ctl.game_id or ""),
                  stored=ctl.kept, shelf=self._shelf(ctl.game_id) if ctl.kept else None)

    def stored(self, game_id: str) -> None:
        """Replay a stored game (the New game tab's Replay), leaving the page's game as it is."""
        try:
            game, seats, handover = self.dash.controller.stored_game(game_id)
        except CarnegieError as e:
            text = translator(self.dash.lang).gettext("Could not replay it: {problem}").format(
                problem=error_text(e, self.dash.lang))
            self.dash.stored.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            return
        self.open(Replay(game, N_("a stored game, seed {seed}", seed=game.options.get("seed")), seats, handover,
                         game_id),
                  stored=True, shelf=self._shelf(game_id))

    def _shelf(self, game_id: str | None) -> Shelf:
        """Where the review of this stored game is kept, with this page's keys to it."""
        ctl = self.dash.controller
        assert ctl.store is not None and game_id is not None
        return Shelf(ctl.store, game_id, ctl.owner_key, ctl.token if game_id == ctl.game_id else None)

    def open(self, replay: Replay, stored: bool, shelf: Shelf | None = None) -> None:
        """Show a replay (``shelf``: where its stored game's review is kept, shown at once if there is one)."""
        self.dash.board.set_game(replay.final)
        self.dash.replay.review.shelf = shelf
        self.dash.replaying = True
        self.dash.replay.open(replay, stored=stored)
        if self.dash.side.selected_index != REPLAY:
            self.dash.side.selected_index = REPLAY

    def show(self, game, kinds: list[str]) -> None:
        """The board at a replay's moment."""
        if not self.dash.replaying:
            return
        board = self.dash.board
        board.game, board.kinds, board.targets = game, kinds, {}
        board.defer = False
        board.refresh()

    def play_from(self, replay: Replay, actions: int) -> None:
        """Play from here: the replay's moment becomes a new live (and stored) game of this page, its
        human seats played by their humans again (if the bots had finished the game)."""
        step = self.dash.replay.index
        problem = ""
        try:
            self.dash.controller.branch(replay.game_at(actions), replay.players,
                                        N_("step {n} of a replay of {title}", n=step, title=replay.title))
        except (NotAllowed, StoreFull) as e:      # nothing changed: the page's limit, or the store's
            self.dash.say(sentence(error_text(e, self.dash.lang)), error=True)
            return
        except StoreError as e:
            problem = translator(self.dash.lang).gettext("This game is not kept: {problem}").format(
                problem=error_text(e, self.dash.lang))
        self.dash.new_game_panel.fill(self.dash.controller.setup)
        self.dash.say(problem, error=bool(problem))
        self.dash.side.selected_index = PLAY           # the board shows the new game (see _side_changed)
        self.dash.board.set_game(self.dash.game, seat=self.dash.seat_to_follow())
        self.dash.after_change(run_bots=True)

__all__ = ["Replays"]

"""What a dashboard does when its side tab changes (each tab shows its game's part: Save / load the record, New
game the stored games, Friends the links, Replay a replay and the board at its moment), and how it comes back
to the Play tab with its live game (resumed, opened, played on from a replay)."""
from __future__ import annotations

from typing import Protocol

from ..session import Controller
from ..session.screen import followed
from .board import BoardView
from .layout import FRIENDS, NEW_GAME, PLAY, RECORDS, REPLAY, Panels
from .replay_actions import ReplayActions
from .sharing import Sharing


class Page(Protocol):
    """What the side tabs ask of their dashboard."""
    controller: Controller
    board: BoardView
    panels: Panels
    sharing: Sharing
    replays: ReplayActions

    def say(self, text: str, error: bool = False) -> None: ...

    def after_change(self, run_bots: bool) -> None: ...


class SideTabs:
    """A dashboard's side tabs (see the module)."""

    def __init__(self, page: Page):
        self.page = page

    def changed(self) -> None:
        """Another side tab is shown: fill it; leaving the Replay tab, the board shows the live game again."""
        page, p = self.page, self.page.panels
        replays = page.replays
        was, replays.replaying = replays.replaying, p.side.selected_index == REPLAY
        if p.side.selected_index == RECORDS:
            p.records.update(page.controller)
        elif p.side.selected_index == NEW_GAME:
            page.sharing.update_stored()
        elif p.side.selected_index == FRIENDS:
            page.sharing.update_friends()
        elif replays.replaying:
            if p.replay.replay is None:
                replays.this_game()
            else:
                p.replay.go(p.replay.index)
        if was and not replays.replaying:
            self.follow()
            page.after_change(run_bots=False)

    def refresh(self) -> None:
        """The game changed: the tab shown, if it shows the game's record or links, shows them again."""
        p = self.page.panels
        if p.side.selected_index == RECORDS:
            p.records.update(self.page.controller)
        elif p.side.selected_index == FRIENDS:
            self.page.sharing.update_friends()

    def follow(self) -> None:
        """The board shows the page's game, from the seat it follows."""
        self.page.board.set_game(self.page.controller.game, seat=followed(self.page.controller))

    def to_play(self, problem: str) -> None:
        """The Play tab with the page's game (resumed, opened, played on from a replay), ``problem`` said if any."""
        page = self.page
        page.panels.new_game_panel.fill(page.controller.setup)
        page.say(problem, error=bool(problem))
        page.panels.side.selected_index = PLAY             # the board shows the live game (see ``changed``)
        self.follow()
        page.after_change(run_bots=True)


__all__ = ["SideTabs"]

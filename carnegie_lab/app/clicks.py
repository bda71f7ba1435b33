"""One path for a player's click, a control's or the board's: ``act(target)`` with a notation or the click
guard's :class:`~carnegie_lab.app.click_guard.Pick`. A click made for a decision the game has moved past
since (another browser's move came in first) is refused in the same words whichever it was; a pick of a thing
that is no choice only looks; nothing is dropped silently."""
from __future__ import annotations

import time
from typing import Any, Callable, Protocol

from ..core.errors import CarnegieError
from ..core.i18n import render
from ..session import Controller, GameGone, NotAllowed, Overtaken
from ..session.screen import Screen, chosen, error_text, play_reason, sentence, target_of
from .board import BoardView
from .click_guard import ClickGuard, Pick
from .controls_view import ControlsView


class Page(Protocol):
    """What the click path asks of its dashboard."""
    controller: Controller
    board: BoardView
    guard: ClickGuard
    controls: ControlsView
    screen: Screen | None
    lang: str | None
    timings: dict[str, float]

    @property
    def replaying(self) -> bool: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def after_change(self, run_bots: bool) -> None: ...

    def _guard(self, fn: Callable, *args: Any) -> None: ...


class ClickPath:
    """A dashboard's clicks (see the module)."""

    def __init__(self, page: Page):
        self.page = page

    def act(self, target: str | Pick) -> None:
        """A human's click, on a control (its action's notation) or on the board (a :class:`Pick`)."""
        page = self.page
        if isinstance(target, Pick) and page.replaying:   # the board shows a replay's moment: nothing to play
            return
        seen = target.drawn if isinstance(target, Pick) else page.guard.aimed
        if seen is not None and seen != len(page.controller.game.actions):
            page._guard(self._passed_by, seen)
        elif isinstance(target, Pick):
            page._guard(self._picked, target)
        else:
            page._guard(self.play, target)

    def _passed_by(self, seen: int) -> None:
        self.page.say(sentence(error_text(self.page.controller.overtaken_at(seen), self.page.lang)), error=True)

    def play(self, notation: str) -> None:
        """Play an action for this browser's player (unguarded), or say why not."""
        page, start = self.page, time.perf_counter()
        ctl, why = page.controller, play_reason(page.controller)
        if why is not None:            # a click that arrived late: never play for a bot or another seat
            page.say(sentence(render(why, page.lang)), error=True)
            return
        page.controls.disable()        # until the next decision's controls replace them
        try:
            ctl.apply(notation)
        except (Overtaken, GameGone, NotAllowed) as e:
            page.say(sentence(error_text(e, page.lang)), error=True)
            page.after_change(run_bots=True)       # the game as it is now
            return
        except CarnegieError as e:
            page.controls.enable()
            page.say(error_text(e, page.lang), error=True)
            return
        page.say("")
        page.after_change(run_bots=True)
        page.timings["last action (server)"] = time.perf_counter() - start

    def _picked(self, pick: Pick) -> None:
        """A click on the board: the action of that ringed thing, if it is one now. A click on an
        employee who can move only chooses them (the cells they can go to are ringed then); a click
        on anything else only looks (its hover says what it is) and takes back such a choice."""
        page, screen = self.page, self.page.screen
        assert screen is not None               # drawn at the dashboard's start
        target = target_of(screen.targets, pick.kind, pick.key)
        if target is not None and target.notation:
            self.play(target.notation)
            return
        source = target.selects if target is not None else None
        if source != screen.source:
            page.screen = chosen(screen, page.controller, source)
            page.board.targets = page.screen.targets
            page.board.refresh()


__all__ = ["ClickPath", "Page"]

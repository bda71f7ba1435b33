"""The Play tab's commands other than a decision, for a dashboard: the bots (Step, Play bots, Bots finish the
game, and their play after a click), Undo, Restart, a new game (Start, Rematch, Same seed) and Load. Each asks the
controller and then has the page show its game again (``PageCalls.refresh``); what the page shows is the
screen's."""
from __future__ import annotations

import html
import time
from typing import Any, Callable

from ..core.errors import CarnegieError
from ..core.i18n import N_, render, translator
from ..engine import Game
from ..session import Controller, GameGone, NotAllowed, Overtaken, Progress, Setup
from ..session.screen import OVER, bots_of, error_text, screen_of, sentence, where_of
from ..store import StoreError
from .board import BoardView
from .final import rematch_setup
from .layout import PageCalls


class Commands:
    """The commands of a dashboard's page (its controller, board and page calls; ``timings``: the dashboard's)."""

    def __init__(self, ctl: Controller, board: BoardView, page: PageCalls, guard: Callable[..., None],
                 timings: dict[str, float]):
        self.controller, self.board, self.page, self.guard, self.timings = ctl, board, page, guard, timings

    @property
    def lang(self) -> str | None:
        return self.page.panels().lang

    def _stored_call(self, fn: Callable[[], Any]) -> bool:
        """Run something that may meet another browser's change: False (and the reason shown, the
        game as it is now drawn) if it did, or if this browser may not do it."""
        try:
            fn()
        except (Overtaken, GameGone, NotAllowed) as e:
            self.page.say(sentence(error_text(e, self.lang)), error=True)
            self.board.set_game(self.controller.game)
            self.page.refresh(False)
            return False
        return True

    def step_bot(self) -> None:
        """Step: a bot decision, or in a human's solo game the chosen bot playing the human's decision."""
        if bots_of(self.controller).solo:
            self.step_for_human(self.page.panels().bots.finish_kind.value)
            return
        result: list = []
        if not self._stored_call(lambda: result.append(self.controller.step_bot())):
            return
        if result[0] is None:
            self.page.say(translator(self.lang).gettext("No bot is deciding now."))
        self.page.refresh(False)

    def step_for_human(self, kind: str) -> None:
        """A bot of ``kind`` plays the decision of the human deciding now (undo takes it back as any)."""
        self.busy(translator(self.lang).gettext("A bot decides for you…"))
        if self._stored_call(lambda: self.controller.step_for_human(kind)):
            self.page.say("")
            self.page.refresh(False)

    def play_bots(self) -> None:
        self.run_bots(until_human=True)
        self.page.refresh(False)

    def finish(self) -> None:
        """Hand the human seats to a bot and play to the end."""
        tr = translator(self.lang)
        if self.controller.game.is_over:
            self.page.say(sentence(render(OVER, self.lang)))
            return
        self.busy(tr.gettext("Bots are finishing the game…"))
        start = time.perf_counter()
        steps: list = []
        kind = self.page.panels().bots.finish_kind.value
        if not self._stored_call(lambda: steps.extend(self.controller.finish_with_bots(kind, self._progress))):
            return
        self.timings["bots finish the game (server)"] = time.perf_counter() - start
        self.page.say(tr.gettext("Bots played the last {n} decisions.").format(n=len(steps)))
        self.page.refresh(False)

    def auto_changed(self) -> None:
        """"Bots play at once" checked or unchecked: checked, a bot deciding now plays."""
        self.page.refresh(bool(self.page.panels().bots.auto.value and self.controller.bot_to_move))

    def run_bots(self, until_human: bool) -> None:
        """Let the bots play (if one decides now and this page plays them), the controls disabled meanwhile."""
        if not self.controller.bot_to_move or not self.controller.plays_bots:
            return
        self.busy(translator(self.lang).gettext("Bots are playing…"))
        start = time.perf_counter()
        self.controller.run_bots(until_human=until_human, progress=self._progress)
        self.timings["bots until a human decides (server)"] = time.perf_counter() - start

    def busy(self, text: str) -> None:
        """Bots at work: the controls stay where they are, disabled (nothing moves under the cursor)."""
        p = self.page.panels()
        p.controls.disable()
        p.undo_button.disabled = True
        p.bots.busy(text)

    def _progress(self, progress: Progress) -> None:
        game = self.controller.game
        self.page.panels().bots.show_progress(progress, game.round, where_of(game, self.lang))

    def undo(self) -> None:
        taken: list[int] = []
        if not self._stored_call(lambda: taken.append(self.controller.undo())):
            return
        if taken[0] == 0:
            why = screen_of(self.controller, self.lang).why_not["undo"]
            self.page.say(why or sentence(render(N_("Nothing to undo"), self.lang)), error=True)
        else:
            self.page.say("")
        self.page.refresh(False)

    def restart(self) -> None:
        if not self._stored_call(self.controller.restart):
            return
        self.page.say("")
        self.board.set_game(self.controller.game)
        self.page.refresh(True)

    def start(self, setup: Setup) -> None:
        """Start a new game (the New game tab's Start button)."""
        self.guard(self.start_game, setup)

    def start_game(self, setup: Setup, table: Game | None = None) -> str | None:
        """Start a game (unguarded; ``table``: from a table set up by hand, seated as ``setup`` says); why not, if it
        cannot be started (the page's game is then kept; the form shows why, unless it was a table's)."""
        ctl, p = self.controller, self.page.panels()
        try:
            ctl.new_game(setup, table)
        except (ValueError, CarnegieError) as e:
            if table is None:
                p.new_game_panel.show_error(e)
            return error_text(e, self.lang)
        self.page.say("")
        try:
            ctl.keep()               # a new game is stored at once (and its id in the URL)
        except StoreError as e:
            self.page.say(translator(self.lang).gettext("This game is not kept: {problem}").format(
                problem=error_text(e, self.lang)), error=True)
        p.new_game_panel.fill(setup)          # the next game's form: a new seed unless the same is asked for
        self.board.set_game(ctl.game, seat=ctl.humans[0] if ctl.humans else None)
        p.side.selected_index = 0
        self.page.refresh(True)
        return None

    def rematch(self, same_seed: bool) -> None:
        """The final panel's Rematch or Same seed: a new game as the New game tab starts one (its checks: a page
        past its games is told why, and its game is kept)."""
        problem = self.start_game(rematch_setup(self.controller, same_seed))
        if problem is not None:
            self.page.say(translator(self.lang).gettext("No new game: {problem}").format(problem=problem),
                          error=True)

    def load(self, data: bytes, name: str = "file") -> None:
        self.guard(self._load, data, name)

    def _load(self, data: bytes, name: str) -> None:
        _, p = translator(self.lang).gettext, self.page.panels()
        try:
            self.controller.load(data)
        except (Overtaken, GameGone) as e:
            text = sentence(error_text(e, self.lang))
            p.records.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            self.page.say(text, error=True)
            self.board.set_game(self.controller.game)
            self.page.refresh(False)
            return
        except CarnegieError as e:
            text = _("Could not load {name}: {problem}. The current game is kept.").format(
                name=name, problem=error_text(e, self.lang))
            p.records.message.value = f"<p class='cl-error'>{html.escape(text)}</p>"
            self.page.say(text, error=True)
            return
        p.records.message.value = "<p class='cl-ok'>" + html.escape(_("Loaded {name}.").format(name=name)) + "</p>"
        self.page.say("")
        p.new_game_panel.fill(self.controller.setup)
        self.board.set_game(self.controller.game)
        self.page.refresh(False)


__all__ = ["Commands"]

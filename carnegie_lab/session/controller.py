"""The game behind the dashboard, without any widget: seats (human or bot), bots playing their
decisions, undo to the previous human decision, restart, save and load, and what each action did.

Everything the dashboard does to a game goes through :class:`Controller`, so it is unit-tested
without a browser::

    ctl = Controller(Setup([Seat("Ada"), Seat("Bot", "easy")], seed=1))
    ctl.apply("house pittsburgh")        # a human decision; bots then play until a human decides
    ctl.undo()                           # back to Ada's previous decision
    text = ctl.save_json()               # the game record (plus the seats) as JSON
    ctl.load(text)                       # RecordError on a broken record: the game is kept

With a :class:`~carnegie_lab.store.GameStore` the game is kept: every action is appended to the
stored game (``append`` with the expected count, so two browsers never both play the same
decision), undo, restart and load replace it (``save`` with the expected count), ``sync()``
brings in what other browsers played, and seat links (``make_links``) let friends play one seat
each from their own browser. A writer that loses a race reloads the stored game and gets
:class:`Overtaken` ("Bo moved first")::

    ctl = Controller(setup, store=GameStore("games.db"))
    ctl.keep()                           # stored now (else at its first action): ctl.game_id
    links = ctl.make_links()             # {seat: token}; this controller plays the first human seat
    other = Controller(store=store); other.open_stored(ctl.game_id, links[1])   # Bo's browser
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core.errors import CarnegieError, OptionError, RecordError
from ..core.i18n import N_
from ..core.jsontext import read_record_json
from ..core.words import plural, round_of
from ..engine import Game
from ..store import GameStore, check_names
from . import access
from .access import LOCAL, OVER, WATCH, Limits, NotAllowed
from .history import own_moves
from .seating import Step
from .seats import (
    APP_KEY,
    FINISHING_BOT,
    Handover,
    Seat,
    Setup,
    default_setup,
    handover_from,
    hints_from,
    seats_from,
    setup_of,
)
from .stored import Overtaken, StoredSession

#: Why a human's seat cannot be handed a decision now.
NO_HUMAN = N_("No human is deciding now: a bot is")


@dataclass
class Progress:
    """Bots at work: ``done`` actions taken so far; ``total`` is None when the end is unknown."""
    done: int
    total: int | None
    text: str


@dataclass(frozen=True)
class Status:
    """What a page's status line tells the player now, in the page's language: an ``error`` (a refusal) or a
    notice ("" for nothing)."""
    text: str = ""
    error: bool = False


class Controller(StoredSession):
    """A game with seats, bots, undo, save and load. No widgets: the dashboard only displays it."""

    #: what the page's status line tells the player (:meth:`tell`), until something else is told
    status = Status()

    def __init__(self, setup: Setup | None = None, game: Game | None = None,
                 seats: Sequence[Seat] | None = None, store: GameStore | None = None,
                 limits: Limits | None = None):
        super().__init__(setup or default_setup(), store, limits)
        if game is None:
            self._begin(self.setup)         # not a new game of the store's: opening a page never counts as one
        else:
            seats = list(seats) if seats is not None else [Seat(n) for n in game.players]
            self._adopt(game, seats)

    def tell(self, text: str, error: bool = False) -> None:
        """Tell the player ``text`` on the status line (``error``: a refusal; "" clears it)."""
        self.status = Status(text, error)

    def new_game(self, setup: Setup, table: Game | None = None) -> None:
        """Start a game (ValueError/CarnegieError with a clear message if the setup is wrong; the
        current game is then kept). With a store it is a new stored game, kept from ``keep()`` or
        its first action on, played in this browser (role LOCAL). ``table``: a game set up by hand
        (``cl.Editor``) to start from instead, seated as ``setup`` says (its record starts from its
        position)."""
        self._check_new_game()
        self._begin(setup, table)

    def _begin(self, setup: Setup, table: Game | None = None) -> None:
        """This page's game is a new one of ``setup`` (or ``table``, seated by it), not stored yet."""
        if table is None:
            game = setup.game()
        else:
            setup.check()
            if len(table.players) != len(setup.seats):
                raise OptionError("players", N_("the table has {n} players, not {seats}", n=len(table.players),
                                                seats=len(setup.seats)))
            game = table.copy()
        self.setup = Setup([Seat(name, s.kind) for name, s in zip(game.players, setup.seats)], setup.seed,
                           setup.solo_level if len(setup.seats) == 1 else None, setup.departments,
                           setup.label.strip(), setup.hints)
        self._adopt(game, list(self.setup.seats))
        self._detach()
        self.recent = [N_("New game: {setup}.", setup=self.describe_setup()) if table is None else
                       N_("A table set up by hand: {setup}.", setup=self.describe_setup())]

    def setup_again(self) -> Setup:
        """This game's setup: its seats as they were before any *Bots finish the game*, the level, the departments
        and the label (its seed: a rematch changes it)."""
        seats = self.handover.seats if self.handover is not None else self.seats
        return setup_of(self.game, seats, self.setup.label)

    def restart(self) -> None:
        """The same game (seats, seed and options) from its start, a fresh setup or a table set up by hand (a
        stored game is replaced)."""
        self.authorize(access.RESTART)
        game = Game.from_record({**self.game.to_record(), "actions": []}, components=self.game.components)
        self._replace(game, list(self.setup.seats), access.RESTART)
        self._adopt(game, list(self.setup.seats))
        self.recent = [N_("Restarted: {setup}.", setup=self.describe_setup())]

    def apply(self, notation: str) -> Step:
        """Apply an action for whoever decides now (a human's click). Raises IllegalActionError,
        NotationError or GameOverError and then keeps the game exactly as it was."""
        seat = self.current_seat
        by_bot = seat is not None and not self.seats[seat].is_human
        if self.role != LOCAL and not by_bot and not self.may_act(seat):
            raise NotAllowed(N_("this browser watches the game: it cannot play") if self.role == WATCH else
                             N_("it is {player}'s decision (another browser)", player=self.seats[seat].name)
                             if seat is not None else OVER)
        recent = self.recent
        if not by_bot:
            self.recent = []
        try:
            return self._apply(notation, by_bot)
        except Overtaken:
            raise                       # recent: what the other browser played
        except CarnegieError:
            self.recent = recent
            raise

    def _apply(self, notation: str, by_bot: bool) -> Step:
        """One play of an action: the store's, on this game, if it is kept (else the game's own)."""
        return self._apply_local(notation, by_bot, lambda text: self._store_action(text, by_bot))

    def step_bot(self) -> Step | None:
        """One decision of the bot whose turn it is (None if a human decides or the game is over,
        or if this browser only watches)."""
        if not self.bot_to_move or not self.plays_bots:
            return None
        seat = self.current_seat
        assert seat is not None                 # a bot is to move, so the game is not over
        action = self.bot(seat).choose(self.game)
        return self._apply(str(action), by_bot=True)

    def step_for_human(self, kind: str = FINISHING_BOT) -> Step:
        """A bot of ``kind`` plays the decision of the human seat deciding now, as that seat's own move (undo takes
        it back as any): NotAllowed, and nothing changes, unless this browser may play that decision."""
        seat = self.current_seat
        if seat is None or not self.seats[seat].is_human:
            raise NotAllowed(OVER if seat is None else NO_HUMAN)
        self.authorize(access.PLAY, seat)
        return self.apply(str(self.bot(seat, kind).choose(self.game)))

    def run_bots(self, until_human: bool = True, limit: int | None = None,
                 progress: Callable[[Progress], None] | None = None, every: float = 0.1) -> list[Step]:
        """Let the bots decide until a human decides (or the game ends, or ``limit`` actions).
        ``progress`` is called at most every ``every`` seconds and once at the end."""
        steps: list[Step] = []
        last = time.monotonic()
        total = limit
        while not self.game.is_over and (limit is None or len(steps) < limit):
            if self.human_to_move and until_human:
                break
            try:
                step = self.step_bot()
            except Overtaken:
                break       # another browser played this bot first: the game is reloaded, it goes on there
            if step is None:
                break
            steps.append(step)
            if progress is not None and time.monotonic() - last >= every:
                last = time.monotonic()
                progress(Progress(len(steps), total, self._progress_text(len(steps))))
        if progress is not None:
            progress(Progress(len(steps), total, self._progress_text(len(steps))))
        return steps

    def _progress_text(self, done: int) -> str:
        game = self.game
        where = round_of(game.round, game.rules.constants.rounds, capital=False)
        return f"bots played {done} decision{'s' if done != 1 else ''} · {where}"

    def finish_with_bots(self, kind: str = FINISHING_BOT,
                         progress: Callable[[Progress], None] | None = None) -> list[Step]:
        """Hand every human seat to a bot and play to the end of the game (a stored game is saved
        once, at the end, if no other browser changed it meanwhile)."""
        self.authorize(access.FINISH)
        before, seats = self.game.copy(), list(self.seats)
        for seat in self.humans:
            self.set_seat_kind(seat, kind)
        self.recent = []
        self._batch = True
        try:
            steps = self.run_bots(until_human=False, progress=progress)
        finally:
            self._batch = False
        if not steps:
            return steps
        handover = Handover(len(before.actions), seats)   # undo goes back to this click, gives the seats back
        if self.kept:
            played, bots = self.game, self.seats
            # _replace compares the stored game with the game as it was before the bots played
            self.game, self.seats = before, seats
            self._replace(played, bots, access.FINISH, handover)   # Overtaken: the stored game is reloaded
            self.game, self.seats = played, bots
        self.handover = handover
        return steps

    def _undo_point(self) -> tuple[int, int | None] | None:
        """Where undo goes back to and whose decision that was: the last human decision, or the click
        that let the bots finish the game (seat None); None if there is nothing to undo."""
        if self.handover is not None:
            return self.handover.at, None
        played = own_moves(self.game)
        for i in range(len(played) - 1, -1, -1):
            seat = played[i].seat
            assert seat is not None             # a seat's own action
            if 0 <= seat < len(self.seats) and self.seats[seat].is_human:
                return i, seat
        return None

    @property
    def can_undo(self) -> bool:
        """There is something this page may undo (in a shared game: only its own decision, if nobody
        decided since)."""
        point = self._undo_point()
        return point is not None and access.may(self.place, access.UNDO, point[1])

    def undo(self) -> int:
        """Take back the last human decision and every bot decision after it; returns how many
        actions were taken back (0 when no human decision was made yet). NotAllowed, and nothing
        changes, unless the store says this page may (session/access.py: UNDO)."""
        point = self._undo_point()
        if point is None:
            return 0
        index, whose = point
        self.authorize(access.UNDO, whose)
        seats = self.handover.seats if self.handover is not None else self.seats
        record = self.game.to_record()
        taken = len(record["actions"]) - index
        record["actions"] = record["actions"][:index]
        game = Game.from_record(record, components=self.game.components)
        self._replace(game, seats, access.UNDO, seat=whose)
        self._adopt(game, seats)
        current = self.current_seat
        assert current is not None              # a human decided here, so the game is not over
        seat = self.seats[current]
        self.recent = [plural("Undone: {n} action taken back; {player} decides again.",
                              "Undone: {n} actions taken back; {player} decides again.", taken, player=seat.name)]
        return taken

    def record(self) -> dict[str, Any]:
        """The engine's record of the game, with the seats (who is a bot, and who was before the bots
        finished the game) under ``APP_KEY``."""
        record = self.game.to_record()
        record[APP_KEY] = {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        if not self.setup.hints:
            record[APP_KEY]["hints"] = False
        if self.handover is not None:
            record[APP_KEY]["handover"] = self.handover.as_data()
        return record

    def save_json(self) -> str:
        return json.dumps(self.record(), indent=1)

    def branch(self, game: Game, seats: Sequence[Seat], what: str) -> None:
        """Play on from a moment of a replay: ``game`` (its options and its actions so far) becomes
        this browser's live game with these seats, a new stored game (the replayed one is left as
        it was); ``what`` says where it comes from, for the log."""
        self._check_new_game()
        seats = [Seat(s.name, s.kind) for s in seats]
        self._adopt(game, seats)
        self._detach()
        self.setup = setup_of(game, seats, self.setup.label, self.setup.hints)
        self.recent = [plural("Playing on from {what} ({n} action): {headline}.",
                              "Playing on from {what} ({n} actions): {headline}.", len(game.actions), what=what,
                              headline=self.headline())]
        self.keep()

    def load(self, data: bytes | str | dict) -> None:
        """Play a saved game: a new game of this page's, a new stored game with its own id (the game
        shown before stays as it was, and stays stored). A broken record raises RecordError naming
        the field, and the current game is kept."""
        if isinstance(data, (bytes, bytearray, memoryview)):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("(file)", N_("not a text file (expected a JSON game record)")) from None
        if isinstance(data, str):
            record = read_record_json(data)
        else:
            record = data
        self.authorize(access.LOAD)
        game = Game.from_record(record)         # raises RecordError unless it is a record (a JSON object)
        check_names(game.players)
        seats = seats_from(record.get(APP_KEY), game.players)
        handover = handover_from(record.get(APP_KEY), game.players)
        self._check_new_game()
        self._adopt(game, seats, handover)
        self._detach()
        self.setup = setup_of(game, seats, hints=hints_from(record.get(APP_KEY)))
        self.keep()                             # a new stored game, with its own id
        self.recent = [plural("Loaded a game of {players} ({n} action): {headline}.",
                              "Loaded a game of {players} ({n} actions): {headline}.", len(game.actions),
                              players=", ".join(game.players), headline=self.headline())]


__all__ = ["Controller", "Progress", "Status"]

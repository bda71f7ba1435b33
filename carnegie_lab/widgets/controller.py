"""The game behind the dashboard, without any widget: seats (human or bot), bots playing their
decisions, undo to the previous human decision, restart, save and load, and what each action did.

Everything the dashboard does to a game goes through :class:`Controller`, so it is unit-tested
without a browser::

    ctl = Controller(Setup([Seat("Ada"), Seat("Bot", "random")], seed=1))
    ctl.apply("house pittsburgh")        # a human decision; bots then play until a human decides
    ctl.undo()                           # back to Ada's previous decision
    text = ctl.save_json()               # the game record (plus the seats) as JSON
    ctl.load(text)                       # RecordError on a broken record: the game is kept
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine import Game, new_game
from ..errors import CarnegieError, RecordError

HUMAN = "human"
#: Seat kinds offered by the new-game panel, with what they are called there.
SEAT_KINDS = {HUMAN: "Human", "random": "Random bot", "greedy": "Greedy bot"}
BOT_KINDS = tuple(k for k in SEAT_KINDS if k != HUMAN)
#: Bot that takes over the human seats when the player asks the bots to finish the game.
FINISHING_BOT = "greedy"
ANDREW = "Andrew Carnegie"
DEPARTMENT_MODES = {"base": "Base game", "base+expansion": "Base game + expansion",
                    "expansion-open-bar": "Open bar: one of every tile"}
#: Key of the app's own part of a saved record (the engine ignores unknown top-level keys).
APP_KEY = "carnegie_lab.app"


def bot_classes() -> dict[str, type]:
    """kind -> bot class (``carnegie_lab.bots``; imported on first use)."""
    try:
        from ..bots import GreedyBot, RandomBot
    except ImportError:  # the package's __init__ may not re-export them (yet)
        from ..bots.greedy import GreedyBot
        from ..bots.random_bot import RandomBot
    return {"random": RandomBot, "greedy": GreedyBot}


@dataclass
class Seat:
    """A player of the game: their name and who decides for them (``human``, ``random``, ``greedy``)."""
    name: str
    kind: str = HUMAN

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"seat kind must be one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def describe(self) -> str:
        return "you" if self.is_human else SEAT_KINDS[self.kind].lower()


@dataclass
class Setup:
    """What the new-game panel asks: 1-4 seats, a seed, the solo level (1 seat) and the departments."""
    seats: list[Seat]
    seed: int = 0
    solo_level: int | None = None
    departments: str = "base"

    def check(self) -> None:
        """Raise ValueError with a sentence a player understands when the setup cannot be played."""
        n = len(self.seats)
        if not 1 <= n <= 4:
            raise ValueError(f"Carnegie is played by 1 to 4 players, not {n}")
        names = [s.name.strip() for s in self.seats]
        if any(not name for name in names):
            raise ValueError("every player needs a name")
        if len(set(names)) != n:
            raise ValueError("player names must differ")
        if ANDREW in names:
            raise ValueError(f"{ANDREW!r} is the solo opponent's name")
        if n == 1 and self.solo_level not in (1, 2, 3, 4):
            raise ValueError("a solo game needs a level from 1 to 4")
        if self.departments not in DEPARTMENT_MODES:
            raise ValueError(f"departments must be one of {', '.join(DEPARTMENT_MODES)}")

    def game(self) -> Game:
        self.check()
        options: dict[str, Any] = {"departments": self.departments}
        if len(self.seats) == 1:
            options["solo_level"] = self.solo_level
        return new_game([s.name.strip() for s in self.seats], seed=self.seed, **options)


@dataclass
class Step:
    """One action applied: by whom, its notation and the log lines it wrote (Andrew's included)."""
    seat: int
    notation: str
    lines: list[str]
    by_bot: bool


@dataclass
class Progress:
    """Bots at work: ``done`` actions taken so far; ``total`` is None when the end is unknown."""
    done: int
    total: int | None
    text: str


def default_setup() -> Setup:
    return Setup([Seat("Ada", HUMAN), Seat("Bo", "random")], seed=1)


class Controller:
    """A game with seats, bots, undo, save and load. No widgets: the dashboard only displays it."""

    def __init__(self, setup: Setup | None = None, game: Game | None = None,
                 seats: Sequence[Seat] | None = None):
        self.setup = setup or default_setup()
        self.recent: list[str] = []          # log lines since the last human action began
        self.history_seats: list[int] = []   # seat that took each action of game.actions
        self._bots: dict[int, Any] = {}
        if game is None:
            self.new_game(self.setup)
        else:
            seats = list(seats) if seats is not None else [Seat(n) for n in game.players]
            self._adopt(game, seats, self._movers(game))

    # -- the game and its seats ----------------------------------------------------------------
    def new_game(self, setup: Setup) -> None:
        """Start a game (ValueError/CarnegieError with a clear message if the setup is wrong; the
        current game is then kept)."""
        game = setup.game()
        self.setup = Setup([Seat(s.name.strip(), s.kind) for s in setup.seats], setup.seed,
                           setup.solo_level if len(setup.seats) == 1 else None, setup.departments)
        self._adopt(game, list(self.setup.seats), [])
        self.recent = [f"New game: {self.describe_setup()}."]

    def restart(self) -> None:
        """The same game (seats, seed and options) from its start."""
        self.new_game(self.setup)
        self.recent = [f"Restarted: {self.describe_setup()}."]

    def _adopt(self, game: Game, seats: list[Seat], movers: list[int]) -> None:
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats for {len(game.players)} players")
        self.game = game
        self.seats = seats
        self.history_seats = movers
        self._bots = {}

    def describe_setup(self) -> str:
        seats = ", ".join(f"{s.name} ({s.describe()})" for s in self.seats)
        options = self.game.state.options
        extra = f", against {ANDREW} level {options['solo_level']}" if options.get("solo_level") else ""
        return f"{seats}{extra}, seed {options.get('seed')}"

    def set_seat_kind(self, seat: int, kind: str) -> None:
        self.seats[seat] = Seat(self.seats[seat].name, kind)
        self._bots.pop(seat, None)

    def bot(self, seat: int):
        """The bot playing a seat (one per seat, seeded from the game's seed and the seat)."""
        kind = self.seats[seat].kind
        bot = self._bots.get(seat)
        if bot is None or getattr(bot, "name", kind) != kind:
            seed = int(self.game.state.options.get("seed") or 0) * 10 + seat + 1
            bot = self._bots[seat] = bot_classes()[kind](seed=seed)
        return bot

    # -- who decides now -----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def current_seat(self) -> int | None:
        return self.game.current_player

    @property
    def human_to_move(self) -> bool:
        seat = self.current_seat
        return seat is not None and self.seats[seat].is_human

    @property
    def bot_to_move(self) -> bool:
        seat = self.current_seat
        return seat is not None and not self.seats[seat].is_human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def headline(self) -> str:
        """One line: the round and who decides what (or who won)."""
        game = self.game
        if game.is_over:
            return f"Game over: {self.result()}"
        where = f"Round {game.round} of {game.rules.constants.rounds}" if game.round else "Setup"
        player = game.current_player
        assert player is not None               # the game is not over: somebody decides
        seat = self.seats[player]
        return f"{where} · {seat.name} ({seat.describe()}) to decide"

    def prompt(self) -> str:
        """What is being decided, in words (the engine's prompt)."""
        return self.game.decision.prompt

    def result(self) -> str:
        if not self.game.is_over:
            return ""
        scores = self.game.scores()
        winners = self.game.winners()
        best = scores[winners[0]].total if winners else 0
        who = " and ".join(winners)
        verb = "wins" if len(winners) == 1 else "win"
        return f"{who} {verb} with {best} VP"

    def scores(self) -> dict[str, dict[str, int]]:
        return {name: s.as_dict() for name, s in self.game.scores().items()}

    # -- acting --------------------------------------------------------------------------------
    def apply(self, notation: str) -> Step:
        """Apply an action for whoever decides now (a human's click). Raises IllegalActionError,
        NotationError or GameOverError and then keeps the game exactly as it was."""
        seat = self.current_seat
        by_bot = seat is not None and not self.seats[seat].is_human
        recent = self.recent
        if not by_bot:
            self.recent = []
        try:
            return self._apply(notation, by_bot)
        except CarnegieError:
            self.recent = recent
            raise

    def _apply(self, notation: str, by_bot: bool) -> Step:
        game = self.game
        seat = game.current_player
        kind = game.decision.kind
        before = len(game.state.log)
        action = game.apply(notation)
        assert seat is not None                 # apply raised GameOverError if nobody was deciding
        self.history_seats.append(seat)
        lines = [text for _, text in game.state.log[before:]]
        if not lines:
            lines = [_silent(self.seats[seat].name, str(action), kind)]
        self.recent.extend(lines)
        return Step(seat, str(action), lines, by_bot)

    def step_bot(self) -> Step | None:
        """One decision of the bot whose turn it is (None if a human decides or the game is over)."""
        if not self.bot_to_move:
            return None
        seat = self.current_seat
        assert seat is not None                 # a bot is to move, so the game is not over
        action = self.bot(seat).choose(self.game)
        return self._apply(str(action), by_bot=True)

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
            step = self.step_bot()
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
        where = f"round {game.round} of {game.rules.constants.rounds}" if game.round else "setup"
        return f"bots played {done} decision{'s' if done != 1 else ''} · {where}"

    def finish_with_bots(self, kind: str = FINISHING_BOT,
                         progress: Callable[[Progress], None] | None = None) -> list[Step]:
        """Hand every human seat to a bot and play to the end of the game."""
        for seat in self.humans:
            self.set_seat_kind(seat, kind)
        self.recent = []
        return self.run_bots(until_human=False, progress=progress)

    # -- undo ----------------------------------------------------------------------------------
    def _last_human_action(self) -> int | None:
        for i in range(len(self.history_seats) - 1, -1, -1):
            seat = self.history_seats[i]
            if 0 <= seat < len(self.seats) and self.seats[seat].is_human:
                return i
        return None

    @property
    def can_undo(self) -> bool:
        return self._last_human_action() is not None

    def undo(self) -> int:
        """Take back the last human decision and every bot decision after it; returns how many
        actions were taken back (0 when no human decision was made yet)."""
        index = self._last_human_action()
        if index is None:
            return 0
        record = self.game.to_record()
        taken = len(record["actions"]) - index
        record["actions"] = record["actions"][:index]
        self.game = Game.from_record(record, components=self.game.components)
        self.history_seats = self.history_seats[:index]
        current = self.current_seat
        assert current is not None              # a human decided here, so the game is not over
        seat = self.seats[current]
        self.recent = [f"Undone: {taken} action{'s' if taken != 1 else ''} taken back; "
                       f"{seat.name} decides again."]
        return taken

    # -- records -------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The engine's record of the game, with the seats (who is a bot) under ``APP_KEY``."""
        record = self.game.to_record()
        record[APP_KEY] = {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        return record

    def save_json(self) -> str:
        return json.dumps(self.record(), indent=1)

    def load(self, data: bytes | str | dict) -> None:
        """Replace the game by a saved one. A broken record raises RecordError naming the field,
        and the current game is kept."""
        if isinstance(data, (bytes, bytearray, memoryview)):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("(file)", "not a text file (expected a JSON game record)") from None
        if isinstance(data, str):
            try:
                record = json.loads(data)
            except json.JSONDecodeError as e:
                raise RecordError("(json)", f"not valid JSON: {e}") from None
        else:
            record = data
        game = Game.from_record(record)         # raises RecordError unless it is a record (a JSON object)
        seats = _seats_from(record.get(APP_KEY), game.players)
        self._adopt(game, seats, self._movers(game))
        options = game.state.options
        self.setup = Setup([Seat(s.name, s.kind) for s in seats], int(options.get("seed") or 0),
                           options.get("solo_level"), options.get("departments", "base"))
        self.recent = [f"Loaded a game of {', '.join(game.players)} "
                       f"({len(game.actions)} actions): {self.headline()}."]

    @staticmethod
    def _movers(game: Game) -> list[int]:
        """The seat that took each action of a game, found by replaying its record."""
        record = game.to_record()
        actions = record["actions"]
        record["actions"] = []
        replay = Game.from_record(record, components=game.components)
        movers: list[int] = []
        for text in actions:
            seat = replay.current_player
            replay.apply(text)
            assert seat is not None             # apply raised GameOverError if nobody was deciding
            movers.append(seat)
        return movers


_DONE = {"setup": "finishes the setup moves", "turn": "ends the turn", "event": "is done with the event",
         "activate": "is done activating employees", "property": "moves nobody with Property Management",
         "relocate": "is done moving employees with HR Administration"}


def _silent(name: str, notation: str, kind: str) -> str:
    """A line for an action that wrote nothing in the game log (e.g. ``done``)."""
    if notation == "done":
        return f"{name} {_DONE.get(kind, 'is done')}"
    if notation.startswith("lobby "):
        return f"{name} puts an arriving employee in the lobby on {notation.split()[1]}"
    return f"{name}: {notation}"


def _seats_from(app: Any, names: list[str]) -> list[Seat]:
    """Seats saved by the app, if they fit the game's players; else every seat is human."""
    try:
        seats = [Seat(str(s["name"]), str(s["kind"])) for s in app["seats"]]
    except (TypeError, KeyError, ValueError):
        return [Seat(n) for n in names]
    if [s.name for s in seats] != names:
        return [Seat(n) for n in names]
    return seats


__all__ = ["ANDREW", "BOT_KINDS", "Controller", "DEPARTMENT_MODES", "HUMAN",
           "Progress", "SEAT_KINDS", "Seat", "Setup", "Step", "default_setup"]

"""The players of a session: a :class:`Seat` (a name and who decides for it, a human or a bot strength) and the
new-game form's :class:`Setup`, with the seats the app keeps in a stored or saved record."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots.strengths import STRENGTHS, strength_of
from ..core.i18n import N_
from ..engine import ANDREW_NAME as ANDREW
from ..engine import DEPARTMENT_MODES, GAME_OPTIONS, Game, check_new_game, new_game
from ..store import check_names
from .texts import Lowered

HUMAN = "human"
#: Seat kinds offered by the new-game panel, with what they are called there: a human or a bot
#: strength (``carnegie_lab.bots.strengths``).
SEAT_KINDS = {HUMAN: N_("Human"), **{s.name: s.label for s in STRENGTHS.values()}}
BOT_KINDS = tuple(k for k in SEAT_KINDS if k != HUMAN)
#: Seat kinds of games saved before there were strengths (a bot by name): still played by that bot.
OLD_KINDS = {"random": N_("Random bot"), "greedy": N_("Greedy bot")}
#: Strength that takes over the human seats when the player asks the bots to finish the game.
FINISHING_BOT = "medium"
#: Key of the app's own part of a saved record (the engine ignores unknown top-level keys).
APP_KEY = "carnegie_lab.app"


def offered_kind(kind: str) -> str:
    """The kind the new-game panel shows for a seat kind: an old kind as its strength."""
    return kind if kind in SEAT_KINDS else strength_of(kind) or HUMAN


@dataclass
class Seat:
    """A player of the game: their name and who decides for them (``human`` or a bot strength:
    ``easy``, ``medium``, ``hard``; or an old kind, ``random``, ``greedy``)."""
    name: str
    kind: str = HUMAN

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS and self.kind not in OLD_KINDS:
            raise ValueError(f"seat kind must be one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def describe(self) -> str:
        return N_("you") if self.is_human else Lowered({**SEAT_KINDS, **OLD_KINDS}[self.kind])


@dataclass
class Setup:
    """What the new-game panel asks: the seats, a seed, the solo level (1 seat) and the departments (the game's
    options: ``GAME_OPTIONS``, their defaults here)."""
    seats: list[Seat]
    seed: int = GAME_OPTIONS["seed"].default
    solo_level: int | None = GAME_OPTIONS["solo_level"].default
    departments: str = GAME_OPTIONS["departments"].default
    label: str = ""                 # the game's name in the games list (optional)
    hints: bool = True              # the players may ask for hints (the creator's choice, kept with the game)

    def check(self) -> None:
        """Raise the OptionError that names what is wrong when the setup cannot be played: a name or the label
        over the store's limit, or any option of the game (the words of ``new_game``'s)."""
        names = [s.name.strip() for s in self.seats]
        check_names(names, self.label.strip())
        check_new_game(names, self.seed, **self.options())

    def options(self) -> dict[str, Any]:
        """The options of ``new_game`` (the departments; the level of a solo game)."""
        options: dict[str, Any] = {"departments": self.departments}
        if len(self.seats) == 1:
            options["solo_level"] = self.solo_level
        return options

    def game(self) -> Game:
        self.check()
        return new_game([s.name.strip() for s in self.seats], seed=self.seed, **self.options())


def default_setup() -> Setup:
    return Setup([Seat("Ada", HUMAN), Seat("Bo", "easy")], seed=1)


def setup_of(game: Game, seats: list[Seat], label: str = "", hints: bool = True) -> Setup:
    """The new-game form's values for a game that was not started from it (resumed, loaded, branched)."""
    options = game.options
    return Setup([Seat(s.name, s.kind) for s in seats], int(options.get("seed") or 0),
                 options.get("solo_level"), options.get("departments", GAME_OPTIONS["departments"].default), label,
                 hints)


def hints_from(app: Any) -> bool:
    """Whether the game's creator allowed hints (the app's data kept with a game; allowed if it does not say)."""
    return not (isinstance(app, dict) and app.get("hints") is False)


@dataclass(frozen=True)
class Handover:
    """"Bots finish the game": the action count when the bots took the human seats over, and the seats
    as they were before (kept with the game: a replay says who played each move, undo gives them back)."""
    at: int
    seats: list[Seat]

    def seats_at(self, seats: list[Seat], actions: int) -> list[Seat]:
        """Who played the seats when the game had this many actions (``seats``: who plays them now)."""
        return self.seats if actions <= self.at else seats

    def as_data(self) -> dict[str, Any]:
        return {"at": self.at, "seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}


def handover_from(app: Any, names: list[str]) -> Handover | None:
    """The handover saved by the app with a game, if there is one that fits the game's players."""
    try:
        data = app["handover"]
        at = int(data["at"])
    except (TypeError, KeyError, ValueError):
        return None
    seats = seats_from(data, names)
    return Handover(at, seats) if [s.name for s in seats] == names else None


def seats_from(app: Any, names: list[str]) -> list[Seat]:
    """Seats saved by the app, if they fit the game's players; else every seat is human."""
    try:
        seats = [Seat(str(s["name"]), str(s["kind"])) for s in app["seats"]]
    except (TypeError, KeyError, ValueError):
        return [Seat(n) for n in names]
    if [s.name for s in seats] != names:
        return [Seat(n) for n in names]
    return seats


__all__ = ["ANDREW", "APP_KEY", "BOT_KINDS", "DEPARTMENT_MODES", "FINISHING_BOT", "GAME_OPTIONS", "HUMAN", "OLD_KINDS",
           "SEAT_KINDS", "Handover", "Seat", "Setup", "default_setup", "handover_from", "hints_from", "offered_kind",
           "seats_from", "setup_of"]

"""The mutable game state: one tree of typed dataclasses that serialises to and from JSON.

Owners of pieces on the board are player seats (0..n-1), ``"neutral"`` (the 2-3 player blockers)
or ``"andrew"`` (the solo opponent). Company cells are named ``a1``..``d4`` (see data/company.json),
map sites ``"<city>/<index>"``. A state plays by the :class:`~carnegie_lab.rules.ruleset.Ruleset` it
was made with (``state.rules``), which is shared by its copies and is not part of its JSON.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, TypedDict, Union

from .described import describe
from .later import read_line

if TYPE_CHECKING:
    from ..rules.ruleset import Ruleset

Owner = Union[int, str]
NEUTRAL = "neutral"
ANDREW = "andrew"


class Phase(str, Enum):
    """Where a game is: setup (house, reserve, setup), a round (choose, event, turn), or over."""
    HOUSE = "house"
    RESERVE = "reserve"
    SETUP = "setup"
    CHOOSE = "choose"
    EVENT = "event"
    TURN = "turn"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class DecisionKind(str, Enum):
    """What is decided now: the phase's decision, or the interrupt on top of the stack."""
    HOUSE = "house"
    RESERVE = "reserve"
    SETUP = "setup"
    CHOOSE = "choose"
    EVENT = "event"
    TURN = "turn"
    OVER = "over"
    ARRIVAL = "arrival"        # which lobby each arriving employee stays in
    PROPERTY = "property"      # Property Management: one employee into the new department
    RELOCATE = "relocate"      # HR Administration: employees moved anywhere
    ACTIVATE = "activate"      # standing lying employees up at the end of a turn

    def __str__(self) -> str:
        return self.value


def site_key(city: str, index: int) -> str:
    """The name of a map site: ``"<city>/<index>"``."""
    return f"{city}/{index}"


def site_city(key: str) -> str:
    """The city of a site name."""
    return key.partition("/")[0]


class Disc(NamedTuple):
    """A construction disc on a map site: its owner and project type (None for a neutral disc)."""
    owner: Owner
    type: str | None


class Tab(NamedTuple):
    """A player's project tab: how many of its spaces are shown, how many of its discs are built
    (``[revealed, built]`` in the JSON)."""
    revealed: int
    built: int


# -- the round history: one summary per finished round --------------------------------------------

class SeatSummary(TypedDict):
    vp: int
    money: int
    goods: int
    score: int                                # the score if the game had ended then
    projects: int
    departments: int
    active: int                               # active employees


class RoundSummary(TypedDict):
    round: int
    chosen: str | None
    players: list[SeatSummary]


# -- interrupts: sub-decisions stacked above the phase ---------------------------------------------

@dataclass
class Arrival:
    count: int                                # employees still to place in a lobby
    kind: DecisionKind = DecisionKind.ARRIVAL


@dataclass
class PropertyMove:
    cell: str                                 # the department just built
    kind: DecisionKind = DecisionKind.PROPERTY


@dataclass
class Relocation:
    count: int                                # moves left
    kind: DecisionKind = DecisionKind.RELOCATE


@dataclass
class Activation:
    kind: DecisionKind = DecisionKind.ACTIVATE


Frame = Union[Arrival, PropertyMove, Relocation, Activation]
FRAME_TYPES: dict[str, type] = {DecisionKind.ARRIVAL: Arrival, DecisionKind.PROPERTY: PropertyMove,
                                DecisionKind.RELOCATE: Relocation, DecisionKind.ACTIVATE: Activation}


def frame_to_dict(frame: Frame) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": frame.kind.value}
    if isinstance(frame, (Arrival, Relocation)):
        data["count"] = frame.count
    elif isinstance(frame, PropertyMove):
        data["cell"] = frame.cell
    return data


def frame_from_dict(data: dict[str, Any]) -> Frame:
    cls = FRAME_TYPES[data["kind"]]
    frame: Frame = cls(**{k: v for k, v in data.items() if k != "kind"})
    return frame


# -- the pieces --------------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    money: int
    goods: int
    vp: int                                   # VP earned during play
    discs: int                                # discs in the personal supply
    supply: int                               # employees not yet in the company
    cells: dict[str, str]                     # cell -> department id, or "lobby"
    lying: dict[str, int]                     # cell -> employees lying there
    standing: dict[str, list[int]]            # cell -> occupied workstation indices (sorted)
    missions: dict[str, int]                  # region -> employees on a mission there
    tracks: dict[str, int]                    # region -> space index on its transport track
    tabs: dict[str, Tab]                      # project type -> [spaces revealed, discs built]
    tab_side: str                             # "A" or "B"
    donations: int = 0                        # donations made (sets the next price)
    action_choice: bool = False               # holds an unused Action Choice tile
    reserve: str | None = None                # department tile reserved at setup
    built: list[str] = field(default_factory=list)  # department tiles built, in order

    def copy(self) -> Player:
        return _with(self, cells=self.cells.copy(), lying=self.lying.copy(),
                     standing={k: v[:] for k, v in self.standing.items()}, missions=self.missions.copy(),
                     tracks=self.tracks.copy(), tabs=self.tabs.copy(),
                     built=self.built[:])

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "money": self.money, "goods": self.goods, "vp": self.vp,
                "discs": self.discs, "supply": self.supply, "cells": dict(self.cells),
                "lying": dict(self.lying), "standing": {k: v[:] for k, v in self.standing.items()},
                "missions": dict(self.missions), "tracks": dict(self.tracks),
                "tabs": {k: list(v) for k, v in self.tabs.items()}, "tab_side": self.tab_side,
                "donations": self.donations, "action_choice": self.action_choice, "reserve": self.reserve,
                "built": self.built[:]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        return cls(name=d["name"], money=d["money"], goods=d["goods"], vp=d["vp"], discs=d["discs"],
                   supply=d["supply"], cells=dict(d["cells"]), lying=dict(d["lying"]),
                   standing={k: list(v) for k, v in d["standing"].items()}, missions=dict(d["missions"]),
                   tracks=dict(d["tracks"]), tabs={k: Tab(*v) for k, v in d["tabs"].items()},
                   tab_side=d["tab_side"], donations=d["donations"], action_choice=d["action_choice"],
                   reserve=d["reserve"], built=list(d["built"]))


@dataclass
class Andrew:
    """The solo opponent's pieces: he has no company, money or employees."""
    level: int
    deck: list[str]                           # solo card ids still to draw, top first
    card: str | None                          # this round's card
    slide: int                                # how far this round's card has slid
    vp_slots: list[list[str]]                 # card ids lying on each VP card (0, 1, 3, 6, 10)
    tracks: dict[str, int]
    departments: list[str] = field(default_factory=list)
    donations: int = 0

    def copy(self) -> Andrew:
        return _with(self, deck=self.deck[:], vp_slots=[v[:] for v in self.vp_slots], tracks=self.tracks.copy(),
                     departments=self.departments[:])

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "deck": self.deck[:], "card": self.card, "slide": self.slide,
                "vp_slots": [v[:] for v in self.vp_slots], "tracks": dict(self.tracks),
                "departments": self.departments[:], "donations": self.donations}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Andrew:
        return cls(level=d["level"], deck=list(d["deck"]), card=d["card"], slide=d["slide"],
                   vp_slots=[list(v) for v in d["vp_slots"]], tracks=dict(d["tracks"]),
                   departments=list(d["departments"]), donations=d["donations"])


@dataclass
class Board:
    sites: dict[str, Disc]                    # site name -> the disc on it
    donations: dict[str, list[Owner]]         # donation id -> owners, bottom first
    pool: dict[str, int]                      # department id -> tiles available
    timeline: list[list[int]]                 # the 4 tiles in play: [tile number, side 0/1]
    markers: list[int]                        # per row: 0 = start tile, k = on space k (1..5)

    def copy(self) -> Board:
        return _with(self, sites=self.sites.copy(), donations={k: v[:] for k, v in self.donations.items()},
                     pool=self.pool.copy(), timeline=[v[:] for v in self.timeline], markers=self.markers[:])

    def to_dict(self) -> dict[str, Any]:
        return {"sites": {k: list(v) for k, v in self.sites.items()},
                "donations": {k: v[:] for k, v in self.donations.items()}, "pool": dict(self.pool),
                "timeline": [v[:] for v in self.timeline], "markers": self.markers[:]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Board:
        return cls(sites={k: Disc(*v) for k, v in d["sites"].items()},
                   donations={k: list(v) for k, v in d["donations"].items()}, pool=dict(d["pool"]),
                   timeline=[list(v) for v in d["timeline"]], markers=list(d["markers"]))


@dataclass
class Flow:
    """Where the game is: phase, who decides, and the transient resources of the current step."""
    phase: Phase
    player: int | None
    order: list[int] = field(default_factory=list)   # players still to act in this phase
    round: int = 0                            # 1..20; 0 during setup
    first: int = 0                            # first player's seat
    chosen: str | None = None                 # action type of the chosen row
    event_row: int | None = None              # row whose marker advances at round end
    income: str | None = None                 # region of this round's Take Income event
    donation: bool = False                    # this round's event allows a donation
    income_open: bool = False                 # the current player may still take income
    donation_open: bool = False               # ... may still donate
    turn_type: str | None = None              # department type used this turn
    hr_moves: int = 0                         # HR moves counted at the start of the turn
    open: str | None = None                   # department (cell) in use
    uses: int = 0                             # uses left in it
    closed: list[str] = field(default_factory=list)  # departments finished this turn
    moves: int = 0                            # employee moves left
    study: int = 0                            # study points left
    diagonal: bool = False                    # Corporate Communications: diagonal moves this turn
    payroll: bool = False                     # Payroll Management: activation options this turn
    stack: list[Frame] = field(default_factory=list)  # pending sub-decisions, top last

    def copy(self) -> Flow:
        return _with(self, order=self.order[:], closed=self.closed[:],
                     stack=[_with(frame) for frame in self.stack])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"phase": self.phase.value}
        d = self.__dict__
        for key in FLOW_SCALARS:
            out[key] = d[key]
        out["order"], out["closed"] = self.order[:], self.closed[:]
        out["stack"] = [frame_to_dict(f) for f in self.stack]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Flow:
        return cls(phase=Phase(d["phase"]), order=list(d["order"]), closed=list(d["closed"]),
                   stack=[frame_from_dict(f) for f in d["stack"]], **{k: d[k] for k in FLOW_SCALARS})


#: the fields of Flow that are plain JSON values (all but the phase, the two lists and the stack)
FLOW_SCALARS = tuple(f.name for f in fields(Flow) if f.name not in ("phase", "order", "closed", "stack"))


class _History:
    """``State.history``: one summary per finished round. Playing keeps a round's summary as the call that makes
    it (:meth:`State.add_round`), so that no round is scored for a history nobody reads: reading the history
    makes the summaries still to be made, once each."""

    def __get__(self, state: State | None, owner: type | None = None) -> list[RoundSummary]:
        if state is None:                         # the dataclass's default: no round yet
            return ()                             # type: ignore[return-value]
        rounds = state.__dict__["_history"]
        for i, summary in enumerate(rounds):
            if callable(summary):
                rounds[i] = summary()
        return rounds

    def __set__(self, state: State, rounds: list[RoundSummary]) -> None:
        state.__dict__["_history"] = list(rounds)


@dataclass
class State:
    rules: Ruleset = field(repr=False, compare=False)
    options: dict[str, Any]
    players: list[Player]
    board: Board
    flow: Flow
    andrew: Andrew | None = None
    history: _History = _History()                               # one summary per finished round
    log: list[list[Any]] = field(default_factory=list)           # [decision number, text] lines
    #: False in the light copies of bots and search: no log lines, no round summaries
    keeps_history: bool = field(default=True, repr=False, compare=False)
    #: what records the moves as they happen (``rules.moves.MoveRecorder``): only the replay that reads a
    #: game's moves has one (``Game.moves``); copies none
    recorder: Any = field(default=None, repr=False, compare=False)

    def copy(self, history: bool = True) -> State:
        """A deep copy; with ``history=False`` the log and the round history stay behind (faster,
        for bots and search, which never read them)."""
        return _with(self, options=_copy_options(self.options), players=[p.copy() for p in self.players],
                     board=self.board.copy(), flow=self.flow.copy(),
                     andrew=self.andrew.copy() if self.andrew is not None else None,
                     _history=[_copy_summary(h) for h in self.__dict__["_history"]] if history else [],
                     log=[line[:] for line in self.log] if history else [],
                     keeps_history=self.keeps_history and history, recorder=None)

    def add_round(self, summary: Callable[[], RoundSummary]) -> None:
        """Add a finished round to the history as the call that sums it up (on a copy of the state at its end):
        the summary is made when the history is first read."""
        self.__dict__["_history"].append(summary)

    def to_dict(self) -> dict[str, Any]:
        return {"options": _copy_options(self.options), "players": [p.to_dict() for p in self.players],
                "board": self.board.to_dict(), "flow": self.flow.to_dict(),
                "andrew": self.andrew.to_dict() if self.andrew is not None else None,
                "history": [_copy_summary(h) for h in self.history],
                "log": [[entry[0], describe(read_line(entry))] for entry in self.log]}

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: Ruleset) -> State:
        """Rebuild a state from ``to_dict`` output (checked by records.py first); nothing is shared
        with ``data``."""
        andrew = data.get("andrew")
        return cls(
            rules=rules,
            options=_copy_options(data["options"]),
            players=[Player.from_dict(p) for p in data["players"]],
            board=Board.from_dict(data["board"]),
            flow=Flow.from_dict(data["flow"]),
            andrew=Andrew.from_dict(andrew) if andrew is not None else None,
            history=[_copy_summary(h) for h in data.get("history", [])],
            log=[list(line) for line in data.get("log", [])],
        )


def _copy_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in options.items()}


def _copy_summary(summary: RoundSummary | Callable[[], RoundSummary]) -> Any:
    """A copy of a round's summary (one still to be made is shared: its call and the state it reads stay as
    they are)."""
    if callable(summary):
        return summary
    return {"round": summary["round"], "chosen": summary["chosen"],
            "players": [{**row} for row in summary["players"]]}


def _with(obj: Any, **containers: Any) -> Any:
    """A copy of a dataclass instance: its scalar fields shared, the given containers replaced."""
    new = object.__new__(type(obj))
    new.__dict__ = {**obj.__dict__, **containers}
    return new

"""The mutable game state: one tree of plain dataclasses that serialises to and from JSON.

Owners of pieces on the board are player seats (0..n-1), ``"neutral"`` (the 2-3 player blockers)
or ``"andrew"`` (the solo opponent). Company cells are named ``a1``..``d4`` (see data/company.json).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Union

Owner = Union[int, str]
NEUTRAL = "neutral"
ANDREW = "andrew"


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
    tabs: dict[str, list[int]]                # project type -> [spaces revealed, discs built]
    tab_side: str                             # "A" or "B"
    donations: int = 0                        # donations made (sets the next price)
    action_choice: bool = False               # holds an unused Action Choice tile
    reserve: str | None = None                # department tile reserved at setup
    built: list[str] = field(default_factory=list)  # department tiles built, in order

    def copy(self) -> "Player":
        return _with(self, cells=self.cells.copy(), lying=self.lying.copy(),
                     standing={k: v[:] for k, v in self.standing.items()}, missions=self.missions.copy(),
                     tracks=self.tracks.copy(), tabs={k: v[:] for k, v in self.tabs.items()}, built=self.built[:])


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

    def copy(self) -> "Andrew":
        return _with(self, deck=self.deck[:], vp_slots=[v[:] for v in self.vp_slots], tracks=self.tracks.copy(),
                     departments=self.departments[:])


@dataclass
class Board:
    sites: dict[str, list]                    # "city/index" -> [owner, project type]
    donations: dict[str, list]                # donation id -> owners, bottom first
    pool: dict[str, int]                      # department id -> tiles available
    timeline: list[list[int]]                 # the 4 tiles in play: [tile number, side 0/1]
    markers: list[int]                        # per row: 0 = start tile, k = on space k (1..5)

    def copy(self) -> "Board":
        return _with(self, sites={k: v[:] for k, v in self.sites.items()},
                     donations={k: v[:] for k, v in self.donations.items()}, pool=self.pool.copy(),
                     timeline=[v[:] for v in self.timeline], markers=self.markers[:])


@dataclass
class Flow:
    """Where the game is: phase, who decides, and the transient resources of the current step."""
    phase: str                                # house, reserve, setup, choose, event, turn, over
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
    stack: list[dict] = field(default_factory=list)  # pending sub-decisions, top last

    def copy(self) -> "Flow":
        return _with(self, order=self.order[:], closed=self.closed[:], stack=[frame.copy() for frame in self.stack])


@dataclass
class State:
    options: dict[str, Any]
    players: list[Player]
    board: Board
    flow: Flow
    andrew: Andrew | None = None
    history: list[dict] = field(default_factory=list)  # one summary per finished round
    log: list[list] = field(default_factory=list)      # [decision number, text] lines

    def copy(self, history: bool = True) -> "State":
        """A deep copy; with ``history=False`` the log and the round history stay behind (faster,
        for bots and search, which never read them)."""
        return _with(self, options=dict(self.options), players=[p.copy() for p in self.players],
                     board=self.board.copy(), flow=self.flow.copy(),
                     andrew=self.andrew.copy() if self.andrew is not None else None,
                     history=[dict(h) for h in self.history] if history else [],
                     log=[line[:] for line in self.log] if history else [])

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output (structure is checked by records.py)."""
        andrew = data.get("andrew")
        return cls(
            options=dict(data["options"]),
            players=[_build(Player, p) for p in data["players"]],
            board=_build(Board, data["board"]),
            flow=_build(Flow, data["flow"]),
            andrew=_build(Andrew, andrew) if andrew is not None else None,
            history=list(data.get("history", [])),
            log=[list(line) for line in data.get("log", [])],
        )


def _with(obj, **containers):
    """A copy of a dataclass instance: its scalar fields shared, the given containers replaced."""
    new = object.__new__(type(obj))
    new.__dict__ = {**obj.__dict__, **containers}
    return new


def _build(cls, data: dict):
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in data.items() if k in names})


def schema(cls) -> dict[str, Any]:
    """Field name -> annotation string, for record validation."""
    return {f.name: f.type for f in fields(cls)}

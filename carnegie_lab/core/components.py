"""Static component data as frozen dataclasses: the vocabulary of the rules, views and bots.

:func:`carnegie_lab.core.loader.components` returns the package's data (``carnegie_lab/data/*.json``), read
and checked once.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from . import words

# carnegie_lab/core/loader.py fills these; field names are the contract with the rules, views and tests.

PROJECT_TYPES = ("H", "C", "I", "P")        # Housing, Commerce, Industry, Public Infrastructure
ANY_SITE = "any"                            # the site type of small towns: any project
ACTION_TYPES = ("HR", "MG", "CO", "RD")     # timeline rows, top to bottom, and department types


@dataclass(frozen=True)
class Reward:
    """A bundle of gains (or, for welfare payments, of costs)."""
    money: int = 0
    goods: int = 0
    vp: int = 0
    study: int = 0
    employees: int = 0

    def parts(self, short: bool = False) -> list[str]:
        """The reward in words, one part per kind (:func:`.words.reward_parts`)."""
        return words.reward_parts(self, short)


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    colour: str                               # CSS colour used by the views


@dataclass(frozen=True)
class Site:
    index: int                                # position in City.sites (left-most first)
    type: str                                 # "H", "C", "I", "P" or "any" (small towns)
    slot: str                                 # drawing slot: "center", "top", "bottom-left", ...

    def takes(self, ptype: str | None) -> bool:
        """Does a project of this type (None: any project) fit here?"""
        return ptype is None or self.type == ptype or self.type == ANY_SITE


@dataclass(frozen=True)
class City:
    id: str
    name: str
    region: str
    size: str                                 # "small", "medium" or "major"
    sites: tuple[Site, ...]                   # ordered left-most first (neutral discs, Andrew)
    vp: int                                   # printed VP per construction disc at game end
    transport_income: bool                    # small town that pays transport income when built on
    connection_points: int                    # 0 unless major (San Francisco 2, others 1)
    x: float                                  # board-image pixel coordinates (y grows downwards)
    y: float
    lat: float
    lon: float


@dataclass(frozen=True)
class TrackSpace:
    level: str                                # "cart", "stagecoach" or "train"
    level_value: int                          # 1, 2, 3 (for connection scoring)
    cost: int                                 # study points to enter this space (0 for the start)
    income: Reward                            # per employee returned from the region's mission area


@dataclass(frozen=True)
class Track:
    region: str
    spaces: tuple[TrackSpace, ...]            # 5 spaces, the last one is the final box
    final_reward: Reward                      # one-time reward for entering the final box
    final_capacity: int                       # how many discs the final box holds (1)


@dataclass(frozen=True)
class TabSpace:
    kind: str                                 # "blank", "project" or "vp"
    cost: int                                 # study points to reveal it (0 for the first space)
    income: Reward                            # project space: income shown once its disc is built
    vp: int                                   # vp space: VP scored at game end if it is the last shown


@dataclass(frozen=True)
class ProjectTab:
    type: str                                 # "H", "C", "I" or "P"
    name: str
    goods_cost: int                           # goods paid to build one of its projects
    sides: Mapping[str, tuple[TabSpace, ...]]  # "A"/"B" -> spaces, first (right-most) first


@dataclass(frozen=True)
class Cell:
    name: str                                 # "a1" .. "d4": column letter, row number (1 = ground)
    col: int                                  # 1..4
    row: int                                  # 1..4
    vp: int                                   # VP for a Department tile built here
    start: str | None                         # "lobby", a starting department id, or None (empty)


@dataclass(frozen=True)
class CompanyLayout:
    cells: Mapping[str, Cell]                 # by name, in reading order
    neighbours: Mapping[str, tuple[str, ...]]  # orthogonal neighbours of each cell
    diagonal_neighbours: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Department:
    id: str
    code: str                                 # short name used in action notation
    number: int                               # tile number 1..32; 0 for a starting department
    name: str
    type: str                                 # "HR", "MG", "CO" or "RD"
    workstations: tuple[int | None, ...]      # activation prices; None = permanent employee
    mission: str                              # "always", "optional" or "never"
    ongoing: bool                             # blue background: works while an employee stands there
    end_game: bool                            # scores at game end
    starting: bool
    expansion: bool
    build_extra_goods: int                    # goods on top of the build cost (New Lobby: 2)
    params: Mapping[str, object]              # effect parameters (amounts), read by the rules


@dataclass(frozen=True)
class TimelineSpace:
    income: str | None                        # region id for a Take Income event
    donation: bool                            # a Make a Donation event


@dataclass(frozen=True)
class TimelineTile:
    number: int
    sides: tuple[tuple[TimelineSpace, ...], tuple[TimelineSpace, ...]]  # front, back; 4 entries each


@dataclass(frozen=True)
class Timeline:
    rows: tuple[str, ...]                     # action types top to bottom
    tiles: tuple[TimelineTile, ...]
    end_spaces: Mapping[str, TimelineSpace]   # the End tile, by row
    tiles_in_play: int                        # 4
    orientation: str                          # "column" (tile = column) or "row" (tile = row)


@dataclass(frozen=True)
class DonationFormula:
    kind: str          # departments | projects | train_regions | donations | flat | active_employees
                       # | discs_in_regions | discs_in_small_towns | payments
    vp: int            # VP per counted item (or the flat VP)
    filter: tuple[str, ...]                   # department types, project types or region ids
    payment: Reward                           # "payments": what one payment costs at game end


@dataclass(frozen=True)
class Donation:
    id: str
    name: str
    theme: str                                # "education", "human_rights", "welfare", "health"
    column: int                               # 1..4
    row: int                                  # 1..5
    formula: DonationFormula


@dataclass(frozen=True)
class SoloCard:
    id: str                                   # "N01".."N20" normal, "A01".."A20" advanced
    number: int
    advanced: bool
    donation: str                             # donation id
    action: str                               # action type on the card back
    hr_shift: int
    mg_types: tuple[str, ...]                 # department types Andrew takes
    co_cities: tuple[str, ...]                # also the neutral-disc cities of the setup
    rd_region: str
    rd_steps: int


@dataclass(frozen=True)
class Constants:
    """Numbers of the rules that are data rather than code (see data/rules.json)."""
    rounds: int
    start_money: int
    start_goods: int
    employees_total: int
    employees_lobby: int
    discs_total: int
    setup_moves: int
    department_cost_with_employee: int
    department_cost_empty: int
    donation_price: int
    donation_cap: int
    sell_price: int
    action_choice_vp: int
    department_copies: int                    # copies of each base tile in the pool
    removed_departments: Mapping[int, int]    # players -> tiles removed at random
    neutral_discs: Mapping[int, int]          # players -> neutral discs
    action_choice_seats: Mapping[int, tuple[int, ...]]  # players -> seats (0 = first player)
    housing_setup_sizes: tuple[str, ...]      # city sizes allowed for the setup Housing disc
    andrew_vp_cards: tuple[int, ...]          # 0, 1, 3, 6, 10
    andrew_department_vp: int
    andrew_final_box_vp: int
    solo_decks: Mapping[int, tuple[int, int]]  # level -> (normal cards, advanced cards)


@dataclass(frozen=True, eq=False)
class Components:
    """All the component data of one game, as :func:`~carnegie_lab.load_components` reads it.

    Compared and hashed by identity: a game's rules are built from one of these.
    """
    regions: Mapping[str, Region]
    cities: Mapping[str, City]
    routes: tuple[tuple[str, str], ...]
    tracks: Mapping[str, Track]
    tabs: Mapping[str, ProjectTab]
    company: CompanyLayout
    departments: Mapping[str, Department]     # starting departments and all 32 tiles, by id
    timeline: Timeline
    donations: Mapping[str, Donation]
    solo_cards: Mapping[str, SoloCard]
    connection_table: Mapping[tuple[int, int], int]  # (connection points, level value) -> VP
    constants: Constants


def frozen_map(d: dict) -> Mapping:
    """A read-only view of a dict."""
    return MappingProxyType(dict(d))

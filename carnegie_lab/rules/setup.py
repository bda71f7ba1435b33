"""A new game: every random choice of the setup, drawn from the game's own seeded RNG."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.components import PROJECT_TYPES
from ..core.errors import OptionError
from ..core.i18n import N_
from ..core.state import NEUTRAL, Board, Flow, Phase, Player, State, Tab
from . import company
from .construction import free_site, place_disc
from .loop import begin_setup
from .names import check_player_names, name_key
from .solo import NAME as ANDREW_NAME
from .solo import new_andrew

if TYPE_CHECKING:
    from .ruleset import Ruleset

#: the department tiles a game may use: mode -> what it is called
DEPARTMENT_MODES = {"base": N_("Base game"), "base+expansion": N_("Base game + expansion"),
                    "expansion-open-bar": N_("Open bar: one of every tile")}
MAX_SEED = 2**63 - 1
TAB_SIDES = ("A", "B")


def department_pool(rs: Ruleset, mode: str) -> dict[str, int]:
    """Tiles in the box for a mode, by department id."""
    copies = rs.constants.department_copies
    tiles = [d for d in rs.components.departments.values() if not d.starting]
    if mode == "base":
        return {d.id: copies for d in tiles if not d.expansion}
    if mode == "base+expansion":
        return {d.id: copies for d in tiles}
    return {d.id: 1 for d in tiles}


def solo_expansion_pool(rs: Ruleset, rng: random.Random, box: dict[str, int]) -> dict[str, int]:
    """The tiles of the box a solo game with the expansion uses (the solo helper's pool): for each
    department type, as many of its departments as the base game has, drawn at random from the base
    and expansion departments of that type, with all their copies; the others get 0."""
    tiles = [d for d in rs.components.departments.values() if d.id in box]
    pool = dict.fromkeys(box, 0)
    for dept_type in dict.fromkeys(d.type for d in tiles):
        of_type = [d for d in tiles if d.type == dept_type]
        for d in rng.sample(of_type, sum(1 for d in of_type if not d.expansion)):
            pool[d.id] = box[d.id]
    return pool


def _remove_tiles(rng: random.Random, pool: dict[str, int], count: int) -> dict[str, int]:
    tiles = [d for d, n in pool.items() for _ in range(n)]
    rng.shuffle(tiles)
    kept = tiles[count:]
    return {d: kept.count(d) for d in pool}


def _new_player(rs: Ruleset, name: str, tab_side: str) -> Player:
    C, k = rs.components, rs.constants
    cells = {c.name: c.start for c in C.company.cells.values() if c.start is not None}
    standing = {}
    for cell, dept_id in cells.items():
        if dept_id != company.LOBBY:
            ws = C.departments[dept_id].workstations
            permanent = [i for i, price in enumerate(ws) if price is None]
            standing[cell] = permanent[:1] or [min(range(len(ws)), key=lambda i: (ws[i] or 0, i))]
    lobby = next(c for c, d in cells.items() if d == company.LOBBY)
    on_tabs = sum(1 for t in PROJECT_TYPES if C.tabs[t].sides[tab_side][0].kind == "project")
    return Player(
        name=name, money=k.start_money, goods=k.start_goods, vp=0,
        discs=k.discs_total - 1 - len(C.tracks) - on_tabs,
        supply=k.employees_total - len(standing) - k.employees_lobby,
        cells=cells, lying={lobby: k.employees_lobby}, standing=standing, missions={},
        tracks={r: 0 for r in C.tracks}, tabs={t: Tab(1, 0) for t in PROJECT_TYPES}, tab_side=tab_side)


def place_neutral_discs(state: State, rng: random.Random, count: int) -> None:
    """Reveal normal solo cards: a disc on the card's donation, then on the left-most free site of
    each of its cities, until `count` discs are placed (a disc that does not fit is kept)."""
    cards = [c for c in state.rules.components.solo_cards.values() if not c.advanced]
    while count > 0:
        rng.shuffle(cards)
        for card in cards:
            if count and card.donation not in state.board.donations:
                state.board.donations[card.donation] = [NEUTRAL]
                count -= 1
            for city in card.co_cities:
                index = free_site(state, city, None) if count else None
                if index is not None:
                    place_disc(state, NEUTRAL, city, index, None)
                    count -= 1
            if not count:
                return


def check_options(rs: Ruleset, players: Any, seed: Any, options: dict[str, Any]) -> None:
    """Check the options of a new game (types and ranges) before anything is built."""
    check_player_names(players)
    if not 1 <= len(players) <= 4:
        raise OptionError("players", N_("Carnegie is played by 2 to 4 players (or 1 against Andrew), not {n}",
                                        n=len(players)))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise OptionError("seed", N_("expected a whole number from 0 to {most}, got {seed}",
                                        most=MAX_SEED, seed=repr(seed)))
    unknown = sorted(set(options) - {"departments", "tab_side", "remove_for_four", "solo_level"})
    if unknown:
        raise OptionError(unknown[0], N_("unknown option"))
    departments = options.get("departments", "base")
    if not isinstance(departments, str) or departments not in DEPARTMENT_MODES:
        raise OptionError("departments", N_("must be one of {choices}, not {value}", choices=tuple(DEPARTMENT_MODES),
                                            value=repr(departments)))
    tab_side = options.get("tab_side", "A")
    if tab_side not in TAB_SIDES:
        raise OptionError("tab_side", N_("must be 'A' or 'B', not {value}", value=repr(tab_side)))
    level = options.get("solo_level")
    levels = sorted(rs.constants.solo_decks)
    if level is not None and (not isinstance(level, int) or isinstance(level, bool) or level not in levels):
        raise OptionError("solo_level", N_("must be one of {choices}, not {value}", choices=levels, value=repr(level)))
    if (len(players) == 1) != (level is not None):
        raise OptionError("solo_level", N_("a solo game is one player with a solo_level (1-4); 2-4 players have none"))
    if level is not None and name_key(players[0]) == name_key(ANDREW_NAME):
        raise OptionError("players", N_("{name} is the solo opponent's name", name=repr(ANDREW_NAME)))
    remove = options.get("remove_for_four")
    if remove is not None:
        most = sum(department_pool(rs, departments).values()) - len(players)   # a tile left for every reserve
        if not isinstance(remove, int) or isinstance(remove, bool) or not 0 <= remove <= most:
            raise OptionError("remove_for_four", N_("must be a whole number from 0 to {most}, not {value}", most=most,
                                                    value=repr(remove)))


def new_state(rs: Ruleset, names: list[str], seed: int, departments: str = "base", tab_side: str = "A",
              remove_for_four: int | None = None, solo_level: int | None = None) -> State:
    """Lay out a game (2-4 players, or 1 against Andrew) up to the first setup decision. The options
    are checked first (``check_options``)."""
    C, k = rs.components, rs.constants
    n = 2 if solo_level is not None else len(names)   # solo is set up as a 2-player game
    rng = random.Random(seed)
    tiles = rng.sample([t.number for t in C.timeline.tiles], C.timeline.tiles_in_play)
    timeline = [[t, rng.randrange(2)] for t in tiles]
    removed = k.removed_departments[n] if remove_for_four is None or n != 4 else remove_for_four
    box = department_pool(rs, departments)
    if solo_level is not None and departments == "base+expansion":
        box = solo_expansion_pool(rs, rng, box)
    pool = _remove_tiles(rng, box, removed)
    players = [_new_player(rs, name, tab_side) for name in names]
    for seat in k.action_choice_seats[len(names)] if solo_level is None else ():
        players[seat].action_choice = True
    options = {"players": list(names), "seed": seed, "departments": departments, "tab_side": tab_side,
               "remove_for_four": remove_for_four, "solo_level": solo_level}
    state = State(rules=rs, options=options, players=players,
                  board=Board(sites={}, donations={}, pool=pool, timeline=timeline,
                              markers=[0] * len(C.timeline.rows)),
                  flow=Flow(phase=Phase.HOUSE, player=None))
    place_neutral_discs(state, rng, k.neutral_discs[n])
    if solo_level is not None:
        state.andrew = new_andrew(rs, rng, solo_level)
    begin_setup(state)
    return state

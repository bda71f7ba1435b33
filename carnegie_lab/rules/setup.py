"""A new game: every random choice of the setup, drawn from the game's own seeded RNG."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.components import PROJECT_TYPES
from ..core.state import NEUTRAL, Board, Flow, Phase, Player, State, Tab
from . import company
from .box import department_pool, solo_expansion_pool
from .construction import free_site, place_disc
from .loop import begin_setup
from .options import with_defaults
from .solo import new_andrew

if TYPE_CHECKING:
    from .ruleset import Ruleset

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


def new_state(rs: Ruleset, names: list[str], seed: int, **options: Any) -> State:
    """Lay out a game (2-4 players, or 1 against Andrew) up to the first setup decision, with ``new_game``'s
    options (each one not given at its default: ``options.GAME_OPTIONS``), already checked (``check_options``)."""
    options = with_defaults(names, seed, options)
    departments, tab_side = options["departments"], options["tab_side"]
    remove_for_four, solo_level = options["remove_for_four"], options["solo_level"]
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
    state = State(rules=rs, options=options, players=players,
                  board=Board(sites={}, donations={}, pool=pool, timeline=timeline,
                              markers=[0] * len(C.timeline.rows)),
                  flow=Flow(phase=Phase.HOUSE, player=None))
    place_neutral_discs(state, rng, k.neutral_discs[n])
    if solo_level is not None:
        state.andrew = new_andrew(rs, rng, solo_level)
    begin_setup(state)
    return state

"""End-of-game scoring as a breakdown per player (also usable mid-game as "if it ended now")."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from itertools import product

from ..components import Donation, PROJECT_TYPES
from ..network import best_connection
from ..state import ANDREW, Player, State
from . import company
from .construction import projects_in
from .core import C, K
from .research import FINAL, level, tab_vp
from .solo import NAME as ANDREW_NAME


@dataclass(frozen=True)
class ScoreBreakdown:
    """VP by scoring category; ``total`` is their sum."""
    in_game: int = 0            # VP earned during play
    employees: int = 0          # active employees
    departments: int = 0        # built Department tiles (3 top row, 2 elsewhere)
    tabs: int = 0               # VP shown on the project tabs
    connections: int = 0        # best network of major cities
    cities: int = 0             # printed VP of the cities holding the player's discs
    donations: int = 0
    action_choice: int = 0      # unused Action Choice tile
    tiles: int = 0              # end-game Department tiles (Green Spaces, Public Relations, Libraries)
    cards: int = 0              # Andrew: VP cards
    transport: int = 0          # Andrew: final boxes reached

    @property
    def total(self) -> int:
        return sum(asdict(self).values())

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "total": self.total}


def discs(state: State, owner) -> list[tuple[str, str | None]]:
    """(city, project type) of every construction disc of an owner."""
    return [(key.split("/")[0], ptype) for key, (who, ptype) in state.board.sites.items() if who == owner]


def _count(state: State, pi: int, donation: Donation) -> int:
    """What a donation formula counts for a player (everything but welfare payments)."""
    f = donation.formula
    p = state.players[pi]
    kind = f.kind
    if kind == "departments":
        return sum(1 for d in company.owned_departments(p) if not f.filter or d.type in f.filter)
    if kind == "projects":
        return sum(1 for _, t in discs(state, pi) if t in f.filter)
    if kind == "train_regions":
        return sum(1 for r in C.tracks if level(p.tracks, r) >= 3)
    if kind == "donations":
        return sum(1 for owners in state.board.donations.values() if pi in owners)
    if kind == "flat":
        return 1
    if kind == "active_employees":
        return company.active_employees(p)
    if kind == "discs_in_regions":
        return sum(1 for city, _ in discs(state, pi) if C.cities[city].region in f.filter)
    if kind == "discs_in_small_towns":
        return sum(1 for city, _ in discs(state, pi) if C.cities[city].size == "small")
    raise ValueError(f"unknown donation formula {kind!r}")


@lru_cache(maxsize=1 << 14)
def welfare_payments(money: int, goods: int, formulas: tuple) -> tuple[int, int, int]:
    """Best VP from end-game welfare payments with this money and goods (goods may be sold for $1).
    Returns (VP, money spent, goods spent)."""
    best = (0, 0, 0)
    ranges = [range(K.donation_cap // f.vp + 1) for f in formulas]
    for counts in product(*ranges):
        cash = sum(n * f.payment.money for n, f in zip(counts, formulas))
        cubes = sum(n * f.payment.goods for n, f in zip(counts, formulas))
        if cubes <= goods and cash <= money + (goods - cubes) * K.sell_price:
            vp = sum(n * f.vp for n, f in zip(counts, formulas))
            if vp > best[0]:
                best = (vp, cash, cubes)
    return best


def _donation_vp(state: State, pi: int, donations: list[Donation], money: int, goods: int) -> tuple[int, int, int]:
    """VP of these donations scored on player pi's achievements; welfare paid from money/goods."""
    vp = sum(min(K.donation_cap, d.formula.vp * _count(state, pi, d)) for d in donations
             if d.formula.kind != "payments")
    welfare = [d.formula for d in donations if d.formula.kind == "payments"]
    paid = welfare_payments(money, goods, tuple(welfare)) if welfare else (0, 0, 0)
    return vp + paid[0], money - paid[1], goods - paid[2]


def owned_donations(state: State, owner) -> list[Donation]:
    return [C.donations[d] for d, owners in state.board.donations.items() if owner in owners]


def connection_vp(state: State, pi: int) -> int:
    """The best network's VP; a staffed Post Office adds a point, and +9 VP at its maximum."""
    p = state.players[pi]
    post = C.departments["post_office"].params
    extra = post["connection_points"] if company.is_staffed(p, "post_office") else 0
    connection = best_connection(state, pi, p.tracks, extra)
    if connection is None:
        return 0
    return connection.vp + (post["vp_at_max"] if extra and connection.points >= post["max_points"] else 0)


def tile_vp(state: State, pi: int) -> int:
    """End-game Department tiles, each scoring only with an employee standing on it."""
    p = state.players[pi]
    per_region = [projects_in(state, pi, r) for r in C.regions]
    vp = 0
    if company.is_staffed(p, "green_spaces"):
        empty = sum(1 for c in C.company.cells if c not in p.cells)
        vp += C.departments["green_spaces"].params["vp_per_empty_space"] * empty
    if company.is_staffed(p, "public_relations"):
        vp += C.departments["public_relations"].params["vp_per_project"] * max(per_region)
    if company.is_staffed(p, "network_libraries"):
        vp += C.departments["network_libraries"].params["vp_per_project"] * min(per_region)
    return vp


def player_score(state: State, pi: int) -> ScoreBreakdown:
    p: Player = state.players[pi]
    cells = C.company.cells
    donation_vp, _, _ = _donation_vp(state, pi, owned_donations(state, pi), p.money, p.goods)
    return ScoreBreakdown(
        in_game=p.vp,
        employees=company.active_employees(p),
        departments=sum(cells[c].vp for c, d in p.cells.items() if d != "lobby" and not C.departments[d].starting),
        tabs=sum(tab_vp(p, t) for t in PROJECT_TYPES),
        connections=connection_vp(state, pi),
        cities=sum(C.cities[city].vp for city, _ in discs(state, pi)),
        donations=donation_vp,
        action_choice=K.action_choice_vp if p.action_choice else 0,
        tiles=tile_vp(state, pi),
    )


def andrew_score(state: State) -> ScoreBreakdown:
    """Andrew's VP cards, tiles, final boxes and cities; his donations score the player's results,
    welfare paid from what the player has left after paying their own."""
    andrew, p = state.andrew, state.players[0]
    _, money, goods = _donation_vp(state, 0, owned_donations(state, 0), p.money, p.goods)
    donation_vp, _, _ = _donation_vp(state, 0, owned_donations(state, ANDREW), money, goods)
    return ScoreBreakdown(
        cards=sum(vp * len(cards) for vp, cards in zip(K.andrew_vp_cards, andrew.vp_slots)),
        departments=K.andrew_department_vp * len(andrew.departments),
        transport=K.andrew_final_box_vp * sum(1 for r in C.tracks if andrew.tracks[r] == FINAL),
        cities=sum(C.cities[city].vp for city, _ in discs(state, ANDREW)),
        donations=donation_vp,
    )


def scores(state: State) -> dict[str, ScoreBreakdown]:
    table = {p.name: player_score(state, i) for i, p in enumerate(state.players)}
    if state.andrew is not None:
        table[ANDREW_NAME] = andrew_score(state)
    return table


def winners(state: State) -> list[str]:
    """Names of the players with the highest total (ties share the win)."""
    table = scores(state)
    top = max(s.total for s in table.values())
    return [name for name, s in table.items() if s.total == top]

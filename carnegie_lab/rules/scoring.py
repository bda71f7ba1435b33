"""End-of-game scoring as a breakdown per seat (also usable mid-game as "if it ended now")."""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from ..core.components import Donation
from ..core.state import ANDREW, Owner, State
from . import company
from .construction import discs
from .network import best_connection
from .research import level, tabs_vp

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass(frozen=True)
class ScoreBreakdown:
    """VP by scoring category (the fields); ``total`` is their sum."""
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
        return (self.in_game + self.employees + self.departments + self.tabs + self.connections + self.cities
                + self.donations + self.action_choice + self.tiles + self.cards + self.transport)

    def as_dict(self) -> dict[str, int]:
        return {**{name: getattr(self, name) for name in CATEGORIES}, "total": self.total}


#: The scoring categories, in the order of the breakdown: the one list views and tests iterate.
CATEGORIES: tuple[str, ...] = tuple(f.name for f in fields(ScoreBreakdown))


def _count(state: State, pi: int, donation: Donation, own: list[tuple[str, str | None]]) -> int:
    """What a donation formula counts for a player (everything but welfare payments); `own` are
    the player's discs."""
    rs = state.rules
    C = rs.components
    f = donation.formula
    p = state.players[pi]
    kind = f.kind
    if kind == "departments":
        return sum(1 for d in company.owned_departments(rs, p) if not f.filter or d.type in f.filter)
    if kind == "projects":
        return sum(1 for _, t in own if t in f.filter)
    if kind == "train_regions":
        return sum(1 for r in C.tracks if level(rs, p.tracks, r) >= 3)
    if kind == "donations":
        return sum(1 for owners in state.board.donations.values() if pi in owners)
    if kind == "flat":
        return 1
    if kind == "active_employees":
        return company.active_employees(rs, p)
    if kind == "discs_in_regions":
        return sum(1 for city, _ in own if C.cities[city].region in f.filter)
    if kind == "discs_in_small_towns":
        return sum(1 for city, _ in own if C.cities[city].size == "small")
    raise ValueError(f"unknown donation formula {kind!r}")


@lru_cache(maxsize=1 << 14)
def welfare_payments(rs: Ruleset, money: int, goods: int, donations: tuple[str, ...]) -> tuple[int, int, int]:
    """Best VP from the end-game welfare payments of these donations with this money and goods
    (goods may be sold), each donation scoring at most the cap. Returns (VP, money spent, goods spent)."""
    formulas = [rs.components.donations[d].formula for d in donations]
    cap, sell_price = rs.constants.donation_cap, rs.constants.sell_price
    best = (0, 0, 0)
    ranges = [range(cap // f.vp + 1) for f in formulas]
    for counts in product(*ranges):
        cash = sum(n * f.payment.money for n, f in zip(counts, formulas))
        cubes = sum(n * f.payment.goods for n, f in zip(counts, formulas))
        if cubes <= goods and cash <= money + (goods - cubes) * sell_price:
            vp = sum(n * f.vp for n, f in zip(counts, formulas))
            if vp > best[0]:
                best = (vp, cash, cubes)
    return best


def _donation_vp(state: State, pi: int, donations: list[Donation], money: int, goods: int,
                 own: list[tuple[str, str | None]]) -> tuple[int, int, int]:
    """VP of these donations scored on player pi's achievements (`own`: their discs); welfare paid
    from money/goods."""
    if not donations:
        return 0, money, goods
    cap = state.rules.constants.donation_cap
    vp = 0
    welfare = []
    for d in donations:
        if d.formula.kind == "payments":
            welfare.append(d.id)
        else:
            vp += min(cap, d.formula.vp * _count(state, pi, d, own))
    paid = welfare_payments(state.rules, money, goods, tuple(welfare)) if welfare else (0, 0, 0)
    return vp + paid[0], money - paid[1], goods - paid[2]


def left_after_welfare(state: State, pi: int, own: list[tuple[str, str | None]] | None = None) -> tuple[int, int]:
    """The money and goods seat ``pi`` has left once their welfare donations are paid at the game's end
    (goods sold where that buys more VP, so the money may be below 0): what Andrew's welfare donations then
    score in a solo game. ``own``: the seat's discs, if known."""
    p = state.players[pi]
    _, money, goods = _donation_vp(state, pi, owned_donations(state, pi), p.money, p.goods,
                                   discs(state, pi) if own is None else own)
    return money, goods


def owned_donations(state: State, owner: Owner) -> list[Donation]:
    donations = state.rules.components.donations
    return [donations[d] for d, owners in state.board.donations.items() if owner in owners]


def donations_by_owner(state: State) -> dict[Owner, list[Donation]]:
    """:func:`owned_donations` of every owner at once (every seat is a key)."""
    donations = state.rules.components.donations
    out: dict[Owner, list[Donation]] = {i: [] for i in range(len(state.players))}
    for d, owners in state.board.donations.items():
        for owner in owners:
            out.setdefault(owner, []).append(donations[d])
    return out


def connection_vp(state: State, pi: int, cities: frozenset[str] | None = None) -> int:
    """The best network's VP, with what staffed departments add (Post Office)."""
    rs, p = state.rules, state.players[pi]
    staffed = rs.staffed(p, "connection_points")
    extra = sum(hook(dept) for dept, hook in staffed)
    connection = best_connection(state, pi, p.tracks, extra, cities)
    if connection is None:
        return 0
    return connection.vp + sum(rs.hook(dept, "connection_bonus")(dept, connection.points) for dept, _ in staffed)


def tile_vp(state: State, pi: int) -> int:
    """End-game Department tiles, each scoring only with an employee standing on it."""
    return sum(hook(state, pi, dept) for dept, hook in state.rules.staffed(state.players[pi], "end_game"))


def player_score(state: State, pi: int, own: list[tuple[str, str | None]] | None = None) -> ScoreBreakdown:
    """A seat's score breakdown; `own` are their discs, if already known."""
    return _player_score(state, pi, discs(state, pi) if own is None else own)[0]


def _player_score(state: State, pi: int, own: list[tuple[str, str | None]]) -> tuple[ScoreBreakdown, int, int]:
    """A seat's score breakdown, and the money and goods they have left after their welfare payments."""
    points, money, goods = _player_points(state, pi, own)
    return ScoreBreakdown(*points), money, goods


def seat_points(state: State) -> list[dict[str, int]]:
    """Each seat's VP by scoring category (the fields of its :class:`ScoreBreakdown`, Andrew's left out): for
    what needs a few numbers of the score only (the round history), without making the breakdowns."""
    own, donations = discs_by_owner(state), donations_by_owner(state)
    return [dict(zip(CATEGORIES, _player_points(state, i, own[i], donations[i])[0]))
            for i in range(len(state.players))]


def _player_points(state: State, pi: int, own: list[tuple[str, str | None]],
                   donations: list[Donation] | None = None) -> tuple[tuple[int, ...], int, int]:
    """A seat's VP by category (its ScoreBreakdown's first fields, in their order: a tuple, cheap to make at
    every evaluation of the bots), and the money and goods they have left after their welfare payments;
    ``donations``: :func:`owned_donations`, if known."""
    rs = state.rules
    p = state.players[pi]
    cell_vp, unscored, city_vp = rs.cell_vp, rs.unscored, rs.city_vp
    if donations is None:
        donations = owned_donations(state, pi)
    donation_vp, money, goods = _donation_vp(state, pi, donations, p.money, p.goods, own)
    return (
        p.vp,                                                                   # in_game
        company.active_employees(rs, p),                                        # employees
        sum([cell_vp[cell] for cell, dept in p.cells.items() if dept not in unscored]),  # departments
        tabs_vp(rs, p),                                                         # tabs
        connection_vp(state, pi, frozenset([city for city, _ in own])),        # connections
        sum([city_vp[city] for city, _ in own]),                                # cities
        donation_vp,                                                            # donations
        rs.constants.action_choice_vp if p.action_choice else 0,                # action_choice
        tile_vp(state, pi),                                                     # tiles
    ), money, goods


def andrew_score(state: State, own: dict[Owner, list[tuple[str, str | None]]] | None = None) -> ScoreBreakdown:
    """Andrew's VP cards, tiles, final boxes and cities; his donations score the player's results,
    welfare paid from what the player has left after paying their own. ``own``: :func:`discs_by_owner`,
    if known."""
    if own is None:
        own = discs_by_owner(state)
    return _andrew_score(state, own, *left_after_welfare(state, 0, own[0]))


def _andrew_score(state: State, own: dict[Owner, list[tuple[str, str | None]]], money: int, goods: int
                  ) -> ScoreBreakdown:
    """:func:`andrew_score` when the player has ``money`` and ``goods`` left after their own welfare payments."""
    andrew = state.andrew
    assert andrew is not None
    C, k = state.rules.components, state.rules.constants
    donation_vp, _, _ = _donation_vp(state, 0, owned_donations(state, ANDREW), money, goods, own[0])
    final = state.rules.final_space
    return ScoreBreakdown(
        cards=sum(vp * len(cards) for vp, cards in zip(k.andrew_vp_cards, andrew.vp_slots)),
        departments=k.andrew_department_vp * len(andrew.departments),
        transport=k.andrew_final_box_vp * sum(1 for r in C.tracks if andrew.tracks[r] == final),
        cities=sum(C.cities[city].vp for city, _ in own.get(ANDREW, ())),
        donations=donation_vp,
    )


def discs_by_owner(state: State) -> dict[Owner, list[tuple[str, str | None]]]:
    """(city, project type) of every construction disc, by owner (every seat is a key)."""
    own: dict[Owner, list[tuple[str, str | None]]] = {i: [] for i in range(len(state.players))}
    cities = state.rules.site_cities
    for key, disc in state.board.sites.items():
        mine = own.get(disc.owner)
        if mine is None:
            own[disc.owner] = mine = []
        mine.append((cities[key], disc.type))
    return own


def scores(state: State, own: dict[Owner, list[tuple[str, str | None]]] | None = None) -> list[ScoreBreakdown]:
    """One breakdown per seat, then Andrew's in a solo game; ``own``: :func:`discs_by_owner`, if known."""
    if own is None:
        own = discs_by_owner(state)
    seats = [_player_score(state, i, own[i]) for i in range(len(state.players))]
    table = [score for score, _, _ in seats]
    if state.andrew is not None:
        _, money, goods = seats[0]
        table.append(_andrew_score(state, own, money, goods))
    return table


def totals(state: State, own: dict[Owner, list[tuple[str, str | None]]] | None = None) -> list[int]:
    """The totals of :func:`scores` (one per seat, then Andrew's in a solo game), without making the seats'
    breakdowns: what the bots evaluate at every step. ``own``: :func:`discs_by_owner`, if known."""
    if own is None:
        own = discs_by_owner(state)
    seats = [_player_points(state, i, own[i]) for i in range(len(state.players))]
    out = [sum(points) for points, _, _ in seats]
    if state.andrew is not None:
        _, money, goods = seats[0]
        out.append(_andrew_score(state, own, money, goods).total)
    return out


def player_total(state: State, pi: int, own: list[tuple[str, str | None]]) -> int:
    """A seat's :func:`player_score` total, without making the breakdown; ``own`` are their discs."""
    return sum(_player_points(state, pi, own)[0])


def winning_seats(state: State) -> list[int]:
    """Indices into :func:`scores` of the highest totals (ties share the win; Andrew is the last)."""
    table = totals(state)
    top = max(table)
    return [i for i, t in enumerate(table) if t == top]

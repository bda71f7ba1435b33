"""The donation chart: prices, the Make a Donation event, and what each donation scores."""
from __future__ import annotations

from ..state import State
from . import company
from .core import C, K, note, rule


def price(state: State, pi: int) -> int:
    """The player's next donation costs base x n (base $5, or $3 with Communications staffed)."""
    p = state.players[pi]
    base = K.donation_price
    if company.is_staffed(p, "communications"):
        base = C.departments["communications"].params["donation_price"]
    return base * (p.donations + 1)


def payment_check(state: State, pi: int) -> str | None:
    p = state.players[pi]
    cost = price(state, pi)
    if p.money < cost:
        return f"the donation costs ${cost} and {p.name} has ${p.money}"
    if p.discs < 1:
        return "no disc left in the personal supply"
    return None


def give(state: State, pi: int, donation: str) -> None:
    p = state.players[pi]
    cost = price(state, pi)
    p.money -= cost
    p.discs -= 1
    p.donations += 1
    state.board.donations.setdefault(donation, []).append(pi)
    note(state, f"{p.name} donates to {C.donations[donation].name} (${cost})")


def _candidates(state: State, pi: int):
    if state.flow.donation_open:
        return ((d,) for d in C.donations if d not in state.board.donations)
    return ()


def _check_donate(state: State, pi: int, args) -> str | None:
    (donation,) = args
    if donation not in C.donations:
        return f"unknown donation {donation!r}"
    if not state.flow.donation_open:
        return "this event allows no donation now"
    if donation in state.board.donations:
        return f"{C.donations[donation].name} is taken"
    return payment_check(state, pi)


@rule("donate", ("event",), _candidates, _check_donate)
def _donate(state: State, pi: int, args) -> None:
    give(state, pi, args[0])
    state.flow.donation_open = False

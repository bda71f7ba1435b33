"""The donation chart: prices, the Make a Donation event, and what each donation scores."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.i18n import N_, Message
from ..core.later import line
from ..core.state import DecisionKind, State
from .core import note
from .registry import Args, Vocab, verb

if TYPE_CHECKING:
    from ..core.components import Donation


def taken(donation: Donation) -> Message:
    """Why a donation space cannot be taken: somebody's disc is on it."""
    return N_("the donation space “{donation}” is taken already", donation=Message(donation.name))


def price(state: State, pi: int) -> int:
    """The player's next donation costs base x n (base $5, lowered by a department such as
    Communications)."""
    rs, p = state.rules, state.players[pi]
    base = rs.constants.donation_price
    for dept, hook in rs.staffed(p, "donation_price"):
        base = hook(dept, base)
    return base * (p.donations + 1)


def payment_check(state: State, pi: int) -> str | None:
    p = state.players[pi]
    cost = price(state, pi)
    if p.money < cost:
        return N_("the donation costs ${cost} and {player} has ${has}", cost=cost, player=p.name, has=p.money)
    if p.discs < 1:
        return N_("no disc left in the personal supply")
    return None


def give(state: State, pi: int, donation: str) -> None:
    p = state.players[pi]
    cost = price(state, pi)
    p.money -= cost
    p.discs -= 1
    p.donations += 1
    state.board.donations.setdefault(donation, []).append(pi)
    note(state, lambda: line("{player} donates to {donation} (${cost})", player=p.name,
                      donation=Message(state.rules.components.donations[donation].name), cost=cost))


def _candidates(state: State, pi: int):
    if state.flow.donation_open and payment_check(state, pi) is None:
        taken = state.board.donations
        return ((d,) for d in state.rules.components.donations if d not in taken)
    return ()


def _check_donate(state: State, pi: int, args: Args) -> str | None:
    (donation,) = args
    donations = state.rules.components.donations
    if donation not in donations:
        return N_("unknown donation {donation}", donation=repr(donation))
    if not state.flow.donation_open:
        return N_("this event allows no donation now")
    if donation in state.board.donations:
        return taken(donations[donation])
    return payment_check(state, pi)


@verb("donate", [("name",)], (DecisionKind.EVENT,), _candidates, _check_donate, exact=True,
      vocab=Vocab(N_("make a donation"), "donate", 4, board="donation"))
def _donate(state: State, pi: int, args: Args) -> None:
    give(state, pi, args[0])
    state.flow.donation_open = False

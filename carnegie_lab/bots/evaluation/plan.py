"""The build plan: the hand evaluation plus what a player's projects still to build are worth.

A project needs four things at once: a disc revealed on its tab (R&D), its goods (1 or 2), an
employee standing in a construction department, and a Construction round. The hand evaluation
values each of them on its own, a little, so that no single step of the plan pays for itself and the
playouts build about 3 projects a game where Andrew builds 12-14. :class:`PlanEvaluator` adds, for
each seat, the builds that the player could still carry out: the fewest of the discs waiting, the
goods (and money, at the price of a goods cube) they can pay, and the builders times the
Construction rounds still to come, each worth ``project`` VP at the start of the game fading to
``project_end``; and a share ``partial`` of the next bottleneck, so that working on one that is
not yet the narrowest still pays. A step of the plan (a disc revealed, a cube bought, an employee
moved into Construction) then raises the value as soon as it widens the narrowest of them.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, replace
from functools import lru_cache

from ...core.components import Components
from ...core.state import Phase, State
from ...rules.solo import unseen_deck
from .hand import Evaluator, evaluator_for, use_values
from .position import RoundInfo, tables
from .weights import Weights, WeightsSpec


@dataclass(frozen=True)
class Plan:
    """The plan's knobs (see the module docstring).

    Attributes:
        project: VP of a build the player can still make, at the start of the game ...
        project_end: ... and in the last round.
        partial: The share of the next-narrowest bottleneck.
        money_per_goods: Money counted as goods at this price.
        co_share: The share of the rounds left that are Construction rounds.
        now: VP of a build possible in the Construction turn to come this round.
    """
    project: float = 1.0
    project_end: float = 0.0
    partial: float = 0.3
    money_per_goods: float = 4.0
    co_share: float = 0.3
    now: float = 3.0


@lru_cache(maxsize=8)
def _builders(C: Components) -> frozenset[str]:
    """The departments whose uses build projects (the Construction departments that are not ongoing)."""
    return frozenset(d.id for d in C.departments.values() if d.type == "CO" and not d.ongoing)


class PlanEvaluator(Evaluator):
    """The hand evaluation (:class:`~.hand.Evaluator`) plus the value of the builds still possible.

    Args:
        weights: The hand evaluation's weights (default: the untuned ones).
        plan: The plan's knobs (default: :class:`Plan`'s).
    """

    def __init__(self, weights: Weights | None = None, plan: Plan | None = None):
        super().__init__(weights)
        self.plan = plan or Plan()

    def _potential(self, state: State, pi: int, info: RoundInfo, cities) -> float:
        v = super()._potential(state, pi, info, cities) + self.builds(state, pi, info)
        f = state.flow
        if self.plan.now and f.chosen == "CO" and (f.phase == Phase.EVENT or (f.phase == Phase.TURN and pi in f.order)):
            rs, p = state.rules, state.players[pi]
            turn = self._turn_value(tables(rs.components), use_values(rs), rs.lobby_ids, p, "CO")
            v -= self.w.turn * (0.3 + 0.7 * info.t) * turn
            v += self.plan.now * self.bottleneck(state, pi, 1.0)[0]
        return v

    def builds(self, state: State, pi: int, info: RoundInfo) -> float:
        """The value of seat ``pi``'s builds still possible."""
        t = info.t
        if t <= 0.0 or not self.plan.project:
            return 0.0
        rounds_left = state.rules.constants.rounds - state.flow.round + 1
        low, mid = self.bottleneck(state, pi, max(1.0, rounds_left * self._co_share(state)))
        plan = self.plan
        return (plan.project_end + (plan.project - plan.project_end) * t) * (low + plan.partial * (mid - low))

    def bottleneck(self, state: State, pi: int, turns: float) -> tuple[float, float]:
        """The narrowest and the next narrowest of: the discs waiting, the builds the goods (and
        money) pay for, the builders times ``turns`` Construction turns."""
        rs = state.rules
        C = rs.components
        p = state.players[pi]
        waiting = dear = 0
        for ptype, (revealed, done) in p.tabs.items():
            n = bisect_left(rs.project_spaces[ptype, p.tab_side], revealed) - done
            waiting += n
            if C.tabs[ptype].goods_cost > 1:
                dear += n
        if not waiting:
            return 0.0, 0.0
        goods = (p.goods + p.money / self.plan.money_per_goods) / (1.0 + dear / waiting)
        builders = _builders(C)
        staff = sum(len(taken) for cell, taken in p.standing.items() if p.cells.get(cell) in builders)
        low, mid, _ = sorted((float(waiting), goods, staff * turns))
        return low, mid

    def _co_share(self, state: State) -> float:
        """The share of the rounds left that are Construction rounds: the player's own half at
        ``co_share``, Andrew's half by the share of Construction among his cards not shown."""
        share = self.plan.co_share
        unseen = unseen_deck(state) if state.andrew is not None else None
        if unseen is None or not unseen.numbers:
            return share
        co = sum(1 for n in unseen.numbers if unseen.actions[n] == "CO") / len(unseen.numbers)
        return 0.5 * share + 0.5 * co


@lru_cache(maxsize=64)
def _plan_evaluator(weights: Weights, plan: Plan) -> PlanEvaluator:
    return PlanEvaluator(weights, plan)


def plan_evaluator(state: State, weights: WeightsSpec = None, **knobs: float) -> PlanEvaluator:
    """The planning evaluation for a game.

    Args:
        state: A position of the game.
        weights: Changes to the hand weights tuned for the game's mode (see :func:`~.hand.evaluator_for`).
        **knobs: Changes to :class:`Plan`'s knobs.

    Returns:
        The evaluation (one per set of weights and knobs, kept).
    """
    return _plan_evaluator(evaluator_for(state, weights).w, replace(Plan(), **knobs))

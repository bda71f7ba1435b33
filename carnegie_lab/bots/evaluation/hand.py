"""The hand evaluation: a position's value from hand-set (and tuned) weights, fast enough for every step.

:meth:`Evaluator.margin` is the deciding player's value minus ``opponents`` (0.5) times the best other
value (in solo: Andrew's score, with the VP his card of the round has reached so far, at weight
``solo_opponent``, 1.0). A player's value is

* their score if the game ended now (``Game.scores()`` totals: the connection search and the welfare
  payments are cached, and networkx is not called), plus
* what their resources are still worth, fading as the game ends (``t`` = share of the game left):
  money, goods, employees standing in departments (their future uses) or lying where a workstation is
  free, employees on missions (their transport income, if an income event of their region is still to
  come on the timeline, or now), the project income icons uncovered (paid at every income event),
  projects waiting on the tabs, steps on the transport tracks, built departments by what a use is
  worth, the best link of two major cities still to make (shrinking with every missing city), the
  reserved tile, and the turn still to come this round (the departments of the chosen type with
  somebody standing in them, for every player who has not played yet).

This encodes the simple plans: *keep income flowing* (a mission is worth its income only while an
income event of its region is ahead, and choosing a row is valued by the event and the departments
it sets going for everybody), *build toward connections* (the link bonus) and *donate when cheap*
(a donation is taken when the VP it scores now beat the money it costs). Moves and study points left
in a turn are worth a token, so that a department granting them is used; they are then spent only
where they raise the value.

The weights are :class:`~.weights.Weights`; :func:`evaluator_for` gives the set tuned for the game's mode.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import fields, replace
from functools import lru_cache

from ...core.components import PROJECT_TYPES, Reward
from ...core.state import Phase, Player, State
from ...rules.construction import discs
from ...rules.ruleset import Ruleset
from ...rules.scoring import discs_by_owner, player_total, totals
from .base import Evaluation
from .position import RoundInfo, Tables, andrew_card_vp, icons, path_bonus, round_info, tables
from .weights import Weights, WeightsSpec, tuned_weights

REWARD_KINDS = tuple(f.name for f in fields(Reward))


@lru_cache(maxsize=8)                           # by Ruleset, which never changes; looked up at every evaluation
def use_values(rs: Ruleset) -> dict[str, float]:
    """What a use of each department is worth, in VP-ish units.

    Used for a built tile, the turn still to come this round and the reserved tile (an ongoing department is
    worth its effect): the ``value`` its rules declare, else one derived from the rewards its ``params`` name
    (``money``, ``vp_per_project``...) valued early in the game.

    Args:
        rs: The rules.

    Returns:
        The value by department id (made once per Ruleset).
    """
    return {d: _use_value(rs, d) for d in rs.department_rules}


def _use_value(rs: Ruleset, dept_id: str) -> float:
    declared = rs.department_rules[dept_id].value
    if declared is not None:
        return declared
    params = rs.components.departments[dept_id].params
    amounts = {kind: sum(v for k, v in params.items() if k.split("_")[0] == kind and type(v) is int)
               for kind in REWARD_KINDS}
    return DEFAULT_EVALUATOR.reward_value(Reward(**amounts), 1.0)


class Evaluator(Evaluation):
    """The hand evaluation (see the module docstring): the greedy lookahead's and the playouts' by default.

    Args:
        weights: Its weights (default: the untuned :class:`~.weights.Weights`; :func:`evaluator_for` gives
            the tuned ones).
    """

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()

    def reward_value(self, reward: Reward, t: float) -> float:
        """What a reward is worth when ``t`` (the share of the game left) is still to play."""
        w = self.w
        return (reward.money * (w.money_end + (w.money - w.money_end) * t)
                + reward.goods * (w.goods_end + (w.goods - w.goods_end) * t)
                + reward.vp + reward.study * w.study * t + reward.employees * w.employee_income * t)

    def values(self, state: State) -> list[float]:
        """Each seat's value (then Andrew's score in solo)."""
        own = discs_by_owner(state)
        table = totals(state, own)
        if state.flow.phase == Phase.OVER:
            return [float(x) for x in table]
        info = round_info(state)
        out = [table[i] + self._potential(state, i, info, [city for city, _ in own[i]])
               for i in range(len(state.players))]
        if state.andrew is not None:
            out.append(table[-1] + andrew_card_vp(state))
        return out

    def value(self, state: State, pi: int) -> float:
        """One seat's value (cheaper than all of them)."""
        own = discs(state, pi)
        total = player_total(state, pi, own)
        if state.flow.phase == Phase.OVER:
            return float(total)
        return total + self._potential(state, pi, round_info(state), [city for city, _ in own])

    def opponents(self, state: State) -> float:
        """The weight of the best other value in a margin: ``opponents``, or ``solo_opponent`` against Andrew."""
        return self.w.opponents if state.andrew is None else self.w.solo_opponent

    # -- the parts ---------------------------------------------------------------------------
    def _potential(self, state: State, pi: int, info: RoundInfo, cities) -> float:
        w, t, f = self.w, info.t, state.flow
        rs = state.rules
        tab = tables(rs.components)
        lobby_ids, depts, values = rs.lobby_ids, tab.depts, use_values(rs)
        p: Player = state.players[pi]
        money_w = w.money_end + (w.money - w.money_end) * t
        goods_w = w.goods_end + (w.goods - w.goods_end) * t
        v = p.money * money_w + p.goods * goods_w

        # employees in the company
        cells, standing, lying = p.cells, p.standing, p.lying
        stand_v = w.standing * t
        ready_v = 0.4 + w.lying_ready * t
        idle_v = 0.15 + w.lying_idle * t
        built = 0.0
        wants: list[str] = []
        idle = 0
        for cell, dept_id in cells.items():
            if dept_id in lobby_ids:
                continue
            size, permanent, tile = depts[dept_id]
            taken = standing.get(cell, ())
            if taken:
                v += (len(taken) - sum(1 for i in taken if i in permanent)) * stand_v if permanent \
                    else len(taken) * stand_v
            free = size - len(taken)
            n = lying.get(cell, 0)
            if n:
                ready = n if n < free else free
                v += ready * ready_v
                idle += n - ready
            if free > n:
                wants.append(cell)
            if tile:
                built += values[dept_id]
        v += built * w.department * t
        for cell, n in lying.items():
            here = cells.get(cell)
            if here is None or here in lobby_ids:
                idle += n
                if wants:                     # a small pull towards the nearest free workstation
                    xy = tab.cell_xy
                    x, y = xy[cell]
                    dist = min(abs(x - xy[c][0]) + abs(y - xy[c][1]) for c in wants)
                    v -= 0.01 * dist * n
        v += idle * idle_v

        # missions and income
        icon_value = self.reward_value(icons(rs, p.tab_side, tuple(p.tabs[t][1] for t in PROJECT_TYPES)), t)
        current = f.phase == Phase.EVENT and f.income is not None and (
            (f.player == pi and f.income_open) or pi in f.order)
        back = w.mission_return * t
        for region, n in p.missions.items():
            if current and region == f.income:
                chance = 1.0
                v += icon_value                   # paid now if at least one comes home
            else:
                chance = info.events.get(region, 0.0)
                if chance > 1.0:
                    chance = 1.0
            if chance:
                income = tab.track_income[region][p.tracks[region]]
                v += chance * n * (self.reward_value(income, t) + back)
        v += icon_value * w.income_share * info.income_events

        # projects waiting on the tabs, transport tracks
        waiting = 0
        side = p.tab_side
        project_spaces = rs.project_spaces
        for ptype, (revealed, done) in p.tabs.items():
            waiting += bisect_left(project_spaces[ptype, side], revealed) - done
        v += (waiting * w.tab_disc + sum(p.tracks.values()) * w.track_step) * t

        # linking major cities
        if t > 0.05 and cities:
            bonus = path_bonus(rs.components, frozenset(cities), tuple(p.tracks[r] for r in tab.regions), w.path_decay)
            v += bonus * w.path * min(1.0, 2 * t)

        # the rest of this round: the turn to come, moves and study points to spend
        if f.chosen is not None and (f.phase == Phase.EVENT or (f.phase == Phase.TURN and pi in f.order)):
            v += w.turn * (0.3 + 0.7 * t) * self._turn_value(tab, values, lobby_ids, p, f.chosen)
        if f.player == pi and f.phase in _TOKEN_PHASES:
            v += (f.moves + f.study) * w.token

        if p.reserve is not None:
            v += values[p.reserve] * w.reserve * t
        return v

    @staticmethod
    def _turn_value(tab: Tables, values: dict[str, float], lobby_ids: frozenset[str], p: Player,
                    action_type: str) -> float:
        total = 0.0
        for cell, dept_id in p.cells.items():
            if dept_id in lobby_ids:
                continue
            if tab.dept_type[dept_id] == action_type and cell in p.standing:
                uses = 1 if dept_id in ("human_resources", "research", "advanced_design") else len(p.standing[cell])
                total += values[dept_id] * min(uses, 3)
        return total


_TOKEN_PHASES = frozenset((Phase.TURN, Phase.EVENT, Phase.SETUP))
#: the evaluation with the untuned default weights
DEFAULT_EVALUATOR = Evaluator()

def evaluator_for(state: State, weights: WeightsSpec = None) -> Evaluator:
    """The hand evaluation a bot uses in this game.

    Args:
        state: A position of the game (its mode: ``"solo"`` against Andrew, ``"duel"`` between players).
        weights: Changes to the weights tuned for that mode (a mapping of fields), or exactly these weights
            (a :class:`~.weights.Weights`); None: the tuned ones (:mod:`.weights`).

    Returns:
        The evaluation (one per set of weights, kept).
    """
    if isinstance(weights, Weights):
        return _evaluator_of(weights)
    mode = "solo" if state.andrew is not None else "duel"
    return _tuned_evaluator(mode, tuple(sorted((weights or {}).items())))


@lru_cache(maxsize=64)
def _evaluator_of(weights: Weights) -> Evaluator:
    return Evaluator(weights)


@lru_cache(maxsize=64)
def _tuned_evaluator(mode: str, changes: tuple[tuple[str, float], ...]) -> Evaluator:
    return _evaluator_of(replace(tuned_weights().get(mode, Weights()), **dict(changes)))

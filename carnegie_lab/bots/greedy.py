"""GreedyBot: one step of lookahead on a fast positional evaluation.

For each legal action the bot carries it out on a light copy of the state (without the forced steps
that follow it) and scores the result with :meth:`Evaluator.margin`: the deciding player's value minus
``opponents`` (0.5) times the best other value (in solo: Andrew's score, with the VP his card of
the round has reached so far, at weight ``solo_opponent``, 1.0). A player's value is

* their score if the game ended now (``Game.scores()`` totals, see :func:`score_totals`:
  the connection search and the welfare payments are cached, and networkx is not called), plus
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
(a donation is taken when the VP it scores now beat the money it costs).

Moves and study points left in a turn are worth a token, so that a department granting them is used;
they are then spent only where they raise the value. The lookahead stops at the bot's own next
decision: a multi-step turn is played one greedy step at a time. Playing the forced steps after each
candidate as well (``settle=True``) costs twice as much and plays worse (it wins about 1 game in 5
against the default), because the values of the players whose turn begins or ends jump.

Speed: a 2-player greedy game takes about 0.15 s. The copies leave the log behind (``base.light_copy``), and
other players' values are not computed again for actions that cannot change them (a verb whose
``Vocab`` is ``local``).
"""
from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import fields, replace
from functools import lru_cache
from typing import Sequence

from ..core.actions import Action
from ..core.components import PROJECT_TYPES, Reward
from ..core.state import Phase, Player, State
from ..engine import Game
from ..rules.construction import discs
from ..rules.ruleset import Ruleset
from ..rules.scoring import discs_by_owner, player_score, scores
from .base import HIDDEN, choices, deciding, decision_rng, light_copy, step, table_view
from .position import RoundInfo, Tables, andrew_card_vp, icons, path_bonus, round_info, tables
from .weights import Weights, WeightsSpec, check_weights, tuned_weights

REWARD_KINDS = tuple(f.name for f in fields(Reward))


def use_values(rs: Ruleset) -> dict[str, float]:
    """A use of each department, in VP-ish units (for a built tile, the turn still to come this round
    and the reserved tile; an ongoing department is worth its effect): the ``value`` its rules
    declare, else one derived from its effect, the rewards its ``params`` name (``money``,
    ``vp_per_project``...) valued early in the game."""
    return rs.memo("greedy.use_values", lambda: {d: _use_value(rs, d) for d in rs.department_rules})


def _use_value(rs: Ruleset, dept_id: str) -> float:
    declared = rs.department_rules[dept_id].value
    if declared is not None:
        return declared
    params = rs.components.departments[dept_id].params
    amounts = {kind: sum(v for k, v in params.items() if k.split("_")[0] == kind and type(v) is int)
               for kind in REWARD_KINDS}
    return DEFAULT_EVALUATOR.reward_value(Reward(**amounts), 1.0)


# -- the score if the game ended now -------------------------------------------------------------

def score_totals(state: State) -> list[int]:
    """Score totals if the game ended now, one per seat (then Andrew's in solo)."""
    return [s.total for s in scores(state)]


class Evaluator:
    """Position values for the greedy and rollout bots (see the module docstring)."""

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()

    def reward_value(self, reward: Reward, t: float) -> float:
        w = self.w
        return (reward.money * (w.money_end + (w.money - w.money_end) * t)
                + reward.goods * (w.goods_end + (w.goods - w.goods_end) * t)
                + reward.vp + reward.study * w.study * t + reward.employees * w.employee_income * t)

    def values(self, state: State) -> list[float]:
        """Each seat's value (then Andrew's score in solo)."""
        own = discs_by_owner(state)
        totals = [s.total for s in scores(state, own)]
        if state.flow.phase == Phase.OVER:
            return [float(x) for x in totals]
        info = round_info(state)
        out = [totals[i] + self._potential(state, i, info, [city for city, _ in own[i]])
               for i in range(len(state.players))]
        if state.andrew is not None:
            out.append(totals[-1] + andrew_card_vp(state))
        return out

    def value(self, state: State, pi: int) -> float:
        """One seat's value."""
        own = discs(state, pi)
        total = player_score(state, pi, own).total
        if state.flow.phase == Phase.OVER:
            return float(total)
        return total + self._potential(state, pi, round_info(state), [city for city, _ in own])

    def margin(self, state: State, pi: int, others: float | None = None) -> float:
        """The player's value minus ``opponents`` times the best other value (``others``: that best
        other value if the caller knows it)."""
        weight = self.w.opponents if state.andrew is None else self.w.solo_opponent
        if others is not None:
            return self.value(state, pi) - weight * others
        vals = self.values(state)
        mine = vals[pi]
        rest = vals[:pi] + vals[pi + 1:]
        return mine - weight * max(rest) if rest else mine

    def best_other(self, state: State, pi: int) -> float | None:
        vals = self.values(state)
        rest = vals[:pi] + vals[pi + 1:]
        return max(rest) if rest else None

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
    """The evaluation a bot uses in this state: the weights tuned for the game's mode (``"solo"``
    against Andrew, ``"duel"`` between players; see :mod:`.weights`) changed by ``weights`` (a
    mapping of fields), or exactly ``weights`` (a :class:`Weights`)."""
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

def prune(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions without near-duplicates: of the Strategic Planning builds of one tile, only the
    first empty space of each kind (its VP, and whether an employee lies there) is kept. They make
    up half of all the actions of a game and the evaluation tells the others apart only by a hair."""
    p = state.players[deciding(state)]
    cell_vp = tables(state.rules.components).cell_vp
    seen = set()
    out = []
    for action in actions:
        if action.verb == "sp":
            code, cell = action.args
            key = (code, cell_vp.get(cell), cell in p.lying)
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out


def greedy_choice(state: State, actions: Sequence[Action], rng: random.Random,
                  evaluator: Evaluator | None = None, settle: bool = False,
                  pruned: bool = True) -> tuple[Action, list[tuple[float, Action]]]:
    """The best action by one step of lookahead, ties broken at random; also (value, action) for
    each action evaluated: all of them, in order, with ``pruned=False``; else those :func:`prune`
    keeps. ``evaluator``: by default the tuned one (:func:`evaluator_for`).

    With ``settle=False`` the forced steps after an action (a lone ``done``) are not played on the
    copies: they rarely change the value and computing them costs as much as the rest."""
    pi = deciding(state)
    if evaluator is None:
        evaluator = evaluator_for(state)
    if pruned:
        actions = prune(state, actions)
    scored = []
    others = None                             # the best other value, unchanged by a local action
    solo = state.andrew is not None
    verbs = state.rules.verbs
    for action in actions:
        child = light_copy(state)
        if settle:
            step(child, action)
        else:
            verbs[action.verb].do(child, pi, action.args)
        # a local verb (its Vocab) changes nobody's value but the acting player's, without the forced
        # steps after it; nothing is local in solo, where Andrew's donations score the player's results
        if not settle and not solo and verbs[action.verb].vocab.local:
            if others is None:
                others = evaluator.best_other(state, pi)
            scored.append((evaluator.margin(child, pi, others), action))
        else:
            scored.append((evaluator.margin(child, pi), action))
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return (top[0] if len(top) == 1 else top[rng.randrange(len(top))]), scored


class GreedyBot:
    """One step of lookahead on :class:`Evaluator` (see the module docstring).

    ``choose`` is a pure function of the seed and the game: the seed only breaks ties. ``weights``:
    see :data:`WeightsSpec` (default: the tuned weights of the game's mode)."""

    name = "greedy"

    def __init__(self, seed: int = 0, weights: WeightsSpec = None, settle: bool = False, value: str = "hand"):
        if value not in ("hand", "learned"):
            raise ValueError(f"value must be 'hand' or 'learned', not {value!r}")
        self.seed = seed
        self.settle = settle
        self.weights = check_weights(weights)
        self.value = value

    def evaluator(self, state: State) -> Evaluator:
        """The evaluation it looks one step ahead on: the hand-weighted one, or the learned one
        (``value="learned"``, where the model has this player count)."""
        if self.value == "learned":
            from .learned import learned_evaluator  # the learned evaluation is built on this module
            found = learned_evaluator(state)
            if found is not None:
                return found                  # type: ignore[return-value]
        return evaluator_for(state, self.weights)

    def choose(self, game: Game) -> Action:
        actions = choices(game)
        if len(actions) == 1:
            return actions[0]
        action, _ = greedy_choice(table_view(game.state, decision_rng(self.seed, game, HIDDEN)), actions,
                                  decision_rng(self.seed, game), self.evaluator(game.state), self.settle)
        return action

    def ranking(self, game: Game) -> list[tuple[Action, float]]:
        """Every legal action with its evaluation, best first (for explanations)."""
        _, scored = greedy_choice(table_view(game.state, decision_rng(self.seed, game, HIDDEN)), game.legal_actions(),
                                  random.Random(0), evaluator_for(game.state, self.weights), self.settle, pruned=False)
        return [(a, v) for v, a in sorted(scored, key=lambda va: -va[0])]

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

"""RolloutBot: Monte-Carlo rollouts from each candidate action.

For every candidate action the bot plays ``rollouts`` continuations on copies of the state, every
player following the rollout ``policy`` (``"greedy"``: :class:`~.greedy.GreedyBot`'s one-step
lookahead, with a random action ``epsilon`` of the time; ``"random"``: the random bot's policy), and
scores each by the deciding player's final VP margin (their total minus the best other total, Andrew's
included in solo). With ``depth`` the rollouts stop after that many decisions and the greedy
evaluation estimates the margin. The action with the best mean margin wins (then the best win rate,
then the order of the legal actions).

By default only the strategic decisions are rolled out (:data:`DELIBERATE`: the setup choices and the
timeline row; ``kinds=None`` for all), the many small steps of a turn follow the greedy evaluation.
Budgets: ``rollouts`` per action, only for the ``top`` actions of greedy's ranking (None: all), and
optionally a ``time_limit`` in seconds per decision (which stops after the pass of one rollout per
action during which it runs out).

The random stream of every rollout is derived from the bot's seed, the game and the rollout's number,
so without a time limit ``choose`` is a pure function of the seed and the game; a time limit makes the
number of rollouts, and so possibly the choice, depend on the machine's speed.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Sequence

from ..core.actions import Action
from ..core.errors import CarnegieError
from ..core.state import State
from ..engine import Game
from .base import (
    HIDDEN,
    choices,
    deciding,
    decision_rng,
    legal,
    light_copy,
    margin_of,
    mix,
    resample_hidden,
    step,
    table_view,
)
from .evaluation import Evaluation, WeightsSpec, check_weights, evaluator_for, score_totals
from .greedy import greedy_choice
from .random_bot import pick
from .registry import register

POLICIES = ("greedy", "random")


@dataclass(frozen=True)
class Outcome:
    """One rollout: the deciding player's final (or estimated) VP margin, and whether they won."""
    margin: float
    won: bool
    final: bool                                # played to the end (not cut off by depth)


def play_out(state: State, pi: int, policy: str, rng: random.Random, depth: int | None = None,
             epsilon: float = 0.1, evaluator: Evaluation | None = None,
             actions: list[Action] | None = None) -> Outcome:
    """Continue the game on ``state`` (changed in place) with ``policy`` for every player until the
    end, or for ``depth`` decisions; returns player ``pi``'s outcome. ``actions`` are the state's
    legal actions if the caller has them."""
    if actions is None:
        actions = legal(state)
    if evaluator is None:
        evaluator = evaluator_for(state)
    played = 0
    while actions:
        if depth is not None and played >= depth:
            margin = margin_of(evaluator.values(state), pi)
            return Outcome(margin, margin >= 0, False)
        if len(actions) == 1:
            action = actions[0]
        elif policy == "random" or rng.random() < epsilon:
            action = pick(actions, rng)
        else:
            action, _ = greedy_choice(state, actions, rng, evaluator)
        actions = step(state, action)
        played += 1
    margin = margin_of(score_totals(state), pi)
    return Outcome(margin, margin >= 0, True)


@dataclass(frozen=True)
class ActionStats:
    """What the rollouts from one action gave."""
    action: Action
    rollouts: int
    mean_margin: float
    win_rate: float
    min_margin: float
    max_margin: float


def rollout_stats(state: State, actions: Sequence[Action], rollouts: int, seed: int, *,
                  policy: str = "greedy", depth: int | None = None, epsilon: float = 0.1,
                  time_limit: float | None = None, evaluator: Evaluation | None = None
                  ) -> list[ActionStats]:
    """Rollouts from each action of ``actions`` (legal in ``state``; the state is not changed), in
    passes of one rollout per action; in the order of ``actions``. Rollout ``r`` of action ``k`` uses the
    random stream ``mix(seed, k, r)``."""
    if policy not in POLICIES:
        raise CarnegieError(f"policy must be one of {POLICIES}, not {policy!r}")
    if rollouts < 1:
        raise CarnegieError(f"rollouts must be at least 1, not {rollouts}")
    pi = deciding(state)
    outcomes: list[list[Outcome]] = [[] for _ in actions]
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    for r in range(rollouts):
        for k, action in enumerate(actions):
            child = light_copy(state)
            rng = random.Random(mix(seed, k, r))
            resample_hidden(child, rng)               # what the table does not see, redrawn
            after = step(child, action)
            outcomes[k].append(play_out(child, pi, policy, rng, depth, epsilon, evaluator, after))
        if deadline is not None and time.perf_counter() >= deadline:
            break
    out = []
    for action, results in zip(actions, outcomes):
        margins = [o.margin for o in results]
        out.append(ActionStats(action, len(results), sum(margins) / len(margins),
                               sum(o.won for o in results) / len(results), min(margins), max(margins)))
    return out


#: The decisions the rollout bot thinks about by default: the strategic ones (the setup choices and
#: the timeline row, which sets everybody's event and departments). The many small steps of a turn
#: (moves, department uses, activations) follow the greedy evaluation.
DELIBERATE = ("house", "reserve", "choose")


@register
class RolloutBot:
    """Monte-Carlo rollouts from each candidate action (see the module docstring).

    The defaults are the *pilot method*: one greedy continuation per candidate (greedy rollouts with
    ``epsilon=0`` are deterministic but for ties, so more would repeat it), 40 decisions deep, for the
    four best candidates of the row choice and the setup; about 1-2 s per 2-player game. For noisier
    but broader estimates use ``epsilon > 0`` with several rollouts, or ``policy="random"``.

    Args:
        seed: The seed of the rollouts' random streams.
        rollouts: Rollouts per candidate.
        policy: The continuations, ``"greedy"`` or ``"random"``.
        top: Only the best ``top`` actions of greedy's ranking are tried (None: all).
        depth: Decisions per rollout before the evaluation takes over (None: to the end).
        time_limit: Seconds per decision.
        epsilon: The share of random moves in greedy rollouts.
        kinds: The decision kinds it rolls out (default :data:`DELIBERATE`; None: every decision); the
            others follow the greedy evaluation.
        weights: The hand evaluation's weights (:data:`~.evaluation.weights.WeightsSpec`; default: tuned).

    Raises:
        CarnegieError: An unknown ``policy``, fewer than one rollout or ``top``, or bad weights.
    """

    name = "rollout"

    def __init__(self, seed: int = 0, rollouts: int = 1, policy: str = "greedy", top: int | None = 4,
                 depth: int | None = 40, time_limit: float | None = None, epsilon: float = 0.0,
                 kinds: Sequence[str] | str | None = DELIBERATE, weights: WeightsSpec = None):
        if policy not in POLICIES:
            raise CarnegieError(f"policy must be one of {POLICIES}, not {policy!r}")
        if rollouts < 1:
            raise CarnegieError(f"rollouts must be at least 1, not {rollouts}")
        if top is not None and top < 1:
            raise CarnegieError(f"top must be at least 1 (or None for every action), not {top}")
        self.seed, self.rollouts, self.policy, self.top = seed, rollouts, policy, top
        self.depth, self.time_limit, self.epsilon = depth, time_limit, epsilon
        self.weights = check_weights(weights)
        if isinstance(kinds, str):
            kinds = None if kinds in ("all", "") else tuple(k for k in kinds.replace("+", ",").split(",") if k)
        self.kinds = None if kinds is None else frozenset(kinds)

    def candidates(self, game: Game) -> list[Action]:
        """The actions worth rolling out: greedy's ``top`` best (all when ``top`` is None)."""
        actions = game.legal_actions()
        if self.top is None or len(actions) <= self.top:
            return actions
        view = table_view(game.state, decision_rng(self.seed, game, HIDDEN))
        _, scored = greedy_choice(view, actions, random.Random(0), evaluator_for(game.state, self.weights))
        best = {a for _, a in sorted(scored, key=lambda va: -va[0])[:self.top]}
        return [a for a in actions if a in best]

    def analyse(self, game: Game) -> list[ActionStats]:
        """The rollout statistics of the candidate actions, best first."""
        candidates = self.candidates(game)
        seed = decision_rng(self.seed, game).getrandbits(63)
        stats = rollout_stats(game.state, candidates, self.rollouts, seed, policy=self.policy,
                              depth=self.depth, epsilon=self.epsilon, time_limit=self.time_limit,
                              evaluator=evaluator_for(game.state, self.weights))
        order = {a: i for i, a in enumerate(candidates)}
        return sorted(stats, key=lambda s: (-s.mean_margin, -s.win_rate, order[s.action]))

    def choose(self, game: Game) -> Action:
        actions = choices(game)
        if len(actions) == 1:
            return actions[0]
        if self.kinds is not None and game.decision.kind not in self.kinds:
            action, _ = greedy_choice(table_view(game.state, decision_rng(self.seed, game, HIDDEN)), actions,
                                      decision_rng(self.seed, game), evaluator_for(game.state, self.weights))
            return action
        return self.analyse(game)[0].action

    def __repr__(self) -> str:
        return (f"RolloutBot(seed={self.seed}, rollouts={self.rollouts}, policy={self.policy!r}, "
                f"top={self.top}, depth={self.depth})")

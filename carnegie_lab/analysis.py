"""Position analysis: what would a bot do here, and why.

``evaluate(game)`` rolls out every legal action of the current decision and reports, for each, the
expected final VP margin of the deciding player (their final total minus the best other total,
Andrew's included in solo) and their win rate in the rollouts, best first::

    import carnegie_lab as cl
    from carnegie_lab.analysis import evaluate

    game = cl.new_game(["Ada", "Bo"], seed=1)
    for row in evaluate(game, rollouts=4, policy="random"):
        print(row.action, f"{row.margin:+.1f} VP", f"{row.win_rate:.0%}")

Rollouts are played by every player with the chosen policy: ``"greedy"`` (the greedy bot, with a
random action ``epsilon`` of the time so that rollouts differ) or ``"random"`` (the random bot). Greedy
rollouts are the better estimate and cost about 100 times more; ``depth`` cuts them short and lets the
greedy evaluation estimate the rest. The same seed gives the same numbers.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import Action
from .bots.base import decision_rng
from .bots.greedy import DEFAULT_EVALUATOR, greedy_choice
from .bots.rollout import rollout_stats
from .engine import Game

__all__ = ["ActionValue", "evaluate"]


@dataclass(frozen=True)
class ActionValue:
    """One legal action of the current decision and what the rollouts from it gave."""
    action: Action
    margin: float              # mean final VP margin of the deciding player (estimated if cut by depth)
    win_rate: float            # share of rollouts the deciding player won (ties count as wins)
    rollouts: int
    min_margin: float
    max_margin: float
    heuristic: float           # the greedy evaluation right after the action (its margin, in VP)

    @property
    def notation(self) -> str:
        return str(self.action)

    def as_dict(self) -> dict:
        return {"action": str(self.action), "margin": self.margin, "win_rate": self.win_rate,
                "rollouts": self.rollouts, "min_margin": self.min_margin, "max_margin": self.max_margin,
                "heuristic": self.heuristic}


def evaluate(game: Game, rollouts: int = 8, seed: int = 0, policy: str = "greedy", *,
             depth: int | None = None, epsilon: float = 0.1, time_limit: float | None = None
             ) -> list[ActionValue]:
    """Every legal action of the current decision with its expected final VP margin and win rate from
    ``rollouts`` rollouts each (``policy`` ``"greedy"`` or ``"random"``), best first (highest mean
    margin, then win rate, then the order of ``game.legal_actions()``). The game is not changed.

    ``depth`` stops each rollout after that many decisions and estimates the margin with the greedy
    evaluation; ``time_limit`` (seconds) stops after the pass of one rollout per action during which it
    runs out (the result then depends on the machine's speed)."""
    actions = game.legal_actions()
    if not actions:
        raise ValueError("the game is over: there is no decision to evaluate")
    state = game.state
    stream = decision_rng(seed, game).getrandbits(63)
    stats = rollout_stats(state, actions, rollouts, stream, policy=policy, depth=depth, epsilon=epsilon,
                          time_limit=time_limit)
    _, scored = greedy_choice(state, actions, random.Random(0), DEFAULT_EVALUATOR, pruned=False)
    rows = [ActionValue(s.action, s.mean_margin, s.win_rate, s.rollouts, s.min_margin, s.max_margin, h)
            for s, (h, _) in zip(stats, scored)]
    order = {a: i for i, a in enumerate(actions)}
    return sorted(rows, key=lambda r: (-r.margin, -r.win_rate, order[r.action]))

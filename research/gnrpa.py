"""Guided nested rollout policy adaptation (GNRPA) on a solo deal whose draws are all known.

With Andrew's deck known a solo deal is a deterministic single-player puzzle: a game is the sequence of
the player's actions from the deal's start. NRPA (Rosin, IJCAI 2011) searches it with a playout policy,
one weight per *code* of an action, adapted at every level of a nested search towards the best sequence
found at that level; GNRPA (Cazenave, 2020) adds a bias from a heuristic to the weights, so the first
playouts already play decently. A playout's move probabilities at a position are

    softmax over the choices of  weight[code(action)] + bias(action) / tau

where the choices are the legal actions without the near-duplicates the bots prune (``greedy.prune``) and
the bias is greedy's one-step lookahead on an evaluation (``hand`` or ``plan``, minus the best choice's
value, so 0 for greedy's pick; ``none``: plain NRPA). ``memo`` is the hand bias at about a fifth of
the cost: greedy's lookahead runs at a decision where a choice's code has not been looked ahead yet,
and else with probability ``refresh``; the other decisions take each choice's bias as the mean of the
biases its code got in the lookaheads so far (a static prior by code, learnt from greedy as the search
goes). ``ranker`` is expert iteration's bias: the score of the ranker distilled from the oracle's games
(``carnegie_lab.bots.ranker``, a log-odds: ``tau`` 1 plays its own softmax) minus the best choice's, from
its lookahead on the hand evaluation; ``ranker-memo`` memoises it by code as ``memo`` does the hand bias.
The code of an action generalises across the positions of a deal: the stage of the game (the
setup and rounds 1-5, 6-10, 11-15, 16-20), the verb and its arguments, a company cell standing for
the department on it (``activate c1`` -> ``activate sales``), never the raw round and action. Level 0
is one playout; level ``l`` runs ``iterations[l-1]`` searches of level ``l-1``, each from a copy of its
policy, keeps the best sequence (ties: the later), and adapts its policy towards it with learning rate
``alpha``.
A game scores for the search by an objective of the totals (``OBJECTIVES``), less ``spend`` for each dollar
the player ends with beyond their welfare payments (:func:`money_left`; 0 by default).

The biases are cached by the position's path from the start (the choices taken), so the playouts of a
converging policy, which share long prefixes, look each position up once (up to ``CACHE_LIMIT`` positions).
Everything random comes from one seeded stream: a run is a pure function of the deal, the settings and the seed.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from carnegie_lab.bots.base import legal, light_copy, step
from carnegie_lab.bots.evaluation import Evaluation, evaluator_for, plan_evaluator, score_totals
from carnegie_lab.bots.greedy import greedy_choice, prune
from carnegie_lab.bots.ranker import ranker_choice, ranker_model
from carnegie_lab.core.actions import Action
from carnegie_lab.core.state import State
from carnegie_lab.rules.scoring import left_after_welfare

Code = tuple[str, ...]
Policy = dict[Code, float]


@dataclass(frozen=True)
class Bias:
    """How a bias values the choices of a decision: the evaluation its lookahead runs on (None: no bias),
    whether the value is the ranker's score (a log-odds) rather than greedy's (VP), and whether the
    lookaheads are memoised by code (the module docstring)."""
    evaluation: Callable[[State], Evaluation] | None
    ranker: bool = False
    memo: bool = False


BIASES: dict[str, Bias] = {
    "hand": Bias(evaluator_for), "plan": Bias(plan_evaluator), "none": Bias(None),
    "memo": Bias(evaluator_for, memo=True), "ranker": Bias(evaluator_for, ranker=True),
    "ranker-memo": Bias(evaluator_for, ranker=True, memo=True)}
#: what a finished game scores for the search, from (own VP, Andrew's VP)
OBJECTIVES: dict[str, Callable[[int, int], float]] = {
    "margin": lambda own, andrew: own - andrew,
    "own": lambda own, andrew: own,
    "own+margin": lambda own, andrew: 2 * own - andrew,
}
STAGE_ROUNDS = 5
CACHE_LIMIT = 200_000             # positions whose choices are kept; the cache starts over beyond it


@dataclass(frozen=True)
class Settings:
    """A run's knobs (see the module docstring). ``iterations``: at levels 1, 2, ... (its length is the level)."""
    iterations: tuple[int, ...] = (10, 6, 6)
    alpha: float = 1.0
    tau: float = 0.3
    bias: str = "hand"
    objective: str = "own+margin"
    refresh: float = 0.1          # the memo biases: the chance of a lookahead where every code is known
    spend: float = 0.0            # the objective's penalty a dollar of :func:`money_left` at the end

    @property
    def level(self) -> int:
        return len(self.iterations)


@dataclass
class Step:
    """A decision of a playout: the codes and biases of its choices and the index of the one taken."""
    codes: list[Code]
    biases: list[float]
    taken: int


@dataclass
class Result:
    """A whole game: its score for the search, the totals (own, Andrew), every action and its decisions."""
    score: float
    totals: tuple[int, int]
    actions: list[Action]
    steps: list[Step] = field(default_factory=list)


def code(state: State, action: Action) -> Code:
    """The action's code at this position: the game's stage, the verb, the arguments with a company cell
    replaced by the department on it (``-`` where none is)."""
    cells = state.players[state.flow.player or 0].cells
    args = tuple(cells.get(a, "-") if len(a) == 2 and a[0] in "abcd" and a[1] in "1234" else a for a in action.args)
    return (str(max(state.flow.round - 1, 0) // STAGE_ROUNDS), action.verb, *args)


def money_left(state: State) -> int:
    """The player's money at the game's end less what their welfare donations pay for VP (none where
    goods are sold to pay; the scoring's :func:`~carnegie_lab.rules.scoring.left_after_welfare`): the
    money no VP was bought with, which Andrew's welfare donations score."""
    return max(0, left_after_welfare(state, 0)[0])


def softmax(logits: Sequence[float]) -> list[float]:
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    z = sum(exps)
    return [e / z for e in exps]


def adapt(policy: Policy, steps: Sequence[Step], alpha: float) -> Policy:
    """NRPA's adaptation towards a sequence: at each decision the code taken gains ``alpha`` and every
    choice's code loses ``alpha`` times its probability under ``policy`` (with the biases); a new policy."""
    out = dict(policy)
    for s in steps:
        probs = softmax([policy.get(c, 0.0) + b for c, b in zip(s.codes, s.biases)])
        for c, p in zip(s.codes, probs):
            out[c] = out.get(c, 0.0) - alpha * p
        out[s.codes[s.taken]] = out.get(s.codes[s.taken], 0.0) + alpha
    return out


class Search:
    """GNRPA on one deal from ``start`` (a bare state at the player's first decision or before it)."""

    def __init__(self, start: State, settings: Settings, seed: int):
        if settings.bias not in BIASES or settings.objective not in OBJECTIVES or settings.level < 1 \
                or min(settings.iterations) < 1 or settings.tau <= 0 or not 0 <= settings.refresh <= 1 \
                or settings.spend < 0:
            raise ValueError(f"bad settings {settings}: bias one of {', '.join(BIASES)}, objective one of "
                             f"{', '.join(OBJECTIVES)}, iterations and tau positive, refresh from 0 to 1, "
                             "spend not negative")
        self.start = light_copy(start)
        self.settings = settings
        self.rng = random.Random(seed)
        bias = BIASES[settings.bias]
        self.evaluator = bias.evaluation(start) if bias.evaluation is not None else None
        self.model = ranker_model(start.rules) if bias.ranker else None
        if bias.ranker and self.model is None:
            raise ValueError(f"bias {settings.bias}: the package has no ranker model")
        self.objective = OBJECTIVES[settings.objective]
        self.cache: dict[int, tuple[list[Action], list[Code], list[float]]] = {}
        self.memo: dict[Code, tuple[float, int]] | None = {} if bias.memo else None
        self.playouts = 0
        self.lookaheads = 0

    def choices(self, state: State, actions: list[Action]) -> tuple[list[Action], list[Code], list[float]]:
        """The choices at a position, their codes and biases (greedy's values or the ranker's scores minus
        the best, over ``tau``)."""
        if self.evaluator is None:
            pruned = prune(state, actions)
            return pruned, [code(state, a) for a in pruned], [0.0] * len(pruned)
        self.lookaheads += 1
        if self.model is not None:
            _, scored = ranker_choice(state, actions, _TIES, self.evaluator, self.model)
        else:
            _, scored = greedy_choice(state, actions, _TIES, self.evaluator)
        options, values = [a for _, a in scored], [v for v, _ in scored]
        best = max(values)
        tau = self.settings.tau
        codes = [code(state, a) for a in options]
        if self.memo is not None:
            for c, v in zip(codes, values):
                total, n = self.memo.get(c, (0.0, 0))
                self.memo[c] = (total + v - best, n + 1)
        return options, codes, [(v - best) / tau for v in values]

    def memo_choices(self, state: State, actions: list[Action]) -> tuple[list[Action], list[Code], list[float]] | None:
        """The choices with the memo's biases (each code's mean), or None where a lookahead is due."""
        assert self.memo is not None
        pruned = prune(state, actions)
        codes = [code(state, a) for a in pruned]
        if any(c not in self.memo for c in codes) or self.rng.random() < self.settings.refresh:
            return None
        tau = self.settings.tau
        return pruned, codes, [self.memo[c][0] / self.memo[c][1] / tau for c in codes]

    def _result(self, state: State, actions: list[Action], steps: list[Step]) -> Result:
        own, andrew = score_totals(state)[:2]
        score = self.objective(own, andrew) - self.settings.spend * money_left(state)
        return Result(score, (own, andrew), actions, steps)

    def playout(self, policy: Policy) -> Result:
        """One game played by the policy with the biases."""
        self.playouts += 1
        state = light_copy(self.start)
        actions = legal(state)
        taken: list[Action] = []
        steps: list[Step] = []
        path = 0
        while actions:
            if len(actions) == 1:
                action = actions[0]
            else:
                found = self.cache.get(path)
                if found is None and self.memo is not None:
                    found = self.memo_choices(state, actions)
                if found is None:
                    if len(self.cache) >= CACHE_LIMIT:
                        self.cache.clear()
                    found = self.cache[path] = self.choices(state, actions)
                options, codes, biases = found
                probs = softmax([policy.get(c, 0.0) + b for c, b in zip(codes, biases)])
                k = _sample(probs, self.rng.random())
                steps.append(Step(codes, biases, k))
                action = options[k]
                path = hash((path, k))
            taken.append(action)
            actions = step(state, action)
        return self._result(state, taken, steps)

    def replay(self, texts: Sequence[str]) -> Result:
        """A given game (action texts, as recorded) as a result, its decisions coded as a playout's: a
        pruned near-duplicate counts as the choice of the same code."""
        state = light_copy(self.start)
        actions = legal(state)
        taken: list[Action] = []
        steps: list[Step] = []
        for text in texts:
            action = next((a for a in actions if str(a) == text), None)
            if action is None:
                raise ValueError(f"{text!r} is not legal after {len(taken)} actions")
            if len(actions) > 1:
                options, codes, biases = self.choices(state, actions)
                mine = code(state, action)
                k = next((i for i, a in enumerate(options) if a == action), None)
                steps.append(Step(codes, biases, codes.index(mine) if k is None else k))
            taken.append(action)
            actions = step(state, action)
        if actions:
            raise ValueError(f"the game is not over after its {len(texts)} actions")
        return self._result(state, taken, steps)

    def nested(self, level: int, policy: Policy, best: Result | None = None) -> Result:
        """The best game of a search of this level from ``policy`` (and ``best``, a game to start from)."""
        if level == 0:
            return self.playout(policy)
        if best is not None:
            policy = adapt(policy, best.steps, self.settings.alpha)
        for _ in range(self.settings.iterations[level - 1]):
            found = self.nested(level - 1, policy)
            if best is None or found.score >= best.score:
                best = found
            policy = adapt(policy, best.steps, self.settings.alpha)
        assert best is not None
        return best

    def run(self, seed_game: Sequence[str] | None = None) -> Result:
        """The best game found at the settings' level, from an empty policy (and the ``seed_game``'s
        actions as the top level's first best)."""
        return self.nested(self.settings.level, {}, None if seed_game is None else self.replay(seed_game))


_TIES = random.Random(0)          # greedy_choice and ranker_choice break ties with it; only their scores are used here


def _sample(probs: Sequence[float], u: float) -> int:
    acc = 0.0
    for k, p in enumerate(probs):
        acc += p
        if u < acc:
            return k
    return len(probs) - 1

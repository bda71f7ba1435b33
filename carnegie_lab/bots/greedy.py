"""GreedyBot: one step of lookahead on an evaluation of positions.

For each legal action the bot carries it out on a light copy of the state (without the forced steps
that follow it) and scores the result with the evaluation's margin (by default the hand evaluation,
:mod:`.evaluation.hand`, with the weights tuned for the game's mode). The lookahead stops at the bot's
own next decision: a multi-step turn is played one greedy step at a time. Playing the forced steps after
each candidate as well (``settle=True``) costs twice as much and plays worse (it wins about 1 game in 5
against the default), because the values of the players whose turn begins or ends jump.

Speed: a 2-player greedy game takes about 0.15 s. The copies leave the log behind (``base.light_copy``), and
other players' values are not computed again for actions that cannot change them (a verb whose
``Vocab`` is ``local``).
"""
from __future__ import annotations

import random
from typing import Iterator, Sequence

from ..core.actions import Action
from ..core.state import State
from ..engine import Game
from .base import HIDDEN, choices, deciding, decision_rng, light_copy, step, table_view
from .evaluation import Evaluation, check_value, evaluation, evaluator_for
from .evaluation.position import tables
from .evaluation.weights import WeightsSpec, check_weights
from .registry import register


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


def one_step(state: State, actions: Sequence[Action], evaluator: Evaluation, settle: bool = False
             ) -> Iterator[tuple[Action, State, float]]:
    """Each action carried out on a light copy of ``state``, with the copy and the evaluation's margin of it
    for the deciding seat: the one step of lookahead of greedy and of the ranker (:mod:`.ranker`).

    With ``settle=False`` the forced steps after an action (a lone ``done``) are not played on the
    copies: they rarely change the value and computing them costs as much as the rest."""
    pi = deciding(state)
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
            yield action, child, evaluator.margin(child, pi, others)
        else:
            yield action, child, evaluator.margin(child, pi)


def greedy_choice(state: State, actions: Sequence[Action], rng: random.Random,
                  evaluator: Evaluation | None = None, settle: bool = False,
                  pruned: bool = True) -> tuple[Action, list[tuple[float, Action]]]:
    """The best action by one step of lookahead (:func:`one_step`), ties broken at random; also (value,
    action) for each action evaluated: all of them, in order, with ``pruned=False``; else those :func:`prune`
    keeps. ``evaluator``: by default the hand one tuned for the game's mode (:func:`~.evaluation.evaluator_for`)."""
    if evaluator is None:
        evaluator = evaluator_for(state)
    if pruned:
        actions = prune(state, actions)
    scored = [(value, action) for action, _, value in one_step(state, actions, evaluator, settle)]
    return best_of(scored, rng), scored


def best_of(scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    """The action of the highest value among (value, action) pairs, ties broken by ``rng`` (drawn from only
    where there is a tie)."""
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


@register
class GreedyBot:
    """One step of lookahead on an evaluation (see the module docstring).

    ``choose`` is a pure function of the seed and the game: the seed only breaks ties.

    Args:
        seed: Breaks ties between equally valued actions.
        weights: The hand evaluation's weights (:data:`~.evaluation.weights.WeightsSpec`; default: those tuned
            for the game's mode).
        settle: Also play the forced steps after each action before evaluating it.
        value: The evaluation looked ahead on, a name of :data:`~.evaluation.EVALUATIONS` (``"learned"``
            falls back to the hand one where its model lacks the game's player count).

    Raises:
        CarnegieError: An unknown evaluation or bad weights.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, weights: WeightsSpec = None, settle: bool = False, value: str = "hand"):
        self.seed = seed
        self.settle = settle
        self.weights = check_weights(weights)
        self.value = check_value(value)

    def evaluator(self, state: State) -> Evaluation:
        """The evaluation it looks one step ahead on in this game."""
        return evaluation(self.value, state, self.weights)

    def choose(self, game: Game) -> Action:
        """The action of best margin after one step (ties broken by the seed)."""
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

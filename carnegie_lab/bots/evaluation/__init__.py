"""The bots' evaluations of positions, behind one interface (:class:`Evaluation`) and one table by name.

* ``hand`` (:mod:`.hand`): the score now plus what resources are still worth, from hand-set weights
  tuned by self-play (:mod:`.weights`); fast enough for every step of a playout.
* ``plan`` (:mod:`.plan`): the hand evaluation plus the builds a player can still make.
* ``learned`` (:mod:`.learned`): each seat's predicted final total, fitted to finished games, with a
  chance of winning.
* ``sibling`` (:mod:`.sibling`): the hand evaluation corrected to rank the candidates of one decision
  (solo only); its margins mean something only as differences.

:data:`EVALUATIONS` maps each name to its :class:`Entry`; :func:`evaluation` makes one for a game. The
greedy bot looks one step ahead on one (``greedy:value=...``), the search bot plays its playouts on one and
stops them on another (``search:policy=...:value=...``), ``analysis.evaluate`` (and so the review and the
hints) stops its playouts on one (``value=``). A new evaluation is one entry (docs/architecture.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...core.errors import CarnegieError
from ...core.state import State
from .base import Evaluation, score_totals
from .hand import DEFAULT_EVALUATOR, Evaluator, evaluator_for, use_values
from .learned import LearnedEvaluator, learned_evaluator
from .plan import PlanEvaluator, plan_evaluator
from .sibling import SiblingEvaluator, sibling_evaluator
from .weights import Weights, WeightsSpec, check_weights


@dataclass(frozen=True)
class Entry:
    """One evaluation of :data:`EVALUATIONS`.

    Attributes:
        make: The evaluation for a game (from one of its positions and a bot's weights, which it may
            ignore), or None where it has no model for the game's player count.
        absolute: Its margins mean something alone, not only as differences between the candidates of one
            decision (``analysis.evaluate`` reports only such margins).
    """
    make: Callable[[State, WeightsSpec], Evaluation | None]
    absolute: bool = True


#: the evaluations by name
EVALUATIONS: dict[str, Entry] = {
    "hand": Entry(evaluator_for),
    "plan": Entry(plan_evaluator),
    "learned": Entry(lambda state, weights: learned_evaluator(state)),
    "sibling": Entry(lambda state, weights: sibling_evaluator(state), absolute=False),
}


def check_value(name: str, absolute: bool = False) -> str:
    """A checked name of :data:`EVALUATIONS`.

    Args:
        name: The name.
        absolute: Accept only the evaluations whose margins mean something alone.

    Returns:
        ``name``.

    Raises:
        CarnegieError: An unknown name, or one refused, with the names to choose from.
    """
    names = [n for n, entry in EVALUATIONS.items() if entry.absolute or not absolute]
    if name in EVALUATIONS and name not in names:
        raise CarnegieError(f"value {name!r} only ranks the candidates of one decision, its margins mean nothing "
                            f"alone: value must be one of {', '.join(names)}")
    if name not in names:
        raise CarnegieError(f"value must be one of {', '.join(names)}, not {name!r}")
    return name


def evaluation(name: str, state: State, weights: WeightsSpec = None, otherwise: Evaluation | None = None) -> Evaluation:
    """The evaluation ``name`` for a game.

    Args:
        name: A name of :data:`EVALUATIONS`.
        state: A position of the game.
        weights: The hand evaluation's weights (:data:`~.weights.WeightsSpec`), for the evaluations built on it.
        otherwise: What to use where the evaluation has no model for the game's player count (default: the
            hand evaluation with ``weights``).

    Returns:
        The evaluation.

    Raises:
        CarnegieError: An unknown name.
    """
    found = EVALUATIONS[check_value(name)].make(state, weights)
    if found is not None:
        return found
    return otherwise if otherwise is not None else evaluator_for(state, weights)


__all__ = ["DEFAULT_EVALUATOR", "EVALUATIONS", "Entry", "Evaluation", "Evaluator", "LearnedEvaluator",
           "PlanEvaluator", "SiblingEvaluator", "Weights", "WeightsSpec", "check_value", "check_weights",
           "evaluation", "evaluator_for", "learned_evaluator", "plan_evaluator", "score_totals",
           "sibling_evaluator", "use_values"]

"""The sibling value: the hand evaluation corrected by the learned evaluation's features, fitted to the
differences between the candidates of one decision rather than to whole positions (``research/train_sibling.py``,
``carnegie_lab/data/sibling_model.json``, solo only): for the search's cutoff (``search:value=sibling``),
where only such differences count.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from ...core.errors import DataError
from ...core.state import Phase, State
from ...rules.scoring import discs_by_owner, scores
from .base import Evaluation
from .features import ANDREW_FEATURES, SEAT_FEATURES, andrew_features, seat_features
from .hand import evaluator_for
from .learned import LinearModel, _linear
from .position import round_info

#: the sibling value's model (:func:`sibling_evaluator`)
SIBLING_FILE = Path(__file__).resolve().parents[2] / "data" / "sibling_model.json"


class SiblingEvaluator(Evaluation):
    """The hand evaluation times ``hand`` plus a linear correction of each seat's value (and Andrew's),
    fitted to rank the candidates of one decision (``research/train_sibling.py``): only its differences
    between positions at the same point of a game mean anything.

    Args:
        hand: The weight of the hand evaluation.
        seat: The correction of a seat's value.
        andrew: The correction of Andrew's.
    """

    def __init__(self, hand: float, seat: LinearModel, andrew: LinearModel):
        self.hand, self.seat, self.andrew = hand, seat, andrew

    def values(self, state: State) -> list[float]:
        base = evaluator_for(state).values(state)
        if state.flow.phase == Phase.OVER:
            return base
        own = discs_by_owner(state)
        table = scores(state, own)
        info = round_info(state)
        out = [self.hand * base[i] + self.seat.predict(seat_features(state, i, table[i], info,
                                                                     [c for c, _ in own[i]]), info.t)
               for i in range(len(state.players))]
        if state.andrew is not None:
            out.append(self.hand * base[-1] + self.andrew.predict(andrew_features(state, table[-1]), info.t))
        return out


def load_sibling(path: Path = SIBLING_FILE) -> Mapping[int, SiblingEvaluator]:
    """The sibling values of a model file.

    Args:
        path: The file (default: the one shipped with the package).

    Returns:
        The evaluations by player count (none for a file that is not there).

    Raises:
        DataError: A file that is not such a model file.
    """
    if not Path(path).exists():
        return {}
    try:
        models = json.loads(Path(path).read_text())["models"]
        return {int(k): SiblingEvaluator(float(e["hand"]), _linear(e["seat"], SEAT_FEATURES, f"models.{k}.seat", path),
                                         _linear(e["andrew"], ANDREW_FEATURES, f"models.{k}.andrew", path))
                for k, e in models.items()}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DataError(str(path), "models", str(e)) from None


def sibling_evaluator(state: State) -> SiblingEvaluator | None:
    """The sibling value for a game.

    Args:
        state: A position of the game.

    Returns:
        The evaluation for its player count (solo only so far), or None.
    """
    return state.rules.memo("bots.sibling_values", load_sibling).get(len(state.players))

"""The learned evaluation: each seat's predicted final total from what the table sees.

A position's value for a seat is a linear function of its features (:mod:`.features`), each weighted
once as it is and once times ``t``, the share of the game still to play; Andrew's predicted final
total in a solo game is another such function of his features. A margin is then the deciding seat's
prediction less the best other one, in final VP: so the evaluation at any point of a playout
estimates the end of the game, and :meth:`LearnedEvaluator.win_chance` turns a predicted margin
into a chance of winning with the spread of the predictions at that round (normal errors).

The weights come from ``carnegie_lab/data/value_model.json``, one model per number of players,
fitted by ``research/train_value.py`` to positions of games played to the end (its log says how); the
Ruleset keeps them (:func:`value_models`, read once per Ruleset). A game whose player count has no
model is evaluated by the hand evaluation (:func:`carnegie_lab.bots.evaluation.evaluation`).

The *sibling value*, a correction of the hand evaluation for the search's cutoff, is in :mod:`.sibling`.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ...core.errors import DataError
from ...core.i18n import N_
from ...core.state import Phase, State
from ...rules.ruleset import Ruleset
from ...rules.scoring import discs_by_owner, scores
from .base import Evaluation
from .features import ANDREW_FEATURES, SEAT_FEATURES, andrew_features, seat_features
from .position import round_info

#: the model shipped with the package
MODEL_FILE = Path(__file__).resolve().parents[2] / "data" / "value_model.json"


@dataclass(frozen=True)
class LinearModel:
    """A linear prediction: ``bias + bias_t * t + sum(x * (w + wt * t))`` over the named features."""
    names: tuple[str, ...]
    w: tuple[float, ...]
    wt: tuple[float, ...]
    bias: float
    bias_t: float

    def predict(self, x: list[float], t: float) -> float:
        total = self.bias + self.bias_t * t
        for xi, a, b in zip(x, self.w, self.wt):
            if xi:
                total += xi * (a + b * t)
        return total


@dataclass(frozen=True)
class ValueModel:
    """The models of one player count.

    Attributes:
        players: The player count.
        seat: A seat's final total.
        andrew: Andrew's final total (solo), else None.
        spread: The spread of the margin's prediction error by round (index: the round, 0 for the setup).
    """
    players: int
    seat: LinearModel
    andrew: LinearModel | None
    spread: tuple[float, ...]


def _linear(entry: object, names: tuple[str, ...], where: str, path: Path) -> LinearModel:
    if not isinstance(entry, dict):
        raise DataError(str(path), where, N_("must be an object with names, w, wt, bias and bias_t"))
    try:
        model = LinearModel(tuple(entry["names"]), tuple(map(float, entry["w"])), tuple(map(float, entry["wt"])),
                            float(entry["bias"]), float(entry["bias_t"]))
    except (KeyError, TypeError, ValueError) as e:
        raise DataError(str(path), where, N_("bad or missing field: {problem}", problem=str(e))) from None
    if model.names != names or len(model.w) != len(names) or len(model.wt) != len(names):
        raise DataError(str(path), f"{where}.names",
                        N_("must be the features of carnegie_lab.bots.evaluation.features, in order"))
    return model


def load_value_models(path: Path = MODEL_FILE) -> Mapping[int, ValueModel]:
    """The models of a model file.

    Args:
        path: The file (default: the one shipped with the package).

    Returns:
        The models by player count (none for a file that is not there).

    Raises:
        DataError: A file that is not such a model file, naming the bad field.
    """
    if not Path(path).exists():
        return {}
    try:
        data = json.loads(Path(path).read_text())
        models = data["models"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DataError(str(path), "models", str(e)) from None
    out = {}
    for key, entry in models.items():
        players = int(key)
        andrew = _linear(entry["andrew"], ANDREW_FEATURES, f"models.{key}.andrew", path) if players == 1 else None
        spread = tuple(float(s) for s in entry["spread"])
        out[players] = ValueModel(players, _linear(entry["seat"], SEAT_FEATURES, f"models.{key}.seat", path),
                                  andrew, spread)
    return out


def value_models(rs: Ruleset) -> Mapping[int, ValueModel]:
    """The shipped models by player count, kept by the Ruleset (read once per Ruleset)."""
    return rs.memo("bots.value_models", load_value_models)


class LearnedEvaluator(Evaluation):
    """Each seat's predicted final total (then Andrew's): a margin is in final VP, the deciding seat's
    prediction less the best other one.

    Args:
        model: The models of the game's player count.
    """

    estimates_final = True

    def __init__(self, model: ValueModel):
        self.model = model

    def values(self, state: State) -> list[float]:
        own = discs_by_owner(state)
        table = scores(state, own)
        if state.flow.phase == Phase.OVER:
            return [float(s.total) for s in table]
        info = round_info(state)
        t, seat = info.t, self.model.seat
        out = [seat.predict(seat_features(state, i, table[i], info, [c for c, _ in own[i]]), t)
               for i in range(len(state.players))]
        if state.andrew is not None and self.model.andrew is not None:
            out.append(self.model.andrew.predict(andrew_features(state, table[-1]), t))
        return out

    def value(self, state: State, pi: int) -> float:
        """One seat's predicted final total."""
        own = discs_by_owner(state)
        score = scores(state, own)[pi]
        if state.flow.phase == Phase.OVER:
            return float(score.total)
        info = round_info(state)
        return self.model.seat.predict(seat_features(state, pi, score, info, [c for c, _ in own[pi]]), info.t)

    def win_chance(self, margin: float, round_: int) -> float:
        """The chance that a predicted margin at the start of round ``round_`` ends in a win (a tie
        counts as one): normal errors with the spread measured at that round."""
        spread = self.model.spread[min(max(round_, 0), len(self.model.spread) - 1)]
        if spread <= 0:
            return 1.0 if margin >= 0 else 0.0
        return 0.5 * (1.0 + math.erf((margin + 0.5) / (spread * math.sqrt(2.0))))


def learned_evaluator(state: State) -> LearnedEvaluator | None:
    """The learned evaluation for a game.

    Args:
        state: A position of the game.

    Returns:
        The evaluation for its player count, or None when the model file has none.
    """
    rs = state.rules
    players = len(state.players)
    model = value_models(rs).get(players)
    return None if model is None else rs.memo(("bots.learned_evaluator", players), lambda: LearnedEvaluator(model))

"""The ranker: a linear policy over (position, action) features, distilled from the oracle's best games.

At a decision every choice (the legal actions without near-duplicates, :func:`~.greedy.prune`) is carried
out on a light copy, as greedy does, and described by :func:`action_features`: greedy's one-step value
of it less the best choice's (VP, the hand evaluation), how it changes the deciding seat's table features
(:func:`~.evaluation.features.seat_features`: money, goods, income per coming event, projects waiting to
be built, tabs, departments...; each as it is and times ``t``, the share of the game left), its verb, and
for a row choice the row with the money held, the projects waiting and the income to come. A plan model
(its file names the plan features, ``research/train_ranker.py --plan``) also weighs what the seat's next
turns can do (:func:`plan_vector`: projects its goods pay for, goods lacking, money for a donation, income
its missions expect), the change of each and, for a row choice, some of them times the row. The ranker's
score of a choice is the dot product with its weights; :func:`ranker_choice` picks the best (ties at random).

Only what the table sees: the features read the seat's own position and the timeline, never Andrew's
hidden cards (the callers redraw them first, as greedy's do). The weights come from
``carnegie_lab/data/ranker_model.json``, fitted by ``research/train_ranker.py`` to the choices of the oracle
chain's games (docs/oracle-study.md, "Step 2"); the Ruleset keeps them (:func:`ranker_model`).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Sequence

from ..core.actions import Action
from ..core.components import ACTION_TYPES
from ..core.errors import DataError
from ..core.i18n import N_
from ..core.state import State
from ..rules.construction import discs
from ..rules.donations import price
from ..rules.research import discs_on_tab
from ..rules.ruleset import Ruleset
from ..rules.scoring import player_score
from .base import deciding
from .evaluation import Evaluation
from .evaluation.features import SEAT_FEATURES, seat_features
from .evaluation.position import round_info, tables
from .greedy import best_of, one_step, prune

#: the model shipped with the package
RANKER_FILE = Path(__file__).resolve().parents[1] / "data" / "ranker_model.json"
#: what a row choice is described by besides the row: each times the row's indicator
ROW_TERMS = ("money", "waiting", "income")
#: the money and income scale of the row terms (so that their weights are of the others' size)
SCALE = 10.0
#: a plan model's seat features besides the table's (:func:`plan_vector`): what its next turns can do
PLAN_FEATURES = ("build_ready", "goods_short", "donation_ready", "mission_money", "mission_goods")
#: a plan model's row terms besides :data:`ROW_TERMS`: the seat's plan features of these names
PLAN_ROW_TERMS = ("build_ready", "goods_short", "donation_ready")


def feature_names(verbs: Sequence[str], plan: bool = False) -> tuple[str, ...]:
    """The names of :func:`action_features`' numbers, for a ruleset's verbs (sorted); ``plan``: with the
    plan features (:data:`PLAN_FEATURES`, :data:`PLAN_ROW_TERMS`)."""
    seat = (*SEAT_FEATURES, *PLAN_FEATURES) if plan else SEAT_FEATURES
    terms = (*ROW_TERMS, *PLAN_ROW_TERMS) if plan else ROW_TERMS
    return ("greedy", *(f"d_{n}" for n in seat), *(f"dt_{n}" for n in seat),
            *(f"verb_{v}" for v in verbs), *(f"verbt_{v}" for v in verbs),
            *(f"row_{r}" for r in ACTION_TYPES), *(f"rowt_{r}" for r in ACTION_TYPES),
            *(f"row{term}_{r}" for term in terms for r in ACTION_TYPES))


def verbs_of(rs: Ruleset) -> tuple[str, ...]:
    """The ruleset's verbs, sorted: the order of the verb features."""
    return rs.memo("bots.ranker_verbs", lambda: tuple(sorted(rs.verbs)))


def seat_vector(state: State, pi: int, plan: bool = False) -> list[float]:
    """The seat's table features (:data:`~.evaluation.features.SEAT_FEATURES`) in ``state``, then with
    ``plan`` its :func:`plan_vector`."""
    own = discs(state, pi)
    seat = seat_features(state, pi, player_score(state, pi, own), round_info(state), [c for c, _ in own])
    return [*seat, *plan_vector(state, pi, seat)] if plan else seat


_AT = {n: i for i, n in enumerate((*SEAT_FEATURES, *PLAN_FEATURES))}


def plan_vector(state: State, pi: int, seat: Sequence[float]) -> list[float]:
    """What the seat's next turns can do (:data:`PLAN_FEATURES`), from the table alone: the projects its
    Construction employees could build now with the goods held (cheapest waiting projects first) and the
    goods they lack for it, the money held over the next donation's price (at most 2), and the transport
    income (money, goods) its missions away expect from the income events to come.

    Args:
        state: The position.
        pi: The seat.
        seat: Its table features (:func:`~.evaluation.features.seat_features`).
    """
    rs = state.rules
    p = state.players[pi]
    tabs = rs.components.tabs
    costs = sorted(tabs[ptype].goods_cost for ptype in p.tabs for _ in range(discs_on_tab(rs, p, ptype)))
    need = list(accumulate(costs[:int(seat[_AT["uses_CO"]])]))
    ready = sum(1 for n in need if n <= p.goods)
    events = round_info(state).events
    income = tables(rs.components).track_income
    money = goods = 0.0
    for region, n in p.missions.items():
        chance = n * min(1.0, events.get(region, 0.0))
        money += chance * income[region][p.tracks[region]].money
        goods += chance * income[region][p.tracks[region]].goods
    return [ready, max(0, (need[-1] if need else 0) - p.goods), min(2.0, p.money / price(state, pi)),
            money / SCALE, goods]


def row_terms(state: State, pi: int, before: Sequence[float], plan: bool = False) -> list[float]:
    """What a row choice is weighed with (:data:`ROW_TERMS`): the money held, the projects waiting and the
    income to come (money and goods), the first and the last over :data:`SCALE`; with ``plan``, then the
    seat's :data:`PLAN_ROW_TERMS` (``before`` has its plan features)."""
    terms = [state.players[pi].money / SCALE, before[_AT["waiting_cheap"]] + before[_AT["waiting_dear"]],
             (before[_AT["income_money"]] + before[_AT["income_goods"]]) / SCALE]
    return [*terms, *(before[_AT[n]] for n in PLAN_ROW_TERMS)] if plan else terms


def action_features(t: float, terms: Sequence[float], before: Sequence[float], after: Sequence[float],
                    action: Action, greedy: float, verbs: Sequence[str]) -> list[float]:
    """The features of one choice (see the module docstring; the names: :func:`feature_names`).

    Args:
        t: The share of the game left (:func:`~.evaluation.position.round_info`).
        terms: :func:`row_terms` of the position.
        before: The deciding seat's :func:`seat_vector` before the choice.
        after: Its :func:`seat_vector` once the choice is carried out.
        action: The choice.
        greedy: Greedy's value of the choice less the best choice's.
        verbs: :func:`verbs_of` the ruleset.
    """
    delta = [a - b for a, b in zip(after, before)]
    verb = [1.0 if action.verb == v else 0.0 for v in verbs]
    row = [1.0 if action.verb == "choose" and action.args[0] == r else 0.0 for r in ACTION_TYPES]
    return [greedy, *delta, *(d * t for d in delta), *verb, *(v * t for v in verb), *row, *(r * t for r in row),
            *(r * term for term in terms for r in row)]


def lookahead(state: State, actions: Sequence[Action], evaluator: Evaluation, plan: bool = False
              ) -> tuple[list[Action], list[list[float]]]:
    """The choices of a decision (near-duplicates pruned) and the features of each (greedy's step ahead,
    :func:`~.greedy.one_step`, on each); ``plan``: with the plan features (:func:`feature_names`)."""
    pi = deciding(state)
    choices = prune(state, actions)
    before = seat_vector(state, pi, plan)
    values, afters = [], []
    for _, child, value in one_step(state, choices, evaluator):
        values.append(value)
        afters.append(seat_vector(child, pi, plan))
    best, t, verbs = max(values), round_info(state).t, verbs_of(state.rules)
    terms = row_terms(state, pi, before, plan)
    return choices, [action_features(t, terms, before, after, a, v - best, verbs)
                     for a, v, after in zip(choices, values, afters)]


@dataclass(frozen=True)
class RankerModel:
    """A ranker's weights, one per feature name (:func:`feature_names`)."""
    names: tuple[str, ...]
    weights: tuple[float, ...]

    @property
    def plan(self) -> bool:
        """Whether it weighs the plan features (:func:`feature_names`)."""
        return f"d_{PLAN_FEATURES[0]}" in self.names

    def score(self, x: Sequence[float]) -> float:
        return sum(w * xi for w, xi in zip(self.weights, x) if xi)


def load_ranker(path: Path = RANKER_FILE, verbs: Sequence[str] | None = None) -> RankerModel | None:
    """The ranker of a model file.

    Args:
        path: The file (default: the one shipped with the package).
        verbs: The ruleset's verbs (:func:`verbs_of`), to check the file's feature names against.

    Returns:
        The model, or None for a file that is not there.

    Raises:
        DataError: A file that is not such a model file, naming the bad field.
    """
    if not Path(path).exists():
        return None
    try:
        data = json.loads(Path(path).read_text())
        model = RankerModel(tuple(data["names"]), tuple(float(w) for w in data["weights"]))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DataError(str(path), "names/weights", str(e)) from None
    if len(model.names) != len(model.weights):
        raise DataError(str(path), "weights", N_("bad or missing field: {problem}", problem="one number a name"))
    if verbs is not None and model.names != feature_names(verbs, model.plan):
        raise DataError(str(path), "names", N_("bad or missing field: {problem}",
                                               problem="not the features of carnegie_lab.bots.ranker, in order"))
    return model


def ranker_model(rs: Ruleset) -> RankerModel | None:
    """The shipped ranker, kept by the Ruleset (read once per Ruleset); None where there is no model file."""
    return rs.memo("bots.ranker_model", lambda: load_ranker(RANKER_FILE, verbs_of(rs)))


def ranker_choice(state: State, actions: Sequence[Action], rng: random.Random, evaluator: Evaluation,
                  model: RankerModel) -> tuple[Action, list[tuple[float, Action]]]:
    """The ranker's best action (ties broken by ``rng``) and (score, action) for every choice (greedy's
    signature, :func:`~.greedy.greedy_choice`)."""
    choices, features = lookahead(state, actions, evaluator, model.plan)
    scored = [(model.score(x), a) for x, a in zip(features, choices)]
    return best_of(scored, rng), scored

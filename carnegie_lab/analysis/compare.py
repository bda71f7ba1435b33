"""The analysis's comparison engine: the actions of one decision played out on the same seeds, their
statistics, and verdicts given only where the evidence supports them. ``evaluate`` (every action of a
decision, and so the app's hints) and ``review`` (the played action against the best) both use it.

**The screen** (:func:`screen`): the greedy evaluation right after every legal action, near-duplicates
set aside (the same build on equivalent spaces): cheap, no playout.

**Common random numbers** (:class:`Playouts`): playout ``r`` of every action uses the random stream
``mix(stream, r)`` (its redraw of Andrew's hidden cards and its tie breaks: ``bots.search.playout_of``), so
two actions' playouts ``r`` differ mostly by the actions, and the spread of their difference is small.

**Judging a decision** (:func:`judge`): a played action that the screen rates best (or tied with the
best) is *best* with no playout. Otherwise the played action and the screen's :data:`CHALLENGERS` best
other actions get a batch of playouts each, to the end of the game, on the same seeds; the leading
challenger goes on against the played action. The **loss** is the leader's mean final margin minus the
played action's, over their paired playouts, with a 95% t interval of the paired differences. Batches
are added while that interval straddles a grade's threshold (:data:`THRESHOLDS`), up to the budget's cap
of playouts an action (sequential: none added where the verdict is clear). The **grade**: *best* when the
played action leads; else the grade whose range holds the whole interval (*good* under 2 VP); *unclear*
when the interval still straddles a threshold at the cap.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import asdict, dataclass, replace
from statistics import NormalDist
from typing import Callable, Sequence

from ..bots.base import HIDDEN, decision_rng, table_view
from ..bots.evaluation import Evaluation, evaluator_for
from ..bots.greedy import greedy_choice, prune
from ..bots.search import playout_of
from ..core.actions import Action
from ..core.state import State
from ..engine import Game
from .words import playout_result

#: the grades, best to worst; *unclear*: the playouts could not tell which grade
GRADES = ("best", "good", "unclear", "inaccuracy", "mistake", "blunder")
UNCLEAR = "unclear"
#: the grades of a loss that the playouts support (the whole interval from a threshold on), least first:
#: their ranges do not overlap, so a worse one of them gave away more
LOSSES = GRADES[GRADES.index(UNCLEAR) + 1:]
#: the least loss (VP of expected final margin) of each grade worse than good
THRESHOLDS = {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}
#: share of random moves in the playouts (so that they differ)
DEFAULT_EPSILON = 0.03
#: the screen's best other actions played out against a played action that is not the screen's best
CHALLENGERS = 2
#: playouts an action gets in one batch of a review's comparison, and at most (the default budget)
BATCH = 8
DEFAULT_PLAYOUTS = 32
#: the fewest paired playouts a grade from playouts rests on: fewer can agree by chance (two equal
#: differences give an interval of width 0), so a smaller budget leaves the decision *unclear*
LEAST_PAIRED = BATCH
_Z = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class ActionValue:
    """One legal action of the current decision and what its playouts gave."""
    action: Action
    margin: float              # mean margin of the deciding player (final, or at the horizon); nan: no playout
    win_rate: float            # share of playouts they won (margin >= 0: ties count as wins); nan: no playout
    playouts: int
    margin_low: float          # 95% interval of the mean margin
    margin_high: float
    win_low: float             # 95% Wilson interval of the win rate
    win_high: float
    min_margin: float
    max_margin: float
    heuristic: float           # the greedy evaluation right after the action (its weighted margin)
    horizon: int | None        # the round at whose start the playouts stopped (None: the end of the game)
    finalist: bool             # still in the race when the budget ran out (see the halving)
    same_as: Action | None = None   # a near-duplicate: the action whose playouts these are
    estimated: bool = False    # the margin is the learned evaluation's estimate of the final one at the horizon

    @property
    def rollouts(self) -> int:
        """The number of playouts (the old name)."""
        return self.playouts

    @property
    def notation(self) -> str:
        return str(self.action)

    def as_dict(self) -> dict:
        """Plain JSON data (what no playout gave, a nan or an infinite bound, is None)."""
        out = {k: None if isinstance(v, float) and not math.isfinite(v) else v
               for k, v in asdict(self).items() if k not in ("action", "same_as")}
        return {"action": str(self.action), **out, "rollouts": self.playouts,
                "same_as": None if self.same_as is None else str(self.same_as)}

    def __str__(self) -> str:
        return f"{self.action}: {playout_result(self)}"


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (exact for 1 and 2, else the
    Cornish-Fisher expansion: within 0.003)."""
    if df == 1:
        return math.tan(math.pi * 0.475)
    if df == 2:
        return 0.95 / math.sqrt(2 * 0.975 * 0.025)
    z, v = _Z, float(df)
    return (z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3)
            + (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / (92160 * v ** 4))


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of ``wins`` in ``n`` trials ((0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = wins / n, _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def unplayed(action: Action, heuristic: float, horizon: int | None = None, estimated: bool = False) -> ActionValue:
    """The row of an action that got no playout: only the screen's value."""
    nan = math.nan
    return ActionValue(action, nan, nan, 0, -math.inf, math.inf, 0.0, 1.0, nan, nan, heuristic, horizon, False,
                       estimated=estimated)


def rows(actions: Sequence[Action], margins: Sequence[Sequence[float]], alive: Sequence[int],
         heuristic: dict[Action, float], horizon: int | None,
         win: Callable[[float], float], estimated: bool) -> list[ActionValue]:
    """The statistics of each played action (the spread pooled over them all); ``win``: a playout's
    margin -> its chance of a win; ``estimated``: the margins are estimates of the final one."""
    df = sum(len(m) - 1 for m in margins if m)
    ss = sum(sum((x - sum(m) / len(m)) ** 2 for x in m) for m in margins if m)
    spread = math.sqrt(ss / df) if df else math.inf
    t = t975(df) if df else math.inf
    out = []
    for k, (action, m) in enumerate(zip(actions, margins)):
        n = len(m)
        if not n:
            out.append(unplayed(action, heuristic[action], horizon, estimated))
            continue
        mean = sum(m) / n
        half = t * spread / math.sqrt(n) if spread else 0.0
        wins = sum(win(x) for x in m)
        low, high = wilson(wins, n)
        out.append(ActionValue(action, mean, wins / n, n, mean - half, mean + half, low, high, min(m), max(m),
                               heuristic[action], horizon, k in alive, estimated=estimated))
    return out


def apart(one: ActionValue, other: ActionValue) -> bool:
    """The playouts tell the two actions apart: both played out, their margins' 95% intervals disjoint."""
    return bool(one.playouts and other.playouts) and (one.margin_low > other.margin_high
                                                      or other.margin_low > one.margin_high)


def final_win(margin: float) -> float:
    """A final margin's win: from 0 on (ties count as wins)."""
    return 1.0 if margin >= 0 else 0.0


def screen(game: Game) -> tuple[dict[Action, float], list[Action]]:
    """The screen of the current decision: the greedy evaluation right after every legal action (on what
    the table sees, Andrew's hidden cards redrawn from the public game alone, so that the screen is the
    same for every seed), and the actions without near-duplicates, best first (ties in the order of
    ``game.legal_actions()``)."""
    actions = game.legal_actions()
    state = game.state
    _, scored = greedy_choice(table_view(state, decision_rng(0, game, HIDDEN)), actions, random.Random(0),
                              pruned=False)
    heuristic = {a: v for v, a in scored}
    position = {a: i for i, a in enumerate(actions)}
    return heuristic, sorted(prune(state, actions), key=lambda a: (-heuristic[a], position[a]))


def twin(state: State, kept: Sequence[Action], action: Action) -> Action:
    """The action of ``kept`` (the screen's) that ``action`` repeats (itself if it is kept)."""
    return action if action in kept else next(k for k in kept if prune(state, [k, action]) == [k])


class Playouts:
    """The playouts of some actions of one decision, on common random numbers (see the module): playout
    ``r`` of every action uses the stream ``mix(stream, r)``; ``rounds`` on (None: to the end), where
    ``value`` estimates the margin."""

    def __init__(self, state: State, stream: int, rounds: int | None = None, epsilon: float = DEFAULT_EPSILON,
                 value: Evaluation | None = None):
        self.state, self.stream, self.epsilon, self.value = state, stream, epsilon, value
        self.stop = None if rounds is None else state.flow.round + rounds
        self.evaluator = evaluator_for(state)
        self.margins: dict[Action, list[float]] = {}

    def extend(self, action: Action, n: int) -> list[float]:
        """The margins of ``action``'s playouts 0 to n - 1 (those not played yet are played now)."""
        m = self.margins.setdefault(action, [])
        while len(m) < n:
            m.append(playout_of(self.state, action, self.stream, len(m), self.stop, self.epsilon, self.evaluator,
                                self.value))
        return m


def paired(base: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """The mean of ``other[r] - base[r]`` over their common playouts and the half-width of its 95% t
    interval (inf under two playouts)."""
    diffs = [b - a for a, b in zip(base, other)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, t975(n - 1) * spread / math.sqrt(n)


def grade_of(loss: float, low: float, high: float) -> str:
    """The grade of a mean ``loss`` (VP) whose 95% interval is [low, high]: *unclear* when the interval
    straddles a threshold; else *best* for a loss of 0 or less, or the grade whose range holds it."""
    if any(low < least <= high for least in THRESHOLDS.values()):
        return UNCLEAR
    if loss <= 0:
        return "best"
    return next((name for name, least in reversed(THRESHOLDS.items()) if low >= least), "good")


@dataclass(frozen=True)
class Verdict:
    """A decision judged: the played action and the best one found (the same when the played one is
    best), the loss (VP, 0 or more), its 95% interval, the paired playouts and the grade."""
    played: ActionValue
    best: ActionValue
    loss: float
    low: float
    high: float
    playouts: int
    grade: str


def costlier(one: Verdict, other: Verdict) -> bool:
    """The playouts say that ``one`` gave away more than ``other``: both are graded a loss
    (:data:`LOSSES`), ``one``'s grade is worse, or it is the same and ``one``'s interval lies wholly above
    the other's. Neither is costlier than the other where the evidence cannot order them (a tie)."""
    if one.grade not in LOSSES or other.grade not in LOSSES:
        return False
    mine, theirs = LOSSES.index(one.grade), LOSSES.index(other.grade)
    return mine > theirs or mine == theirs and one.low > other.high


def judge(game: Game, played: Action, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS,
          think: float | None = None) -> Verdict:
    """The current decision of ``game``, where ``played`` was played, judged (see the module): at most
    ``playouts`` playouts an action, and no new batch after ``think`` seconds (None: no time limit)."""
    start = time.perf_counter()
    state = game.state
    heuristic, kept = screen(game)
    mine = twin(state, kept, played)
    if heuristic[mine] >= heuristic[kept[0]]:
        row = unplayed(played, heuristic[played])
        return Verdict(row, row, 0.0, 0.0, 0.0, 0, "best")
    plays = Playouts(state, decision_rng(seed, game).getrandbits(63))
    batch = min(BATCH, playouts)
    challengers = [a for a in kept if a != mine][:CHALLENGERS]
    for action in (mine, *challengers):
        plays.extend(action, batch)
    best = max(challengers, key=lambda a: sum(plays.margins[a]))      # ties: the screen's order
    n = batch
    while True:
        loss, half = paired(plays.margins[mine], plays.margins[best])
        verdict = grade_of(loss, loss - half, loss + half) if n >= LEAST_PAIRED else UNCLEAR
        if verdict != UNCLEAR or n >= playouts or think is not None and time.perf_counter() - start > think:
            break
        n = min(playouts, n + batch)
        plays.extend(mine, n)
        plays.extend(best, n)
    pair = [mine] if loss <= 0 else [mine, best]
    values = rows(pair, [plays.margins[a] for a in pair], range(len(pair)), heuristic, None, final_win, False)
    mine_row = replace(values[0], action=played, heuristic=heuristic[played], same_as=None if mine == played else mine)
    return Verdict(mine_row, values[-1] if loss > 0 else mine_row, max(0.0, loss), loss - half, loss + half, n,
                   verdict)

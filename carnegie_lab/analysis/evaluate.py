"""``evaluate``: every legal action of the decision played out, with 95% intervals.

How ``evaluate`` plays: a playout carries the action out and lets every player follow the greedy
bot's policy, with a random action ``epsilon`` (3%) of the time so that playouts differ; Andrew's
hidden cards are redrawn for every playout (``carnegie_lab.bots.search``). The actions are tried in
the greedy bot's order, one playout each, then the playouts go to the better half, and so on
(sequential halving, down to ``keep`` actions), within ``think`` seconds (default 2) or ``playouts``
playouts in all (deterministic: the same seed gives the same numbers). With a short budget and many
actions, the last ones of greedy's order may get no playout (``playouts == 0``, margin nan).

How far: ``rounds="auto"`` (the default) plays **to the end of the game** when the budget affords two
playouts of every action (then the margin and the win rate are real final results), else two
rounds on. Where a playout stops early, the learned evaluation (``value="learned"``, the default:
:mod:`carnegie_lab.bots.evaluation.learned`) estimates the final margin from the position there, and the
win rate is the mean chance of winning that the spread of its estimates at that round gives (so the
numbers always speak of the end of the game: ``estimated`` says they are estimates);
``value="hand"`` (or another evaluation of ``bots.evaluation.EVALUATIONS`` whose margins mean something
alone: ``"plan"``) takes that evaluation's margin at the horizon instead, and the share of playouts ahead
there (``horizon`` says which round). ``"sibling"`` is refused: its margins only rank the candidates of
one decision. A game whose player count the model does not cover falls back to the hand evaluation.

Intervals: the margin's is a t interval on the playouts' mean with the spread pooled over all actions
(so even one playout gets one; a rough guide when the halving picked the action); the win rate's is a
Wilson interval. Near-duplicate actions (the same build on equivalent spaces) share one row's numbers
(``same_as`` names the action that was played out).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import asdict, dataclass, replace
from statistics import NormalDist
from typing import Callable, Sequence

from ..bots.base import HIDDEN, decision_rng, table_view
from ..bots.evaluation import check_value, evaluation
from ..bots.greedy import greedy_choice, prune
from ..bots.search import search
from ..core.actions import Action
from ..core.errors import CarnegieError, GameOverError
from ..core.state import State
from ..engine import Game
from .words import playout_result

#: seconds of thinking when no playout count is given
DEFAULT_THINK = 2.0
#: the least time left to the playouts (seconds)
MIN_THINK = 0.01
#: seconds of a ``think`` budget kept for what follows the playouts (the rows, their order)
FINISH = 0.02
#: share of random moves in the playouts (so that they differ)
DEFAULT_EPSILON = 0.03
#: actions never dropped by the halving
DEFAULT_KEEP = 3
#: the automatic horizon: to the end if every action can be played out so many times ...
AUTO_END = 2
#: ... else so many rounds on
AUTO_ROUNDS = 2
#: decisions a player makes in a round, about (to read the old ``depth`` in rounds)
DECISIONS_PER_ROUND = 4
POLICIES = ("greedy", "random")
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


def _t975(df: int) -> float:
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


def _rows(actions: Sequence[Action], margins: Sequence[Sequence[float]], alive: Sequence[int],
          heuristic: dict[Action, float], horizon: int | None,
          win: Callable[[float], float], estimated: bool) -> list[ActionValue]:
    """The statistics of each played action (the spread pooled over them all); ``win``: a playout's
    margin -> its chance of a win; ``estimated``: the margins are estimates of the final one."""
    df = sum(len(m) - 1 for m in margins if m)
    ss = sum(sum((x - sum(m) / len(m)) ** 2 for x in m) for m in margins if m)
    spread = math.sqrt(ss / df) if df else math.inf
    t = _t975(df) if df else math.inf
    out = []
    for k, (action, m) in enumerate(zip(actions, margins)):
        n = len(m)
        if not n:
            nan = math.nan
            out.append(ActionValue(action, nan, nan, 0, -math.inf, math.inf, 0.0, 1.0, nan, nan,
                                   heuristic[action], horizon, False, estimated=estimated))
            continue
        mean = sum(m) / n
        half = t * spread / math.sqrt(n) if spread else 0.0
        wins = sum(win(x) for x in m)
        low, high = wilson(wins, n)
        out.append(ActionValue(action, mean, wins / n, n, mean - half, mean + half, low, high, min(m), max(m),
                               heuristic[action], horizon, k in alive, estimated=estimated))
    return out


def _horizon(state: State, kept: Sequence[Action], stream: int, playouts: int | None, think: float,
             epsilon: float) -> int | None:
    """The automatic horizon: the end of the game (None) if the budget plays every action to the end
    :data:`AUTO_END` times, else :data:`AUTO_ROUNDS` rounds. A playout count decides by itself; a
    ``think`` budget (seconds left) is judged by timing one playout to the end (of greedy's first
    action: it is played again if the end is chosen)."""
    need = AUTO_END * len(kept)
    if playouts is not None:
        return None if playouts >= need else AUTO_ROUNDS
    clock = time.perf_counter()
    search(state, kept[:1], stream, playouts=1, rounds=None, epsilon=epsilon)
    cost = time.perf_counter() - clock
    return None if think >= (need + 1) * cost else AUTO_ROUNDS


def evaluate(game: Game, think: float | None = None, *, playouts: int | None = None, seed: int = 0,
             rounds: int | None | str = "auto", epsilon: float = DEFAULT_EPSILON, keep: int = DEFAULT_KEEP,
             policy: str = "greedy", rollouts: int | None = None, depth: int | None = None,
             time_limit: float | None = None, value: str = "learned") -> list[ActionValue]:
    """Every legal action of the current decision with the expected final margin and win rate of the
    deciding player from playouts (see the module docstring), best first: the actions still in the
    race when the budget ran out (``finalist``), then those the halving dropped, each group by mean
    margin, then win rate, then the order of ``game.legal_actions()``; the unplayed ones last, in the
    greedy bot's order. The game is not changed.

    Budget: ``think`` seconds (default 2 when no playout count is given; the numbers then depend on
    the machine's speed) and/or ``playouts`` playouts in all. ``rounds``: stop the playouts at the
    start of the round so many rounds on and take the greedy evaluation's margin there; None: play to
    the end; ``"auto"`` (the default): to the end if the budget affords :data:`AUTO_END` playouts of
    every action, else :data:`AUTO_ROUNDS` rounds. ``epsilon``: share of random moves in the
    playouts; ``keep``: actions never dropped by the halving; ``seed``: the same seed and game give
    the same numbers (with ``playouts``).

    The old arguments still work: ``rollouts`` playouts for every action (no halving; to the end
    unless ``rounds`` or ``depth`` says otherwise), ``policy`` ``"random"`` (random playouts:
    ``epsilon=1``), ``depth`` decisions per playout (read as rounds of about
    :data:`DECISIONS_PER_ROUND` decisions a player), ``time_limit`` (``think``)."""
    start = time.perf_counter()
    actions = game.legal_actions()
    if not actions:
        raise GameOverError("the game is over: there is no decision to evaluate")
    if policy not in POLICIES:
        raise CarnegieError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if isinstance(rounds, str) and rounds != "auto":
        raise CarnegieError(f"rounds must be a number of rounds, None (to the end) or 'auto', not {rounds!r}")
    for name, count in (("playouts", playouts), ("rollouts", rollouts), ("depth", depth), ("keep", keep),
                        ("rounds", None if isinstance(rounds, str) else rounds)):
        if count is not None and count < 1:
            raise CarnegieError(f"{name} must be at least 1, not {count}")
    if not 0.0 <= epsilon <= 1.0:
        raise CarnegieError(f"epsilon must be a probability, not {epsilon!r}")
    check_value(value, absolute=True)
    think = time_limit if think is None else think
    if think is not None and think <= 0:
        raise CarnegieError(f"think must be a positive number of seconds, not {think}")
    if policy == "random":
        epsilon = 1.0
    if depth is not None:
        rounds = max(1, round(depth / (DECISIONS_PER_ROUND * len(game.players))))
    state = game.state
    _, scored = greedy_choice(table_view(state, decision_rng(seed, game, HIDDEN)), actions, random.Random(0),
                              pruned=False)
    heuristic = {a: v for v, a in scored}
    position = {a: i for i, a in enumerate(actions)}
    kept = sorted(prune(state, actions), key=lambda a: (-heuristic[a], position[a]))
    if rollouts is not None:
        playouts, keep = rollouts * len(kept), len(kept)
        rounds = None if rounds == "auto" else rounds
    if playouts is None and think is None:
        think = DEFAULT_THINK
    stream = decision_rng(seed, game).getrandbits(63)        # the seed and the public game only
    budget = think

    def left() -> float | None:               # the time already spent counts
        return None if budget is None else max(MIN_THINK, budget - FINISH - (time.perf_counter() - start))
    if isinstance(rounds, str):
        rounds = _horizon(state, kept, stream, playouts, left() or 0.0, epsilon)
    think = left()
    cutoff = evaluation(value, state)
    margins, alive = search(state, kept, stream, playouts=playouts, think=think, rounds=rounds, epsilon=epsilon,
                            keep=keep, repeat=True, value=cutoff)
    stop = None if rounds is None else game.round + rounds
    horizon = None if stop is None or stop > game.rules.constants.rounds else stop

    def win(margin: float) -> float:       # a final margin wins from 0 on; an estimated one with its spread
        chance = None if horizon is None else cutoff.win_chance(margin, horizon)
        return (1.0 if margin >= 0 else 0.0) if chance is None else chance
    estimated = horizon is not None and cutoff.estimates_final
    rows = {r.action: r for r in _rows(kept, margins, alive, heuristic, horizon, win, estimated)}
    for action in actions:                    # the near-duplicates: the row of the action they repeat
        if action not in rows:
            twin = next(k for k in kept if prune(state, [k, action]) == [k])
            rows[action] = replace(rows[twin], action=action, heuristic=heuristic[action], same_as=twin)

    def order(r: ActionValue) -> tuple:   # the finalists, then the dropped, then the unplayed
        if r.playouts:
            return (0 if r.finalist else 1, -r.margin, -r.win_rate, position[r.action])
        return (2, -r.heuristic, 0.0, position[r.action])
    return sorted(rows.values(), key=order)

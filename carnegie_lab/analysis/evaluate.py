"""``evaluate``: every legal action of the decision played out, with 95% intervals.

How ``evaluate`` plays: a playout carries the action out and lets every player follow the greedy
bot's policy, with a random action ``epsilon`` (3%) of the time so that playouts differ; Andrew's
hidden cards are redrawn for every playout (``carnegie_lab.bots.search``), the same way for playout ``r``
of every action (common random numbers: :mod:`.compare`, the engine the review shares). ``playouts=N``:
N playouts of **every** action (deterministic: the same seed gives the same numbers; with ``think`` too,
no pass of one playout each starts after the time, and each row says how many it got). ``think``
seconds alone (default 2): the actions are tried in the greedy bot's order, one playout each, then the
playouts go to the better half, and so on (sequential halving, down to ``keep`` actions); with a short
budget and many actions, the last ones of greedy's order may get no playout (``playouts == 0``, margin nan).

How far: ``rounds="auto"`` (the default) plays **to the end of the game** when the budget affords
:data:`AUTO_END` playouts of every action (then the margin and the win rate are real final results), else two
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

import time
from dataclasses import replace
from typing import Iterator, Sequence

from ..bots.base import decision_rng
from ..bots.evaluation import check_value, evaluation
from ..bots.search import search
from ..core.actions import Action
from ..core.errors import CarnegieError, GameOverError
from ..core.state import State
from ..engine import Game
from .compare import DEFAULT_EPSILON, ActionValue, Playouts, final_win, rows, screen, twin

#: seconds of thinking when no playout count is given
DEFAULT_THINK = 2.0
#: the least time left to the playouts (seconds)
MIN_THINK = 0.01
#: seconds of a ``think`` budget kept for what follows the playouts (the rows, their order)
FINISH = 0.02
#: actions never dropped by the halving
DEFAULT_KEEP = 3
#: the automatic horizon: to the end if every action can be played out so many times ...
AUTO_END = 2
#: ... else so many rounds on
AUTO_ROUNDS = 2
#: decisions a player makes in a round, about (to read the old ``depth`` in rounds)
DECISIONS_PER_ROUND = 4
POLICIES = ("greedy", "random")


def _horizon(state: State, kept: Sequence[Action], stream: int, playouts: int | None, think: float,
             epsilon: float) -> int | None:
    """The automatic horizon: the end of the game (None) if the budget plays every action to the end
    :data:`AUTO_END` times, else :data:`AUTO_ROUNDS` rounds. A playout count (an action's) decides by
    itself; a ``think`` budget (seconds left) is judged by timing one playout to the end (of greedy's
    first action: it is played again if the end is chosen)."""
    if playouts is not None:
        return None if playouts >= AUTO_END else AUTO_ROUNDS
    clock = time.perf_counter()
    search(state, kept[:1], stream, playouts=1, rounds=None, epsilon=epsilon)
    cost = time.perf_counter() - clock
    return None if think >= (AUTO_END * len(kept) + 1) * cost else AUTO_ROUNDS


def _every(state: State, kept: Sequence[Action], stream: int, playouts: int, deadline: float | None,
           rounds: int | None, epsilon: float, value) -> list[list[float]]:
    """``playouts`` playouts of every action on common random numbers (:class:`~.compare.Playouts`), in
    passes of one playout each; no pass is started after ``deadline`` (a ``perf_counter`` time)."""
    plays = Playouts(state, stream, rounds, epsilon, value)
    for n in range(1, playouts + 1):
        if deadline is not None and time.perf_counter() > deadline:
            break
        for action in kept:
            plays.extend(action, n)
    return [plays.margins.get(action, []) for action in kept]


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
    the machine's speed) and/or ``playouts`` playouts of every action. ``rounds``: stop the playouts at the
    start of the round so many rounds on and take the greedy evaluation's margin there; None: play to
    the end; ``"auto"`` (the default): to the end if the budget affords :data:`AUTO_END` playouts of
    every action, else :data:`AUTO_ROUNDS` rounds. ``epsilon``: share of random moves in the
    playouts; ``keep``: actions never dropped by the halving; ``seed``: the same seed and game give
    the same numbers (with ``playouts``).

    The old arguments still work: ``rollouts`` (``playouts``), ``policy`` ``"random"`` (random playouts:
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
    heuristic, kept = screen(game)
    position = {a: i for i, a in enumerate(actions)}
    if rollouts is not None:
        playouts = rollouts
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
    if playouts is None:
        margins, alive = search(state, kept, stream, think=think, rounds=rounds, epsilon=epsilon, keep=keep,
                                repeat=True, value=cutoff)
    else:
        deadline = None if think is None else time.perf_counter() + think
        margins = _every(state, kept, stream, playouts, deadline, rounds, epsilon, cutoff)
        alive = list(range(len(kept)))
    stop = None if rounds is None else game.round + rounds
    horizon = None if stop is None or stop > game.rules.constants.rounds else stop

    def win(margin: float) -> float:       # a final margin wins from 0 on; an estimated one with its spread
        chance = None if horizon is None else cutoff.win_chance(margin, horizon)
        return final_win(margin) if chance is None else chance
    estimated = horizon is not None and cutoff.estimates_final
    table = {r.action: r for r in rows(kept, margins, alive, heuristic, horizon, win, estimated)}
    for action in actions:                    # the near-duplicates: the row of the action they repeat
        if action not in table:
            same = twin(state, kept, action)
            table[action] = replace(table[same], action=action, heuristic=heuristic[action], same_as=same)

    def order(r: ActionValue) -> tuple:   # the finalists, then the dropped, then the unplayed
        if r.playouts:
            return (0 if r.finalist else 1, -r.margin, -r.win_rate, position[r.action])
        return (2, -r.heuristic, 0.0, position[r.action])
    return sorted(table.values(), key=order)


def distinct(rows: Sequence[ActionValue]) -> Iterator[ActionValue]:
    """``evaluate``'s rows in their order, less each near-duplicate of a row given before it (its ``same_as``:
    the same build on an equivalent space)."""
    listed: set[Action] = set()
    for row in rows:
        if row.same_as is None or row.same_as not in listed:
            listed.add(row.action)
            yield row

"""SearchBot: an anytime Monte-Carlo search over the current decision, with greedy playouts.

For each decision with a choice, the candidates are the legal actions (near-duplicates pruned, as
greedy does; ``top`` keeps only greedy's best few). Each *playout* of a candidate carries it out on a
light copy of the state, then lets every player follow :class:`~.greedy.GreedyBot`'s policy (a random
action ``epsilon`` of the time): the rest of the player's own turn first, so a candidate is judged
with the whole turn it starts, then the other players' turns and the rounds after. The playout stops
at the first decision of the round ``rounds`` rounds after the decision's (None: at the end of the
game), where an evaluation (:mod:`.evaluation`; by default the policy's) gives the deciding player's margin:
their value minus the best other value (Andrew's in solo). All candidates stop at the same point of
the game, so their values compare.

Allocation (*sequential halving*, anytime): playouts go in passes of one playout for every candidate
still in the race; after passes ``cut``, 2 ``cut``, 4 ``cut``, ... (``cut`` 1: after passes 1, 2, 4, 8,
...) the worse half of the candidates (by mean margin) is dropped, down to ``keep`` (2). The budget is
``playouts`` per decision (deterministic: the same seed and game give the same move) or ``think``
seconds (no playout is started unless one as long as the longest so far still fits in the time, so
the choice depends on the machine's speed); the row choice gets ``rows`` times that budget. The choice
is the best mean margin among the candidates that stayed longest, ties going to greedy's order.

The policy (``policy``) is greedy's by default; ``policy="ranker"`` ranks the candidates and plays the
playouts with the ranker distilled from the oracle's games (:mod:`.ranker`; off by default until measured).

Hidden information: a bot sees only what a player at the table sees. Andrew's deck is face down: the
cards he has not shown yet (which numbers are left is public, but neither their order nor which of
them are advanced cards) are redrawn at random before every playout (:func:`resample_hidden`:
information-set sampling), so states that differ only in the hidden deck give the same decision.
Playout ``r`` of every candidate uses the same random stream (its deck draw and its greedy tie
breaks: common random numbers), so candidates are compared on the same sampled decks.

Andrew's turn at the player's row choice (``andrew="exact"``, off by default until measured): in the
rounds where the player chooses the row, that row is Andrew's action, and his card lies face down. The
playouts of a row each draw his card; with ``exact`` each playout's margin gets back what the drawn
card gave him and loses what his turn gives him in expectation over the cards he may hold
(:func:`~.andrew.andrew_gains`, exact from what the table shows): a control variate, so the mean margin
of a row carries his turn of this round without the noise of the draw.

Without hidden information and with ``epsilon=0`` a greedy playout is deterministic (but for ties),
so a second playout of a candidate would repeat the first: the search then stops after one pass
(the *pilot method* on every decision) unless ``repeat=True``.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from ..core.actions import Action
from ..core.errors import CarnegieError, GameOverError
from ..core.state import Phase, State
from ..engine import Game
from ..rules.solo import face_down
from .andrew import andrew_gains
from .base import (
    HIDDEN,
    choices,
    deciding,
    decision_rng,
    legal,
    light_copy,
    margin_of,
    mix,
    resample_hidden,
    step,
    table_view,
)
from .evaluation import Evaluation, WeightsSpec, check_value, check_weights, evaluation, evaluator_for, score_totals
from .greedy import greedy_choice, prune
from .random_bot import pick
from .ranker import RANKER_FILE, ranker_choice, ranker_model
from .registry import register

#: the playout policies by name, each with the evaluation of :data:`~.evaluation.EVALUATIONS` it looks one
#: step ahead on: greedy on the hand one, or on the hand one plus the build plan (:mod:`.evaluation.plan`);
#: ``ranker``, the ranker distilled from the oracle's games (:mod:`.ranker`) on the hand one
POLICIES = {"greedy": "hand", "plan": "plan", "ranker": "hand"}

#: the budget when neither ``playouts`` nor ``think`` is given
DEFAULT_PLAYOUTS = 32
#: the playout horizon, in rounds
DEFAULT_ROUNDS = 3
#: the bot's passes before the first halving: 4 (the textbook schedule of 4 candidates in 32 playouts)
#: gained 7.6 ± 2.8 VP a game over 1 at Andrew's level 4 (36 paired games, docs/benchmarks-archive.md, "Bots: round 3")
DEFAULT_CUT = 4
#: with hidden information, one candidate for every so many playouts of the budget (``top=None``)
PER_CANDIDATE = 8
#: the playouts that ``top=None`` assumes of a ``think`` budget without ``playouts``
AUTO_THINK_PLAYOUTS = 40
#: how the row choice's playouts count Andrew's turn of the round: as each playout draws it, or exactly
ANDREW_MODES = ("sampled", "exact")

#: a playout policy's move: (the action, (score, action) of each choice) from the state, the legal
#: actions, the tie-breaking stream and the evaluation (:func:`~.greedy.greedy_choice`'s signature)
Chooser = Callable[[State, Sequence[Action], random.Random, Evaluation], tuple[Action, list[tuple[float, Action]]]]

#: a term added to the margin of one playout of candidate ``k``, from its state once the hidden cards are
#: redrawn and before the candidate is played
Correction = Callable[[State, int], float]


@dataclass(frozen=True)
class CandidateStats:
    """What the playouts of one candidate gave."""
    action: Action
    playouts: int
    mean_margin: float
    greedy: float                              # the policy's score of it (greedy's: its evaluation after it)
    rank: int                                  # its place in the policy's ranking (0: the policy's choice)
    finalist: bool                             # still in the race when the budget ran out


def playout(state: State, pi: int, rng: random.Random, stop_round: int | None, epsilon: float = 0.0,
            evaluator: Evaluation | None = None, actions: list[Action] | None = None,
            value: Evaluation | None = None, choose: Chooser = greedy_choice) -> float:
    """Play on from ``state`` (changed in place) with the policy ``choose`` (default greedy's) for everybody
    (a random action ``epsilon`` of the time, the policy's evaluation ``evaluator``) until the first decision
    of round ``stop_round`` (None: the end); returns player ``pi``'s margin then (final, or estimated by
    ``value``, by default the evaluation of the policy)."""
    if actions is None:
        actions = legal(state)
    if evaluator is None:
        evaluator = evaluator_for(state)
    if value is None:
        value = evaluator
    flow = state.flow
    while actions:
        if stop_round is not None and flow.round >= stop_round:
            return margin_of(value.values(state), pi)
        if len(actions) == 1:
            action = actions[0]
        elif epsilon and rng.random() < epsilon:
            action = pick(actions, rng)
        else:
            action, _ = choose(state, actions, rng, evaluator)
        actions = step(state, action)
    return margin_of(score_totals(state), pi)


def playout_of(state: State, candidate: Action, seed: int, r: int, stop_round: int | None, epsilon: float,
               evaluator: Evaluation, value: Evaluation | None = None,
               extra: Callable[[State], float] | None = None, choose: Chooser = greedy_choice) -> float:
    """Playout ``r`` of ``candidate`` (legal in ``state``, which is not changed): the deciding player's
    margin (see :func:`playout`), plus ``extra`` of the copy once its hidden cards are drawn (a search's
    :data:`Correction`), the policy ``choose`` playing it. Its random stream, ``mix(seed, r)``, redraws the
    hidden cards and breaks the ties: playout ``r`` of every candidate sees the same hidden deck (common
    random numbers)."""
    rng = random.Random(mix(seed, r))
    child = light_copy(state)
    if child.andrew is not None:
        resample_hidden(child, rng)
    pi = deciding(state)
    added = extra(child) if extra is not None else 0.0
    after = step(child, candidate)
    return playout(child, pi, rng, stop_round, epsilon, evaluator, after, value, choose) + added


def search(state: State, candidates: Sequence[Action], seed: int, *, playouts: int | None = None,
           think: float | None = None, rounds: int | None = DEFAULT_ROUNDS, epsilon: float = 0.0, keep: int = 2,
           repeat: bool = False, evaluator: Evaluation | None = None, value: Evaluation | None = None,
           cut: int = 1, correction: Correction | None = None,
           choose: Chooser = greedy_choice) -> tuple[list[list[float]], list[int]]:
    """The margins of the playouts of every candidate (legal in ``state``, which is not changed), in
    the order of ``candidates``, by sequential halving (see the module docstring) within ``playouts``
    playouts in all and/or ``think`` seconds; and the indices of the candidates still in the race
    at the end. Playout ``r`` of any candidate uses the random stream ``mix(seed, r)``. ``correction``:
    a term added to each playout's margin (:data:`Correction`); ``choose``: the playouts' policy."""
    if playouts is None and think is None:
        playouts = DEFAULT_PLAYOUTS
    if evaluator is None:
        evaluator = evaluator_for(state)
    stop_round = None if rounds is None else state.flow.round + rounds
    if state.flow.phase == Phase.OVER:
        raise GameOverError("the game is over: there is nothing to search")
    hidden = state.andrew is not None
    deterministic = not hidden and not epsilon and not repeat
    started = time.perf_counter()
    deadline = None if think is None else started + think
    margins: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    spent, passes, next_cut = 0, 0, cut
    last, longest = started, 0.0
    while True:
        for k in alive:
            extra = None if correction is None else (lambda child, k=k: correction(child, k))
            margins[k].append(playout_of(state, candidates[k], seed, len(margins[k]), stop_round, epsilon,
                                         evaluator, value, extra, choose))
            spent += 1
            if playouts is not None and spent >= playouts:
                return margins, alive
            if deadline is not None:          # stop unless the longest playout so far still fits
                now = time.perf_counter()
                longest = max(longest, now - last)
                last = now
                if now + longest > deadline:
                    return margins, alive
        passes += 1
        if deterministic:
            return margins, alive
        if passes == next_cut and len(alive) > keep:
            alive.sort(key=lambda j: (-sum(margins[j]) / len(margins[j]), j))
            alive = sorted(alive[:max(keep, (len(alive) + 1) // 2)])
            next_cut *= 2


@register
class SearchBot:
    """Monte-Carlo search with greedy playouts and sequential halving (see the module docstring).

    Args:
        seed: The seed of the hidden-deck draws and the playouts' random streams.
        playouts: Playouts per decision (default :data:`DEFAULT_PLAYOUTS` unless ``think`` is given).
        think: Seconds per decision (with ``playouts`` too: whichever runs out first).
        rounds: The playout horizon in rounds (None: to the end of the game).
        top: How many of greedy's best actions are candidates: ``"all"``, every action (near-duplicates
            pruned); None (the default), all of them when the playouts are deterministic, else one for
            every :data:`PER_CANDIDATE` playouts of the budget, 2 to 8.
        epsilon: The share of random moves in the playouts.
        keep: Candidates never dropped by the halving.
        repeat: More than one pass even when the playouts are deterministic.
        kinds: The decision kinds searched (None: all); the others follow greedy.
        weights: The hand evaluation's weights (:data:`~.evaluation.weights.WeightsSpec`; default: tuned).
        value: The evaluation a playout's margin is taken from where it stops, a name of
            :data:`~.evaluation.EVALUATIONS`; ``"hand"`` (the default) is the policy's own evaluation.
        policy: The policy that ranks the candidates and plays the playouts (:data:`POLICIES`:
            ``"greedy"``, greedy on the hand evaluation; ``"plan"``, on it plus the builds still possible;
            ``"ranker"``, the ranker distilled from the oracle's games, :mod:`.ranker`).
        cut: The passes before the first halving (:data:`DEFAULT_CUT`; 1: after one playout of each
            candidate).
        rows: The row choice's budget (playouts and ``think``) as a multiple of the other decisions'.
        andrew: How the row choice's playouts count Andrew's turn of the round (:data:`ANDREW_MODES`):
            ``"sampled"`` (the default), as each playout draws his face-down card; ``"exact"``, in
            expectation over the cards he may hold (see the module docstring).

    Raises:
        CarnegieError: A budget, count or share out of range, or an unknown ``value``, ``policy`` or
            ``andrew``.
    """

    name = "search"

    def __init__(self, seed: int = 0, playouts: int | None = None, think: float | None = None,
                 rounds: int | None = DEFAULT_ROUNDS, top: int | str | None = None, epsilon: float = 0.0,
                 keep: int = 2, repeat: bool = False, kinds: Sequence[str] | str | None = None,
                 weights: WeightsSpec = None, value: str = "hand", policy: str = "greedy", cut: int = DEFAULT_CUT,
                 rows: float = 1.0, andrew: str = "sampled"):
        if playouts is not None and playouts < 1:
            raise CarnegieError(f"playouts must be at least 1, not {playouts}")
        if think is not None and think <= 0:
            raise CarnegieError(f"think must be a positive number of seconds, not {think}")
        if rounds is not None and rounds < 1:
            raise CarnegieError(f"rounds must be at least 1 (or None: to the end), not {rounds}")
        if isinstance(top, str) and top != "all" or isinstance(top, int) and top < 1:
            raise CarnegieError(f"top must be at least 1, 'all' or None (automatic), not {top!r}")
        if not 0.0 <= epsilon <= 1.0:
            raise CarnegieError(f"epsilon must be a probability, not {epsilon!r}")
        if keep < 1:
            raise CarnegieError(f"keep must be at least 1, not {keep}")
        if cut < 1:
            raise CarnegieError(f"cut must be at least 1, not {cut}")
        if rows <= 0:
            raise CarnegieError(f"rows must be a positive multiple of the budget, not {rows}")
        if policy not in POLICIES:
            raise CarnegieError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        if andrew not in ANDREW_MODES:
            raise CarnegieError(f"andrew must be one of {', '.join(ANDREW_MODES)}, not {andrew!r}")
        self.value, self.policy = check_value(value), policy
        self.seed = seed
        self.playouts = DEFAULT_PLAYOUTS if playouts is None and think is None else playouts
        self.think, self.rounds, self.top, self.epsilon = think, rounds, top, epsilon
        self.keep, self.repeat, self.cut, self.rows, self.andrew = keep, repeat, cut, rows, andrew
        self.weights = check_weights(weights)
        if isinstance(kinds, str):
            kinds = None if kinds in ("all", "") else tuple(k for k in kinds.replace("+", ",").split(",") if k)
        self.kinds = None if kinds is None else frozenset(kinds)

    def evaluator(self, state: State) -> Evaluation:
        """The evaluation of the playout policy (and of the candidates' ranking) in this game."""
        return evaluation(POLICIES[self.policy], state, self.weights)

    def chooser(self, state: State) -> Chooser:
        """The playout policy's move in this game: greedy's, or the ranker's (``policy="ranker"``)."""
        if self.policy != "ranker":
            return greedy_choice
        model = ranker_model(state.rules)
        if model is None:
            raise CarnegieError(f"policy 'ranker' needs its model file, {RANKER_FILE}: it is not there")
        return partial(ranker_choice, model=model)

    def cutoff(self, state: State) -> Evaluation:
        """The evaluation the playouts stop on in this game: the policy's own for ``value="hand"``, and where
        the named one has no model for the game's player count."""
        own = self.evaluator(state)
        return own if self.value == "hand" else evaluation(self.value, state, self.weights, otherwise=own)

    def deterministic(self, state: State) -> bool:
        """Would a second pass of playouts repeat the first? (No hidden information, no random moves.)"""
        return state.andrew is None and not self.epsilon and not self.repeat

    def width(self, state: State) -> int | None:
        """How many candidates to search in this state (None: all)."""
        if self.top == "all" or (self.top is None and self.deterministic(state)):
            return None
        if isinstance(self.top, int):
            return self.top
        budget = self.playouts if self.playouts is not None else AUTO_THINK_PLAYOUTS
        return max(2, min(8, budget // PER_CANDIDATE))

    def candidates(self, state: State, actions: Sequence[Action], rng: random.Random) -> list[tuple[Action, float]]:
        """The actions worth searching with the policy's score of each (greedy's evaluation, or the ranker's
        score; on ``state`` with its hidden cards redrawn by ``rng``), in the policy's order (best first, ties
        in the order of the legal actions): the best :meth:`width` of them (near-duplicates pruned)."""
        _, scored = self.chooser(state)(table_view(state, rng), actions, random.Random(0), self.evaluator(state))
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        width = self.width(state)
        if width is not None:
            order = order[:width]
        return [(scored[i][1], scored[i][0]) for i in order]

    def correction(self, state: State, candidates: Sequence[Action]) -> Correction | None:
        """With ``andrew="exact"``, at a row choice while Andrew's card lies face down: each playout of a row
        gets back what the card it drew gave him and loses what the row gives him in expectation (see the
        module docstring); the other candidates (selling first) are left as they are. None otherwise."""
        if self.andrew != "exact" or not face_down(state):
            return None
        rows = [a.args[0] if a.verb == "choose" else None for a in candidates]
        gains = andrew_gains(state, [row for row in rows if row is not None])
        expected = [0.0 if row is None else gains.expected(row) for row in rows]

        def correct(child: State, k: int) -> float:
            row, card = rows[k], child.andrew.card if child.andrew is not None else None
            return 0.0 if row is None or card is None else gains.gain(row, card) - expected[k]
        return correct

    def analyse(self, game: Game) -> list[CandidateStats]:
        """The candidates of the current decision with their playout results, best first."""
        started = time.perf_counter()
        actions = choices(game)
        ranked = self.candidates(game.state, actions, decision_rng(self.seed, game, HIDDEN))
        seed = decision_rng(self.seed, game).getrandbits(63)
        scale = self.rows if str(game.decision.kind) == "choose" else 1.0
        playouts = None if self.playouts is None else max(1, round(self.playouts * scale))
        think = None if self.think is None else max(0.0, self.think * scale - (time.perf_counter() - started))
        margins, alive = search(game.state, [a for a, _ in ranked], seed, playouts=playouts,
                         think=think, rounds=self.rounds, epsilon=self.epsilon, keep=self.keep,
                         repeat=self.repeat, evaluator=self.evaluator(game.state),
                         value=self.cutoff(game.state), cut=self.cut,
                         correction=self.correction(game.state, [a for a, _ in ranked]),
                         choose=self.chooser(game.state))
        stats = [CandidateStats(a, len(m), sum(m) / len(m) if m else float("-inf"), g, i, i in alive)
                 for i, ((a, g), m) in enumerate(zip(ranked, margins))]
        return sorted(stats, key=lambda s: (not s.finalist, -s.mean_margin, s.rank))

    def choose(self, game: Game) -> Action:
        actions = choices(game)
        if len(actions) == 1:
            return actions[0]
        if self.kinds is not None and str(game.decision.kind) not in self.kinds:
            action, _ = self.chooser(game.state)(table_view(game.state, decision_rng(self.seed, game, HIDDEN)),
                                                 actions, decision_rng(self.seed, game), self.evaluator(game.state))
            return action
        if len(prune(game.state, actions)) == 1:
            return prune(game.state, actions)[0]
        return self.analyse(game)[0].action

    def __repr__(self) -> str:
        budget = f"playouts={self.playouts}" if self.think is None else f"think={self.think}"
        return f"SearchBot(seed={self.seed}, {budget}, rounds={self.rounds}, top={self.top!r})"

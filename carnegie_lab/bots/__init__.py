"""Bots that play Carnegie, their evaluations of positions, and many games between them.

Every bot takes a seed and has ``choose(game) -> Action``, which returns one of
``game.legal_actions()`` and never changes the game; it is a pure function of the seed and the game
(the rollout bot with a ``time_limit`` excepted).

* :class:`RandomBot`: random legal actions, preferring to do something (``done``/``sell`` only 15%).
* :class:`GreedyBot`: one step of lookahead on an evaluation of positions (:mod:`.evaluation`).
* :class:`RolloutBot`: Monte-Carlo rollouts from each candidate action.
* :class:`SearchBot`: an anytime search (``playouts=N`` or ``think=seconds`` per decision) with greedy
  playouts a few rounds deep, sequential halving, and Andrew's hidden deck redrawn for every playout.

The bots by name are :data:`~.registry.BOTS` (a class joins with ``@register``); ``make_bot(spec, seed)``
makes one from a spec such as ``"search:playouts=64"`` or a strength for people to play against
(:data:`STRENGTHS`: ``easy``, ``medium``, ``hard``). The evaluations by name are
:data:`~.evaluation.EVALUATIONS`.

``simulate(players, games, bots, seed, jobs=1, scheduler=None, progress=None)`` plays a batch (in
parallel processes or on a Dask cluster, with identical results) and returns a
:class:`SimulationResult`; ``carnegie-lab simulate`` is its command line (:mod:`carnegie_lab.cli.simulate`).
"""
from .base import Bot
from .evaluation import Evaluator, Weights, score_totals
from .greedy import GreedyBot
from .random_bot import RandomBot
from .registry import BOTS, make_bot, register
from .rollout import ActionStats, RolloutBot
from .search import CandidateStats, SearchBot, resample_hidden
from .simulate import GameResult, SimulationResult, play_game, simulate
from .strengths import STRENGTHS, Strength

__all__ = ["BOTS", "ActionStats", "Bot", "CandidateStats", "Evaluator", "GameResult", "GreedyBot", "RandomBot",
           "RolloutBot", "STRENGTHS", "SearchBot", "SimulationResult", "Strength", "Weights", "make_bot",
           "play_game", "register", "resample_hidden", "score_totals", "simulate"]

"""Bots that play Carnegie, and many games between them.

Every bot takes a seed and has ``choose(game) -> Action``, which returns one of
``game.legal_actions()`` and never changes the game; it is a pure function of the seed and the game
(the rollout bot with a ``time_limit`` excepted).

* :class:`RandomBot`: random legal actions, preferring to do something (``done``/``sell`` only 15%).
* :class:`GreedyBot`: one step of lookahead on a fast positional evaluation (:class:`Evaluator`).
* :class:`RolloutBot`: Monte-Carlo rollouts from each candidate action.
* :class:`SearchBot`: an anytime search (``playouts=N`` or ``think=seconds`` per decision) with greedy
  playouts a few rounds deep, sequential halving, and Andrew's hidden deck redrawn for every playout.

Strengths for people to play against (:data:`STRENGTHS`, :mod:`.strengths`): ``easy`` (random),
``medium`` (greedy), ``hard`` (search, about 1 s a decision); ``make_bot`` takes them as specs.

``simulate(players, games, bots, seed, jobs=1, scheduler=None, progress=None)`` plays a batch (in
parallel processes or on a Dask cluster, with identical results) and returns a
:class:`SimulationResult`; ``simulate_main(argv)`` is the ``carnegie-lab simulate`` command line.
"""
from .base import Bot
from .greedy import Evaluator, GreedyBot, Weights, score_totals
from .random_bot import RandomBot
from .rollout import ActionStats, RolloutBot
from .search import CandidateStats, SearchBot, resample_hidden
from .simulate import GameResult, SimulationResult, make_bot, play_game, simulate
from .simulate_cli import simulate_main
from .strengths import STRENGTHS, Strength

__all__ = ["ActionStats", "Bot", "CandidateStats", "Evaluator", "GameResult", "GreedyBot", "RandomBot",
           "RolloutBot", "STRENGTHS", "SearchBot", "SimulationResult", "Strength", "Weights", "score_totals",
           "make_bot", "play_game", "resample_hidden", "simulate", "simulate_main"]

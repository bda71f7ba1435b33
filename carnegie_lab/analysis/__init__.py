"""Position analysis: how good each action is, what an action changes, what Andrew may do next;
``review(game)`` grades every decision of a game by the expected final margin it gave away.

``evaluate(game)`` plays the game on from every legal action of the current decision and reports, for
each, the deciding player's expected final VP margin (their final total minus the best other total,
Andrew's included in solo) and their win rate, with 95% intervals and the number of playouts, best
first; ``explain(game, action)`` says what an action changes at once (the score if the game ended
now, resources, income, network); ``andrew_forecast(game)`` gives the exact chances of what Andrew's
next card makes him do. None of them changes the game or looks at what the table cannot see::

    import carnegie_lab as cl
    from carnegie_lab.analysis import andrew_forecast, evaluate, explain

    game = cl.new_game(["Ada", "Bo"], seed=1)
    for row in evaluate(game, playouts=20):         # 20 of every action, or think=2.0 (seconds, the default)
        print(row)                                  # action, margin [interval], win rate [interval]
    print(explain(game, game.legal_actions()[0]))

The parts: :mod:`.compare` (the comparison engine: playouts on common random numbers, their statistics,
verdicts), :mod:`.evaluate` (every action of a decision), :mod:`.explain` (what an action
changes), :mod:`.forecast` (Andrew's next card) and :mod:`.review` (a whole game's decisions, on
:mod:`carnegie_lab.jobs`: work spread over processes or Dask).
"""
from .compare import DEFAULT_EPSILON, GRADES, THRESHOLDS, ActionValue, Verdict, judge, wilson
from .evaluate import DEFAULT_THINK, evaluate
from .explain import Change, Explanation, explain
from .forecast import AndrewForecast, Chance, andrew_forecast, unseen_cards
from .review import Costly, Decision, Review, SeatSummary, review

__all__ = ["DEFAULT_EPSILON", "DEFAULT_THINK", "GRADES", "THRESHOLDS", "ActionValue", "AndrewForecast", "Chance",
           "Change", "Costly", "Decision", "Explanation", "Review", "SeatSummary", "Verdict", "andrew_forecast",
           "evaluate", "explain", "judge", "review", "unseen_cards", "wilson"]

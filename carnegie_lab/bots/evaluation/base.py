"""What every evaluation of a position is: :class:`Evaluation`, and the exact value of a game that ends now."""
from __future__ import annotations

from ...core.state import State
from ...rules.scoring import totals


def score_totals(state: State) -> list[int]:
    """The score totals if the game ended now.

    Args:
        state: The position.

    Returns:
        One total per seat, then Andrew's in a solo game.
    """
    return totals(state)


class Evaluation:
    """An evaluation of positions: each seat's value, and a seat's margin over the best other one.

    A subclass defines :meth:`values`; :meth:`value` and :attr:`opponents` may be overridden where one
    seat's value is cheaper alone or the others count for less. The search stops its playouts on an
    evaluation, the greedy lookahead ranks actions by its :meth:`margin`, ``analysis.evaluate`` reports its
    margins (and :meth:`win_chance`, where it has one). The evaluations by name are
    :data:`carnegie_lab.bots.evaluation.EVALUATIONS`.

    Attributes:
        estimates_final: Its margins estimate the final margin, with a chance of winning (:meth:`win_chance`).
    """

    estimates_final = False

    def values(self, state: State) -> list[float]:
        """Each seat's value.

        Args:
            state: The position.

        Returns:
            One value per seat, then Andrew's in a solo game.
        """
        raise NotImplementedError

    def value(self, state: State, pi: int) -> float:
        """Seat ``pi``'s value (``values(state)[pi]``)."""
        return self.values(state)[pi]

    def opponents(self, state: State) -> float:
        """The weight of the best other value in :meth:`margin` (1: the margin in the values' units)."""
        return 1.0

    def best_other(self, state: State, pi: int) -> float | None:
        """The best value of the other seats (Andrew included), or None when ``pi`` is alone."""
        vals = self.values(state)
        rest = vals[:pi] + vals[pi + 1:]
        return max(rest) if rest else None

    def margin(self, state: State, pi: int, others: float | None = None) -> float:
        """Seat ``pi``'s value minus :meth:`opponents` times the best other value.

        Args:
            state: The position.
            pi: The seat.
            others: The best other value, when the caller knows it (it is then not computed again).

        Returns:
            The margin (the seat's value alone when nobody else plays).
        """
        weight = self.opponents(state)
        if others is not None:
            return self.value(state, pi) - weight * others
        vals = self.values(state)
        rest = vals[:pi] + vals[pi + 1:]
        return vals[pi] - weight * max(rest) if rest else vals[pi]

    def win_chance(self, margin: float, round_: int) -> float | None:
        """The chance that a margin of this evaluation at the start of round ``round_`` ends in a win, or
        None when it gives none (then a margin of 0 or more counts as a win)."""
        return None

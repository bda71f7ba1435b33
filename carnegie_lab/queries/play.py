"""The play as a whole: who plays and decides, where the round is, what happened, the scores, and the words of
an action."""
from __future__ import annotations

from copy import deepcopy
from typing import Any

from ..core.actions import Action
from ..core.components import Department
from ..core.later import read_line
from ..core.state import RoundSummary
from ..rules import loop
from ..rules.changes import Changes, diff
from ..rules.employees import activation_cost
from ..rules.prompts import Decision, decision
from ..rules.scoring import ScoreBreakdown, player_score, scores, winning_seats
from ..rules.solo import NAME as ANDREW_NAME
from .reading import Reading


class PlayQueries(Reading):
    """The players, the decision, the round and its phase, the log, the scores and winners."""

    # -- who plays and who decides -----------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p.name for p in self._state.players]

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (``seed``, ``solo_level``, ``departments``...): a copy."""
        return dict(self._state.options)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._state.flow.player

    @property
    def decision(self) -> Decision:
        return decision(self._state)

    def decision_in(self, lang: str | None = None) -> Decision:
        """The decision, its text in a language (``cl.languages()``; None: English, ``decision``)."""
        return decision(self._state, lang)

    # -- the round ---------------------------------------------------------------------------------
    @property
    def round(self) -> int:
        return self._state.flow.round

    @property
    def is_over(self) -> bool:
        return loop.decision_kind(self._state) is loop.OVER

    @property
    def phase(self) -> str:
        """Where the game is: "house", "reserve", "setup" (its setup), "choose", "event", "turn", "over"."""
        return self._state.flow.phase.value

    @property
    def chosen_action(self) -> str | None:
        """The action type of the timeline row chosen this round (None before the choice)."""
        return self._state.flow.chosen

    @property
    def gear_row(self) -> int | None:
        """The timeline row whose marker advances at the end of this round (where the gear is), None
        before the choice."""
        return self._state.flow.event_row

    # -- what happened -----------------------------------------------------------------------------
    @property
    def log(self) -> list[str]:
        """The game's log lines, each a Message (its English; ``render`` gives another language)."""
        return [read_line(entry) for entry in self._state.log]

    def round_summaries(self) -> list[RoundSummary]:
        """One summary per finished round (the row chosen, each seat's numbers then), oldest first."""
        return deepcopy(self._state.history)

    def changes_from(self, before: Reading) -> Changes:
        """What changed from ``before`` (an earlier position of this game) to now: highlight keys per view."""
        return diff(before._state, self._state)

    # -- the scores --------------------------------------------------------------------------------
    def scores(self) -> dict[str, ScoreBreakdown]:
        """Score breakdowns by name (Andrew Carnegie last in a solo game), as if the game ended now."""
        return dict(zip(self._seat_names(), scores(self._state)))

    def seat_scores(self) -> list[ScoreBreakdown]:
        """Score breakdowns by seat (then Andrew's in a solo game)."""
        return scores(self._state)

    def seat_score(self, seat: int) -> ScoreBreakdown:
        """One seat's score breakdown, as if the game ended now."""
        return player_score(self._state, seat)

    def winners(self) -> list[str]:
        names = self._seat_names()
        return [names[i] for i in winning_seats(self._state)]

    def _seat_names(self) -> list[str]:
        return self.players + ([ANDREW_NAME] if self._state.andrew is not None else [])

    # -- actions and their words -------------------------------------------------------------------
    def parse(self, text: str | Action) -> Action:
        """Notation to Action (syntax only); raises NotationError."""
        return self._state.rules.parse(text)

    def describe(self, action: Action | str, mission: bool = True, lang: str | None = None) -> str:
        """What an action would do, in words (for a department's use: its gain or cost, and its
        mission unless ``mission`` is false; ``lang``: the language, None for English); other actions
        give their notation."""
        return self._state.rules.describe(self._state, self.parse(action), mission, lang)

    def activation_cost(self, action: Action | str) -> tuple[int, int]:
        """(money, VP change) of a legal ``activate`` action of the deciding player."""
        pi = self._state.flow.player
        assert pi is not None, "nobody decides: the game is over"
        return activation_cost(self._state, pi, self.parse(action).args)

    def department(self, code: str) -> Department | None:
        """The department a tile code or verb names (``components.departments``), None for another word."""
        return self.rules.by_code.get(code)

    def patterns(self, verb: str) -> tuple[tuple[str, ...], ...]:
        """The argument patterns of a verb's notation (``docs/notation.md``): a tuple per form it takes."""
        return tuple(tuple(p) for p in self.rules.grammar.get(verb, ()))

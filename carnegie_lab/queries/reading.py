"""What every query of a game reads: its live state, and the rules and component data it plays by."""
from __future__ import annotations

from ..core.components import Components
from ..core.state import State
from ..rules.ruleset import Ruleset


class Reading:
    """The base of ``Game``'s queries: the live state (``_state``), which no query changes or hands out."""

    _state: State

    @property
    def rules(self) -> Ruleset:
        """The rules this game plays by (bound to its component data)."""
        return self._state.rules

    @property
    def components(self) -> Components:
        """The component data this game plays on."""
        return self._state.rules.components

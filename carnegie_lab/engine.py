"""``Game``: the public face of the engine — decisions, legal actions, apply, undo, scores, records."""
from __future__ import annotations

import json
from typing import Any, Iterable

from . import records
from .actions import Action, parse
from .errors import CarnegieError, RecordError
from .rules import flow
from .rules.flow import Decision
from .rules.scoring import ScoreBreakdown, scores, winners
from .rules.setup import new_state
from .state import State


class Game:
    """A game of Carnegie, played one decision at a time.

    >>> game = new_game(["Ada", "Bo"], seed=1)
    >>> game.apply(game.legal_actions()[0])  # doctest: +ELLIPSIS
    Action(...)
    """

    def __init__(self, state: State, *, start: State | None = None, actions: Iterable[str] = (),
                 fresh: bool = True):
        self._state = state
        self._start = start if start is not None else state.copy()
        self._actions: list[str] = list(actions)
        self._fresh = fresh                   # began at a fresh setup (a record needs no start)
        self._legal: list[Action] | None = None

    # -- reading the position ------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live state, for views and analysis. Do not change it; use ``apply``."""
        return self._state

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._state.players]

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._state.flow.player

    @property
    def decision(self) -> Decision:
        return flow.decision(self._state)

    @property
    def round(self) -> int:
        return self._state.flow.round

    @property
    def is_over(self) -> bool:
        return self._state.flow.phase == "over"

    @property
    def actions(self) -> list[str]:
        """The actions applied so far (since the start position), as notation."""
        return list(self._actions)

    @property
    def log(self) -> list[str]:
        return [text for _, text in self._state.log]

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = flow.legal_actions(self._state)
        return list(self._legal)

    def parse(self, text: str) -> Action:
        """Notation to Action (syntax only); raises NotationError."""
        return parse(text)

    def scores(self) -> dict[str, ScoreBreakdown]:
        return scores(self._state)

    def winners(self) -> list[str]:
        return winners(self._state)

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Action:
        """Apply a legal action. Raises IllegalActionError / NotationError / GameOverError and
        then leaves the game exactly as it was."""
        done, self._legal = flow.apply(self._state, action)
        self._actions.append(str(done))
        return done

    def undo(self) -> Action:
        """Take back the last action (replays the game from its start)."""
        if not self._actions:
            raise CarnegieError("nothing to undo")
        last = self._actions.pop()
        self._state = self._replay(self._start, self._actions)
        self._legal = None
        return parse(last)

    def copy(self) -> "Game":
        return Game(self._state.copy(), start=self._start, actions=self._actions, fresh=self._fresh)

    # -- records and positions -----------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record = {"format": records.RECORD, "version": records.VERSION,
                  "options": dict(self._start.options), "actions": list(self._actions)}
        if not self._fresh:
            record["start"] = self._start.to_dict()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any] | str) -> "Game":
        if isinstance(record, str):
            record = _load_json(record)
        records.check_header(record, records.RECORD)
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions", "expected a list of action strings")
        if "start" in record:
            start, fresh = records.state_from_dict(record["start"], "start"), False
            flow.settle(start)                # as from_position does: forced steps come first
        else:
            start, fresh = _start_from_options(record.get("options")), True
        game = cls(start.copy(), start=start, fresh=fresh)
        for i, text in enumerate(actions):
            try:
                game.apply(text)
            except CarnegieError as e:
                raise RecordError(f"actions[{i}]", str(e)) from None
        return game

    def to_position(self) -> dict[str, Any]:
        return {"format": records.POSITION, "version": records.VERSION, "state": self._state.to_dict()}

    @classmethod
    def from_position(cls, position: dict[str, Any] | str) -> "Game":
        if isinstance(position, str):
            position = _load_json(position)
        records.check_header(position, records.POSITION)
        state = records.state_from_dict(position.get("state"))
        flow.settle(state)                    # before the start is copied: undo and records replay from it
        return cls(state, fresh=False)

    @staticmethod
    def _replay(start: State, actions: Iterable[str]) -> State:
        state = start.copy()
        for text in actions:
            flow.apply(state, text)
        return state

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        f = self._state.flow
        return (f"<Game {', '.join(self.players)}: round {f.round}, {f.phase}, "
                f"{len(self._actions)} actions>")

    def _repr_html_(self) -> str:
        from .views.summary import game_html
        return game_html(self)


def _load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("(json)", f"not valid JSON: {e}") from None


def _start_from_options(options: Any) -> State:
    if not isinstance(options, dict):
        raise RecordError("options", "expected an object")
    names = options.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError("options.players", "expected a list of player names")
    seed = options.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("options.seed", f"expected a whole number, got {seed!r}")
    try:
        return _new_state(names, seed, **{k: v for k, v in options.items() if k not in ("players", "seed")})
    except (TypeError, ValueError) as e:
        raise RecordError("options", str(e)) from None


def _new_state(players: list[str], seed: int, **options: Any) -> State:
    if not 1 <= len(players) <= 4:
        raise ValueError(f"Carnegie is played by 2 to 4 players (or 1 against Andrew), not {len(players)}")
    if len(set(players)) != len(players):
        raise ValueError(f"player names must differ: {players}")
    state = new_state(players, seed, **options)
    flow.settle(state)
    return state


def new_game(players: list[str], seed: int = 0, **options: Any) -> Game:
    """Start a game: 2-4 player names, or one name and ``solo_level=1..4`` to play against Andrew.
    Options: departments="base" | "base+expansion" | "expansion-open-bar", tab_side="A" | "B"."""
    return Game(_new_state(list(players), seed, **options))

"""``Game``: the public face of the engine, its lifecycle — new, legal actions, apply, undo, records (its read-only
queries are in :mod:`.queries`)."""
from __future__ import annotations

from typing import Any, Iterable, TypeGuard

from .core import records
from .core.actions import Action
from .core.components import Components
from .core.errors import CarnegieError, OptionError, RecordError
from .core.i18n import N_, message_of
from .core.jsontext import read_record_json
from .core.state import State
from .queries import AndrewView, Queries
from .rules import laws, loop
from .rules.box import DEPARTMENT_MODES
from .rules.changes import Changes
from .rules.editing import TableEditor
from .rules.moves import Move, MoveRecorder
from .rules.names import normal_names
from .rules.options import GAME_OPTIONS, GameOption, check_options
from .rules.prompts import Decision, DecisionContext, prompt_of
from .rules.ruleset import Ruleset, ruleset_for
from .rules.setup import new_state
from .rules.solo import NAME as ANDREW_NAME

__all__ = ["ANDREW_NAME", "DEPARTMENT_MODES", "GAME_OPTIONS", "AndrewView", "Changes", "Decision", "DecisionContext",
           "Editor", "Game", "GameOption", "Move", "check_new_game", "new_game"]


class Game(Queries):
    """A game of Carnegie, played one decision at a time.

    >>> game = new_game(["Ada", "Bo"], seed=1)
    >>> game.apply(game.legal_actions()[0])  # doctest: +ELLIPSIS
    Action(...)

    Here its lifecycle: start, legal actions, apply, undo, copy, records and positions; its read-only
    queries (the play, a seat, the board, the solo table) come from :class:`.queries.Queries`.

    Args:
        state: The live state (made by :func:`new_game`, :meth:`from_record` or :meth:`from_position`).
        start: The state the game began from (a copy of ``state`` by default).
        actions: The actions played since ``start``, in notation.
        fresh: Whether ``start`` is a fresh setup (then a record needs no start position).
    """

    def __init__(self, state: State, *, start: State | None = None, actions: Iterable[str] = (),
                 fresh: bool = True):
        self._state = state
        self._start = start if start is not None else state.copy()
        self._actions: list[str] = list(actions)
        self._fresh = fresh                   # began at a fresh setup (a record needs no start)
        self._legal: list[Action] | None = None
        self._history: State | None = None    # the replay that records the moves, made when they are read

    # -- the live state and the legal actions ------------------------------------------------
    @property
    def state(self) -> State:
        """The live state, for the bots and the analysis (which evaluate positions). Everything else
        above the engine reads the game through its queries (tests/test_layers.py). Do not change it."""
        return self._state

    @property
    def actions(self) -> list[str]:
        """The actions applied so far (since the start position), as notation."""
        return list(self._actions)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = loop.legal_actions(self._state)
        return list(self._legal)

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Action:
        """Apply a legal action. Raises IllegalActionError / NotationError / GameOverError and
        then leaves the game exactly as it was."""
        if self._listed(action):
            done = action                     # listed, so legal: no check
            self._legal = loop.apply(self._state, done, checked=False, listing=True)
        else:
            done = self.parse(action)
            self._legal = loop.apply(self._state, done, listing=True)
        self._actions.append(str(done))
        return done

    def _listed(self, action: Action | str) -> TypeGuard[Action]:
        """Is this the very Action object of the listed legal actions? (Then it needs no check.)"""
        for listed in self._legal or ():
            if listed is action:
                return True
        return False

    def push(self, action: Action | str) -> Action:
        """Apply an action known to be legal (from ``legal_actions()`` or a trusted record) without
        checking it: the fast path for replays and search. An illegal action breaks the game."""
        if not isinstance(action, Action):
            action = self.parse(action)
        loop.apply(self._state, action, checked=False)
        self._actions.append(str(action))
        self._legal = None
        return action

    def undo(self) -> Action:
        """Take back the last action (replays the game from its start)."""
        if not self._actions:
            raise CarnegieError(N_("nothing to undo"))
        last = self._actions.pop()
        self._state = self._replay(self._start, self._actions)
        self._legal = None
        self._history = None
        return self.parse(last)

    def copy(self) -> Game:
        game = Game(self._state.copy(), start=self._start, actions=self._actions, fresh=self._fresh)
        if self._history is not None:         # the moves read so far go along (a copy reads on from there)
            game._history = self._history.copy()
            game._history.recorder = self._history.recorder.copy()
        return game

    # -- the history ---------------------------------------------------------------------------
    @property
    def moves(self) -> tuple[Move, ...]:
        """The history of the game since its start: one move per action applied and per step the
        engine took by itself (forced steps, Andrew Carnegie's moves), each with who took it, the
        round and phase, the decision it answered, the action and the log lines it wrote.

        Playing records nothing: the moves are recorded when they are read, by a replay of the actions
        from the start (a state of its own with a :class:`MoveRecorder`), which each reading carries on
        from where the last one left it."""
        history = self._history
        if history is None:
            history = self._history = self._start.copy()
            history.recorder = _recorder()
        self._play_on(history, self._actions[history.recorder.actions:])
        return history.recorder.moves

    # -- records and positions -----------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        start = self._start.to_dict()
        record: dict[str, Any] = {"format": records.RECORD, "version": 1, "options": start["options"],
                                  "actions": list(self._actions)}
        if not self._fresh:
            record["start"], record["version"] = start, records.version_of(start)
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, components: Components | None = None) -> Game:
        rs = ruleset_for(components)
        record = read_record_json(record) if isinstance(record, str) else record
        records.check_header(record, records.RECORD)
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions", N_("expected a list of action strings"))
        if "start" in record:
            start, fresh = _loaded(rs, record["start"], "start"), False
        else:
            start, fresh = _start_from_options(rs, record.get("options")), True
        game = cls(start.copy(), start=start, fresh=fresh)
        for i, text in enumerate(actions):
            try:
                done = game.parse(text)
                loop.apply(game._state, done)     # checked; no listing (the next action is notation too)
            except CarnegieError as e:
                raise RecordError(f"actions[{i}]", message_of(e)) from None
            game._actions.append(str(done))
        return game

    def to_position(self) -> dict[str, Any]:
        return _position(self._state)

    @classmethod
    def from_position(cls, position: dict[str, Any] | str, components: Components | None = None) -> Game:
        rs = ruleset_for(components)
        position = read_record_json(position) if isinstance(position, str) else position
        records.check_header(position, records.POSITION)
        return cls(_loaded(rs, position.get("state"), "state"), fresh=False)

    @staticmethod
    def _replay(start: State, actions: Iterable[str]) -> State:
        state = start.copy()
        Game._play_on(state, actions)
        return state

    @staticmethod
    def _play_on(state: State, actions: Iterable[str]) -> None:
        """Apply trusted actions (in notation) to ``state``, unchecked."""
        for text in actions:
            loop.apply(state, state.rules.parse(text), checked=False)

    def edit(self) -> Editor:
        """An editor of this game's table, to set up a position by hand (docs/notation.md, "Editing a position");
        the game itself stays as it is."""
        return Editor(self._state)

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        f = self._state.flow
        return (f"<Game {', '.join(self.players)}: round {f.round}, {f.phase}, "
                f"{len(self._actions)} actions>")

    def _repr_html_(self) -> str:
        from .views.summary import game_html
        return game_html(self)


class Editor(TableEditor):
    """A table set up by hand: :class:`~carnegie_lab.rules.editing.TableEditor`'s changes, each keeping the laws
    of a position or refused with an :class:`~carnegie_lab.EditError` (the table unchanged), then :meth:`game`.

    >>> edit = Editor.new(["Ada", "Bo"], seed=1).set_round(3).set_resources(0, money=30)
    >>> edit.game().decision.kind
    <DecisionKind.CHOOSE: 'choose'>
    """

    @classmethod
    def new(cls, players: list[str], seed: int = 0, components: Components | None = None, **options: Any) -> Editor:
        """The table of a fresh setup of ``new_game``'s options (at its first decision)."""
        return cls(new_game(players, seed, components, **options)._state)

    @classmethod
    def from_position(cls, position: dict[str, Any] | str, components: Components | None = None) -> Editor:
        """The table of a position (``Game.from_position``'s, checked as it is)."""
        return cls(Game.from_position(position, components)._state)

    def to_position(self) -> dict[str, Any]:
        """The table as a position (docs/notation.md, "Positions")."""
        return _position(self._state)

    def game(self) -> Game:
        """A game from the table, at its decision (the automatic steps due taken), its laws checked once more:
        ready to list its legal actions, be evaluated and played on."""
        return Game.from_position(self.to_position(), self._state.rules.components)


def _position(state: State) -> dict[str, Any]:
    data = state.to_dict()
    return {"format": records.POSITION, "version": records.version_of(data), "state": data}


def _recorder() -> MoveRecorder:
    """What records a game's moves, each seat's decision as the prompts describe it (in words when read)."""
    return MoveRecorder(prompt_of)


def _loaded(rs: Ruleset, data: Any, root: str) -> State:
    """A position's state (at field `root`), checked against the types, then the laws of the rules,
    then settled (forced steps come first, before anything copies it); RecordError if it is broken."""
    state = records.state_from_dict(rs, data, root)
    try:
        laws.check(state)
        loop.settle(state)
        laws.check_goes_on(state)
    except RecordError as e:
        raise RecordError(root + e.field.removeprefix("state"), e.problem) from None
    return state


def _start_from_options(rs: Ruleset, options: Any) -> State:
    if not isinstance(options, dict):
        raise RecordError("options", N_("expected an object"))
    try:
        return _new_state(rs, options.get("players"), options.get("seed"),
                          {k: v for k, v in options.items() if k not in ("players", "seed")})
    except OptionError as e:
        raise RecordError(f"options.{e.option}", e.problem) from None


def _new_state(rs: Ruleset, players: Any, seed: Any, options: dict[str, Any]) -> State:
    check_options(rs, players, seed, options)
    state = new_state(rs, list(players), seed, **options)
    loop.settle(state)
    return state


def new_game(players: list[str], seed: int = 0, components: Components | None = None, **options: Any) -> Game:
    """Start a game.

    Args:
        players: 2-4 player names, or one name with ``solo_level`` to play against Andrew Carnegie: no two the
            same name and none with an invisible character (``rules.names``), kept in NFC.
        seed: The setup's random draws (the same seed, the same deal).
        components: Other component data (``load_components(folder)``); the shipped data by default.
        **options: ``solo_level`` (1-4), ``departments`` ("base", "base+expansion" or
            "expansion-open-bar"), ``tab_side`` ("A" or "B"), ``remove_for_four`` (tiles removed at random
            in a 4-player game); each option's type, default and allowed values: ``GAME_OPTIONS``.

    Returns:
        The game at its first decision.

    Raises:
        OptionError: A bad name, count, seed or option, naming it (a CarnegieError).
    """
    return Game(_new_state(ruleset_for(components), normal_names(players), seed, options))


def check_new_game(players: list[str], seed: int = 0, components: Components | None = None, **options: Any) -> None:
    """Raise the OptionError that ``new_game`` would raise with these arguments, without starting it."""
    check_options(ruleset_for(components), players, seed, options)

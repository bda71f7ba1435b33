"""The store's errors: every one a :class:`~carnegie_lab.core.errors.CarnegieError`."""
from __future__ import annotations

from ..core.errors import CarnegieError


class StoreError(CarnegieError):
    """A game store refused a request: a bad game id, an unknown game, a busy or broken database."""


class StoreFileError(StoreError):
    """The file is not a carnegie_lab game store (not SQLite, damaged, another program's database,
    or a newer schema). The file is left exactly as it was."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        self._say("{path}: {problem}", path=path, problem=problem)


class GameNotFound(StoreError):
    """No game with this id in the store."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._say("no game {game} in the store", game=repr(game_id))


class StoreReadOnly(StoreError):
    """The store can be read but not written (a read-only file, folder or disk): games cannot be kept."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        self._say("{path}: the game store cannot be written ({problem})", path=path, problem=problem)


class StoreFull(StoreError):
    """The store holds its maximum number of games (``max_games``, the trash included)."""

    def __init__(self, path: str, limit: int):
        self.path, self.limit = path, limit
        self._say("the game store is full ({limit} games, the trash included): no new game can be kept until its "
                  "keeper empties the trash (carnegie-lab games purge)", limit=limit)


class StoreConflict(StoreError):
    """Optimistic concurrency: the stored game does not have the expected number of actions (another
    writer was first). ``count`` is the number of actions stored now."""

    def __init__(self, game_id: str, expected: int, count: int):
        self.game_id, self.expected, self.count = game_id, expected, count
        self._say("game {game} has {count} actions, not {expected}: another writer was first", game=repr(game_id),
                  count=count, expected=expected)


class NotTheStoredGame(StoreConflict):
    """An append played on a writer's game that is not the stored one (its options, start or actions differ):
    the writer's copy is out of date, as when another writer was first."""

    def __init__(self, game_id: str, count: int):
        self.game_id, self.expected, self.count = game_id, count, count
        self._say("game {game}: the game given is not the stored one (its options, start or actions differ)",
                  game=repr(game_id))


class NotAnUndo(StoreError):
    """A save that would take actions from a stored game, or put other ones in their place: a game's
    actions only ever grow, except by an undo that its owner key or one of its seat tokens asks for."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._say("game {game}: a stored game's actions only grow, except by an undo of its owner or one of its "
                  "seats", game=repr(game_id))


__all__ = ["GameNotFound", "NotAnUndo", "NotTheStoredGame", "StoreConflict", "StoreError", "StoreFileError",
           "StoreFull", "StoreReadOnly"]

"""A game store in one SQLite file: games saved whole or one action at a time, listed, deleted,
and seat tokens for friends playing from separate browsers. See docs/store.md.

    store = GameStore("games.db")
    game_id = store.save(cl.new_game(["Ada", "Bo"], seed=7))      # a new id, 16 characters
    store.append(game_id, "house pittsburgh", expected_count=0)   # -> 1, the new count
    store.load(game_id).actions                                    # -> ['house pittsburgh']

A stored game is the engine's record: its options (and ``start`` position, if it has one) and one row
per action. ``load`` rebuilds the record and replays it with ``Game.from_record``; ``record`` gives
the record itself, for export. Only the standard library's ``sqlite3`` is used.

Concurrency: one SQLite connection per thread and per process (made on first use), WAL mode, writes
in ``BEGIN IMMEDIATE`` transactions that wait up to ``timeout`` seconds for the lock. ``append``
is optimistic: it adds an action only if the stored game has exactly ``expected_count`` actions,
otherwise it raises ``StoreConflict`` with the current count, so two writers racing for the same
decision never both win.
"""
from __future__ import annotations

from .errors import (
    GameNotFound,
    NotAnUndo,
    NotTheStoredGame,
    StoreConflict,
    StoreError,
    StoreFileError,
    StoreFull,
    StoreReadOnly,
)
from .file import APPLICATION_ID, SCHEMA_VERSION
from .games import GameStore
from .values import MAX_APP, MAX_LABEL, MAX_NAME, STORE_ENV, GameInfo, check_names, default_path, new_key

__all__ = ["APPLICATION_ID", "MAX_APP", "MAX_LABEL", "MAX_NAME", "SCHEMA_VERSION", "STORE_ENV", "GameInfo",
           "GameNotFound", "GameStore", "NotAnUndo", "NotTheStoredGame", "StoreConflict", "StoreError",
           "StoreFileError", "StoreFull", "StoreReadOnly", "check_names", "default_path", "new_key"]

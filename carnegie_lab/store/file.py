"""A store's SQLite file: opened and checked (ours, its schema migrated), one connection per thread and
process, transactions that wait for the lock, sqlite3's errors as StoreErrors."""
from __future__ import annotations

import builtins
import os
import sqlite3
import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator, TypeVar

from ..core.i18n import N_, Message
from .errors import StoreError, StoreFileError, StoreReadOnly
from .values import Cached

#: ``PRAGMA application_id`` of every carnegie_lab store: the bytes "CRNG".
APPLICATION_ID = 0x43524E47
_Store = TypeVar("_Store", bound="StoreFile")
SQLITE_MAGIC = b"SQLite format 3\x00"

# -- the schema: migration k takes a database from version k to version k + 1 ----------------------
# A new database runs them all. Never edit a migration that has shipped: add the next one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # v1, the first layout.
    ("""CREATE TABLE games (
            id             TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 16),
            players        TEXT NOT NULL,               -- JSON list of the players' names
            options        TEXT NOT NULL,               -- JSON object: the record's "options"
            start          TEXT,                        -- JSON: the record's "start" state, or NULL
            record_version INTEGER NOT NULL,            -- the record's "version"
            round          INTEGER NOT NULL,
            status         TEXT NOT NULL CHECK (status IN ('setup', 'playing', 'over')),
            action_count   INTEGER NOT NULL CHECK (action_count >= 0),
            created_at     TEXT NOT NULL,               -- ISO 8601, UTC
            updated_at     TEXT NOT NULL
        )""",
     """CREATE TABLE actions (
            game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            idx     INTEGER NOT NULL CHECK (idx >= 0),  -- 0 = the first action
            text    TEXT NOT NULL,                      -- notation, as Game.actions gives it
            UNIQUE (game_id, idx)
        )""",
     """CREATE TABLE seats (
            game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL CHECK (seat >= 0),
            token_hash BLOB NOT NULL CHECK (length(token_hash) = 32),   -- sha256 of the token
            UNIQUE (game_id, seat)
        )"""),
    # v2: a revision per save, so that append can trust the game it replayed last time (a game
    # overwritten by save, or deleted and saved again, gets a new one); an index for list().
    ("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX games_by_change ON games (updated_at DESC, id DESC)"),
    # v3: what the app keeps with a game (who plays each seat: a human or which bot), JSON or NULL.
    ("ALTER TABLE games ADD COLUMN app TEXT",),
    # v4: games belong to someone (the sha256 of the owner key of the browser that started it, NULL
    # for older games) and deleting puts a game in the trash (the time it was deleted, NULL if not).
    ("ALTER TABLE games ADD COLUMN owner_hash BLOB",
     "ALTER TABLE games ADD COLUMN deleted_at TEXT",
     "CREATE INDEX games_by_owner ON games (owner_hash, updated_at DESC, id DESC)"),
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLES = ("games", "actions", "seats")


@contextmanager
def sqlite_errors(path: str) -> Iterator[None]:
    """sqlite3's errors as StoreErrors (the store raises only CarnegieErrors)."""
    try:
        yield
    except sqlite3.Error as e:
        text = str(e)
        if "locked" in text or "busy" in text:
            raise StoreError(N_("{path}: the database stayed busy: {problem}", path=path, problem=text)) from e
        if isinstance(e, sqlite3.DatabaseError) and ("malformed" in text or "not a database" in text):
            raise StoreFileError(path, N_("damaged database ({problem})", problem=text)) from e
        raise StoreError(N_("{path}: {kind}: {problem}", path=path, kind=type(e).__name__, problem=text)) from e


class StoreFile:
    """Games in one SQLite file at ``path`` (created if missing). Safe to share between threads, and
    several processes may open the same file; ``timeout`` is how long a write waits for the lock.

    Raises StoreFileError, and leaves the file untouched, if the file is not a store of ours, and
    StoreReadOnly if it cannot be written (found here, not at the first move). ``max_games``: at
    most that many games, the trash included (StoreFull for one more)."""

    def __init__(self, path: str | os.PathLike[str], timeout: float = 10.0, max_games: int | None = None):
        self.path = os.fspath(path)
        self.timeout = float(timeout)
        self.max_games = max_games
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: builtins.list[tuple[int, sqlite3.Connection]] = []
        self._cache: OrderedDict[str, Cached] = OrderedDict()
        self._closed = False
        self._open_file()

    # -- opening and checking the file ----------------------------------------------------------
    def _open_file(self) -> None:
        """Check the file (read only), then create or migrate the schema in one transaction, then
        switch to WAL. Nothing is written to a file that is not ours."""
        path = self.path
        if path == "" or path.startswith(":memory:") or path.startswith("file:"):
            raise StoreError(N_("a game store needs a file path, not {value}", value=repr(path)))
        if os.path.isdir(path):
            raise StoreFileError(path, N_("is a directory"))
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._check_existing(path)
        conn = self._connect()
        try:
            with sqlite_errors(path):
                conn.execute("BEGIN IMMEDIATE")
                try:
                    version = self._check_schema(conn)      # again, now under the write lock
                    for k in range(version, SCHEMA_VERSION):
                        for statement in MIGRATIONS[k]:
                            conn.execute(statement)
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    # written even when unchanged: a store that cannot be written fails here
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise StoreError(N_("{path}: cannot use WAL mode (journal_mode is {mode})", path=path, mode=repr(mode)))
        except StoreError as e:
            self._forget(conn)
            if "readonly" in str(e) or "read-only" in str(e):
                raise StoreReadOnly(path, str(e.__cause__ or e)) from None
            raise
        except BaseException:
            self._forget(conn)
            raise
        self._local.conn, self._local.pid = conn, os.getpid()

    def _check_existing(self, path: str) -> None:
        """An existing file: its SQLite header, read as bytes (the application id and the schema
        version are in it); a database without an application id is opened ``immutable`` (no lock,
        no journal, no -wal or -shm file) to see whether it is empty. All of it is checked again
        under the write lock, which is where a live WAL database shows its latest state."""
        try:
            with open(path, "rb") as f:
                header = f.read(100)
        except OSError as e:
            raise StoreFileError(path, N_("cannot read the file ({problem})", problem=e.strerror)) from None
        if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
            raise StoreFileError(path, N_("not a SQLite database (not a carnegie_lab game store)"))
        app_id = int.from_bytes(header[68:72], "big", signed=True)
        version = int.from_bytes(header[60:64], "big", signed=True)
        if app_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise StoreFileError(path, newer(version))
            return
        if app_id != 0:
            raise StoreFileError(path, foreign(app_id))
        try:
            ro = sqlite3.connect(f"file:{uri_path(path)}?mode=ro&immutable=1", uri=True)
        except sqlite3.Error as e:
            raise StoreFileError(path, N_("cannot open the database ({problem})", problem=str(e))) from None
        try:
            with sqlite_errors(path):
                self._check_schema(ro)
        finally:
            ro.close()

    def _check_schema(self, conn: sqlite3.Connection) -> int:
        """The schema version of a store of ours (0: an empty database); StoreFileError otherwise."""
        path = self.path
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")]
        if app_id == 0:
            if names or version != 0:
                shown = ", ".join(sorted(names)[:5]) or "none"
                raise StoreFileError(path, N_("a SQLite database of another program (no application_id, user_version "
                                              "{version}, tables: {tables})", version=version, tables=shown))
            return 0
        if app_id != APPLICATION_ID:
            raise StoreFileError(path, foreign(app_id))
        if version > SCHEMA_VERSION:
            raise StoreFileError(path, newer(version))
        if version < 1 and names:
            raise StoreFileError(path, N_("a game store without a schema version"))
        missing = [t for t in TABLES if t not in names] if version >= 1 else []
        if missing:
            raise StoreFileError(path, N_("damaged game store: no table {table}", table=missing[0]))
        return version

    def _connect(self) -> sqlite3.Connection:
        with sqlite_errors(self.path):
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            # WAL + NORMAL: no fsync per commit; the database stays consistent, and a crash of the
            # program loses nothing, a power cut at most the last commits.
            conn.execute("PRAGMA synchronous = NORMAL")
        with self._lock:
            self._connections.append((os.getpid(), conn))
        return conn

    def _forget(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            self._connections = [(p, c) for p, c in self._connections if c is not conn]
        conn.close()

    def _conn(self) -> sqlite3.Connection:
        """This thread's connection (a new one in a new thread or a forked process)."""
        if self._closed:
            raise StoreError(N_("{path}: the store is closed", path=self.path))
        pid = os.getpid()
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != pid:
            conn = self._connect()
            try:
                with sqlite_errors(self.path):
                    self._check_schema(conn)
            except BaseException:
                self._forget(conn)
                raise
            self._local.conn, self._local.pid = conn, pid
        return conn

    def close(self) -> None:
        """Close this process's connections (the store can no longer be used)."""
        self._closed = True
        pid = os.getpid()
        with self._lock:
            mine = [c for p, c in self._connections if p == pid]
            self._connections = [(p, c) for p, c in self._connections if p != pid]
            self._cache.clear()
        for conn in mine:
            conn.close()       # a connection inherited through fork is never closed by the child

    def __enter__(self: _Store) -> _Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"GameStore({self.path!r})"

    # -- transactions ---------------------------------------------------------------------------
    @contextmanager
    def _transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        """A write transaction takes the write lock at once (BEGIN IMMEDIATE, waiting up to
        ``timeout``); a read transaction sees one snapshot of the database."""
        conn = self._conn()
        with sqlite_errors(self.path):
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise


def foreign(app_id: int) -> Message:
    return N_("a SQLite database of another program (application_id {id}, a game store has {ours})", id=f"{app_id:#x}",
              ours=f"{APPLICATION_ID:#x}")


def newer(version: int) -> Message:
    return N_("a game store of schema version {version}, newer than this carnegie_lab (version {ours}); upgrade "
              "carnegie_lab", version=version, ours=SCHEMA_VERSION)


def uri_path(path: str) -> str:
    from urllib.parse import quote
    return quote(os.path.abspath(path))

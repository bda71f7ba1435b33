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

import builtins
import hashlib
import hmac
import json
import os
import re
import secrets
import sqlite3
import threading
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Sequence

from ..core.errors import CarnegieError, OptionError, needs_extra
from ..engine import Game

__all__ = ["APPLICATION_ID", "MAX_LABEL", "MAX_NAME", "SCHEMA_VERSION", "STORE_ENV", "GameInfo", "GameNotFound",
           "GameStore", "StoreConflict", "StoreError", "StoreFileError", "StoreFull", "StoreReadOnly",
           "check_names", "default_path", "new_key"]

#: ``PRAGMA application_id`` of every carnegie_lab store: the bytes "CRNG".
APPLICATION_ID = 0x43524E47
#: The record format the store rebuilds (the engine's ``records.RECORD``).
RECORD_FORMAT = "carnegie_lab.record"
SQLITE_MAGIC = b"SQLite format 3\x00"

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{16}")     # secrets.token_urlsafe(12)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")       # secrets.token_urlsafe(16)
_STATUSES = ("setup", "playing", "over")
#: The longest player name and game label a store keeps (everyone's games list shows them).
MAX_NAME = 40
MAX_LABEL = 80

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
_TABLES = ("games", "actions", "seats")


# -- errors ------------------------------------------------------------------------------------------
class StoreError(CarnegieError):
    """A game store refused a request: a bad game id, an unknown game, a busy or broken database."""


class StoreFileError(StoreError):
    """The file is not a carnegie_lab game store (not SQLite, damaged, another program's database,
    or a newer schema). The file is left exactly as it was."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


class GameNotFound(StoreError):
    """No game with this id in the store."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(f"no game {game_id!r} in the store")


class StoreReadOnly(StoreError):
    """The store can be read but not written (a read-only file, folder or disk): games cannot be kept."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: the game store cannot be written ({problem})")


class StoreFull(StoreError):
    """The store holds its maximum number of games (``max_games``, the trash included)."""

    def __init__(self, path: str, limit: int):
        self.path, self.limit = path, limit
        super().__init__(f"the game store is full ({limit} games, the trash included): no new game can be "
                         "kept until its keeper empties the trash (carnegie-lab games purge)")


class StoreConflict(StoreError):
    """Optimistic concurrency: the stored game does not have the expected number of actions (another
    writer was first). ``count`` is the number of actions stored now."""

    def __init__(self, game_id: str, expected: int, count: int):
        self.game_id, self.expected, self.count = game_id, expected, count
        super().__init__(f"game {game_id!r} has {count} actions, not {expected}: another writer was first")


@dataclass(frozen=True)
class GameInfo:
    """One line of ``GameStore.list()``."""
    id: str
    players: tuple[str, ...]
    options: dict[str, Any]
    round: int
    status: str            # "setup", "playing" or "over"
    updated_at: str        # ISO 8601, UTC: the last save or append
    actions: int           # the number of actions stored
    app: dict[str, Any] | None = None      # what the app keeps with the game (save's ``app``)
    revision: int = 0                      # a new value at every save (appends keep it)
    seated: tuple[int, ...] = ()           # the seats that have a token (add_seat_tokens)
    owned: bool = False                    # the game has an owner (save's ``owner``)
    deleted_at: str | None = None          # in the trash since then (ISO 8601, UTC), or None


@dataclass
class _Cached:
    revision: int
    game: Game


def new_game_id() -> str:
    return secrets.token_urlsafe(12)


def new_key() -> str:
    """A new secret key, the shape of seat tokens and owner keys (128 bits)."""
    return secrets.token_urlsafe(16)


def check_names(players: Sequence[str], label: str | None = None) -> None:
    """OptionError unless every player name and the label are within MAX_NAME / MAX_LABEL characters."""
    for name in players:
        if len(name) > MAX_NAME:
            raise OptionError("players", f"a player's name has at most {MAX_NAME} characters, not {len(name)} "
                                         f"({name[:20]!r}...)")
    if label is not None and len(label) > MAX_LABEL:
        raise OptionError("label", f"a game's label has at most {MAX_LABEL} characters, not {len(label)}")


#: The environment variable that tells the app's kernels where the store is (``carnegie-lab app
#: --store PATH`` sets it for the server and so for every kernel).
STORE_ENV = "CARNEGIE_LAB_STORE"


def default_path() -> str:
    """Where the app keeps its games unless told otherwise: ``games.db`` in the user's data folder
    (platformdirs: ~/.local/share/carnegie-lab on Linux, ~/Library/Application Support/carnegie-lab
    on macOS, %LOCALAPPDATA%\\carnegie-lab on Windows). The folder is not created here."""
    with needs_extra("app"):
        import platformdirs
    return os.path.join(platformdirs.user_data_dir("carnegie-lab", appauthor=False), "games.db")


def _check_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise StoreError(f"not a game id: {_short(game_id)} (expected 16 characters of A-Z a-z 0-9 _ -)")
    return game_id


def _check_key(key: object, what: str) -> str:
    if not isinstance(key, str) or not _TOKEN.fullmatch(key):
        raise StoreError(f"not an {what}: {_short(key)} (expected 22 characters of A-Z a-z 0-9 _ -)")
    return key


def _check_time(when: object) -> str:
    """An ISO 8601 time as the store writes them (UTC, microseconds), so that they compare as text."""
    try:
        moment = datetime.fromisoformat(str(when))
    except ValueError:
        raise StoreError(f"not a time: {_short(when)} (expected ISO 8601, e.g. 2026-12-01T00:00:00+00:00)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StoreError(f"{name} must be a whole number >= 0, got {_short(value)}")
    return value


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _status(game: Game) -> str:
    if game.is_over:
        return "over"
    return "setup" if game.round == 0 else "playing"


def _hash(token: str) -> bytes:
    return hashlib.sha256(token.encode("ascii")).digest()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@contextmanager
def _sqlite_errors(path: str) -> Iterator[None]:
    """sqlite3's errors as StoreErrors (the store raises only CarnegieErrors)."""
    try:
        yield
    except sqlite3.Error as e:
        text = str(e)
        if "locked" in text or "busy" in text:
            raise StoreError(f"{path}: the database stayed busy: {text}") from e
        if isinstance(e, sqlite3.DatabaseError) and ("malformed" in text or "not a database" in text):
            raise StoreFileError(path, f"damaged database ({text})") from e
        raise StoreError(f"{path}: {type(e).__name__}: {text}") from e


# -- the store ---------------------------------------------------------------------------------------
class GameStore:
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
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._closed = False
        self._open_file()

    # -- opening and checking the file ----------------------------------------------------------
    def _open_file(self) -> None:
        """Check the file (read only), then create or migrate the schema in one transaction, then
        switch to WAL. Nothing is written to a file that is not ours."""
        path = self.path
        if path == "" or path.startswith(":memory:") or path.startswith("file:"):
            raise StoreError(f"a game store needs a file path, not {path!r}")
        if os.path.isdir(path):
            raise StoreFileError(path, "is a directory")
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._check_existing(path)
        conn = self._connect()
        try:
            with _sqlite_errors(path):
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
                raise StoreError(f"{path}: cannot use WAL mode (journal_mode is {mode!r})")
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
            raise StoreFileError(path, f"cannot read the file ({e.strerror})") from None
        if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
            raise StoreFileError(path, "not a SQLite database (not a carnegie_lab game store)")
        app_id = int.from_bytes(header[68:72], "big", signed=True)
        version = int.from_bytes(header[60:64], "big", signed=True)
        if app_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise StoreFileError(path, _newer(version))
            return
        if app_id != 0:
            raise StoreFileError(path, _foreign(app_id))
        try:
            ro = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro&immutable=1", uri=True)
        except sqlite3.Error as e:
            raise StoreFileError(path, f"cannot open the database ({e})") from None
        try:
            with _sqlite_errors(path):
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
                raise StoreFileError(path, f"a SQLite database of another program (no application_id, "
                                           f"user_version {version}, tables: {shown})")
            return 0
        if app_id != APPLICATION_ID:
            raise StoreFileError(path, _foreign(app_id))
        if version > SCHEMA_VERSION:
            raise StoreFileError(path, _newer(version))
        if version < 1 and names:
            raise StoreFileError(path, "a game store without a schema version")
        missing = [t for t in _TABLES if t not in names] if version >= 1 else []
        if missing:
            raise StoreFileError(path, f"damaged game store: no table {missing[0]}")
        return version

    def _connect(self) -> sqlite3.Connection:
        with _sqlite_errors(self.path):
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
            raise StoreError(f"{self.path}: the store is closed")
        pid = os.getpid()
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != pid:
            conn = self._connect()
            try:
                with _sqlite_errors(self.path):
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

    def __enter__(self) -> GameStore:
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
        with _sqlite_errors(self.path):
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    # -- saving and loading ---------------------------------------------------------------------
    def save(self, game: Game, game_id: str | None = None, *, expected_count: int | None = None,
             revision: int | None = None, app: dict[str, Any] | None = None, owner: str | None = None) -> str:
        """Store a whole game (one transaction) and give its id: a new id, or ``game_id``, whose
        stored game (if any) is replaced. With ``expected_count``, the stored game must exist and
        have exactly that many actions (StoreConflict otherwise), e.g. for an undo; with
        ``revision`` (as ``append``'s) it must also not have been replaced since. ``app`` is a
        JSON object the app keeps with the game (who plays each seat, its ``label``); None keeps the
        stored one. ``owner``: the owner key of a new game (its hash is kept; a stored game keeps its
        owner). Names and the label longer than MAX_NAME / MAX_LABEL are an OptionError; a game in the
        trash is not found; a new game in a full store is StoreFull."""
        if not isinstance(game, Game):
            raise StoreError(f"save expects a carnegie_lab Game, got {type(game).__name__}")
        gid = new_game_id() if game_id is None else _check_id(game_id)
        if expected_count is not None:
            _check_count(expected_count, "expected_count")
        if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
            raise StoreError(f"revision must be a whole number, got {_short(revision)}")
        if app is not None and not isinstance(app, dict):
            raise StoreError(f"app must be a JSON object (a dict), got {type(app).__name__}")
        label = app.get("label") if app is not None else None
        check_names(game.players, label if isinstance(label, str) else None)
        owner_hash = None if owner is None else _hash(_check_key(owner, "owner key"))
        try:
            app_text = None if app is None else _dumps(app)
        except (TypeError, ValueError) as e:
            raise StoreError(f"app is not JSON: {e}") from None
        record = game.to_record()
        if record.get("format") != RECORD_FORMAT:
            raise StoreError(f"unknown record format {record.get('format')!r}")
        actions: builtins.list[str] = record["actions"]
        start = _dumps(record["start"]) if "start" in record else None
        new_revision = secrets.randbits(62) + 1
        now = _now()
        with self._transaction(write=True) as conn:
            row = conn.execute("SELECT action_count, revision, deleted_at FROM games WHERE id = ?", (gid,)).fetchone()
            if row is not None and row[2] is not None:
                raise GameNotFound(gid)              # in the trash: restored by carnegie-lab games restore
            if expected_count is not None or revision is not None:
                if row is None:
                    raise GameNotFound(gid)
                if (expected_count is not None and row[0] != expected_count) or \
                        (revision is not None and row[1] != revision):
                    raise StoreConflict(gid, row[0] if expected_count is None else expected_count, row[0])
            values = (_dumps(game.players), _dumps(record["options"]), start, record["version"], game.round,
                      _status(game), len(actions), now, new_revision)
            if row is None:
                self._check_room(conn)
                conn.execute("INSERT INTO games (players, options, start, record_version, round, status, "
                             "action_count, updated_at, revision, created_at, app, owner_hash, id) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             values + (now, app_text, owner_hash, gid))
            else:
                conn.execute("UPDATE games SET players = ?, options = ?, start = ?, record_version = ?, "
                             "round = ?, status = ?, action_count = ?, updated_at = ?, revision = ?, "
                             "app = coalesce(?, app) WHERE id = ?", values + (app_text, gid))
                conn.execute("DELETE FROM actions WHERE game_id = ?", (gid,))
                conn.execute("DELETE FROM seats WHERE game_id = ? AND seat >= ?", (gid, len(game.players)))
            conn.executemany("INSERT INTO actions (game_id, idx, text) VALUES (?, ?, ?)",
                             ((gid, i, text) for i, text in enumerate(actions)))
        self._remember(gid, _Cached(new_revision, game.copy()))
        return gid

    def record(self, game_id: str) -> dict[str, Any]:
        """The stored game as the engine's record (``format``, ``version``, ``options``, ``actions``
        and ``start`` if it has one), read in one snapshot: for export, or ``Game.from_record``."""
        _, _, head, actions = self._read(_check_id(game_id), since=0)
        return _record(*head, actions)

    def load(self, game_id: str) -> Game:
        """The stored game, replayed from its record (``Game.from_record``; a RecordError if the
        record no longer replays, e.g. on other component data)."""
        return Game.from_record(self.record(game_id))

    def append(self, game_id: str, action_text: str, expected_count: int, *, revision: int | None = None) -> int:
        """Add one action to a stored game if it has exactly ``expected_count`` actions, and give the
        new count. StoreConflict (with the current count) if it has not: another writer was first.
        The action must be legal in the stored game (the engine's NotationError, IllegalActionError or
        GameOverError otherwise, and nothing is stored); it is stored as the engine writes it.
        With ``revision`` (``info(game_id).revision`` when the writer read the game), the game must
        also not have been replaced by a ``save`` since (StoreConflict otherwise): a game undone and
        played again elsewhere can have the expected count and yet not be the writer's game."""
        gid = _check_id(game_id)
        expected = _check_count(expected_count, "expected_count")
        if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
            raise StoreError(f"revision must be a whole number, got {_short(revision)}")
        if not isinstance(action_text, str):
            raise StoreError(f"an action is text, got {type(action_text).__name__}")
        for _ in range(5):
            cached = self._game_at(gid)
            count = len(cached.game.actions)
            if count != expected:
                self._remember(gid, cached)
                raise StoreConflict(gid, expected, count)
            game = cached.game.copy()
            try:
                game.apply(action_text)           # raises, and then leaves the game as it was
            finally:
                self._remember(gid, cached)
            with self._transaction(write=True) as conn:
                row = conn.execute("SELECT action_count, revision FROM games WHERE id = ? AND deleted_at IS NULL",
                                   (gid,)).fetchone()
                if row is None:
                    raise GameNotFound(gid)
                if row[0] != expected or (revision is not None and row[1] != revision):
                    raise StoreConflict(gid, expected, row[0])
                if row[1] == cached.revision:
                    try:
                        conn.execute("INSERT INTO actions (game_id, idx, text) VALUES (?, ?, ?)",
                                     (gid, expected, game.actions[-1]))
                    except sqlite3.IntegrityError:        # cannot happen while action_count is right
                        raise StoreConflict(gid, expected, expected + 1) from None
                    conn.execute("UPDATE games SET action_count = ?, round = ?, status = ?, updated_at = ? "
                                 "WHERE id = ?", (expected + 1, game.round, _status(game), _now(), gid))
                    done = True
                else:
                    done = False          # replaced by save with as many actions: check it again
            if done:
                self._remember(gid, _Cached(cached.revision, game))
                return expected + 1
        raise StoreError(f"game {gid!r} keeps being replaced; append gave up")

    def _game_at(self, gid: str) -> _Cached:
        """The stored game, replayed: from the game this store replayed last time if its revision is
        still the stored one (then only the newer actions are applied), else from its record."""
        with self._lock:
            cached = self._cache.pop(gid, None)
        if cached is not None:
            known = len(cached.game.actions)
            revision, count, head, newer = self._read(gid, since=known)
            if revision == cached.revision and known + len(newer) == count:
                try:
                    for text in newer:
                        cached.game.apply(text)
                    return cached
                except CarnegieError:
                    pass                      # not the game we thought: replay it from its record
        revision, count, head, actions = self._read(gid, since=0)
        return _Cached(revision, Game.from_record(_record(*head, actions)))

    def _read(self, gid: str, since: int) -> tuple[int, int, tuple[str, str | None, int], builtins.list[str]]:
        """One snapshot of a game: revision, action count, (options, start, record version) and the
        actions from number ``since`` on."""
        with self._transaction(write=False) as conn:
            row = conn.execute("SELECT revision, action_count, options, start, record_version FROM games "
                               "WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
            if row is None:
                raise GameNotFound(gid)
            actions = [r[0] for r in conn.execute("SELECT text FROM actions WHERE game_id = ? AND idx >= ? "
                                                  "ORDER BY idx", (gid, since))]
        return row[0], row[1], (row[2], row[3], row[4]), actions

    def _remember(self, gid: str, cached: _Cached) -> None:
        with self._lock:
            self._cache[gid] = cached
            self._cache.move_to_end(gid)
            while len(self._cache) > 32:
                self._cache.popitem(last=False)

    # -- listing, the trash ----------------------------------------------------------------------
    _INFO = ("SELECT id, players, options, round, status, updated_at, action_count, app, revision, "
             "(SELECT group_concat(seat) FROM (SELECT seat FROM seats WHERE seats.game_id = games.id "
             "ORDER BY seat)), owner_hash IS NOT NULL, deleted_at FROM games")

    @staticmethod
    def _info(r: Sequence[Any]) -> GameInfo:
        seated = tuple(int(x) for x in r[9].split(",")) if r[9] else ()
        return GameInfo(id=r[0], players=tuple(json.loads(r[1])), options=json.loads(r[2]), round=r[3],
                        status=r[4], updated_at=r[5], actions=r[6], app=json.loads(r[7]) if r[7] else None,
                        revision=r[8], seated=seated, owned=bool(r[10]), deleted_at=r[11])

    def _where(self, owner: str | None, trash: bool) -> tuple[str, builtins.list[Any]]:
        where = " WHERE deleted_at IS NOT NULL" if trash else " WHERE deleted_at IS NULL"
        if owner is None:
            return where, []
        return where + " AND owner_hash = ?", [_hash(_check_key(owner, "owner key"))]

    def list(self, *, owner: str | None = None, limit: int | None = None, offset: int = 0,
             trash: bool = False) -> builtins.list[GameInfo]:
        """Stored games, the last changed first: every one, or those of ``owner`` (an owner key), at
        most ``limit`` of them from the ``offset``-th on; ``trash``: the games in the trash instead."""
        where, args = self._where(owner, trash)
        page = ""
        if limit is not None:
            page = " LIMIT ? OFFSET ?"
            args += [_check_count(limit, "limit"), _check_count(offset, "offset")]
        with self._transaction(write=False) as conn:
            rows = conn.execute(self._INFO + where + " ORDER BY updated_at DESC, id DESC" + page, args).fetchall()
        return [self._info(r) for r in rows]

    def count(self, *, owner: str | None = None, trash: bool = False) -> int:
        """How many games ``list`` would give without a limit."""
        where, args = self._where(owner, trash)
        with self._transaction(write=False) as conn:
            return conn.execute("SELECT count(*) FROM games" + where, args).fetchone()[0]

    def info(self, game_id: str) -> GameInfo:
        """One game's line of ``list()`` (GameNotFound if there is none, or it is in the trash): cheap
        enough to poll, and ``(revision, actions)`` changes whenever the stored game does."""
        gid = _check_id(game_id)
        with self._transaction(write=False) as conn:
            row = conn.execute(self._INFO + " WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
        if row is None:
            raise GameNotFound(gid)
        return self._info(row)

    def is_owner(self, game_id: str, owner: object) -> bool:
        """The game (not in the trash) belongs to this owner key (compared in constant time); False for
        a wrong or malformed key and for a game without an owner."""
        gid = _check_id(game_id)
        with self._transaction(write=False) as conn:
            row = conn.execute("SELECT owner_hash FROM games WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
        if row is None:
            raise GameNotFound(gid)
        if row[0] is None or not isinstance(owner, str) or not _TOKEN.fullmatch(owner):
            return False
        return hmac.compare_digest(_hash(owner), bytes(row[0]))

    def transfer(self, old_owner: str, new_owner: str) -> int:
        """Give every game of one owner key to another (a page that made games before its browser's
        own key arrived); how many."""
        old, new = _hash(_check_key(old_owner, "owner key")), _hash(_check_key(new_owner, "owner key"))
        with self._transaction(write=True) as conn:
            return conn.execute("UPDATE games SET owner_hash = ? WHERE owner_hash = ?", (new, old)).rowcount

    def check_room(self) -> None:
        """StoreFull if a new game could not be saved now (``max_games`` reached)."""
        with self._transaction(write=False) as conn:
            self._check_room(conn)

    def _check_room(self, conn: sqlite3.Connection) -> None:
        if self.max_games is not None and conn.execute("SELECT count(*) FROM games").fetchone()[0] >= self.max_games:
            raise StoreFull(self.path, self.max_games)

    def delete(self, game_id: str) -> None:
        """Put a game in the trash (GameNotFound if there is none): it is no longer listed, opened or
        played; ``restore`` brings it back, ``purge`` removes it for good."""
        gid = _check_id(game_id)
        with self._transaction(write=True) as conn:
            if conn.execute("UPDATE games SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL",
                            (_now(), gid)).rowcount == 0:
                raise GameNotFound(gid)
        with self._lock:
            self._cache.pop(gid, None)

    def restore(self, game_id: str) -> None:
        """Take a game out of the trash (GameNotFound if it is not there)."""
        gid = _check_id(game_id)
        with self._transaction(write=True) as conn:
            if conn.execute("UPDATE games SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL",
                            (gid,)).rowcount == 0:
                raise GameNotFound(gid)

    def purge(self, game_id: str | None = None, *, before: str | None = None) -> int:
        """Remove games from the trash for good, with their actions and seat tokens: one game, or every
        game in the trash (deleted before ``before``, an ISO 8601 time, if given); how many."""
        where, args = "deleted_at IS NOT NULL", []
        if game_id is not None:
            where, args = where + " AND id = ?", [_check_id(game_id)]
        if before is not None:
            where, args = where + " AND deleted_at < ?", args + [_check_time(before)]
        with self._transaction(write=True) as conn:
            ids = [r[0] for r in conn.execute(f"SELECT id FROM games WHERE {where}", args)]
            for table, column in (("seats", "game_id"), ("actions", "game_id"), ("games", "id")):
                conn.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(gid,) for gid in ids])
        if game_id is not None and not ids:
            raise GameNotFound(game_id)
        return len(ids)

    # -- seat tokens ----------------------------------------------------------------------------
    def add_seat_tokens(self, game_id: str, seats: Iterable[int]) -> dict[int, str]:
        """A new secret token for each of these seats (0 = the first player), to send to the friend
        who plays it; a seat's earlier token stops working. Only the tokens' sha256 is stored."""
        gid = _check_id(game_id)
        wanted: builtins.list[int] = []
        for seat in seats:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise StoreError(f"a seat is a whole number, got {_short(seat)}")
            if seat not in wanted:
                wanted.append(seat)
        tokens = {seat: new_key() for seat in wanted}
        with self._transaction(write=True) as conn:
            row = conn.execute("SELECT players FROM games WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
            if row is None:
                raise GameNotFound(gid)
            n = len(json.loads(row[0]))
            for seat in wanted:
                if not 0 <= seat < n:
                    raise StoreError(f"game {gid!r} has seats 0-{n - 1}, not {seat}")
            conn.executemany("INSERT INTO seats (game_id, seat, token_hash) VALUES (?, ?, ?) "
                             "ON CONFLICT (game_id, seat) DO UPDATE SET token_hash = excluded.token_hash",
                             [(gid, seat, _hash(token)) for seat, token in tokens.items()])
        return tokens

    def seat_for(self, game_id: str, token: object) -> int | None:
        """The seat this token was issued for, or None (a wrong, stale or missing token). The token's
        hash is compared with every seat's in constant time."""
        gid = _check_id(game_id)
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            return None
        with self._transaction(write=False) as conn:
            rows = conn.execute("SELECT seat, token_hash FROM seats JOIN games ON games.id = seats.game_id "
                                "WHERE game_id = ? AND deleted_at IS NULL ORDER BY seat", (gid,)).fetchall()
        digest = _hash(token)
        found: int | None = None
        for seat, stored in rows:
            if hmac.compare_digest(digest, bytes(stored)) and found is None:
                found = seat
        return found


def _record(options: str, start: str | None, version: int, actions: Sequence[str]) -> dict[str, Any]:
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": version, "options": json.loads(options),
                              "actions": list(actions)}
    if start is not None:
        record["start"] = json.loads(start)
    return record


def _foreign(app_id: int) -> str:
    return f"a SQLite database of another program (application_id {app_id:#x}, a game store has {APPLICATION_ID:#x})"


def _newer(version: int) -> str:
    return (f"a game store of schema version {version}, newer than this carnegie_lab (version {SCHEMA_VERSION}); "
            f"upgrade carnegie_lab")


def _uri_path(path: str) -> str:
    from urllib.parse import quote
    return quote(os.path.abspath(path))

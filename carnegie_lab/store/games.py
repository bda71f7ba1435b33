"""The games of a store: saved whole or one action at a time, loaded, listed, in the trash, with seat tokens."""
from __future__ import annotations

import builtins
import hmac
import json
import secrets
import sqlite3
from typing import Any, Iterable, Sequence

from ..core.errors import CarnegieError
from ..core.i18n import N_
from ..engine import Game
from .errors import GameNotFound, NotAnUndo, NotTheStoredGame, StoreConflict, StoreError, StoreFull
from .file import StoreFile
from .values import (
    MAX_APP,
    RECORD_FORMAT,
    TOKEN,
    Cached,
    GameInfo,
    check_count,
    check_id,
    check_key,
    check_names,
    check_time,
    dumps,
    hash_key,
    new_game_id,
    new_key,
    record_of,
    short,
    status_of,
    utc_now,
)


class GameStore(StoreFile):
    """Games in one SQLite file at ``path`` (created if missing). Safe to share between threads, and
    several processes may open the same file; ``timeout`` is how long a write waits for the lock.

    Raises StoreFileError, and leaves the file untouched, if the file is not a store of ours, and
    StoreReadOnly if it cannot be written (found here, not at the first move). ``max_games``: at
    most that many games, the trash included (StoreFull for one more)."""

    # -- saving and loading ---------------------------------------------------------------------
    def save(self, game: Game, game_id: str | None = None, *, expected_count: int | None = None,
             revision: int | None = None, app: dict[str, Any] | None = None, owner: str | None = None,
             undo_by: str | None = None) -> str:
        """Store a whole game (one transaction) and give its id: a new id, or ``game_id``, whose
        stored game (if any) is replaced by one that goes on from it (its options and start, its
        actions and more), or, for an undo, by its first actions if ``undo_by`` is the game's owner
        key or one of its seat tokens: anything else is NotAnUndo (a stored game's actions only
        ever grow, except by such an undo). With ``expected_count``, the stored game must exist and
        have exactly that many actions (StoreConflict otherwise), e.g. for an undo; with
        ``revision`` (as ``append``'s) it must also not have been replaced since. ``app`` is a
        JSON object the app keeps with the game (who plays each seat, its ``label``); None keeps the
        stored one. ``owner``: the owner key of a new game (its hash is kept; a stored game keeps its
        owner). Names and the label longer than MAX_NAME / MAX_LABEL are an OptionError; a game in the
        trash is not found; a new game in a full store is StoreFull."""
        if not isinstance(game, Game):
            raise StoreError(N_("save expects a carnegie_lab Game, got {kind}", kind=type(game).__name__))
        gid = new_game_id() if game_id is None else check_id(game_id)
        if expected_count is not None:
            check_count(expected_count, "expected_count")
        if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
            raise StoreError(N_("revision must be a whole number, got {value}", value=short(revision)))
        if app is not None and not isinstance(app, dict):
            raise StoreError(N_("app must be a JSON object (a dict), got {kind}", kind=type(app).__name__))
        label = app.get("label") if app is not None else None
        check_names(game.players, label if isinstance(label, str) else None)
        owner_hash = None if owner is None else hash_key(check_key(owner))
        try:
            app_text = None if app is None else dumps(app)
        except (TypeError, ValueError) as e:
            raise StoreError(N_("app is not JSON: {problem}", problem=str(e))) from None
        record = game.to_record()
        if record.get("format") != RECORD_FORMAT:
            raise StoreError(N_("unknown record format {value}", value=repr(record.get("format"))))
        actions: builtins.list[str] = record["actions"]
        start = dumps(record["start"]) if "start" in record else None
        new_revision = secrets.randbits(62) + 1
        now = utc_now()
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
            values = (dumps(game.players), dumps(record["options"]), start, record["version"], game.round,
                      status_of(game), len(actions), now, new_revision)
            if row is not None:
                self._check_goes_on(conn, gid, record, start, undo_by)
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
        self._remember(gid, Cached(new_revision, game.copy()))
        return gid

    @staticmethod
    def _same_start(conn: sqlite3.Connection, gid: str, record: dict[str, Any], start: str | None) -> bool:
        """Whether ``record`` has the options, start and record version of the stored game ``gid``."""
        options, stored_start, version = conn.execute(
            "SELECT options, start, record_version FROM games WHERE id = ?", (gid,)).fetchone()
        def same(text: str | None, value: str | None) -> bool:
            return text == value or None not in (text, value) and json.loads(text or "") == json.loads(value or "")
        return same(options, dumps(record["options"])) and same(stored_start, start) and version == record["version"]

    @classmethod
    def _goes_on(cls, conn: sqlite3.Connection, gid: str, record: dict[str, Any], start: str | None) -> bool:
        """Whether ``record`` goes on from the stored game ``gid``: the same start, the stored actions first."""
        return cls._same_start(conn, gid, record, start) and \
            record["actions"][:len(stored := cls._actions(conn, gid))] == stored

    @staticmethod
    def _actions(conn: sqlite3.Connection, gid: str) -> builtins.list[str]:
        return [text for (text,) in conn.execute("SELECT text FROM actions WHERE game_id = ? ORDER BY idx", (gid,))]

    @classmethod
    def _check_goes_on(cls, conn: sqlite3.Connection, gid: str, record: dict[str, Any], start: str | None,
                       undo_by: str | None) -> None:
        """NotAnUndo unless ``record`` goes on from the stored game ``gid``, or is an undo of it (its
        first actions) asked for by the game's owner key or one of its seat tokens (``undo_by``)."""
        if not cls._same_start(conn, gid, record, start):
            raise NotAnUndo(gid)
        stored, actions = cls._actions(conn, gid), record["actions"]
        if actions[:len(stored)] == stored:
            return
        if stored[:len(actions)] != actions or not isinstance(undo_by, str) or not TOKEN.fullmatch(undo_by):
            raise NotAnUndo(gid)
        owner_hash, = conn.execute("SELECT owner_hash FROM games WHERE id = ?", (gid,)).fetchone()
        digest = hash_key(undo_by)
        keys = [owner_hash] + [h for (h,) in conn.execute("SELECT token_hash FROM seats WHERE game_id = ?", (gid,))]
        if not any([hmac.compare_digest(digest, bytes(k)) for k in keys if k is not None]):
            raise NotAnUndo(gid)

    def set_app_data(self, game_id: str, key: str, value: Any, *, expected_count: int | None = None,
                     revision: int | None = None) -> None:
        """Set one key of the JSON object the app keeps with a stored game (``save``'s ``app``) to
        ``value``, or remove it (``value`` None), in one transaction: the game's moves, revision and
        ``updated_at`` stay as they were, so the pages that poll ``info`` see no change of the game.
        With ``expected_count`` and ``revision``, the stored game must still have that many actions and
        not have been replaced since (StoreConflict otherwise). A value that is not JSON, or app data
        over MAX_APP characters, is a StoreError (nothing is changed); a game in the trash is not found."""
        gid = check_id(game_id)
        if not isinstance(key, str) or not key:
            raise StoreError(N_("an app data key is a non-empty text, got {value}", value=short(key)))
        if expected_count is not None:
            check_count(expected_count, "expected_count")
        if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
            raise StoreError(N_("revision must be a whole number, got {value}", value=short(revision)))
        if key == "label" and value is not None:
            check_names((), value if isinstance(value, str) else None)
        with self._transaction(write=True) as conn:
            row = conn.execute("SELECT app, action_count, revision FROM games WHERE id = ? AND deleted_at IS NULL",
                               (gid,)).fetchone()
            if row is None:
                raise GameNotFound(gid)
            if (expected_count is not None and row[1] != expected_count) or \
                    (revision is not None and row[2] != revision):
                raise StoreConflict(gid, row[1] if expected_count is None else expected_count, row[1])
            app = json.loads(row[0]) if row[0] else {}
            if value is None:
                app.pop(key, None)
            else:
                app[key] = value
            try:
                text = dumps(app)
            except (TypeError, ValueError) as e:
                raise StoreError(N_("app data is not JSON: {problem}", problem=str(e))) from None
            if len(text) > MAX_APP:
                raise StoreError(N_("a game's app data has at most {most} characters, not {n} (with {key})",
                        most=MAX_APP,
                                    n=len(text), key=repr(key)))
            conn.execute("UPDATE games SET app = ? WHERE id = ?", (text, gid))

    def record(self, game_id: str) -> dict[str, Any]:
        """The stored game as the engine's record (``format``, ``version``, ``options``, ``actions``
        and ``start`` if it has one), read in one snapshot: for export, or ``Game.from_record``."""
        _, _, head, actions = self._read(check_id(game_id), since=0)
        return record_of(*head, actions)

    def load(self, game_id: str) -> Game:
        """The stored game, replayed from its record (``Game.from_record``; a RecordError if the
        record no longer replays, e.g. on other component data)."""
        return Game.from_record(self.record(game_id))

    def append(self, game_id: str, action_text: str, expected_count: int, *, revision: int | None = None,
               game: Game | None = None) -> int:
        """Add one action to a stored game if it has exactly ``expected_count`` actions, and give the
        new count. StoreConflict (with the current count) if it has not: another writer was first.
        The action must be legal in the stored game (the engine's NotationError, IllegalActionError or
        GameOverError otherwise, and nothing is stored); it is stored as the engine writes it.
        With ``revision`` (``info(game_id).revision`` when the writer read the game), the game must
        also not have been replaced by a ``save`` since (StoreConflict otherwise): a game undone and
        played again elsewhere can have the expected count and yet not be the writer's game.

        With ``game`` (the writer's own copy of the stored game) the action is played on it, the one
        play: the store first sees that it is the stored game (its options, start and actions, as ``save``
        sees that a game goes on from the stored one: no replay), and ``game`` changes only if the action
        is stored (StoreConflict, and nothing changes, if it is not the stored game)."""
        gid = check_id(game_id)
        expected = check_count(expected_count, "expected_count")
        if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
            raise StoreError(N_("revision must be a whole number, got {value}", value=short(revision)))
        if not isinstance(action_text, str):
            raise StoreError(N_("an action is text, got {kind}", kind=type(action_text).__name__))
        if game is not None:
            if not isinstance(game, Game):
                raise StoreError(N_("game must be a carnegie_lab Game, got {kind}", kind=type(game).__name__))
            return self._append_onto(gid, game, action_text, expected, revision)
        for _ in range(5):
            cached = self._game_at(gid)
            count = len(cached.game.actions)
            if count != expected:
                self._remember(gid, cached)
                raise StoreConflict(gid, expected, count)
            played = cached.game.copy()
            try:
                played.apply(action_text)           # raises, and then leaves the game as it was
            finally:
                self._remember(gid, cached)
            if self._write_action(gid, played, expected, revision, cached.revision):
                self._remember(gid, Cached(cached.revision, played))
                return expected + 1
        raise StoreError(N_("game {game} keeps being replaced; append gave up", game=repr(gid)))

    def _append_onto(self, gid: str, game: Game, action_text: str, expected: int, revision: int | None) -> int:
        """``append`` played on the writer's ``game``, once the store has seen it is the stored game."""
        record = game.to_record()
        start = dumps(record["start"]) if "start" in record else None
        with self._transaction(write=True) as conn:
            self._stored_revision(conn, gid, expected, revision)
            if len(record["actions"]) != expected or not self._goes_on(conn, gid, record, start):
                raise NotTheStoredGame(gid, expected)
            game.apply(action_text)           # the one play: raises, and then leaves the game as it was
            self._insert_action(conn, gid, game, expected)
        return expected + 1

    def _write_action(self, gid: str, game: Game, expected: int, revision: int | None, replayed: int) -> bool:
        """Store ``game``'s last action (its ``expected``-th) unless another writer was first (StoreConflict);
        False if the game was replaced since it was ``replayed`` at that revision (check it again)."""
        with self._transaction(write=True) as conn:
            if self._stored_revision(conn, gid, expected, revision) != replayed:
                return False          # replaced by save with as many actions: check it again
            self._insert_action(conn, gid, game, expected)
        return True

    @staticmethod
    def _stored_revision(conn: sqlite3.Connection, gid: str, expected: int, revision: int | None) -> int:
        """The stored game's revision, if it has ``expected`` actions and (given) that ``revision`` (StoreConflict
        otherwise: another writer was first; GameNotFound if it is gone)."""
        row = conn.execute("SELECT action_count, revision FROM games WHERE id = ? AND deleted_at IS NULL",
                           (gid,)).fetchone()
        if row is None:
            raise GameNotFound(gid)
        if row[0] != expected or (revision is not None and row[1] != revision):
            raise StoreConflict(gid, expected, row[0])
        return row[1]

    @staticmethod
    def _insert_action(conn: sqlite3.Connection, gid: str, game: Game, expected: int) -> None:
        try:
            conn.execute("INSERT INTO actions (game_id, idx, text) VALUES (?, ?, ?)", (gid, expected, game.actions[-1]))
        except sqlite3.IntegrityError:        # cannot happen while action_count is right
            raise StoreConflict(gid, expected, expected + 1) from None
        conn.execute("UPDATE games SET action_count = ?, round = ?, status = ?, updated_at = ? WHERE id = ?",
                     (expected + 1, game.round, status_of(game), utc_now(), gid))

    def _game_at(self, gid: str) -> Cached:
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
        return Cached(revision, Game.from_record(record_of(*head, actions)))

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

    def _remember(self, gid: str, cached: Cached) -> None:
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
        return where + " AND owner_hash = ?", [hash_key(check_key(owner))]

    def list(self, *, owner: str | None = None, limit: int | None = None, offset: int = 0,
             trash: bool = False) -> builtins.list[GameInfo]:
        """Stored games, the last changed first: every one, or those of ``owner`` (an owner key), at
        most ``limit`` of them from the ``offset``-th on; ``trash``: the games in the trash instead."""
        where, args = self._where(owner, trash)
        page = ""
        if limit is not None:
            page = " LIMIT ? OFFSET ?"
            args += [check_count(limit, "limit"), check_count(offset, "offset")]
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
        gid = check_id(game_id)
        with self._transaction(write=False) as conn:
            row = conn.execute(self._INFO + " WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
        if row is None:
            raise GameNotFound(gid)
        return self._info(row)

    def is_owner(self, game_id: str, owner: object) -> bool:
        """The game (not in the trash) belongs to this owner key (compared in constant time); False for
        a wrong or malformed key and for a game without an owner."""
        gid = check_id(game_id)
        with self._transaction(write=False) as conn:
            row = conn.execute("SELECT owner_hash FROM games WHERE id = ? AND deleted_at IS NULL", (gid,)).fetchone()
        if row is None:
            raise GameNotFound(gid)
        if row[0] is None or not isinstance(owner, str) or not TOKEN.fullmatch(owner):
            return False
        return hmac.compare_digest(hash_key(owner), bytes(row[0]))

    def transfer(self, old_owner: str, new_owner: str) -> int:
        """Give every game of one owner key to another (a page that made games before its browser's
        own key arrived); how many."""
        old, new = hash_key(check_key(old_owner)), hash_key(check_key(new_owner))
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
        gid = check_id(game_id)
        with self._transaction(write=True) as conn:
            if conn.execute("UPDATE games SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL",
                            (utc_now(), gid)).rowcount == 0:
                raise GameNotFound(gid)
        self._uncache([gid])

    def delete_unchanged(self, before: str, *, finished: bool = False) -> int:
        """Put in the trash every game not changed since ``before`` (an ISO 8601 time), or with ``finished`` only
        the finished ones among them; how many."""
        where = "deleted_at IS NULL AND updated_at < ?" + (" AND status = 'over'" if finished else "")
        with self._transaction(write=True) as conn:
            ids = [r[0] for r in conn.execute(f"SELECT id FROM games WHERE {where}", (check_time(before),))]
            conn.executemany("UPDATE games SET deleted_at = ? WHERE id = ?", [(utc_now(), gid) for gid in ids])
        self._uncache(ids)
        return len(ids)

    def _uncache(self, ids: builtins.list[str]) -> None:
        """Drop these games' replays from the cache (they went to the trash)."""
        with self._lock:
            for gid in ids:
                self._cache.pop(gid, None)

    def restore(self, game_id: str) -> None:
        """Take a game out of the trash (GameNotFound if it is not there)."""
        gid = check_id(game_id)
        with self._transaction(write=True) as conn:
            if conn.execute("UPDATE games SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL",
                            (gid,)).rowcount == 0:
                raise GameNotFound(gid)

    def purge(self, game_id: str | None = None, *, before: str | None = None) -> int:
        """Remove games from the trash for good, with their actions and seat tokens: one game, or every
        game in the trash (deleted before ``before``, an ISO 8601 time, if given); how many."""
        where, args = "deleted_at IS NOT NULL", []
        if game_id is not None:
            where, args = where + " AND id = ?", [check_id(game_id)]
        if before is not None:
            where, args = where + " AND deleted_at < ?", args + [check_time(before)]
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
        gid = check_id(game_id)
        wanted: builtins.list[int] = []
        for seat in seats:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise StoreError(N_("a seat is a whole number, got {value}", value=short(seat)))
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
                    raise StoreError(N_("game {game} has seats 0-{last}, not {seat}", game=repr(gid), last=n - 1,
                            seat=seat))
            conn.executemany("INSERT INTO seats (game_id, seat, token_hash) VALUES (?, ?, ?) "
                             "ON CONFLICT (game_id, seat) DO UPDATE SET token_hash = excluded.token_hash",
                             [(gid, seat, hash_key(token)) for seat, token in tokens.items()])
        return tokens

    def seat_for(self, game_id: str, token: object) -> int | None:
        """The seat this token was issued for, or None (a wrong, stale or missing token). The token's
        hash is compared with every seat's in constant time."""
        gid = check_id(game_id)
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            return None
        with self._transaction(write=False) as conn:
            rows = conn.execute("SELECT seat, token_hash FROM seats JOIN games ON games.id = seats.game_id "
                                "WHERE game_id = ? AND deleted_at IS NULL ORDER BY seat", (gid,)).fetchall()
        digest = hash_key(token)
        found: int | None = None
        for seat, stored in rows:
            if hmac.compare_digest(digest, bytes(stored)) and found is None:
                found = seat
        return found

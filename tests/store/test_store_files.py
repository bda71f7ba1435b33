"""The store's file: what it refuses to open (and then leaves byte for byte as it was), the schema
version and the migrations from the first version on."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.store import APPLICATION_ID, SCHEMA_VERSION, GameStore, StoreError, StoreFileError, StoreReadOnly
from carnegie_lab.store import file as store_module

from .conftest import play


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _sqlite_file(path: Path, *statements: str) -> Path:
    raw = sqlite3.connect(path)
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()
    return path


def _refused(path: Path, match: str) -> StoreFileError:
    """Opening ``path`` is a StoreFileError and changes no file of its folder (none is added either)."""
    before = _files(path.parent)
    with pytest.raises(StoreFileError, match=match) as e:
        GameStore(path)
    assert isinstance(e.value, StoreError) and isinstance(e.value, cl.CarnegieError)
    assert str(path) in str(e.value)
    assert _files(path.parent) == before
    return e.value


def test_random_bytes(tmp_path):
    path = tmp_path / "noise.db"
    path.write_bytes(random.Random(0).randbytes(8192))
    _refused(path, "not a SQLite database")


def test_a_text_file(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("my notes\n")
    _refused(path, "not a SQLite database")


def test_a_damaged_sqlite_file(tmp_path):
    """The SQLite header, then noise: SQLite's own 'malformed' or 'not a database', as a StoreFileError."""
    path = tmp_path / "damaged.db"
    header = bytearray(_sqlite_file(tmp_path / "x.db", "CREATE TABLE t (x)").read_bytes()[:100])
    header[68:72] = APPLICATION_ID.to_bytes(4, "big")
    (tmp_path / "x.db").unlink()
    path.write_bytes(bytes(header) + random.Random(1).randbytes(8192))
    _refused(path, "damaged|not a database|malformed")


def test_a_sqlite_file_of_another_program(tmp_path):
    path = _sqlite_file(tmp_path / "other.db", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",
                        "INSERT INTO notes (text) VALUES ('keep me')")
    _refused(path, "another program.*tables: notes")


def test_a_wal_database_of_another_program(tmp_path):
    path = _sqlite_file(tmp_path / "other.db", "PRAGMA journal_mode = WAL", "CREATE TABLE notes (text TEXT)",
                        "INSERT INTO notes VALUES ('keep me')")
    assert not (tmp_path / "other.db-wal").exists()          # closed: everything is in the main file
    _refused(path, "another program.*tables: notes")


def test_a_sqlite_file_with_another_application_id(tmp_path):
    path = _sqlite_file(tmp_path / "other.db", "PRAGMA application_id = 1234567",
                        "CREATE TABLE games (id TEXT)")
    _refused(path, r"another program \(application_id 0x12d687")
    bare = _sqlite_file(tmp_path / "bare.db", "PRAGMA application_id = 42", "PRAGMA user_version = 1")
    _refused(bare, "another program")


def test_another_program_with_our_table_names_but_no_application_id(tmp_path):
    path = _sqlite_file(tmp_path / "lookalike.db", "CREATE TABLE games (id TEXT)", "CREATE TABLE actions (x)",
                        "CREATE TABLE seats (y)", "PRAGMA user_version = 2")
    _refused(path, "another program")


def test_a_store_of_a_newer_version(tmp_path):
    path = tmp_path / "games.db"
    with GameStore(path) as s:
        s.save(cl.new_game(["Ada", "Bo"], seed=1))
    _sqlite_file(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    _refused(path, f"schema version {SCHEMA_VERSION + 1}, newer")


def test_a_directory(tmp_path):
    with pytest.raises(StoreFileError, match="directory"):
        GameStore(tmp_path)


def test_a_new_store_is_marked_as_ours(tmp_path):
    path = tmp_path / "games.db"
    GameStore(path).close()
    header = path.read_bytes()[:100]
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
    assert int.from_bytes(header[60:64], "big") == SCHEMA_VERSION
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    raw.close()


@pytest.mark.parametrize("kind", ["empty file", "empty SQLite database"])
def test_an_empty_file_becomes_a_store(tmp_path, kind):
    path = tmp_path / "games.db"
    if kind == "empty file":
        path.write_bytes(b"")
    else:
        _sqlite_file(path, "CREATE TABLE t (x)", "DROP TABLE t")     # a SQLite header, no tables
        assert path.stat().st_size > 0
    with GameStore(path) as s:
        gid = s.save(cl.new_game(["Ada", "Bo"], seed=1))
        assert s.load(gid).players == ["Ada", "Bo"]


# -- migrations ------------------------------------------------------------------------------------

# The first layout, written out here as it shipped (not taken from carnegie_lab.store).
SCHEMA_V1 = [
    """CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 16), players TEXT NOT NULL, options TEXT NOT NULL,
        start TEXT, record_version INTEGER NOT NULL, round INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('setup', 'playing', 'over')),
        action_count INTEGER NOT NULL CHECK (action_count >= 0), created_at TEXT NOT NULL, updated_at TEXT NOT NULL)""",
    """CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL CHECK (idx >= 0), text TEXT NOT NULL, UNIQUE (game_id, idx))""",
    """CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL CHECK (seat >= 0), token_hash BLOB NOT NULL CHECK (length(token_hash) = 32),
        UNIQUE (game_id, seat))""",
    f"PRAGMA application_id = {APPLICATION_ID}",
    "PRAGMA user_version = 1",
]


def _v1_store(path: Path, games: dict[str, cl.Game]) -> None:
    """A version-1 store, written by hand, holding these games."""
    import json
    raw = sqlite3.connect(path)
    for statement in SCHEMA_V1:
        raw.execute(statement)
    for i, (gid, game) in enumerate(games.items()):
        record = game.to_record()
        status = "over" if game.is_over else "setup" if game.round == 0 else "playing"
        when = f"2024-01-0{i + 1}T12:00:00.000000+00:00"
        raw.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (gid, json.dumps(game.players), json.dumps(record["options"]),
                     json.dumps(record["start"]) if "start" in record else None, record["version"],
                     game.round, status, len(game.actions), when, when))
        raw.executemany("INSERT INTO actions VALUES (?, ?, ?)", [(gid, k, t) for k, t in enumerate(game.actions)])
    raw.commit()
    raw.close()


def test_migration_from_version_1(tmp_path):
    path = tmp_path / "games.db"
    mid = play(cl.new_game(["Ada", "Bo"], seed=2), 30, seed=2)
    games = {"A" * 16: mid, "B" * 16: play(cl.Game.from_position(mid.to_position()), 5, seed=3)}
    _v1_store(path, games)
    with GameStore(path) as s:
        assert [i.id for i in s.list()] == ["B" * 16, "A" * 16]         # data kept, newest first
        for gid, game in games.items():
            assert s.load(gid).to_position() == game.to_position()
            assert s.record(gid) == game.to_record()
        s.append("A" * 16, str(mid.legal_actions()[0]), 30)           # and it works as a v4 store
        assert s.info("B" * 16).app is None                            # v3: nothing kept by the app yet
        assert not s.info("B" * 16).owned and s.info("B" * 16).deleted_at is None   # v4: nobody's, not in the trash
        assert s.list()[0].id == "A" * 16 and s.list()[0].actions == 31
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (4,)
        assert raw.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        columns = [r[1] for r in raw.execute("PRAGMA table_info(games)")]
        assert {"revision", "app", "owner_hash", "deleted_at"} <= set(columns)
        assert ("games_by_owner",) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
        assert ("games_by_change",) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    raw.close()


def test_a_failed_migration_changes_nothing(tmp_path, monkeypatch):
    """The migrations run in one transaction: a broken next one leaves the store as it was."""
    path = tmp_path / "games.db"
    with GameStore(path) as s:
        gid = s.save(cl.new_game(["Ada", "Bo"], seed=1))
    broken = ("CREATE TABLE extra (x)", "ALTER TABLE games ADD COLUMN note TEXT", "THIS IS NOT SQL")
    monkeypatch.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS + (broken,))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StoreError, match="syntax error"):
        GameStore(path)
    monkeypatch.undo()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert raw.execute("SELECT name FROM sqlite_master WHERE name = 'extra'").fetchall() == []
        assert "note" not in [r[1] for r in raw.execute("PRAGMA table_info(games)")]
    raw.close()
    with GameStore(path) as s:
        assert s.load(gid).players == ["Ada", "Bo"]


def test_the_migrations_make_the_schema_the_test_expects():
    """Version 1 here is version 1 there (the first migration is never edited)."""
    a = sqlite3.connect(":memory:")
    for statement in SCHEMA_V1[:3]:
        a.execute(statement)
    b = sqlite3.connect(":memory:")
    for statement in store_module.MIGRATIONS[0]:
        b.execute(statement)

    def columns(conn):
        return {t: [r[1:] for r in conn.execute(f"PRAGMA table_info({t})")] for t in ("games", "actions", "seats")}
    assert columns(a) == columns(b)


def test_a_store_that_cannot_be_written_is_found_when_it_is_opened(path, unwritable):
    with GameStore(path) as s:
        gid = s.save(cl.new_game(["Ada", "Bo"], seed=1))
    before = path.read_bytes()
    with unwritable(path):
        with pytest.raises(StoreReadOnly, match="cannot be written") as caught:
            GameStore(path)
        assert caught.value.path == str(path)
    assert path.read_bytes() == before                  # nothing written
    with GameStore(path) as s:                          # writable again: the game is there
        assert s.load(gid).players == ["Ada", "Bo"]

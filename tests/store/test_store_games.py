"""The game store: round trips, appends, list, delete, atomic saves, ids and seat tokens."""
from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timezone

import pytest

import carnegie_lab as cl
from carnegie_lab.core.errors import OptionError
from carnegie_lab.store import (
    MAX_LABEL,
    MAX_NAME,
    GameInfo,
    GameNotFound,
    GameStore,
    NotAnUndo,
    NotTheStoredGame,
    StoreConflict,
    StoreError,
    StoreFull,
    new_key,
)

from .conftest import play, stages

STAGES = stages()


# -- round trips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("stage", list(STAGES))
def test_round_trip(store, path, stage):
    game = STAGES[stage]
    gid = store.save(game)
    loaded = store.load(gid)
    assert loaded.to_position() == game.to_position()
    assert loaded.to_record() == game.to_record()
    assert store.record(gid) == game.to_record()
    assert ("start" in store.record(gid)) == ("start" in game.to_record())
    assert cl.Game.from_record(store.record(gid)).to_position() == game.to_position()   # exportable
    with GameStore(path) as again:                       # and it is in the file, not in a cache
        assert again.load(gid).to_position() == game.to_position()


def test_list_says_what_each_game_is(store):
    ids = {name: store.save(game) for name, game in STAGES.items()}
    infos = store.list()
    assert all(isinstance(i, GameInfo) for i in infos)
    assert [i.id for i in infos] == list(reversed(ids.values()))          # the newest first
    by_id = {i.id: i for i in infos}
    for name, game in STAGES.items():
        info = by_id[ids[name]]
        assert info.players == tuple(game.players)
        assert info.options == game.to_record()["options"]
        assert info.round == game.round
        assert info.actions == len(game.actions)
        datetime.fromisoformat(info.updated_at)
    assert by_id[ids["fresh setup"]].status == "setup"
    assert by_id[ids["mid-game"]].status == "playing"
    assert by_id[ids["over"]].status == "over"
    assert by_id[ids["solo"]].players == ("Ada",)


def test_list_puts_the_last_changed_first(store):
    a = store.save(cl.new_game(["Ada", "Bo"], seed=1))
    b = store.save(cl.new_game(["Ada", "Bo"], seed=2))
    assert [i.id for i in store.list()] == [b, a]
    game = store.load(a)
    store.append(a, str(game.legal_actions()[0]), 0)
    assert [i.id for i in store.list()] == [a, b]
    assert store.list()[0].actions == 1


def test_save_replaces_a_stored_game(store):
    owner = new_key()
    game = play(cl.new_game(["Ada", "Bo"], seed=2), 20, seed=2)
    gid = store.save(game, owner=owner)
    game.undo()
    game.undo()
    assert store.save(game, gid, undo_by=owner) == gid
    assert store.load(gid).actions == game.actions
    assert len(store.list()) == 1
    with pytest.raises(StoreConflict) as e:                # optimistic, like append
        store.save(game, gid, expected_count=20)
    assert e.value.count == 18
    store.save(game, gid, expected_count=18)
    with pytest.raises(GameNotFound):
        store.save(game, "A" * 16, expected_count=0)


def test_a_stored_game_s_actions_only_grow_except_by_an_undo_of_its_owner_or_a_seat(store):
    """Load, Restart or a forged save cannot put another game, or fewer actions, under an id: only an
    undo (the game's first actions) asked for by its owner key or one of its seat tokens."""
    owner = new_key()
    game = play(cl.new_game(["Ada", "Bo"], seed=2), 12, seed=2)
    gid = store.save(game, owner=owner)
    token = store.add_seat_tokens(gid, [1])[1]
    before = store.record(gid), store.info(gid).revision
    undone = game.copy()
    undone.undo()
    for other, key in ((cl.new_game(["Ada", "Bo"], seed=3), owner),          # another game
                       (play(cl.new_game(["Ada", "Bo"], seed=2), 12, seed=9), owner),   # other actions
                       (undone, None), (undone, new_key()), (undone, "x" * 22), (undone, 3)):
        with pytest.raises(NotAnUndo, match="only grow"):
            store.save(other, gid, undo_by=key)  # type: ignore[arg-type]
    assert (store.record(gid), store.info(gid).revision) == before
    store.save(undone, gid, undo_by=token)                                   # a seat's undo
    store.save(cl.new_game(["Ada", "Bo"], seed=2), gid, undo_by=owner)       # the owner's Restart
    assert store.record(gid)["actions"] == []
    store.save(game, gid)                                                     # goes on: no key needed
    assert store.record(gid) == before[0]


def test_save_is_one_transaction(store, path):
    """A save that fails half-way (here a trigger refuses the 6th action row) changes nothing."""
    old = play(cl.new_game(["Ada", "Bo"], seed=3), 4, seed=3)
    gid = store.save(old)
    before = store.record(gid), [(i.id, i.actions, i.round) for i in store.list()]
    raw = sqlite3.connect(path)
    raw.execute("CREATE TRIGGER refuse AFTER INSERT ON actions WHEN NEW.idx = 5 "
                "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
    raw.commit()
    with pytest.raises(StoreError, match="refused by the test"):
        store.save(play(old.copy(), 6, seed=5), gid)                               # the game goes on
    with pytest.raises(StoreError, match="refused by the test"):
        store.save(play(cl.new_game(["Ada", "Bo"], seed=4), 10, seed=4))          # a new game
    raw.execute("DROP TRIGGER refuse")
    raw.commit()
    raw.close()
    assert (store.record(gid), [(i.id, i.actions, i.round) for i in store.list()]) == before
    assert store.load(gid).to_position() == old.to_position()


# -- append ----------------------------------------------------------------------------------------

def test_append_builds_the_same_game(store):
    game = play(cl.new_game(["Ada", "Bo", "Cy"], seed=9), seed=9)
    gid = store.save(cl.new_game(["Ada", "Bo", "Cy"], seed=9))
    for i, text in enumerate(game.actions):
        assert store.append(gid, text, i) == i + 1
    assert store.record(gid) == game.to_record()
    assert store.load(gid).to_position() == game.to_position()
    assert store.list()[0].status == "over" and store.list()[0].round == 20
    with pytest.raises(cl.GameOverError):
        store.append(gid, "sell", len(game.actions))


def test_append_to_a_game_from_a_position(store):
    game = STAGES["from a position, no actions"].copy()
    gid = store.save(game)
    for i in range(5):
        text = str(game.legal_actions()[-1])
        game.apply(text)
        store.append(gid, text, i)
    assert store.load(gid).to_position() == game.to_position()
    assert store.record(gid)["start"] == game.to_record()["start"]


def test_append_is_refused_with_the_wrong_count(store):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game)
    first = str(game.legal_actions()[0])
    store.append(gid, first, 0)
    with pytest.raises(StoreConflict) as e:        # the same decision again: a double append
        store.append(gid, first, 0)
    assert (e.value.expected, e.value.count) == (0, 1)
    assert "has 1 actions, not 0" in str(e.value)
    with pytest.raises(StoreConflict) as e:
        store.append(gid, first, 5)
    assert e.value.count == 1
    assert isinstance(e.value, StoreError) and isinstance(e.value, cl.CarnegieError)
    assert store.record(gid)["actions"] == [first]


def test_append_checks_the_action(store):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game)
    with pytest.raises(cl.NotationError):
        store.append(gid, "fly to the moon", 0)
    with pytest.raises(cl.IllegalActionError):
        store.append(gid, "move a1 b1", 0)
    with pytest.raises(StoreError):
        store.append(gid, None, 0)
    for bad in (-1, True, "0", 0.0, None):
        with pytest.raises(StoreError):
            store.append(gid, str(game.legal_actions()[0]), bad)
    assert store.record(gid)["actions"] == [] and store.list()[0].actions == 0
    spaced = "  " + str(game.legal_actions()[0]).replace(" ", "   ") + " "
    store.append(gid, spaced, 0)                                    # stored as the engine writes it
    assert store.record(gid)["actions"] == [str(game.legal_actions()[0])]


def test_append_plays_on_the_writers_game_once_it_sees_it_is_the_stored_one(store, monkeypatch):
    """With ``game`` the store's checked play is the writer's: one play, on the writer's copy, and only once the
    store has seen it is the stored game (options, start, actions); a refused append leaves it as it was."""
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game)
    plays = []
    real = cl.Game.apply
    monkeypatch.setattr(cl.Game, "apply", lambda g, a: plays.append(g) or real(g, a))
    first = str(game.legal_actions()[0])
    assert store.append(gid, first, 0, game=game) == 1
    assert plays == [game] and game.actions == [first] == store.record(gid)["actions"]
    with pytest.raises(cl.IllegalActionError):
        store.append(gid, "move a1 b1", 1, game=game)
    other = cl.new_game(["Ada", "Bo"], seed=8)                    # another deal: not the stored game
    other.apply(str(other.legal_actions()[0]))
    stale = cl.new_game(["Ada", "Bo"], seed=7)                    # the stored game's start, but behind it
    for wrong, count, refusal in ((other, 1, NotTheStoredGame), (stale, 0, StoreConflict)):
        before = list(wrong.actions)
        with pytest.raises(refusal):
            store.append(gid, str(wrong.legal_actions()[0]), count, game=wrong)
        assert wrong.actions == before
    assert game.actions == [first] == store.record(gid)["actions"]
    with pytest.raises(StoreError, match="must be a carnegie_lab Game"):
        store.append(gid, "done", 1, game=game.to_record())
    assert store.load(gid).to_position() == game.to_position()


def test_append_sees_a_game_replaced_by_another_store(store, path):
    """The appending store replays incrementally; a save by another writer is not missed."""
    owner = new_key()
    a = play(cl.new_game(["Ada", "Bo"], seed=1), 6, seed=1)
    gid = store.save(a, owner=owner)
    b = a.copy()
    a.apply(str(a.legal_actions()[0]))
    store.append(gid, a.actions[-1], 6)
    with GameStore(path) as other:                                   # undone, and played another way
        other.save(b, gid, undo_by=owner)
        b.apply(str(b.legal_actions()[-1]))
        other.append(gid, b.actions[-1], 6)
    only_a = {str(x) for x in a.legal_actions()} - {str(x) for x in b.legal_actions()}
    only_b = {str(x) for x in b.legal_actions()} - {str(x) for x in a.legal_actions()}
    assert only_a and only_b
    with pytest.raises(cl.IllegalActionError):
        store.append(gid, sorted(only_a)[0], 7)
    store.append(gid, sorted(only_b)[0], 7)
    b.apply(sorted(only_b)[0])
    assert store.load(gid).to_position() == b.to_position()


# -- delete ----------------------------------------------------------------------------------------

def test_delete_puts_the_game_in_the_trash_and_restore_brings_it_back(store):
    keep = store.save(STAGES["mid-game"])
    gid = store.save(STAGES["over"])
    tokens = store.add_seat_tokens(gid, [0, 1])
    store.delete(gid)
    assert [i.id for i in store.list()] == [keep] and store.count() == 1
    [trashed] = store.list(trash=True)
    assert trashed.id == gid and trashed.deleted_at is not None and store.count(trash=True) == 1
    for call in (store.load, store.record, store.info, store.delete, lambda g: store.append(g, "sell", 0),
                 lambda g: store.save(STAGES["over"], g), lambda g: store.add_seat_tokens(g, [0])):
        with pytest.raises(GameNotFound):
            call(gid)
    assert store.seat_for(gid, tokens[0]) is None            # a link to a game in the trash is no seat
    store.restore(gid)
    assert store.load(gid).to_position() == STAGES["over"].to_position()
    assert store.seat_for(gid, tokens[1]) == 1 and store.count(trash=True) == 0
    with pytest.raises(GameNotFound):
        store.restore(gid)                                   # not in the trash


def test_delete_unchanged_puts_the_games_not_changed_since_a_time_in_the_trash(store):
    over, playing = store.save(STAGES["over"]), store.save(STAGES["mid-game"])
    cut = datetime.now(timezone.utc).isoformat()
    later = store.save(STAGES["over"])
    assert store.delete_unchanged(cut, finished=True) == 1 and [i.id for i in store.list(trash=True)] == [over]
    assert store.delete_unchanged(cut) == 1 and [i.id for i in store.list()] == [later]
    assert {i.id for i in store.list(trash=True)} == {over, playing}
    with pytest.raises(StoreError, match="not a time"):
        store.delete_unchanged("last month")


def test_purge_removes_games_of_the_trash_for_good(store, path):
    keep = store.save(STAGES["mid-game"])
    old, new = store.save(STAGES["over"]), store.save(STAGES["solo"])
    store.add_seat_tokens(old, [0])
    with pytest.raises(GameNotFound):
        store.purge(keep)                                    # only from the trash
    store.delete(old)
    cut = datetime.now(timezone.utc).isoformat()
    store.delete(new)
    assert store.purge(before=cut) == 1                      # the games deleted before that moment
    assert [i.id for i in store.list(trash=True)] == [new]
    assert store.purge() == 1 and store.list(trash=True) == []
    with sqlite3.connect(path) as raw:
        for table in ("actions", "seats"):
            for gid in (old, new):
                assert raw.execute(f"SELECT count(*) FROM {table} WHERE game_id = ?", (gid,)).fetchone() == (0,)
        assert raw.execute("SELECT count(*) FROM actions WHERE game_id = ?", (keep,)).fetchone() == (40,)
    raw.close()
    with pytest.raises(StoreError, match="not a time"):
        store.purge(before="yesterday")


# -- owners, pages of the list, limits -------------------------------------------------------------

def test_games_belong_to_the_owner_key_they_were_saved_with(store):
    ada, bo = new_key(), new_key()
    mine = store.save(STAGES["mid-game"], owner=ada)
    theirs = store.save(STAGES["solo"], owner=bo)
    nobodys = store.save(STAGES["over"])
    assert store.is_owner(mine, ada) and not store.is_owner(mine, bo) and not store.is_owner(theirs, ada)
    assert not any(store.is_owner(nobodys, key) for key in (ada, bo, "", None, 3, "x" * 22))
    assert [i.id for i in store.list(owner=ada)] == [mine] and store.count(owner=bo) == 1
    assert store.info(mine).owned and not store.info(nobodys).owned
    store.save(STAGES["mid-game"], mine, owner=bo)             # saving a game again keeps its owner
    assert store.is_owner(mine, ada) and not store.is_owner(mine, bo)
    assert store.transfer(ada, bo) == 1 and store.is_owner(mine, bo) and not store.is_owner(mine, ada)
    with pytest.raises(StoreError, match="not an owner key"):
        store.list(owner="short")


def test_the_list_comes_in_pages(store):
    key = new_key()
    ids = [store.save(cl.new_game(["Ada", "Bo"], seed=i), owner=key) for i in range(7)]
    newest_first = ids[::-1]
    pages = [[i.id for i in store.list(owner=key, limit=3, offset=k)] for k in (0, 3, 6)]
    assert pages == [newest_first[:3], newest_first[3:6], newest_first[6:]]
    assert store.list(owner=key, limit=3, offset=9) == [] and store.count(owner=key) == 7


def test_names_and_labels_over_the_limit_are_refused_and_nothing_is_stored(store):
    long_name = "A" * (MAX_NAME + 1)
    with pytest.raises(OptionError, match=f"at most {MAX_NAME} characters"):
        store.save(cl.new_game([long_name, "Bo"], seed=1))
    with pytest.raises(OptionError, match=f"at most {MAX_LABEL} characters"):
        store.save(cl.new_game(["Ada", "Bo"], seed=1), app={"label": "x" * (MAX_LABEL + 1)})
    assert store.count() == 0
    store.save(cl.new_game(["A" * MAX_NAME, "Bo"], seed=1), app={"label": "x" * MAX_LABEL})   # at the limit
    assert store.count() == 1


def test_a_full_store_refuses_new_games_and_keeps_playing_the_others(path):
    with GameStore(path, max_games=2) as store:
        first = store.save(STAGES["fresh setup"])
        second = store.save(STAGES["mid-game"])
        store.delete(second)                                   # the trash counts: it takes room too
        with pytest.raises(StoreFull, match="full"):
            store.save(STAGES["solo"])
        assert store.count() + store.count(trash=True) == 2
        store.append(first, str(STAGES["fresh setup"].legal_actions()[0]), 0)   # stored games play on
        store.purge()
        store.save(STAGES["solo"])


# -- ids and tokens --------------------------------------------------------------------------------

BAD_IDS = [None, 12, b"abcdefghijklmnop", "", "short", "A" * 15, "A" * 17, "../../../etc/pass",
           "abc'; DROP TABLE g", "ÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄ", "AAAAAAAAAAAAAAA\n", "AAAAAAAA AAAAAAA", ["A" * 16]]


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_bad_game_ids_are_refused(store, bad):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    for call in (lambda: store.load(bad), lambda: store.record(bad), lambda: store.delete(bad),
                 lambda: store.append(bad, "sell", 0), lambda: store.add_seat_tokens(bad, [0]),
                 lambda: store.seat_for(bad, "x" * 22)) + ((lambda: store.save(game, bad)),) * (bad is not None):
        with pytest.raises(StoreError, match="not a game id"):
            call()
    assert store.list() == []


def test_game_ids_are_generated_tokens(store):
    ids = {store.save(cl.new_game(["Ada", "Bo"], seed=s)) for s in range(5)}
    assert len(ids) == 5 and all(len(i) == 16 for i in ids)
    with pytest.raises(GameNotFound):
        store.load("A" * 16)                            # well formed, but no such game


def test_seat_tokens(store, path):
    gid = store.save(cl.new_game(["Ada", "Bo", "Cy"], seed=3))
    other = store.save(cl.new_game(["Ada", "Bo"], seed=4))
    tokens = store.add_seat_tokens(gid, [0, 2])
    assert sorted(tokens) == [0, 2] and all(len(t) == 22 for t in tokens.values())
    assert store.seat_for(gid, tokens[0]) == 0
    assert store.seat_for(gid, tokens[2]) == 2
    assert store.seat_for(other, tokens[0]) is None               # a token is for one game
    for wrong in (None, "", 7, tokens[0][:-1], tokens[0] + "x", tokens[0][:-1] + "#", tokens[0].upper(),
                  "A" * 22, b"x" * 22):
        assert store.seat_for(gid, wrong) is None
    new = store.add_seat_tokens(gid, [0])                         # a new token replaces the old one
    assert store.seat_for(gid, new[0]) == 0 and store.seat_for(gid, tokens[0]) is None
    for bad in ([3], [-1], [True], ["0"]):
        with pytest.raises(StoreError):
            store.add_seat_tokens(gid, bad)
    with pytest.raises(GameNotFound):
        store.add_seat_tokens("A" * 16, [0])
    # Only the hash is stored: the raw tokens are nowhere in the database's files.
    store.close()
    files = [path.read_bytes()] + [p.read_bytes() for p in path.parent.glob(path.name + "-*")]
    for token in (new[0], tokens[2], tokens[0]):
        assert not any(token.encode() in data for data in files)
    with sqlite3.connect(path) as raw:
        hashes = dict(raw.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (gid,)).fetchall())
    raw.close()
    assert hashes == {0: hashlib.sha256(new[0].encode()).digest(), 2: hashlib.sha256(tokens[2].encode()).digest()}


def test_save_checks_its_arguments(store):
    with pytest.raises(StoreError):
        store.save(cl.new_game(["Ada", "Bo"]).to_record())
    with pytest.raises(StoreError):
        store.save(cl.new_game(["Ada", "Bo"]), expected_count=-1)


def test_a_closed_store_says_so(path):
    s = GameStore(path)
    s.close()
    with pytest.raises(StoreError, match="closed"):
        s.list()

"""What the app needs from the store besides games: its own data per game (who plays each seat), one
game's line of ``list()`` cheaply (``info``: what a page polls), the seats that have links, and appends
that also check the game was not replaced (``revision``)."""
from __future__ import annotations

import pytest

import carnegie_lab as cl
from carnegie_lab.core.errors import OptionError
from carnegie_lab.store import MAX_APP, GameNotFound, StoreConflict, StoreError, new_key

KEY = new_key()          # the games' owner: its undo may take actions back
SEATS = {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "greedy"}]}


def test_app_data_is_kept_with_the_game(store):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game, app=SEATS, owner=KEY)
    assert store.info(gid).app == SEATS
    store.append(gid, str(game.legal_actions()[0]), 0)
    assert store.info(gid).app == SEATS                         # appends keep it
    store.save(game, gid, undo_by=KEY)                          # app=None: kept as it was
    assert store.info(gid).app == SEATS
    other = {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]}
    store.save(game, gid, app=other)
    assert store.info(gid).app == other and store.list()[0].app == other
    assert store.info(store.save(game)).app is None             # a game saved without any


@pytest.mark.parametrize("bad", [["seats"], "text", {"x": {1, 2}}], ids=repr)
def test_app_data_must_be_a_json_object(store, bad):
    with pytest.raises(StoreError, match="app"):
        store.save(cl.new_game(["Ada", "Bo"], seed=7), app=bad)
    assert store.list() == []


def test_info_is_one_line_of_list_and_changes_with_the_game(store):
    game = cl.new_game(["Ada", "Bo", "Cy"], seed=3)
    gid = store.save(game, owner=KEY)
    first = store.info(gid)
    assert first == store.list()[0]
    assert (first.actions, first.seated, first.status) == (0, (), "setup")
    store.append(gid, str(game.legal_actions()[0]), 0)
    after = store.info(gid)
    assert after.revision == first.revision and after.actions == 1          # an append keeps the revision
    store.save(game, gid, undo_by=KEY)
    assert store.info(gid).revision != first.revision                       # a save makes a new one
    store.add_seat_tokens(gid, [2, 0])
    assert store.info(gid).seated == (0, 2) and store.list()[0].seated == (0, 2)
    with pytest.raises(GameNotFound):
        store.info("A" * 16)
    with pytest.raises(StoreError, match="not a game id"):
        store.info("../etc")


def test_append_with_the_revision_refuses_a_replaced_game(store):
    """A game undone and played again elsewhere can have as many actions as the writer expects:
    with the revision the writer read, its append is refused all the same."""
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game, owner=KEY)
    first, second = [str(a) for a in game.legal_actions()[:2]]
    store.append(gid, first, 0)
    seen = store.info(gid).revision                              # a writer saw the game after `first`
    store.save(game, gid, expected_count=1, undo_by=KEY)         # undone elsewhere...
    store.append(gid, second, 0)                                 # ...and played differently: 1 action again
    reply = cl.new_game(["Ada", "Bo"], seed=7)
    reply.apply(first)
    with pytest.raises(StoreConflict):
        store.append(gid, str(reply.legal_actions()[0]), 1, revision=seen)
    assert store.record(gid)["actions"] == [second]
    assert store.append(gid, str(store.load(gid).legal_actions()[0]), 1, revision=store.info(gid).revision) == 2
    with pytest.raises(StoreError, match="revision"):
        store.append(gid, "sell", 2, revision="1")


def test_save_with_the_revision_refuses_a_replaced_game(store):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game)
    seen = store.info(gid).revision
    store.save(game, gid)                                        # replaced elsewhere, as many actions
    with pytest.raises(StoreConflict):
        store.save(game, gid, expected_count=0, revision=seen)
    with pytest.raises(StoreConflict):
        store.save(game, gid, revision=seen)
    store.save(game, gid, expected_count=0, revision=store.info(gid).revision)
    with pytest.raises(GameNotFound):
        store.save(game, "A" * 16, revision=seen)


def test_set_app_data_sets_one_key_and_leaves_the_game_its_revision_and_its_time(store):
    game = cl.new_game(["Ada", "Bo"], seed=7)
    gid = store.save(game, app=SEATS, owner=KEY)
    store.append(gid, str(game.legal_actions()[0]), 0)
    before = store.info(gid)
    store.set_app_data(gid, "review", {"actions": 1, "grades": [1, 2]})
    after = store.info(gid)
    assert after.app == {**SEATS, "review": {"actions": 1, "grades": [1, 2]}}
    assert (after.revision, after.actions, after.updated_at) == (before.revision, before.actions, before.updated_at)
    assert store.record(gid)["actions"] == [str(game.legal_actions()[0])]
    store.set_app_data(gid, "review", None)                     # None removes the key
    assert store.info(gid).app == SEATS
    assert store.info(store.save(game, gid, app=SEATS, undo_by=KEY)).app == SEATS     # a replaced game drops it


def test_set_app_data_checks_the_game_the_value_and_its_size(store):
    gid = store.save(cl.new_game(["Ada", "Bo"], seed=7), app=SEATS)
    revision = store.info(gid).revision
    with pytest.raises(GameNotFound):
        store.set_app_data("x" * 16, "review", {})
    with pytest.raises(StoreConflict):
        store.set_app_data(gid, "review", {}, expected_count=3)
    with pytest.raises(StoreConflict):
        store.set_app_data(gid, "review", {}, expected_count=0, revision=revision + 1)
    with pytest.raises(StoreError, match="at most 1000000 characters"):
        store.set_app_data(gid, "review", "x" * MAX_APP)
    for key, value in (("", 1), (3, 1), ("review", {1, 2})):
        with pytest.raises(StoreError):
            store.set_app_data(gid, key, value)
    with pytest.raises(OptionError):
        store.set_app_data(gid, "label", "x" * 81)
    assert store.info(gid).app == SEATS                         # nothing was changed
    store.set_app_data(gid, "review", {"ok": True}, expected_count=0, revision=revision)
    store.delete(gid)
    with pytest.raises(GameNotFound):                            # in the trash
        store.set_app_data(gid, "review", {})

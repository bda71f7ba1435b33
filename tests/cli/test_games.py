"""`carnegie-lab games`: restore, export, delete and purge take any id a store holds, one that starts with "-" (older
stores have some) after ``--``, as the command's help says; delete puts live games in the trash (issue 56: an admin
had no command for them, and purge said a live game was not in the store)."""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

import carnegie_lab as cl
from carnegie_lab.cli import build_parser, main
from carnegie_lab.store import GameStore, new_key

DASHED = "-28XTXQ8jy9KtOgr"      # an id of an older store (secrets.token_urlsafe(12) made one in 64 so)


@pytest.fixture
def store_path(tmp_path):
    path = tmp_path / "games.db"
    with GameStore(path) as store:
        store.save(cl.new_game(["Ada", "Bo"], seed=3), DASHED)
        store.delete(DASHED)
    return path


def test_an_id_that_starts_with_a_dash_is_restored_exported_and_purged(store_path, capsys):
    games = ["games", "--store", str(store_path)]
    assert main([*games, "restore", "--", DASHED]) == 0
    assert "restored 1 game" in capsys.readouterr().err
    assert main([*games, "export", "--", DASHED]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["id"] == DASHED and cl.Game.from_record(exported["record"]).players == ["Ada", "Bo"]
    assert main([*games, "list"]) == 0
    assert capsys.readouterr().out.startswith(DASHED + "\t")
    with GameStore(store_path) as store:
        store.delete(DASHED)
    assert main([*games, "purge", "--", DASHED]) == 0
    assert "purged 1 game" in capsys.readouterr().err
    with GameStore(store_path) as store:
        assert store.count() == 0 and store.count(trash=True) == 0


@pytest.mark.parametrize("action", ["restore", "export", "delete", "purge"])
def test_the_help_says_how_to_give_such_an_id(action, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["games", action, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"carnegie-lab games {action} -- {DASHED}" in help_text


def test_delete_puts_live_games_in_the_trash_and_purge_points_to_it(tmp_path, capsys):
    path = tmp_path / "games.db"
    with GameStore(path) as store:
        owned = store.save(cl.new_game(["Ada", "Bo"], seed=1), owner=new_key())
        ownerless = store.save(cl.new_game(["Ada", "Bo"], seed=2))
    games = ["games", "--store", str(path)]
    with pytest.raises(SystemExit) as refused:
        main([*games, "purge", owned])                       # purge only empties the trash
    assert refused.value.code == 2
    assert f"game {owned} is not in the trash: carnegie-lab games delete {owned} puts it there" in \
        capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*games, "delete", owned, "AAAAAAAAAAAAAAAA"])  # an unknown id: nothing is deleted
    assert "no game 'AAAAAAAAAAAAAAAA' in the store" in capsys.readouterr().err
    with GameStore(path) as store:
        assert store.count() == 2
    assert main([*games, "delete", owned, ownerless]) == 0
    assert "put 2 games in the trash" in capsys.readouterr().err
    with GameStore(path) as store:
        assert store.count() == 0 and {i.id for i in store.list(trash=True)} == {owned, ownerless}
    assert main([*games, "restore", ownerless]) == 0 and main([*games, "purge", owned]) == 0
    with GameStore(path) as store:
        assert [i.id for i in store.list()] == [ownerless] and store.count(trash=True) == 0


def test_delete_older_than_takes_the_games_not_changed_since(random_game, tmp_path, capsys):
    path = tmp_path / "games.db"
    with GameStore(path) as store:
        _, over = random_game                                # a finished game
        old_over, new_over = store.save(over), store.save(over)
        old_playing = store.save(cl.new_game(["Ada", "Bo"], seed=3))
    month_ago = (datetime.now(timezone.utc) - timedelta(days=31)).isoformat(timespec="microseconds")
    with sqlite3.connect(path) as raw:
        raw.executemany("UPDATE games SET updated_at = ? WHERE id = ?", [(month_ago, gid) for gid in (old_over,
                                                                                                      old_playing)])
    raw.close()
    games = ["games", "--store", str(path)]
    assert main([*games, "delete", "--finished", "--older-than", "30d"]) == 0
    assert "put 1 game in the trash" in capsys.readouterr().err
    with GameStore(path) as store:
        assert [i.id for i in store.list(trash=True)] == [old_over]
    assert main([*games, "delete", "--older-than", "720h"]) == 0   # finished or not
    with GameStore(path) as store:
        assert [i.id for i in store.list()] == [new_over] and store.count(trash=True) == 2
    for wrong, problem in [(["--older-than", "30 days"], "not an age: '30 days'"),
                           (["--older-than", "30d", new_over], "not both"), ([], "give the ids"),
                           (["--finished", new_over], "give the ids")]:
        with pytest.raises(SystemExit) as refused:
            main([*games, "delete", *wrong])
        assert refused.value.code == 2 and problem in capsys.readouterr().err
    with GameStore(path) as store:
        assert [i.id for i in store.list()] == [new_over]

"""`carnegie-lab games`: restore, export and purge take any id a store holds, one that starts with "-" (older
stores have some) after ``--``, as the command's help says."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl
from carnegie_lab.cli import build_parser, main
from carnegie_lab.store import GameStore

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


@pytest.mark.parametrize("action", ["restore", "export", "purge"])
def test_the_help_says_how_to_give_such_an_id(action, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["games", action, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"carnegie-lab games {action} -- {DASHED}" in help_text

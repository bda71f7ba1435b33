"""New game ids: the store's id shape, every character of it used, and never a "-" first (a command line reads
``-28XTXQ8jy9KtOgr`` as an option: one random id in 64 did, before)."""
from __future__ import annotations

import string

from carnegie_lab.store.values import GAME_ID, new_game_id

URL_SAFE = set(string.ascii_letters + string.digits + "_-")     # base64's URL-safe alphabet


def test_new_game_ids_never_start_with_a_dash():
    ids = [new_game_id() for _ in range(5000)]       # a "-" first would show ~78 times in 5000
    assert len(set(ids)) == len(ids)
    assert all(GAME_ID.fullmatch(gid) for gid in ids)
    assert {gid[0] for gid in ids} == URL_SAFE - {"-"}
    assert {c for gid in ids for c in gid[1:]} == URL_SAFE


def test_a_store_makes_new_ids_of_that_shape(store):
    import carnegie_lab as cl
    gids = [store.save(cl.new_game(["Ada", "Bo"], seed=seed)) for seed in range(50)]
    assert all(GAME_ID.fullmatch(gid) and not gid.startswith("-") for gid in gids)

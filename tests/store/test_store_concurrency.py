"""Writers racing for the same games: two processes (and, in one process, several threads) append
the same intended actions, each trying action i when it believes the count is i. Exactly one
append wins each index: nothing lost, nothing doubled."""
from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time

import pytest

import carnegie_lab as cl
from carnegie_lab.store import GameStore, StoreConflict, StoreError

from .conftest import finished

PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def race(store: GameStore, plan: list[tuple[str, list[str]]]) -> tuple[int, int]:
    """Append every game's actions in order, trying index i when this writer thinks the count is i;
    a conflict tells the current count. Gives (appends won, conflicts seen)."""
    wins = conflicts = 0
    for gid, actions in plan:
        i = 0
        while i < len(actions):
            try:
                i = store.append(gid, actions[i], i)
                wins += 1
            except StoreConflict as e:
                conflicts += 1
                assert e.count > i
                i = e.count
    return wins, conflicts


def _writer(path: str, plan: list[tuple[str, list[str]]], barrier, results) -> None:
    store = GameStore(path)
    barrier.wait()
    started = time.perf_counter()
    wins, conflicts = race(store, plan)
    results.put((wins, conflicts, time.perf_counter() - started))
    store.close()


def _plan(store: GameStore, total: int) -> tuple[list[tuple[str, list[str]]], list[cl.Game]]:
    """Random 4-player games (fresh games saved in the store) until they hold ``total`` actions."""
    plan, finals, seed = [], [], 0
    while sum(len(a) for _, a in plan) < total:
        actions = finished(PLAYERS, seed)
        plan.append((store.save(cl.new_game(PLAYERS, seed=seed)), actions))
        final = cl.new_game(PLAYERS, seed=seed)
        for text in actions:
            final.apply(text)
        finals.append(final)
        seed += 1
    return plan, finals


def _check(store: GameStore, path, plan, finals) -> None:
    for (gid, actions), final in zip(plan, finals):
        assert store.record(gid)["actions"] == actions                   # none lost, none doubled
        assert store.load(gid).to_position() == final.to_position()
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT game_id, count(*), count(DISTINCT idx), min(idx), max(idx) FROM actions "
                           "GROUP BY game_id").fetchall()
        counts = dict(raw.execute("SELECT id, action_count FROM games").fetchall())
    raw.close()
    for gid, n, distinct, lo, hi in rows:
        assert n == distinct == counts[gid] == hi + 1 and lo == 0


def test_two_processes_append_to_the_same_games(path, capsys):
    store = GameStore(path)
    plan, finals = _plan(store, 1000)
    total = sum(len(a) for _, a in plan)
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    writers = [ctx.Process(target=_writer, args=(str(path), plan, barrier, results)) for _ in range(2)]
    for w in writers:
        w.start()
    outcome = [results.get(timeout=120) for _ in writers]
    for w in writers:
        w.join(timeout=30)
        assert w.exitcode == 0
    wins = [o[0] for o in outcome]
    conflicts = [o[1] for o in outcome]
    assert sum(wins) == total                  # each index won exactly once
    assert all(wins) and sum(conflicts) > 0    # both writers won some: they did race
    _check(store, path, plan, finals)
    with capsys.disabled():
        print(f"\n2 processes, {len(plan)} games, {total} appends: won {wins}, conflicts {conflicts}, "
              f"{max(o[2] for o in outcome):.2f} s")
    store.close()


def test_threads_share_one_store(store, path):
    """One GameStore used by several threads: a connection each."""
    plan, finals = _plan(store, 300)
    total = sum(len(a) for _, a in plan)
    results: list[tuple[int, int]] = []
    start = threading.Barrier(3)

    def writer():
        start.wait()
        results.append(race(store, plan))

    threads = [threading.Thread(target=writer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sum(w for w, _ in results) == total
    _check(store, path, plan, finals)


def _forked_writer(store: GameStore, gid: str, actions: list[str], results) -> None:
    try:
        results.put(race(store, [(gid, actions)]))
    except BaseException as e:             # pragma: no cover - reported to the parent
        results.put(repr(e))


def test_a_forked_process_opens_its_own_connection(store):
    """The GameStore object itself crosses the fork; the child must not use the parent's connection."""
    actions = finished(["Ada", "Bo"], 5)[:40]
    gid = store.save(cl.new_game(["Ada", "Bo"], seed=5))
    store.append(gid, actions[0], 0)                      # the parent's connection is open and used
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    child = ctx.Process(target=_forked_writer, args=(store, gid, actions, results))
    child.start()
    parent = race(store, [(gid, actions)])
    got = results.get(timeout=60)
    child.join(timeout=30)
    assert child.exitcode == 0 and isinstance(got, tuple), got
    assert parent[0] + got[0] == len(actions) - 1
    assert store.record(gid)["actions"] == actions


def test_a_writer_waits_for_the_lock_then_gives_a_clear_error(path):
    with GameStore(path, timeout=0.2) as store:
        game = cl.new_game(["Ada", "Bo"], seed=5)
        gid = store.save(game)
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("BEGIN IMMEDIATE")                     # another writer holds the lock
        began = time.perf_counter()
        try:
            with pytest.raises(StoreError, match="busy"):
                store.append(gid, str(game.legal_actions()[0]), 0)
            assert time.perf_counter() - began >= 0.2
            assert store.load(gid).to_position() == game.to_position()      # readers are not blocked
        finally:
            raw.execute("ROLLBACK")
            raw.close()
        assert store.append(gid, str(game.legal_actions()[0]), 0) == 1

"""The server's caps on background work (session/work.py): its cap on review processes and one review per stored
game across kernels, the games a visitor may store per hour; a page's work (session/page_work.py): a page gone
stops its review; and review workers that end with their kernel."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carnegie_lab.engine import Game
from carnegie_lab.session import Controller, Limits, NotAllowed
from carnegie_lab.session.page_work import GONE_AFTER, PageWork
from carnegie_lab.session.review import CANCELLED, ReviewJob, Shelf
from carnegie_lab.session.work import GAMES_PER_HOUR_ENV, JOBS_ENV, VISITOR_ENV, JobSlots, StartBrake
from carnegie_lab.store import GameStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PATIENCE = 60          # s: a bound, not a wait


def finished() -> Game:
    return Game.from_record(json.loads((GOLDEN / "base-2p.json").read_text())["record"])


def test_the_server_runs_at_most_its_cap_of_reviews_and_one_per_stored_game(tmp_path):
    slots = JobSlots(tmp_path, 2)                  # each kernel has its own JobSlots on the server's folder
    first = slots.take("game-a")
    with pytest.raises(NotAllowed, match="being reviewed in another page"):
        JobSlots(tmp_path, 2).take("game-a")
    second = JobSlots(tmp_path, 2).take(None)
    with pytest.raises(NotAllowed, match=r"review slot of the server is taken \(2 at once\)"):
        JobSlots(tmp_path, 2).take("game-b")
    first.release()
    JobSlots(tmp_path, 2).take("game-a").release()    # a slot and the game let go
    second.release()


def test_a_review_over_the_server_s_cap_starts_no_process(tmp_path):
    store = GameStore(tmp_path / "games.db")
    ctl = Controller(store=store)
    gid = ctl.keep()
    busy = JobSlots(tmp_path, 1).take(None)           # another page's review holds the one slot
    job = ReviewJob(slots=JobSlots(tmp_path, 1))
    try:
        with pytest.raises(NotAllowed, match=r"review slot of the server is taken \(1 at once\)"):
            job.start(finished(), stored=True, playouts=1, keep=Shelf(store, gid, ctl.owner_key))
        assert job.phase == "idle" and job._proc is None
    finally:
        busy.release()


def test_a_visitor_stores_at_most_its_games_an_hour(tmp_path, monkeypatch):
    now = [1000.0]
    brake = StartBrake(tmp_path, 2, clock=lambda: now[0])
    for _ in range(2):
        brake.check("10.0.0.1", record=True)
    with pytest.raises(NotAllowed, match=r"limit of new games in an hour \(2\)"):
        brake.check("10.0.0.1")
    brake.check("10.0.0.2")                         # another visitor
    now[0] += 3601
    brake.check("10.0.0.1")                         # an hour later
    # a page's Start, with the server's brake (what carnegie-lab app gives its kernels)
    monkeypatch.setenv(JOBS_ENV, str(tmp_path / "server"))
    monkeypatch.setenv(GAMES_PER_HOUR_ENV, "1")
    monkeypatch.setenv(VISITOR_ENV, "10.0.0.3")
    (tmp_path / "server").mkdir()
    ctl = Controller(store=GameStore(tmp_path / "games.db"))
    ctl.keep()
    with pytest.raises(NotAllowed, match=r"limit of new games in an hour \(1\)"):
        ctl.new_game(ctl.setup)
    assert ctl.store is not None and ctl.store.count() == 1


def test_a_page_is_gone_once_its_clock_stopped_while_its_kernel_was_free_and_its_review_stops():
    now = [0.0]
    work = PageWork(Limits(), has_clock=lambda: True, clock=lambda: now[0])
    now[0] = GONE_AFTER - 1
    assert work.present()
    assert work.run(lambda: now.__setitem__(0, 3 * GONE_AFTER) or work.present())     # busy: not gone
    assert work.present()                                 # the callback's end counts as a sign of the page
    now[0] += GONE_AFTER
    assert not work.present()
    work.tick()
    assert work.present() and PageWork(Limits(), has_clock=lambda: False, clock=lambda: now[0]).present()
    job = ReviewJob(present=lambda: False)                # a page that has gone: its review is cancelled
    job.start(finished(), stored=False, playouts=1)
    assert job.wait(PATIENCE) and job.phase == CANCELLED


KERNEL = """
import json, sys
from carnegie_lab.engine import Game
from carnegie_lab.session.review import ReviewJob
job = ReviewJob(max_playouts=100_000)      # a decision takes minutes: the worker says nothing meanwhile
job.start(Game.from_record(json.load(open(sys.argv[1]))["record"]), stored=False, playouts=100_000)
print(job._proc.pid, flush=True)
sys.stdin.read()
"""


def test_a_review_worker_ends_with_its_kernel_even_killed():
    kernel = subprocess.Popen([sys.executable, "-c", KERNEL, str(GOLDEN / "base-2p.json")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    worker = int(kernel.stdout.readline())
    try:
        kernel.send_signal(signal.SIGKILL)
        kernel.wait()
        deadline = time.monotonic() + PATIENCE
        while _alive(worker):
            assert time.monotonic() < deadline, "the review worker outlived its kernel"
            time.sleep(0.1)
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"

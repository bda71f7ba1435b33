"""The background review job (session/review.py): what the kernel refuses, a review run in its own
process whose results are the analysis's, with progress and the kernel free meanwhile, and cancel."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from carnegie_lab.analysis import Review, review
from carnegie_lab.engine import Game
from carnegie_lab.session import Controller, Limits, NotAllowed
from carnegie_lab.session.review import CANCELLED, DONE, REVIEW_KEY, RUNNING, ReviewJob, Shelf
from carnegie_lab.store import GameStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: seconds a test lets a review's process reach a point: bounds, not waits (a few seconds on a quiet machine;
#: with a load of 20 on 2 cores a new process took over a minute to report its first decision)
PATIENCE = 600


def finished() -> Game:
    return Game.from_record(json.loads((GOLDEN / "base-2p.json").read_text())["record"])


def unfinished(actions: int = 30) -> Game:
    """The golden game's first ``actions`` (a review's cost grows with them: 30, 13 decisions of seat 1)."""
    record = finished().to_record()
    return Game.from_record({**record, "actions": record["actions"][:actions]})


def test_the_kernel_refuses_an_unfinished_game_not_stored_a_budget_over_the_cap_and_a_second_review():
    job = ReviewJob(max_playouts=Limits(review_playouts=8).review_playouts)
    assert job.budgets == (1, 8)
    with pytest.raises(NotAllowed, match="finished game, or a stored one"):
        job.start(unfinished(), stored=False, playouts=1)
    for budget in (0, 9, 32, True, 1.5):
        with pytest.raises(NotAllowed, match="1 to 8 playouts"):
            job.start(finished(), stored=False, playouts=budget)
    assert job.phase == "idle" and job._proc is None            # nothing was started
    job.check(unfinished(), stored=True, playouts=8)            # a stored game, finished or not
    assert ReviewJob(max_playouts=4).budgets == (1,)


def test_a_review_runs_in_its_own_process_reports_progress_and_is_the_analysis_review():
    game = unfinished()                                                # a stored game's beginning: 13 decisions
    job = ReviewJob()
    seen: list[tuple[int, int]] = []
    ended = threading.Event()
    start = time.monotonic()
    job.start(game, stored=True, playouts=1, seats=[1], on_progress=lambda d, t: seen.append((d, t)),
              on_done=lambda j: ended.set())
    assert time.monotonic() - start < 2 and job.running             # start() does not wait for it
    assert job.start(game, stored=True, playouts=1) is False           # a second request joins the review
    assert job._proc.is_alive() and job.running
    with pytest.raises(NotAllowed, match="already running"):
        job.start(finished(), stored=False, playouts=1)                # another game waits
    # the kernel plays on meanwhile: a move of another game is applied at once
    ctl = Controller()
    moved = time.monotonic()
    ctl.apply(str(ctl.game.legal_actions()[0]))
    assert time.monotonic() - moved < 1 and job.running
    assert ended.wait(PATIENCE) and job.phase == DONE, job.error
    rev = job.result
    assert rev is not None and rev.seats == (1,) and rev.playouts == 1
    total = len(rev.decisions)
    assert seen == [(k, total) for k in range(1, total + 1)] and (job.done, job.total) == (total, total)
    # the judge never sees the record's future: the review of the first 12 actions is its beginning
    record = game.to_record()
    head = review({**record, "actions": record["actions"][:12]}, [1], playouts=1)
    assert head.decisions and rev.decisions[:len(head.decisions)] == head.decisions


def test_cancel_stops_the_process_and_says_so():
    job = ReviewJob()
    first = threading.Event()
    ended: list[str] = []
    job.start(finished(), stored=False, playouts=1, on_progress=lambda d, t: first.set(),
              on_done=lambda j: ended.append(j.phase))
    assert first.wait(PATIENCE) and job.phase == RUNNING      # a setup decision: playouts to the end
    proc = job._proc
    job.cancel()
    assert job.wait(60) and ended == [CANCELLED] and job.result is None
    assert not proc.is_alive()
    job.start(finished(), stored=False, playouts=1)      # a new review may start once it stopped
    job.cancel()
    assert job.wait(60) and job.phase == CANCELLED


def test_a_finished_review_is_kept_with_its_stored_game_and_no_other_page_reloads_it(tmp_path):
    store = GameStore(str(tmp_path / "games.db"))
    ctl = Controller(store=store, game=unfinished(12))
    gid = ctl.keep()
    assert gid is not None
    other = Controller(store=store)
    other.open_stored(gid)                                   # another browser's page: it watches
    mark = store.info(gid)
    job = ReviewJob()
    job.start(ctl.game, stored=True, playouts=1, seats=[1], keep=Shelf(store, gid, ctl.owner_key))
    assert job.wait(PATIENCE) and job.phase == DONE and job.kept, job.error
    after = store.info(gid)
    assert (after.revision, after.actions, after.updated_at) == (mark.revision, mark.actions, mark.updated_at)
    assert not other.sync()                                  # not "changed in another browser"
    assert Review.from_dict(after.app[REVIEW_KEY]["review"]) == job.result
    assert Shelf(store, gid).read(other.game) == job.result             # the replay of a stored game shows it
    assert Shelf(store, gid).read(finished()) is None                   # a review of another game: none

    # a page without the owner key or a seat link (one that watches) reviews, but keeps nothing
    store.set_app_data(gid, REVIEW_KEY, None)
    job.start(other.game, stored=True, playouts=1, seats=[1], keep=Shelf(store, gid, other.owner_key))
    assert job.wait(PATIENCE) and job.phase == DONE and not job.kept and job.result is not None
    assert REVIEW_KEY not in (store.info(gid).app or {})


def test_a_review_that_fails_tells_why_in_the_page_s_language():
    """The review's process sends why it failed as a Message (its id and fields through the pipe)."""
    from multiprocessing import Pipe

    from carnegie_lab.core.i18n import render
    from carnegie_lab.session.review import _work
    ours, theirs = Pipe()
    _work({"format": "carnegie_lab.record", "version": 1, "options": {}, "actions": 3}, None, 4, 0, theirs)
    kind, why = ours.recv()
    assert kind == "failed" and str(why) == "bad record: actions: expected a list of action strings"
    assert render(why, "pt_BR") == "registro inválido: actions: esperada uma lista de ações em texto"

"""The replay's evaluation bar without a browser (session/eval_job.py, session/bar_screen.py): a moment valued in a
process of its own (the kernel free meanwhile) with the analysis's numbers, once per position and page; the moment
asked last comes next; the process holds a server slot while it values a moment and rests without one; a page gone
stops it; the bar's screen in both languages, with the grade of the move played when a review graded it."""
from __future__ import annotations

import random
import re
import threading

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.analysis.review import Decision, Review
from carnegie_lab.session import NotAllowed
from carnegie_lab.session.bar_screen import FINISHED, NONE, PENDING, VALUE, bar_screen, standing_text
from carnegie_lab.session.eval_job import EvalJob, moment_key, standing
from carnegie_lab.session.replay import Replay
from carnegie_lab.session.work import JobSlots

#: seconds a test lets the process reach a point: bounds, not waits (a new process takes seconds on a busy machine)
PATIENCE = 600
#: a figure with its interval in words: "margin -35.9 VP [-38.0, -33.7], wins 1% [0%, 57%]"
FIGURE = r"margin [-+]\d+\.\d VP \[[-+]\d+\.\d, [-+]\d+\.\d\], wins \d+% \[\d+%, \d+%\]"


@pytest.fixture(scope="module")
def replay() -> Replay:
    """A stored solo game played at random to its end (Ada against Andrew, level 1)."""
    game, rng = cl.new_game(["Ada"], seed=11, solo_level=1), random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return Replay(game, game_id="stored-1")


class Told:
    """The keys a job told of, and a wait for the next ones."""

    def __init__(self, job: EvalJob):
        self.keys: list = []
        self.came = threading.Condition()
        job.follow(self.tell)

    def tell(self, key) -> None:
        with self.came:
            self.keys.append(key)
            self.came.notify_all()

    def until(self, count: int) -> bool:
        with self.came:
            return self.came.wait_for(lambda: len(self.keys) >= count, PATIENCE)


def test_a_moment_is_valued_in_its_own_process_once_and_the_one_asked_last_comes_next(replay):
    job = EvalJob()
    told = Told(job)
    keys = [moment_key(replay, replay.moments[n]) for n in (1, 2, 3)]
    job.ask(replay, replay.moments[1])
    assert job.running and job.pending(keys[0]) and job.value(keys[0]) is None   # ask() does not wait for it
    assert bar_screen(job, replay, 1).kind == PENDING
    # the kernel plays on meanwhile: a move of another game is applied at once
    other = cl.new_game(["Bo", "Cy"], seed=2)
    other.apply(other.legal_actions()[0])
    job.ask(replay, replay.moments[2])            # the player steps on, and on, before the first is valued
    job.ask(replay, replay.moments[3])
    assert job.pending(keys[0]) and not job.pending(keys[1]) and job.pending(keys[2])
    assert told.until(2) and told.keys == [keys[0], keys[2]]
    assert job.value(keys[1]) is None and not job.pending(keys[1])
    value = job.value(keys[0])
    assert value == standing(replay.game_at(replay.moments[1].actions))      # the analysis's numbers
    assert (value.seat, value.playouts) == (0, 3)
    job.ask(replay, replay.moments[1])                                         # known: nothing computed again
    assert not job.pending(keys[0]) and job._next is None
    job.ask(replay, replay.moments[replay.last])                               # the end: nothing to value
    assert job._next is None and job._busy is None
    job.cancel()
    assert job.wait(PATIENCE) and not job.running and len(told.keys) == 2


def test_the_process_holds_a_server_slot_while_it_values_a_moment_and_rests_without_one(replay, tmp_path):
    slots = JobSlots(tmp_path, 1)
    held = slots.take(None)                      # another page's job holds the server's only slot
    job = EvalJob(slots=JobSlots(tmp_path, 1), linger=PATIENCE)
    told = Told(job)
    job.ask(replay, replay.moments[3])
    key = moment_key(replay, replay.moments[3])
    assert not job.running and isinstance(job.why(key), NotAllowed)
    bar = bar_screen(job, replay, 3)
    assert bar.kind == NONE and bar.text.startswith("No evaluation: Every review slot of the server is taken (1 at")
    assert bar_screen(job, replay, 3, lang="pt_BR").text.startswith("Sem avaliação: ")
    held.release()
    job.ask(replay, replay.moments[3])            # asked again: the slot is free now
    assert job.running and job.why(key) is None
    with pytest.raises(NotAllowed):               # the process holds the slot while it values the moment
        slots.take(None).release()
    assert told.until(1) and job.value(key) is not None
    review = slots.take(None)                     # it rests: another page's review takes the slot meanwhile
    later = moment_key(replay, replay.moments[4])
    job.ask(replay, replay.moments[4])
    assert isinstance(job.why(later), NotAllowed) and job.running and not job.pending(later)
    review.release()
    job.ask(replay, replay.moments[4])            # the slot is free again: it works again
    assert job.pending(later) and job.why(later) is None
    with pytest.raises(NotAllowed):
        slots.take(None).release()
    assert told.until(2) and job.value(later) is not None
    job.cancel()
    assert job.wait(PATIENCE) and not job.running
    slots.take(None).release()                    # ended: its slot is free
    assert job.value(key) is not None             # the values stay with the page


def test_a_resting_process_ends_once_idle(replay):
    job = EvalJob(linger=0.5)
    told = Told(job)
    job.ask(replay, replay.moments[3])
    assert told.until(1) and job.wait(PATIENCE) and not job.running     # none asked since: it ended


def test_a_page_that_has_gone_stops_the_process(replay):
    here = threading.Event()
    here.set()
    job = EvalJob(present=here.is_set)
    job.LOOK = 0.05
    job.ask(replay, replay.moments[4])
    proc = job._proc
    here.clear()
    assert job.wait(PATIENCE) and not proc.is_alive() and not job.running


def test_the_bar_says_the_figure_with_its_intervals_the_end_and_the_grade_in_both_languages(replay):
    job = EvalJob()
    moment = replay.moments[5]
    game = replay.game_at(moment.actions)
    value = standing(game)
    job.values[moment_key(replay, moment)] = value
    bar = bar_screen(job, replay, 5)
    assert bar.kind == VALUE and bar.seat == 0 and bar.low <= bar.win <= bar.high
    assert bar.text == standing_text(value, "Ada")
    assert re.fullmatch("Ada: " + FIGURE, bar.text), bar.text
    assert bar.tip.startswith("Ada decides here: the expected final margin and chance to win with the best choice, "
                              "from 3 playouts of each choice")
    pt = bar_screen(job, replay, 5, lang="pt_BR")
    assert pt.text.startswith("Ada: margem ") and "," in pt.text and "vence" in pt.text
    assert bar_screen(job, replay, replay.last).kind == FINISHED
    assert bar_screen(job, replay, replay.last, lang="pt_BR").text == "O jogo terminou."
    # a review graded the move played at moment 5: its grade beside the bar
    before = replay.game_at(moment.actions - 1)
    rows = evaluate(before, playouts=1, rounds=1)
    played = next(r for r in rows if str(r.action) == moment.notation)
    decision = Decision(played, rows[0], 6.1, 5.0, 7.2, 8, "mistake", moment.actions - 1, 0, "Ada", moment.round,
                        "", len(rows))
    review = Review(("Ada",), (0,), None, 8, 0, (decision,), ())
    assert bar_screen(job, replay, 5, review).grade_text == "the move played: mistake, 6.1 VP given away"
    assert bar_screen(job, replay, 5, review, "pt_BR").grade_text.startswith("o lance jogado: ")
    assert bar_screen(job, replay, 4, review).grade == ""


def test_a_game_still_being_played_gets_no_value_and_starts_no_process(replay):
    """A value of a live game's position is a hint (its creator may have turned hints off, a watcher may replay it):
    as a review, the bar values finished games only, in both languages."""
    game = replay.game_at(30)
    live = Replay(game, game_id="stored-2")
    job = EvalJob()
    job.ask(live, live.moments[3])
    assert not job.running and job.value(moment_key(live, live.moments[3])) is None
    bar = bar_screen(job, live, 3)
    assert bar.kind == NONE and bar.text == ("No evaluation: the bar values the moments of a finished game, as a "
                                             "review does: this game is still being played.")
    assert "terminado" in bar_screen(job, live, 3, lang="pt_BR").text


def test_a_page_keeps_the_latest_problems_as_it_keeps_the_latest_values(replay):
    """Why a moment has no value is kept as its value would be: the latest ``kept``, the oldest let go."""
    live = Replay(replay.game_at(30), game_id="stored-2")
    keys = list(dict.fromkeys(moment_key(live, moment) for moment in live.moments))
    job = EvalJob(kept=2)
    for moment in live.moments:
        job.ask(live, moment)
    assert len(keys) > 2 and list(job.problems) == keys[-2:]
    assert all(isinstance(job.why(key), NotAllowed) for key in keys[-2:])

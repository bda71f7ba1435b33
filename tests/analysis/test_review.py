"""carnegie_lab.analysis.review: every decision with a choice graded by the expected final margin it
gave away, on late stretches of seeded bot games (short playouts: cheap)."""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, Review, explain, review
from carnegie_lab.analysis.compare import grade_of, unplayed
from carnegie_lab.analysis.review import Costly, Decision, costliest, rank
from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.bots.base import resample_hidden
from carnegie_lab.bots.greedy import prune


def played(seed: int, players: int = 2, to_round: int | None = None, game: cl.Game | None = None,
           **options) -> cl.Game:
    """A game between greedy (first seat) and random bots, played to the start of ``to_round`` (or the end)."""
    game = game or cl.new_game(["Ada", "Bo"][:players], seed=seed, **options)
    bots = [GreedyBot(seed), RandomBot(seed)]
    while not game.is_over and (to_round is None or game.round < to_round):
        game.apply(bots[game.current_player].choose(game))
    return game


def late_game(seed: int, from_round: int) -> cl.Game:
    """A 2-player game recorded from the start of ``from_round`` to the end."""
    return played(seed, game=cl.Game.from_position(played(seed, to_round=from_round).to_position()))


@pytest.fixture(scope="module")
def greedy_random() -> tuple[cl.Game, Review]:
    game = late_game(4, 16)
    return game, review(game, playouts=16)


@pytest.fixture(scope="module")
def short() -> cl.Game:
    return late_game(2, 19)


def test_the_random_seat_plays_worse_than_the_greedy_one(greedy_random):
    _, rev = greedy_random
    summary = rev.summary()
    assert summary[0].player == "Ada" and summary[0].decisions >= 10 and summary[1].decisions >= 5
    assert summary[1].average_loss > summary[0].average_loss + 1


def test_the_rows_are_the_decisions_with_a_choice(greedy_random):
    game, rev = greedy_random
    record = game.to_record()
    expected = []
    for index in range(len(game.actions)):
        before = cl.Game.from_record({**record, "actions": record["actions"][:index]})
        if len(prune(before.state, before.legal_actions())) > 1:
            expected.append((index, before.current_player))
    assert [(d.index, d.seat) for d in rev.decisions] == expected
    assert all(str(d.played.action) == game.actions[d.index] for d in rev.decisions)
    passed = [d for d in rev.decisions if not d.playouts]         # the screen rated the played action best
    assert passed and all(d.grade == "best" and d.played == d.best and not d.played.playouts for d in passed)
    assert all(d.played.playouts == d.playouts for d in rev.decisions)


def test_the_loss_and_its_interval_come_from_paired_playouts(greedy_random):
    _, rev = greedy_random
    judged = [d for d in rev.decisions if d.playouts]
    assert any(d.loss for d in judged) and any(d.played.action == d.best.action for d in judged)
    for d in judged:
        assert d.loss == pytest.approx(max(0.0, d.best.margin - d.played.margin))
        if d.best.action != d.played.action:
            assert d.best.playouts == d.played.playouts == d.playouts
            assert d.low <= d.best.margin - d.played.margin <= d.high
            assert d.grade == grade_of(d.best.margin - d.played.margin, d.low, d.high)


def test_a_best_says_what_backs_it(greedy_random):
    """Issue 57: a *best* says whether the screen alone passed it or paired playouts did, in both languages."""
    _, rev = greedy_random
    screened = next(d for d in rev.decisions if d.grade == "best" and not d.playouts)
    assert "rated first by the quick evaluation (not played out)" in screened.text()
    assert "avaliação rápida (sem simulações)" in screened.text("pt_BR")
    played_out = [d for d in rev.decisions if d.grade == "best" and d.playouts]
    assert played_out
    for d in played_out:
        assert f"no other choice did better in {d.playouts} paired playout" in d.text()
    worse = next(d for d in rev.decisions if d.loss)
    assert "paired playout" not in worse.text() and "not played out" not in worse.text()


def test_a_grade_never_rests_on_one_playout(short):
    """One playout an action gives no interval: what the screen does not pass is unclear, never a blunder."""
    rev = review(short, playouts=1)
    judged = [d for d in rev.decisions if d.playouts]
    assert judged and all(d.grade == "unclear" and d.playouts == 1 for d in judged)
    assert all(d.grade == "best" for d in rev.decisions if not d.playouts)


def test_summary_curve_and_costliest(greedy_random):
    _, rev = greedy_random
    for seat, s in rev.summary().items():
        mine = [d for d in rev.decisions if d.seat == seat]
        assert sum(s.grades.values()) == s.decisions == len(mine)
        assert s.grades == {g: sum(d.grade == g for d in mine) for g in GRADES}
        assert s.average_loss == pytest.approx(sum(d.loss for d in mine) / len(mine))
        assert [p.margin for p in rev.curve(seat)] == [d.played.margin for d in mine if d.playouts]
    for c in rev.costliest:
        assert (c.played.action, c.best.action) == (c.decision.played.action, c.decision.best.action)
    text = str(rev)
    assert "average loss" in text and "The costliest decisions:" in text and rev.costliest[0].played.lines[0] in text


def test_the_costliest_are_graded_losses_not_the_largest_estimates(greedy_random):
    """The costliest decisions named are those graded a loss; an unclear one with a larger estimate is not."""
    _, rev = greedy_random
    named = [c.decision for c in rev.costliest]
    losses = [d for d in rev.decisions if d.grade in ("inaccuracy", "mistake", "blunder")]
    assert named and len(losses) <= 3 and sorted(named, key=lambda d: d.index) == losses
    assert any(d.grade == "unclear" and d.loss > max(n.loss for n in named) for d in rev.decisions)


def decision(index: int, grade: str, low: float, high: float) -> Decision:
    row = unplayed(cl.Action("done", ()), 0.0)
    return Decision(row, row, (low + high) / 2, low, high, 16, grade, index=index, seat=0, player="Ada", round=3,
                    prompt="", choices=2)


def test_the_costliest_by_grade_then_interval_ties_shared_and_not_cut():
    unsure = decision(0, "unclear", 8.0, 30.0)          # the largest estimate, but no grade: never named
    blunder = decision(1, "blunder", 10.5, 14.0)
    wide, high, low = (decision(2, "mistake", 5.2, 8.9), decision(3, "mistake", 7.8, 9.4),
                       decision(4, "mistake", 5.1, 6.0))
    slight = decision(5, "inaccuracy", 2.5, 4.0)
    # wide and low overlap, so that the evidence cannot tell which of them is the third costliest: neither is
    assert costliest([unsure, blunder, wide, high, low, slight]) == [blunder, high]
    # without low, wide and high overlap: both second, the one whose interval starts higher first
    four = [slight, wide, high, blunder, unsure]
    assert costliest(four) == [blunder, high, wide]
    assert [rank(d, four) for d in (blunder, high, wide, slight)] == [1, 2, 2, 4]
    assert costliest([unsure, decision(6, "good", 0.5, 1.9)]) == []


def test_a_review_goes_to_json_and_back(greedy_random):
    _, rev = greedy_random
    data = json.loads(json.dumps(rev.to_dict()))
    back = Review.from_dict(data)
    assert back.to_dict() == data and str(back) == str(rev)
    assert back.decisions == rev.decisions
    with pytest.raises(cl.RecordError):
        Review.from_dict({**data, "decisions": [{"index": 1}]})
    with pytest.raises(cl.RecordError):
        Review.from_dict([])


def test_tied_costliest_decisions_share_a_number_and_the_text_says_so():
    game = cl.new_game(["Ada", "Bo"], seed=5)
    what = explain(game, game.legal_actions()[0])
    one, two, three = decision(3, "mistake", 5.5, 8.0), decision(7, "mistake", 6.0, 9.5), decision(9, "blunder", 11, 13)
    rev = Review(("Ada", "Bo"), (0,), None, 16, 0, (one, two, three),
                 tuple(Costly(d, what, what) for d in costliest([one, two, three])))
    numbered = [line.split(" ")[:3] for line in rev.lines if line[:1].isdigit()]
    assert numbered == [["1.", "decision", "10,"], ["2.", "decision", "8,"], ["2.", "decision", "4,"]]
    assert rev.lines[-1] == "(The same number: the playouts cannot tell which of them gave away more.)"
    assert rev.lines_in("pt_BR")[-1] != rev.lines[-1]


def test_a_stored_review_of_version_2_still_loads():
    """tests/analysis/data/review-v2.json: a review written by the code before Decision extended Verdict."""
    stored = json.loads((Path(__file__).parent / "data" / "review-v2.json").read_text(encoding="utf-8"))
    rev = Review.from_dict(stored)
    assert rev.to_dict() == {**stored, "version": 3}            # written again as the newest version, texts kept
    assert rev.players == ("Ada", "Bo") and rev.seats == (1,)
    unclear = next(d for d in rev.decisions if d.grade == "unclear")
    assert (unclear.low, unclear.playouts, unclear.player) == (stored["decisions"][2]["low"], 8, "Bo")
    assert [c.decision for c in rev.costliest] == [unclear] and "The costliest decisions:" in str(rev)


def test_seats_by_name_or_number(greedy_random):
    game, rev = greedy_random
    bo = review(game, seats="Bo", playouts=16)
    assert bo.seats == (1,) and bo.decisions == tuple(d for d in rev.decisions if d.seat == 1)
    assert list(bo.summary()) == [1]


def test_same_seed_same_review_and_jobs_do_not_matter(short):
    calls = []
    one = review(short, playouts=4, seed=3)
    two = review(short.to_record(), playouts=4, seed=3, jobs=2, on_progress=lambda done, total: calls.append(done))
    assert one.decisions and one.to_dict() == two.to_dict()
    assert sorted(calls) == calls == list(range(1, len(one.decisions) + 1))
    assert review(short, playouts=4, seed=4).to_dict() != one.to_dict()


def test_a_dask_cluster_gives_the_same_review(short):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = review(short, playouts=4, seed=3, scheduler=cluster.scheduler_address)
    assert on_dask.to_dict() == review(short, playouts=4, seed=3).to_dict()


def test_a_solo_review_never_reads_andrews_hidden_order():
    """Two games that differ only in Andrew's hidden cards, the same actions taken: the same review."""
    position = played(5, players=1, to_round=14, solo_level=2).to_position()
    games = []
    for k in (1, 2):
        g = cl.Game.from_position(position)
        resample_hidden(g.state, random.Random(k))
        games.append(cl.Game.from_position(g.to_position()))
    one, other = games
    assert one.state.andrew.deck != other.state.andrew.deck
    bot = GreedyBot(5)
    while len(one.actions) < 12 and one.log == other.log:
        action = bot.choose(one)
        one.apply(action)
        other.apply(action)
    assert len(one.actions) >= 6 and one.log == other.log
    first = review(one, playouts=6)
    assert first.decisions and first.to_dict() == review(other, playouts=6).to_dict()


@pytest.mark.parametrize("bad", [dict(seats="Cy"), dict(seats=2), dict(seats=True), dict(think=0), dict(think=math.inf),
                                 dict(think="1"), dict(playouts=0), dict(playouts=2.5), dict(jobs=0),
                                 dict(jobs=1.5), dict(seed="x"), dict(on_progress=3)])
def test_bad_arguments_raise_a_carnegie_error(short, bad):
    with pytest.raises(cl.CarnegieError):
        review(short, **{"playouts": 2, **bad})


@pytest.mark.parametrize("bad", [42, None, "{", {"format": "carnegie-lab-record"}])
def test_what_is_not_a_game_raises_a_record_error(bad):
    with pytest.raises(cl.RecordError):
        review(bad, playouts=2)

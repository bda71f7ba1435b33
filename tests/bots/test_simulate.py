"""simulate(): deterministic batches whatever runs them, and the bots' strength."""
from __future__ import annotations

import builtins
import json

import pytest

from carnegie_lab.bots import GreedyBot, RandomBot, SearchBot, SimulationResult, make_bot, simulate
from carnegie_lab.bots.simulate import game_seed
from carnegie_lab.bots.strengths import STRENGTHS, resolve, strength_of
from carnegie_lab.core.errors import MissingExtraError


def test_same_seed_same_batch_and_jobs_do_not_matter():
    one = simulate(3, 6, ["greedy", "random", "random"], seed=5)
    again = simulate(3, 6, ["greedy", "random", "random"], seed=5)
    two = simulate(3, 6, ["greedy", "random", "random"], seed=5, jobs=2)
    assert one.outcomes() == again.outcomes() == two.outcomes()
    assert [r.decisions for r in one.results] == [r.decisions for r in two.results]
    other = simulate(3, 6, ["greedy", "random", "random"], seed=6)
    assert other.outcomes() != one.outcomes()


def test_records_seats_and_statistics():
    seen = []
    result = simulate(2, 4, ["greedy", "random"], seed=1, progress=lambda done, total: seen.append((done, total)),
                      keep_records=True)
    assert isinstance(result, SimulationResult)
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [r.index for r in result.results] == [0, 1, 2, 3]
    assert [r.seed for r in result.results] == [game_seed(1, k) for k in range(4)]
    # seats rotate: game k puts bots[(seat + k) % n] in seat
    assert [r.bots for r in result.results] == [("greedy", "random"), ("random", "greedy")] * 2
    for r in result.results:
        assert set(r.totals) == {"P1", "P2"}
        assert r.winners and set(r.winners) <= set(r.totals)
        assert max(r.totals.values()) == r.totals[r.winners[0]]
        assert r.record["actions"] and len(r.record["actions"]) == r.decisions
        assert all(r.scores[name]["total"] == total for name, total in r.totals.items())
    stats = result.score_stats("bot")
    assert set(stats) == {"greedy", "random"} and stats["greedy"]["games"] == 4
    assert set(result.win_rates("seat")) == {0, 1}
    data = json.loads(json.dumps(result.to_dict()))
    assert data["results"][0]["record"]["options"]["seed"] == result.results[0].seed


def test_fixed_seats():
    result = simulate(2, 2, ["greedy", "random"], seed=1, rotate=False)
    assert [r.bots for r in result.results] == [("greedy", "random")] * 2


def test_solo_against_andrew():
    result = simulate(1, 3, ["greedy"], seed=2, level=4)
    assert result.level == 4
    for r in result.results:
        assert set(r.totals) == {"P1", "Andrew Carnegie"}
        assert r.record is None
    assert set(result.win_rates("bot")) == {"greedy", "andrew"}
    assert simulate(1, 1, None, seed=2).level == 1                  # default level


def test_bad_arguments():
    with pytest.raises(ValueError, match="bots given: 2, seats: 3"):
        simulate(3, 1, ["greedy", "random"])
    with pytest.raises(ValueError, match="bots given: 2, seats: 1;"):      # no "1 players"
        simulate(1, 1, ["greedy", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(2, 1, ["genius"])
    with pytest.raises(ValueError, match="players"):
        simulate(5, 1)
    with pytest.raises(ValueError, match="solo"):
        simulate(2, 1, level=2)
    with pytest.raises(ValueError, match="jobs"):
        simulate(2, 1, jobs=0)


@pytest.mark.slow
def test_greedy_beats_random():
    """GreedyBot wins at least 90% of 200 two-player games against RandomBot."""
    result = simulate(2, 200, ["greedy", "random"], seed=2024, jobs=2)
    wins = sum(1 for r in result.results for seat, bot in enumerate(r.bots)
               if bot == "greedy" and r.seat_won(seat) and len(r.winners) == 1)
    assert wins >= 180, result.score_stats()


@pytest.mark.slow
def test_rollout_beats_greedy():
    """The rollout bot (default budget: one greedy continuation of 40 decisions for each of the four
    best rows) wins more of 20 two-player games against GreedyBot than it loses."""
    result = simulate(2, 20, ["rollout", "greedy"], seed=2024, jobs=2)
    rates = result.win_rates()
    assert rates["rollout"] > 0.5 and rates["rollout"] > rates["greedy"], result.score_stats()


def test_dask_cluster_gives_the_same_results():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        on_dask = simulate(2, 6, ["greedy", "random"], seed=8, scheduler=cluster.scheduler_address)
    local = simulate(2, 6, ["greedy", "random"], seed=8)
    assert on_dask.outcomes() == local.outcomes()
    assert on_dask.scheduler == cluster.scheduler_address


def test_missing_dask_is_a_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name.startswith("dask"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(MissingExtraError, match=r'pip install "carnegie-lab\[dask\]"'):
        simulate(2, 1, seed=1, scheduler="tcp://127.0.0.1:1")


def test_strength_names_make_their_bots():
    assert isinstance(make_bot("easy", 1), RandomBot) and isinstance(make_bot("medium", 1), GreedyBot)
    hard = make_bot("hard", 1)
    assert isinstance(hard, SearchBot) and hard.think == 0.9 and hard.seed == 1
    assert make_bot("hard:think=0.5:rounds=2", 1).think == 0.5      # later parameters win
    assert resolve("hard:think=2") == "search:think=0.9:think=2" and resolve("greedy") == "greedy"
    assert strength_of("greedy") == "medium" and strength_of("rollout") is None
    for name, strength in STRENGTHS.items():
        assert type(make_bot(name, 3)) is type(make_bot(strength.spec, 3))
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_bot("impossible", 0)
    result = simulate(2, 2, ["easy", "medium"], seed=3)
    assert set(result.win_rates()) == {"easy", "medium"} and result.results[0].bots == ("easy", "medium")


def test_a_batch_shows_its_outcome_in_one_line_not_its_games():
    result = simulate(players=2, games=4, bots=["greedy", "random"], seed=1)
    stats = result.score_stats()
    text = repr(result)
    assert text.count("\n") == 0 and len(text) < 300
    assert f"greedy wins {result.win_rates()['greedy']:.0%} (mean {stats['greedy']['mean']:.1f} VP)" in text
    assert "4 games of 2 player(s), seed 1" in text
    solo = simulate(players=1, games=1, bots=["random"], seed=2, level=3)
    assert "1 game of 1 player(s) against Andrew (level 3)" in repr(solo)

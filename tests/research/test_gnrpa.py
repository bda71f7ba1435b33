"""research/gnrpa.py and research/oracle_runs.py: the adaptation moves the policy towards the sequence, a seeded
run is deterministic, a short run's game replays through the public API, and a rerun plays nothing twice."""
from __future__ import annotations

import json
import random

import pytest

import carnegie_lab as cl
from carnegie_lab.bots.base import light_copy, resample_hidden
from carnegie_lab.bots.evaluation import evaluator_for
from carnegie_lab.bots.ranker import lookahead, ranker_model
from carnegie_lab.core.actions import Action
from carnegie_lab.rules.scoring import owned_donations, welfare_payments
from research import gnrpa, oracle_runs

BOT = oracle_runs.study_games(oracle_runs.BOT)[0]


def _search(settings, seed: int = 1):
    return gnrpa.Search(oracle_runs.start_state(BOT["seed"], BOT["level"]), settings, seed)


def test_adaptation_raises_the_code_taken_and_lowers_the_others_by_their_probability():
    a, b, c = ("0", "tab", "H"), ("0", "tab", "C"), ("0", "done")
    steps = [gnrpa.Step([a, b], [0.0, 0.0], 0)]
    policy = gnrpa.adapt({}, steps, 1.0)
    assert policy[a] == pytest.approx(0.5) and policy[b] == pytest.approx(-0.5)
    # a strong bias for the code taken leaves little to learn; against the bias, much
    biased = gnrpa.adapt({}, [gnrpa.Step([a, c], [0.0, -3.0], 0)], 1.0)
    against = gnrpa.adapt({}, [gnrpa.Step([a, c], [-3.0, 0.0], 0)], 1.0)
    assert 0 < biased[a] < 0.1 and against[a] > 0.9
    assert gnrpa.adapt(policy, steps, 1.0)[a] > policy[a]       # again: higher still


def test_a_code_names_the_department_on_a_cell_and_the_stage_of_the_game():
    state = oracle_runs.start_state(BOT["seed"], BOT["level"])
    cells = state.players[0].cells
    cell = next(c for c, d in cells.items())
    assert gnrpa.code(state, Action("activate", (cell,))) == ("0", "activate", cells[cell])
    assert gnrpa.code(state, Action("co", ("H", "pittsburgh"))) == ("0", "co", "H", "pittsburgh")


def test_a_level_1_run_keeps_its_best_playout_and_replays_to_its_totals():
    search = _search(gnrpa.Settings(iterations=(3,), bias="none", objective="margin"))
    best = search.run()
    assert search.playouts == 3
    game = cl.new_game(["P1"], seed=BOT["seed"], solo_level=BOT["level"])
    for action in best.actions:
        game.apply(str(action))
    assert game.is_over and tuple(s.total for s in game.seat_scores()) == best.totals
    assert best.score == best.totals[0] - best.totals[1]


def test_a_run_is_a_function_of_its_seed():
    settings = gnrpa.Settings(iterations=(1, 2), tau=0.05)
    one, two = _search(settings).run(), _search(settings).run()
    assert one.actions == two.actions and one.totals == two.totals


def test_a_seeded_run_is_never_below_the_game_it_starts_from():
    search = _search(gnrpa.Settings(iterations=(2,), bias="none"))
    seeded = search.replay(BOT["actions"])
    assert list(seeded.totals) == BOT["totals"]
    assert search.run(BOT["actions"]).score >= seeded.score


def test_a_run_appends_one_row_a_deal_and_a_rerun_plays_nothing(tmp_path):
    out = tmp_path / "runs.jsonl"
    args = ["--deals", "0", "--iterations", "1", "--bias", "none", "--out", str(out)]
    assert oracle_runs.main(args) == 0
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["seed"] == BOT["seed"] and row["playouts"] == 1
    flow = row["flow"]
    assert [r["round"] for r in flow] == list(range(1, 21))
    assert (flow[-1]["score"], flow[-1]["andrew_score"]) == tuple(row["totals"])
    assert flow[-1]["projects"] == row["shape"]["projects"]
    assert sum(v for k, v in row["shape"].items() if k.startswith("vp_")) == row["totals"][0]
    before = out.read_text()
    assert oracle_runs.main(args) == 0
    assert out.read_text() == before
    assert "| 0 |" in oracle_runs.report(oracle_runs.read_rows(out))


def test_the_best_rows_are_each_deals_best_game_with_every_runs_budget():
    row = BOT | {"deal": 0, "player": "a run", "totals": [200, 100], "margin": 100, "won": True, "playouts": 7,
           "cpu_seconds": 3.0, "actions": BOT["actions"], "flow": ["its flow"], "seeded_with": "an earlier run"}
    best = oracle_runs.best_rows([row], "own+margin")
    assert [g["deal"] for g in best] == sorted(oracle_runs.study_games(oracle_runs.BOT))
    assert best[0]["found_by"] == "a run" and best[0]["flow"] == ["its flow"] and best[0]["playouts"] == 7
    pilot, bot = oracle_runs.study_games(oracle_runs.PILOT)[1], oracle_runs.study_games(oracle_runs.BOT)[1]
    better = max((bot, pilot), key=lambda g: 2 * g["totals"][0] - g["totals"][1])
    assert best[1]["found_by"] == better["player"] and best[1]["totals"] == better["totals"]
    assert best[1]["flow"][-1]["score"] == better["totals"][0] and best[1]["playouts"] == 0
    best[0]["flow"] = best[1]["flow"]
    assert "| 1 | " in oracle_runs.report(best)


def test_the_memo_bias_is_each_codes_mean_lookahead_and_looks_ahead_only_at_new_codes():
    search = _search(gnrpa.Settings(iterations=(1,), bias="memo", refresh=0.0))
    state = oracle_runs.start_state(BOT["seed"], BOT["level"])
    actions = gnrpa.legal(state)
    assert search.memo_choices(state, actions) is None          # no code looked ahead yet
    options, codes, biases = search.choices(state, actions)
    assert search.lookaheads == 1
    memo_options, memo_codes, memo_biases = search.memo_choices(state, actions)
    assert (memo_options, memo_codes) == (options, codes)
    for c, b, m in zip(codes, biases, memo_biases):
        if codes.count(c) == 1:
            assert m == pytest.approx(b)
    one, two = _search(search.settings), _search(search.settings)
    first, second = one.run(), two.run()
    assert first.actions == second.actions and one.lookaheads == two.lookaheads < len(first.steps)


def test_the_best_game_so_far_is_the_highest_by_the_objective_and_seeds_a_chained_run(tmp_path):
    bot, pilot = BOT, oracle_runs.study_games(oracle_runs.PILOT)[0]
    better = dict(pilot, player="earlier", totals=[150, 90])
    assert oracle_runs.best_game(0, "own+margin", []) == max(
        (bot, pilot), key=lambda g: 2 * g["totals"][0] - g["totals"][1])
    assert oracle_runs.best_game(0, "own+margin", [better, dict(better, deal=1, totals=[200, 0])]) == better
    out = tmp_path / "runs.jsonl"
    assert oracle_runs.main(["--deals", "0", "--iterations", "1", "--bias", "none", "--from-best",
                             "--out", str(out)]) == 0
    [row] = oracle_runs.read_rows(out)
    seed_game = oracle_runs.best_game(0, "own+margin", [])
    assert row["player"].startswith("chained:") and row["seeded_with"] == seed_game["player"]
    assert 2 * row["totals"][0] - row["totals"][1] >= 2 * seed_game["totals"][0] - seed_game["totals"][1]
    assert oracle_runs.seed_of(row, [row]) == seed_game
    changed = "1 deals (0)" if row["actions"] != seed_game["actions"] else "0 deals (none)"
    assert f"less its seeds, paired: own VP {row['totals'][0] - seed_game['totals'][0]:.1f} ± nan" \
        f", margin {row['margin'] - seed_game['margin']:.1f} ± nan; the game changed on {changed}" \
        in oracle_runs.report([row])



def test_the_spend_term_takes_each_dollar_left_beyond_the_welfare_payments_from_the_objective(tmp_path):
    bot = oracle_runs.study_games(oracle_runs.BOT)[4]        # it ends with $26 and pays part to welfare
    game = cl.new_game(["P1"], seed=bot["seed"], solo_level=bot["level"])
    for text in bot["actions"]:
        game.apply(text)
    left = gnrpa.money_left(game.state)
    assert 0 < left < game.money(0)
    start = oracle_runs.start_state(bot["seed"], bot["level"])
    plain = gnrpa.Search(start, gnrpa.Settings(iterations=(1,), bias="none"), 1).replay(bot["actions"])
    spent = gnrpa.Search(start, gnrpa.Settings(iterations=(1,), bias="none", spend=0.5), 1).replay(bot["actions"])
    assert spent.score == plain.score - 0.5 * left and spent.totals == plain.totals
    with pytest.raises(ValueError, match="spend"):
        _search(gnrpa.Settings(spend=-1.0))
    out = tmp_path / "runs.jsonl"
    assert oracle_runs.main(["--deals", "0", "--iterations", "1", "--bias", "none", "--spend", "0.5",
                             "--out", str(out)]) == 0
    [row] = oracle_runs.read_rows(out)
    assert ":spend=0.5:" in row["player"] and row["money_left"] >= 0


def _positions(game: dict, at: tuple[int, ...]):
    """The positions of a logged game after ``at`` of its actions, each with its legal actions."""
    state = oracle_runs.start_state(game["seed"], game["level"])
    actions = gnrpa.legal(state)
    for n, text in enumerate(game["actions"]):
        if n in at:
            yield light_copy(state), actions
        actions = gnrpa.step(state, next(a for a in actions if str(a) == text))


def test_the_ranker_bias_is_the_rankers_score_less_the_best_over_tau_and_sees_no_hidden_card():
    """The bias only ranks the choices: the ranker's scores of its lookahead (the table and the hand
    evaluation, as greedy's bias) less the best, the same with Andrew's hidden cards redrawn."""
    search = _search(gnrpa.Settings(iterations=(1,), bias="ranker", tau=0.5))
    model = ranker_model(search.start.rules)
    assert model is not None
    for state, actions in _positions(BOT, (3, 40, 41, 80)):
        options, codes, biases = search.choices(state, actions)
        choices, features = lookahead(state, actions, evaluator_for(search.start))
        scores = [model.score(x) for x in features]
        assert options == choices and len(options) > 1 and max(biases) == 0.0
        assert biases == pytest.approx([(v - max(scores)) / 0.5 for v in scores])
        for seed in range(3):
            other = light_copy(state)
            resample_hidden(other, random.Random(seed))
            assert search.choices(other, gnrpa.legal(other)) == (options, codes, biases)


def test_a_ranker_memo_run_is_a_function_of_its_seed_and_looks_ahead_at_few_decisions():
    settings = gnrpa.Settings(iterations=(1, 2), bias="ranker-memo", tau=0.5)
    one, two = _search(settings), _search(settings)
    first, second = one.run(), two.run()
    assert first.actions == second.actions and first.totals == second.totals
    assert one.lookaheads == two.lookaheads < len(first.steps) and one.memo
    assert ":bias=ranker-memo:refresh=0.1:" in oracle_runs.spec(settings, "best", 4)


@pytest.mark.parametrize("deal", [0, 1, 4, 7])      # goods welfare, none, part paid, all paid
def test_money_left_is_the_money_the_welfare_donations_leave(deal):
    """The scoring's rule (each welfare donation buys VP for money or goods, goods sold where that buys
    more) spelt out on end states of the bot's games: the money left is what the best payment leaves."""
    bot = oracle_runs.study_games(oracle_runs.BOT)[deal]
    game = cl.new_game(["P1"], seed=bot["seed"], solo_level=bot["level"])
    for text in bot["actions"]:
        game.apply(text)
    state, p = game.state, game.state.players[0]
    welfare = tuple(d.id for d in owned_donations(state, 0) if d.formula.kind == "payments")
    cash = welfare_payments(state.rules, p.money, p.goods, welfare)[1] if welfare else 0
    assert gnrpa.money_left(state) == max(0, p.money - cash)


def test_bad_settings_and_a_missing_ranker_model_are_refused_by_name(monkeypatch):
    with pytest.raises(ValueError, match="bias one of"):
        _search(gnrpa.Settings(bias="nonsense"))
    monkeypatch.setattr(gnrpa, "ranker_model", lambda rules: None)
    with pytest.raises(ValueError, match="bias ranker: the package has no ranker model"):
        _search(gnrpa.Settings(bias="ranker"))

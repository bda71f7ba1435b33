"""The analysis's results in words (``analysis.words``), in English and Portuguese."""
from __future__ import annotations

from dataclasses import replace

import carnegie_lab as cl
from carnegie_lab.analysis import ActionValue
from carnegie_lab.analysis.words import playout_result, review_loss, review_progress


def test_the_analysis_sentences_in_portuguese_and_english_unchanged():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    value = ActionValue(game.legal_actions()[0], margin=1.5, win_rate=0.55, playouts=20, margin_low=-0.4,
                        margin_high=2.75, win_low=0.35, win_high=0.73, min_margin=-5, max_margin=8, heuristic=0.8,
                        horizon=6, finalist=True)
    assert playout_result(value) == "margin +1.5 VP [-0.4, +2.8] at round 6, won 55% [35%, 73%] of 20 playouts"
    assert playout_result(value, "pt_BR") == \
        "margem +1,5 PV [-0,4, +2,8] na rodada 6, venceu 55% [35%, 73%] de 20 simulações"
    assert review_progress(1, 1) == "Reviewing: 1 of 1 decision judged"
    assert review_progress(12, 88, "pt_BR") == "Revisando: 12 de 88 decisões avaliadas"
    assert review_progress(12, 88, left=40.4) == "Reviewing: 12 of 88 decisions judged, about 40 s left"
    assert review_progress(12, 88, "pt_BR", left=200) == \
        "Revisando: 12 de 88 decisões avaliadas, cerca de 3 min restantes"
    assert review_loss("mistake", 6.14) == "mistake, 6.1 VP given away"
    assert review_loss("mistake", 6.14, "pt_BR") == "erro, 6,1 PV perdidos"
    assert review_loss("best", 0.0, "pt_BR") == "melhor"
    assert review_loss("unclear", 3.04) == "unclear, about 3.0 VP given away: the playouts cannot tell which grade"
    estimated = replace(value, estimated=True)
    assert playout_result(estimated).startswith("margin +1.5 VP [-0.4, +2.8] (played on to round 6, the rest guessed),")
    assert "estimated at" not in playout_result(estimated)


def test_an_interval_of_no_width_is_not_shown():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    certain = ActionValue(game.legal_actions()[0], margin=-114.0, win_rate=0.0, playouts=8, margin_low=-114.0,
                          margin_high=-114.0, win_low=0.0, win_high=0.32, min_margin=-114, max_margin=-114,
                          heuristic=-114.0, horizon=None, finalist=True)
    assert playout_result(certain) == "margin -114.0 VP, won 0% [0%, 32%] of 8 playouts"
    assert playout_result(certain, "pt_BR") == "margem -114,0 PV, venceu 0% [0%, 32%] de 8 simulações"


def test_an_action_the_halving_dropped_says_it_stopped_early():
    """A review asked for 32 playouts a decision said "of 8 playouts" without a word why (issue #60)."""
    game = cl.new_game(["Ada", "Bo"], seed=1)
    dropped = ActionValue(game.legal_actions()[0], margin=-6.0, win_rate=0.25, playouts=8, margin_low=-9.0,
                          margin_high=-3.0, win_low=0.07, win_high=0.59, min_margin=-12, max_margin=2,
                          heuristic=-4.0, horizon=None, finalist=False)
    assert playout_result(dropped) == \
        "margin -6.0 VP [-9.0, -3.0], won 25% [7%, 59%] of 8 playouts (stopped early: it trailed the others)"
    assert playout_result(dropped, "pt_BR").endswith("de 8 simulações (parou cedo: ficou atrás das outras)")
    assert "stopped early" not in playout_result(replace(dropped, finalist=True))

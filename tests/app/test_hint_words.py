"""A hint where every choice loses says so in words (issue #60, point 4): at level 2 every hint of round 1 read
"won 0%", about -48 VP, with no word that the whole position is lost on average."""
from __future__ import annotations

from dataclasses import replace

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import ActionValue
from carnegie_lab.app.hints import hint_html
from carnegie_lab.session.hint_screen import Suggestion, hint_screen


def hint(margins: list[float], lang=None) -> str:
    game = cl.new_game(["Ada", "Bo"], seed=1)
    base = ActionValue(game.legal_actions()[0], margin=0.0, win_rate=0.0, playouts=16, margin_low=0.0,
                       margin_high=0.0, win_low=0.0, win_high=0.2, min_margin=-60, max_margin=-30, heuristic=-40.0,
                       horizon=None, finalist=True)
    values = [replace(base, action=a, margin=m, margin_low=m - 1, margin_high=m + 1)
              for a, m in zip(game.legal_actions(), margins)]
    rows = [Suggestion(str(v.action), f"choice {k}", "", v, "") for k, v in enumerate(values)]
    return hint_html(hint_screen(rows, lang), len(game.actions))


@pytest.mark.parametrize("lang, words", [(None, "Every choice here loses on average; the best keeps the margin to "
                                                "-48.0 VP."),
                                         ("pt_BR", "Toda escolha aqui perde em média; a melhor mantém a margem em "
                                                   "-48,0 PV.")])
def test_every_choice_losing_is_said_in_words(lang, words):
    assert words in hint([-48.0, -55.0, -60.0], lang)


def test_a_winning_best_choice_says_nothing_of_losing():
    assert "loses on average" not in hint([3.0, -5.0, -20.0])

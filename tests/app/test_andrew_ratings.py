"""The New game form rates each of Andrew's levels on the bots' ladder (issue #60, point 4): the form rated
the bots (Elo) and said nothing of Andrew's levels, though data/ladder.json rates them."""
from __future__ import annotations

import pytest

from carnegie_lab.app.panels import level_note
from carnegie_lab.bots.strengths import STRENGTHS, andrew_rating, ladder


@pytest.mark.parametrize("lang, rated, medium", [(None, "rated {elo}", "Medium bot: {elo}"),
                                                  ("pt_BR", "classificação {elo}", "Robô médio: {elo}")])
def test_each_level_says_its_rating_beside_the_medium_bot(lang, rated, medium):
    note = level_note(lang=lang)
    for level in (1, 2, 3, 4):
        elo = andrew_rating(level)
        assert elo == ladder()[f"Andrew level {level}"]
        assert f"<b>{level}</b>: " in note and rated.format(elo=elo) in note.split(f"<b>{level}</b>: ")[1].split("·")[0]
    assert medium.format(elo=STRENGTHS["medium"].rating) in note

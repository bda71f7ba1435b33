"""The Log tab's heading counts the engine's lines in words (issue #60, point 5): before the first move it
said "0 lines" while the Play tab's "What happened" showed the new game's line."""
from __future__ import annotations

import carnegie_lab as cl
from carnegie_lab.app.board_html import log_html


def heading(game, lang=None) -> str:
    return log_html(game, lang=lang).split("</div>", 1)[0]


def test_a_new_game_log_says_nothing_is_played_yet_in_words():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    assert "0 line" not in heading(game) and "Nothing played yet" in heading(game)
    assert "0 linha" not in heading(game, "pt_BR") and "Nada jogado ainda" in heading(game, "pt_BR")


def test_the_count_is_a_plural_in_each_language():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    while sum(len(m.lines) for m in game.moves) < 2:
        game.push(game.legal_actions()[0])
    count = sum(len(m.lines) for m in game.moves)
    assert f"{count} lines, newest first" in heading(game)
    assert f"{count} linhas, as mais recentes primeiro" in heading(game, "pt_BR")

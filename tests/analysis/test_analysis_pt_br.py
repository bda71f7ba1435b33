"""explain's sentences and the review's summary in Brazilian Portuguese, through the translation layer, their
English as it was: checked in tests/i18n_check.py's widened pt_BR (an ASCII word left in a rendered text was
not translated, except the players, the notation and the components' ids)."""
from __future__ import annotations

import json
import random

from i18n_check import WIDE, WORD, ascii_words
from positions import last_two_rounds

import carnegie_lab as cl
from carnegie_lab.analysis import Review, explain, review
from carnegie_lab.session.hint_screen import explanation_line


def same_in_every_language(game: cl.Game, *actions) -> set[str]:
    """Words the same in every language: the players, Andrew Carnegie, the actions' notation, the ids."""
    C = game.components
    words = {*game.players, "Andrew", "Carnegie", *C.regions, *C.cities, *C.timeline.rows}
    return words | {word for action in actions for word in WORD.findall(str(action))}


def test_explain_s_lines_in_portuguese_and_english_unchanged(many_positions, widened):
    rng, explained, topics = random.Random(7), 0, set()
    for game in many_positions:
        if game.is_over:
            continue
        actions = game.legal_actions()
        for action in rng.sample(actions, min(5, len(actions))):
            e = explain(game, action)
            assert e.lines_in(None) == e.lines == e.lines_in("en") and str(e) == "\n".join(e.lines)
            texts = e.lines_in(WIDE) + [explanation_line(e, WIDE)]
            assert ascii_words(texts, same_in_every_language(game, action)) == [], (e.lines, texts)
            explained += 1
            topics |= {c.topic for c in e.changes}
    assert not widened.missing, sorted(widened.missing)
    assert explained > 100 and topics == {"score", "resources", "income", "network"}


def test_explain_in_portuguese():
    game = cl.new_game(["Ada", "Bo"], seed=5)
    e = explain(game, "house chicago")
    assert e.lines[:2] == ["Bo: house chicago", "  score if the game ended now: cities +3; total 4 -> 7 VP (+3)"]
    assert e.lines_in("pt_BR")[:2] == ["Bo: house chicago",
                                       "  pontuação se o jogo terminasse agora: cidades +3; total 4 -> 7 PV (+3)"]
    assert e.lines_in("pt_BR")[-1].startswith("  a seguir: Bo: escolha um Departamento")


def test_the_review_s_summary_in_portuguese_and_english_unchanged(widened):
    game = last_two_rounds()
    rev = review(game, playouts=16, seed=0)
    assert rev.costliest and rev.lines_in(None) == rev.lines and str(rev) == "\n".join(rev.lines)
    assert [s.text() for s in rev.summary().values()] == [str(s) for s in rev.summary().values()]
    texts = rev.lines_in(WIDE)
    actions = [a for d in rev.decisions for a in (d.played.action, d.best.action)]
    assert ascii_words(texts, same_in_every_language(game, *actions)) == [], texts
    assert not widened.missing, sorted(widened.missing)
    head = f"Revisão de {len(rev.decisions)} decisões de Ada, Bo (no máximo 16 simulações por ação, semente 0)"
    assert rev.lines_in("pt_BR")[0] == head
    again = Review.from_dict(json.loads(json.dumps(rev.to_dict())))      # read back: its texts described
    assert again.lines == rev.lines and again.lines_in("pt_BR") == rev.lines_in("pt_BR")

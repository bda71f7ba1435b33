"""Texts are made when they are read, in the language asked for (issue #41): playing a game through the public
API puts nothing into words in another language than English; the log, the moves and the decision are put
into Portuguese only when a view asks for them."""
from __future__ import annotations

import gettext
import random

import pytest

import carnegie_lab as cl
from carnegie_lab.core import i18n
from carnegie_lab.core.i18n import render


class Counting(gettext.NullTranslations):
    """A translator that counts what it is asked to put into words."""

    def __init__(self, inner: gettext.NullTranslations):
        super().__init__()
        self.inner, self.calls = inner, 0

    def gettext(self, message):
        self.calls += 1
        return self.inner.gettext(message)

    def ngettext(self, singular, plural, n):
        self.calls += 1
        return self.inner.ngettext(singular, plural, n)

    def pgettext(self, context, message):
        self.calls += 1
        return self.inner.pgettext(context, message)

    def npgettext(self, context, singular, plural, n):
        self.calls += 1
        return self.inner.npgettext(context, singular, plural, n)


@pytest.fixture
def portuguese(monkeypatch):
    """pt_BR's translator, counting its calls."""
    counting = Counting(i18n.translator("pt_BR"))
    monkeypatch.setitem(i18n._TRANSLATORS, "pt_BR", counting)
    return counting


@pytest.mark.parametrize("players, options", [(["Ada", "Bo", "Cy", "Di"], {}), (["Ada"], {"solo_level": 2})])
def test_playing_puts_nothing_into_another_language_until_it_is_read(portuguese, players, options):
    rng = random.Random(7)
    game = cl.new_game(players, seed=7, **options)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert len(game.log) > 100 and len(game.moves) > 100
    assert portuguese.calls == 0

    shown = [render(line, "pt_BR") for line in game.log]
    assert portuguese.calls > 0 and shown != game.log
    replayed = cl.Game.from_record(game.to_record())
    assert replayed.log == game.log and [m.prompt for m in replayed.moves] == [m.prompt for m in game.moves]


def test_a_move_keeps_the_decision_it_answered_in_words():
    game = cl.new_game(["Ada", "Bo"], seed=3)
    asked = []
    for _ in range(40):
        asked.append(game.decision.text)
        game.apply(game.legal_actions()[0])
    own = [m.prompt for m in game.moves if not m.automatic]
    assert own == asked

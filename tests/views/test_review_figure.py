"""review_figure: the curve is each seat's played margins, the band their intervals, the markers the grades."""
from __future__ import annotations

import math

import pytest
from views_helpers import play, played, trace

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, review
from carnegie_lab.views import review_figure
from carnegie_lab.views.palette import owner_colour
from carnegie_lab.views.review import GRADE_COLOURS


@pytest.fixture(scope="module")
def reviewed():
    """The last two rounds of a 3-player game, played on from a position, reviewed for two seats."""
    game = cl.Game.from_position(played(["Ada", "Bo", "Cy"], 5, until_round=19).to_position())
    play(game, 5)
    return review(game, seats=["Ada", "Cy"], playouts=2)


def test_the_curves_are_the_played_margins_with_their_grades(reviewed):
    fig = review_figure(reviewed)
    assert {t.name for t in fig.data} == {"band-0", "margin-0", "band-2", "margin-2"}
    for seat in (0, 2):
        mine = [d for d in reviewed.decisions if d.seat == seat and d.playouts]   # the screen passed the others
        assert mine
        line = trace(fig, f"margin-{seat}")
        assert list(line.x) == [d.index + 1 for d in mine] and list(line.customdata) == [d.index for d in mine]
        assert list(line.y) == [d.played.margin for d in mine]
        assert list(line.marker.color) == [GRADE_COLOURS[d.grade] for d in mine]
        assert line.line.color == owner_colour(seat)
        assert all(f"played: {d.played.margin:+.1f} VP" in text for d, text in zip(mine, line.text))
        assert not any(str(d.played.action) in text or str(d.best.action) in text for d, text in zip(mine, line.text))
        band = trace(fig, f"band-{seat}")
        highs = [d.played.margin_high for d in mine]
        assert list(band.y[:len(mine)]) == [h if math.isfinite(h) else None for h in highs]


def test_the_hovers_name_the_actions_as_said_words_them(reviewed):
    said = {}
    fig = review_figure(reviewed, said=lambda d, a: said.setdefault((d.index, str(a)), f"choice {len(said)}"))
    texts = [t for seat in (0, 2) for t in trace(fig, f"margin-{seat}").text]
    assert said and all(any(f"played {w}: " in t or f"best {w}: " in t for t in texts) for w in said.values())


def test_every_grade_has_a_colour_in_the_key(reviewed):
    assert list(GRADE_COLOURS) == list(GRADES)
    key = review_figure(reviewed).layout.annotations[0].text
    assert all(g in key for g in GRADES) and "Ada" in key and "Bo" not in key


def test_a_review_without_decisions_says_so():
    over = cl.Game.from_position(played(["Ada", "Bo"], 3).to_position())
    fig = review_figure(review(over, playouts=2))
    assert [t.name for t in fig.data] == ["band-0", "margin-0", "band-1", "margin-1"]
    assert any("no decision" in a.text for a in fig.layout.annotations)

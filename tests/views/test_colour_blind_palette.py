"""The owners' colours stay apart for people who lack one kind of cone (protanopia, deuteranopia, tritanopia:
colour_vision.py simulates them), by a CIEDE2000 difference of at least FLOOR between any two owners. Colour is
never the only sign anyway: each owner's pieces also have a shape of their own (test_marks_not_only_colour.py).

Why FLOOR = 10: a CIEDE2000 difference of about 1 is just noticeable between two large patches side by side, but
the pieces are small marks on a busy map, compared across it. Stone, Szafir and Setlur ("An engineering model for
color difference as a function of size", 2014) found that the difference needed to tell marks apart grows
several-fold as they shrink to a fraction of a degree of view (a disc on the map); 10 keeps a margin above that.
The palette's closest pairs (measured here): red and green at 13.3 for deuteranopia and 13.5 for protanopia,
blue and green at 11.9 for tritanopia; 26.5 (green and neutral's grey) for normal vision.
"""
from __future__ import annotations

from itertools import combinations

import pytest
from colour_vision import DICHROMACIES, delta_e, lab, rgb, simulate

from carnegie_lab.core.state import ANDREW, NEUTRAL
from carnegie_lab.views.palette import PLAYER_COLOURS, owner_colour

FLOOR = 10.0
#: Every owner a game's pieces can have: the four seats, the neutral discs, Andrew (solo).
OWNERS = [*range(len(PLAYER_COLOURS)), NEUTRAL, ANDREW]

#: CIEDE2000 test pairs with their published differences (Sharma, Wu and Dalal, 2005, table 1).
SHARMA = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
          ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
          ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
          ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
          ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082)]


@pytest.mark.parametrize("one, other, expected", SHARMA)
def test_the_colour_difference_is_ciede2000(one, other, expected):
    assert delta_e(one, other) == pytest.approx(expected, abs=1e-4)


def seen(colour: str, dichromacy: str | None) -> tuple[float, float, float]:
    return rgb(colour) if dichromacy is None else simulate(colour, dichromacy)


def difference(one: str, other: str, dichromacy: str | None = None) -> float:
    """How far apart two colours look (CIEDE2000), with normal vision or a dichromacy."""
    return delta_e(lab(seen(one, dichromacy)), lab(seen(other, dichromacy)))


def test_the_simulation_keeps_greys_and_merges_each_dichromacys_confusions():
    """Each simulation leaves white, grey and black as they are, and brings together the colours its people
    confuse (red and green without red or green cones, blue and green without blue cones) while keeping apart
    those they tell apart (blue and yellow, red and green)."""
    for dichromacy in DICHROMACIES:
        for grey in ("#ffffff", "#808080", "#000000"):
            assert difference(grey, grey, dichromacy) == pytest.approx(0, abs=0.3)
            assert simulate(grey, dichromacy) == pytest.approx(rgb(grey), abs=2e-3)
    red, green, blue, yellow = "#d7382d", "#2e8b57", "#2166c4", "#f2b807"
    for dichromacy in ("protanopia", "deuteranopia"):
        assert difference(red, green, dichromacy) < difference(red, green) / 3
        assert difference(blue, yellow, dichromacy) > 0.8 * difference(blue, yellow)
    assert difference(blue, green, "tritanopia") < difference(blue, green) / 3
    assert difference(red, green, "tritanopia") > 0.8 * difference(red, green)


@pytest.mark.parametrize("dichromacy", [None, *DICHROMACIES])
def test_every_two_owners_colours_stay_apart(dichromacy):
    apart = {(one, other): round(difference(owner_colour(one), owner_colour(other), dichromacy), 1)
             for one, other in combinations(OWNERS, 2)}
    assert {pair: d for pair, d in apart.items() if d < FLOOR} == {}

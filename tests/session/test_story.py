"""The final panel's story of a finished game: every number it states is the game's own (``Game.scores()``,
Andrew's VP cards), named as the score table and the chart name the categories (``core.words.SCORE_NAMES``)."""
from __future__ import annotations

import re

import pytest

from carnegie_lab import ScoreBreakdown
from carnegie_lab.core.words import SCORE_NAMES
from carnegie_lab.session import Controller, Seat, Setup
from carnegie_lab.session.story import story


def finished(seats: list[Seat], seed: int, level: int | None = None):
    ctl = Controller(Setup(seats, seed=seed, solo_level=level))
    ctl.run_bots(until_human=False)
    assert ctl.game.is_over
    return ctl.game


@pytest.fixture(scope="module")
def two():
    return finished([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=4)


@pytest.fixture(scope="module")
def solo():
    return finished([Seat("Ada", "easy")], seed=2, level=2)


CATEGORY = {name: c for c, name in SCORE_NAMES.items()}


def parts(text: str, prefix: str) -> list[tuple[str, list[int]]]:
    """'PREFIX cities (12), donations (6 to 2) and ...' -> [('cities', [12]), ('donations', [6, 2]), ...]."""
    assert text.startswith(prefix), text
    out = []
    for part in re.split(r", | and ", text[len(prefix):].rstrip(".")):
        name, numbers = re.fullmatch(r"(.+) \((\d+(?: to \d+)?)\)", part).groups()
        out.append((CATEGORY[name], [int(n) for n in numbers.split(" to ")]))
    return out


@pytest.mark.parametrize("which", ["two", "solo"])
def test_the_story_states_the_games_own_numbers(request, which):
    game = request.getfixturevalue(which)
    lines = story(game)
    table = game.scores()
    winner, = game.winners()
    runner = max((n for n in table if n != winner), key=lambda n: table[n].total)
    win, other = table[winner].as_dict(), table[runner].as_dict()
    assert 3 <= len(lines) <= 4
    assert lines[0] == f"{winner} wins by {win['total'] - other['total']} VP: {win['total']} to {other['total']} " \
                       f"for {runner}."
    # where the points came from: the winner's largest categories, with their VP
    came = parts(lines[1], f"{winner}'s {win['total']} VP came chiefly from ")
    assert [vp for _, (vp,) in came] == sorted((v for c, v in win.items() if c != "total"), reverse=True)[:len(came)]
    assert all(win[c] == vp for c, (vp,) in came)
    # where it was decided: the largest differences, each 'winner's VP to the runner-up's'
    decided, _, better = lines[2].partition("; ")
    stated = parts(decided + ".", "The game was decided on ")
    gaps = sorted((win[c] - other[c] for c in SCORE_NAMES), reverse=True)
    assert [win[c] - other[c] for c, _ in stated] == gaps[:len(stated)]
    assert all([win[c], other[c]] == vp for c, vp in stated)
    if better:                       # and where the runner-up was ahead the most
        (c, vp), = parts(better, f"{runner} did better on ")
        assert vp == [other[c], win[c]] and win[c] - other[c] == gaps[-1] < 0


def test_a_solo_story_names_andrews_vp_cards(solo):
    lines = story(solo)
    andrew = solo.andrew()
    name = solo.andrew_name
    cards = solo.scores()[name].cards
    assert cards > 0
    assert lines[-1].startswith(f"{SCORE_NAMES['cards']} gave him {cards} VP")
    stated = re.findall(r"(\d+) × (\d+) VP", lines[-1])
    assert sum(int(n) * int(vp) for n, vp in stated) == cards
    assert {(int(vp), int(n)) for n, vp in stated} == {(vp, len(on)) for vp, on in andrew.vp_cards if on and vp}


def test_no_story_before_the_end():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=1))
    assert story(ctl.game) == []


class Tied:
    """What ``story`` asks of a game, for a shared win (two seats on 30 VP, a third on 21)."""
    is_over = True
    andrew_name = None

    def scores(self):
        return {"Ada": ScoreBreakdown(cities=20, donations=10), "Bo": ScoreBreakdown(cities=10, departments=20),
                "Cy": ScoreBreakdown(cities=12, departments=6, employees=3)}

    def winners(self):
        return ["Ada", "Bo"]

    def andrew(self):
        return None


def test_a_shared_win_names_both_winners():
    assert story(Tied()) == [
        "Ada and Bo share the win with 30 VP, 9 VP ahead of Cy.",
        "Ada's 30 VP came chiefly from cities (20) and donations (10).",
        "The game was decided on donations (10 to 0) and cities (20 to 12); Cy did better on departments (6 to 0).",
    ]

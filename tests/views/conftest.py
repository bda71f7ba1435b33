"""Positions for the view tests, reached by playing real actions with a simple deterministic policy."""
from __future__ import annotations

import pytest

import carnegie_lab as cl
from carnegie_lab.views import style
from views_helpers import play, played


@pytest.fixture(autouse=True)
def validate_figures(monkeypatch):
    """Build every figure with plotly's validation on, so a misspelt property fails the test."""
    monkeypatch.setattr(style, "VALIDATE", True)


@pytest.fixture(scope="session")
def mid3() -> cl.Game:
    return played(["Ada", "Bo", "Cy"], 7, until_round=11)


@pytest.fixture(scope="session")
def mid4() -> cl.Game:
    return played(["Ada", "Bo", "Cy", "Di"], 3, until_round=9)


@pytest.fixture(scope="session")
def mid2() -> cl.Game:
    return played(["Ada", "Bo"], 11, until_round=13)


@pytest.fixture(scope="session")
def event3(mid3) -> cl.Game:
    """Mid-game, just after the row was chosen: the gear is on this round's event space."""
    game = mid3.copy()
    play(game, 1, steps=1)
    assert game.state.flow.event_row is not None
    return game


@pytest.fixture(scope="session")
def fresh() -> cl.Game:
    return cl.new_game(["Ada", "Bo", "Cy"], seed=5)


@pytest.fixture(scope="session")
def finished() -> cl.Game:
    return played(["Ada", "Bo"], 3)


@pytest.fixture(scope="session")
def solo() -> cl.Game:
    return played(["Ada"], 1, until_round=8, solo_level=2)


@pytest.fixture(scope="session")
def positions(fresh, mid2, mid3, event3, mid4, finished, solo) -> dict[str, cl.Game]:
    return {"fresh": fresh, "mid2": mid2, "mid3": mid3, "event3": event3, "mid4": mid4, "finished": finished,
            "solo": solo}

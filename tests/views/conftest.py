"""Positions for the view tests, reached by playing real actions with a simple deterministic policy."""
from __future__ import annotations

import pytest
from views_helpers import play, played, with_state

import carnegie_lab as cl
from carnegie_lab.core.loader import components
from carnegie_lab.views import style

C = components()


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
def solo_over() -> cl.Game:
    """A solo game played to the end: Andrew scores VP cards and final boxes."""
    return played(["Ada"], 1, solo_level=2)


@pytest.fixture(scope="session")
def expansion() -> cl.Game:
    """Mid-game with the expansion departments: Cy has built Public Relations and staffs it (tiles score)."""
    return played(["Ada", "Bo", "Cy"], 9, until_round=8, departments="base+expansion")


@pytest.fixture(scope="session")
def expansion_over() -> cl.Game:
    """An expansion game played to the end (Bo built Network of Libraries and Post Office)."""
    return played(["Ada", "Bo"], 1, departments="base+expansion")


def _staff_green_spaces(state: dict, seat: int = 0) -> None:
    """Seat builds Green Spaces on its first empty cell, an employee from the supply standing on it."""
    p = state["players"][seat]
    cell = next(c for c in C.company.cells if c not in p["cells"])
    p["cells"][cell] = "green_spaces"
    p["standing"][cell] = [0]
    p["supply"] -= 1
    p["built"].append("green_spaces")
    if state["board"]["pool"].get("green_spaces"):
        state["board"]["pool"]["green_spaces"] -= 1


@pytest.fixture(scope="session")
def expansion_tiles_over(expansion_over) -> cl.Game:
    """The finished expansion game with Ada's staffed Green Spaces: a final score with tiles > 0."""
    return with_state(expansion_over, _staff_green_spaces)


POSITIONS = ("fresh", "mid2", "mid3", "event3", "mid4", "finished", "solo", "solo_over", "expansion",
             "expansion_over", "expansion_tiles_over")


@pytest.fixture(scope="session")
def positions(request) -> dict[str, cl.Game]:
    return {name: request.getfixturevalue(name) for name in POSITIONS}

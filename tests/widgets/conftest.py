"""Helpers for the widget tests: a human who always takes the first control offered."""
from __future__ import annotations

import pytest

from carnegie_lab.session.controls import Buttons, MoveGrid, Picker, panel_for


def first_choice(game, prefer_done: bool = True) -> str:
    """The notation a simple human would click: "done" when offered, else the first control's first
    action (a picker's first values, a grid's first move)."""
    panel = panel_for(game)
    notations = [o.notation for o in panel.footer]
    if prefer_done and "done" in notations:
        return "done"
    for group in panel.groups:
        if isinstance(group, Buttons):
            return group.options[0].notation
        if isinstance(group, Picker):
            keys = []
            for i in range(len(group.slots)):
                keys.append(group.options(i, keys)[0][0])
            return group.find(keys).notation
        if isinstance(group, MoveGrid):
            return group.moves[0][2]
    return notations[0]


@pytest.fixture
def human():
    return first_choice

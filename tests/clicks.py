"""A human who always takes the first control offered (the session, app and tutor tests), from Python or
by clicking the dashboard's widgets."""
from __future__ import annotations

from carnegie_lab.session.controls import Buttons, MoveGrid, Picker, panel_for
from carnegie_lab.widgets import Dashboard


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


def click_first(d: Dashboard, prefer_done: bool = True) -> str:
    """Click, in the dashboard's widgets, what ``first_choice`` would play."""
    notation = first_choice(d.game, prefer_done)
    panel = d.controls.panel
    for group in panel.groups:
        if notation in group.notations():
            if isinstance(group, MoveGrid):
                source, target = notation.split()[1:]
                grid = d.controls.grids[group.key]
                grid.cells[source].click()
                grid.cells[target].click()
            elif isinstance(group, Picker):
                view = d.controls.pickers[group.key]
                choice = next(c for c in group.choices if c.notation == notation)
                view.select(*[k for k, _ in choice.values])
                view.submit.click()
            else:
                d.controls.buttons[notation].click()
            return notation
    d.controls.buttons[notation].click()
    return notation

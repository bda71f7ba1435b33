"""The Play tab drawn from a :class:`~carnegie_lab.session.screen.Screen`: each part shows its slice (the turn card,
the Rules link, the role note, the final panel, the controls, the bot bar, the disabled buttons' reasons, what
happened, the status line). Nothing here decides what is shown."""
from __future__ import annotations

from ..session.screen import Screen
from .guide import explain, rules_html
from .layout import Panels
from .turn import recent_html, role_html, status_html, turn_html

#: The buttons whose disabling the screen explains, by its ``why_not`` key.
BUTTONS = {"undo": lambda p: p.undo_button, "hint_always": lambda p: p.hints.always, "hint": lambda p: p.hints.button,
           "restart": lambda p: p.restart_button, "load": lambda p: p.records.upload}


def draw_play(p: Panels, screen: Screen, game) -> None:
    """Show a screen in the Play tab's parts (``game``: the page's, for the final scores' table)."""
    p.final.draw(screen.final, game)
    if screen.panel is not None:
        p.controls.show(screen.panel)
    else:
        p.controls.clear(screen.waiting_html)
    p.bots.draw(screen.bots)
    for key, control in BUTTONS.items():
        explain(control(p), screen.why_not[key])        # disabled, the hover saying the rule
    p.rules.value = rules_html(screen.rules, screen.lang)
    p.role_note.value = role_html(screen.role)
    p.recent.value = recent_html(screen.recent)
    draw_status(p, screen)
    # last: the page (and the browser test) take a new data-actions as 'the decision is shown'
    p.turn.value = turn_html(screen)


def draw_status(p: Panels, screen: Screen) -> None:
    """The status line: what the player was told last."""
    p.status.value = status_html(screen.status)


__all__ = ["BUTTONS", "draw_play", "draw_status"]

"""Undo while a hint is thought about ("thinking…"): the kernel handles one message at a time, so a
click on Undo would only be seen after the hint, and the page's click guard drops it meanwhile. Undo
is disabled then, its hover saying why, and enabled again once the hint is shown."""
from __future__ import annotations

import carnegie_lab as cl
import carnegie_lab.app.hints as hints
from carnegie_lab.app.dashboard import UNDO_WAITS
from carnegie_lab.session import Seat
from carnegie_lab.session.texts import sentence
from carnegie_lab.widgets import Dashboard


def test_undo_is_disabled_with_its_reason_while_a_hint_thinks(monkeypatch):
    dash = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "medium")])
    dash.hints.playouts = 2
    dash.act(str(dash.game.legal_actions()[0]))            # Ada decided: there is something to undo
    assert dash.controller.you_to_move and not dash.undo_button.disabled
    seen: list[tuple[bool, str]] = []
    think = hints.analysis

    def watched(*args, **kwargs):
        seen.append((dash.undo_button.disabled, dash.undo_button.tooltip))
        return think(*args, **kwargs)
    monkeypatch.setattr(hints, "analysis", watched)
    dash.hint()
    assert seen == [(True, sentence(UNDO_WAITS))]                # the hover says why
    assert not dash.undo_button.disabled and dash.undo_button.tooltip != seen[0][1]
    assert dash.hints.screen is not None and len(dash.hints.screen.rows) == 3

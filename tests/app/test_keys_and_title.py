"""The Play tab's keys and the page's title, without a browser: a key message is what the page sends
(app/keys.py's JavaScript), and a key clicks its button (``Button.click()`` runs a click's callbacks)."""
from __future__ import annotations

import pytest

import carnegie_lab as cl
from carnegie_lab.app.keys import PLAY_KEYS, ArrowKeys, Keys, clicks
from carnegie_lab.session import Seat
from carnegie_lab.widgets import Dashboard


def press(d: Dashboard, name: str, seen: int | None = None) -> None:
    """The page's message for a key of the Play tab, pressed on the decision it shows (or on ``seen``)."""
    d.play_keys._message(d.play_keys, {"event": "key", "key": name,
                             "seen": len(d.game.actions) if seen is None else seen}, [])


def offered(d: Dashboard) -> list[str]:
    """What the screen's controls offer now (its buttons' actions)."""
    return d.screen.panel.notations()


@pytest.fixture
def dash(tmp_path):
    return Dashboard(store=tmp_path / "games.db")      # a store: the page's bridge (and its title)


def test_the_play_keys_click_done_undo_and_hint(dash):
    assert "done" not in offered(dash)                    # the starting Housing project: no Done
    n = len(dash.game.actions)
    press(dash, "done")
    assert len(dash.game.actions) == n                     # a key offers nothing a click could not
    dash.act(offered(dash)[0])
    while "done" not in offered(dash):                    # to a decision that offers Done
        dash.act(offered(dash)[0])
    n = len(dash.game.actions)
    press(dash, "done")
    assert len(dash.game.actions) > n and dash.game.actions[n] == "done"
    press(dash, "undo")
    assert len(dash.game.actions) == n
    assert dash.hints.screen is None
    press(dash, "hint")
    assert dash.hints.screen is not None                   # the hint is shown


def test_a_key_pressed_on_a_decision_the_kernel_moved_past_is_dropped(dash):
    while "done" not in offered(dash):
        dash.act(offered(dash)[0])
    n = len(dash.game.actions)
    press(dash, "done", seen=n - 1)                        # sent while the page showed the decision before
    press(dash, "undo", seen=n + 3)
    assert len(dash.game.actions) == n


def test_keys_reach_the_kernel_only_as_names_of_their_table():
    pressed: list = []
    keys = Keys(pressed.append, PLAY_KEYS)
    for content in ({"event": "key", "key": "done"}, {"event": "key", "key": "left"},
                    {"event": "key", "key": "d"}, {"event": "tick"}, "done"):
        keys._message(keys, content, [])
    assert pressed == ["done"]
    arrows: list = []
    replay = ArrowKeys(arrows.append)
    replay._message(replay, {"event": "key", "key": "done"}, [])
    replay._message(replay, {"event": "key", "key": "home"}, [])
    assert arrows == ["home"]


def test_a_key_clicks_only_an_enabled_button():
    import ipywidgets as W
    clicked: list = []
    on, off = W.Button(), W.Button(disabled=True)
    on.on_click(lambda b: clicked.append("on"))
    off.on_click(lambda b: clicked.append("off"))
    press = clicks(lambda: {"undo": on, "hint": off, "done": None})
    for name in ("undo", "hint", "done", "other"):
        press(name)
    assert clicked == ["on"]


def test_the_keys_line_is_made_from_the_table(dash):
    assert dash.play_keys.line == "Keys: D or Enter Done · U Undo · H Hint"
    assert ArrowKeys(print).line == ""
    assert dash.play_keys in dash.side.children[0].children     # in the Play tab (shown only with it)


def test_the_title_says_whose_turn_it_is(dash):
    assert dash.bridge is not None and dash.bridge.title == "Your turn — Carnegie"
    dash.bots.auto.value = False
    while dash.controller.you_to_move:
        dash.act(offered(dash)[0])
    assert dash.screen.title == "Bo to decide"            # the headline's words, without the label
    assert "Bo (easy bot) to decide" in dash.screen.turn.headline
    dash.commands.finish()
    assert dash.game.is_over and dash.screen.title == "Game over" and dash.bridge.title == "Game over — Carnegie"


def test_a_hot_seat_title_names_the_player(tmp_path):
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=2), seats=[Seat("Ada"), Seat("Bo")], store=tmp_path / "g.db")
    assert d.controller.you_to_move and d.bridge is not None
    assert d.screen.title == f"{d.game.players[d.game.current_player]} to decide"

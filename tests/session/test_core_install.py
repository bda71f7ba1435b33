"""The game session from the core install alone (``pip install carnegie-lab``, no extra): a two-player game
with a bot seat and a human seat, an undo, its screen in both languages, and the game kept in a store and
opened again."""
from __future__ import annotations

import subprocess

import fresh_env  # tools/fresh_env.py (tests/conftest.py makes it importable)
import pytest

SESSION_SCRIPT = """
import importlib.util, sys
from carnegie_lab.session import Controller, Seat, Setup
from carnegie_lab.store import GameStore
absent = ["ipywidgets", "anywidget", "plotly", "IPython", "voila", "traitlets", "platformdirs"]
assert not [name for name in absent if importlib.util.find_spec(name)], absent
ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=5), store=GameStore("games.db"))
for _ in range(3):                       # Ada's decisions, Bo (the easy bot) playing in between
    ctl.run_bots()
    assert ctl.human_to_move and ctl.you_to_move
    ctl.apply(str(ctl.game.legal_actions()[0]))
ctl.run_bots()
played = list(ctl.game.actions)
assert ctl.history_seats.count(1) > 0 and ctl.history_seats.count(0) == 3
taken = ctl.undo()                       # Ada's last decision and Bo's after it
assert taken >= 1 and ctl.game.actions == played[:len(played) - taken] and ctl.human_to_move
assert ctl.game.moves and ctl.kept
from carnegie_lab.session.screen import screen_of     # what a page shows, in either language
en, pt = screen_of(ctl), screen_of(ctl, "pt_BR")
assert en.panel is not None and en.panel.notations() == pt.panel.notations() and en.turn.prompt != pt.turn.prompt
again = Controller(store=GameStore("games.db"))
again.open_stored(ctl.game_id)
assert again.game.actions == ctl.game.actions and [s.kind for s in again.seats] == ["human", "easy"]
assert not [name for name in absent if name in sys.modules]
print("session played", len(again.game.actions), "actions")
"""


@pytest.mark.slow      # a fresh venv: packaging, checked in CI with test_packaging's
def test_the_session_plays_a_stored_game_with_a_bot_and_an_undo_from_the_core_install(core_venv, tmp_path):
    env = fresh_env.clean_env(core_venv, home=tmp_path / "home")
    done = subprocess.run([str(core_venv / "python"), "-c", SESSION_SCRIPT], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "session played" in done.stdout, done.stderr

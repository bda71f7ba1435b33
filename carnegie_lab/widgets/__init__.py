"""ipywidgets for Jupyter and the Voilà app: :class:`Dashboard` is the whole app.

The dashboard's modules, one job each:

- ``controller.py``: the game, its seats (human or bot), bots, undo, restart, save and load — no widgets;
- ``controls.py``: a decision's legal actions arranged as controls that fit it — no widgets
  (``labels.py``: the words for cities, departments, rows...);
- ``render.py``: those controls as ipywidgets; ``figures.py``: a plotly FigureWidget updated in place;
- ``board.py``: the board's tabs; ``panels.py``: the new-game and save/load panels; ``style.py``: CSS;
- ``hints.py``: the Hint button's best three choices, from ``carnegie_lab.analysis``;
- ``dashboard.py``: all of it together; ``page.py``: the app page's address (``?game=ID&seat=KEY``)
  and clock (a tiny anywidget), and ``app_dashboard()``, what notebooks/app.ipynb shows.

The tutorials' widgets are ``stepper.py`` (:class:`Stepper`) and ``exercise.py`` (:class:`Exercise`); a
stepper plays a script (``script.py``: :class:`Step` and its helpers), rings what each step changed
(``changes.py``) and shares its HTML and stylesheet with the exercises (``tutorial_html.py``).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..errors import needs_extra, require_extra

# No ipywidgets, anywidget or plotly: MissingExtraError at once, naming the extra. Each public name is
# imported when first used: an app page's kernel imports the dashboard, not the tutorials' stepper.
require_extra("app", "ipywidgets", "anywidget", "plotly")

#: The module of each public name.
_HOMES = {"Controller": "controller", "Seat": "controller", "Setup": "controller", "Dashboard": "dashboard",
          "Exercise": "exercise", "app_dashboard": "page", "page_query": "page", "Step": "script",
          "Stepper": "stepper"}

if TYPE_CHECKING:
    from .controller import Controller, Seat, Setup
    from .dashboard import Dashboard
    from .exercise import Exercise
    from .page import app_dashboard, page_query
    from .script import Step
    from .stepper import Stepper


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with needs_extra("app"):
        value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


__all__ = ["Controller", "Dashboard", "Exercise", "Seat", "Setup", "Step", "Stepper", "app_dashboard", "page_query"]

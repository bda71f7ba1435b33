"""The widgets' public face: :class:`Dashboard` is the whole app; :class:`Stepper` and :class:`Exercise`
are the tutorials' widgets; :class:`PositionEditor` sets up a table by clicks. Each name is imported from its
home when first used:

- :mod:`carnegie_lab.session`: the game session (:class:`Controller`, :class:`Seat`, :class:`Setup`), no widgets;
- :mod:`carnegie_lab.app`: the dashboard, the page bridge and ``app_dashboard()``, what notebooks/app.ipynb shows;
- :mod:`carnegie_lab.tutor`: the stepper, its script (:class:`Step`) and the exercises;
- :mod:`carnegie_lab.editor_ui`: the position editor's widget (``PositionEditor``: app/position_editor.py, whose
  *Play from here* opens the dashboard).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..core.errors import needs_extra, require_extra

# No ipywidgets, anywidget or plotly: MissingExtraError at once, naming the extra. Each public name is
# imported when first used: an app page's kernel imports the dashboard, not the tutorials' stepper.
require_extra("app", "ipywidgets", "anywidget", "plotly")

#: The module of each public name.
_HOMES = {"Controller": "session", "Seat": "session", "Setup": "session",
          "Dashboard": "app.dashboard", "Exercise": "tutor.exercise", "app_dashboard": "app.entry",
          "page_query": "app.entry", "PositionEditor": "app.position_editor", "Step": "tutor.script",
          "Stepper": "tutor.stepper"}

if TYPE_CHECKING:
    from ..app.dashboard import Dashboard
    from ..app.entry import app_dashboard, page_query
    from ..app.position_editor import PositionEditor
    from ..session import Controller, Seat, Setup
    from ..tutor.exercise import Exercise
    from ..tutor.script import Step
    from ..tutor.stepper import Stepper


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with needs_extra("app"):
        value = getattr(importlib.import_module(f"..{home}", __name__), name)
    globals()[name] = value
    return value


__all__ = ["Controller", "Dashboard", "Exercise", "PositionEditor", "Seat", "Setup", "Step", "Stepper",
           "app_dashboard", "page_query"]

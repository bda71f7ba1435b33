"""Plotly pictures of a game: pure functions of a ``Game`` returning ``go.Figure``.

They work offline (plain axes, no plotly geo or CDN), read the game only through its queries, give every trace a stable
``name`` with ids in ``customdata``/``meta`` so tests and the dashboard can find and update them.
The figure modules are imported on first use, so ``views.summary`` (Jupyter's rich display) and
``views.palette`` stay free of plotly. Component data (cities, regions, tracks, ...) is read from the game drawn
(``game.components``), never at import time, so games on other data (``cl.load_components``) draw their own.
"""
from __future__ import annotations

import importlib

from ..core.errors import needs_extra

_WHERE = {
    "map_figure": "map", "tracks_figure": "tracks", "timeline_figure": "timeline", "company_figure": "company",
    "donations_figure": "donations", "scores_figure": "scores", "history_figure": "scores", "game_html": "summary",
    "map_svg": "svg_map", "review_figure": "review", "simulation_figure": "simulation",
    "owner_colour": "palette", "PLAYER_COLOURS": "palette", "NEUTRAL_COLOUR": "palette", "ANDREW_COLOUR": "palette",
    "PROJECT_COLOURS": "palette", "DEPARTMENT_COLOURS": "palette", "region_colours": "palette",
}
__all__ = list(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        with needs_extra("views"):     # no plotly: MissingExtraError, naming the extra to install
            module = importlib.import_module(f".{_WHERE[name]}", __name__)
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

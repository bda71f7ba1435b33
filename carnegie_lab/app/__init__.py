"""The Voilà app: the :class:`~carnegie_lab.app.dashboard.Dashboard` (board, panels, controls, replay, hints)
thin over a :mod:`carnegie_lab.session`, and the page bridge (the page's address and clock)."""
from ..core.errors import require_extra

# No ipywidgets, anywidget or plotly: MissingExtraError at once, naming the extra.
require_extra("app", "ipywidgets", "anywidget", "plotly")

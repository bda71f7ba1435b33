"""The position editor's widget (``cl.widgets.PositionEditor``): a table set up by clicks on the dashboard's views
(``table``: each click one operation of the engine's ``Editor``, its refusal in words), the panels of a seat's
resources, its company, the round and the decision (``panels``), the board (``board``) and the widget itself with
*Analyse*, *Play from here*, *Copy position* and *Load position* (``widget``)."""
from ..core.errors import require_extra

# No ipywidgets, anywidget or plotly: MissingExtraError at once, naming the extra.
require_extra("app", "ipywidgets", "anywidget", "plotly")

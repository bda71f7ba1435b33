"""What the app and the tutorials' widgets share: the figure host (``figures``: one FigureWidget updated in
place; ``bundle``: plotly's bundle fetched by URL in a Voilà page) and the error guard of their callbacks
(``guard``)."""
from ..core.errors import require_extra

# No ipywidgets, anywidget or plotly: MissingExtraError at once, naming the extra.
require_extra("app", "ipywidgets", "anywidget", "plotly")

"""A figure a tutorial shows to be read, not changed: plotly's own output (the figure as JSON), which JupyterLab
and Voilà draw with the plotly.js of the jupyterlab-plotly extension, one static file the page loads anyway.

A FigureWidget sends its own copy of plotly.js (~5 MB) over the kernel's websocket, and anywidget gives its model
2 s to start: on a slow machine such a figure may never be drawn. The output sits in an Output widget, whose
front end draws it with JupyterLab's output area; Voilà draws a plain plotly output of a cell with a renderer
that fails on it ("r.setData is not a function", a page error).
"""
from __future__ import annotations

import json

import ipywidgets as W
import plotly.graph_objects as go
import plotly.io as pio

#: plotly's output type: JupyterLab's and Voilà's jupyterlab-plotly extension draws it.
PLOTLY_JSON = "application/vnd.plotly.v1+json"


def chart(figure: go.Figure) -> W.Output:
    """The figure as plotly's output, in an Output widget (its text: the figure's title)."""
    title = figure.layout.title.text or "plotly figure"
    data = {PLOTLY_JSON: json.loads(pio.to_json(figure, validate=False)), "text/plain": title}
    return W.Output(outputs=({"output_type": "display_data", "data": data, "metadata": {}},))

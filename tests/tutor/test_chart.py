"""tutor.chart: a figure to read, as plotly's own output in an Output widget (no FigureWidget: no plotly.js of
its own over the websocket)."""
from __future__ import annotations

import json

import plotly.graph_objects as go

from carnegie_lab.tutor.chart import chart


def test_a_chart_is_plotly_s_output_of_the_figure():
    figure = go.Figure([go.Scatter(x=[1, 2, 3], y=[4, 1, 2], name="Bo")], layout=dict(title=dict(text="Review")))
    [output] = chart(figure).outputs
    assert output["output_type"] == "display_data"
    assert output["data"]["text/plain"] == "Review"
    drawn = output["data"]["application/vnd.plotly.v1+json"]
    assert drawn == json.loads(figure.to_json())
    assert drawn["data"][0]["y"] == [4, 1, 2] and drawn["layout"]["title"]["text"] == "Review"
    json.dumps(output)                                      # what the widget's state sends: plain JSON

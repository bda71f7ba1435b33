"""A batch of bot games (``carnegie_lab.bots.simulate``) as a figure: ``carnegie-lab simulate --html``."""
from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.colors
import plotly.graph_objects as go
from plotly.subplots import make_subplots

if TYPE_CHECKING:
    from ..bots.simulate import SimulationResult


def simulation_figure(result: SimulationResult) -> go.Figure:
    """A batch of bot games as a figure.

    Args:
        result: What ``carnegie_lab.bots.simulate`` returned.

    Returns:
        Box plots of the final totals per bot, and win-rate bars per bot and per seat.
    """
    fig = make_subplots(rows=1, cols=3, column_widths=[0.5, 0.25, 0.25],
                        subplot_titles=("Final totals by bot", "Win rate by bot", "Win rate by seat"))
    palette = plotly.colors.qualitative.Plotly
    rates = result.win_rates("bot")
    colour = {bot: palette[i % len(palette)] for i, bot in enumerate(rates)}
    for bot, totals in sorted(result.totals_by_bot().items()):
        fig.add_trace(go.Box(y=totals, name=bot, boxmean=True, showlegend=False, marker_color=colour[bot]),
                      row=1, col=1)
    fig.add_trace(go.Bar(x=list(rates), y=list(rates.values()), showlegend=False,
                         marker_color=[colour[b] for b in rates],
                         text=[f"{v:.0%}" for v in rates.values()], textposition="outside"), row=1, col=2)
    seats = result.win_rates("seat")
    labels = [f"seat {k + 1}" if k < result.players else "Andrew" for k in seats]
    fig.add_trace(go.Bar(x=labels, y=list(seats.values()), showlegend=False,
                         marker_color="#888", text=[f"{v:.0%}" for v in seats.values()],
                         textposition="outside"), row=1, col=3)
    fig.update_yaxes(title_text="VP", row=1, col=1)
    fig.update_yaxes(range=[0, 1.12], tickformat=".0%", row=1, col=2)
    fig.update_yaxes(range=[0, 1.12], tickformat=".0%", row=1, col=3)
    solo = f" against Andrew (level {result.level})" if result.players == 1 else ""
    fig.update_layout(title=f"{len(result.results)} games, {result.players} player(s){solo}, seed {result.seed}",
                      template="plotly_white", height=480)
    return fig

"""The tracks view's headings, drawn by plotly.js at the narrowest width the app draws it (the dashboard's), in
both languages: every heading is whole inside the figure (none cut at its right edge: the tutorials' stepper
cut "Public Infrastructure (2 goods to") and no two overlap."""
from __future__ import annotations

from pathlib import Path

import plotly
import pytest

import carnegie_lab as cl
from carnegie_lab.ui.figures import FIGURE_WIDTH, scaled
from carnegie_lab.views.tracks import tracks_figure

pytestmark = pytest.mark.browser

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"

#: Each heading's box and words, and the figure's right edge (CSS pixels).
HEADINGS_JS = """() => {
  const right = document.querySelector('#figure .main-svg').getBoundingClientRect().right;
  return [right, Array.from(document.querySelectorAll('#figure .annotation-text')).map(e => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: e.textContent};
  })];
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("lang", [None, "pt_BR"])
def test_the_tracks_headings_are_whole_at_the_dashboards_width(chromium, lang):
    game = cl.new_game(["Ada", "Bo", "Cy", "Di"], seed=3)
    spec = scaled(tracks_figure.spec(game, lang=lang), FIGURE_WIDTH)
    page = chromium.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.set_content("<div id='figure'></div>")
        page.add_script_tag(path=str(PLOTLY_JS))
        page.evaluate("s => Plotly.newPlot('figure', s.data, s.layout, {staticPlot: true})", spec)
        right, headings = page.evaluate(HEADINGS_JS)
    finally:
        page.close()
    assert len(headings) == 6
    assert [h["text"] for h in headings if h["right"] > right] == []
    assert [(a["text"], b["text"]) for i, a in enumerate(headings) for b in headings[i + 1:] if overlap(a, b)] == []

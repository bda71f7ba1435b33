"""A tutorial fits the width it is given, down to a phone's: in a page opened 390 px wide, then widened to 700 px
(an output area beside JupyterLab's file browser, which opens and closes), nothing of the stepper or the exercises
sticks out of its box, the page never scrolls sideways, and every view's figure is drawn whole (scaled down to its
box's width); the pointer over a city of the scaled map shows that city's hover. One page for both widths: each
page costs a kernel that runs the notebook."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_voila_tutorials import STEP, Page, click

pytestmark = pytest.mark.browser

NAME = "06-research-tabs-and-tracks.ipynb"

#: What sticks out of a tutorial's boxes on the right: [class, how far] for each part of a stepper or an exercise
#: wider than its box (a figure's drawn size counts, zoom included: its svg elements, not plotly's drag handles
#: inside them), and the page's width beyond the window's.
OVERFLOW_JS = """() => {
  const out = [];
  for (const root of document.querySelectorAll('.cl-tut, .cl-tut-exercise')) {
    const right = Math.min(root.getBoundingClientRect().right, window.innerWidth);
    for (const e of root.querySelectorAll('*')) {
      if (e.ownerSVGElement || (e.offsetParent === null && !(e instanceof SVGElement))) continue;   // a figure: its svg
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 0.5) out.push([String(e.className.baseVal ?? e.className), r.right - right]);
    }
  }
  return [out.slice(0, 8), document.documentElement.scrollWidth - window.innerWidth];
}"""

#: Where a city of the stepper's map is on the page (the figure drawn smaller than its layout: scaled by the ratio)
#: and its name's first word.
CITY_JS = """city => {
  const gd = document.querySelector('.cl-tut .js-plotly-plot'), L = gd._fullLayout;
  const t = gd.data.find(t => t.name === 'cities'), i = t.customdata.indexOf(city);
  const scale = gd.querySelector('.main-svg').getBoundingClientRect().width / L.width;
  const area = gd.querySelector('.nsewdrag').getBoundingClientRect();
  return [area.left + L.xaxis.l2p(t.x[i]) * scale, area.top + L.yaxis.l2p(t.y[i]) * scale,
          city[0].toUpperCase() + city.slice(1)];
}"""


WIDTHS = (390, 700)
HEIGHT = 900


# make test: a narrow page (test_text_fit_browser's 390 px case), a tutorial's Voila page (test_voila_tutorials)
@pytest.mark.slow      # CI runs it
def test_a_tutorial_fits_a_narrow_page(watched_page, voila_server):
    watched = watched_page()
    tutorial = Page(watched, NAME, voila_server.render_url(NAME), viewport={"width": WIDTHS[0], "height": HEIGHT})
    try:
        tutorial.open()
        assert tutorial.page.locator(".cl-rerun-note").count() == 0     # Voilà: no note to rerun a cell
        for width in WIDTHS:
            tutorial.page.set_viewport_size({"width": width, "height": HEIGHT})
            fits(tutorial, width)
        assert watched.page_errors == [] and watched.console_problems == []
    finally:
        watched.page.close()


def fits(tutorial, width: int) -> None:
    """Every view drawn in the page's width sticks out of nothing; the map's hover is where its city is drawn."""
    tour = tutorial.page.locator(".cl-tut").first
    buttons = tour.locator(".widget-toggle-buttons button")
    for i in range(buttons.count()):           # every view: the tracks, the map, the donation chart, ...
        button = buttons.nth(i)
        click(button)
        expect(button).to_have_class(re.compile(r"\bmod-active\b"), timeout=STEP)
        out, scrolls = tutorial.page.evaluate(OVERFLOW_JS)
        assert out == [], (width, button.inner_text(), out)
        assert scrolls <= 0, (width, button.inner_text(), scrolls)
    click(buttons.first)                         # the map: a city's hover where the city is drawn
    tutorial.page.wait_for_function("() => document.querySelector('.cl-tut .js-plotly-plot').data"
                                     ".some(t => t.name === 'cities')", timeout=STEP)
    tutorial.page.locator(".cl-tut .js-plotly-plot").scroll_into_view_if_needed()
    x, y, name = tutorial.page.evaluate(CITY_JS, "chicago")
    tutorial.page.mouse.move(x, y)
    expect(tutorial.page.locator(".cl-tut .hoverlayer")).to_contain_text(name, timeout=STEP)

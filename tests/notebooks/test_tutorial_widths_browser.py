"""A tutorial fits the width it is given, down to a phone's: in a page 390 px wide (and in one 700 px wide, an
output area beside JupyterLab's file browser) nothing of the stepper or the exercises sticks out of its box, the
page never scrolls sideways, and every view's figure is drawn whole (scaled down to its box's width); the pointer
over a city of the scaled map shows that city's hover."""
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


@pytest.mark.parametrize("width", [390, 700])
def test_a_tutorial_fits_a_narrow_page(watched_page, voila_server, width):
    watched = watched_page()
    tutorial = Page(watched, NAME, voila_server.render_url(NAME), viewport={"width": width, "height": 900})
    try:
        tutorial.open()
        assert tutorial.page.locator(".cl-rerun-note").count() == 0     # Voilà: no note to rerun a cell
        tour = tutorial.page.locator(".cl-tut").first
        buttons = tour.locator(".widget-toggle-buttons button")
        for i in range(buttons.count()):           # every view: the tracks, the map, the donation chart, ...
            button = buttons.nth(i)
            click(button)
            expect(button).to_have_class(re.compile(r"\bmod-active\b"), timeout=STEP)
            out, scrolls = tutorial.page.evaluate(OVERFLOW_JS)
            assert out == [], (button.inner_text(), out)
            assert scrolls <= 0, (button.inner_text(), scrolls)
        click(buttons.first)                         # the map: a city's hover where the city is drawn
        tutorial.page.wait_for_function("() => document.querySelector('.cl-tut .js-plotly-plot').data"
                                         ".some(t => t.name === 'cities')", timeout=STEP)
        tutorial.page.locator(".cl-tut .js-plotly-plot").scroll_into_view_if_needed()
        x, y, name = tutorial.page.evaluate(CITY_JS, "chicago")
        tutorial.page.mouse.move(x, y)
        expect(tutorial.page.locator(".cl-tut .hoverlayer")).to_contain_text(name, timeout=STEP)
        assert watched.page_errors == [] and watched.console_problems == []
    finally:
        watched.page.close()

"""The dashboard fits the width it is given: in a box narrower than its natural width (a notebook's output area
beside JupyterLab's file browser) nothing of it sticks out of its box, and no side tab's title is cut."""
from __future__ import annotations

import pytest

from .test_browser import resize

pytestmark = pytest.mark.browser

#: Narrower than the board beside the side tabs (about 1200 px), wider than a phone.
NARROW = {"width": 1000, "height": 900}

#: What sticks out of the dashboard's box on the right: each part's class and how far; and the side tabs' titles
#: cut short (their text wider than their tab).
OVERFLOW_JS = """() => {
  const root = document.querySelector(".cl-dashboard"), right = root.getBoundingClientRect().right;
  const out = Array.from(root.querySelectorAll(".cl-main, .cl-board, .cl-side-tabs, .lm-TabBar-tab"))
    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > right + 0.5)
    .map(e => [e.className, e.getBoundingClientRect().right - right]);
  const cut = Array.from(root.querySelectorAll(".cl-side-tabs .lm-TabBar-tabLabel"))
    .filter(e => e.scrollWidth > e.clientWidth + 0.5).map(e => e.textContent);
  return [out, cut, root.scrollWidth - root.clientWidth];
}"""


@pytest.mark.slow      # narrow boxes: test_text_fit_browser's 390 px; CI runs it
def test_the_dashboard_fits_a_box_narrower_than_itself(app_page):
    p = app_page.page
    resize(p, NARROW)
    out, cut, scrolls = p.evaluate(OVERFLOW_JS)
    assert out == [], out
    assert cut == [], cut
    assert scrolls <= 0, scrolls


@pytest.mark.slow      # narrow boxes: test_text_fit_browser's 390 px; CI runs it
def test_the_dashboard_fits_an_output_area_as_narrow_as_a_phone_in_a_wide_page(app_page):
    """A notebook's output area 390 px wide in a wide window (JupyterLab's side panels open): the dashboard takes
    the phone's layout by its own width, not the screen's."""
    p = app_page.page
    resize(p, {"width": 1400, "height": 1000})
    p.locator(".cl-dashboard").evaluate("e => { e.style.width = '390px'; }")   # the width it is given
    out, cut, scrolls = p.evaluate(OVERFLOW_JS)
    assert out == [], out
    assert scrolls <= 0, scrolls
    svg = p.locator(".cl-figure-map .main-svg").first.bounding_box()
    box = p.locator(".cl-dashboard").bounding_box()
    assert box["width"] <= 390.5, box
    assert box["x"] <= svg["x"] and svg["x"] + svg["width"] <= box["x"] + box["width"] + 0.5, (svg, box)


def test_with_a_mouse_the_subtitle_says_hover(app_page):
    subtitle = app_page.page.locator(".cl-subtitle")
    assert subtitle.inner_text().endswith("hover the board for details"), subtitle.inner_text()

"""The app in headless Chromium: the map is drawn, nothing fails, nothing leaves the machine."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # same rule as the browser fixture: skip locally, fail in CI
    if os.environ.get("CI"):
        raise
    pytest.skip("playwright is not installed (pip install -e '.[test]')", allow_module_level=True)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "docs" / "gallery" / "app.png"
PLOT = ".js-plotly-plot"
CITY_MARKERS = f"{PLOT} .scatterlayer .trace:nth-child(2) path.point"  # trace 0 routes, 1 cities



def test_map_draws_one_marker_per_city(page):
    expect(page.page.locator(CITY_MARKERS)).to_have_count(32)
    traces = page.page.locator(PLOT).first.evaluate(
        "gd => gd.data.map(t => [t.name, t.mode, (t.x || []).length])")
    assert traces[1] == ["cities", "markers+text", 32], traces
    assert traces[0][:2] == ["routes", "lines"]
    assert traces[0][2] == 3 * 54  # 54 routes, each x0, x1, None


def test_table_and_summary_are_shown(page):
    expect(page.page.locator("#cities tbody tr")).to_have_count(32)
    expect(page.page.locator("#cities")).to_contain_text("San Francisco")
    expect(page.page.locator("#graph-summary")).to_contain_text(
        "Map graph: 32 cities, 54 routes, connected.")
    expect(page.page.locator("h1").first).to_contain_text("Carnegie Lab")


def test_no_error_in_the_page(page):
    text = page.page.locator("body").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text
    assert not page.page_errors, page.page_errors
    assert not page.console_errors, page.console_errors


def test_no_request_leaves_the_machine(page):
    # every outside request was aborted (never sent); there must be none to abort
    assert not page.outside_requests, page.outside_requests


def test_screenshot(page):
    """docs/gallery/app.png: the whole page (the cells scroll inside #rendered_cells, so the
    viewport is stretched to their height for the shot)."""
    p = page.page
    size = p.viewport_size
    height = p.locator("#rendered_cells").evaluate("e => e.scrollHeight")
    p.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    try:
        expect(p.locator(CITY_MARKERS)).to_have_count(32)  # redrawn at the new size
        p.wait_for_timeout(500)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(SCREENSHOT), full_page=True)
    finally:
        p.set_viewport_size(size)
    assert SCREENSHOT.stat().st_size > 10_000

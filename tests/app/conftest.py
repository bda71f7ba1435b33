"""The app page for the browser tests: opened at the server's root, which redirects to the app.

The server (``voila_server``), the browser (``browser``) and the watched tabs (``watched_page``) are
the session's, from tests/conftest.py: one Voilà server and one Chromium for the whole run, shared
with the tutorials' browser test.
"""
from __future__ import annotations

import time

import pytest

PAGE_TIMEOUT = 120_000      # ms; the HTML arrives only after the notebook has run in a kernel


@pytest.fixture(scope="module")
def page(watched_page, voila_server, timings):
    """The app, loaded in a new tab from the root URL (the start page redirects to it) and drawn
    (controls and map). One per test module."""
    app = watched_page()
    start = time.monotonic()
    # "commit": the start page's meta refresh may start the next navigation before it has loaded
    app.page.goto(voila_server.url + "/", wait_until="commit", timeout=PAGE_TIMEOUT)
    app.page.wait_for_url(voila_server.app_url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    timings.setdefault("page request (/, redirected to the app) -> HTML",
                       time.monotonic() - start)
    # interactive: the decision's controls can be clicked (the figures come a moment later: the
    # dashboard makes them once the page has drawn its controls)
    app.page.locator(".cl-controls button.cl-option").first.wait_for(timeout=PAGE_TIMEOUT)
    timings.setdefault("page request -> dashboard interactive", time.monotonic() - start)
    app.page.wait_for_selector(".js-plotly-plot .main-svg", timeout=PAGE_TIMEOUT)
    timings.setdefault("page request -> map drawn", time.monotonic() - start)
    try:
        yield app
    finally:
        app.page.close()

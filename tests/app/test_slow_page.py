"""A page whose main thread is busy as its widgets start (a slow or busy machine: plotly drawing a figure takes
seconds there) still starts every widget and plays: anywidget's 2 s deadline for a model's start is lengthened
by the app's Voilà template."""
from __future__ import annotations

import pytest

from .conftest import no_problems, open_app
from .test_browser import click_and_wait

# A long task of 3 s on the page's main thread, queued when the first widget model starts its deadline
# (AbortSignal.timeout, which anywidget's Runtime calls as a model starts).
BUSY_AS_WIDGETS_START = """
(() => {
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  let blocked = false;
  AbortSignal.timeout = (ms) => {
    if (!blocked) {
      blocked = true;
      setTimeout(() => { const end = Date.now() + 3000; while (Date.now() < end) {} }, 0);
    }
    return timeout(ms);
  };
})();
"""


@pytest.mark.browser
def test_widgets_start_and_the_game_plays_when_the_page_is_busy_as_they_start(watched_page, voila_server,
                                                                              timings):
    watched = watched_page()
    p = watched.page
    p.add_init_script(BUSY_AS_WIDGETS_START)
    try:
        open_app(watched, voila_server, timings, "busy for 3 s as its widgets start")
        click_and_wait(p, p.locator(".cl-controls button.cl-option").first)
        no_problems(watched)
    finally:
        p.close()

"""The position editor in Voilà, in headless Chromium: a notebook that shows ``cl.widgets.PositionEditor()``, served
by a server of the test's own (``carnegie-lab app --notebook``: the app's server and template, its folder a
temporary one). A table is set up by clicks (a project on a map site, money typed, the round set), a refused
click is said beside the board, *Analyse* answers, *Play from here* opens the dashboard and a move is played
on it; the page passes the accessibility audit and logs no browser error or warning.

Every wait is an explicit ``expect``/``wait_for_function`` with a generous timeout; there is no sleep.
"""
from __future__ import annotations

import nbformat
import pytest
from app.conftest import READY, TURN, no_problems
from axe_audit import violations
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 180_000          # ms: the HTML comes once the notebook has run in a new kernel
STEP = 60_000                   # ms for one widget round trip (and an analysis) to show
NOTEBOOK = "editor.ipynb"
ROOT = ".cl-position-editor"

#: The drawn points of the editor's map's ``targets`` trace: {key: [x, y]} in the page.
TARGETS_JS = """() => {
  const gd = document.querySelector('.cl-editor-figure-map .js-plotly-plot'), out = {};
  if (!gd) return out;
  gd.querySelectorAll('.scatterlayer .trace').forEach(g => {
    const t = g.__data__ && g.__data__[0] && g.__data__[0].trace;
    if (!t || t.name !== 'targets') return;
    g.querySelectorAll('path.point').forEach((p, i) => {
      const r = p.getBoundingClientRect();
      out[String(t.customdata[i])] = [r.x + r.width / 2, r.y + r.height / 2];
    });
  });
  return out;
}"""


@pytest.fixture(scope="module")
def editor_server(start_app, tmp_path_factory):
    """A server of the app whose folder holds a notebook showing the editor."""
    folder = tmp_path_factory.mktemp("editor")
    cell = "import carnegie_lab.widgets as w\nw.PositionEditor()"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)]), folder / NOTEBOOK)
    with start_app(folder, f"--notebook={folder / NOTEBOOK}", "--host=127.0.0.1", "--",
                   "--show_tracebacks=True") as server:
        yield server


@pytest.fixture
def page(watched_page, editor_server):
    watched = watched_page()
    try:
        p = watched.page
        p.set_default_timeout(STEP)
        p.goto(editor_server.render_url(NOTEBOOK), wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
        p.wait_for_function(f"() => Object.keys(({TARGETS_JS})()).length > 0", timeout=PAGE_TIMEOUT)
        yield p
        no_problems(watched)
    finally:
        watched.page.close()


def click_site(p, key: str) -> None:
    x, y = p.evaluate(TARGETS_JS)[key]
    p.mouse.move(x, y)
    expect(p.locator(".cl-editor-figure-map .hoverlayer .hovertext").first).to_be_visible()
    p.mouse.click(x, y)


def message(p):
    return p.locator(f"{ROOT} .cl-editor-message")


def test_a_table_set_up_by_clicks_analysed_and_played_on(page):
    p = page
    assert violations(p) == []
    p.locator(f"{ROOT} .cl-editor-type button", has_text="Commerce").click()
    click_site(p, "chicago/1")
    expect(message(p)).to_contain_text("Ada's Commerce project placed in Chicago")
    p.locator(f"{ROOT} .cl-editor-type button", has_text="Housing").click()
    p.wait_for_function(f"() => ({TARGETS_JS})()['chicago/2'] !== undefined")
    click_site(p, "chicago/2")                                    # a Commerce site: refused
    expect(message(p)).to_contain_text("Refused")
    money = p.locator(f"{ROOT} .cl-editor-money input")
    money.fill("30")
    money.press("Enter")
    expect(message(p)).to_contain_text("set to 30")
    rounds = p.locator(f"{ROOT} .cl-editor-round-box input")
    rounds.fill("7")
    rounds.press("Enter")
    p.locator(f"{ROOT} button.cl-editor-round").click()
    expect(p.locator(f"{ROOT} .cl-editor-summary")).to_contain_text("round 7")
    p.locator(f"{ROOT} button.cl-editor-analyse").click()
    expect(p.locator(f"{ROOT} .cl-editor-analysis li")).to_have_count(3, timeout=STEP)
    expect(p.locator(f"{ROOT} .cl-editor-analysis")).to_contain_text("playouts")
    assert violations(p) == []
    p.locator(f"{ROOT} button.cl-editor-play").click()
    option = p.locator(".cl-dashboard .cl-controls button.cl-option").first
    option.wait_for(timeout=STEP)
    p.wait_for_selector(READY, state="attached")
    expect(p.locator(TURN)).to_contain_text("Round 7")
    before = int(p.locator(TURN).get_attribute("data-actions") or 0)
    option.click()
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before])

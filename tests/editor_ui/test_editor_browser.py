"""The position editor in headless Chromium, in Voilà and in JupyterLab: a notebook that shows
``cl.widgets.PositionEditor()``, served by a server of the test's own (``carnegie-lab app --notebook``: the app's
server and template, its folder a temporary one; ``jupyter lab`` on that folder). A table is set up by clicks (a
project on a map site, money typed, the round set), a refused click is said beside the board, *Analyse* answers,
*Play from here* opens the dashboard and a move is played on it. The Voilà page passes the accessibility audit and
logs no browser error or warning (JupyterLab's own page is not the widget's to answer for). The test in
JupyterLab is ``slow`` (make test-slow; CI runs it).

Every wait is an explicit ``expect``/``wait_for_function`` with a generous timeout; there is no sleep.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from app.conftest import READY, TURN, no_problems
from axe_audit import violations
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 60_000          # ms: the HTML comes once the notebook has run in a new kernel
STEP = 60_000                   # ms for one widget round trip (and an analysis) to show
#: ms from a cell's run to the editor's map: a new kernel imports the package and draws the figure. Alone on 2 cores
#: with 4 CPU hogs this took 27-34 s in JupyterLab; on CI's machine, with 4 test workers beside it, over 60 s once.
FIRST_DRAW = 240_000
NOTEBOOK = "editor.ipynb"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
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
def folder(tmp_path_factory):
    """A folder with a notebook showing the editor."""
    folder = tmp_path_factory.mktemp("editor")
    cell = "import carnegie_lab.widgets as w\nw.PositionEditor()"
    kernel = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)], metadata=kernel),
                   folder / NOTEBOOK)
    return folder


@pytest.fixture(scope="module")
def editor_server(start_app, folder):
    """A server of the app on the notebook's folder."""
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
        map_drawn(p)
        yield p
        no_problems(watched)
    finally:
        watched.page.close()


def map_drawn(p) -> None:
    p.wait_for_function(f"() => Object.keys(({TARGETS_JS})()).length > 0", timeout=FIRST_DRAW)


def click_site(p, key: str) -> None:
    p.locator(".cl-editor-figure-map").scroll_into_view_if_needed()
    x, y = p.evaluate(TARGETS_JS)[key]
    p.mouse.move(x, y)
    expect(p.locator(".cl-editor-figure-map .hoverlayer .hovertext").first).to_be_visible(timeout=STEP)
    p.mouse.click(x, y)


def message(p):
    return p.locator(f"{ROOT} .cl-editor-message")


def test_a_table_set_up_by_clicks_analysed_and_played_on_in_voila(page):
    assert violations(page) == []
    set_up_analyse_and_play(page, audit=True)


def set_up_analyse_and_play(p, audit: bool = False) -> None:
    """A table set up by clicks, analysed, and a move played on it from here (``audit``: with the analysis shown,
    the page passes the accessibility audit)."""
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
    assert not audit or violations(p) == []
    p.locator(f"{ROOT} button.cl-editor-play").click()
    option = p.locator(".cl-dashboard .cl-controls button.cl-option").first
    option.wait_for(timeout=STEP)
    p.wait_for_selector(READY, state="attached")
    expect(p.locator(TURN)).to_contain_text("Round 7")
    before = int(p.locator(TURN).get_attribute("data-actions") or 0)
    option.click()
    p.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.actions > n", arg=[TURN, before])


#: JupyterLab's settings for the test: a notebook starts its kernel without asking, no news are fetched.
LAB_SETTINGS = {"@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
                "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"}}


@pytest.mark.slow      # the editor's page: the Voila test above (make test). CI runs it
def test_the_same_in_jupyterlab(start_process, free_port, folder, watched_page, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    for name, values in LAB_SETTINGS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(json.dumps(values))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--IdentityProvider.token=", f"--ServerApp.root_dir={folder}",
           "--allow-root", f"--LabApp.user_settings_dir={tmp_path}",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    with start_process(cmd, url + "/api", folder / "lab.log"):
        watched = watched_page()
        try:
            p = watched.page
            p.set_default_timeout(STEP)
            p.goto(f"{url}/lab/tree/{NOTEBOOK}", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
            cell = p.locator(".jp-Notebook .jp-CodeCell").first
            cell.wait_for(timeout=PAGE_TIMEOUT)
            # the kernel has started and answered (the status bar says so): a cell run now is not lost
            expect(p.get_by_text("(ipykernel) | Idle").first).to_be_visible(timeout=PAGE_TIMEOUT)
            cell.locator(".jp-InputArea-editor").click()
            p.keyboard.press("Shift+Enter")
            # the run was taken (the prompt says [*] or [1]): a lost key press fails here, not as a slow draw
            expect(cell.locator(".jp-InputPrompt")).to_have_text(re.compile(r"\[(\*|\d+)\]:"), timeout=STEP)
            map_drawn(p)
            set_up_analyse_and_play(p)
            assert not watched.page_errors, watched.page_errors
        finally:
            ARTIFACTS.mkdir(exist_ok=True)
            watched.page.screenshot(path=str(ARTIFACTS / "editor-jupyterlab.png"))
            watched.page.close()

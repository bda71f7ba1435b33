"""plotly's widget bundle fetched by URL in a Voilà page (carnegie_lab/ui/bundle.py), never sent over the kernel's
websocket: the loader a Voilà kernel's FigureWidgets carry, the route that serves the bundle (the session's server,
and a Jupyter server with the package's server extension, as on Binder), and the app's page in Chromium drawing
its figures with the bundle fetched once and no websocket frame carrying it."""
from __future__ import annotations

import json
import sys
import time
import urllib.request
from email.utils import formatdate
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlsplit

import plotly.graph_objects as go
import pytest
from playwright.sync_api import expect

from carnegie_lab.cli.app import PLOTLY_RENDERER
from carnegie_lab.ui import bundle
from carnegie_lab.ui.figures import FigureSlot

from .conftest import no_problems, open_app
from .test_browser import board_tab
from .test_security import FOREIGN, status

BUNDLE = bundle.bundle_file().read_bytes()
FIGURE = {"data": [{"type": "bar", "y": [1, 2]}], "layout": {"width": 400, "height": 300}}
PLOT = ".js-plotly-plot:has(.main-svg)"        # a figure plotly has drawn
TIMEOUT = 60_000       # ms for a figure to be drawn (a widget round trip; much longer under load)
BINDER_CONFIG = Path(__file__).resolve().parents[2] / "binder" / "jupyter_server_config.json"


def get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=60) as r:
            return r.status, dict(r.headers), r.read()
    except HTTPError as e:
        return e.code, dict(e.headers), b""


# --------------------------------------------------------------------------- the kernel's side


def test_the_loader_is_for_a_voila_kernel_of_a_server_that_serves_the_bundle():
    served = {bundle.SERVED_ENV: "/user/ada/carnegie/plotly/widgetbundle.js"}
    assert bundle.loader({}) is None
    assert bundle.loader(served) is None                                  # JupyterLab on that server
    assert bundle.loader({bundle.VOILA_ENV: "/"}) is None                 # Voilà of another server
    esm = bundle.loader({**served, bundle.VOILA_ENV: "/user/ada/"})
    assert esm is not None and json.dumps(served[bundle.SERVED_ENV]) in esm and "document.baseURI" in esm
    assert len(esm) < 200


def test_a_server_announces_the_bundle_under_its_base_url():
    env: dict[str, str] = {}
    bundle.announce("/user/ada/", env)
    assert env == {bundle.SERVED_ENV: "/user/ada/" + bundle.ROUTE}
    bundle.announce("/", env)
    assert env == {bundle.SERVED_ENV: "/" + bundle.ROUTE}


@pytest.fixture
def announced(monkeypatch):
    """The environment as a server that serves the bundle at ``/`` leaves it to its kernels."""
    monkeypatch.setenv(bundle.SERVED_ENV, bundle.served_at("/"))


def test_a_figure_carries_the_loader_in_voila_and_plotly_s_bundle_elsewhere(announced, monkeypatch):
    monkeypatch.delenv(bundle.VOILA_ENV, raising=False)
    inline = FigureSlot()
    inline.draw("bars", FIGURE)
    assert inline.widget._esm == go.FigureWidget()._esm == BUNDLE.decode("utf-8")
    monkeypatch.setenv(bundle.VOILA_ENV, "/")
    linked = FigureSlot()
    linked.draw("bars", FIGURE)
    assert linked.widget._esm == bundle.loader()
    assert isinstance(linked.widget, go.FigureWidget)
    assert linked.widget.data[0].y == (1, 2)


# --------------------------------------------------------------------------- the route


def test_the_server_serves_plotly_s_bundle_revalidated_by_its_date(voila_server):
    url = f"{voila_server.url}/{bundle.ROUTE}"
    code, headers, body = get(url)
    assert code == 200 and body == BUNDLE
    assert headers["Content-Type"].split(";")[0] in ("application/javascript", "text/javascript")
    assert headers["Cache-Control"] == "no-cache" and headers["Referrer-Policy"] == "no-referrer"
    code, _, body = get(url, {"If-Modified-Since": headers["Last-Modified"]})
    assert (code, body) == (304, b"")
    assert get(url, {"If-Modified-Since": formatdate(0, usegmt=True)})[0] == 200
    # only that file of plotly's folder
    assert get(f"{voila_server.url}/carnegie/plotly/plotly.min.js")[0] == 404
    assert status(voila_server.url, "/" + bundle.ROUTE, host=FOREIGN) == 403


def test_a_jupyter_server_with_the_extension_serves_it_too(start_process, free_port, tmp_path):
    """Binder: Voilà is an extension of the Jupyter server, and so is carnegie_lab.server, enabled by Binder's
    settings (binder/jupyter_server_config.json)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}/user/ada/"
    cmd = [sys.executable, "-m", "jupyter_server", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.base_url=/user/ada/", "--IdentityProvider.token=",
           f"--config={BINDER_CONFIG}",
           f"--ServerApp.root_dir={tmp_path}", "--allow-root"]
    with start_process(cmd, base + bundle.ROUTE, tmp_path / "server.log"):
        code, headers, body = get(base + bundle.ROUTE)
        assert code == 200 and body == BUNDLE and headers["Cache-Control"] == "no-cache"
        assert status(base, "/user/ada/" + bundle.ROUTE, host=FOREIGN) == 403
        assert status(base, "/" + bundle.ROUTE) == 404        # under the base URL only


# --------------------------------------------------------------------------- the page


@pytest.mark.browser
def test_the_app_draws_its_figures_with_no_bundle_over_the_websocket(new_context, watched_page, voila_server,
                                                                     timings):
    """A fresh browser opens the app and three board tabs (three FigureWidgets): every figure is drawn, the
    bundle came once over HTTP (the template's preload, which the figures' import found), and no frame the
    kernel sent carries it (before: one ~5 MB frame per FigureWidget); the page loads no jupyterlab-plotly, whose
    plotly.js is a second copy (a tutorial's page loads it: tests/notebooks/test_voila_tutorials.py draws
    tutorial 11's still figure with it)."""
    watched = watched_page(new_context())
    p = watched.page
    frames: list[int] = []
    fetched: list[int] = []
    p.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(len(payload))))
    p.on("response", lambda r: fetched.append(r.status) if urlsplit(r.url).path.endswith(bundle.ROUTE) else None)
    renderer: list[str] = []       # jupyterlab-plotly's files: its own plotly.js, which the app never uses
    p.on("request", lambda r: renderer.append(r.url) if f"/labextensions/{PLOTLY_RENDERER}/" in r.url else None)
    start = time.monotonic()
    try:
        open_app(watched, voila_server, timings, "a fresh browser")
        for drawn, tab in enumerate(("Companies", "Scores"), start=2):
            board_tab(p, tab)
            expect(p.locator(PLOT)).to_have_count(drawn, timeout=TIMEOUT)
        timings["a fresh browser: page request -> map, company and scores figures drawn"] = time.monotonic() - start
        assert fetched == [200] and renderer == []
        assert max(frames) < len(BUNDLE) / 10, f"a frame of {max(frames)} bytes, {sum(frames)} in all"
        no_problems(watched)
    finally:
        p.close()

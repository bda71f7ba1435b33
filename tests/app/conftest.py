"""Fixtures for the Voilà app: one server per test session, headless Chromium through Playwright.

The server is started the way users start it, ``python -m carnegie_lab app``, on a free port of
127.0.0.1, with test-only Voilà options after ``--``. Chromium is Debian's /usr/bin/chromium (never
``playwright install``). See /work/shared/notes/voila-browser-testing.md for the why of each flag.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "app.ipynb"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 900}
SERVER_START_TIMEOUT = 90   # s; ~2 s here
PAGE_TIMEOUT = 120_000      # ms; the HTML arrives only after the notebook has run in a new kernel

#: Seconds measured during the run, printed at the end of the session (see pytest_terminal_summary).
TIMINGS: dict[str, float] = {}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class VoilaServer:
    url: str
    log_path: Path
    proc: subprocess.Popen

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory) -> VoilaServer:
    """The app served by ``carnegie-lab app`` on a free port; stopped (with its kernels) at the end."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    cmd = [sys.executable, "-m", "carnegie_lab", "app", f"--port={port}", "--host=127.0.0.1", "--",
           "--show_tracebacks=True",
           # kernels of closed pages are culled quickly (a page's own shutdown request is refused)
           "--MappingKernelManager.cull_interval=10",
           "--MappingKernelManager.cull_idle_timeout=20"]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    with open(log_path, "w") as log:
        # own session: if stopping fails, the whole group (cli + voila) can be killed by its id
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    server = VoilaServer(f"http://127.0.0.1:{port}", log_path, proc)
    start = time.monotonic()
    try:
        while True:  # a static file: answers without starting a kernel (GET / would start one)
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited early ({proc.returncode}):\n{server.log()}")
            try:
                with urllib.request.urlopen(server.url + "/voila/static/voila.js", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() - start > SERVER_START_TIMEOUT:
                raise RuntimeError(f"voila not ready after {SERVER_START_TIMEOUT}s:\n{server.log()}")
            time.sleep(0.2)
        TIMINGS["server start (until /voila/static/voila.js answers)"] = time.monotonic() - start
        yield server
    finally:  # always stop it, or the server and its kernels outlive pytest
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # the cli passes it on; voila stops its kernels
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture(scope="session")
def timings() -> dict[str, float]:
    """Record seconds here (``timings.setdefault(name, seconds)``): printed after the run."""
    return TIMINGS


# --------------------------------------------------------------------------- browser


def _no_browser(reason: str):
    """Skip locally; in CI (env CI set) a missing browser is a failure, never a silent skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: browser tests must run; .ci/run installs chromium)",
                    pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium context with a fresh profile."""
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        _no_browser(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport=VIEWPORT)
        try:
            yield ctx
        finally:
            ctx.close()


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


@dataclass
class AppPage:
    """A Playwright page with what went wrong on it recorded."""
    page: object
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)  # aborted, never sent

    def _on_console(self, msg) -> None:
        if msg.type != "error":
            return  # "Unsatisfied version ... of shared singleton module" is a warning: ignored
        location = (msg.location or {}).get("url", "")
        if location in self.outside_requests:
            return  # "Failed to load resource" for a request we aborted: see outside_requests
        self.console_errors.append(f"{msg.text} ({location})" if location else msg.text)

    def _on_route(self, route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:  # offline by design: nothing may leave the machine, and nothing waits on a CDN
            self.outside_requests.append(url)
            route.abort()

    def _on_websocket(self, ws) -> None:
        if not is_local(ws.url):
            self.outside_requests.append(ws.url)


@pytest.fixture(scope="module")
def page(browser, voila_server) -> AppPage:
    """The app, loaded in a new tab and drawn (plotly's SVG is there). One per test module."""
    app = AppPage(browser.new_page())
    app.page.on("console", app._on_console)
    app.page.on("pageerror", lambda e: app.page_errors.append(str(e)))
    app.page.on("websocket", app._on_websocket)
    app.page.route("**/*", app._on_route)
    start = time.monotonic()
    app.page.goto(voila_server.url + "/", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    TIMINGS.setdefault("page request -> HTML (notebook run in a new kernel)",
                       time.monotonic() - start)
    app.page.wait_for_selector(".js-plotly-plot .main-svg", timeout=PAGE_TIMEOUT)
    TIMINGS.setdefault("page request -> plotly figure drawn", time.monotonic() - start)
    try:
        yield app
    finally:
        app.page.close()


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("Voilà app timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{seconds:6.1f} s  {name}")

"""Settings and fixtures shared by every test.

Hypothesis profiles: ``ci`` (derandomized, so a CI run is reproducible) and ``dev`` (the default).
Choose one with the environment variable HYPOTHESIS_PROFILE; ``make test`` uses ``ci``.

The Voilà server and the browser, one of each per test session, shared by the app's tests
(tests/app/) and the tutorials' browser test (tests/notebooks/test_voila_tutorials.py):

- ``voila_server``: the server started the way users start it, ``python -m carnegie_lab app``, on a
  free port of 127.0.0.1, with a game store in a temporary folder (``voila_server.store_path``,
  never the user's own) and test-only Voilà options after ``--``. It serves the notebooks/ folder:
  the root page is the start page, which links the app (``voila_server.app_url``), a tutorial is at
  ``voila_server.render_url(name)``.
- ``browser``: headless Chromium (Debian's /usr/bin/chromium, never ``playwright install``) through
  Playwright's sync API (``playwright``: one driver per process), with a profile on disk kept for the
  session, where Chromium keeps the code it compiled for the pages' scripts; ``new_context()`` makes a
  fresh profile of another Chromium (``chromium``), a separate browser for the app (its own cookies
  and storage), e.g. a friend's.
- ``start_app`` and ``start_process``: context managers for a test's own server (``carnegie-lab app``
  with other options, e.g. behind a proxy) or another process (the proxy), stopped on exit.
- ``wheel`` and ``core_venv``: the project's wheel, built once per session, and a fresh virtual environment
  with it and no extra (only networkx comes with it), outside the checkout (tools/fresh_env.py, importable
  as ``fresh_env``): the packaging tests and the session's core-install test share them.
- ``watched_page``: makes a new tab of that browser (or of a given context) that records console
  errors and warnings, page errors and every request that is not to 127.0.0.1 (which fails in the
  browser: ``OFFLINE``); the browser's settings and ``WatchedPage`` are tools/offline_browser.py's, shared with
  tools/check_binder.py.

See /work/shared/notes/voila-browser-testing.md for the why of each flag.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from urllib.parse import quote

import pytest
import worker_timings
from hypothesis import settings

from carnegie_lab.store import values as store_values

settings.register_profile("ci", derandomize=True, max_examples=25, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: tests/positions.py: the bot and analysis tests' positions, as fixtures for every test; tests/i18n_check.py:
#: the widened pt_BR of the translation tests.
pytest_plugins = ["positions", "i18n_check"]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"   # gitignored


def _tool(name: str):
    """tools/NAME.py, importable as ``NAME`` (what the tests share with the tools: a fresh environment, the
    offline browser)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fresh_env = _tool("fresh_env")
offline_browser = _tool("offline_browser")
CHROMIUM, CHROMIUM_ARGS, VIEWPORT = offline_browser.CHROMIUM, offline_browser.CHROMIUM_ARGS, offline_browser.VIEWPORT
WatchedPage = offline_browser.WatchedPage
SERVER_START_TIMEOUT = 90   # s; ~2 s here

#: Seconds measured during the run, printed at the end of the session (see pytest_terminal_summary).
TIMINGS: dict[str, float] = {}


#: The variables gettext reads a language from, in its order (the command line speaks that language).
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def pytest_configure(config):
    """The tests (and every process they start) run as on a machine set to no language, so the command line
    speaks English whatever the developer's machine is set to (a test that wants another sets it)."""
    for name in LANGUAGE_VARIABLES:
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"


# --------------------------------------------------------------------------- make test's workers


#: Tests whose every case is a unit of work of its own in ``make test`` (one per tutorial page in Voilà), so
#: that the longest file spreads over the workers; a file's other tests stay together.
SPREAD = {"tests/notebooks/test_voila_tutorials.py::test_a_tutorial_in_voila"}

#: Seconds each unit of work took in a measured run (``tests/suite_timeline.py --write``): ``make test``
#: starts the longest first, so that no long unit comes last while the other workers wait.
DURATIONS = Path(__file__).parent / "durations.json"


#: Test files that share a costly session fixture, each with the file whose unit it joins: the wheel and the core
#: install's virtual environment (``wheel``, ``core_venv``) are made once, not in two workers.
TOGETHER = {"tests/session/test_core_install.py": "tests/test_packaging.py"}


def unit_of(nodeid: str) -> str:
    """A test's unit of work in ``make test``: its file (or the one it joins, :data:`TOGETHER`), or the case
    itself for a test of :data:`SPREAD`."""
    if nodeid.split("[", 1)[0] in SPREAD:
        return nodeid
    path = nodeid.split("::", 1)[0]
    return TOGETHER.get(path, path)


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (``make test``): a test file's tests run in one worker, so a module's fixtures are
    made once; the cases of :data:`SPREAD` are units of their own (pytest-xdist's own ``loadgroup`` cannot do
    it: with pytest 9 the group it writes into a test's id is lost). The longest units (:data:`DURATIONS`)
    go first, and a worker is given its next unit only when it has no other test waiting (xdist gives up to
    three ahead), so that a long unit never waits behind another in a busy worker while another is idle."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    seconds = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    typical = sorted(seconds.values())[len(seconds) // 2] if seconds else 1.0

    class LongestFirst(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not any(self.assigned_work.values()):       # nothing given out yet: the queue is whole
                self.workqueue = OrderedDict(sorted(self.workqueue.items(),
                                                    key=lambda item: -seconds.get(item[0], typical)))
            super()._assign_work_unit(node)

        def _reschedule(self, node) -> None:
            if not node.shutting_down and self.workqueue and self._pending_of(self.assigned_work[node]) > 1:
                return
            super()._reschedule(node)

    return LongestFirst(config, log)


@functools.cache
def worker_cgroup(folder: str | None, worker: str):
    """The CPU seconds so far of the cgroup ``folder/worker`` this process has moved into (a function; 0.0
    without a folder); the processes it starts from now on are counted there too."""
    if not folder:
        return lambda: 0.0
    group = Path(folder) / f"pytest_{worker}"
    group.mkdir(exist_ok=True)
    (group / "cgroup.procs").write_text(str(os.getpid()))
    return lambda: int((group / "cpuacct.usage").read_text()) / 1e9


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With ``PYTEST_TIMELINE=FILE``, each test's worker, start and end (wall clock) and the CPU time of its
    process go to ``FILE.<worker>``, one JSON line a test: ``tests/suite_timeline.py`` reads them. With
    ``PYTEST_TIMELINE_CGROUP=DIR`` too (a cgroup v1 cpuacct folder; root), each worker moves into a cgroup of its
    own there, and a line also has the CPU time of every process the worker started (its browser, its servers
    and their kernels), counted while the test ran."""
    path = os.environ.get("PYTEST_TIMELINE")
    if not path:
        return (yield)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    usage = worker_cgroup(os.environ.get("PYTEST_TIMELINE_CGROUP"), worker)
    start, cpu, tree = time.time(), time.process_time(), usage()
    try:
        return (yield)
    finally:
        line = {"test": item.nodeid, "worker": worker, "start": start, "end": time.time(),
                "cpu": time.process_time() - cpu, "tree_cpu": usage() - tree}
        with open(f"{path}.{worker}", "a") as out:
            out.write(json.dumps(line) + "\n")


# --------------------------------------------------------------------------- game ids


@pytest.fixture(autouse=True)
def repeatable_game_ids(request, monkeypatch):
    """The game ids a test's stores make (in this process) come from a Random seeded with the test's id: the
    same ids on every run, so a failure that hangs on an id repeats."""
    monkeypatch.setattr(store_values, "id_random", random.Random(request.node.nodeid))


# --------------------------------------------------------------------------- the Voilà server


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built once per session from a copy of the checkout (about 5 s)."""
    return fresh_env.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def core_venv(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel and no extra: its bin folder."""
    bin_dir = fresh_env.make_venv(tmp_path_factory.mktemp("core") / "venv")
    fresh_env.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                  env=fresh_env.clean_env(bin_dir))
    return bin_dir


@dataclass
class VoilaServer:
    url: str              # the root: the start page, which links the app
    log_path: Path
    proc: subprocess.Popen
    store_path: Path      # the game store the app's kernels use (a temporary file)

    @property
    def app_url(self) -> str:
        return self.render_url("app.ipynb")

    def render_url(self, notebook: str) -> str:
        """Where Voilà renders notebooks/<notebook>."""
        return f"{self.url}/voila/render/{quote(notebook)}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@contextmanager
def app_server(folder: Path, *args: str, env: dict[str, str] | None = None,
               base_url: str = "/") -> Iterator[VoilaServer]:
    """``python -m carnegie_lab app ARGS`` on a free port, its store and log in ``folder``, once a
    static file answers (that starts no kernel); stopped, with its kernels, on exit."""
    port = fresh_env.free_port()
    log_path, store_path = folder / "voila.log", folder / "games.db"
    cmd = [sys.executable, "-m", "carnegie_lab", "app", f"--port={port}", f"--store={store_path}",
           f"--base-url={base_url}", *args]
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    url = f"http://127.0.0.1:{port}{base_url.rstrip('/')}"
    with fresh_env.serving(cmd, url + "/voila/static/voila.js", log_path, env, ROOT, SERVER_START_TIMEOUT) as proc:
        yield VoilaServer(url, log_path, proc, store_path)


@pytest.fixture(scope="session")
def start_app():
    """``with start_app(folder, *args) as server:`` a server of a test's own (see app_server)."""
    return app_server


@pytest.fixture(scope="session")
def start_process():
    """``with start_process(cmd, ready_url, log_path) as proc:`` another server, in its own process group,
    once ``ready_url`` answers 200; stopped with its group on exit (tools/fresh_env.py's ``serving``)."""
    return lambda cmd, ready_url, log_path: fresh_env.serving(cmd, ready_url, log_path, os.environ, ROOT,
                                                              SERVER_START_TIMEOUT)


@pytest.fixture(scope="session")
def free_port():
    """``free_port()``: a port of 127.0.0.1 nothing listens on."""
    return fresh_env.free_port


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory) -> Iterator[VoilaServer]:
    """``carnegie-lab app`` on a free port, serving notebooks/; stopped (with its kernels) at the end."""
    start = time.monotonic()
    with app_server(tmp_path_factory.mktemp("voila"), "--host=127.0.0.1", "--",
                    "--show_tracebacks=True",
                    # kernels of closed pages are culled quickly (a page's own shutdown request is refused)
                    "--MappingKernelManager.cull_interval=10",
                    "--MappingKernelManager.cull_idle_timeout=20") as server:
        TIMINGS["server start (until /voila/static/voila.js answers)"] = time.monotonic() - start
        yield server


@pytest.fixture(scope="session")
def timings() -> dict[str, float]:
    """Record seconds here (``timings.setdefault(name, seconds)``): printed after the run."""
    return TIMINGS


# --------------------------------------------------------------------------- the browser


def no_browser(reason: str):
    """Skip locally; in CI (env CI set) a missing browser is a failure, never a silent skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: browser tests must run; .ci/run installs chromium)",
                    pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playwright():
    """Playwright's driver for the session, once Chromium and Playwright are found."""
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        no_browser(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright):
    """A headless Chromium for the session whose contexts are fresh profiles (``new_context``), started
    when a test first asks for one."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def browser(playwright, tmp_path_factory):
    """The session's browser, the one the app's and tutorials' tests use: a headless Chromium with a profile of
    its own on disk, kept for the session. Chromium keeps the code it compiled for a page's scripts (plotly's
    bundle, Voila's) in such a profile, and the next page of the session runs it without compiling it again; a
    fresh profile (``new_context``) compiles every script on every page (about 0.9 s of CPU more a page of the
    app: docs/benchmarks.md). Its cookies and storage are the session's: each test opens its own page and game."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport=VIEWPORT)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def new_context(chromium):
    """``new_context()``: another context of the session's Chromium, a separate browser as far as
    the app can tell (its own profile); closed at the end of the session if the caller did not."""
    made: list = []

    def new():
        ctx = chromium.new_context(viewport=VIEWPORT)
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        try:
            ctx.close()
        except Exception:  # noqa: BLE001 -- closed already
            pass


@pytest.fixture(scope="session")
def watched_page(browser):
    """``watched_page()`` opens a new tab of the session's browser (``watched_page(context)``: of
    that context), watched (see WatchedPage). The caller closes it (``.page.close()``); any left
    open are closed at the end of the session."""
    opened: list = []

    def new(context=None) -> WatchedPage:
        watched = WatchedPage.of((context or browser).new_page())
        opened.append(watched.page)
        return watched

    yield new
    for page in opened:
        try:
            if not page.is_closed():
                page.close()
        except Exception:  # noqa: BLE001 -- its context was closed
            pass


# --------------------------------------------------------------------------- load


#: What a CPU hog runs: a busy loop (``make test-under-load`` runs two beside the browser tests).
HOG = "while True: pass"


@pytest.fixture
def cpu_hogs():
    """``with cpu_hogs(n):`` n busy Python processes at normal priority beside the test (a slow machine, or one
    with other work on it); killed on exit, whatever happened."""
    @contextmanager
    def running(n: int) -> Iterator[None]:
        hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(n)]
        try:
            yield
        finally:
            for hog in hogs:
                hog.kill()
                hog.wait()
    return running


# --------------------------------------------------------------------------- files


@pytest.fixture(scope="session")
def unwritable():
    """``with unwritable(path):`` the file cannot be written inside, by anyone: immutable for root
    (chattr +i, which root cannot bypass, unlike a file mode; CI runs as root), read-only for others."""
    @contextmanager
    def made(path: Path) -> Iterator[None]:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "+i", str(path)], check=True)
            try:
                yield
            finally:
                subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            mode = path.stat().st_mode
            path.chmod(0o444)
            try:
                yield
            finally:
                path.chmod(mode)
    return made


# --------------------------------------------------------------------------- timings


def _timing_lines() -> list[str]:
    return [f"{seconds * 1000:8.0f} ms  {name}" if seconds < 1 else f"{seconds:8.2f} s   {name}"
            for name, seconds in TIMINGS.items()]


def pytest_sessionfinish(session):
    worker_timings.send(session.config, "app", TIMINGS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    worker_timings.receive(node, "app", TIMINGS)


def pytest_terminal_summary(terminalreporter):
    """Print the timings (``pytest -s`` or not) and keep them in test-artifacts/app-timings.txt."""
    if TIMINGS:
        terminalreporter.section("Voilà app timings")
        for line in _timing_lines():
            terminalreporter.write_line(line)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "app-timings.txt").write_text(
            f"# Voilà app timings, {time.strftime('%Y-%m-%d %H:%M:%S')} "
            f"({os.cpu_count()} CPUs); written by tests/conftest.py\n" + "\n".join(_timing_lines()) + "\n")

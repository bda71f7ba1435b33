"""Run every tutorial's code once (two kernels at a time), with the checks of ``checks.py`` appended: the
English notebooks. A translation (``notebooks/pt_BR``, the same file names) is made from the same source with
only its prose and ``LANG`` changed (tools/build_notebooks.py), so its numbers are the English run's; its words
are checked in its catalog (test_tutorial_catalogs.py) and, for the pages a browser opens, in Voila.

The executed notebooks are shared by all the tests of this folder (a session fixture); they run when a test
first asks for one of them, in two kernels that take them one after another, each in a fresh namespace
(``%reset -f``: a kernel's start and the package's imports are paid twice, not once a notebook). Timings are
printed at the end of the run.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty, SimpleQueue

import pytest
import worker_timings

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TUTORIALS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb") if not p.name.startswith("00-"))
#: the tutorials in Brazilian Portuguese, as paths in notebooks/ ("pt_BR/01-components-and-setup.ipynb"): made
#: from the English sources and the pt_BR catalogs, they run the English ones' code, which the tests execute
TUTORIALS_PT = sorted(f"pt_BR/{p.name}" for p in (NOTEBOOKS / "pt_BR").glob("[0-9][0-9]-*.ipynb")
                      if not p.name.startswith("00-"))
CHECKS = (Path(__file__).parent / "checks.py").read_text()
CELL_TIMEOUT = 120          # seconds per cell
KERNELS = 2                 # kernels running notebooks at the same time (the test machine has 2 cores)
#: the first cell of a notebook run in a kernel that ran another: a fresh namespace, the modules kept
FRESH = "%reset -f"
MARKER = "TUTORIAL-CHECKS "

TIMINGS: dict[str, float] = {}


@dataclass
class Executed:
    name: str
    seconds: float
    error: str | None = None                       # why the notebook failed, if it did
    report: dict = field(default_factory=dict)     # what checks.py printed
    outputs: list = field(default_factory=list)    # error outputs of the notebook's own cells


@functools.cache
def build_notebooks():
    """tools/build_notebooks.py, as a module (loaded once)."""
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def execute(name: str, kernel) -> Executed:
    """Run a tutorial, then the checks, in ``kernel`` (a kernel manager, whose kernel the first notebook
    starts), after a fresh namespace. A kernel that timed out or died is shut down: the next notebook starts a
    new one."""
    import nbformat
    from jupyter_core.utils import run_sync
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    own = len(nb.cells)
    nb.cells = [nbformat.v4.new_code_cell(FRESH), *nb.cells, nbformat.v4.new_code_cell(CHECKS)]
    start = time.monotonic()
    result = Executed(name, 0.0)
    client = NotebookClient(nb, km=kernel, timeout=CELL_TIMEOUT, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str((NOTEBOOKS / name).parent)}})
    try:
        client.execute()
    except CellExecutionError as e:
        result.error = str(e)[-4000:]
    except Exception as e:                          # noqa: BLE001 -- a dead kernel, a timeout...
        result.error = f"{type(e).__name__}: {e}"
        run_sync(kernel.shutdown_kernel)(now=True)
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
    result.seconds = time.monotonic() - start
    result.outputs = [o for cell in nb.cells[1:own + 1] if cell.cell_type == "code" for o in cell.get("outputs", [])
                      if o.get("output_type") == "error"]
    for output in nb.cells[-1].get("outputs", []):
        for line in output.get("text", "").splitlines():
            if line.startswith(MARKER):
                result.report = json.loads(line[len(MARKER):])
    return result


def execute_in_one_kernel(names: SimpleQueue) -> list[Executed]:
    """Take tutorials from the queue and run them one after another in one kernel, until the queue is empty (in
    a new one after a kernel was lost: a shut down kernel manager cannot start another)."""
    from jupyter_client import AsyncKernelManager
    from jupyter_core.utils import run_sync

    kernel, results = None, []
    try:
        while True:
            try:
                name = names.get_nowait()
            except Empty:
                return results
            if kernel is None or not kernel.has_kernel:
                kernel = AsyncKernelManager(kernel_name="python3")
            results.append(execute(name, kernel))
    finally:
        if kernel is not None and kernel.has_kernel:
            run_sync(kernel.shutdown_kernel)(now=True)


class Executions(dict):
    """The executed tutorials by name: executed together (KERNELS kernels) when a test first asks for one."""

    def __missing__(self, name: str) -> Executed:
        if name not in TUTORIALS:
            raise KeyError(name)
        start = time.monotonic()
        names = SimpleQueue()
        for tutorial in reversed(TUTORIALS):        # the later tutorials compute the most: they start first
            names.put(tutorial)
        with ThreadPoolExecutor(KERNELS) as pool:
            results = [r for done in pool.map(execute_in_one_kernel, [names] * KERNELS) for r in done]
        TIMINGS["the tutorial notebooks (wall clock)"] = time.monotonic() - start
        for r in sorted(results, key=lambda r: r.name):
            self[r.name] = r
            TIMINGS[r.name] = r.seconds
        return self[name]


@pytest.fixture(scope="session")
def executed() -> Executions:
    return Executions()


def pytest_sessionfinish(session):
    worker_timings.send(session.config, "tutorials", TIMINGS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    worker_timings.receive(node, "tutorials", TIMINGS)


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("tutorial notebook timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{seconds:6.1f} s  {name}")

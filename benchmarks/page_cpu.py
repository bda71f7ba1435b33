"""The CPU one page load of the app costs: the server and the page's kernel, and the browser.

    python benchmarks/page_cpu.py [--pages 8] [--repeats 2] [-- VOILA_OPTION ...]

A script, not a test; root on Linux with cgroup v1's cpuacct (this project's machine): a cgroup counts the CPU of
every process in it, a browser's renderers and a page's kernel included, which have ended by the time a
process-tree count would look. It starts ``carnegie-lab app`` (options after ``--`` go to Voilà, e.g.
``--VoilaConfiguration.extension_allowlist=...``) in one cgroup and Debian's Chromium, headless, in another; loads
the app a few times to warm the browser's cache, then opens ``--pages`` app pages one after another, each until a
decision's buttons and the map are drawn, and closes them. It prints the CPU seconds per page of each cgroup, for
each repeat (a fresh server and browser each time).
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CGROUPS = Path("/sys/fs/cgroup/cpuacct")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WARM_UP = 3
READY = ".cl-controls button.cl-option"
MAP = ".js-plotly-plot .main-svg"


def cgroup(name: str) -> Path:
    path = CGROUPS / f"page_cpu_{name}"
    path.mkdir(exist_ok=True)
    return path


def seconds(group: Path) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def measure(pages: int, voila_options: list[str]) -> tuple[float, float]:
    from playwright.sync_api import sync_playwright

    server_group, browser_group = cgroup("server"), cgroup("browser")
    port, folder = free_port(), tempfile.mkdtemp()
    command = (f"echo $$ > {server_group}/cgroup.procs; exec {sys.executable} -m carnegie_lab app --port {port} "
               f"--store {folder}/games.db --host 127.0.0.1 -- " + " ".join(voila_options))
    server = subprocess.Popen(["bash", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(url + "/voila/static/voila.js", timeout=5)
            break
        except OSError:
            time.sleep(0.2)
    (browser_group / "cgroup.procs").write_text(str(os.getpid()))    # this process, its driver and the browser
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport={"width": 1280, "height": 900})

            def load() -> None:
                page = context.new_page()
                page.goto(url + "/voila/render/app.ipynb", wait_until="domcontentloaded", timeout=180_000)
                page.locator(READY).first.wait_for(timeout=180_000)
                page.wait_for_selector(MAP, timeout=180_000)
                page.close()

            for _ in range(WARM_UP):
                load()
            before = seconds(server_group), seconds(browser_group)
            for _ in range(pages):
                load()
            after = seconds(server_group), seconds(browser_group)
            browser.close()
    finally:
        (CGROUPS / "cgroup.procs").write_text(str(os.getpid()))
        server.terminate()
        server.wait()
    return (after[0] - before[0]) / pages, (after[1] - before[1]) / pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("voila_options", nargs="*", help="after --: options for Voila")
    args = parser.parse_args()
    if not (CGROUPS / "cpuacct.usage").exists():
        sys.exit(f"no cgroup v1 cpuacct at {CGROUPS}: this script needs it (and root)")
    print("CPU s per app page load: server and kernel, browser and driver")
    for repeat in range(args.repeats):
        server, browser = measure(args.pages, args.voila_options)
        print(f"repeat {repeat + 1}: {server:.2f}  {browser:.2f}  (all {server + browser:.2f})")


if __name__ == "__main__":
    main()

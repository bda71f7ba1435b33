"""Binder's environment, built as repo2docker builds it, and the app rendered in it (make binder-check).

1. A copy of the project (what Binder clones), which is also HOME, as repo2docker puts the
   repository in $HOME; a fresh virtual environment of Binder's Python (binder/runtime.txt);
   ``pip install -r binder/requirements.txt``, then ``binder/postBuild`` run from the copy's root.
2. The jupyter server Binder starts, ``jupyter lab`` (on 127.0.0.1, no token): it must load the
   settings postBuild installed, binder/jupyter_server_config.json (idle kernels culled, Voilà's
   template the app's own, no MathJax from a CDN), and answer for JupyterLab (``/lab``).
3. Binder's link to the app, ``/voila/render/notebooks/app.ipynb``, in headless Chromium (Debian's,
   through Playwright, as tests/app does): the decision's controls and the map are drawn, no error
   is shown or logged, and no request leaves the machine (any to another host is aborted, and fails
   the check: the default Voilà template would ask a CDN for Font Awesome).

    .venv/bin/python tools/check_binder.py
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

from fresh_env import ROOT, clean_env, copy_project, free_port, get, make_venv, run, scratch, serving
from offline_browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, WatchedPage

APP_PATH = "voila/render/notebooks/app.ipynb"         # the README's Binder link, under the server's root
DRAWN = (".cl-controls button.cl-option", ".js-plotly-plot .main-svg")   # controls, then the map
PAGE_TIMEOUT = 180_000                                # ms: the notebook runs before the HTML comes


def binder_python() -> str:
    """The interpreter binder/runtime.txt names (python-3.11: python3.11)."""
    version = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    python = shutil.which(f"python{version}")
    if python is None:
        raise SystemExit(f"check_binder: Binder runs Python {version} (binder/runtime.txt), not found here")
    return python


def server_config(bin_dir: Path, env: dict, cwd: Path) -> dict:
    """The settings the jupyter server loads from its config files, here, as it would start."""
    code = ("import json; from jupyter_server.serverapp import ServerApp; app = ServerApp(); "
            "app.load_config_file(); print(json.dumps({k: dict(v) for k, v in app.config.items()}))")
    return json.loads(run([str(bin_dir / "python"), "-c", code], env=env, cwd=cwd).stdout)


def render_app(url: str) -> dict[str, list[str]]:
    """Open the app at ``url`` in headless Chromium and wait until it is drawn; what went wrong."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            watched = WatchedPage.of(page)
            page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
            for selector in DRAWN:
                page.locator(selector).first.wait_for(timeout=PAGE_TIMEOUT)
            text = page.locator("body").inner_text()
            shown = [line for line in text.splitlines() if "Traceback" in line or "error when executing" in line]
        finally:
            browser.close()
    return {"outside requests": watched.outside_requests, "page errors": watched.page_errors,
            "console problems": watched.console_problems, "errors shown": shown}


def main() -> int:
    timings: dict[str, float] = {}
    start = time.monotonic()
    with scratch("carnegie-binder-") as name:
        tmp = Path(name)
        repo = copy_project(tmp / "home")                # repo2docker: the repository is $HOME
        bin_dir = make_venv(tmp / "env", binder_python())
        run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
            env=clean_env(bin_dir), cwd=repo)
        timings["fresh venv, pip install -r binder/requirements.txt"] = time.monotonic() - start
        env = clean_env(bin_dir, home=repo)
        step = time.monotonic()
        run(["./binder/postBuild"], env=env, cwd=repo)    # as repo2docker runs it: executable, from the root
        timings["binder/postBuild"] = time.monotonic() - step

        loaded = server_config(bin_dir, env, repo)
        for section, values in json.loads((repo / "binder" / "jupyter_server_config.json").read_text()).items():
            got = {k: loaded.get(section, {}).get(k) for k in values}
            if got != values:
                raise SystemExit(f"check_binder: the Binder server has {section} {got}, not {values}")

        port = free_port()
        base = f"http://127.0.0.1:{port}"
        step = time.monotonic()
        server = [str(bin_dir / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
                  "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password="]
        if os.geteuid() == 0:                            # CI runs as root; Binder as a user
            server.append("--allow-root")
        with serving(server, ready_url=f"{base}/voila/static/voila.js", log=tmp / "server.log", env=env, cwd=repo):
            timings["jupyter lab: server ready"] = time.monotonic() - step
            status, _ = get(base + "/lab")
            if status != 200:
                raise SystemExit(f"check_binder: JupyterLab (/lab) answered {status}")
            step = time.monotonic()
            problems = render_app(f"{base}/{APP_PATH}")
            timings["app page -> controls and map drawn in Chromium"] = time.monotonic() - step
        found = {kind: items for kind, items in problems.items() if items}
        if found:
            raise SystemExit(f"check_binder: the app on Binder's environment went wrong: {found}\n"
                             + (tmp / "server.log").read_text()[-3000:])
    for what, seconds in timings.items():
        print(f"check_binder: {seconds:6.1f} s  {what}")
    print(f"check_binder: passed in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

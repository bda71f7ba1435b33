"""The wheel with its app, installed as a user installs it, outside the checkout (make install-check).

In a fresh virtual environment: ``pip install "<wheel>[app]"`` (with binder/requirements.txt as
constraints: the versions tested together, which pip's cache holds), then, from an empty folder with
a HOME of its own, ``carnegie-lab app --port P`` serves the start page (listing the tutorials) and
the app page with HTTP 200, the app's notebook run without an error. The same wheel with no extras
is tested by tests/test_packaging.py; the app in a browser, by tools/check_binder.py and tests/app.

    .venv/bin/python tools/check_install.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from fresh_env import ROOT, build_wheel, clean_env, free_port, get, make_venv, run, scratch, serving

PINS = ROOT / "binder" / "requirements.txt"
#: What Voilà writes in a page whose notebook failed (it still answers 200).
FAILED = ("There was an error when executing cell", "Traceback (most recent call last)")
WIDGET = "application/vnd.jupyter.widget-view+json"   # the app's output: the dashboard


def check(condition: bool, problem: str, text: str = "") -> None:
    if not condition:
        raise SystemExit(f"check_install: {problem}\n{text[-3000:]}")


def main() -> int:
    timings: dict[str, float] = {}
    start = time.monotonic()
    with scratch("carnegie-install-") as name:
        tmp = Path(name)
        wheel = build_wheel(tmp / "dist")
        bin_dir = make_venv(tmp / "venv")
        run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "-c", str(PINS), f"{wheel}[app]"],
            env=clean_env(bin_dir))
        timings["wheel built, fresh venv, pip install <wheel>[app]"] = time.monotonic() - start
        listed = run([str(bin_dir / "python"), "-m", "pip", "list"], env=clean_env(bin_dir)).stdout.lower()
        check("voila " in listed and "jupyterlab " not in listed, "[app] should bring voila, not jupyterlab", listed)

        work = tmp / "work"
        work.mkdir()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        served = time.monotonic()
        with serving([str(bin_dir / "carnegie-lab"), "app", "--port", str(port), "--store", str(work / "games.db")],
                     ready_url=f"{base}/voila/static/voila.js", log=tmp / "app.log",
                     env=clean_env(bin_dir, home=tmp / "home"), cwd=work):
            timings["carnegie-lab app: server ready"] = time.monotonic() - served
            status, page = get(base + "/")
            check(status == 200 and "voila/render/app.ipynb" in page and "01-components-and-setup.ipynb" in page,
                  f"the start page answered {status} without the app and the tutorials", page)
            asked = time.monotonic()
            status, page = get(base + "/voila/render/app.ipynb", timeout=180)
            timings["app page: HTTP 200 with the dashboard"] = time.monotonic() - asked
            check(status == 200, f"the app page answered {status}", page)
            check(WIDGET in page and not any(sign in page for sign in FAILED),
                  "the app page has no dashboard, or an error", page)
    for step, seconds in timings.items():
        print(f"check_install: {seconds:6.1f} s  {step}")
    print(f"check_install: passed in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Does a server stay within its caps under load? Pages of several visitors doing what a watcher can (issue 56).

    nice python benchmarks/bench_load.py [--pages 20] [--visitors 5] [--seconds 120] [--max-kernels 28]

Starts ``carnegie-lab app`` on 127.0.0.1 only (a free port; a store in a temporary folder holding a finished game
for each page to watch) with ``--max-kernels`` and the server's defaults for the rest (a visitor's share: a
quarter of the cap; ``--max-jobs``: half the cores; ``--games-per-hour`` 60). A visitor is an address, named in
``X-Real-IP`` as the proxy on this machine does (docs/deploy.md). Then, without a browser (each page's kernel
spoken to over its websocket, tools/widget_client.py):

1. opens ``--pages`` pages of stored games, the visitors in turn (each page: its own kernel);
2. the first visitor asks for pages until it is refused: it gets its share, then "The server is full";
3. every page, on a thread of its own, for ``--seconds``: a language switch, the Replay tab and *Review this game*,
   another switch, the New game tab and *Start*, a Hint, and its clock's tick between any two;
4. a sixth visitor asks for a page: it must open.

A sampler reads /proc every 2 s: the server's processes (all of them; its kernels; its review workers) and their
memory (PSS, from smaps_rollup: shared pages counted once). It prints the figures over time and checks the caps:
kernels at most ``--max-kernels``, review workers at most ``--max-jobs``, processes at most 2 (the command and the
server) + 2 a kernel (each has a resource tracker once it started a review) + the review workers, and memory at
most the sizing of docs/deploy.md (:data:`KERNEL_MB` a kernel, :data:`WORKER_MB` a review worker, :data:`SERVER_MB`).
A script, not a test: its figures depend on the machine and on what else runs on it.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from bench_app import descendants, free_port, start_server, stop_server

from tools import widget_client  # a page's kernel spoken to as its JavaScript can (the tests' client too)

#: docs/deploy.md's sizing: MB of memory (PSS) a page's kernel, a review worker and the server take at most.
KERNEL_MB, WORKER_MB, SERVER_MB = 200, 150, 300
SAMPLE_S = 2.0
#: What the review panel says after *Review this game*, by what it means (session/work.py, session/review.py).
SAID = {"slot": "refused: the server's cap", "another page": "refused: the game is under review elsewhere",
        "Starting": "started", "Reviewing": "joined the page's review", "already running": "refused: another game's"}
PAGE_TIMEOUT = 600          # s: a page's HTML comes once its kernel has run the app's notebook (slow under load)


def finished_games(store_path: Path, count: int) -> list[str]:
    """``count`` finished solo games of other browsers in the store (each page watches one)."""
    import carnegie_lab as cl
    from carnegie_lab.store import GameStore
    ids = []
    with GameStore(store_path) as store:
        for seed in range(count):
            game, rng = cl.new_game(["Ada"], seed=seed, solo_level=1), random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            ids.append(store.save(game))
    return ids


def page_load(url: str, address: str) -> int:
    """The status of a page load from ``address`` (the page's kernel stays: nothing closes it)."""
    request = urllib.request.Request(url, headers={"X-Real-IP": address})
    try:
        with urllib.request.urlopen(request, timeout=PAGE_TIMEOUT) as page:
            page.read()
            return page.status
    except urllib.error.HTTPError as refused:
        return refused.code


def kind(pid: int) -> str:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return "gone"
    if "ipykernel" in cmd:
        return "kernel"
    if "spawn_main" in cmd:
        return "review worker"
    if "resource_tracker" in cmd:
        return "resource tracker"
    return "other"


def pss_mb(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) / 1024 if match else 0.0


class Sampler(threading.Thread):
    """The server's processes and memory every :data:`SAMPLE_S` seconds."""

    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root, self.stop = root, threading.Event()
        self.samples: list[dict] = []
        self.start_time = time.monotonic()

    def run(self) -> None:
        while not self.stop.wait(SAMPLE_S):
            pids = descendants(self.root) | {self.root}
            kinds = Counter(kind(pid) for pid in pids)
            self.samples.append({"t": round(time.monotonic() - self.start_time, 1), "processes": len(pids),
                                 "kernels": kinds["kernel"], "workers": kinds["review worker"],
                                 "pss_mb": round(sum(pss_mb(pid) for pid in pids))})


class Visit(threading.Thread):
    """A watcher's page doing what it can, over and over, until ``until``."""

    def __init__(self, page: widget_client.WidgetPage, until: float):
        super().__init__(daemon=True)
        self.page, self.until = page, until
        self.done: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.widgets: list[int] = []                      # the page's widgets (models) after each step

    def step(self, name: str, *calls) -> None:
        try:
            self.page.refresh()                           # the widgets as they are now (a switch makes new ones)
            bridge = self.page.model("cl-page-bridge")
            self.page.send(bridge, {"method": "custom", "content": {"event": "tick"}})
            for method, cls, kwargs in calls:
                getattr(self.page, method)(cls, **kwargs)
                self.page.refresh()
            self.done[name] += 1
            self.widgets.append(len(self.page.states))
            if name == "review":
                said = self.page.states[self.page.model("cl-review-status")]["state"]["value"]
                self.done[f"review: {next((v for k, v in SAID.items() if k in said), 'other')}"] += 1
        except Exception as e:  # noqa: BLE001 -- counted: the load goes on
            self.errors[f"{name}: {type(e).__name__}"] += 1

    def run(self) -> None:
        lang = "pt_BR"
        while time.monotonic() < self.until:
            for name, calls in (
                    ("language", [("update", "cl-language", {"value": lang})]),
                    ("review", [("update", "cl-side-tabs", {"selected_index": 4}), ("click", "cl-review-start", {})]),
                    ("language", [("update", "cl-language", {"value": "en" if lang == "pt_BR" else "pt_BR"})]),
                    ("start", [("update", "cl-side-tabs", {"selected_index": 1}), ("click", "cl-start", {})]),
                    ("hint", [("click", "cl-hint", {})])):
                if time.monotonic() >= self.until:
                    return
                self.step(name, *calls)


def run(pages: int, visitors: int, seconds: float, max_kernels: int) -> dict:
    share = max(1, max_kernels // 4)
    from carnegie_lab.session.work import default_max_jobs
    jobs = default_max_jobs()
    widget_client.TIMEOUT = PAGE_TIMEOUT
    folder = Path(tempfile.mkdtemp(prefix="bench-load-"))
    games = finished_games(folder / "games.db", pages)
    port = free_port()
    server = start_server(port, folder, options=(f"--max-kernels={max_kernels}",))
    url = f"http://127.0.0.1:{port}/voila/render/app.ipynb"
    sampler = Sampler(server.pid)
    sampler.start()
    result: dict = {"pages": pages, "visitors": visitors, "seconds": seconds, "max_kernels": max_kernels,
                    "share": share, "max_jobs": jobs, "cpus": os.cpu_count(), "load_before": os.getloadavg()}
    try:
        start = time.monotonic()
        opened = [widget_client.WidgetPage.open(f"{url}?game={games[i]}", {"X-Real-IP": f"10.0.0.{1 + i % visitors}"})
                  for i in range(pages)]
        result["pages_open_s"] = round(time.monotonic() - start)
        greedy = [page_load(url, "10.0.0.1") for _ in range(share - pages // visitors + 1)]
        result["greedy_visitor"] = greedy
        until = time.monotonic() + seconds
        visits = [Visit(page, until) for page in opened]
        for v in visits:
            v.start()
        for v in visits:
            v.join()
        result["done"] = dict(sum((v.done for v in visits), Counter()))
        result["errors"] = dict(sum((v.errors for v in visits), Counter()))
        result["widgets_per_page"] = {"first step": [v.widgets[0] for v in visits if v.widgets],
                                      "last step": [v.widgets[-1] for v in visits if v.widgets],
                                      "most": max((max(v.widgets) for v in visits if v.widgets), default=0)}
        result["sixth_visitor"] = page_load(url, f"10.0.0.{visitors + 1}")
        result["load_after"] = os.getloadavg()
    finally:
        sampler.stop.set()
        sampler.join()
        stop_server(server)
    result["samples"] = sampler.samples
    return result


def checks(r: dict) -> list[str]:
    """What broke a cap (empty: nothing)."""
    worst = {key: max(s[key] for s in r["samples"]) for key in ("processes", "kernels", "workers", "pss_mb")}
    r["worst"] = worst
    problems = []
    if worst["kernels"] > r["max_kernels"]:
        problems.append(f"{worst['kernels']} kernels, over --max-kernels {r['max_kernels']}")
    if worst["workers"] > r["max_jobs"]:
        problems.append(f"{worst['workers']} review workers, over --max-jobs {r['max_jobs']}")
    if worst["processes"] > 2 + 2 * r["max_kernels"] + r["max_jobs"]:
        problems.append(f"{worst['processes']} processes")
    if worst["pss_mb"] > KERNEL_MB * r["max_kernels"] + WORKER_MB * r["max_jobs"] + SERVER_MB:
        problems.append(f"{worst['pss_mb']} MB")
    if r["greedy_visitor"][-1] != 503 or 503 in r["greedy_visitor"][:-1]:
        problems.append(f"the greedy visitor's pages: {r['greedy_visitor']}")
    if r["sixth_visitor"] != 200:
        problems.append(f"the sixth visitor's page: {r['sixth_visitor']}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--visitors", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--max-kernels", type=int, default=28)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    r = run(args.pages, args.visitors, args.seconds, args.max_kernels)
    problems = checks(r)
    print(f"{platform.node()}, {r['cpus']} cores, load {r['load_before']} before, {r['load_after']} after")
    for s in r["samples"][::5]:
        print(f"t={s['t']:6.1f} s  processes {s['processes']:3d}  kernels {s['kernels']:3d}  review workers "
              f"{s['workers']}  memory {s['pss_mb']:6d} MB (PSS)")
    print(json.dumps({k: v for k, v in r.items() if k != "samples"}, indent=1))
    if args.json:
        args.json.write_text(json.dumps(r, indent=1))
    print("caps held" if not problems else "CAPS BROKEN: " + "; ".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

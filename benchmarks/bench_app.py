"""How fast is the app in a browser? Page load, click latency and kernel memory, in headless Chromium.

    python benchmarks/bench_app.py [--clicks 20] [--pages 3] [--pause 10] [--json FILE] [--print-only]
    python benchmarks/bench_app.py --against OTHER_CHECKOUT [--rounds 3]
    python benchmarks/bench_app.py --list-games 100000

Starts ``carnegie-lab app`` (``python -m carnegie_lab app``) on a free port of 127.0.0.1 with a game
store in a temporary folder, and drives it with Playwright in headless Chromium (Debian's
/usr/bin/chromium, or $CHROMIUM, as tests/app does):

- **page request → interactive**: from ``goto`` of the app's URL to the first decision's controls
  usable (a ``.cl-controls`` option button enabled), and to the map drawn. ``--pages`` pages, one
  after the other: the first right after the server's start, the others ``--pause`` seconds after
  the previous one (time for the server to have a preheated kernel waiting);
- **click → next decision shown**: in the last page's game (the app's default: Ada against the easy
  bot), ``--clicks`` clicks on the controls, each timed in the page itself (``performance.now()``
  from the button's click to the turn card saying a new decision, checked every animation frame:
  the bots' replies are included), then the next click once the click guard has given the buttons
  back; median and max;
- **kernel memory**: the resident set size (VmRSS in /proc) of the kernel serving that page (found
  by the kernel id in the page's websocket), after the page loaded and after the clicks, and of
  every kernel the server holds.

Prints the numbers with the machine and its load average and, unless ``--print-only``, rewrites the
block between ``<!-- bench_app:start -->`` and ``<!-- bench_app:end -->`` in docs/benchmarks.md with them.
A script, not a test: the times depend on the machine and on what else runs on it.

``--against DIR`` compares this checkout with another one (e.g. ``git archive main | tar -x -C DIR``),
served by the same Python environment, side by side: ``--rounds`` rounds, the two trees in turn (the
order swapped every round), each a fresh server with one page of ``--clicks`` clicks after the
preheated one; it prints the medians of the page's kernel's memory (RSS) and CPU time, and nothing
is written to docs/benchmarks.md.

``--kernel-clicks N`` needs no browser: the CPU time the kernel spends per click (``Dashboard.act`` of the
simple player's control, the easy bot's reply and the redraw included), in a fresh process of a kept
2-player game, medians of N clicks; with ``--against DIR`` (the other tree by PYTHONPATH, the two in turn,
``--rounds`` each) the two side by side.

``--list-games N`` needs no browser: a store of N games of other browsers and 25 of one's own, and
the CPU time of what the New game tab asks the store (a page of that browser's games and their
count), against reading every game (what the tab did before issue 24), medians.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "docs" / "benchmarks.md"      # where the figures are kept, in the block between START and END
START, END = "<!-- bench_app:start -->", "<!-- bench_app:end -->"
WIDTH = 110                                # the report's lines
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
APP_PATH = "/voila/render/app.ipynb"
TIMEOUT_MS = 120_000
#: as tests/conftest.py launches it
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 900}
#: the click guard has given the buttons back (carnegie_lab/app/click_guard.py)
READY = ".cl-dashboard:not(.cl-busy):not(.cl-settling)"
#: The control a simple player clicks: something to choose for a choosing decision, else Done.
CHOOSE_KINDS = ("house", "reserve", "choose", "arrival", "property")

#: Click ``sel`` from the page's own JavaScript; ms until the turn card's data-actions changes.
CLICK_JS = """async (sel) => {
  const turn = () => document.querySelector('.cl-turn');
  const before = turn().dataset.actions, t0 = performance.now();
  document.querySelector(sel).click();
  while (turn() === null || turn().dataset.actions === before) {
    if (performance.now() - t0 > 60000) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  return performance.now() - t0;
}"""


@dataclass
class Result:
    pages: list[dict] = field(default_factory=list)        # per page: seconds to HTML, interactive, map
    clicks: list[float] = field(default_factory=list)      # seconds, click -> next decision shown
    kernel_rss_mb: dict = field(default_factory=dict)
    kernel_cpu_s: float = 0.0                              # the page's kernel, once its page is loaded
    machine: str = ""
    load: str = ""
    when: str = ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, folder: Path, tree: Path = ROOT, options: tuple[str, ...] = ()) -> subprocess.Popen:
    """``carnegie-lab app`` (and ``options``) on 127.0.0.1:``port``, its store and log in ``folder``, once up."""
    log = open(folder / "voila.log", "w")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(tree), os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen([sys.executable, "-m", "carnegie_lab", "app", f"--port={port}", "--host=127.0.0.1",
                             f"--store={folder / 'games.db'}", *options], cwd=tree, env=env, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    start = time.monotonic()
    while True:                               # a static file answers without a kernel
        if proc.poll() is not None:
            raise SystemExit(f"the app server exited ({proc.returncode}); see {folder / 'voila.log'}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            pass
        if time.monotonic() - start > 60:
            stop_server(proc)
            raise SystemExit("the app server did not answer within 60 s")
        time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)      # the cli passes it on: Voilà stops its kernels
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def kernels() -> dict[str, int]:
    """kernel id -> pid of every kernel process on the machine started by this server's kind (their
    command line names the connection file kernel-<id>.json)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        m = re.search(r"kernel-([0-9a-f-]{36})\.json", cmd)
        if m and "ipykernel" in cmd:
            out[m.group(1)] = int(entry.name)
    return out


def descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = set(), [root]
    while todo:
        for c in children.get(todo.pop(), ()):
            out.add(c)
            todo.append(c)
    return out


def open_page(browser, url: str) -> tuple[object, dict, list[str]]:
    page = browser.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded", timeout=TIMEOUT_MS)
    html = time.monotonic() - start
    page.locator(".cl-controls button.cl-option:enabled").first.wait_for(timeout=TIMEOUT_MS)
    interactive = time.monotonic() - start
    page.wait_for_selector(".cl-figure-map .js-plotly-plot .main-svg", timeout=TIMEOUT_MS)
    drawn = time.monotonic() - start
    return page, {"html": html, "interactive": interactive, "map": drawn}, sockets


def next_button(page) -> str:
    """The CSS selector of the button a simple player clicks now."""
    kind = page.locator(".cl-turn").get_attribute("data-kind")
    options = ".cl-controls button.cl-option:enabled"
    if kind in CHOOSE_KINDS and page.locator(options).count():
        return options
    if page.locator(".cl-controls button.cl-act-done:enabled").count():
        return ".cl-controls button.cl-act-done"
    if page.locator(options).count():
        return options
    raise SystemExit(f"nothing to click in a {kind!r} decision")


def measure(clicks: int, pages: int, pause: float, tree: Path = ROOT) -> Result:
    from playwright.sync_api import sync_playwright
    result = Result(machine=f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
                            f"Python {sys.version.split()[0]}",
                    when=time.strftime("%Y-%m-%d"))
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench-app-") as tmp:
        proc = start_server(port, Path(tmp), tree)
        try:
            with sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
                context = chromium.new_context(viewport=VIEWPORT)
                url = f"http://127.0.0.1:{port}{APP_PATH}"
                page = None
                for i in range(pages):
                    if i:
                        page.close()
                        time.sleep(pause)
                    page, times, sockets = open_page(context, url)
                    result.pages.append(times)
                ids = {m.group(1) for u in sockets if (m := re.search(r"/api/kernels/([0-9a-f-]{36})/", u))}
                mine = [pid for kid, pid in kernels().items() if kid in ids]
                result.kernel_rss_mb["page's kernel, page loaded"] = rss_mb(mine[0]) if mine else 0.0
                result.kernel_cpu_s = cpu_seconds(mine[0]) if mine else 0.0
                page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
                for _ in range(clicks):
                    if page.locator(".cl-turn").get_attribute("data-yours") != "1":
                        break                 # the game is over
                    ms = page.evaluate(CLICK_JS, next_button(page))
                    if ms < 0:
                        raise SystemExit("a click showed no new decision within 60 s")
                    result.clicks.append(ms / 1000)
                    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
                if mine:
                    result.kernel_rss_mb["page's kernel, after the clicks"] = rss_mb(mine[0])
                held = descendants(proc.pid)
                every = [rss_mb(pid) for pid in kernels().values() if pid in held]
                result.kernel_rss_mb["every kernel of the server"] = sum(every)
                result.kernel_rss_mb["kernels"] = len(every)
                result.load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                context.close()
                chromium.close()
        finally:
            stop_server(proc)
    return result


def lines(r: Result) -> list[str]:
    first, rest = r.pages[0], r.pages[1:]

    def span(key: str) -> str:
        values = [p[key] for p in rest]
        low, high = f"{min(values):.1f}", f"{max(values):.1f}"
        return f"{low} s" if low == high else f"{low}-{high} s"
    out = [f"- page request → interactive (the first decision's controls usable): {first['interactive']:.1f} s "
           f"for the first page after the server's start (HTML {first['html']:.1f} s, map {first['map']:.1f} s)"]
    if rest:
        out[0] += (f" and {span('interactive')} for {len(rest)} later page{'s' if len(rest) > 1 else ''} "
                   f"(a preheated kernel waiting: HTML {span('html')}, map {span('map')})")
    if r.clicks:
        out.append(f"- click → next decision shown (the easy bot's replies included): median "
                   f"{statistics.median(r.clicks) * 1000:.0f} ms, max {max(r.clicks) * 1000:.0f} ms "
                   f"over {len(r.clicks)} clicks of a 2-player game")
    k = r.kernel_rss_mb
    mem = [f"{k[name]:.0f} MB {name}" for name in ("page's kernel, page loaded", "page's kernel, after the clicks")
           if name in k]
    out.append(f"- kernel memory (RSS): {'; '.join(mem)}; {k['every kernel of the server']:.0f} MB for the server's "
               f"{k['kernels']} kernels (the preheated ones included)")
    out.append(f"- measured {r.when} by `benchmarks/bench_app.py` (headless Chromium, Playwright, one run) on "
               f"{r.machine}, load average {r.load} (the machine is shared with other jobs)")
    return [textwrap.fill(line, WIDTH, subsequent_indent="  ") for line in out]


def write_report(text: list[str]) -> None:
    report = REPORT.read_text()
    if START not in report or END not in report:
        raise SystemExit(f"{REPORT} has no {START} ... {END} block to rewrite")
    head, rest = report.split(START, 1)
    _, tail = rest.split(END, 1)
    REPORT.write_text(head + START + "\n" + "\n".join(text) + "\n" + END + tail)


def compare(other: Path, rounds: int, clicks: int, pause: float) -> list[str]:
    """This checkout against ``other``, side by side (see the module's docstring)."""
    trees = {"this checkout": ROOT, f"{other}": other}
    found: dict[str, list[Result]] = {name: [] for name in trees}
    for r in range(rounds):
        for name in (list(trees) if r % 2 == 0 else list(trees)[::-1]):
            found[name].append(measure(clicks, 2, pause, trees[name]))
    loaded, clicked = "page's kernel, page loaded", "page's kernel, after the clicks"
    every = "every kernel of the server"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    out = [f"{rounds} rounds, the trees in turn; the page's kernel (a preheated one), medians:"]
    for name, results in found.items():
        def median(key: str) -> float:
            return statistics.median(r.kernel_rss_mb[key] for r in results)
        cpu = statistics.median(r.kernel_cpu_s for r in results)
        out.append(f"- {name}: {median(loaded):.0f} MB loaded, {median(clicked):.0f} MB after {clicks} clicks, "
                   f"{cpu:.1f} s of CPU until its page was loaded; {median(every):.0f} MB for the server's kernels")
    out.append(f"- measured {time.strftime('%Y-%m-%d')} by `benchmarks/bench_app.py --against` on "
               f"{found['this checkout'][0].machine}, load average {load}")
    return out


#: One process's clicks (``--kernel-clicks``): a kept game of Ada against the easy bot, the CPU time of each click.
KERNEL_CLICKS = """
import json, sys, tempfile, time
import carnegie_lab as cl
from carnegie_lab.session import Seat
from carnegie_lab.store import GameStore
from carnegie_lab.widgets import Dashboard
choose = %r
with tempfile.TemporaryDirectory() as tmp:
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "easy")],
                  store=GameStore(tmp + "/games.db"))
    times = []
    for _ in range(int(sys.argv[1])):
        options = [n for n in d.controls.buttons if n != "sell"]
        pick = next((n for n in options if n != "done"), "done") if d.game.decision.kind in choose else \\
            ("done" if "done" in options else options[0])
        start = time.process_time()
        d.act(pick)
        times.append(time.process_time() - start)
    print(json.dumps(times))
""" % (CHOOSE_KINDS,)


def kernel_clicks(clicks: int, tree: Path = ROOT) -> float:
    """The median CPU time of ``clicks`` clicks in a fresh process of ``tree``'s package (seconds)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", KERNEL_CLICKS, str(clicks)], env=env, capture_output=True,
                          text=True, check=True, cwd=tree)
    return statistics.median(json.loads(done.stdout.strip().splitlines()[-1]))


def compare_clicks(clicks: int, rounds: int, other: Path | None) -> list[str]:
    """``--kernel-clicks``: this checkout (and ``other``, the two in turn) per click, medians."""
    trees = {"this checkout": ROOT, **({f"{other}": other} if other is not None else {})}
    found: dict[str, list[float]] = {name: [] for name in trees}
    for r in range(rounds if other is not None else 1):
        for name in (list(trees) if r % 2 == 0 else list(trees)[::-1]):
            found[name].append(kernel_clicks(clicks, trees[name]))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return [f"- {name}: {statistics.median(v) * 1000:.1f} ms of CPU per click (median of {clicks} clicks, "
            f"median of {len(v)} processes)" for name, v in found.items()] + [
        f"- measured {time.strftime('%Y-%m-%d')} by `benchmarks/bench_app.py --kernel-clicks {clicks}`, "
        f"load average {load}"]


def list_games(n: int) -> list[str]:
    """The New game tab's query on a store of ``n`` other games (see the module's docstring)."""
    import carnegie_lab as cl
    from carnegie_lab.store import GameStore, new_key
    from carnegie_lab.widgets import Controller
    mine = new_key()
    with tempfile.TemporaryDirectory(prefix="bench-list-") as tmp:
        store = GameStore(Path(tmp) / "games.db")
        game = cl.new_game(["Ada", "Bo"], seed=1)
        owners = [mine] * 25 + [new_key() for _ in range(n)]
        random.Random(1).shuffle(owners)                  # one's own games among the others
        for owner in owners:
            store.save(game, owner=owner)
        page = Controller(store=store)
        page.use_owner_key(mine)

        def cpu(call, repeats: int) -> float:
            times = []
            for _ in range(repeats):
                start = time.process_time()
                call()
                times.append(time.process_time() - start)
            return statistics.median(times)
        shown, total = page.my_games()
        one_page, every = cpu(page.my_games, 21), cpu(store.list, 3)
        store.close()
    return [f"- a store of {n + 25:,} games, {total} of them this browser's: the New game tab's page of "
            f"{len(shown)} and their count {one_page * 1000:.1f} ms of CPU; reading every game (before) {every:.2f} s "
            f"(medians of 21 and 3; `benchmarks/bench_app.py --list-games {n}`, {time.strftime('%Y-%m-%d')}, "
            f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--pages", type=int, default=3, help="pages loaded one after the other (default 3)")
    ap.add_argument("--pause", type=float, default=10.0, help="seconds between two pages (default 10)")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--print-only", action="store_true", help="print only; leave docs/benchmarks.md as it is")
    ap.add_argument("--against", type=Path, default=None, metavar="DIR",
                    help="compare with the checkout in DIR, side by side (nothing written to docs/benchmarks.md)")
    ap.add_argument("--rounds", type=int, default=3, help="with --against: rounds of the two trees (default 3)")
    ap.add_argument("--list-games", type=int, default=None, metavar="N",
                    help="time the New game tab's query on a store of N games instead (no browser)")
    ap.add_argument("--kernel-clicks", type=int, default=None, metavar="N",
                    help="the kernel's CPU time per click instead, N clicks (no browser; with --against)")
    args = ap.parse_args(argv)
    if args.kernel_clicks is not None:
        print("\n".join(compare_clicks(args.kernel_clicks, args.rounds, args.against)))
        return 0
    if args.pages < 1 or args.clicks < 0:
        ap.error("--pages must be at least 1 and --clicks at least 0")
    if args.list_games is not None:
        print("\n".join(list_games(args.list_games)))
        return 0
    if args.against is not None:
        print("\n".join(compare(args.against.resolve(), args.rounds, args.clicks, args.pause)))
        return 0
    result = measure(args.clicks, args.pages, args.pause)
    text = lines(result)
    print("\n".join(text))
    if args.json:
        args.json.write_text(json.dumps(asdict(result), indent=1))
    if not args.print_only:
        write_report(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

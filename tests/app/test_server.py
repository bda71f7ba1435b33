"""`carnegie-lab app`: argument handling (no server), then the page the real server renders."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from carnegie_lab import cli

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "app.ipynb"

# --------------------------------------------------------------------------- arguments (no server)


def parse(*argv: str):
    return cli.build_parser().parse_args(list(argv))


def test_app_defaults_serve_this_machine_only_on_8866():
    args = parse("app")
    assert (args.port, args.host, args.voila_args) == (8866, "127.0.0.1", [])
    assert args.notebook == NOTEBOOK and NOTEBOOK.is_file()


def test_app_port_host_and_extra_voila_options():
    args = parse("app", "--port", "9001", "--host", "0.0.0.0", "--", "--theme=dark")
    cmd = cli.voila_command(args)
    assert cmd[:4] == [sys.executable, "-m", "voila", str(NOTEBOOK)]
    for option in ("--no-browser", "--port=9001", "--Voila.ip=0.0.0.0",
                   "--Voila.port_retries=0", "--template=carnegie"):
        assert option in cmd
    assert cmd[-1] == "--theme=dark"


def test_app_extra_option_replaces_a_default():
    cmd = cli.voila_command(parse("app", "--", "--MappingKernelManager.cull_interval=5"))
    culls = [c for c in cmd if c.startswith("--MappingKernelManager.cull_interval")]
    assert culls == ["--MappingKernelManager.cull_interval=5"]


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_app_rejects_a_bad_port(port, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "--port", port])
    assert exc.value.code == 2
    assert "--port" in capsys.readouterr().err


def test_app_rejects_a_stray_argument(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "notebook.ipynb"])
    assert exc.value.code == 2
    assert "--name=value" in capsys.readouterr().err


def test_app_reports_a_missing_notebook_clearly(tmp_path, capsys):
    missing = tmp_path / "notebooks" / "app.ipynb"
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "--notebook", str(missing)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "carnegie-lab: error: the app notebook was not found" in err and str(missing) in err


def test_app_runs_voila_from_the_repo_and_returns_its_status(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "_run_until_done",
                        lambda cmd, cwd, env=None: calls.append((cmd, cwd, env)) or 3)
    assert cli.main(["app", "--port", "9002"]) == 3
    [(cmd, cwd, env)] = calls
    assert cwd == ROOT and "--port=9002" in cmd
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(ROOT)  # kernels import this checkout


def test_a_command_is_required(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main([])
    assert exc.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


def test_python_dash_m_carnegie_lab_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "carnegie_lab", "app", "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "--port" in out.stdout and "--host" in out.stdout


def test_app_fails_on_a_busy_port_instead_of_moving():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "carnegie_lab", "app", f"--port={port}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
    assert out.returncode != 0
    assert "could not be started" in out.stderr, out.stderr


# --------------------------------------------------------------------------- the served page


@pytest.fixture(scope="module")
def app_html(voila_server, timings) -> str:
    start = time.monotonic()
    # the answer comes once the whole notebook has run in a new kernel
    with urllib.request.urlopen(voila_server.url + "/", timeout=120) as r:
        assert r.status == 200
        html = r.read().decode("utf-8", errors="replace")
    timings.setdefault("GET / -> rendered HTML (HTTP, new kernel)", time.monotonic() - start)
    return html


def cell_outputs(html: str) -> list[dict]:
    """The cell outputs Voilà puts in the page, one JSON script element each."""
    return [json.loads(m) for m in re.findall(
        r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', html, re.S)]


def html_outputs(html: str) -> list[str]:
    return [o["data"]["text/html"] for o in cell_outputs(html) if "text/html" in o.get("data", {})]


def test_page_shows_the_graph_summary(app_html):
    assert "Carnegie Lab" in app_html  # the title (a markdown cell)
    [summary] = [h for h in html_outputs(app_html) if "graph-summary" in h]
    assert "Map graph: 32 cities, 54 routes, connected." in summary


def test_page_shows_the_city_table(app_html):
    [table] = [h for h in html_outputs(app_html) if "id='cities'" in h]
    rows = re.findall(r"<tr><td[^>]*>([^<]+)</td>", table)
    assert len(rows) == 32 and "San Francisco" in rows and "Pittsburgh" in rows


def test_page_has_the_map_widget(app_html):
    widgets = [o for o in cell_outputs(app_html)
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 1  # the map FigureWidget; the browser test checks what it draws


def test_page_has_no_cell_error(app_html, voila_server):
    for marker in ("Traceback", "There was an error when executing cell"):
        assert marker not in app_html, f"{marker!r} in the page; voila log:\n{voila_server.log()}"
    assert [o for o in cell_outputs(app_html) if o.get("output_type") == "error"] == []


def test_page_links_nothing_outside_its_server(app_html):
    assert not re.findall(r'(?:href|src)="(?:https?:)?//', app_html)


def test_page_hides_the_code(app_html):
    assert "import jsonschema" not in app_html  # Voilà strips sources by default

"""`carnegie-lab app`: argument handling (no server), then the pages the real server sends: the start
page (the root: the app, the tutorials and the languages) and the app."""
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
from carnegie_lab.cli import app as cli_app
from carnegie_lab.store import STORE_ENV, GameStore, default_path

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
    cmd = cli_app.voila_command(args)
    assert cmd[:4] == [sys.executable, "-m", "carnegie_lab.server", str(NOTEBOOK.parent)]  # app + tutorials
    for option in ("--no-browser", "--port=9001", "--Voila.ip=0.0.0.0",
                   "--Voila.port_retries=0", "--template=carnegie",
                   "--VoilaConfiguration.preheat_kernel=True"):
        assert option in cmd
    assert cmd[-1] == "--theme=dark"


def test_app_preheats_a_kernel_for_the_app_only():
    # serving a folder, Voilà would otherwise keep a kernel ready for every notebook in it
    [deny] = [c.split("=", 1)[1] for c in cli_app.voila_command(parse("app"))
              if c.startswith("--VoilaKernelManager.preheat_denylist=")]
    denied = lambda path: deny in path or bool(re.match(deny, path))   # as voila_kernel_manager.py
    # Voilà 0.5 filters the absolute paths; the relative ones, in case a later version does
    assert not denied(str(NOTEBOOK)) and not denied("app.ipynb")
    others = [p for p in NOTEBOOK.parent.glob("*.ipynb") if p != NOTEBOOK]
    assert others and all(denied(str(p)) and denied(p.name) for p in others)


def test_app_extra_option_replaces_a_default():
    cmd = cli_app.voila_command(parse("app", "--", "--MappingKernelManager.cull_interval=5"))
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


def test_app_runs_voila_from_the_repo_and_returns_its_status(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(cli_app, "_run_until_done",
                        lambda cmd, cwd, env=None: calls.append((cmd, cwd, env)) or 3)
    store = tmp_path / "my games" / "games.db"
    assert cli.main(["app", "--port", "9002", "--store", str(store)]) == 3
    [(cmd, cwd, env)] = calls
    assert cwd == ROOT and "--port=9002" in cmd
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(ROOT)  # kernels import this checkout
    assert env[STORE_ENV] == str(store)                          # the kernels' store: made and checked
    GameStore(store).close()


def test_a_server_on_one_other_address_tells_its_kernels_where_to_ask_for_the_page(tmp_path):
    # a preheated kernel asks ws://VOILA_APP_IP:port/voila/query/... for its page's address
    assert "VOILA_APP_IP" not in cli_app.kernel_env(tmp_path / "g.db", "0.0.0.0")
    assert "VOILA_APP_IP" not in cli_app.kernel_env(tmp_path / "g.db", "127.0.0.1")
    assert cli_app.kernel_env(tmp_path / "g.db", "192.0.2.7")["VOILA_APP_IP"] == "192.0.2.7"


def test_app_keeps_games_in_the_user_data_folder_by_default(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))   # platformdirs on Linux
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expected = tmp_path / "data" / "carnegie-lab" / "games.db"
    if sys.platform.startswith("linux"):
        assert default_path() == str(expected)
    assert parse("app").store is None
    calls = []
    monkeypatch.setattr(cli_app, "_run_until_done", lambda cmd, cwd, env=None: calls.append(env) or 0)
    assert cli.main(["app"]) == 0
    assert calls[0][STORE_ENV] == default_path() and os.path.isfile(default_path())


def test_app_refuses_a_store_that_is_not_a_game_store(tmp_path, capsys):
    other = tmp_path / "notes.db"
    other.write_text("my notes, not a database\n")
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "--store", str(other)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"cannot use {other} as the game store" in err and "SQLite" in err
    assert other.read_text() == "my notes, not a database\n"                    # left as it was


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


def test_app_fails_on_a_busy_port_instead_of_moving(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "carnegie_lab", "app", f"--port={port}",
                              f"--store={tmp_path / 'games.db'}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
    assert out.returncode != 0
    assert "could not be started" in out.stderr, out.stderr


# --------------------------------------------------------------------------- the start page

TUTORIALS = sorted(p.name for p in NOTEBOOK.parent.glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def start_html(voila_server, timings) -> str:
    start = time.monotonic()
    with urllib.request.urlopen(voila_server.url + "/", timeout=60) as r:   # starts no kernel
        assert r.status == 200 and r.url == voila_server.url + "/"
        html = r.read().decode("utf-8", errors="replace")
    timings.setdefault("GET / -> start page (HTTP)", time.monotonic() - start)
    return html


def test_start_page_stays_and_links_the_app(start_html):
    assert 'http-equiv="refresh"' not in start_html          # shown, not left at once (issue 45)
    link = re.search(r'<a id="cl-app-link" href="([^"]+)">([^<]+)</a>', start_html)
    assert link and link.group(1) == "/" + cli_app.APP_PATH and "open the app" in link.group(2)


def test_start_page_lists_the_tutorials_by_their_titles(start_html):
    assert len(TUTORIALS) == 12   # 00-contents and eleven tutorials
    assert "voila/tree/src" not in start_html   # the tutorials' sources are for authors
    links = re.findall(r'<li lang="en"><a href="/voila/render/([^"]+)">([^<]+)</a></li>', start_html)
    assert [href for href, _ in links] == TUTORIALS   # in order, and not the app (it has its button)
    titles = dict(links)
    assert titles["09-solo-against-andrew.ipynb"] == "9 · The solo game against Andrew Carnegie"   # its own heading
    assert titles["00-contents.ipynb"] == "Learn Carnegie, step by step"


def test_start_page_in_portuguese_keeps_the_language_on_every_link(voila_server):
    with urllib.request.urlopen(voila_server.url + "/?lang=pt_BR", timeout=60) as r:
        html = r.read().decode("utf-8")
    assert '<html lang="pt-BR">' in html and "Jogar Carnegie: abrir o aplicativo" in html
    tutorials = re.findall(r'<ul class="cl-tutorials">(.*?)</ul>', html, re.S)[0]
    links = re.findall(r'<li lang="([^"]+)"><a href="([^"]+)">([^<]+)</a>', tutorials)
    assert links[1] == ("pt-BR", "/voila/render/pt_BR/01-components-and-setup.ipynb?lang=pt_BR",
                        "1 · Os componentes e a preparação")                # translated: its own title
    assert links[9] == ("pt-BR", "/voila/render/pt_BR/09-solo-against-andrew.ipynb?lang=pt_BR",
                        "9 · O jogo solo contra Andrew Carnegie")
    assert {lang for lang, _, _ in links} == {"pt-BR"}                    # every tutorial is translated
    app = re.search(r'<a id="cl-app-link" href="([^"]+)"', html).group(1)
    assert all(href.endswith("?lang=pt_BR") for href in [app, *(href for _, href, _ in links)])
    languages = re.findall(r'<a href="(/\?lang=[^"]+)"( aria-current="page")?>([^<]+)</a>', html)
    assert languages == [("/?lang=en", "", "English"), ("/?lang=pt_BR", ' aria-current="page"', "Português (Brasil)")]


def test_start_page_requests_nothing(start_html):
    # no script, no stylesheet, no icon to fetch (the lab template's tree page links a CDN)
    assert "<script" not in start_html and "stylesheet" not in start_html
    assert re.findall(r'(?:href|src)="([^"]*)"', start_html)[0] == "data:,"   # the icon
    assert not re.findall(r'(?:href|src)="(?:https?:)?//', start_html)


def test_a_folder_page_lists_its_notebooks_without_redirecting(voila_server):
    with urllib.request.urlopen(voila_server.url + "/voila/tree/", timeout=60) as r:
        html = r.read().decode("utf-8", errors="replace")
    assert 'http-equiv="refresh"' not in html   # /voila/tree/ at the root: no refresh, the plain list
    assert 'href="/voila/render/app.ipynb"' in html


# --------------------------------------------------------------------------- the app page


@pytest.fixture(scope="module")
def app_html(voila_server, timings) -> str:
    start = time.monotonic()
    # the answer comes once the whole notebook has run in a kernel (a preheated one if ready)
    with urllib.request.urlopen(voila_server.app_url, timeout=120) as r:
        assert r.status == 200
        html = r.read().decode("utf-8", errors="replace")
    timings.setdefault("GET /voila/render/app.ipynb -> rendered HTML (HTTP)", time.monotonic() - start)
    return html


def cell_outputs(html: str) -> list[dict]:
    """The cell outputs Voilà puts in the page, one JSON script element each."""
    return [json.loads(m) for m in re.findall(
        r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', html, re.S)]


def html_outputs(html: str) -> list[str]:
    return [o["data"]["text/html"] for o in cell_outputs(html) if "text/html" in o.get("data", {})]


def test_notebook_shows_the_dashboard_and_is_stored_without_outputs():
    nb = json.loads(NOTEBOOK.read_text())
    cells = nb["cells"]
    assert [c["cell_type"] for c in cells] == ["code", "code"]
    # a preheated kernel builds the dashboard; the last cell waits for the page's query string
    assert "".join(cells[0]["source"]).rstrip().endswith("app = carnegie_lab.widgets.app_dashboard()")
    assert "".join(cells[1]["source"]).rstrip().endswith(
        "app.open_page(carnegie_lab.widgets.page_query())\napp")
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in cells)
    assert "widgets" not in nb["metadata"]   # no stored widget state (it would hold plotly's bundle)


def test_the_app_s_kernel_imports_only_what_its_page_draws(tmp_path, monkeypatch):
    """The app notebook in a kernel as Voilà preheats it (here no server answers its wait for a page):
    Voilà's server, plotly's renderers for fig.show() (nbformat, and jsonschema with it) and the
    tutorials' widgets are not imported (about 65 MB of a kernel's memory: docs/benchmarks.md)."""
    import nbformat
    from nbclient import NotebookClient
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]                                    # nobody listens there
    for name, value in (("VOILA_PREHEAT", "True"), ("VOILA_APP_PORT", str(port)), ("VOILA_KERNEL_ID", "k")):
        monkeypatch.setenv(name, value)
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "games.db"))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    heavy = ("voila", "jupyter_server", "nbformat", "jsonschema", "carnegie_lab.tutor.stepper")
    nb.cells.append(nbformat.v4.new_code_cell(f"import sys\nprint([m for m in {heavy!r} if sys.modules.get(m)])"))
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert nb.cells[-1].outputs[0]["text"].strip() == "[]"


def test_server_preheats_a_kernel_for_the_app_only(voila_server):
    deadline = time.monotonic() + 180          # the pool's kernel has run the app (~4 s here)
    while "Kernel pool of app.ipynb is filled" not in voila_server.log():
        assert time.monotonic() < deadline, f"no preheated kernel for the app:\n{voila_server.log()}"
        time.sleep(0.5)
    assert set(re.findall(r"Kernel pool of (\S+) is filled", voila_server.log())) == {"app.ipynb"}


def test_page_has_the_dashboard_widget(app_html):
    widgets = [o for o in cell_outputs(app_html)
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 1  # the Dashboard; the browser test plays a game on it
    assert html_outputs(app_html) == []


def test_page_has_no_cell_error(app_html, voila_server):
    for marker in ("Traceback", "There was an error when executing cell"):
        assert marker not in app_html, f"{marker!r} in the page; voila log:\n{voila_server.log()}"
    assert [o for o in cell_outputs(app_html) if o.get("output_type") == "error"] == []


def test_page_links_nothing_outside_its_server(app_html):
    assert not re.findall(r'(?:href|src)="(?:https?:)?//', app_html)


def test_page_hides_the_code(app_html):
    assert "import jsonschema" not in app_html  # Voilà strips sources by default
    assert "Dashboard()" not in app_html


# --------------------------------------------------------------------------- the login (no server)


def started_env(monkeypatch, tmp_path, *argv: str) -> dict[str, str]:
    """The environment `carnegie-lab app ARGV` gives its server (which is not started)."""
    calls = []
    monkeypatch.setattr(cli_app, "_run_until_done", lambda cmd, cwd, env=None: calls.append(env) or 0)
    assert cli.main(["app", "--store", str(tmp_path / "games.db"), *argv]) == 0
    return calls[0]


def test_no_login_on_this_machine_a_token_anywhere_else(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    assert cli_app.TOKEN_ENV not in started_env(monkeypatch, tmp_path)
    assert "log in" not in capsys.readouterr().err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)                          # on a terminal
    for argv in (["--host", "0.0.0.0"], ["--allow-host", "games.example.org"], ["--login"]):
        env = started_env(monkeypatch, tmp_path, *argv)
        token = env[cli_app.TOKEN_ENV]
        assert len(token) >= 32 and f"?token={token}" in capsys.readouterr().err       # made and shown


def test_a_made_token_is_never_written_to_a_log(monkeypatch, tmp_path, capsys):
    """Issue 56: the app's output is a log when it is not a terminal (a service's journal): a made token is kept
    in a file beside the store that only its owner reads, and the output says where."""
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    (tmp_path / cli_app.TOKEN_FILE).write_text("an older one\n")
    (tmp_path / cli_app.TOKEN_FILE).chmod(0o644)
    token = started_env(monkeypatch, tmp_path, "--host", "0.0.0.0")[cli_app.TOKEN_ENV]
    kept = tmp_path / cli_app.TOKEN_FILE
    err = capsys.readouterr().err
    assert token not in err and f"log in with the token kept in {kept}" in err
    assert kept.read_text() == token + "\n" and kept.stat().st_mode & 0o777 == 0o600


def test_a_given_token_is_used_and_neither_printed_nor_passed_on(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("JUPYTER_TOKEN", "a-token-of-my-own-0123456789")
    env = started_env(monkeypatch, tmp_path, "--host", "0.0.0.0")
    assert env[cli_app.TOKEN_ENV] == "a-token-of-my-own-0123456789" and "JUPYTER_TOKEN" not in env
    assert "a-token-of-my-own" not in capsys.readouterr().err


def test_a_password_is_passed_hashed(monkeypatch, tmp_path):
    from jupyter_server.auth import passwd_check
    monkeypatch.setenv(cli_app.PASSWORD_ENV, "correct horse battery")
    for argv in (["--host", "0.0.0.0", "--password"], ["--password"]):          # a password asks for the login
        env = started_env(monkeypatch, tmp_path, *argv)
        assert passwd_check(env[cli_app.PASSWORD_HASH_ENV], "correct horse battery")
    assert cli_app.PASSWORD_ENV not in env and cli_app.TOKEN_ENV not in env
    assert all("correct horse" not in value for value in env.values())


def test_a_short_password_or_none_without_a_terminal_is_refused(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cli_app, "_run_until_done", lambda cmd, cwd, env=None: pytest.fail("the server started"))
    def refused(words: str) -> None:
        with pytest.raises(SystemExit) as exc:
            cli.main(["app", "--store", str(tmp_path / "g.db"), "--password"])
        assert exc.value.code == 2 and words in capsys.readouterr().err
    monkeypatch.setenv(cli_app.PASSWORD_ENV, "short")
    refused("at least 8 characters")
    monkeypatch.delenv(cli_app.PASSWORD_ENV)
    monkeypatch.setattr(sys, "stdin", open(os.devnull))               # no terminal to ask on
    refused(f"type it at a terminal, or set {cli_app.PASSWORD_ENV}")


def test_no_login_off_this_machine_says_what_it_leaves_open(monkeypatch, tmp_path, capsys):
    env = started_env(monkeypatch, tmp_path, "--host", "0.0.0.0", "--no-login")
    assert cli_app.TOKEN_ENV not in env and cli_app.PASSWORD_HASH_ENV not in env
    assert "anyone who reaches this port can open pages" in capsys.readouterr().err

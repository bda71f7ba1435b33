"""README.md as written: its Python examples run and print what their comments say, its shell commands run
in a fresh shell, and its Binder links are the ones made from pyproject.toml's [project.urls]
(tools/binder_links.py); it stays a front page (at most 250 lines)."""
import contextlib
import importlib.util
import io
import os
import re
import signal
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from carnegie_lab.cli import DEFAULT_PORT

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: ``# → text`` in a Python block: what the block prints, in order (``...`` in the text: anything on that line)
SHOWN = re.compile(r"#\s*→\s*(.*)$", re.M)


def test_readme_python_blocks_print_what_their_comments_say():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks and any(SHOWN.search(block) for block in blocks)
    for block in blocks:
        namespace: dict = {}
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(block, str(README), "exec"), namespace)
        printed, at = out.getvalue(), 0
        for shown in SHOWN.findall(block):
            found = re.compile(".*?".join(map(re.escape, shown.strip().split("...")))).search(printed, at)
            assert found, f"README says {shown!r}; the block printed from there:\n{printed[at:at + 2000]}"
            at = found.end()
        game = namespace.get("game")
        if game is not None:
            assert game.is_over and game.winners()


# --------------------------------------------------------------------------- shell commands

#: ``make app`` and ``make test`` take minutes (and ``make app`` never ends): they run as ``make -n``.
MAKE = re.compile(r"^make\b")
#: A server: started in the background, asked for its start page, then stopped (SIGTERM, status 0).
SERVER = re.compile(r"^(?:\.venv/bin/)?carnegie-lab app\b")
#: ``wait_for URL``: until the URL answers 200 (at most two minutes).
WAIT_FOR = """wait_for() {
  /usr/bin/python3 -c 'import sys, time, urllib.request
for _ in range(600):
    try:
        if urllib.request.urlopen(sys.argv[1], timeout=2).status == 200:
            sys.exit(0)
    except OSError:
        time.sleep(0.2)
sys.exit(1)' "$1"
}
"""


def shell_script(block: str) -> str:
    """The block as a script, line by line: as written, but for make (``make -n``) and servers."""
    lines = [WAIT_FOR]
    for line in block.splitlines():
        command = line.split(" #", 1)[0].strip()
        if MAKE.match(command):
            lines.append("make -n" + line[len("make"):])
        elif SERVER.match(command):
            port = re.search(r"--port[ =](\d+)", command)
            url = f"http://127.0.0.1:{port.group(1) if port else DEFAULT_PORT}"
            lines += [f"{command} &", "server=$!", "trap 'kill -TERM $server 2>/dev/null' EXIT",
                      f"wait_for {url}/voila/static/voila.js", f"wait_for {url}/", "kill -TERM $server",
                      "wait $server", "trap - EXIT"]
        else:
            lines.append(line)
    return "\n".join(lines)


@pytest.mark.slow
def test_readme_shell_commands_run_as_written(tmp_path):
    """Every ```bash block of the README, each in a fresh shell (no profile, a bare PATH, a HOME of its
    own) in a copy of the checkout whose .venv is this one: every command must succeed (bash -e, and
    pipefail). Only `make app` and `make test` are not run, for their length: `make -n` checks that make
    knows what to do. `carnegie-lab app` lines are started in the background, must answer for the start
    page, and are stopped."""
    blocks = re.findall(r"```bash\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 2
    clone = _tool("fresh_env").copy_project(tmp_path / "clone")
    (clone / ".venv").symlink_to(ROOT / ".venv")
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path / "home"),
           "LANG": os.environ.get("LANG", "C.UTF-8")}
    for block in blocks:
        shell = subprocess.Popen(["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", "-c", shell_script(block)],
                                 cwd=clone, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 start_new_session=True)
        try:
            out, err = shell.communicate(timeout=300)
        finally:   # a block that hangs: its whole process group (a server too) is stopped
            if shell.poll() is None:
                os.killpg(shell.pid, signal.SIGKILL)
                shell.communicate()
        assert shell.returncode == 0, f"{block}\nexit {shell.returncode}\n{out[-2000:]}\n{err[-3000:]}"
    if (clone / "game.json").exists():    # the command-line block: its files were written
        assert (clone / "final.json").is_file() and (clone / "my-tutorials" / "00-contents.ipynb").is_file()


# --------------------------------------------------------------------------- Binder links


def test_readme_binder_links_are_made_from_project_urls():
    links = _tool("binder_links")
    text = README.read_text()
    base = links.binder_base(links.repository())
    assert base == "https://mybinder.org/v2/gh/carnegie-lab/carnegie-lab/HEAD"
    found = re.findall(r"https://mybinder\.org/v2/gh/[^\s)`>]+", text)
    assert len(found) >= 2 and links.relink(text, base) == text, "run `make binder-links`"
    for link in found:
        query = parse_qs(urlsplit(link).query)
        [target] = query.get("urlpath", []) + query.get("labpath", [])
        path = target.removeprefix("voila/render/")
        assert "<" in path or (ROOT / path).is_file(), link     # <notebook>: a pattern, not a link


# --------------------------------------------------------------------------- its length

#: The README is a front page: what the project is, a tour and the commands; the rest is in docs/ (issue 58).
MOST_LINES = 250


def test_readme_is_at_most_250_lines():
    assert len(README.read_text().splitlines()) <= MOST_LINES, "move the details to docs/ and link them"

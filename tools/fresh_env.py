"""Fresh environments outside the checkout, for the packaging and Binder checks.

Shared by tests/test_packaging.py and tools/check_install.py and tools/check_binder.py: a copy of
the project's files (as a clean clone would have them), a wheel built from that copy, virtual
environments made with ``python -m venv`` (never with the system's site-packages), and a server
started in its own process group and stopped, with its children, at the end.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping, Sequence

ROOT = Path(__file__).resolve().parents[1]
#: What a clean environment keeps of this one, besides pip's settings: the search path of programs is
#: replaced, and PYTHONPATH, JUPYTER_*, VIRTUAL_ENV and the rest are left out (see clean_env()).
KEPT = ("LANG", "LC_ALL", "TERM", "TMPDIR", "SSL_CERT_FILE", "CI")


def scratch(prefix: str) -> tempfile.TemporaryDirectory:
    """A temporary folder, in memory (/dev/shm) when there is room: a virtual environment is some
    25,000 files, which a disk with online discard takes a minute to delete."""
    shm = Path("/dev/shm")
    fast = shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 4 * 2**30
    return tempfile.TemporaryDirectory(prefix=prefix, dir=str(shm) if fast else None)


def project_files() -> list[str]:
    """The project's files as git sees them: tracked, and new ones that are not ignored."""
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return [name for name in out.split("\0") if name and os.path.lexists(ROOT / name)]


def copy_project(dest: Path) -> Path:
    """The project's files copied to ``dest`` (links stay links): a clean clone, without .venv."""
    for name in project_files():
        source, target = ROOT / name, dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), target)
        else:
            shutil.copy2(source, target)
    return dest


def build_wheel(dest: Path) -> Path:
    """Build the project's wheel (from a copy, so that the checkout gets no build/ folder) into ``dest``."""
    source = copy_project(dest / "source")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dest), str(source)])
    [wheel] = dest.glob("carnegie_lab-*.whl")
    return wheel


def clean_env(bin_dir: Path, home: Path | None = None) -> dict[str, str]:
    """An environment whose programs come from ``bin_dir`` first, then the system's, with pip's
    settings from this one (PIP_*) and a HOME of its own if ``home`` is given (else this HOME: pip's
    configuration file and cache)."""
    env = {name: value for name, value in os.environ.items() if name in KEPT or name.startswith("PIP_")}
    env["PATH"] = os.pathsep.join([str(bin_dir), "/usr/local/bin", "/usr/bin", "/bin"])
    if home is not None:
        home.mkdir(parents=True, exist_ok=True)
    env["HOME"] = str(home if home is not None else Path.home())
    return env


def make_venv(path: Path, python: str = sys.executable) -> Path:
    """A new virtual environment at ``path`` (no system site-packages); returns its bin folder."""
    run([python, "-m", "venv", str(path)])
    return path / "bin"


def run(cmd: Sequence[str], timeout: float = 900, **kwargs) -> subprocess.CompletedProcess:
    """Run ``cmd``; a failure raises with its output."""
    done = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


#: The ports a server started here listens on: below the ranges the system hands out for port 0 (Linux's from
#: 32768, macOS's from 49152), where every kernel's and connection's socket takes one; a block per xdist worker.
PORTS, PORTS_PER_WORKER = range(20_000, 30_000), 1_000
#: where in its block this process gave a port last (None: none yet)
_given: int | None = None


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on, for a server about to start. Not one the system picks for port 0:
    that one is free only until a kernel or a connection is given it (nginx once found its port taken so). Each
    xdist worker scans a block of ``PORTS`` of its own, so two workers never pick one port at once; in it, a
    process starts where its process id says, then goes on after the port it gave last, so two test sessions at
    once (two checkouts' ``gw0``) and two servers of one process about to start are given different ports."""
    global _given
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    block = PORTS.start + worker * PORTS_PER_WORKER % len(PORTS)
    first = os.getpid() if _given is None else _given + 1
    for offset in (n % PORTS_PER_WORKER for n in range(first, first + PORTS_PER_WORKER)):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", block + offset))
            except OSError:
                continue
        _given = offset
        return block + offset
    raise RuntimeError(f"no free port in {block}-{block + PORTS_PER_WORKER - 1}")


def get(url: str, timeout: float = 120) -> tuple[int, str]:
    """The status and text of a GET (an HTTP error status is returned, not raised)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@contextmanager
def serving(cmd: Sequence[str], ready_url: str, log: Path, env: Mapping[str, str], cwd: Path,
            timeout: float = 120) -> Iterator[subprocess.Popen]:
    """Start the server ``cmd`` in its own process group, wait until ``ready_url`` answers 200 (a
    static file: no kernel starts), yield it, then stop it (SIGTERM, then SIGKILL to its group)."""
    with open(log, "w") as out:
        proc = subprocess.Popen(list(cmd), cwd=cwd, env=dict(env), stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        start = time.monotonic()
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{cmd[0]} exited early ({proc.returncode}):\n{log.read_text()}")
            try:
                if get(ready_url, timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() - start > timeout:
                raise RuntimeError(f"{ready_url} did not answer within {timeout} s:\n{log.read_text()}")
            time.sleep(0.3)
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)     # whatever is left of its group (kernels)
        except ProcessLookupError:
            pass
        proc.wait()

"""``carnegie-lab app``: the Voilà server of the app, its login, its limits and its kernels' settings."""
from __future__ import annotations

import argparse
import ipaddress
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Sequence

from ..core.errors import require_extra
from ..core.i18n import N_, languages, message_of, translator
from ..jobs import GAMES_PER_HOUR_ENV, JOBS_ENV, MAX_JOBS_ENV, default_max_jobs
from .base import APP_NOTEBOOK, PACKAGE_DIR, REPO_ROOT, CliError, os_problem
from .language import add_lang_option

#: What the app needs, besides this package: the server and what the app's kernels import.
APP_MODULES = ("voila", "ipykernel", "ipywidgets", "anywidget", "plotly")
#: Where the app is, relative to the server's root URL (the start page links it).
APP_PATH = "voila/render/app.ipynb"
#: Voilà's lab template without its CDN links, and whose folder page at the root is the start page: the app,
#: the tutorials and the languages (carnegie_lab/share/voila/templates/carnegie).
TEMPLATE = "carnegie"
TEMPLATE_ROOT = PACKAGE_DIR / "share"

#: The lab extension that draws plotly's own outputs (a figure shown with ``fig.show()``) with a plotly.js of its
#: own: a tutorial needs it, the app, whose figures are widgets (carnegie_lab/ui/bundle.py), does not.
PLOTLY_RENDERER = "jupyterlab-plotly"
#: The JupyterLab extensions a page loads: the widgets' and plotly's. Voilà loads every one installed
#: in the environment otherwise, and one made for JupyterLab alone (jupytext's) fails in a Voilà page.
#: Voilà's own widget manager (widgets-manager8) draws the widgets whose models jupyterlab-manager
#: registers: without it no widget is drawn. Their versions are pinned in pyproject.toml's [app] extra.
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8", "anywidget",
                  PLOTLY_RENDERER, "jupyterlab_pygments")

DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"
#: Pages (kernels) open at once, by default: about 110 MB each, so 60 take some 7 GB.
MAX_KERNELS = 60
#: Games the store keeps at most (its trash included), by default.
MAX_GAMES = 10_000
#: New games a visitor may store in an hour, by default.
GAMES_PER_HOUR = 60
#: Where `--password` reads the password when no terminal asks for it (a systemd service).
PASSWORD_ENV = "CARNEGIE_LAB_PASSWORD"
MIN_PASSWORD = 8
#: The environment variables the app's server (carnegie_lab.server) takes its login from: never a
#: command line, which any user of the machine can read with ps; the server removes them at start.
TOKEN_ENV = "CARNEGIE_LAB_SERVER_TOKEN"
PASSWORD_HASH_ENV = "CARNEGIE_LAB_SERVER_PASSWORD_HASH"


def is_loopback(host: str) -> bool:
    """The address is this machine only (127.0.0.0/8, ::1 or the name localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False

# Voilà gives every page load its own kernel, and the page's shutdown request on unload is refused
# (voila issue 1458), so kernels of closed pages would pile up: a kernel without a page is culled
# after CULL_IDLE_TIMEOUT seconds idle, one whose page is still open after CULL_CONNECTED_TIMEOUT
# (carnegie_lab.server.CullingKernelManager). An app page's clock keeps its kernel busy, so the page
# stops its clock after IDLE_MINUTES without a click or a move (app/sharing.py): a page left
# open is culled IDLE_MINUTES + CULL_CONNECTED_TIMEOUT after its last use.
CULL_IDLE_TIMEOUT = 600
CULL_CONNECTED_TIMEOUT = 1800
CULL_INTERVAL = 60
IDLE_MINUTES = 30
# Preheating works when Voilà serves a folder, but then it keeps one kernel that has run the
# notebook ready for *every* notebook of the folder (twelve kernels at start). Every notebook but
# the app is on the preheat denylist, a regular expression matched at the start of the notebook's
# path; Voilà 0.5 matches the absolute path, so the pattern accepts both. A tutorial page
# starts its kernel when it is opened.
PREHEAT_ONLY_THE_APP = rf"^(?!(?:.*[/\\])?{re.escape(APP_NOTEBOOK.name)}$)"


def _port(text: str, lang: str | None = None) -> int:
    _ = translator(lang).gettext
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a port number: {text!r}").format(text=text)) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("port must be in 1..65535, got {port}").format(port=port))
    return port


def add_app_parser(subparsers, lang: str | None = None) -> None:
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "app",
        help=_("serve the Voilà app and the tutorials"),
        description=_("Serve the package's notebooks with Voilà at http://HOST:PORT: the root page links the app "
                      "(/{app}) and the tutorials, each tutorial is at /voila/render/<notebook>.ipynb. On this "
                      "machine only (the default) no login is asked; on any other address the server starts with "
                      "a login: a token (JUPYTER_TOKEN, or one made: shown on a terminal, else kept in login-token "
                      "beside the store) or --password. Options after '--' "
                      "are passed to voila unchanged, e.g. -- --theme=dark. See docs/deploy.md and "
                      "docs/security.md.").format(app=APP_PATH),
    )
    p.add_argument("--port", type=partial(_port, lang=lang), default=DEFAULT_PORT, metavar=_("PORT"),
                   help=_("port to listen on (default {port}); fails if it is busy").format(port=DEFAULT_PORT))
    p.add_argument("--host", default=DEFAULT_HOST, metavar="HOST",
                   help=_("address to listen on (default {host}, this machine only)").format(host=DEFAULT_HOST))
    p.add_argument("--store", type=Path, default=None, metavar=_("PATH"),
                   help=_("the SQLite file that keeps the games (created if missing; default "
                          "games.db in your data folder, e.g. ~/.local/share/carnegie-lab/games.db)"))
    p.add_argument("--base-url", default="/", type=partial(_base_url, lang=lang), metavar=_("PREFIX"),
                   help=_("the path the app is served under, e.g. /carnegie/ behind a reverse proxy"))
    p.add_argument("--allow-host", action="append", default=[], metavar=_("NAME"),
                   help=_("a server on this machine also answers requests for NAME (the public name "
                          "a reverse proxy passes on); every other Host is refused (DNS rebinding)"))
    login = p.add_mutually_exclusive_group()
    login.add_argument("--login", action="store_true", default=None,
                       help=_("ask for a login even on this machine"))
    login.add_argument("--no-login", dest="login", action="store_false",
                       help=_("no login on another address either (anyone who reaches the port can open "
                              "pages: see docs/security.md)"))
    p.add_argument("--password", action="store_true",
                   help=_("log in with a password instead of a token (asked here, or ${variable})").format(
                       variable=PASSWORD_ENV))
    p.add_argument("--max-kernels", type=partial(_count, lang=lang), default=MAX_KERNELS, metavar="N",
                   help=_("at most N pages open at once, each with its kernel (default {n}; 0: no cap); "
                          "a page over it says the server is full").format(n=MAX_KERNELS))
    p.add_argument("--max-games", type=partial(_count, lang=lang), default=MAX_GAMES, metavar="N",
                   help=_("the store keeps at most N games, its trash included (default {n}; 0: no cap); "
                          "starting one more says the store is full").format(n=MAX_GAMES))
    p.add_argument("--kernels-per-visitor", type=partial(_count, lang=lang), default=None, metavar="N",
                   help=_("at most N of those pages for one visitor (one address; behind a proxy its X-Real-IP), "
                          "so that no visitor holds them all (default: a quarter of --max-kernels, at least 1)"))
    p.add_argument("--max-jobs", type=partial(_count, lang=lang), default=None, metavar="N",
                   help=_("at most N background processes (game reviews, replays' evaluation bars) at once, for "
                          "all pages (default: half the cores, at least 1: {n} here)").format(n=default_max_jobs()))
    p.add_argument("--games-per-hour", type=partial(_count, lang=lang), default=GAMES_PER_HOUR, metavar="N",
                   help=_("a visitor (one address) stores at most N new games an hour (default {n}; 0: no "
                          "limit)").format(n=GAMES_PER_HOUR))
    p.add_argument("--idle-minutes", type=partial(_minutes, lang=lang), default=IDLE_MINUTES, metavar="M",
                   help=_("a page with no click and no move for M minutes stops following its game (default "
                          "{idle}); the server then stops its kernel {cull} minutes later").format(
                       idle=IDLE_MINUTES, cull=CULL_CONNECTED_TIMEOUT // 60))
    add_lang_option(p, _("the language of the app's pages that do not ask for one with ?lang= (one of "
                         "{languages}; default en); each page's picker switches it").format(
                        languages=", ".join(languages())))
    p.add_argument("--notebook", type=Path, default=APP_NOTEBOOK, help=argparse.SUPPRESS)
    p.add_argument("voila_args", nargs="*", metavar=_("VOILA_OPTION"),
                   help=_("extra voila options, after '--'"))
    p.set_defaults(func=run_app)


def _base_url(text: str, lang: str | None = None) -> str:
    if not re.fullmatch(r"/([A-Za-z0-9._~-]+/)*", text if text.endswith("/") else text + "/"):
        raise argparse.ArgumentTypeError(translator(lang).gettext(
            "a base URL is a path like /carnegie/, got {text!r}").format(text=text))
    return text if text.endswith("/") else text + "/"


def _minutes(text: str, lang: str | None = None) -> float:
    try:
        minutes = float(text)
    except ValueError:
        minutes = -1.0
    if not 0 < minutes < float("inf"):
        raise argparse.ArgumentTypeError(translator(lang).gettext(
            "not a number of minutes > 0: {text!r}").format(text=text))
    return minutes


def _count(text: str, lang: str | None = None) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(translator(lang).gettext(
            "not a whole number >= 0: {text!r}").format(text=text))
    return int(text)


def find_notebook(path: Path) -> Path:
    path = Path(path)
    if not path.is_file():
        raise CliError(N_(
            "the app notebook was not found at {path}: this copy of carnegie_lab lacks its notebooks "
            "(in a source checkout, carnegie_lab/share/notebooks must link to notebooks/); reinstall it "
            "with `pip install \"carnegie-lab[app]\"`", path=str(path)))
    return path.resolve()


def voila_command(args: argparse.Namespace) -> list[str]:
    """The command line that serves the app notebook's folder (the notebook must exist) with the
    app's server, Voilà with the protections of carnegie_lab.server.

    Options after '--' are appended; one that names a default option below replaces it
    (Voilà refuses an option given twice)."""
    notebook = find_notebook(args.notebook)
    for extra in args.voila_args:
        if not extra.startswith("-"):
            raise CliError(N_("extra voila options go after '--' as --name=value, got {extra!r}", extra=extra))
    defaults = [
        f"--template={TEMPLATE}",
        "--Voila.port_retries=0",  # a busy port is an error, not a silent move to another port
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=True",     # after CULL_CONNECTED_TIMEOUT (see above)
        f"--CullingKernelManager.cull_connected_timeout={CULL_CONNECTED_TIMEOUT}",
        "--VoilaConfiguration.preheat_kernel=True",  # the next app page's kernel has run the notebook already
        f"--VoilaKernelManager.preheat_denylist={PREHEAT_ONLY_THE_APP}",
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in LAB_EXTENSIONS),
    ]
    given = {extra.split("=", 1)[0] for extra in args.voila_args}
    return [
        sys.executable, "-m", "carnegie_lab.server", str(notebook.parent),
        "--no-browser",
        f"--port={args.port}",
        f"--Voila.ip={args.host}",
        f"--Voila.base_url={args.base_url}",
        f"--AppServer.max_kernels={args.max_kernels}",
        f"--AppServer.kernels_per_visitor={visitor_share(args.max_kernels, args.kernels_per_visitor)}",
        *(f"--AppServer.local_hostnames={name}" for name in ("localhost", *args.allow_host)),
        *(option for option in defaults if option.split("=", 1)[0] not in given),
        *args.voila_args,
    ]


def visitor_share(max_kernels: int, given: int | None) -> int:
    """The pages (kernels) one visitor may hold: ``given``, or a quarter of the cap, at least 1 (0: no cap)."""
    return given if given is not None else max(1, max_kernels // 4) if max_kernels else 0


def run_app(args: argparse.Namespace) -> int:
    cmd = voila_command(args)
    require_extra("app", *APP_MODULES)
    store = open_store(args.store)
    from ..session.access import IDLE_ENV, MAX_GAMES_ENV
    env = kernel_env(store, args.host)
    env[IDLE_ENV], env[MAX_GAMES_ENV] = str(args.idle_minutes), str(args.max_games or "")
    with tempfile.TemporaryDirectory(prefix="carnegie-lab-jobs-") as jobs:   # the kernels' shared caps (work.py)
        env[JOBS_ENV], env[GAMES_PER_HOUR_ENV] = jobs, str(args.games_per_hour or "")
        env[MAX_JOBS_ENV] = str(args.max_jobs or default_max_jobs())
        return _serve(args, cmd, store, env)


def _serve(args: argparse.Namespace, cmd: list[str], store: Path, env: dict[str, str]) -> int:
    from ..app.language import LANG_ENV
    env[LANG_ENV] = args.lang or ""
    login = login_env(args)
    for secret in ("JUPYTER_TOKEN", PASSWORD_ENV):   # the server reads its login from the variables of
        env.pop(secret, None)                        # login_env, which it removes before any kernel starts
    env.update(login)
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}{args.base_url}"
    _ = translator(args.language).gettext
    print(_("carnegie-lab: serving {folder} at {url} (the app; tutorials at voila/render/<notebook>.ipynb; "
            "Ctrl-C stops); games kept in {store}").format(folder=cmd[3], url=url, store=store),
          file=sys.stderr, flush=True)
    if TOKEN_ENV in login:
        print(_token_note(login[TOKEN_ENV], url, store, args.language), file=sys.stderr, flush=True)
    return _run_until_done(cmd, cwd=REPO_ROOT, env=env)


def _token_note(token: str, url: str, store: Path, lang: str | None) -> str:
    """Where the login's token is: $JUPYTER_TOKEN's; a made one shown on a terminal, and never written to a log
    (a service's output): kept instead in a file beside the store that only its owner reads."""
    _ = translator(lang).gettext
    if token == os.environ.get("JUPYTER_TOKEN"):
        return _("carnegie-lab: log in with the token of $JUPYTER_TOKEN")
    if sys.stderr.isatty():
        return _("carnegie-lab: log in with the token {token}: {url}?token={token}").format(token=token, url=url)
    path = store.with_name(TOKEN_FILE)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)                  # a file that was there keeps its mode otherwise
        with os.fdopen(fd, "w") as file:
            file.write(token + "\n")
    except OSError as exc:
        raise CliError(N_("cannot write the login's token to {path}: {problem}", path=str(path),
                          problem=os_problem(exc))) from None
    return _("carnegie-lab: log in with the token kept in {path} (only you can read it; $JUPYTER_TOKEN chooses "
             "one)").format(path=path)


def login_env(args: argparse.Namespace) -> dict[str, str]:
    """The login the server asks for, as the environment variables carnegie_lab.server reads: none
    on this machine unless --login or --password; a token or --password's hash on any other address,
    or behind a proxy (--allow-host), unless --no-login (which says what that leaves open)."""
    _ = translator(args.language).gettext
    reachable = not is_loopback(args.host) or bool(args.allow_host)     # from elsewhere, or through a proxy
    wanted = args.login if args.login is not None else reachable or args.password
    if not wanted:
        if args.login is False and reachable:
            print(_("carnegie-lab: warning: --no-login on {host}: anyone who reaches this port can open pages "
                    "(each starts a kernel) and watch any game whose link they have; the games stay their "
                    "owners' (docs/security.md)").format(host=args.host), file=sys.stderr, flush=True)
        return {}
    if args.password:
        return {PASSWORD_HASH_ENV: _password_hash(args.language)}
    return {TOKEN_ENV: os.environ.get("JUPYTER_TOKEN") or secrets.token_urlsafe(24)}


def _password_hash(lang: str | None = None) -> str:
    """The hash of the password in $PASSWORD_ENV, or of one typed twice at the terminal (asked in ``lang``)."""
    from jupyter_server.auth import passwd
    _ = translator(lang).gettext
    password = os.environ.get(PASSWORD_ENV)
    if password is None:
        if not sys.stdin.isatty():
            raise CliError(N_("--password: type it at a terminal, or set {variable}", variable=PASSWORD_ENV))
        import getpass
        password = getpass.getpass(_("Password for the app: "))
        if getpass.getpass(_("Again: ")) != password:
            raise CliError(N_("the two passwords differ"))
    if len(password) < MIN_PASSWORD:
        raise CliError(N_("the password needs at least {n} characters", n=MIN_PASSWORD))
    return passwd(password)


def open_store(path: Path | None) -> Path:
    """The store's absolute path (the default one if None), its folder created and the file
    checked (created, or migrated) before the server starts: a file that is not a game store is
    an error here rather than in every page."""
    from ..store import GameStore, StoreError, default_path
    target = Path(path if path is not None else default_path()).expanduser().absolute()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(N_("cannot create the folder of the game store {path}: {problem}", path=str(target),
                          problem=os_problem(exc))) from None
    try:
        GameStore(target).close()
    except StoreError as exc:
        raise CliError(N_("cannot use {path} as the game store: {error}", path=str(target),
                          error=message_of(exc))) from None
    return target


#: The file beside the store that keeps a made token when the output is not a terminal (a log).
TOKEN_FILE = "login-token"
#: Addresses that include 127.0.0.1, where Voilà's preheated kernels ask for their page's address.
ALL_INTERFACES = ("0.0.0.0", "::", "", "127.0.0.1", "localhost")


def kernel_env(store: Path | None = None, host: str = DEFAULT_HOST) -> dict[str, str]:
    """This environment with REPO_ROOT first on PYTHONPATH, so the app's kernels import this
    carnegie_lab, even from a checkout where it is not installed (``python -m carnegie_lab app``), and
    the package's share/ first on JUPYTER_PATH, where Voilà finds the app's template; with the game
    store's path in CARNEGIE_LAB_STORE (Voilà's kernels inherit the server's environment). A
    preheated kernel learns its page's address over a websocket to VOILA_APP_IP (127.0.0.1 unless
    set): a server on one other address is told so."""
    from ..store import STORE_ENV
    env = dict(os.environ)
    for name, first in (("PYTHONPATH", REPO_ROOT), ("JUPYTER_PATH", TEMPLATE_ROOT)):
        env[name] = os.pathsep.join(p for p in (str(first), env.get(name, "")) if p)
    if store is not None:
        env[STORE_ENV] = str(store)
    if host not in ALL_INTERFACES:
        env["VOILA_APP_IP"] = host
    return env


def _run_until_done(cmd: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` and return its status. SIGTERM is passed on; on Ctrl-C the child (which got
    the SIGINT too when it came from the terminal) has time to stop its kernels, and is sent
    SIGTERM if it is still running after 2 s."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env)
    previous = signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    try:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            pass
        for stop, timeout in ((None, 2), (proc.terminate, 10), (proc.kill, None)):
            if stop is not None:
                stop()
            try:
                return proc.wait(timeout=timeout)
            except (subprocess.TimeoutExpired, KeyboardInterrupt):
                continue
        return proc.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)

"""The app's server: Voilà 0.5.8 standalone, with the protections of docs/security.md.

``carnegie-lab app`` runs ``python -m carnegie_lab.server NOTEBOOKS [voila options]``. The server is
Voilà's own (its tornado app, its kernels, the Jupyter server's identity provider and login page);
this subclass only sets what Voilà's standalone app leaves open:

- **Host check on every route.** Voilà sets tornado's ``allow_remote_access`` to True, which turns off
  jupyter_server's ``check_host`` (the DNS-rebinding guard). Here it is False for a server bound to a
  loopback address, with ``local_hostnames`` the names it may be reached by (``localhost`` and the
  names given with ``--allow-host``, e.g. the public name behind a reverse proxy). Voilà's routes
  that are plain tornado handlers (static files, the preheated kernels' ``/voila/query`` websocket)
  get the same check (:class:`Guarded`), so a foreign ``Host`` is refused with 403 everywhere.
- **The login.** The token or password come from the environment (``TOKEN_ENV``,
  ``PASSWORD_HASH_ENV``: never on a command line, where ``ps`` shows them), and are removed from it
  before any kernel starts. Voilà builds its PasswordIdentityProvider and login page with them;
  the login page is moved under the base URL, where Voilà's ``login_url`` points.
- **Headers and logs.** Every response carries ``Referrer-Policy: no-referrer``, but the login page's
  ``strict-origin`` (:data:`LOGIN_HEADERS`); the log names a request's path and never its query
  (seat keys, tokens and ``next=`` addresses stay out of it).
- **A kernel cap.** A page over ``max_kernels`` kernels, or over its visitor's share of them
  (``kernels_per_visitor``: by address, :func:`visitor_of`), gets a 503 "the server is full" page at once
  instead of a new kernel; the page's kernel is told its visitor (``work.VISITOR_HEADER``: the games a visitor
  may start per hour are counted by it). The page's slot is reserved at the check, before anything is awaited, and
  held until its HTML is sent (its kernel, listed by then, holds it until it ends): at most
  ``max_kernels`` kernels serve pages however many ask at once (:class:`KernelCap`).
- **A brake on the login.** After a few failed logins (a wrong password or token, on the login page
  or as ``?token=``) an address waits, longer at each further failure, and is answered 429 meanwhile;
  a login that succeeds forgets it (:class:`LoginThrottle`, in the identity provider's own
  ``process_login_form`` and ``get_user_token``).
- **No 500.** Jupyter's pages (the logout page, any error page) link their static files through
  ``static_url``, which Voilà's settings cannot serve: they link Voilà's, as Voilà's login page does;
  a template path that names no static file is a 404.
- **plotly's widget bundle by URL.** plotly's FigureWidget bundle is served at ``carnegie_lab.ui.bundle.ROUTE``
  under the base URL (:class:`PlotlyBundle`, a Jupyter static-file handler: the Host check, the headers, dated
  and revalidated), and the kernels are told so (``announce``): a Voilà page's FigureWidgets import it by URL
  instead of each carrying it over the websocket (see carnegie_lab/ui/bundle.py). On a Jupyter server (Binder's,
  where Voilà is a server extension) this module is a server extension that does the same
  (:func:`_load_jupyter_server_extension`, enabled in binder/jupyter_server_config.json). The app's page loads
  no jupyterlab-plotly, the lab extension that would bring a second plotly.js (:func:`without_plotly_renderer`).
- **The start page.** The root URL's folder page is the start page (:class:`StartPageTree`): the app, the
  tutorials and the languages, in the language of ``?lang=`` (carnegie_lab/cli/start_page.py).
- **Culling open pages too.** jupyter_server culls a kernel idle for ``cull_idle_timeout``;
  :class:`CullingKernelManager` culls one whose page is still connected only after the longer
  ``cull_connected_timeout`` (a page someone reads is left alone, one left open overnight is not).
"""
from __future__ import annotations

import html
import logging
import os
import re
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from .ui.lazy_iri import defer_iri_grammars

defer_iri_grammars()      # before the Jupyter server imports jsonschema (jupyter_events)

import tornado.web
from jupyter_server.auth.identity import IdentityProvider, PasswordIdentityProvider, User
from jupyter_server.base.handlers import FileFindHandler, JupyterHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async, url_path_join
from tornado.log import app_log
from traitlets import Float, Instance, Integer, List, Type, Unicode, default
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from .cli.app import PASSWORD_HASH_ENV, PLOTLY_RENDERER, TOKEN_ENV, is_loopback
from .cli.base import APP_NOTEBOOK
from .cli.start_page import start_page
from .session.work import VISITOR_HEADER
from .ui.bundle import ROUTE, announce, bundle_file

#: Sent with every response: a page's address (with its seat key) is never sent anywhere as a referrer,
#: not even to this server (a proxy's access log would keep it).
HEADERS = {"Referrer-Policy": "no-referrer"}
#: The login page's instead: under no-referrer a browser sends the login form with ``Origin: null``,
#: which the Jupyter server refuses as a cross-site request (404); strict-origin sends the origin, and
#: never the page's address, whose ``next=`` holds the seat link.
LOGIN_HEADERS = {"Referrer-Policy": "strict-origin"}

FULL_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>The server is full</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>The server is full</h1>
<p>{running} pages are open on this server, its limit. Try again in a few minutes: pages that nobody
uses are closed after a while.</p></body></html>"""
SHARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>The server is full</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>The server is full</h1>
<p>Your address has {share} pages open on this server, its share. Close one of them, or try again in a few
minutes: pages that nobody uses are closed after a while.</p></body></html>"""


class NoQueries(logging.Filter):
    """Log lines without the query of the addresses they name: a page's query holds its seat key,
    a login's ``next=`` address and a ``?token=`` too. (tornado logs ``GET /path?query`` for every
    request and for every refused one.)"""

    QUERY = re.compile(r"\?[^\s)]*")

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "?" in text:
            record.msg, record.args = self.QUERY.sub("?…", text), ()
        return True


class Guarded:
    """For Voilà's routes that are not Jupyter handlers: jupyter_server's own Host check and the
    server's headers, as every Jupyter handler has them."""

    log = app_log        # check_host logs the refused Host here

    def prepare(self):
        if not JupyterHandler.check_host(self):  # type: ignore[arg-type]
            raise tornado.web.HTTPError(403)
        return super().prepare()  # type: ignore[misc]

    def set_default_headers(self) -> None:
        super().set_default_headers()  # type: ignore[misc]
        for name, value in self.settings.get("headers", {}).items():  # type: ignore[attr-defined]
            self.set_header(name, value)  # type: ignore[attr-defined]


class VoilaStatic:
    """For Jupyter's own handlers (logout, error pages): their templates link static files through
    ``static_url``, which needs a ``static_path`` Voilà does not set (a 500 instead of the page). They
    link Voilà's static folder instead, as Voilà's login page does."""

    def static_url(self, path: str, include_host: bool | None = None, **kwargs: Any) -> str:
        return url_path_join(self.base_url, "voila/static", path)  # type: ignore[attr-defined]


class KnownStaticPaths:
    """For Voilà's template static files (``voila/templates/<template>/static/<file>``): any other path
    is a 404 (Voilà's handler fails with a 500 on a path without ``static/``)."""

    def parse_url_path(self, path: str) -> str:
        if path.count("/") < 2 or path.split("/")[1] != "static":
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)  # type: ignore[misc]


class LoginThrottle:
    """Failed logins by address: after ``free`` failures in a row an address waits ``first`` seconds,
    twice as long at each further failure (at most ``longest``); a success forgets its failures. At most
    ``kept`` addresses are remembered (the oldest forgotten first)."""

    def __init__(self, free: int = 5, first: float = 2.0, longest: float = 300.0, kept: int = 10_000,
                 clock: Callable[[], float] = time.monotonic):
        self.free, self.first, self.longest, self.kept, self.clock = free, first, longest, kept, clock
        self._failed: dict[str, tuple[int, float]] = {}     # address -> (failures in a row, may try again at)

    def wait(self, address: str) -> float:
        """Seconds before this address may try again (0: now)."""
        return max(0.0, self._failed.get(address, (0, 0.0))[1] - self.clock())

    def failed(self, address: str) -> None:
        count = self._failed.pop(address, (0, 0.0))[0] + 1
        over = count - self.free
        delay = 0.0 if over < 0 else min(self.longest, self.first * 2 ** over)
        self._failed[address] = (count, self.clock() + delay)
        while len(self._failed) > self.kept:
            del self._failed[next(iter(self._failed))]

    def succeeded(self, address: str) -> None:
        self._failed.pop(address, None)


def client_address(handler: tornado.web.RequestHandler) -> str:
    """Who is logging in: the connection's address, or behind a proxy on this machine (a connection from
    loopback) the address the proxy names in ``X-Real-IP`` (docs/deploy/nginx-carnegie.conf)."""
    address = handler.request.remote_ip or ""
    if is_loopback(address):
        return handler.request.headers.get("X-Real-IP", address)
    return address


class ThrottledIdentityProvider(PasswordIdentityProvider):
    """The Jupyter server's identity provider (password or token) with a :class:`LoginThrottle`: the
    login form and a token in a request (``?token=``, ``Authorization``) are its two ways to log in."""

    login_tries = Integer(5, config=True, help="failed logins an address may make in a row before it waits")
    login_wait = Float(2.0, config=True, help="seconds an address then waits, twice as long at each further failure")
    throttle = Instance(LoginThrottle)

    @default("throttle")
    def _throttle(self) -> LoginThrottle:
        return LoginThrottle(self.login_tries, self.login_wait)

    def _attempt(self, handler: tornado.web.RequestHandler) -> str | None:
        """The address logging in, its attempt counted as a failure before it is checked (so that guesses
        sent at once cannot all pass the wait); None, and nothing counted, while the address waits."""
        address = client_address(handler)
        if self.throttle.wait(address) > 0:
            self.log.warning("login refused: too many failed logins from one address")
            return None
        self.throttle.failed(address)
        return address

    def _tried(self, address: str, user: User | None) -> User | None:
        if user is not None:
            self.throttle.succeeded(address)
        return user

    def process_login_form(self, handler: tornado.web.RequestHandler) -> User | None:
        """The login page's form: 429 while the address waits (the password is not even checked)."""
        address = self._attempt(handler)
        if address is None:
            wait = self.throttle.wait(client_address(handler))
            raise tornado.web.HTTPError(429, "Too many failed logins: try again in %d seconds", int(wait) + 1)
        return self._tried(address, super().process_login_form(handler))

    async def get_user_token(self, handler: tornado.web.RequestHandler) -> User | None:
        """A token in the request: not checked while the address waits (the request is not logged in,
        and is sent to the login page, which says how long to wait)."""
        if not getattr(handler, "token", None) or not self.get_token(handler):   # no token to check
            return await super().get_user_token(handler)
        address = self._attempt(handler)
        if address is None:
            return None
        return self._tried(address, await super().get_user_token(handler))


class LoginPage:
    """For the identity provider's login handler: :data:`LOGIN_HEADERS` over the server's headers."""

    def set_default_headers(self) -> None:
        super().set_default_headers()  # type: ignore[misc]
        for name, value in LOGIN_HEADERS.items():
            self.set_header(name, value)  # type: ignore[attr-defined]


class KernelCap:
    """At most ``cap`` kernels (0: no cap), and at most ``share`` of them for one visitor (0: no share): the kernels
    running and the slots reserved by pages whose kernels are being started. A page reserves its slot at its check,
    with nothing awaited in between, and releases it once its HTML is sent or it failed; its kernel, running by
    then, counts itself (for its visitor too: ``served``)."""

    def __init__(self, cap: int, share: int = 0):
        self.cap, self.share, self.reserved = cap, share, 0
        self._waiting: dict[str, int] = {}          # visitor -> slots reserved
        self._kernels: dict[str, set[str]] = {}     # visitor -> the kernels of its pages

    def held(self, visitor: str, running: set[str]) -> int:
        """The kernels and slots a visitor holds (its kernels that ended are forgotten)."""
        kernels = self._kernels.get(visitor, set()) & running
        if kernels:
            self._kernels[visitor] = kernels
        else:
            self._kernels.pop(visitor, None)
        return len(kernels) + self._waiting.get(visitor, 0)

    def reserve(self, running: set[str], visitor: str) -> str | None:
        """A slot for one more page of ``visitor`` if ``running`` kernels and the reserved slots leave one (None);
        else why not: FULL (the server's cap) or SHARE (the visitor's)."""
        if self.cap and len(running) + self.reserved >= self.cap:
            return FULL
        if self.share and self.held(visitor, running) >= self.share:
            return SHARE
        self.reserved += 1
        self._waiting[visitor] = self._waiting.get(visitor, 0) + 1
        return None

    def served(self, visitor: str, kernel_id: str) -> None:
        """The visitor's page got this kernel."""
        self._kernels.setdefault(visitor, set()).add(kernel_id)

    def release(self, visitor: str) -> None:
        self.reserved -= 1
        self._waiting[visitor] -= 1
        if not self._waiting[visitor]:
            del self._waiting[visitor]


FULL, SHARE = "full", "share"


def visitor_of(handler: tornado.web.RequestHandler) -> str:
    """Who a page is for, to share the kernels among visitors: its address (:func:`client_address`)."""
    return client_address(handler)


class KernelsSeen:
    """A page handler's kernel manager, telling ``seen`` the kernel it gives the page (Voilà's page handler asks
    it for a preheated kernel, or starts one)."""

    def __init__(self, manager: Any, seen: Callable[[str], None]):
        self._manager, self._seen = manager, seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._seen(rendered[2])                 # (render task, rendered cells, kernel id)
        return rendered

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._seen(kernel_id)
        return kernel_id


class CappedVoilaHandler(VoilaStatic, TornadoVoilaHandler):
    """Voilà's page handler, which starts a kernel per page, refusing pages over the server's cap or over their
    visitor's share of it; the page's kernel is told who its visitor is (``work.VISITOR_HEADER``, a header that
    Voilà passes on to the kernel: any the request brought is replaced)."""

    @property
    def kernel_manager(self) -> Any:
        return KernelsSeen(self.settings["kernel_manager"], lambda kernel_id: self.settings["kernel_cap"].served(
            visitor_of(self), kernel_id))

    @tornado.web.authenticated
    async def get(self, path=None):
        cap: KernelCap = self.settings["kernel_cap"]
        visitor = visitor_of(self)
        running = set(self.settings["kernel_manager"].list_kernel_ids())
        refused = cap.reserve(running, visitor)
        if refused is not None:
            self.log.warning("the server is full: %d kernels running, %d starting, the cap is %d (%s)",
                             len(running), cap.reserved, cap.cap, refused)
            self.set_status(503)
            self.set_header("Retry-After", "120")
            self.finish(FULL_PAGE.format(running=html.escape(str(len(running) + cap.reserved))) if refused == FULL
                        else SHARE_PAGE.format(share=html.escape(str(cap.share))))
            return
        self.request.headers[VISITOR_HEADER] = visitor
        try:
            await super().get(path=path)
        finally:
            cap.release(visitor)


class StartPageTree:
    """For Voilà's folder pages: the root's is the start page, with what it shows (``start``) in the language
    the page is asked in (``?lang=``)."""

    def render_template(self, name: str, **ns: Any) -> str:
        if not ns.get("notebook_path"):
            ns["start"] = start_page(Path(self.contents_manager.root_dir), self.base_url,  # type: ignore[attr-defined]
                                     self.get_argument("lang", None))  # type: ignore[attr-defined]
        return super().render_template(name, **ns)  # type: ignore[misc]


class CullingKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, with a longer idle timeout for kernels whose page is open
    (``cull_connected`` must be on for those to be culled at all)."""

    cull_connected_timeout = Integer(
        3600, config=True, help="cull a kernel whose page is still connected after this many seconds idle")

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels[kernel_id]
        now = datetime.now(timezone.utc)
        idle = now - getattr(kernel, "last_activity", now)
        if self._kernel_connections.get(kernel_id, 0) and idle <= timedelta(seconds=self.cull_connected_timeout) \
                and getattr(kernel, "execution_state", None) != "dead":
            return
        await super().cull_kernel_if_idle(kernel_id)


class PlotlyBundle(FileFindHandler):
    """plotly's widget bundle (carnegie_lab/ui/bundle.py), and no other file: a static file, sent with its date
    and ``Cache-Control: no-cache`` (a browser keeps it and asks again with ``If-Modified-Since``: a 304 until
    plotly is upgraded)."""

    def initialize(self) -> None:  # type: ignore[override]
        super().initialize(str(bundle_file().parent))

    def parse_url_path(self, url_path: str) -> str:
        return bundle_file().name


def without_plotly_renderer(page_config: dict[str, Any], notebook_path: str, **_: Any) -> dict[str, Any]:
    """Voilà's ``page_config_hook``: the app's page loads no :data:`PLOTLY_RENDERER`, whose plotly.js (a second
    copy, ~5 MB) a browser would compile on every page load for nothing: the app's figures are widgets, drawn
    with the served bundle. The tutorials' pages keep it, for plotly's own outputs."""
    if Path(notebook_path).name != APP_NOTEBOOK.name:
        return page_config
    extensions = [e for e in page_config["federated_extensions"] if e["name"] != PLOTLY_RENDERER]
    return {**page_config, "federated_extensions": extensions}


def plotly_bundle_route(server_url: str) -> tuple[str, type]:
    """The bundle's route on a server whose routes are under ``server_url``."""
    return url_path_join(server_url, f"({re.escape(ROUTE)})"), PlotlyBundle


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """On a Jupyter server (Binder's): plotly's widget bundle for its Voilà pages (see the module's docstring)."""
    announce(serverapp.base_url)
    serverapp.web_app.add_handlers(".*$", [plotly_bundle_route(serverapp.base_url)])


def guarded(handler: type) -> type:
    """A Jupyter handler (it checks the Host already) with :class:`VoilaStatic`, another with
    :class:`Guarded` (and Voilà's template static files with :class:`KnownStaticPaths`)."""
    if issubclass(handler, JupyterHandler):
        return type(handler.__name__, (VoilaStatic, handler), {})
    mixins = (Guarded, KnownStaticPaths) if issubclass(handler, TemplateStaticFileHandler) else (Guarded,)
    return type(f"Guarded{handler.__name__}", (*mixins, handler), {})


class AppServer(Voila):
    """Voilà with the app's protections (see the module's docstring)."""

    name = "voila"         # the same config section names and log as Voilà's
    max_kernels = Integer(0, config=True, help="refuse new pages while this many kernels run (0: no cap)")
    kernels_per_visitor = Integer(0, config=True, help="refuse a visitor's new pages while this many of its pages' "
                                                       "kernels run (0: no cap)")
    identity_provider_class = Type(ThrottledIdentityProvider, klass=IdentityProvider, config=True,
                                   help="the login: the Jupyter server's, with a brake on failed logins")
    local_hostnames = List(Unicode(), ["localhost"], config=True,
                           help="names this server may be reached by when bound to a loopback address")

    def init_settings(self) -> dict:
        token, password_hash = os.environ.pop(TOKEN_ENV, None), os.environ.pop(PASSWORD_HASH_ENV, None)
        if token:
            self.token = token
        if password_hash:
            self.config.PasswordIdentityProvider.hashed_password = password_hash
        for name in ("tornado.access", "tornado.general", "tornado.application", self.log.name):
            logging.getLogger(name).addFilter(NoQueries())
        announce(self.base_url)     # before Voilà's kernel manager (and its preheated kernels) exists
        if self.voila_configuration.page_config_hook is None:   # not configured
            self.voila_configuration.page_config_hook = without_plotly_renderer
        if self.voila_configuration.multi_kernel_manager_class is AsyncMappingKernelManager:   # not configured
            self.voila_configuration.multi_kernel_manager_class = CullingKernelManager
        self.voila_configuration.http_header_envs = [*self.voila_configuration.http_header_envs, VISITOR_HEADER]
        settings = super().init_settings()
        settings.update(
            allow_remote_access=not is_loopback(self.ip or "localhost"),
            local_hostnames=list(self.local_hostnames),
            headers={**HEADERS, **settings.get("headers", {})},
            kernel_cap=KernelCap(self.max_kernels, self.kernels_per_visitor),
        )
        return settings

    def init_handlers(self) -> list:
        # Voilà 0.5.8 adds the identity provider's /login and /logout at the root whatever the base
        # URL, where its login_url (base_url + /login) does not look: they go under the base URL here.
        provider = self.identity_provider
        login = {pattern for pattern, _ in provider.get_handlers()}
        routes = []
        for route in [plotly_bundle_route(self.server_url), *super().init_handlers()]:
            pattern, handler, *rest = route
            if pattern in login:
                pattern = url_path_join(self.server_url, pattern)
            if handler is provider.login_handler_class:
                handler = type(f"Headed{handler.__name__}", (LoginPage, handler), {})
            if handler is TornadoVoilaTreeHandler:
                handler = type("StartPageTreeHandler", (StartPageTree, handler), {})
            handler = CappedVoilaHandler if handler is TornadoVoilaHandler else guarded(handler)
            routes.append((pattern, handler, *rest))
        return routes


def main(argv: list[str] | None = None) -> None:
    AppServer.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()

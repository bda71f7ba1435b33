"""The app's page: its address and a clock, for a dashboard whose games are kept in a store.

- ``?game=ID`` (and ``&seat=TOKEN`` in a friend's seat link) says which stored game a page shows.
  The kernel reads it from Voilà: ``page_query()`` (a preheated kernel waits for the page's
  request, which Voilà's server sends it; in a fresh one it is QUERY_STRING).
- :class:`PageBridge`, a tiny anywidget (no file, no CDN: its JavaScript is the ``_esm`` string
  below), keeps the page's address in step with the game shown (``history.replaceState``, only
  on a Voilà page: a JupyterLab URL is left alone), reports the page's own address (for the seat
  links) and sends the kernel a tick every ``interval`` ms. The ticks arrive as widget messages,
  on the kernel's main thread between clicks, so the dashboard polls the store without a thread.
- ``app_dashboard()`` is what notebooks/app.ipynb shows: a Dashboard on the store named by
  CARNEGIE_LAB_STORE (``carnegie-lab app --store``; the user's data folder by default); then
  ``open_page(page_query())`` opens the game of the page's address.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable
from urllib.parse import parse_qs

import anywidget
import traitlets
from tornado.httpclient import HTTPClientError
from tornado.websocket import WebSocketError, websocket_connect

#: How often a page asks its kernel to look for other browsers' moves (ms).
POLL_MS = 500

_ESM = """
const OWNER_ITEM = "carnegie-lab-owner";
export default {
  render({ model, el }) {
    el.classList.add("cl-page-bridge-view");
    const voila = window.location.pathname.includes("/voila/render/");
    const show = () => {
      if (!voila) return;                     // a JupyterLab page keeps its own address
      const q = model.get("query");
      const want = q ? "?" + q : "";
      if (window.location.search !== want) {
        window.history.replaceState(window.history.state, "",
                                    window.location.pathname + want + window.location.hash);
      }
    };
    model.on("change:query", show);
    show();
    // the browser's owner key (docs/security.md): kept in this site's storage; the kernel offers
    // one of its own for a browser that has none yet
    try {
      const kept = window.localStorage.getItem(OWNER_ITEM);
      if (kept && kept !== model.get("owner")) model.set("owner", kept);
      else if (!kept) window.localStorage.setItem(OWNER_ITEM, model.get("owner"));
    } catch (error) { /* no storage (private mode): the page's own key, for this page only */ }
    model.set("page", window.location.origin + window.location.pathname);
    model.save_changes();
    let timer = null;
    const stop = () => { if (timer !== null) clearInterval(timer); timer = null; };
    const tick = () => {
      try { model.send({ event: "tick" }); }
      catch (error) { stop(); }               // the kernel's connection is gone: the page is closing
    };
    const restart = () => {
      stop();
      const ms = model.get("interval");
      if (ms > 0) timer = setInterval(tick, ms);
    };
    model.on("change:interval", restart);
    window.addEventListener("pagehide", stop);
    window.addEventListener("beforeunload", stop);
    restart();
    return stop;
  }
};
"""


class PageBridge(anywidget.AnyWidget):
    """The page's address (``query``: what follows the ``?``; "" for none), its own URL without
    the query as the page reports it (``page``), ticks every ``interval`` ms (0: none), and the
    browser's owner key (``owner``: the kernel offers one, the page answers with the key its
    browser keeps, if any)."""

    _esm = _ESM
    owner = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    interval = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_tick: Callable[[], None] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-page-bridge")
        self.on_tick = on_tick
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "tick" and self.on_tick is not None:
            self.on_tick()

    def link(self, query: str) -> str:
        """The address of this page with another query string (relative until the page said its own)."""
        return f"{self.page}?{query}" if self.page else f"?{query}"


def page_query() -> str | None:
    """The query string of the Voilà page this kernel serves (None outside Voilà). A preheated
    kernel waits here for the page's request."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        os.environ.update(_page_request())
    return os.environ.get("QUERY_STRING")


def _page_request(timeout: float = 5.0) -> dict[str, str]:
    """What Voilà's server tells a preheated kernel when its page is requested: the request's CGI
    variables (QUERY_STRING...), sent once on the websocket ``voila/query/<kernel id>`` (what
    voila.utils.wait_for_request reads, without importing Voilà's server into the kernel: 46 MB and
    3 s of CPU each). Nothing if the server cannot be reached."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")

    async def receive() -> str | bytes | None:
        socket = await websocket_connect(url, connect_timeout=timeout)
        try:
            return await socket.read_message()
        finally:
            socket.close()
    try:   # the kernel's own event loop runs this thread: the wait has a thread and a loop of its own
        with ThreadPoolExecutor(max_workers=1) as thread:
            message = thread.submit(asyncio.run, receive()).result()
        request = json.loads(message or "{}")
    except (OSError, ValueError, asyncio.TimeoutError, HTTPClientError, WebSocketError):
        return {}
    return {str(k): str(v) for k, v in request.items()} if isinstance(request, dict) else {}


def _without_notebook_renderers() -> None:
    """Keep plotly's renderers for ``fig.show()`` from importing nbformat, and jsonschema with it (20 MB
    and 3 s of CPU in every kernel): the app draws FigureWidgets only. An entry None in sys.modules
    makes ``import nbformat`` fail, and plotly then treats nbformat as not installed."""
    sys.modules.setdefault("nbformat", None)  # type: ignore[arg-type]


class LinkError(ValueError):
    """A page address that names no game the right way (shown to the player, never raised past
    the dashboard)."""


def parse_query(query: str | None) -> tuple[str | None, str | None]:
    """``(game id, seat token)`` from a page's query string; either may be None. Only the shape
    is checked here (one value each, plain text of a sane length); the store checks the id itself
    and a token that is not a seat's is simply not one."""
    if not query:
        return None, None
    if len(query) > 2000:
        raise LinkError("the page address is too long to be a link of this app")
    try:
        params = parse_qs(query, keep_blank_values=True, strict_parsing=False, max_num_fields=20)
    except ValueError as e:
        raise LinkError(f"the page address is not a link of this app ({e})") from None
    games, seats = params.get("game", []), params.get("seat", [])
    if len(games) > 1 or len(seats) > 1:
        raise LinkError("the page address names more than one game or seat")
    game = games[0] if games else None
    seat = seats[0] if seats else None
    if seat is not None and game is None:
        raise LinkError("a seat link needs its game: ?game=ID&seat=KEY")
    return game, seat


def app_dashboard(**kwargs: Any):
    """The app's dashboard (notebooks/app.ipynb) on the store of CARNEGIE_LAB_STORE (else the
    default one in the user's data folder), with the limits ``carnegie-lab app`` set, before the
    page's address is known: a preheated kernel builds it ahead of the page's request, then
    ``open_page(page_query())`` shows the game the address names. In Voilà's kernels, nbformat is
    kept out (see _without_notebook_renderers)."""
    from ..session.access import Limits
    from ..store import STORE_ENV, default_path
    if "VOILA_PREHEAT" in os.environ:      # a kernel of Voilà's, where only the app notebook runs
        _without_notebook_renderers()
    from .dashboard import Dashboard
    return Dashboard(store=os.environ.get(STORE_ENV) or default_path(), limits=Limits.of_server(), **kwargs)


__all__ = ["LinkError", "POLL_MS", "PageBridge", "app_dashboard", "page_query", "parse_query"]

"""The Voilà entry point: ``app_dashboard()`` is what notebooks/app.ipynb shows, a Dashboard on the store named
by CARNEGIE_LAB_STORE (``carnegie-lab app --store``; the user's data folder by default); then
``open_page(page_query())`` opens the game (and the language) of the page's address. The kernel reads that
address from Voilà: ``page_query()`` (a preheated kernel waits for the page's request, which Voilà's server
sends it; in a fresh one it is QUERY_STRING).
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tornado.httpclient import HTTPClientError
from tornado.websocket import WebSocketError, websocket_connect


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


def app_dashboard(**kwargs: Any):
    """The app's dashboard (notebooks/app.ipynb) on the store of CARNEGIE_LAB_STORE (else the
    default one in the user's data folder), with the limits and the language (CARNEGIE_LAB_LANG, a page's
    ``?lang=`` changes it) ``carnegie-lab app`` set, before the
    page's address is known: a preheated kernel builds it ahead of the page's request, then
    ``open_page(page_query())`` shows the game the address names. In Voilà's kernels, nbformat is
    kept out (see _without_notebook_renderers)."""
    from ..session import Limits
    from ..store import STORE_ENV, default_path
    if "VOILA_PREHEAT" in os.environ:      # a kernel of Voilà's, where only the app notebook runs
        _without_notebook_renderers()
    from .dashboard import Dashboard
    from .language import server_lang
    kwargs.setdefault("lang", server_lang())
    return Dashboard(store=os.environ.get(STORE_ENV) or default_path(), limits=Limits.of_server(), **kwargs)


__all__ = ["app_dashboard", "page_query"]

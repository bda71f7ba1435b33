"""A page's kernel spoken to as a page's JavaScript can: over its websocket, with widget messages of
any content (what a hostile page, or a script without a browser, can send). No browser here.

    page = WidgetPage.open(server_url + "/voila/render/app.ipynb?game=ID")   # the page's kernel
    page.click("cl-restart")                       # the Restart button's click, whatever the page shows
    page.update("cl-seat-name-0", value="...")     # a widget's value, as the page would set it
"""
from __future__ import annotations

import asyncio
import json
import re
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_binary_message, serialize_binary_message
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

TIMEOUT = 60
#: The states of a page whose board is drawn: each figure carries plotly's bundle (~5 MB), over tornado's 10 MiB.
MAX_MESSAGE = 256 * 2**20


def kernel_id_of(html: str) -> str:
    match = re.search(r'"kernelId": *"([0-9a-f-]{36})"', html)
    assert match, "no kernel id in the page"
    return match.group(1)


@dataclass
class WidgetPage:
    """A rendered app page's kernel and the states of its widgets."""
    ws_url: str
    headers: dict[str, str]
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    session: str = field(default_factory=lambda: uuid.uuid4().hex)

    @classmethod
    def open(cls, page_url: str, headers: dict[str, str] | None = None) -> WidgetPage:
        request = urllib.request.Request(page_url, headers=headers or {})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as r:
            html = r.read().decode()
        base = page_url.split("/voila/render/")[0].replace("http", "ws", 1)
        page = cls(f"{base}/api/kernels/{kernel_id_of(html)}/channels", dict(headers or {}))
        page.refresh()
        return page

    def refresh(self) -> None:
        """Ask the kernel for the state of every widget (ipywidgets' control comm), as a page does."""
        control = self._comm("comm_open", target_name="jupyter.widget.control", data={})
        control["metadata"] = {"version": "1.0.0"}                   # ipywidgets' control protocol
        ask = self._comm("comm_msg", comm_id=control["content"]["comm_id"], data={"method": "request_states"})
        self.states = self.run([control, ask], want="update_states")

    def _comm(self, msg_type: str, **content: Any) -> dict[str, Any]:
        content.setdefault("comm_id", uuid.uuid4().hex)
        return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session,
                           "username": "page", "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}

    def model(self, cls: str) -> str:
        """The model id of the (only) widget with this CSS class."""
        found = [mid for mid, s in self.states.items() if cls in s["state"].get("_dom_classes", [])]
        assert len(found) == 1, f"{len(found)} widgets with class {cls!r}"
        return found[0]

    def classes(self) -> set[str]:
        return {c for s in self.states.values() for c in s["state"].get("_dom_classes", [])}

    def click(self, cls: str, times: int = 1) -> None:
        """``times`` clicks on the button, sent one after the other (as a page without a click guard)."""
        click = {"method": "custom", "content": {"event": "click"}}
        self.run([self._comm("comm_msg", comm_id=self.model(cls), data=click) for _ in range(times)])

    def state(self, cls: str) -> dict[str, Any]:
        """The state of the widget with this CSS class, as the kernel has it now."""
        self.refresh()
        return self.states[self.model(cls)]["state"]

    def update(self, cls: str, buffers: list[bytes] | None = None, buffer_paths=(), **state: Any) -> None:
        self.send(self.model(cls), {"method": "update", "state": state, "buffer_paths": list(buffer_paths)},
                  buffers or [])

    def send(self, comm_id: str, data: dict[str, Any], buffers: list[bytes] | None = None) -> None:
        msg = self._comm("comm_msg", comm_id=comm_id, data=data)
        msg["buffers"] = buffers or []
        self.run([msg])

    def run(self, messages: list[dict[str, Any]], want: str | None = None) -> Any:
        """Send the messages and wait until the kernel is idle after the last one (or, with ``want``,
        for a comm message with that method, whose data is returned). On a thread of its own, with its
        own event loop: Playwright's sync API keeps one running on the test's thread."""
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(asyncio.run, self._run(messages, want)).result()

    async def _ready(self, ws) -> None:
        """Wait until the server passes messages on: it drops those that come while it connects to the
        kernel, so a kernel_info_request is sent until one is answered."""
        for _ in range(TIMEOUT):
            info = self._comm("kernel_info_request")
            info.pop("buffers")
            await ws.write_message(json.dumps(info))
            try:
                while True:
                    raw = await asyncio.wait_for(ws.read_message(), 1)
                    assert raw is not None, "the kernel's websocket closed"
                    if not isinstance(raw, bytes) and json.loads(raw)["msg_type"] == "kernel_info_reply":
                        return
            except asyncio.TimeoutError:
                continue
        raise AssertionError("the kernel never answered")

    async def _run(self, messages, want):
        request = HTTPRequest(f"{self.ws_url}?session_id={self.session}", headers=self.headers,
                              request_timeout=TIMEOUT)
        ws = await websocket_connect(request, max_message_size=MAX_MESSAGE)
        try:
            await self._ready(ws)
            for msg in messages:
                buffers = msg.pop("buffers")
                if buffers:
                    msg["buffers"] = buffers
                    await ws.write_message(serialize_binary_message(msg), binary=True)
                else:
                    await ws.write_message(json.dumps(msg))
            last = messages[-1]["header"]["msg_id"]
            while True:
                raw = await asyncio.wait_for(ws.read_message(), TIMEOUT)
                assert raw is not None, "the kernel's websocket closed"
                reply = deserialize_binary_message(raw) if isinstance(raw, bytes) else json.loads(raw)
                parent = reply.get("parent_header", {}).get("msg_id")
                if want is not None and reply["msg_type"] == "comm_msg" and \
                        reply["content"]["data"].get("method") == want:
                    return reply["content"]["data"]["states"]
                if want is None and parent == last and reply["msg_type"] == "status" and \
                        reply["content"]["execution_state"] == "idle":
                    return None
        finally:
            ws.close()

"""Headless Chromium offline, as the browser tests (tests/conftest.py) and tools/check_binder.py run it: its
path, its arguments (nothing a page asks for leaves the machine), the viewport, and a page watched for what goes
wrong on it."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: Nothing a page asks for leaves the machine, and nothing waits on a CDN: every host name but 127.0.0.1 fails to
#: resolve, in Chromium itself (no DNS query is sent), and every request but 127.0.0.1's goes through a proxy whose
#: name fails so (an address given as numbers, too). WatchedPage records the requests that failed so.
OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://proxy.invalid:1",
           "--proxy-bypass-list=127.0.0.1"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", *OFFLINE]
VIEWPORT = {"width": 1280, "height": 900}


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


@dataclass
class WatchedPage:
    """A Playwright page with what went wrong on it recorded."""
    page: object
    console_problems: list[str] = field(default_factory=list)  # errors and warnings: a page logs neither
    page_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)  # failed in the browser, never sent (OFFLINE)
    navigations: list[str] = field(default_factory=list)       # URLs of the tab, in order

    def _on_console(self, msg) -> None:
        if msg.type not in ("error", "warning"):
            return
        location = (msg.location or {}).get("url", "")
        if location and not is_local(location):
            return  # "Failed to load resource" for a request that could not leave: see outside_requests
        text = msg.text if msg.type == "error" else f"warning: {msg.text}"
        self.console_problems.append(f"{text} ({location})" if location else text)

    @classmethod
    def of(cls, page) -> "WatchedPage":
        """``page`` watched from now on (tools/check_binder.py watches its page so too)."""
        watched = cls(page)
        page.on("console", watched._on_console)
        page.on("pageerror", lambda e: watched.page_errors.append(str(e)))
        page.on("websocket", watched._on_websocket)
        page.on("framenavigated", watched._on_navigated)
        page.on("requestfailed", watched._on_failed)    # not page.route: it would see every request
        return watched

    def _on_failed(self, request) -> None:
        if not is_local(request.url):      # offline by design (OFFLINE): it failed in the browser
            self.outside_requests.append(request.url)

    def _on_websocket(self, ws) -> None:
        if not is_local(ws.url):
            self.outside_requests.append(ws.url)

    def _on_navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self.navigations.append(frame.url)

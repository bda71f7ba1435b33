"""Kernels are culled: that of a page nobody opened soon, that of a page left open later. A server of
the test's own with short times: an app page following a stored game stops its clock after 0.05
minutes without a click or a move, a kernel without a page is culled after 6 s idle, one whose page
is connected after 10 s (the server's defaults are 30 minutes, 10 minutes and 30 minutes:
carnegie_lab/cli/app.py). The page no browser shows is loaded while the browser's page loads."""
from __future__ import annotations

import re
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.store import GameStore
from tools.widget_client import kernel_id_of

from .processes import wait_for

pytestmark = pytest.mark.browser

IDLE_MINUTES = 0.05
CLOSED, CONNECTED = 6, 10
TIMEOUT = 120


def culled(log: str, kernel: str) -> tuple[int, int] | None:
    """(connections, idle seconds) of the server's line culling this kernel, if there is one."""
    match = re.search(rf"Culling '\w+' kernel '\w+' \({kernel}\) with (\d+) connections due to (\d+) seconds", log)
    return (int(match.group(1)), int(match.group(2))) if match else None


def unseen_page_kernel(url: str) -> str:
    """The kernel of a page no browser shows: its id, once the page is loaded."""
    with urllib.request.urlopen(url, timeout=TIMEOUT) as r:
        return kernel_id_of(r.read().decode())


@pytest.mark.slow      # kernels bounded: test_kernel_cap; CI runs it
def test_an_open_page_stops_its_clock_and_its_kernel_is_culled_later_than_a_closed_one(
        tmp_path, start_app, watched_page):
    with start_app(tmp_path, "--host=127.0.0.1", f"--idle-minutes={IDLE_MINUTES}", "--",
                   "--MappingKernelManager.cull_interval=1", f"--MappingKernelManager.cull_idle_timeout={CLOSED}",
                   f"--CullingKernelManager.cull_connected_timeout={CONNECTED}") as server:
        with GameStore(server.store_path) as store:
            gid = store.save(cl.new_game(["Ada", "Bo"], seed=5))
        with ThreadPoolExecutor(1) as pool:
            unseen = pool.submit(unseen_page_kernel, server.app_url)
            w = watched_page()
            sockets: list[str] = []
            w.page.on("websocket", lambda ws: sockets.append(ws.url))
            w.page.goto(f"{server.app_url}?game={gid}", wait_until="domcontentloaded", timeout=TIMEOUT * 1000)
            w.page.locator(".cl-turn").wait_for(state="attached", timeout=TIMEOUT * 1000)
            closed_kernel = unseen.result()
        [open_kernel] = {m.group(1) for url in sockets if (m := re.search(r"/api/kernels/([0-9a-f-]{36})/", url))}

        # the open page's clock kept its kernel busy, then stopped; the kernel was culled only after that
        expect(w.page.locator(".cl-status")).to_contain_text("stopped following the game", timeout=TIMEOUT * 1000)
        assert culled(server.log(), open_kernel) is None
        wait_for(lambda: None not in (culled(server.log(), open_kernel), culled(server.log(), closed_kernel)),
                 "culling of both kernels in the server's log", TIMEOUT)
        connections, idle = culled(server.log(), open_kernel)
        assert connections == 1 and idle >= CONNECTED
        connections, idle = culled(server.log(), closed_kernel)
        assert connections == 0 and CLOSED <= idle < CONNECTED
        w.page.close()

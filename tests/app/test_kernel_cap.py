"""The kernel cap under a rush (docs/security.md): 16 page loads at once on a server of the test's own
with ``--max-kernels 6``: at most 6 kernels are started beyond the preheated one, and every other page
gets "The server is full" (a 503) at once. A visitor's share of the kernels and its brake on new games share
a server (``braked``: each test its own addresses). Loopback only; each request is sent once."""
from __future__ import annotations

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from carnegie_lab.store import GameStore
from tools.widget_client import WidgetPage

from .processes import kernels, wait_for

CAP, RUSH = 6, 16
TIMEOUT = 300          # s; on two shared cores six kernels run the app's notebook at once


def load(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=TIMEOUT) as page:
            return page.status, page.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def test_a_rush_of_pages_starts_at_most_the_cap_s_kernels(start_app, tmp_path):
    with start_app(tmp_path, f"--max-kernels={CAP}") as app:
        wait_for(lambda: "Kernel pool of app.ipynb is filled" in app.log(), "preheated kernel")
        preheated = len(kernels(app.proc.pid))
        with ThreadPoolExecutor(RUSH) as pool:
            answers = list(pool.map(load, [app.app_url] * RUSH))
        served = [body for status, body in answers if status == 200]
        full = [body for status, body in answers if status == 503]
        assert len(served) + len(full) == RUSH, [status for status, _ in answers]
        assert 1 <= len(served) <= CAP and all(b"The server is full" in body for body in full)
        assert all(b"kernelId" in body for body in served)
        assert len(kernels(app.proc.pid)) <= preheated + CAP


@pytest.fixture(scope="module")
def braked(start_app, tmp_path_factory):
    """A server with a visitor's share of 2 of its 8 kernels and a brake of one new game an hour a visitor."""
    with start_app(tmp_path_factory.mktemp("braked"), "--max-kernels=8", "--kernels-per-visitor=2",
                   "--games-per-hour=1") as app:
        yield app


def visit(url: str, address: str) -> tuple[int, bytes]:
    """A page load from ``address`` (as the proxy on this machine names it in X-Real-IP)."""
    return load(url, {"X-Real-IP": address})


def test_one_visitor_holds_at_most_its_share_of_the_kernels(braked):
    """The break as found: the cap was global, so one client held all the kernels (a 503 for everyone else)."""
    wait_for(lambda: "Kernel pool of app.ipynb is filled" in braked.log(), "preheated kernel")
    greedy = [visit(braked.app_url, "10.0.0.1") for _ in range(3)]
    assert [status for status, _ in greedy] == [200, 200, 503]
    assert b"Your address has 2 pages open" in greedy[2][1]
    assert visit(braked.app_url, "10.0.0.2")[0] == 200           # another visitor's page opens


@pytest.mark.slow      # the cap: the test above; CI runs it
def test_a_visitor_s_pages_store_at_most_its_games_an_hour(braked):
    """The server names each page's visitor to its kernel (X-Carnegie-Visitor, whatever the client sent): the
    brake on new games counts a visitor's Starts across its pages."""
    def start(address: str, forged: str = "") -> str:
        page = WidgetPage.open(braked.app_url, {"X-Real-IP": address, "X-Carnegie-Visitor": forged or address})
        page.click("cl-start")
        return page.state("cl-new-game-message")["value"]
    assert start("10.0.0.3") == ""
    assert "limit of new games in an hour (1)" in start("10.0.0.3", forged="someone else")
    assert start("10.0.0.4") == ""
    with GameStore(braked.store_path) as store:
        assert store.count() == 2

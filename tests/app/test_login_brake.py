"""The login's brake (docs/security.md), on servers of the test's own with the login on (a token, or
``--password``): after five failed logins in a row an address waits, and meanwhile its login form is
answered 429 and a token it sends is not even checked; other addresses are not slowed down (behind the
proxy on this machine the address is the proxy's ``X-Real-IP``); a login that succeeds forgets the
failures. /logout answers, and no page of the server answers 500. Loopback only, each request once."""
from __future__ import annotations

import http.cookiejar
import os
import urllib.error
import urllib.parse
import urllib.request

import pytest

from carnegie_lab.server import LoginThrottle

TOKEN = "brake-test-token-abcdefghijklmnop"
PASSWORD = "a-long-password"
WAIT = "--ThrottledIdentityProvider.login_wait=600"      # a first wait longer than the test
TIMEOUT = 120


class Browser:
    """One address (``X-Real-IP``, as the proxy sends it) with its cookies."""

    def __init__(self, url: str, address: str):
        self.url, self.address = url, address
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.url + path, headers={"X-Real-IP": self.address}))

    def log_in(self, secret: str) -> int:
        """The login page's form sent with ``secret``: its answer's status."""
        self.get("/login")
        xsrf = next(c.value for c in self.jar if c.name == "_xsrf")
        form = urllib.parse.urlencode({"_xsrf": xsrf, "password": secret}).encode()
        return self._open(urllib.request.Request(self.url + "/login", form, headers={"X-Real-IP": self.address}))[0]

    def _open(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=TIMEOUT) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture(scope="module", params=["token", "password"])
def server(request, tmp_path_factory, start_app):
    """A server whose login is a token (JUPYTER_TOKEN) or a password: (its URL, its secret)."""
    env = {**os.environ, "JUPYTER_TOKEN": TOKEN, "CARNEGIE_LAB_PASSWORD": PASSWORD}
    args = ["--login"] if request.param == "token" else ["--password"]
    with start_app(tmp_path_factory.mktemp(request.param), *args, "--", WAIT, env=env) as app:
        yield app.url, TOKEN if request.param == "token" else PASSWORD


def test_failed_logins_make_their_address_wait(server):
    url, secret = server
    mallory, ada = Browser(url, "203.0.113.7"), Browser(url, "198.51.100.2")
    assert [mallory.log_in(f"guess-{i}") for i in range(5)] == [401] * 5
    assert mallory.log_in("guess-5") == 429
    status, page = mallory.get("/login")
    assert status == 200                                            # the form itself still answers
    assert mallory.log_in(secret) == 429                            # not even checked while it waits
    assert ada.log_in(secret) == 302                                # another address logs in
    assert ada.get("/voila/tree/")[0] == 200


def test_a_login_that_succeeds_forgets_the_failures(server):
    url, secret = server
    bo = Browser(url, "198.51.100.3")
    assert [bo.log_in(f"typo-{i}") for i in range(4)] == [401] * 4
    assert bo.log_in(secret) == 302
    assert [Browser(url, "198.51.100.3").log_in(f"typo-{i}") for i in range(4)] == [401] * 4


@pytest.mark.parametrize("server", ["token"], indirect=True)
def test_a_token_in_the_address_is_braked_too(server):
    url, _ = server
    eve = Browser(url, "203.0.113.9")
    assert [eve.get(f"/voila/tree/?token=guess-{i}")[0] for i in range(6)] == [302] * 6   # to the login page
    assert eve.get(f"/voila/tree/?token={TOKEN}")[0] == 302                             # not even checked
    assert eve.log_in(TOKEN) == 429
    assert Browser(url, "198.51.100.4").get(f"/voila/tree/?token={TOKEN}")[0] == 200


def test_logout_answers_and_no_page_answers_500(server):
    url, secret = server
    cy = Browser(url, "198.51.100.5")
    assert cy.log_in(secret) == 302
    paths = ["/", "/login", "/voila/tree/", "/voila/render/app.ipynb", "/voila/render/nothing.ipynb",
             "/voila/templates/carnegie/conf.json", "/voila/templates/carnegie/static/nothing.css",
             "/voila/templates/nothing", "/voila/static/voila.js", "/voila/files/nothing.png", "/api/kernels/zzz",
             "/voila/api/contents/", "/nothing", "/logout", "/voila/tree/"]
    answers = {path: cy.get(path)[0] for path in paths}
    assert not [path for path, status in answers.items() if status >= 500], answers
    assert answers["/voila/render/app.ipynb"] == 200 and answers["/logout"] == 200
    assert answers["/voila/tree/"] == 302                           # logged out: to the login page again


def test_the_wait_doubles_at_each_further_failure_and_is_forgotten_on_success():
    now = [0.0]
    throttle = LoginThrottle(free=5, first=2.0, longest=300.0, kept=3, clock=lambda: now[0])
    waits = []
    for _ in range(14):
        throttle.failed("a")
        waits.append(throttle.wait("a"))
    assert waits == [0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]
    now[0] += 299.5
    assert throttle.wait("a") == pytest.approx(0.5) and throttle.wait("b") == 0
    throttle.succeeded("a")
    assert throttle.wait("a") == 0
    for address in ("b", "c", "d", "e"):                              # at most `kept` addresses remembered
        for _ in range(6):
            throttle.failed(address)
    assert throttle.wait("b") == 0 and throttle.wait("e") > 0

"""The app as docs/deploy.md serves it: `carnegie-lab app --host 0.0.0.0 --base-url /carnegie/` (a
start off loopback, so a token is asked for) behind Debian's nginx with docs/deploy/nginx-carnegie.conf,
both on this machine. Through the proxy, in headless Chromium: a seat link asks for the login, keeps its
address through it and plays a move (the kernel's websocket through nginx); then the kernel cap answers
with its page; and no secret the tests used (the login token, seat keys, the page's owner key) is in a log, nginx's
or the app's. nginx is installed by `make test` (the Makefile's system packages) and .ci/run."""
from __future__ import annotations

import os
import shutil
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import expect

import carnegie_lab as cl
from carnegie_lab.app.page import OWNER_ITEM
from carnegie_lab.store import GameStore

from .processes import kernels

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SITE = ROOT / "docs" / "deploy" / "nginx-carnegie.conf"
TOKEN = "proxy-test-token-abcdefghijklmnop"
PREFIX = "/carnegie/"
TIMEOUT = 120
#: every secret the tests of this module sent or were given: none may be in a log (the last test)
SECRETS: list[str] = [TOKEN]


def nginx_conf(folder: Path, listen: int, upstream: int) -> Path:
    """A whole nginx.conf around the documented site file (its upstream port changed to the app's), with the
    lines its header says go in the http block, and its logs in ``folder``."""
    site = SITE.read_text().replace("127.0.0.1:8866", f"127.0.0.1:{upstream}").replace("/var/log/nginx/",
                                                                                        f"{folder}/")
    http_lines = "\n    ".join(line.removeprefix("#   ") for line in site.splitlines() if line.startswith("#   "))
    temp = "".join(f"{kind}_temp_path {folder}/{kind};\n" for kind in
                   ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = folder / "nginx.conf"
    conf.write_text(f"""pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{}}
http {{
    access_log {folder}/access.log;
    {temp}
    {http_lines}
    server {{
        listen 127.0.0.1:{listen};
        {site}
    }}
}}
""")
    return conf


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Where the proxy and the app keep their configuration, logs and store."""
    return tmp_path_factory.mktemp("proxy")


@pytest.fixture(scope="module")
def proxied(folder, start_app, start_process, free_port):
    """The app behind nginx: (the proxy's URL of the app's root, the app's server)."""
    if not Path(NGINX).exists():
        pytest.fail(f"no nginx at {NGINX}: `make test` installs it (apt-get install -y nginx-light)", pytrace=False)
    with start_app(folder, "--host=0.0.0.0", "--max-kernels=3", "--kernels-per-visitor=3",
                   env={**os.environ, "JUPYTER_TOKEN": TOKEN}, base_url=PREFIX) as app:
        port = free_port()
        conf = nginx_conf(folder, port, urlsplit(app.url).port)
        url = f"http://127.0.0.1:{port}{PREFIX}"
        with start_process([NGINX, "-c", str(conf), "-p", str(folder), "-g", "daemon off;"],
                           url + "voila/static/voila.js", folder / "nginx.out"):
            yield url, app


def test_a_start_off_loopback_asks_for_the_login(proxied):
    url, app = proxied
    request = urllib.request.Request(url + "voila/render/app.ipynb?game=AAAAAAAAAAAAAAAA")
    opener = urllib.request.build_opener(NoRedirect())
    with pytest.raises(urllib.error.HTTPError) as redirected:
        opener.open(request, timeout=TIMEOUT)
    assert redirected.value.code == 302 and redirected.value.headers["Referrer-Policy"] == "no-referrer"
    login = redirected.value.headers["Location"]
    assert login.startswith(f"{PREFIX}login?next=")
    with urllib.request.urlopen(url.removesuffix(PREFIX) + login, timeout=TIMEOUT) as page:
        assert page.headers["Referrer-Policy"] == "strict-origin" and b"password_input" in page.read()
    assert "log in with the token of $JUPYTER_TOKEN" in app.log() and TOKEN not in app.log()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_a_seat_link_plays_through_the_login_and_the_proxy(proxied, watched_page, new_context):
    url, app = proxied
    game = cl.new_game(["Ada", "Bo"], seed=31)
    seat = game.current_player                                           # the seat deciding first
    with GameStore(app.store_path) as store:
        gid = store.save(game, app={"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]})
        tokens = store.add_seat_tokens(gid, [0, 1])
    link = f"{url}voila/render/app.ipynb?game={gid}&seat={tokens[seat]}"
    w = watched_page(new_context())
    p = w.page
    p.goto(link, wait_until="domcontentloaded", timeout=TIMEOUT * 1000)
    assert "/carnegie/login?next=" in p.url
    p.locator("#password_input").fill(TOKEN)                             # Jupyter's login page
    p.locator("#password_input").press("Enter")
    p.wait_for_url(link, wait_until="commit", timeout=TIMEOUT * 1000)      # the address kept through the login
    turn = p.locator(".cl-turn[data-yours='1']")
    turn.wait_for(state="attached", timeout=TIMEOUT * 1000)
    before = int(turn.get_attribute("data-actions"))
    p.locator(".cl-controls button.cl-option").first.click()
    expect(p.locator(f".cl-turn[data-actions='{before + 1}']")).to_be_attached(timeout=TIMEOUT * 1000)
    with GameStore(app.store_path) as store:
        assert len(store.record(gid)["actions"]) == before + 1         # played and stored, websocket included
    assert all(t not in app.log() for t in tokens.values())
    owner = p.evaluate(f"() => window.localStorage.getItem('{OWNER_ITEM}')")   # the kernel offered it
    assert owner and len(owner) == 22
    SECRETS.extend([*tokens.values(), owner])
    assert not w.page_errors and not w.console_problems, (w.page_errors, w.console_problems)
    p.context.close()


def test_the_preheated_kernels_query_socket_is_not_served_through_the_proxy(proxied):
    """/voila/query/<kernel id> hands a preheated kernel its page's address (seat key included), without
    a login: the kernels ask the app directly, and nginx refuses it (docs/deploy/nginx-carnegie.conf)."""
    url, app = proxied
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url + "voila/query/00000000-0000-0000-0000-000000000000", timeout=TIMEOUT)
    assert refused.value.code == 403 and refused.value.headers["Server"].startswith("nginx")


def test_a_page_over_the_kernel_cap_says_the_server_is_full(proxied):
    url, app = proxied
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(f"{url}?token={TOKEN}", timeout=TIMEOUT).read()           # logged in (a cookie)
    for _ in range(4):              # the cap is 3 kernels (this one visitor may hold all 3: the fixture)
        try:
            opener.open(url + "voila/render/app.ipynb", timeout=TIMEOUT).read()
        except urllib.error.HTTPError as full:
            assert full.code == 503 and b"The server is full" in full.read()
            break
    else:
        pytest.fail("no page was refused")
    running = kernels(app.proc.pid)
    assert len(running) >= 3                                             # and none was given the token
    assert not [pid for pid in running if TOKEN.encode() in Path(f"/proc/{pid}/environ").read_bytes()]


def test_the_proxy_limits_the_login_page(proxied):
    """Last of the module: it spends the login's allowance of this address. The login page asked for again
    and again (no failed login: the app would not brake these) is refused by nginx after its burst."""
    url, app = proxied
    answers = []
    for _ in range(12):
        try:
            with urllib.request.urlopen(url + "login", timeout=TIMEOUT) as page:
                answers.append((page.status, b""))
        except urllib.error.HTTPError as refused:
            answers.append((refused.code, refused.read()))
    statuses = [status for status, _ in answers]
    assert 429 in statuses, statuses
    first = statuses.index(429)
    assert first > 0 and set(statuses[:first]) == {200} and set(statuses[first:]) == {429}, statuses
    assert all(b"nginx" in body for status, body in answers if status == 429)


def test_no_secret_is_in_a_log(proxied, folder):
    """Issue 56: nginx's access log kept `GET ...?game=...&seat=<seat key>` and `?token=...` in full, and its
    error log names a refused request with its query. After a login with `?token=`, a seat link's page and its
    login page asked for until nginx refuses it, no secret this module used is in nginx's access or error log or
    in the app's output (kernels included)."""
    url, app = proxied
    with GameStore(app.store_path) as store:
        gid = store.save(cl.new_game(["Ada", "Bo"], seed=5))
        key = store.add_seat_tokens(gid, [1])[1]
    SECRETS.append(key)
    link = f"voila/render/app.ipynb?game={gid}&seat={key}"
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    for address in (f"?token={TOKEN}", link, *[f"login?next={quote(PREFIX + link, safe='')}"] * 12):
        try:
            opener.open(url + address, timeout=TIMEOUT).read()
        except urllib.error.HTTPError as refused:            # the kernel cap's 503, the login's 429
            assert refused.code in (429, 503), refused.code
    logs = {name: (folder / name).read_text(errors="replace") for name in ("access.log", "error.log", "nginx.out")}
    logs["the app's output"] = app.log()
    assert f"GET {PREFIX}voila/render/app.ipynb " in logs["access.log"]      # the request is logged, its path
    found = {name: [s for s in SECRETS if s in text] for name, text in logs.items()}
    assert not any(found.values()), found

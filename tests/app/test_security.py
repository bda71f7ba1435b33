"""The protections of docs/security.md on the session's real server (``carnegie-lab app`` on 127.0.0.1,
no login there): a foreign Host refused on every route and websocket, and a visitor's page that sends
widget messages straight to its kernel (tests/app/widget_client.py, no browser: what a hostile page or
a script can send) unable to change a game it does not own, to make its kernel think longer than the
app's budgets, or to get past the app's limits. The login off loopback, the base URL, the reverse
proxy and the kernel cap: tests/app/test_proxy.py; culling: tests/app/test_culling.py."""
from __future__ import annotations

import http.client
import json
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest
from tornado.httpclient import HTTPClientError

import carnegie_lab as cl
from carnegie_lab.app.hints import HINT_THINK
from carnegie_lab.session import APP_KEY
from carnegie_lab.store import MAX_NAME, GameStore, new_key
from carnegie_lab.widgets import Dashboard
from tools.widget_client import WidgetPage, kernel_id_of

FOREIGN = "rebound.example"


def status(server_url: str, path: str, host: str | None = None, method: str = "GET") -> int:
    parts = urlsplit(server_url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        conn.request(method, path, headers={"Host": f"{host}:{parts.port}"} if host else {})
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.fixture(scope="module")
def owner():
    """The owner key of the browser that started the games below (Ada's)."""
    return new_key()


@pytest.fixture(scope="module")
def games(voila_server, owner):
    """Ada's games in the server's store: one of her own and one shared with seat links."""
    with GameStore(voila_server.store_path) as store:
        alone = store.save(play(cl.new_game(["Ada", "Bo"], seed=21), 6), owner=owner,
                           app={"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]})
        shared = store.save(play(cl.new_game(["Ada", "Bo"], seed=22), 6), owner=owner,
                            app={"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]})
        tokens = store.add_seat_tokens(shared, [0, 1])
    return {"alone": alone, "shared": shared, "tokens": tokens}


def play(game: cl.Game, n: int) -> cl.Game:
    for _ in range(n):
        game.apply(game.legal_actions()[0])
    return game


def snapshot(voila_server, gid: str) -> tuple:
    with GameStore(voila_server.store_path) as store:
        info = store.info(gid)
        return store.record(gid), info.revision, info.seated, info.deleted_at


def test_a_foreign_host_is_refused_on_every_route_and_websocket(voila_server):
    url = voila_server.url
    with urllib_open(voila_server.app_url) as html:
        kernel = kernel_id_of(html)
    routes = ["/", "/voila/tree/", "/voila/render/app.ipynb", "/voila/render/01-components-and-setup.ipynb",
              "/voila/static/voila.js", "/voila/templates/carnegie/conf.json",
              "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json",
              "/voila/api/themes/@jupyterlab/theme-light-extension/index.css", "/voila/files/none.png",
              f"/api/kernels/{kernel}", "/voila/api/contents/", "/carnegie/plotly/widgetbundle.js"]
    for path in routes:
        assert status(url, path, host=FOREIGN) == 403, path
        assert status(url, path, host="localhost") != 403, path          # the check, not the route, refuses
    assert status(url, f"/voila/api/shutdown/{kernel}", host=FOREIGN, method="POST") == 403
    for path in (f"/api/kernels/{kernel}/channels", f"/voila/query/{kernel}"):
        with pytest.raises(HTTPClientError) as refused:
            WidgetPage(url.replace("http", "ws") + path, {"Host": FOREIGN}).run([probe()])
        assert refused.value.code == 403, path
    WidgetPage(f"{url.replace('http', 'ws')}/api/kernels/{kernel}/channels", {}).run([probe()])  # a local Host: served
    assert "Blocking request with non-local 'Host' rebound.example" in voila_server.log()


def probe() -> dict:
    return {"header": {"msg_id": "probe", "msg_type": "kernel_info_request", "session": "s", "username": "",
                       "version": "5.3", "date": ""}, "parent_header": {}, "metadata": {}, "content": {},
            "channel": "shell", "buffers": []}


def urllib_open(url: str):
    import contextlib
    import urllib.request

    @contextlib.contextmanager
    def opened():
        with urllib.request.urlopen(url, timeout=120) as r:
            yield r.read().decode()
    return opened()


def test_every_response_says_no_referrer_and_the_log_keeps_no_seat_key(voila_server, games):
    for path in ("/", "/voila/static/voila.js", f"/voila/render/app.ipynb?game={games['shared']}"
                 f"&seat={games['tokens'][1]}", "/voila/render/gone.ipynb?seat=" + games["tokens"][0]):
        with http_get(voila_server.url + path) as response:
            assert response.getheader("Referrer-Policy") == "no-referrer", path
    log = voila_server.log()
    assert all(token not in log for token in games["tokens"].values())
    assert "GET /voila/render/gone.ipynb?…" in log                       # a 404 is logged without its query


def http_get(url: str):
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))

    class Response:
        def __enter__(self):
            self.r = conn.getresponse()
            self.r.read()
            return self.r

        def __exit__(self, *exc):
            conn.close()
    return Response()


def test_a_visitor_s_page_cannot_change_a_game_it_does_not_own(voila_server, games):
    """The visitor was given the spectator link: its page sends every request the kernel would take
    from a page, whatever it shows, and the stored game is exactly as it was."""
    gid = games["alone"]
    before = snapshot(voila_server, gid)
    visitor = WidgetPage.open(f"{voila_server.app_url}?game={gid}")
    visitor.update("cl-page-bridge", owner=new_key())                    # a key of its own: not Ada's
    for button in ("cl-restart", "cl-finish", "cl-undo", "cl-make-links"):
        visitor.click(button)
    record = json.dumps(cl.new_game(["Mallory", "Eve"], seed=1).to_record()).encode()
    load(visitor, record)
    for option in sorted(c for c in visitor.classes() if c.startswith("cl-act-"))[:3]:
        visitor.click(option)                                            # a watcher's clicks on the controls
    visitor.update("cl-side-tabs", selected_index=1)                     # the New game tab: its games list
    visitor.refresh()
    assert not {f"cl-delete-{gid}", f"cl-resume-{gid}", f"cl-replay-{gid}"} & visitor.classes()
    assert snapshot(voila_server, gid) == before


def load(page: WidgetPage, record: bytes) -> None:
    """The Load control given a file, as the page sends it."""
    page.update("cl-load", value=[{"name": "x.json", "type": "application/json", "size": len(record),
                                   "last_modified": 0, "content": None}],
                buffer_paths=[["value", 0, "content"]], buffers=[record])


def test_a_hint_is_thought_about_once_per_decision(voila_server):
    """However often a page asks (widget messages: no click guard), a decision gets one hint's thinking:
    asking again shows the same hint at once."""
    page = WidgetPage.open(voila_server.app_url)                          # Ada against the easy bot
    assert "data-yours='1'" in page.state("cl-turn-card")["value"]        # Ada decides
    start = time.monotonic()
    page.click("cl-hint")
    assert time.monotonic() - start > HINT_THINK / 2                      # thought, within its budget
    hint = page.state("cl-hint-output")["value"]
    assert hint.count("class='cl-hint-row'") == 3
    start = time.monotonic()
    page.click("cl-hint", times=8)                                        # thinking each time: about 12 s
    assert time.monotonic() - start < 2 * HINT_THINK        # not even two thinkings (eight round trips, under load)
    assert page.state("cl-hint-output")["value"] == hint


def test_a_record_cannot_name_a_bot_the_app_does_not_offer(voila_server):
    """A record's app part names who plays each seat: a bot that thinks for ten minutes a decision is
    no seat kind of the app, so those seats are loaded as human ones (bots think as the app's
    strengths do: the hard one 0.9 s a decision)."""
    record = cl.new_game(["Ada", "Bo", "Cy"], seed=3).to_record()         # Cy decides first
    record[APP_KEY] = {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "search:think=600"},
                                 {"name": "Cy", "kind": "hard:think=600"}]}
    page = WidgetPage.open(voila_server.app_url)
    start = time.monotonic()
    load(page, json.dumps(record).encode())
    assert time.monotonic() - start < 60
    assert "Loaded" in page.state("cl-load-message")["value"]
    assert "data-yours='1'" in page.state("cl-turn-card")["value"]        # Cy's decision is this page's
    assert [page.states[page.model(f"cl-seat-kind-{i}")]["state"]["index"] for i in range(3)] == [0, 0, 0]


def test_a_player_renews_only_their_own_link(voila_server, games):
    gid, tokens = games["shared"], games["tokens"]
    before = snapshot(voila_server, gid)
    bo = WidgetPage.open(f"{voila_server.app_url}?game={gid}&seat={tokens[1]}")
    for button in ("cl-restart", "cl-finish"):
        bo.click(button)
    bo.click("cl-make-links")                                            # "A new link for your seat"
    with GameStore(voila_server.store_path) as store:
        assert store.seat_for(gid, tokens[0]) == 0                       # Ada's link still works
        assert store.seat_for(gid, tokens[1]) is None                    # Bo's old one was replaced
        assert store.record(gid) == before[0] and store.info(gid).deleted_at is None


@pytest.mark.slow      # deleting without a browser: tests/store; CI runs it
def test_the_owner_s_page_deletes_and_the_admin_command_restores(voila_server, owner, games, tmp_path):
    with GameStore(voila_server.store_path) as store:
        gid = store.save(cl.new_game(["Ada", "Cy"], seed=23), owner=owner)
    ada = WidgetPage.open(voila_server.app_url)
    ada.update("cl-page-bridge", owner=owner)                            # what Ada's browser keeps
    ada.update("cl-side-tabs", selected_index=1)
    ada.refresh()
    ada.click(f"cl-delete-{gid}")                                        # "Really delete?" (a new row)
    ada.refresh()
    ada.click(f"cl-delete-{gid}")
    with GameStore(voila_server.store_path) as store:
        assert store.count(trash=True) >= 1 and gid in {i.id for i in store.list(trash=True)}
    games_cmd = [sys.executable, "-m", "carnegie_lab", "games", f"--store={voila_server.store_path}"]
    listed = subprocess.run([*games_cmd, "list", "--trash"], capture_output=True, text=True, check=True)
    assert gid in listed.stdout and "Ada, Cy" in listed.stdout
    subprocess.run([*games_cmd, "restore", gid], capture_output=True, text=True, check=True)
    with GameStore(voila_server.store_path) as store:
        assert store.info(gid).players == ("Ada", "Cy") and store.is_owner(gid, owner)
    exported = subprocess.run([*games_cmd, "export", gid], capture_output=True, text=True, check=True)
    assert cl.Game.from_record(json.loads(exported.stdout)["record"]).players == ["Ada", "Cy"]


def test_the_games_list_comes_in_pages_and_a_long_name_is_cut(voila_server):
    key = new_key()
    with GameStore(voila_server.store_path) as store:
        ids = [store.save(cl.new_game(["Ada", f"B{i}"], seed=i), owner=key) for i in range(13)]
    page = WidgetPage.open(voila_server.app_url)
    page.update("cl-page-bridge", owner=key)
    page.update("cl-side-tabs", selected_index=1)

    def listed() -> set[str]:
        page.refresh()
        return {c.removeprefix("cl-resume-") for c in page.classes() if c.startswith("cl-resume-")}
    first = listed()
    assert first == set(ids[::-1][:10])                                  # the 10 newest of 13
    page.click("cl-stored-older")
    assert listed() == set(ids[:3])
    page.update("cl-seat-name-0", value="A" * (MAX_NAME + 1))      # what a page may send: the kernel keeps
    page.refresh()                                                  # no more than the store takes
    assert page.states[page.model("cl-seat-name-0")]["state"]["value"] == "A" * MAX_NAME


def test_a_store_that_cannot_be_written_is_reported_at_start(tmp_path, unwritable):
    path = tmp_path / "games.db"
    GameStore(path).save(cl.new_game(["Ada", "Bo"], seed=1))
    with unwritable(path):
        run = subprocess.run([sys.executable, "-m", "carnegie_lab", "app", "--port=1", f"--store={path}"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "cannot be written" in run.stderr, run.stderr
        dashboard = Dashboard(store=path)                               # a notebook's dashboard: plays, not kept
        assert dashboard.controller.store is None
        said = dashboard.screen.status.text
        assert "Games are not kept" in said and "cannot be written" in said

"""Who may change a stored game is decided in the kernel, from the store, when the page asks
(docs/security.md): pages that send every widget message of the dashboard (tests/app/widget_client.py,
no browser: what a hostile page or a script can send) as a watcher, as a seat whose link was renewed
and as another seat, on the session's server, and the stored game is byte for byte what it was. And
Load never overwrites: a loaded record becomes a game of its own, the game in progress stays stored."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest

import carnegie_lab as cl
from carnegie_lab.session import Controller, Seat, Setup
from carnegie_lab.store import GameStore, new_key
from tools.widget_client import WidgetPage

HUMANS = {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}]}
#: Messages after which the page plays a game of its own (or makes its panels again): sent last.
LAST = ("cl-start", "cl-rematch", "cl-same-seed", "cl-replay-branch", "cl-language")
KEYS = ("undo", "done", "hint", "left", "right", "home", "end", "pageup", "pagedown")


def stored_rows(store_path, gid: str) -> list[list[tuple]]:
    """The game's rows of every table, as the file has them."""
    con = sqlite3.connect(f"file:{store_path}?mode=ro", uri=True)
    try:
        return [con.execute(f"SELECT * FROM {table} WHERE {key} = ? ORDER BY rowid", (gid,)).fetchall()
                for table, key in (("games", "id"), ("actions", "game_id"), ("seats", "game_id"))]
    finally:
        con.close()


def record_file(players=("Mallory", "Eve")) -> bytes:
    return json.dumps(cl.new_game(list(players), seed=1).to_record()).encode()


def messages_for(page: WidgetPage, model: str, state: dict) -> list[dict]:
    """Every message the page's JavaScript could send this widget (a click, a new value, its events)."""
    name, classes = state.get("_model_name"), state.get("_dom_classes", [])
    custom = {"method": "custom"}
    datas: list[tuple[dict, list[bytes]]] = []
    if name == "ButtonModel":
        datas.append(({**custom, "content": {"event": "click"}}, []))
    elif name == "CheckboxModel":
        datas.append(({"method": "update", "state": {"value": not state["value"]}, "buffer_paths": []}, []))
    elif name == "TextModel":
        datas.append(({"method": "update", "state": {"value": "Mallory"}, "buffer_paths": []}, []))
    elif name == "IntSliderModel":
        datas.append(({"method": "update", "state": {"value": state["max"]}, "buffer_paths": []}, []))
    elif name == "TabModel":
        datas += [({"method": "update", "state": {"selected_index": i}, "buffer_paths": []}, [])
                  for i in [*range(1, len(state["children"])), 0]]
    elif "index" in state and state.get("_options_labels"):
        index = ((state["index"] or 0) + 1) % len(state["_options_labels"])
        datas.append(({"method": "update", "state": {"index": index}, "buffer_paths": []}, []))
    elif name == "FileUploadModel":
        record = record_file()
        value = [{"name": "x.json", "type": "application/json", "size": len(record), "last_modified": 0,
                  "content": None}]
        datas.append(({"method": "update", "state": {"value": value},
                       "buffer_paths": [["value", 0, "content"]]}, [record]))
    elif "cl-page-bridge" in classes:
        datas += [({"method": "update", "state": {"owner": new_key()}, "buffer_paths": []}, []),
                  ({**custom, "content": {"event": "tick"}}, [])]
    elif "cl-keys" in classes:
        seen = actions_shown(page)
        datas += [({**custom, "content": {"event": "key", "key": key, "seen": seen}}, []) for key in KEYS]
    elif "cl-click-guard" in classes:
        datas.append(({**custom, "content": {"event": "ping", "id": 1}}, []))
    found = []
    for data, buffers in datas:
        message = page._comm("comm_msg", comm_id=model, data=data)
        message["buffers"] = buffers
        found.append(message)
    return found


def actions_shown(page: WidgetPage) -> int:
    turn = next(s["state"]["value"] for s in page.states.values()
                if "cl-turn-card" in s["state"].get("_dom_classes", []))
    return int(re.search(r"data-actions='(\d+)'", turn).group(1))


def walk(page: WidgetPage, skip: tuple[str, ...] = ()) -> int:
    """Send every widget of the page every message it takes (twice: the widgets the first round made,
    lists, links and reviews, get theirs the second time); how many messages were sent."""
    sent = 0
    for _ in range(2):
        page.refresh()
        states = {mid: s["state"] for mid, s in page.states.items()
                  if not set(s["state"].get("_dom_classes", [])) & set(skip)}
        order = sorted(states, key=lambda mid: bool(set(states[mid].get("_dom_classes", [])) & set(LAST)))
        messages = [m for mid in order for m in messages_for(page, mid, states[mid])]
        page.run(messages)
        sent += len(messages)
    return sent


@pytest.fixture(scope="module")
def owner():
    return new_key()


@pytest.fixture(scope="module")
def finished(voila_server, owner) -> str:
    """Ada's game against a bot: she decided a few times, then the bots finished it (her page)."""
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "random")], seed=41), store=GameStore(voila_server.store_path))
    ctl.use_owner_key(owner)
    for _ in range(3):
        ctl.apply(str(ctl.game.legal_actions()[0]))
        ctl.run_bots()
    ctl.finish_with_bots()
    assert ctl.game.is_over and ctl.kept
    return ctl.game_id


@pytest.fixture
def shared(voila_server, owner) -> tuple[str, dict[int, str]]:
    """Ada's game with Bo, both human, with seat links: Ada decided last, and decides now."""
    game = cl.new_game(["Ada", "Bo"], seed=42)
    movers: list[int] = []
    while not (len(movers) >= 6 and movers[-1] == 0 and game.current_player == 0):
        movers.append(game.current_player)
        game.apply(game.legal_actions()[0])
        assert len(movers) < 200
    with GameStore(voila_server.store_path) as store:
        gid = store.save(game, owner=owner, app=HUMANS)
        return gid, store.add_seat_tokens(gid, [0, 1])


@pytest.mark.slow      # a watcher's refused clicks: the test above; CI runs it
def test_a_watcher_cannot_undo_a_game_the_bots_finished(voila_server, finished):
    """The break as found: a browser without the owner key opened the game's address and its Undo took
    the stored game back to its setup. Undo is disabled with the reason in its hover, and every message
    of every widget leaves the stored game as it was."""
    before = stored_rows(voila_server.store_path, finished)
    watcher = WidgetPage.open(f"{voila_server.app_url}?game={finished}")
    undo = watcher.state("cl-undo")
    assert undo["disabled"] and "watching" in undo["tooltip"]
    for cls in ("cl-restart", "cl-finish", "cl-load"):
        assert watcher.states[watcher.model(cls)]["state"]["disabled"], cls
    watcher.click("cl-undo")
    assert stored_rows(voila_server.store_path, finished) == before
    assert walk(watcher) > 100
    assert stored_rows(voila_server.store_path, finished) == before


def test_a_watcher_and_another_seat_change_nothing_of_a_shared_game(voila_server, shared):
    gid, tokens = shared
    before = stored_rows(voila_server.store_path, gid)
    walk(WidgetPage.open(f"{voila_server.app_url}?game={gid}"))
    assert stored_rows(voila_server.store_path, gid) == before
    bo = WidgetPage.open(f"{voila_server.app_url}?game={gid}&seat={tokens[1]}")
    bo.click("cl-undo")                                           # Ada's decision: not Bo's to take back
    assert stored_rows(voila_server.store_path, gid) == before
    walk(bo, skip=("cl-make-links", "cl-review-start"))           # his own link, his review: his to change
    assert stored_rows(voila_server.store_path, gid) == before


@pytest.mark.slow      # seat links checked at acting time: the watcher's test; CI runs it
def test_a_renewed_seat_link_stays_renewed(voila_server, shared):
    """The break as found: the owner renewed Bo's link, and Bo's old page, still open, made itself a new
    valid link with Make links, so the owner's new link for Bo stopped working."""
    gid, tokens = shared
    old_page = WidgetPage.open(f"{voila_server.app_url}?game={gid}&seat={tokens[1]}")
    with GameStore(voila_server.store_path) as store:
        new = store.add_seat_tokens(gid, [1])[1]                  # the owner renews Bo's link
    before = stored_rows(voila_server.store_path, gid)
    old_page.click("cl-make-links")
    assert stored_rows(voila_server.store_path, gid) == before
    assert "renewed by the game&#x27;s owner" in old_page.state("cl-links-message")["value"]
    old_page.send(old_page.model("cl-page-bridge"), {"method": "custom", "content": {"event": "tick"}})
    assert "cl-role-watch" in old_page.state("cl-role-note")["value"]
    walk(old_page)
    assert stored_rows(voila_server.store_path, gid) == before
    with GameStore(voila_server.store_path) as store:
        assert store.seat_for(gid, new) == 1 and store.seat_for(gid, tokens[1]) is None


def test_a_renewed_seat_link_s_page_is_told_at_its_next_sync(voila_server, shared):
    gid, tokens = shared
    page = WidgetPage.open(f"{voila_server.app_url}?game={gid}&seat={tokens[1]}")
    with GameStore(voila_server.store_path) as store:
        store.add_seat_tokens(gid, [1])
    page.send(page.model("cl-page-bridge"), {"method": "custom", "content": {"event": "tick"}})
    assert "This seat link was renewed by the game&#x27;s owner" in page.state("cl-recent")["value"]
    assert "cl-role-watch" in page.state("cl-role-note")["value"]


def test_load_keeps_the_game_in_progress_and_stores_the_record_as_a_new_game(voila_server):
    """The break as found: Load in the middle of a solo game put the loaded game under the game's id,
    and the game in progress was gone from the store and from the list."""
    key = new_key()
    page = WidgetPage.open(voila_server.app_url)                  # Ada against the easy bot
    page.update("cl-page-bridge", owner=key)
    page.click(sorted(c for c in page.classes() if c.startswith("cl-act-"))[0])
    query = page.state("cl-page-bridge")["query"]
    gid = re.search(r"game=([\w-]{16})", query).group(1)
    before = stored_rows(voila_server.store_path, gid)
    assert before[1]                                              # Ada's decision is stored
    page.update("cl-load", value=[{"name": "x.json", "type": "application/json", "size": len(record_file()),
                                   "last_modified": 0, "content": None}],
                buffer_paths=[["value", 0, "content"]], buffers=[record_file()])
    assert "Loaded" in page.state("cl-load-message")["value"]
    loaded = re.search(r"game=([\w-]{16})", page.states[page.model("cl-page-bridge")]["state"]["query"]).group(1)
    assert loaded != gid                                          # the page's address names the new game
    assert stored_rows(voila_server.store_path, gid) == before
    with GameStore(voila_server.store_path) as store:
        assert store.info(loaded).players == ("Mallory", "Eve")
        assert {gid, loaded} <= {info.id for info in store.list(owner=key)}

"""The controller and the dashboard with a game store, without a browser: games kept action by action,
reopened from the page's address, shared with seat links, other browsers' moves brought in by
``sync`` / ``poll``, races lost and reported, bots never played twice, and page addresses that name
no game (an error and the New game tab, never an exception)."""
from __future__ import annotations

import threading

import pytest
from clicks import click_first, first_choice

import carnegie_lab as cl
from carnegie_lab.app.page import POLL_MS, LinkError, parse_query
from carnegie_lab.core.i18n import render
from carnegie_lab.session import (
    LOCAL,
    SEAT,
    WATCH,
    Controller,
    GameGone,
    NotAllowed,
    Overtaken,
    Seat,
    Setup,
)
from carnegie_lab.store import GameStore, StoreConflict
from carnegie_lab.widgets import Dashboard

TWO_HUMANS = Setup([Seat("Ada"), Seat("Bo")], seed=3)
WITH_A_BOT = Setup([Seat("Ada"), Seat("Bo"), Seat("Cy", "random")], seed=5)


@pytest.fixture
def path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
def store(path):
    with GameStore(path) as s:
        yield s


def browser(path, game_id=None, token=None, owner=None) -> Controller:
    """Another page's kernel: its own process would have its own GameStore on the same file. With
    ``owner``, a page of the same browser (it holds that owner key, as the page gives it)."""
    ctl = Controller(store=GameStore(path))
    if owner is not None:
        ctl.use_owner_key(owner)
    if game_id is not None:
        ctl.open_stored(game_id, token)
    return ctl


def until_the_other_decides(mover, *others) -> None:
    """``mover`` plays until the decision is another seat's; the others bring the moves in."""
    seat = mover.current_seat
    while mover.current_seat == seat:
        mover.apply(first_choice(mover.game))
    for other in others:
        other.sync() if isinstance(other, Controller) else other.poll()


def click_until_the_other_decides(mover: Dashboard, *others: Dashboard) -> None:
    seat = mover.controller.current_seat
    while mover.controller.current_seat == seat:
        click_first(mover)
    for other in others:
        other.poll()


def play(ctl: Controller) -> str:
    """The decision a simple human makes now (bots then play until a human decides)."""
    notation = first_choice(ctl.game)
    ctl.apply(notation)
    ctl.run_bots()
    return notation


# --------------------------------------------------------------------------- the controller


def test_a_game_is_kept_from_its_first_human_action(store, path):
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "random")], seed=1), store=store)
    ctl.run_bots()                                   # Bo's setup moves: the game is not stored yet
    assert ctl.game.actions and ctl.game_id is None and store.list() == [] and ctl.query() == ""
    play(ctl)
    assert ctl.kept and store.record(ctl.game_id)["actions"] == ctl.game.actions
    assert ctl.query() == f"game={ctl.game_id}"
    for _ in range(12):
        play(ctl)
    assert store.record(ctl.game_id)["actions"] == ctl.game.actions
    again = browser(path, ctl.game_id, owner=ctl.owner_key)    # a reload: the same game, Bo still a bot
    assert again.game.actions == ctl.game.actions and again.role == LOCAL
    assert browser(path, ctl.game_id).role == WATCH            # another browser only watches it
    assert [s.kind for s in again.seats] == ["human", "random"]
    assert again.history_seats == ctl.history_seats and again.recent[0].startswith("Resumed a game of Ada, Bo")



def test_a_resumed_game_counts_its_actions_in_the_number_s_form(store, path):
    game = cl.new_game(["Ada", "Bo"], seed=1)
    game.apply(game.legal_actions()[0])
    resumed = browser(path, store.save(game)).recent[0]
    assert resumed.startswith("Resumed a game of Ada, Bo (1 action): ")
    assert render(resumed, "pt_BR").startswith("Retomado um jogo de Ada, Bo (1 ação): ")

def test_undo_and_restart_replace_the_stored_game_and_load_stores_a_new_one(store, path):
    ctl = Controller(TWO_HUMANS, store=store)
    gid = ctl.keep()
    for _ in range(6):
        play(ctl)
    other = browser(path, gid)
    ctl.undo()
    assert store.record(gid)["actions"] == ctl.game.actions and len(ctl.game.actions) == 5
    assert other.sync() and other.game.actions == ctl.game.actions
    assert other.recent == ["Bo took back: Bo finishes the setup moves."]     # an undo says what it took back
    ctl.restart()
    assert ctl.game_id == gid and store.record(gid)["actions"] == []
    assert other.sync() and other.game.actions == []
    record = cl.new_game(["Cy", "Di"], seed=9).to_record()
    ctl.load(record)                            # a game of its own: the one in progress is kept
    assert ctl.game_id != gid and store.info(ctl.game_id).players == ("Cy", "Di")
    assert store.info(gid).players == ("Ada", "Bo") and gid in {i.id for i in ctl.my_games()[0]}
    assert not other.sync() and other.game.players == ["Ada", "Bo"]


def test_bots_finishing_a_kept_game_store_it_once(store):
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "random")], seed=2), store=store)
    gid = ctl.keep()
    revision = store.info(gid).revision
    steps = ctl.finish_with_bots()
    info = store.info(gid)
    assert steps and ctl.game.is_over and info.status == "over" and info.revision != revision
    assert store.record(gid)["actions"] == ctl.game.actions
    assert [s["kind"] for s in info.app["seats"]] == ["medium", "random"]


def test_seat_links_give_each_browser_its_seat(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    tokens = ada.make_links()
    gid = ada.game_id
    assert sorted(tokens) == [0, 1] and ada.role == SEAT and ada.my_seat == 0
    assert ada.query() == f"game={gid}&seat={tokens[0]}" and ada.shared
    bo = browser(path, gid, tokens[1])
    assert (bo.role, bo.my_seat, bo.bad_token) == (SEAT, 1, False)
    assert bo.headline().endswith("Bo (you) to decide") and ada.headline().endswith("Bo (friend) to decide")
    watcher = browser(path, gid)                                    # the spectator link
    assert (watcher.role, watcher.bad_token) == (WATCH, False)
    stranger = browser(path, gid, "A" * 22)                         # a wrong seat key
    assert (stranger.role, stranger.bad_token, stranger.query()) == (WATCH, True, f"game={gid}")
    seen = {0: 0, 1: 0}
    for _ in range(30):                                             # they play, each one's own seat
        mover, waiting = (ada, bo) if ada.you_to_move else (bo, ada)
        assert not waiting.you_to_move
        with pytest.raises(NotAllowed, match="decision"):
            waiting.apply(first_choice(waiting.game))
        mover.apply(first_choice(mover.game))
        seen[mover.my_seat] += 1
        assert waiting.sync() and watcher.sync()
        assert waiting.game.actions == mover.game.actions == watcher.game.actions
        assert waiting.recent                                       # the other's move, in words
    assert seen[0] and seen[1]
    assert store.record(gid)["actions"] == ada.game.actions
    for ctl in (watcher, stranger):
        assert not ctl.you_to_move and not ctl.can_undo
        with pytest.raises(NotAllowed, match="watches"):
            ctl.apply(first_choice(ctl.game))
        with pytest.raises(NotAllowed):
            ctl.make_links()
    assert store.record(gid)["actions"] == ada.game.actions
    for action in (bo.restart, lambda: bo.load(cl.new_game(["X", "Y"]).to_record()), bo.finish_with_bots):
        with pytest.raises(NotAllowed, match="owner"):
            action()
    for action in (ada.restart, lambda: ada.load(cl.new_game(["X", "Y"]).to_record()), ada.finish_with_bots):
        with pytest.raises(NotAllowed, match="shared"):            # the owner's, but shared
            action()


def test_new_links_replace_the_old_ones(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    old = ada.make_links()
    bo = browser(path, ada.game_id, old[1])
    new = ada.make_links()                       # a seat's browser: new links for the *other* seats
    assert list(new) == [1] and ada.token == old[0]
    if not bo.you_to_move:
        ada.apply(first_choice(ada.game))
        bo.sync()
    while not bo.you_to_move:
        ada.apply(first_choice(ada.game))
        bo.sync()
    with pytest.raises(NotAllowed, match="renewed by the game's owner"):
        bo.apply(first_choice(bo.game))
    assert bo.role == WATCH and bo.bad_token
    assert browser(path, ada.game_id, new[1]).role == SEAT


def test_two_clicks_for_one_decision_play_one_move(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    tokens = ada.make_links()
    bo = browser(path, ada.game_id, tokens[1])
    bo_again = browser(path, ada.game_id, tokens[1])             # Bo's link open in two browsers
    while not bo.you_to_move:
        ada.apply(first_choice(ada.game))
    bo.sync()
    bo_again.sync()
    n = len(bo.game.actions)
    first = bo.apply(first_choice(bo.game))
    with pytest.raises(Overtaken, match="Bo moved first") as lost:
        bo_again.apply(first_choice(bo_again.game))
    assert lost.value.mover == "Bo"
    assert len(store.record(ada.game_id)["actions"]) == n + 1
    assert bo_again.game.actions == bo.game.actions                # reloaded, the winner's move in it
    assert bo_again.recent == first.lines
    assert ada.sync() and ada.game.actions == bo.game.actions


def test_a_move_after_an_undo_elsewhere_is_refused_even_with_the_same_count(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    gid = ada.keep()
    ada.apply(first_choice(ada.game))                            # Bo's Housing project
    other = browser(path, gid, owner=ada.owner_key)              # the same game in another tab
    ada.undo()
    ada.apply(str(ada.game.legal_actions()[-1]))                 # played differently: 1 action again
    assert len(other.game.actions) == 1 and other.game.actions != ada.game.actions
    with pytest.raises(Overtaken, match="Bo moved first"):
        other.apply(first_choice(other.game))
    assert other.game.actions == ada.game.actions == store.record(gid)["actions"]


def test_bots_in_a_shared_game_are_never_played_twice(store, path):
    ada = Controller(WITH_A_BOT, store=store)
    tokens = ada.make_links()
    gid = ada.game_id
    bo = browser(path, gid, tokens[1])
    # both browsers see a bot to move and both play it: one wins each decision, the other reloads
    for _ in range(40):
        if not (ada.bot_to_move or bo.bot_to_move):
            mover = ada if ada.you_to_move else bo
            mover.apply(first_choice(mover.game))
            (bo if mover is ada else ada).sync()
            continue
        ada.run_bots()
        bo.run_bots()                                            # Overtaken inside: it reloads and stops
        ada.sync()
        bo.sync()
        assert ada.game.actions == bo.game.actions == store.record(gid)["actions"]
    stored = store.record(gid)["actions"]
    assert cl.Game.from_record(store.record(gid)).actions == stored      # a game that replays
    # and with the two racing for real, each in its own thread (own connection): still one game
    results: list = []

    def run(ctl):
        try:
            for _ in range(30):
                ctl.sync()
                if ctl.you_to_move:
                    try:
                        ctl.apply(first_choice(ctl.game))
                    except Overtaken:
                        pass
                ctl.run_bots()
            results.append("ok")
        except Exception as e:  # noqa: BLE001 -- reported below
            results.append(e)

    threads = [threading.Thread(target=run, args=(c,)) for c in (ada, bo)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == ["ok", "ok"]
    ada.sync()
    bo.sync()
    final = store.record(gid)
    assert ada.game.actions == bo.game.actions == final["actions"] and len(final["actions"]) > len(stored)
    replay = cl.Game.from_record(final)
    assert replay.to_position() == ada.game.to_position()


def test_a_deleted_game_is_no_longer_kept(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    gid = ada.keep()
    other = browser(path, gid)
    store.delete(gid)
    with pytest.raises(GameGone, match="deleted"):
        other.sync()
    assert not other.kept and other.role == LOCAL
    with pytest.raises(GameGone):
        ada.apply(first_choice(ada.game))
    assert not ada.kept and ada.game.actions == []


def test_undo_in_a_shared_game_takes_back_only_your_own_last_decision(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    tokens = ada.make_links()
    bo = browser(path, ada.game_id, tokens[1])
    until_the_other_decides(bo, ada)                        # Bo's setup moves; Ada decides now
    assert bo.can_undo and not ada.can_undo
    n = len(bo.game.actions)
    ada.apply(first_choice(ada.game))
    bo.sync()
    assert not bo.can_undo and ada.can_undo
    with pytest.raises(NotAllowed, match="own seat"):
        bo.undo()
    assert ada.undo() == 1
    assert bo.sync() and ada.game.actions == bo.game.actions and len(bo.game.actions) == n


# --------------------------------------------------------------------------- the page's address


@pytest.mark.parametrize("query, expected", [
    ("", (None, None)), (None, (None, None)), ("game=abc", ("abc", None)),
    ("game=abc&seat=key&theme=dark", ("abc", "key")), ("x=1", (None, None))])
def test_parse_query(query, expected):
    assert parse_query(query) == expected


@pytest.mark.parametrize("query", ["seat=key", "game=a&game=b", "game=a&seat=1&seat=2", "game=" + "x" * 3000])
def test_parse_query_refuses_what_is_no_link(query):
    with pytest.raises(LinkError):
        parse_query(query)


# --------------------------------------------------------------------------- the dashboard


def test_the_dashboard_keeps_its_game_and_says_so_in_the_address(path):
    d = Dashboard(store=path)
    assert d.bridge is not None and d.bridge in d.children
    assert d.bridge.query == "" and d.bridge.interval == 0          # nothing stored yet
    click_first(d)
    gid = d.controller.game_id
    assert gid and d.bridge.query == f"game={gid}" and d.bridge.interval == POLL_MS
    for _ in range(4):
        click_first(d)
    again = Dashboard(store=path, query=f"game={gid}")              # the page reloaded
    assert again.game.actions == d.game.actions
    assert again.game.log == d.game.log                              # and its log
    assert "Resumed a game of Ada, Bo" in again.recent.value
    assert again.bridge.query == f"game={gid}"


def test_a_new_game_is_stored_at_once(path):
    d = Dashboard(store=path)
    d.new_game_panel.kinds[1].value = "human"
    d.new_game_panel.start.click()
    gid = d.controller.game_id
    assert gid and d.bridge.query == f"game={gid}"
    assert d.controller.store.info(gid).players == ("Ada", "Bo")


BAD_ADDRESSES = ["game=%3Cscript%3Ealert(1)%3C/script%3E", "game=AAAAAAAAAAAAAAAA", "seat=abc",
                 "game=a&game=b", "game=" + "x" * 2500, "game=../../etc/passwd&seat=x"]


@pytest.mark.parametrize("query", BAD_ADDRESSES)
def test_an_address_that_names_no_game_shows_why_and_a_fresh_game(path, query):
    d = Dashboard(store=path, query=query)
    assert "This link does not open a game of this app" in d.status.value
    assert "<script>" not in d.status.value and "<script>" not in d.new_game_panel.message.value
    assert "cl-error" in d.new_game_panel.message.value
    assert d.side.selected_index == 1                       # the New game tab
    assert d.controller.role == LOCAL and not d.controller.kept and d.bridge.query == ""
    assert "Traceback" not in d.status.value and "Unexpected" not in d.status.value
    d.open_page(query)                                      # the same, on a dashboard already shown
    assert "does not open a game" in d.status.value


def test_a_store_that_cannot_be_opened_is_reported(tmp_path):
    other = tmp_path / "notes.db"
    other.write_text("not a database")
    d = Dashboard(store=other)
    assert "Games are not kept" in d.status.value and d.controller.store is None and d.bridge is None
    click_first(d)                                          # and the app works, without a store
    assert other.read_text() == "not a database"


def test_a_watching_dashboard_cannot_act(path):
    ada = Dashboard(store=path)
    ada.new_game_panel.kinds[1].value = "human"
    ada.new_game_panel.start.click()
    ada.friends.make.click()
    gid = ada.controller.game_id
    assert ada.controller.role == SEAT and "This browser plays <b>Ada</b>" in ada.role_note.value
    watch = Dashboard(store=path, query=f"game={gid}&seat={'B' * 22}")
    assert "seat key is not valid" in watch.role_note.value
    assert "You are watching" in watch.controls.box.children[0].value and not watch.controls.buttons
    assert watch.undo_button.disabled and watch.restart_button.disabled and watch.bots.finish_button.disabled
    assert watch.records.upload.disabled and watch.bots.auto.disabled
    watch.act(first_choice(watch.game))
    assert "You are watching" in watch.status.value
    assert watch.controller.store.record(gid)["actions"] == []
    assert "Waiting for Bo" in ada.controls.box.children[0].value            # Bo decides first
    bo = browser(path, gid, ada.controller.issued[1])
    until_the_other_decides(bo, watch, ada)                 # Bo moves: both pages show it
    n = len(bo.game.actions)
    assert watch.game.actions == ada.game.actions == bo.game.actions and f"data-actions='{n}'" in watch.turn.value
    assert ada.controls.buttons and "Bo places the starting Housing project" in watch.recent.value


def test_friends_tab_makes_links_and_the_other_browser_plays(path):
    ada = Dashboard(store=path)
    ada.side.selected_index = 3
    assert "two or more human seats" in ada.friends.intro.value
    assert ada.friends.make.layout.display == "none"
    ada.new_game_panel.kinds[1].value = "human"
    ada.new_game_panel.start.click()
    ada.side.selected_index = 3
    assert ada.friends.make.layout.display == "" and "Make seat links" == ada.friends.make.description
    ada.bridge.page = "http://127.0.0.1:8866/voila/render/app.ipynb"     # what the page reports
    ada.friends.make.click()
    gid, tokens = ada.controller.game_id, ada.controller.issued
    links = ada.friends.links.value
    base = "http://127.0.0.1:8866/voila/render/app.ipynb"
    assert f"value=\"{base}?game={gid}&amp;seat={tokens[1]}\"" in links and "cl-link-seat-1" in links
    assert f"value=\"{base}?game={gid}\"" in links and "cl-link-watch" in links
    assert ada.bridge.query == f"game={gid}&seat={tokens[0]}"
    bo = Dashboard(store=path, query=f"game={gid}&seat={tokens[1]}")
    assert "This browser plays <b>Bo</b>" in bo.role_note.value
    assert "Waiting for Bo" in ada.controls.box.children[0].value and not ada.controls.buttons
    click_until_the_other_decides(bo, ada)                                 # Bo decides first
    assert ada.controller.you_to_move and ada.controls.buttons             # Ada's decision, in Ada's page
    assert "Bo reserves" in ada.recent.value
    assert "Waiting for Ada" in bo.controls.box.children[0].value
    click_until_the_other_decides(ada, bo)
    assert ada.game.actions == bo.game.actions and len(ada.game.actions) >= 4
    assert "Ada reserves" in bo.board.log.value or "Ada reserves" in bo.recent.value
    before = bo.turn.value
    bo.poll()                                                              # nothing new: nothing changes
    assert bo.turn.value == before
    # both pages offer the same decision to Bo's second browser: one move, the other told
    twin = Dashboard(store=path, query=f"game={gid}&seat={tokens[1]}")
    ada.side.selected_index = 0
    while not bo.controller.you_to_move:
        click_first(ada) if ada.controller.you_to_move else click_first(bo)
        bo.poll()
        ada.poll()
    twin.poll()
    n = len(bo.game.actions)
    notation = first_choice(bo.game)
    bo.act(notation)
    twin.act(notation)
    assert "Bo moved first (in another browser)" in twin.status.value
    assert len(twin.game.actions) == n + 1 == len(bo.controller.store.record(gid)["actions"])


def test_stored_games_are_listed_to_resume_or_delete(path):
    d = Dashboard(store=path)
    d.new_game_panel.kinds[1].value = "human"
    d.new_game_panel.start.click()
    first = d.controller.game_id
    click_first(d)
    d.new_game_panel.seed.value = "9"
    d.new_game_panel.start.click()
    second = d.controller.game_id
    d.side.selected_index = 1
    rows = d.stored.rows.children
    assert len(rows) == 2 and second in rows[0]._dom_classes[-1] and first in rows[1]._dom_classes[-1]
    assert "(this game)" in rows[0].children[0].value
    assert [c.description for c in rows[0].children[1:]] == ["Replay"]       # no Resume, no Delete
    assert "Ada, Bo" in rows[1].children[0].value and "1 action ·" in rows[1].children[0].value
    assert "changed just now" in rows[1].children[0].value
    resume, _replay, delete = rows[1].children[1:]
    resume.click()
    assert d.controller.game_id == first and len(d.game.actions) == 1 and d.side.selected_index == 0
    assert d.bridge.query == f"game={first}"
    d.side.selected_index = 1
    delete = d.stored.rows.children[0].children[-1]          # the other game, now the older one
    delete.click()                                          # asks again first
    assert d.stored.rows.children[0].children[-1].description == "Really delete?"
    d.stored.rows.children[0].children[-1].click()
    assert [i.id for i in d.controller.store.list()] == [first]
    assert "Deleted" in d.stored.message.value


def test_a_shared_game_resumed_without_its_link_is_watched(path):
    d = Dashboard(store=path)
    d.new_game_panel.kinds[1].value = "human"
    d.new_game_panel.start.click()
    d.friends.make.click()
    gid = d.controller.game_id
    d.new_game_panel.start.click()                           # another game; then back to the shared one
    d.side.selected_index = 1
    row = next(r for r in d.stored.rows.children if gid in r._dom_classes[-1])
    assert "shared (play from your seat link)" in row.children[0].value
    row.children[1].click()
    assert d.controller.role == WATCH and not d.controller.bad_token
    assert "spectator link" in d.role_note.value


def test_without_a_store_nothing_changes(tmp_path):
    d = Dashboard()
    assert d.bridge is None and d.controller.store is None
    click_first(d)
    d.side.selected_index = 3
    assert "Games are not kept here" in d.friends.intro.value
    d.side.selected_index = 1
    assert d.stored.box.layout.display == "none"
    assert not list(tmp_path.iterdir())


def test_a_lost_race_with_a_bot_just_reloads(store, path):
    ada = Controller(WITH_A_BOT, store=store)
    gid = ada.keep()
    other = browser(path, gid, owner=ada.owner_key)
    while not ada.bot_to_move:
        ada.apply(first_choice(ada.game))
    other.sync()
    ada.step_bot()
    assert other.bot_to_move or other.you_to_move
    steps = other.run_bots()                                    # the bot's decision was taken: reload, stop
    assert other.game.actions[:len(ada.game.actions)] == ada.game.actions
    assert store.record(gid)["actions"] == other.game.actions
    assert isinstance(steps, list)
    with pytest.raises(StoreConflict):
        store.append(gid, "sell", 0)


def test_a_browser_without_a_link_watches_once_the_game_is_shared(store, path):
    ada = Controller(TWO_HUMANS, store=store)
    gid = ada.keep()
    other = browser(path, gid, owner=ada.owner_key)  # the same game, open in another tab before any link
    assert other.role == LOCAL and not other.sync()
    ada.make_links()
    assert other.sync() and other.role == WATCH and other.shared
    with pytest.raises(NotAllowed):
        other.apply(first_choice(other.game))


def test_the_app_notebook_s_dashboard_uses_the_server_s_store_and_the_page_s_address(path, monkeypatch):
    from carnegie_lab.widgets import app_dashboard, page_query
    monkeypatch.setenv("CARNEGIE_LAB_STORE", str(path))
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    seed = Dashboard(store=path)
    click_first(seed)
    gid = seed.controller.game_id
    monkeypatch.setenv("QUERY_STRING", f"game={gid}")     # a kernel Voilà started for its page
    assert page_query() == f"game={gid}"
    d = app_dashboard()
    assert d.controller.store.path == str(path) and not d.controller.kept
    d.open_page(page_query())
    assert d.controller.game_id == gid and d.game.actions == seed.game.actions
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() is None                           # outside Voilà


def test_the_server_s_limits_reach_the_app_s_dashboard(path, monkeypatch):
    """`carnegie-lab app --max-games 2 --idle-minutes 5`: its kernels' dashboards refuse a third stored
    game (the New game tab says why and the page keeps its game) and stop their clock after 5 minutes."""
    from carnegie_lab import cli
    from carnegie_lab.cli import app as cli_app
    from carnegie_lab.widgets import app_dashboard
    calls = []
    monkeypatch.setattr(cli_app, "_run_until_done", lambda cmd, cwd, env=None: calls.append(env) or 0)
    assert cli.main(["app", "--store", str(path), "--max-games", "2", "--idle-minutes", "5"]) == 0
    for name, value in calls[0].items():
        monkeypatch.setenv(name, value)                   # what Voilà's kernels inherit
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    d = app_dashboard()
    assert d.controller.limits.idle_minutes == 5
    for _ in range(2):
        d.new_game_panel.start.click()
    kept = d.controller.game_id
    assert kept and d.controller.store.count() == 2
    d.new_game_panel.start.click()
    assert "the game store is full (2 games" in d.new_game_panel.message.value
    assert d.controller.game_id == kept and d.controller.store.count() == 2
    d.last_activity -= 5 * 60                             # five minutes without a click or a move
    d.poll()
    assert d.bridge.interval == 0 and "stopped following the game" in d.status.value


def test_the_games_list_says_who_played_at_what_level_who_won_and_when(path):
    d = Dashboard(store=path)
    d.new_game_panel.players.value = 1
    d.new_game_panel.level.value = 3
    d.new_game_panel.start.click()
    click_first(d)
    d.commands.finish()
    solo = d.controller.game_id
    final = d.game
    d.new_game_panel.players.value = 2
    d.new_game_panel.seed.value = "9"
    d.new_game_panel.start.click()
    click_first(d)
    d.side.selected_index = 1
    rows = {r._dom_classes[-1].removeprefix("cl-stored-"): r for r in d.stored.rows.children}
    line = rows[solo].children[0].value
    scores = final.scores()
    winner = final.winners()[0]
    assert "Ada (finished by the medium bot) vs Andrew Carnegie (level 3)" in line and "game over" in line
    assert f"{winner} wins with {scores[winner].total} VP" in line
    assert all(f"{name} {s.total} VP" in line for name, s in scores.items() if name != winner)
    info = d.controller.store.info(solo)
    assert info.updated_at[:10] in line and " UTC)" in line                   # its date, not only "just now"
    other = rows[d.controller.game_id].children[0].value
    assert "Ada, Bo (easy bot)" in other and "wins" not in other
    buttons = [b for b in rows[solo].children[1:]]
    assert [b.description for b in buttons] == ["Resume", "Replay", "Delete"]
    assert all(b.layout.flex == "0 0 auto" for b in buttons)                 # whole: the text gives way


def test_an_action_of_a_kept_game_is_played_once(store, monkeypatch):
    """One apply: the store's checked play on the session's game is the one the session keeps (before issue 58
    the store played it on a copy of the stored game, and the session again on its own)."""
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=3), store=store)
    ctl.keep()
    plays = []
    real = cl.Game.apply
    monkeypatch.setattr(cl.Game, "apply", lambda g, a: plays.append(g) or real(g, a))
    step = ctl.apply(str(ctl.game.legal_actions()[0]))
    assert plays == [ctl.game] and store.record(ctl.game_id)["actions"] == ctl.game.actions
    assert step.notation == ctl.game.actions[-1] and step.lines and ctl.recent == step.lines
    unkept = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=3))
    unkept.apply(str(unkept.game.legal_actions()[0]))              # a game not kept: played by the game itself
    assert plays == [ctl.game, unkept.game] and unkept.game.actions == ctl.game.actions

"""The New game tab's *Set up a table* without a browser: the controller stores a game from a table set up by hand
that reloads identically (its record starts from the table), a refused start (a full store) changes nothing, and
the dashboard's editor, *Continue from here* and *Back to the game* do what the page shows (app/table_setup.py)."""
from __future__ import annotations

import pytest

import carnegie_lab as cl
from carnegie_lab.app.dashboard import Dashboard
from carnegie_lab.core.errors import CarnegieError
from carnegie_lab.core.i18n import render
from carnegie_lab.session import Controller, Limits, NotAllowed, Seat, Setup
from carnegie_lab.store import GameStore, StoreFull
from carnegie_lab.widgets import PositionEditor

SETUP = Setup([Seat("Ada"), Seat("Bo", "easy")], seed=4)


def table() -> cl.Game:
    """Ada has a Commerce project in Chicago and $30, round 3."""
    return cl.Editor.new(["Ada", "Bo"], seed=4).set_round(3).place_project(0, "chicago", "C") \
        .set_resources(0, money=30).game()


def test_a_game_from_a_table_is_stored_and_reloads_identically(tmp_path):
    with GameStore(tmp_path / "games.db") as store:
        ctl = Controller(store=store)
        ctl.new_game(SETUP, table())
        gid = ctl.keep()
        assert gid is not None and ctl.setup.seats == SETUP.seats and ctl.seats[1].kind == "easy"
        assert render(ctl.recent[0]).startswith("A table set up by hand: Ada (you), Bo (")
        ctl.run_bots()                                   # Ada decides first: nothing for the bot yet
        ctl.apply(str(ctl.game.legal_actions()[0]))      # a move, then Bo's
        record = store.record(gid)
        assert "start" in record and record["actions"] == ctl.game.actions
        again = Controller(store=store)
        again.open_stored(gid)
        assert again.game.to_position() == ctl.game.to_position()
        assert again.game.to_record() == ctl.game.to_record() and again.seats == ctl.seats
        assert cl.Game.from_record(record).to_position() == ctl.game.to_position()
        ctl.restart()                                    # back to the table, not to a fresh setup
        assert ctl.game.actions == [] and ctl.game.to_position() == table().to_position()
        assert ctl.game.money(0) == 30 and ctl.game.round == 3 and store.record(gid)["actions"] == []


def test_a_refused_start_from_a_table_changes_nothing(tmp_path):
    with GameStore(tmp_path / "games.db", max_games=1) as store:
        ctl = Controller(SETUP, store=store)
        gid = ctl.keep()                                 # the store is full now
        before = (ctl.game.to_record(), ctl.setup, ctl.recent)
        with pytest.raises(StoreFull, match="full"):
            ctl.new_game(SETUP, table())
        assert (ctl.game.to_record(), ctl.setup, ctl.recent, ctl.game_id) == (*before, gid)
        assert store.count() == 1
        with pytest.raises(CarnegieError, match="the table has 2 players, not 3"):
            Controller(SETUP).new_game(Setup([Seat("Ada"), Seat("Bo"), Seat("Cy")]), table())


def test_the_page_limit_refuses_a_table_as_it_refuses_start(tmp_path):
    with GameStore(tmp_path / "games.db") as store:
        ctl = Controller(SETUP, store=store, limits=Limits(games_per_page=1))
        ctl.keep()                                       # the page's one game
        with pytest.raises(NotAllowed, match="limit"):
            ctl.new_game(SETUP, table())


def said(page: Dashboard) -> str:
    return page.setups.message.value


def test_set_up_a_table_then_continue_from_here_plays_it_as_a_new_stored_game(tmp_path):
    with GameStore(tmp_path / "games.db") as store:
        page = Dashboard(store=store, setup=SETUP)
        form = page.new_game_panel
        form.kinds[1].value = "medium"
        form.set_up.click()
        setups = page.setups
        assert page.frame.shown is setups.box and page.board.box.layout.display == "none"
        editor = setups.editor
        assert editor is not None and editor.game().players == ["Ada", "Bo"] and editor.game().round == 1
        editor.resources.boxes["money"].value = 30
        editor.pieces.types.value = "C"
        editor.click("chicago/1")
        assert editor.game().money(0) == 30 and editor.game().map_discs()["chicago/1"] is not None
        old = page.controller.game_id
        setups.buttons[0].click()                                   # Continue from here
        ctl = page.controller
        assert page.frame.shown is None and page.board.box.layout.display == ""
        assert ctl.game_id not in (None, old) and page.panels.side.selected_index == 0
        assert [s.kind for s in ctl.seats] == ["human", "medium"] and ctl.game.money(0) == 30
        assert store.record(ctl.game_id)["start"] == editor.game().to_record()["start"]
        assert "A table set up by hand" in page.recent.value


def test_back_to_the_game_and_a_full_store_keep_the_page_s_game(tmp_path):
    with GameStore(tmp_path / "games.db", max_games=1) as store:
        page = Dashboard(store=store, setup=SETUP)
        page.controller.keep()                                      # the store is full now
        before = page.controller.game.to_record(), page.controller.game_id
        page.new_game_panel.set_up.click()
        go_on, back = page.setups.buttons
        go_on.click()
        assert "No new game" in said(page) and "full" in said(page)
        assert page.frame.shown is page.setups.box                  # the editor stays, with why beside it
        assert (page.controller.game.to_record(), page.controller.game_id) == before
        back.click()
        assert page.frame.shown is None and page.panels.side.layout.display == ""
        assert (page.controller.game.to_record(), page.controller.game_id) == before and store.count() == 1


def test_the_table_setup_speaks_portuguese_and_survives_a_language_switch():
    page = Dashboard(setup=SETUP, lang="pt_BR")
    page.new_game_panel.set_up.click()
    assert [b.description for b in page.setups.buttons] == ["Continuar daqui", "Voltar ao jogo"]
    page.set_lang(None)
    assert page.frame.shown is page.setups.box and page.panels.side.layout.display == "none"


def test_an_unexpected_error_in_a_panel_is_said_beside_the_board(monkeypatch):
    editor = PositionEditor()

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(editor.table, "change", broken)
    for button in (editor.company.move, editor.rounds.set_round, editor.rounds.set_markers):
        editor.message.value = ""
        button.click()                                   # ipywidgets would drop the exception
        assert "Unexpected error: RuntimeError: boom" in editor.message.value
    editor.message.value = ""
    editor.resources.boxes["money"].value = 31
    assert "Unexpected error" in editor.message.value


def test_an_unexpected_error_on_continue_is_said_beside_the_editor_shown_again(monkeypatch):
    page = Dashboard(setup=SETUP)
    page.new_game_panel.set_up.click()

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(page.commands, "start_game", broken)
    page.setups.buttons[0].click()
    assert "Unexpected error: RuntimeError: boom" in said(page) and page.frame.shown is page.setups.box

"""The dashboard without a browser: its widgets are clicked from Python (``Button.click()`` runs the
same callbacks a click in the page does)."""
from __future__ import annotations

import base64
import datetime
import html
import json
import random
import re

import pytest
from clicks import click_first

import carnegie_lab as cl
from carnegie_lab.app.board import TABS
from carnegie_lab.app.bot_bar import BotBar
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.controller import Progress
from carnegie_lab.widgets import Dashboard


def discs(board) -> int:
    fig = board.slots["map"].widget
    return sum(len(t.x or ()) for t in fig.data if (t.name or "").startswith("discs-"))


@pytest.fixture
def dash():
    return Dashboard()


def test_default_dashboard_waits_for_the_human(dash):
    assert dash.controller.human_to_move  # the bot placed its Housing project already
    assert dash.screen.turn.headline == "Setup · Ada (you) to decide" and "Housing" in dash.screen.turn.prompt
    assert html.escape(dash.screen.turn.headline) in dash.turn.value        # drawn on the turn card
    assert dash.board.slots["map"].widget is not None     # the map is drawn at once
    assert set(dash.board.slots) == {"map"}               # other figures wait for their tab
    assert any("Bo places the starting Housing project" in line for line in dash.screen.recent.lines)


def test_clicking_a_city_applies_the_action_and_updates_the_map(dash):
    n = discs(dash.board)
    dash.controls.buttons["house pittsburgh"].click()
    assert dash.game.actions[-1] == "house pittsburgh"
    assert discs(dash.board) == n + 1
    assert "Ada places the starting Housing project in Pittsburgh" in dash.screen.recent.lines
    assert "reserve" in dash.screen.panel.kind


def test_the_move_grid_moves_an_employee(dash):
    dash.act("house pittsburgh")
    dash.act("reserve sales")
    grid = dash.controls.grids["moves"]
    source = grid.grid.sources()[0]
    target = next(iter(grid.grid.targets(source)))
    assert not grid.cells[source].disabled
    grid.cells[source].click()
    assert grid.cells[source].button_style == "warning" and not grid.cells[target].disabled
    grid.cells[target].click()
    assert dash.game.actions[-1] == f"move {source} {target}"


def test_cancelling_a_move_source(dash):
    dash.act("house pittsburgh")
    dash.act("reserve sales")
    grid = dash.controls.grids["moves"]
    source = grid.grid.sources()[0]
    grid.cells[source].click()
    grid.cells[source].click()
    assert grid.source is None and len(dash.game.actions) == 4


def test_an_illegal_action_is_shown_and_the_game_kept(dash):
    actions = dash.game.actions
    dash.act("choose HR")
    assert "illegal" in dash.screen.status.text and dash.screen.status.error
    assert dash.game.actions == actions
    dash.act("no such thing")
    assert "not an action" in dash.screen.status.text


def test_a_whole_round_by_clicking(dash):
    for _ in range(200):
        if dash.game.round >= 2:
            break
        click_first(dash, prefer_done=len(dash.game.actions) % 3 == 0)
        assert not dash.screen.status.error, dash.screen.status
    assert dash.game.round == 2
    assert dash.controller.human_to_move


def test_bots_wait_for_step_when_not_automatic():
    d = Dashboard(auto=False)
    assert d.controller.bot_to_move and d.screen.bots.step_why is None
    assert "Step" in d.screen.waiting_html and d.screen.panel is None
    n = len(d.game.actions)
    d.bots.step_button.click()                        # the bot bar's drawing: its button steps a bot
    assert len(d.game.actions) == n + 1
    d.commands.play_bots()
    assert d.controller.human_to_move and d.screen.bots.step_why == "No bot is deciding now: a human is."
    d.bots.auto.value = True
    assert d.controller.human_to_move


def test_undo_button_goes_back_to_the_previous_human_decision(dash):
    assert dash.screen.why_not["undo"] == "Nothing to undo: no human decision yet."
    dash.act("house pittsburgh")
    record = dash.controller.game.to_record()
    dash.act("reserve sales")
    assert dash.screen.why_not["undo"] is None
    dash.undo_button.click()
    assert dash.controller.game.to_record() == record
    assert dash.screen.panel.kind == "reserve"


def test_restart_button(dash):
    dash.act("house pittsburgh")
    dash.restart_button.click()
    assert "house pittsburgh" not in dash.game.actions and dash.controller.human_to_move


def test_new_game_panel_starts_the_game_it_shows(dash):
    panel = dash.new_game_panel
    panel.players.value = 3
    panel.names[2].value = "Cy"
    panel.kinds[1].value = "medium"
    panel.seed.value = "12"
    assert panel.rows[2].layout.display == "" and panel.rows[3].layout.display == "none"
    panel.departments.value = "base+expansion"
    panel.start.click()
    assert dash.game.players == ["Ada", "Bo", "Cy"] and dash.game.state.options["seed"] == 12
    assert dash.game.state.options["departments"] == "base+expansion"
    assert [s.kind for s in dash.controller.seats] == ["human", "medium", "easy"]
    assert dash.side.selected_index == 0
    assert [label for label, _ in dash.board.selectors[1].options] == ["Ada", "Bo", "Cy"]


def test_new_game_panel_reports_a_bad_form_and_keeps_the_game(dash):
    game = dash.game
    dash.new_game_panel.names[1].value = "Ada"
    dash.new_game_panel.start.click()
    assert "must differ" in dash.new_game_panel.messages["players"].value      # next to the names
    assert dash.game is game


def test_solo_game_from_the_panel_shows_andrew(dash):
    panel = dash.new_game_panel
    panel.players.value = 1
    assert panel.solo_row.layout.display == ""
    panel.level.value = 1
    panel.start.click()
    assert dash.game.state.options["solo_level"] == 1
    for _ in range(80):
        if dash.game.round >= 2:
            break
        click_first(dash)
    assert "Andrew Carnegie" in dash.board.log.value or any(
        "Andrew Carnegie" in line for line in dash.game.log)
    dash.board.select("Log")
    assert "Andrew Carnegie" in dash.board.log.value


def test_finish_button_plays_to_the_end_and_shows_the_final_scores(dash):
    dash.bots.finish_button.click()
    assert dash.game.is_over
    assert dash.screen.turn.headline.startswith("Game over") and " win" in dash.screen.final.result
    assert "Final scores" in dash.final.scores.value
    assert dash.screen.bots.finish_why == "The game is over." and dash.screen.panel is None
    dash.board.select("Scores")
    assert "Final scores" in dash.board.score_table.value
    assert dash.board.slots["scores"].widget is not None


def test_save_link_is_a_data_url_of_the_record(dash):
    dash.act("house pittsburgh")
    dash.side.selected_index = 2
    m = re.search(r"download='carnegie-game.json' href='data:application/json;base64,([^']+)'",
                  dash.records.link.value)
    assert m
    record = json.loads(base64.b64decode(m.group(1)))
    assert record["actions"] == dash.game.actions


def upload(dash, content: bytes, name: str = "game.json") -> None:
    """What the FileUpload widget's value looks like after a file is chosen."""
    dash.records.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                                  "content": memoryview(content),
                                  "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def test_load_a_saved_game(dash):
    other = Dashboard(setup=Setup([Seat("Ada"), Seat("Bo", "greedy")], seed=4))
    other.act("house chicago")
    upload(dash, other.controller.save_json().encode())
    assert dash.game.to_record() == other.game.to_record()
    assert "Loaded" in dash.records.message.value
    assert dash.records.upload.value == ()
    assert dash.new_game_panel.kinds[1].value == "medium"    # its strength
    assert dash.new_game_panel.seed.value != "4"              # the next game: a new deal (issue 45)


def test_a_broken_record_shows_the_field_and_keeps_the_game(dash):
    dash.act("house pittsburgh")
    before = dash.game.to_record()
    broken = {"format": "carnegie_lab.record", "version": 1, "options": {"players": ["A", "B"], "seed": 1},
              "actions": ["house pittsburgh", "reserve nothing"]}
    upload(dash, json.dumps(broken).encode(), "broken.json")
    assert "actions[1]" in dash.records.message.value and "current game is kept" in dash.records.message.value
    assert "actions[1]" in dash.screen.status.text
    assert dash.game.to_record() == before
    upload(dash, b"not json at all")
    assert "not valid JSON" in dash.records.message.value


def test_every_tab_draws_and_updates_in_place(dash):
    for tab in TABS:
        dash.board.select(tab)
        assert dash.board.error.value == "", dash.board.error.value
    for tab, value in [("Map", 0), ("Companies", 1), ("Tracks & Timeline", "tracks"),
                       ("Scores", "history")]:
        dash.board.select(tab, value)
        assert dash.board.error.value == ""
    assert set(dash.board.slots) == {"map", "company", "timeline", "tracks", "scores", "history"}
    dash.board.select("Tracks & Timeline", "timeline")
    timeline = dash.board.slots["timeline"].widget
    for _ in range(200):
        if dash.game.round >= 1:
            break
        click_first(dash)
    assert dash.board.slots["timeline"].widget is timeline   # the same widget, updated in place
    assert "Round 1" in timeline.layout.title.text


def test_only_the_visible_figure_is_redrawn(dash):
    dash.board.select("Companies")
    company = dash.board.slots["company"]
    dash.board.select("Map")
    sent = company._sent
    dash.act("house pittsburgh")
    assert company._sent is sent


def test_a_tab_shown_the_first_time_never_shows_beside_the_old_one(dash):
    """The page gets the kernel's changes in the order they are made: the map is hidden before the company
    figure joins the board, else the page shows it for a moment under the map, and it jumps up (a pointer put
    on one of its points then is on nothing)."""
    said = []
    board = dash.board
    board.figure_box.observe(lambda change: said.append(("children", len(change.new))), "children")
    board.slots["map"].box.layout.observe(lambda change: said.append(("map", change.new)), "display")
    board.select("Companies")
    assert said == [("map", "none"), ("children", 2)]
    assert board.slots["company"].box.layout.display == ""


def test_a_view_failing_is_reported_not_fatal(dash, monkeypatch):
    import carnegie_lab.views as views
    monkeypatch.setattr(views, "tracks_figure", lambda game: 1 / 0, raising=False)
    dash.board.select("Tracks & Timeline", "tracks")
    assert "could not be drawn" in dash.board.error.value
    dash.act("house pittsburgh")
    assert dash.game.actions[-1] == "house pittsburgh"


def test_dashboard_of_a_given_game():
    game = cl.new_game(["Ada", "Bo"], seed=2)
    d = Dashboard(game)
    assert d.game is game and all(s.is_human for s in d.controller.seats)
    assert d.controller.human_to_move


def _reachable(*roots) -> set[int]:
    """ids of the widgets under ``roots``: their children, layouts and styles, all the way down."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        w = todo.pop()
        if w is None or id(w) in seen:
            continue
        seen.add(id(w))
        todo += [*(getattr(w, "children", ()) or ()), getattr(w, "layout", None), getattr(w, "style", None)]
    return seen


@pytest.mark.parametrize("most", [24, 3])
def test_control_widgets_do_not_pile_up(most, monkeypatch):
    """The controls' widgets are changed in place, kept to be shown again (the ``KEPT`` groups used
    last, their spare buttons too), or closed: after a whole hot-seat game (every decision shown) no
    widget made meanwhile is open but out of reach, however many groups are kept."""
    from ipywidgets.widgets.widget import _instances

    from carnegie_lab.app import controls_view
    monkeypatch.setattr(controls_view, "KEPT", most)
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=4))
    before = set(_instances)
    rng = random.Random(4)
    while not d.game.is_over:                          # anything but "done" and "sell" first: a long game
        actions = [str(a) for a in d.game.legal_actions()]
        d.act(rng.choice([a for a in actions if a not in ("done", "sell")] or actions))
    groups = list(d.controls._groups.values())
    kept = [g.box for g in groups] + [b for g in groups for b in getattr(g.body, "buttons", ())] + [
        h for g in groups for h in g.heads] + d.controls._footer.buttons + d.controls._sell.buttons + list(
        d.controls._layouts._cells.values())
    held = _reachable(d, *kept)
    made = [w for k, w in _instances.items() if k not in before]
    assert len(groups) <= max(most, 4) and len(made) > 100
    assert [w for w in made if id(w) not in held] == []


def test_a_button_of_the_same_place_is_changed_not_made_anew():
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=2))          # hot-seat: Bo's decisions are shown too
    while d.game.decision.kind != "setup":
        d.act(d.screen.panel.notations()[0])
    done, seat = d.controls.buttons["done"], d.game.current_player
    row = d.controls.box.children[-1]
    done.click()
    assert d.game.current_player != seat and d.game.decision.kind == "setup"
    assert d.controls.buttons["done"] is done and done.comm is not None and d.controls.box.children[-1] is row
    before = len(d.game.actions)
    done.click()                                              # it plays what it shows now
    assert len(d.game.actions) == before + 1


def test_in_a_kernel_the_figures_wait_for_the_page(monkeypatch):
    """In Voilà the controls are shown first; the map is made once the page reports the turn card
    drawn (its view count), so the page need not wait for plotly's bundle."""
    import carnegie_lab.app.dashboard as dashboard
    monkeypatch.setattr(dashboard, "in_kernel", lambda: True)
    d = Dashboard()
    assert d.board.slots == {} and "Drawing the board" in d.board.figure_box.children[0].value
    d.turn._view_count = 1            # what the page sends when it has drawn the turn card
    assert d.board.slots["map"].widget is not None
    assert d.board.figure_box.children == (d.board.slots["map"].box,)


def test_a_click_draws_the_board_even_if_the_page_never_reports(monkeypatch):
    import carnegie_lab.app.dashboard as dashboard
    monkeypatch.setattr(dashboard, "in_kernel", lambda: True)
    d = Dashboard()
    d.act("house pittsburgh")
    assert d.board.slots["map"].widget is not None


@pytest.mark.parametrize(("lang", "done", "said"), [(None, 1, "1 bot decision ·"), (None, 2, "2 bot decisions ·"),
                                                    ("pt_BR", 1, "1 decisão de robô ·"),
                                                    ("pt_BR", 5, "5 decisões de robô ·")])
def test_the_bot_bar_counts_decisions_in_the_plural_its_language_needs(lang, done, said):
    bar = BotBar(True, 10, *(lambda: None,) * 3, lambda: None, lang=lang)
    bar.show_progress(Progress(done, None, ""), 3, "round 3")
    assert said in bar.progress_label.value

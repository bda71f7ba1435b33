"""The position editor's widget without a browser: its clicks are made from Python (``click(key)`` is what a click
on a figure's point sends, ``Button.click()`` and a new value of a box run the same callbacks as the page), and
the table is read from its editor's game. Every operation is one editor change; a refusal is said in words and
leaves the position as it was."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.app.dashboard import Dashboard
from carnegie_lab.core.i18n import translator
from carnegie_lab.widgets import PositionEditor


def said(w: PositionEditor) -> str:
    """The words beside the board."""
    return html.unescape(re.sub(r"<[^>]+>", "", w.message.value))


def refused(w: PositionEditor) -> bool:
    return "cl-editor-refused" in w.message.value


@pytest.fixture
def w() -> PositionEditor:
    return PositionEditor()


def test_a_fresh_table_is_round_one_and_both_maps_take_clicks(w):
    g = w.game()
    assert (g.players, g.round, g.decision.kind, g.current_player) == (["Ada", "Bo"], 1, "choose", 0)
    targets = [t for t in w.board.slots["map"].widget.data if t.name == "targets"]
    assert len(targets) == 1 and "chicago/1" in targets[0].customdata


def test_the_issue_s_table_set_up_by_clicks(w):
    """Ada has a Commerce project in Chicago and $30, it is her turn to choose the row in round 7."""
    w.pieces.types.value = "C"
    w.click("chicago")
    assert not refused(w) and "Commerce" in said(w) and "Chicago" in said(w)
    w.resources.boxes["money"].value = 30
    w.rounds.round.value = 7
    w.rounds.set_round.click()
    g = w.game()
    assert (g.decision.kind, g.current_player, g.round, g.money(0)) == ("choose", 0, 7, 30)
    assert [k for k, d in g.map_discs().items() if d.owner == 0] == ["chicago/1"]
    assert "Round 7 begins" in said(w) and "round 7" in w.summary.value


def test_a_site_clicked_twice_gets_a_project_then_loses_it(w):
    w.pieces.owners.value, w.pieces.types.value = 1, "C"
    w.click("chicago/1")
    disc = w.game().map_discs()["chicago/1"]
    assert (disc.owner, disc.type) == (1, "C")
    assert "Bo's Commerce project placed in Chicago" in said(w)
    w.click("chicago/1")
    assert "chicago/1" not in w.game().map_discs() and "left the map" in said(w)
    assert w.game().tab(1, "C") == PositionEditor().game().tab(1, "C")       # the disc is back on its tab


def test_the_board_s_clicks_from_the_keyboard(w):
    """A site chosen from a list and a track's space typed do what a click on them does."""
    p = w.pieces
    p.types.value, p.site.value = "C", "chicago/1"
    p.on_site.click()
    assert w.game().map_discs()["chicago/1"].owner == 0
    p.region.value, p.space.value = "east", 3
    p.on_track.click()
    assert w.game().track_space(0, "east") == 2
    assert [label for label, key in p.site.options if key == "chicago/1"] == ["Chicago 1 (C)"]


def test_a_refused_click_is_said_and_leaves_the_position_as_it_was(w):
    before = w.editor.to_position()
    w.pieces.types.value = "H"
    w.click("chicago/1")                                   # a Commerce site
    assert refused(w) and "a H project on a C site" in said(w)
    w.click("track/west/9")
    assert refused(w) and "track's spaces are 0 to 4" in said(w)
    w.pieces.owners.value = 1                              # Bo does not decide now
    w.resources.boxes["study"].value = 2
    assert refused(w) and "study points are spent by the player deciding now" in said(w)
    assert w.resources.boxes["study"].value == 0           # the box shows the table again
    assert w.editor.to_position() == before


def test_a_track_and_a_tab_are_set_by_a_click(w):
    w.pieces.owners.value = 1
    w.click("track/east/2")
    assert w.game().track_space(1, "east") == 2 and "space 3" in said(w)
    w.click("tab/0/I/2")
    assert w.game().tab(0, "I")[0] == 3


def test_the_company_panel_moves_adds_and_removes_employees_and_builds_tiles(w):
    c = w.company
    lying = w.game().lying(0, "a4")
    c.target.value, c.count.value = "a4", 2
    c.add.click()
    assert w.game().lying(0, "a4") == lying + 2 and not refused(w)
    c.source.value, c.target.value, c.count.value = "a4", "west", 1
    c.move.click()
    assert (w.game().lying(0, "a4"), w.game().on_mission(0, "west")) == (lying + 1, 1)
    c.remove.click()                                       # from a4 back to the supply
    assert w.game().lying(0, "a4") == lying
    before = w.editor.to_position()
    c.source.value = "b3"                                  # nobody lies there
    c.remove.click()
    assert refused(w) and w.editor.to_position() == before
    tile = next(t for t in w.game().tiles_in_pool())
    c.cell.value, c.tile.value = "d4", tile
    c.build.click()
    assert w.game().department_at(0, "d4") is not None and not refused(w)
    c.unbuild.click()
    assert w.game().department_at(0, "d4") is None and "back in the pool" in said(w)


def test_the_decision_is_set_and_a_wrong_one_refused(w):
    r = w.rounds
    r.decision.value, r.seat.value, r.row.value = "turn", 1, "RD"
    r.set_decision.click()
    g = w.game()
    assert (g.decision.kind, g.current_player) == ("turn", 1) and not refused(w)
    r.round.value = 20
    r.set_round.click()
    assert w.game().round == 20


def test_the_timeline_s_markers_are_set_and_a_wrong_count_refused(w):
    r = w.rounds
    r.round.value = 5
    r.set_round.click()
    assert w.game().markers() == (1, 1, 1, 1)
    for box, moved in zip(r.markers, (4, 0, 0, 0)):
        box.value = moved
    r.set_markers.click()
    assert w.game().markers() == (4, 0, 0, 0) and "HR 4" in said(w)
    r.markers[0].value = 3                                  # 3 moves: round 5 has 4 finished rounds behind it
    r.set_markers.click()
    assert refused(w) and w.game().markers() == (4, 0, 0, 0) and r.markers[0].value == 4


def test_copy_and_load_give_the_same_table_and_a_bad_position_names_its_field(w):
    w.resources.boxes["goods"].value = 7
    w.copy.click()
    position = json.loads(w.position.value)
    assert position == w.editor.to_position()
    other = PositionEditor()
    other.position.value = w.position.value
    other.load.click()
    assert other.editor.to_position() == position and other.resources.boxes["goods"].value == 7
    position["state"]["players"][0]["money"] = "12"
    other.position.value = json.dumps(position)
    other.load.click()
    assert refused(other) and "state.players[0].money" in said(other)
    assert other.game().goods(0) == 7                       # the table it had


def test_analyse_shows_the_best_choices_with_their_playouts(w):
    w.analyse.click()
    text = w.analysis.value
    assert text.count("<li") == 3 and "playouts" in text and "data-notation='choose " in text


def test_play_from_here_opens_the_dashboard_on_the_table(w):
    w.resources.boxes["money"].value = 41
    w.others.value = "easy"
    w.play.click()
    (d,) = w.played.children
    assert isinstance(d, Dashboard) and d.game.money(0) == 41
    assert [s.kind for s in d.controller.seats] == ["human", "easy"]


def test_a_game_given_is_edited_as_a_copy():
    game = cl.new_game(["Ada", "Bo", "Cy"], seed=4)
    w = PositionEditor(game)
    w.click("track/west/1")
    assert game.track_space(0, "west") == 0 and w.game().track_space(0, "west") == 1
    assert [label for label, _ in w.pieces.owners.options] == ["Ada", "Bo", "Cy"]


def test_a_solo_table_has_andrew_among_the_owners():
    w = PositionEditor(cl.new_game(["Ada"], seed=2, solo_level=1))
    assert w.pieces.owners.options[-1][1] == "andrew"
    w.pieces.owners.value = "andrew"
    w.click("track/south/2")
    assert not refused(w), said(w)


def test_the_widget_speaks_portuguese():
    _ = translator("pt_BR").gettext
    w = PositionEditor(lang="pt_BR")
    w.click("track/west/9")
    assert said(w).startswith("Recusado: ") and "o espaço final" in said(w)
    w.rounds.set_round.click()
    assert said(w) == _("Round {n} begins.").format(n=1) == "A rodada 1 começa."
    assert w.analyse.description == _("Analyse") != "Analyse"
    with pytest.raises(cl.UnknownLanguageError):
        PositionEditor(lang="xx")


def test_the_example_of_the_docs_runs():
    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    section = text.split("## The editor's widget", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    names: dict = {}
    exec(code, names)
    assert isinstance(names["editor"], PositionEditor)


def test_the_widget_is_cl_widgets_position_editor_after_a_plain_import():
    """The issue's name, ``cl.widgets.PositionEditor``, with only ``import carnegie_lab as cl`` (it raised
    AttributeError: cl loaded views, bots and analysis on first use, not widgets)."""
    import subprocess
    import sys
    code = "import carnegie_lab as cl; print(cl.widgets.PositionEditor.__name__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "PositionEditor", done.stderr

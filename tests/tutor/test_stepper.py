"""The tutorial Stepper without a browser: its buttons are clicked from Python (``Button.click()`` runs the
same callbacks as a click in the page), its figure is read from the FigureWidget."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.tutor.positions import after_setup
from carnegie_lab.tutor.script import ScriptError, Step, first
from carnegie_lab.tutor.stepper import Stepper

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def highlight_of(stepper: Stepper) -> set[str]:
    ring = [t for t in stepper.figure.data if t.name == "highlight"]
    assert len(ring) == 1
    return set(ring[0].customdata or ()) if stepper.view in ("map", "network") else {"count": ring[0].meta["count"]}


@pytest.fixture
def tour() -> Stepper:
    return Stepper(after_setup(), [
        Step("Ada chooses CO", "Ada picks **Construction**.", ["choose CO"], view="timeline"),
        Step("Ada builds", "A project in `Cincinnati`.", ["co C cincinnati"], view="map"),
        Step("And another", lambda g: f"Ada has {g.state.players[0].goods} goods left.", ["co I chicago"],
             view="company", player=0),
        Step("Just look", "Nothing is played.", view="tracks", highlight={"tab/0/C/0"}),
    ], title="Construction", intro="The start.")


def test_the_script_is_played_at_once_and_the_start_is_shown(tour):
    assert len(tour) == 4 and tour.index == 0
    assert tour.played(1) == ["choose CO"] and tour.played(2) == ["co C cincinnati"] and tour.played(4) == []
    assert tour.game.decision.kind == "choose"
    assert "The start." in tour.explanation.value and "Construction" in tour.explanation.value
    assert tour.back_button.disabled and not tour.next_button.disabled
    assert tour.view == "map" and tour.figure is not None


def test_next_plays_a_step_explains_it_and_rings_what_changed(tour):
    tour.next_button.click()
    assert tour.index == 1 and tour.game.state.flow.chosen == "CO"
    assert "Ada picks <b>Construction</b>." in tour.explanation.value
    assert "Ada chooses CO" in tour.explanation.value                         # the game log of the step
    assert tour.view == "timeline" and tour.view_buttons.value == "timeline"
    assert {"CO", "CO/1"} <= tour.highlight()
    tour.next_button.click()
    assert tour.view == "map"
    assert highlight_of(tour) == {"cincinnati/0"}                              # the new disc
    assert "<code>Cincinnati</code>" in tour.explanation.value
    assert "+$1" in tour.explanation.value and "-1 goods" in tour.explanation.value   # what changed, per player


def test_step_texts_can_be_computed_from_the_game(tour):
    tour.goto(3)
    assert "Ada has 1 goods left." in tour.explanation.value
    assert tour.view == "company" and "c1" in tour.highlight() and "midwest" in tour.highlight()


def test_a_step_without_actions_shows_its_own_highlight(tour):
    tour.goto(4)
    assert tour.game.actions == tour.game_at(3).actions
    assert tour.highlight() == {"tab/0/C/0"}
    assert tour.next_button.disabled and not tour.back_button.disabled


def test_back_and_start_return_to_stored_positions(tour):
    for _ in range(3):
        tour.next_button.click()
    text = tour.explanation.value
    tour.back_button.click()
    assert tour.index == 2 and tour.explanation.value != text
    assert tour.game.to_position() == tour.game_at(2).to_position()
    tour.start_button.click()
    assert tour.index == 0 and tour.game.to_position() == after_setup().to_position()


def test_game_at_is_a_copy(tour):
    copy = tour.game_at(1)
    count = len(copy.actions)
    copy.apply("co C cincinnati")
    assert len(tour.game_at(1).actions) == count
    tour.goto(1)
    assert len(tour.game.actions) == count


def test_the_view_buttons_redraw_the_same_position(tour):
    tour.goto(2)
    for view, _ in [(v, label) for label, v in tour.view_buttons.options]:
        tour.view_buttons.value = view
        assert tour.view == view
        assert "Unexpected error" not in tour.message.value
        if view == "donations":
            assert tour.donations.layout.display == "" and tour.figure_box.layout.display == "none"
            assert "Donation chart" in tour.donations.value
        else:
            assert tour.figure.layout.meta["view"] == ("map" if view == "network" else view)
    tour.view_buttons.value = "company"
    tour.player_picker.value = 1
    assert tour.figure.layout.meta["player"] == 1


def test_one_figure_widget_is_reused(tour):
    widget = tour.figure
    for _ in range(4):
        tour.next_button.click()
    assert tour.figure is widget


def test_try_an_illegal_or_malformed_action_explains_and_changes_nothing(tour):
    tour.goto(1)
    before = tour.game.to_position()
    assert not tour.try_action("fly to the moon")
    assert "is not an action" in tour.message.value
    assert not tour.try_action("co H boston")
    assert "not allowed now" in tour.message.value and "Housing" in tour.message.value
    assert not tour.try_action("   ")
    assert tour.game.to_position() == before and not tour.off_script


def test_try_a_legal_action_leaves_the_script_and_back_to_the_script_returns(tour):
    tour.goto(1)
    script = tour.game.to_position()
    tour.try_area.selected_index = 0
    tour.try_text.value = "co I chicago"
    tour.try_apply.click()
    assert tour.off_script and "Played" in tour.message.value
    assert "your own play" in tour.explanation.value
    assert tour.game.state.board.sites.get("chicago/0") == (0, "I")
    assert tour.game_at(1).to_position() == script                  # the script is untouched
    assert not tour.next_button.disabled and not tour.back_button.disabled
    tour.try_back.click()
    assert not tour.off_script and tour.index == 1 and tour.game.to_position() == script


def test_the_try_area_lists_legal_actions_grouped_by_verb(tour):
    tour.goto(1)
    verbs = dict((v, label) for label, v in tour.try_verb.options)
    assert {"co", "done", "sell"} <= set(verbs) and "Construction" in verbs["co"]
    tour.try_verb.value = "co"
    assert all(text.startswith("co ") for text in tour.try_choice.options)
    tour.try_choice.value = "co C pittsburgh"
    tour.try_play.click()
    assert tour.off_script and tour.game.state.board.sites["pittsburgh/1"] == (0, "C")
    assert "pittsburgh/1" in tour.highlight()
    tour.try_undo.click()                                           # back to the script: the only own action
    assert not tour.off_script


def test_next_from_own_play_goes_on_with_the_script(tour):
    tour.goto(1)
    tour.try_action("co I chicago")
    tour.try_action("co C pittsburgh")
    tour.try_undo.click()
    assert tour.off_script and "pittsburgh/1" not in tour.game.state.board.sites
    tour.next_button.click()
    assert not tour.off_script and tour.index == 2 and tour.played(2) == ["co C cincinnati"]


def test_a_broken_script_fails_at_once_with_the_step_named():
    with pytest.raises(ScriptError, match=r"step 2 \('Bad'\).*illegal"):
        Stepper(after_setup(), [Step("Fine", "", ["choose CO"]), Step("Bad", "", ["co H boston"])])
    with pytest.raises(ScriptError, match="check failed"):
        Stepper(after_setup(), [Step("Check", "", ["choose CO"], expect=lambda g: g.state.flow.chosen == "HR")])
    with pytest.raises(ValueError, match="unknown view"):
        Stepper(after_setup(), [Step("View", "", view="globe")])


def test_the_solo_game_works_in_a_stepper():
    game = cl.new_game(["Ada"], seed=7, solo_level=1)
    tour = Stepper(game, [Step("House", "", [first("house")]), Step("Reserve", "", [first("reserve")],
                                                                       view="tracks")])
    tour.goto(2)
    tour.view_buttons.value = "scores"
    assert "Unexpected error" not in tour.message.value


def test_auto_view_shows_where_the_step_changed_something():
    tour = Stepper(after_setup(), [
        Step("Choose", "", ["choose CO"], view="auto"),
        Step("Build", "", ["co C cincinnati"], view="auto"),
        Step("Done", "", ["done"], view="auto"),
    ], view="tracks")
    tour.goto(1)
    assert tour.view == "timeline"
    tour.goto(2)
    assert tour.view == "map" and tour.highlight() == {"cincinnati/0"}
    tour.goto(3)
    assert tour.view == "map"                      # nothing else changed: the view stays


@pytest.mark.parametrize("lang, over, refused", [(None, "The game is over.", "&#x27;done&#x27;: the game is over"),
                                                 ("pt_BR", "O jogo terminou.", "&#x27;done&#x27;: o jogo terminou")])
def test_a_finished_game_says_so_in_the_engine_s_words(lang, over, refused):
    game = cl.Game.from_record(json.loads((GOLDEN / "base-2p.json").read_text())["record"])
    tour = Stepper(game, [Step("The end", "")], lang=lang)
    assert f"<div class='cl-tut-now'>{over}</div>" in tour.explanation.value
    assert tour.try_prompt.value == f"<div class='cl-tut-now'>{over}</div>"
    assert not tour.try_action("done") and refused in tour.message.value

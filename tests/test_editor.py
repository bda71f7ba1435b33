"""The editor of a table (docs/notation.md, "Editing a position"): its example runs, each change does the rules'
bookkeeping, and what the rules could never reach is refused in words, the table unchanged (the property tests,
tests/property/test_prop_editor.py, try random sequences of changes)."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

import carnegie_lab as cl
from carnegie_lab.core.i18n import render

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _state(edit: cl.Editor) -> dict:
    return edit.to_position()["state"]


def test_the_example_of_the_docs_runs():
    text = (ROOT / "docs" / "notation.md").read_text()
    section = text.split("## Editing a position", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    lines = [line for line in code.splitlines() if line.startswith("edit")]
    assert 3 <= len(lines) <= 6
    exec(code, {})


def test_a_project_comes_from_its_tab_and_goes_back():
    edit = cl.Editor.new(["Ada", "Bo"], seed=7).place_project(0, "chicago", "C")
    ada = _state(edit)["players"][0]
    assert ada["tabs"]["C"] == [1, 1] and _state(edit)["board"]["sites"]["chicago/1"] == [0, "C"]
    edit.remove_project("chicago", 1)
    assert _state(edit)["players"][0]["tabs"]["C"] == [1, 0] and "chicago/1" not in _state(edit)["board"]["sites"]
    with pytest.raises(cl.EditError, match="no project on the site chicago/1"):
        edit.remove_project("chicago", 1)


def test_a_tab_shown_further_takes_discs_from_the_supply():
    edit = cl.Editor.new(["Ada", "Bo"], seed=7)
    discs = _state(edit)["players"][0]["discs"]
    edit.set_tab(0, "C", 5)
    ada = _state(edit)["players"][0]
    assert ada["tabs"]["C"] == [5, 0] and ada["discs"] < discs
    edit.place_project(0, "chicago", "C").place_project(0, "boston", "C")
    assert _state(edit)["players"][0]["tabs"]["C"] == [5, 2]


def test_employees_move_between_the_places_of_the_rules():
    edit = cl.Editor.new(["Ada", "Bo"], seed=7)
    edit.move_employees(0, "b1", "c2 standing").move_employees(0, "b1", "west", n=2).remove_employees(0, "b1")
    ada = _state(edit)["players"][0]
    assert ada["lying"] == {"b1": 1} and ada["standing"]["c2"] == [0, 1] and ada["missions"] == {"west": 2}
    assert ada["supply"] == 6
    with pytest.raises(cl.EditError, match="no employee stands on a1 but the permanent one"):
        edit.remove_employees(0, "a1 standing")
    with pytest.raises(cl.EditError, match="no free workstation on b1"):
        edit.add_employees(0, "b1 standing")


def test_a_tile_comes_from_the_pool_and_goes_back_with_its_employees_lying_down():
    edit = cl.Editor.new(["Ada", "Bo"], seed=7, departments="base+expansion")
    pool = _state(edit)["board"]["pool"]
    tile = next(d for d, n in sorted(pool.items()) if n)
    edit.build_department(1, "a2", tile).add_employees(1, "a2 standing")
    assert _state(edit)["board"]["pool"][tile] == pool[tile] - 1 and _state(edit)["players"][1]["built"] == [tile]
    edit.remove_department(1, "a2")
    bo = _state(edit)["players"][1]
    assert _state(edit)["board"]["pool"][tile] == pool[tile] and bo["built"] == [] and bo["lying"]["a2"] == 1


def test_a_round_brings_its_markers_history_and_first_player():
    edit = cl.Editor.new(["Ada", "Bo", "Cy"], seed=2).set_round(9)
    state = _state(edit)
    assert sum(state["board"]["markers"]) == 8 and [h["round"] for h in state["history"]] == list(range(1, 9))
    assert (state["flow"]["phase"], state["flow"]["first"], state["flow"]["player"]) == ("choose", 2, 2)
    flow = _state(edit.set_decision("turn", 0, "CO"))["flow"]
    assert (flow["phase"], flow["player"], flow["order"], flow["chosen"], flow["turn_type"]) == ("turn", 0, [1], "CO",
                                                                                                 "CO")
    assert flow["event_row"] == 2 and edit.game().round == 9


def test_a_solo_round_deals_andrews_cards_in_the_terms_of_the_table():
    edit = cl.Editor.new(["Ada"], seed=3, solo_level=2).set_round(8)
    andrew = edit.game().andrew()
    assert sum(len(cards) for _, cards in andrew.vp_cards) == 7 and andrew.chooses and not andrew.face_down
    assert _state(edit)["flow"]["chosen"] == andrew.card_action
    with pytest.raises(cl.EditError, match="Andrew's card chooses the row in round 8"):
        edit.set_decision("choose")
    odd = edit.set_round(7).game().andrew()
    assert odd.face_down and odd.card is None and odd.advanced_left is not None


def test_andrews_cards_named_take_the_place_of_their_numbers():
    edit = cl.Editor.new(["Ada"], seed=3, solo_level=1).set_round(3)
    before = _state(edit)["andrew"]
    top = before["deck"][-1]
    edit.set_andrew_cards(vp_cards=[[], [], before["vp_slots"][0][0:1], [], before["vp_slots"][0][1:]], top=[top])
    after = _state(edit)["andrew"]
    assert after["deck"][0] == top and after["vp_slots"][2] == before["vp_slots"][0][:1]
    with pytest.raises(cl.EditError, match="0 advanced cards at level 1, got 1"):
        edit.set_andrew_cards(card="A" + after["card"][1:])


def test_game_edit_leaves_the_game_as_it_was():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    position = game.to_position()
    game.edit().set_resources(0, money=99).set_round(4)
    assert game.to_position() == position


BAD = [
    ("place_project", (2, "chicago", "C"), "no seat 2: the seats are [0, 1]"),
    ("place_project", (0, "atlantis", "C"), "unknown city 'atlantis'"),
    ("place_project", (0, "chicago", "Z"), "unknown project type 'Z'"),
    ("place_project", (0, "chicago", "C", 9), "Chicago has no site 9"),
    ("place_project", ("andrew", "chicago", "C"), "Andrew plays only in a solo game"),
    ("set_resources", (0,), {"money": -3}),
    ("set_resources", (True,), {"money": 3}),
    ("set_resources", (0,), {"study": 2}),
    ("move_employees", (0, "b1", "moon"), "'moon' is no place for employees"),
    ("build_department", (0, "b2", "logistics"), "b2 is not an empty space"),
    ("build_department", (0, "a2", "research"), "'research' is not a Department tile"),
    ("remove_department", (0, "b2"), "b2 holds no Department tile"),
    ("set_track", (0, "west", 7), "a track's spaces are 0 to 4"),
    ("set_round", (0,), "a round is 1 to 20"),
    ("set_decision", ("turn",), "set the round first"),
    ("join_donation", (0, "nowhere"), "unknown donation 'nowhere'"),
]


@pytest.mark.parametrize(("name", "args", "words"), BAD, ids=[f"{n}{a}" for n, a, _ in BAD])
def test_bad_input_is_refused_in_words_and_changes_nothing(name, args, words):
    edit = cl.Editor.new(["Ada", "Bo"], seed=7)
    before = json.dumps(edit.to_position())
    kwargs = words if isinstance(words, dict) else {}
    with pytest.raises(cl.EditError, match=None if kwargs else re.escape(words)):
        getattr(edit, name)(*args, **kwargs)
    assert json.dumps(edit.to_position()) == before


def test_a_broken_law_is_named_in_both_languages():
    edit = cl.Editor.new(["Ada", "Bo"], seed=1).set_track(0, "west", 4)
    with pytest.raises(cl.EditError) as refused:
        edit.set_track(1, "west", 4)
    assert refused.value.field == "board.tracks.west"
    assert str(refused.value) == "cannot change the table: board.tracks.west: 2 discs in the final box, which holds 1"
    assert render(refused.value, "pt_BR") != str(refused.value)
    assert render(refused.value, "pt_BR").startswith("não é possível mudar a mesa: board.tracks.west: 2 discos")

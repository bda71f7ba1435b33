"""The widgets speak the game's own component data (``game.components``, the engine's ``describe``), not the
package's default data read at import time: on edited data (a city and a region renamed, Commerce & Finance
paying more, goods selling dearer) the controls, the stepper and the controller show the edited words and
numbers, while a default game in the same process keeps the printed ones."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.session import Controller
from carnegie_lab.session.controls import Picker, panel_for
from carnegie_lab.tutor.positions import SETUP
from carnegie_lab.tutor.script import Step, play
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.tutor.tutorial_html import donations_html

DATA = Path(cl.__file__).parent / "data"


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _map(data) -> None:
    (city,) = [c for c in data["cities"] if c["id"] == "pittsburgh"]
    city["name"] = "Carnegieville"
    (region,) = [r for r in data["regions"] if r["id"] == "midwest"]
    region["name"] = "Heartland"


def _departments(data) -> None:
    (cf,) = [d for d in data["departments"] if d["id"] == "commerce_finance"]
    cf["params"].update(money=4, mission_money=7)


def _rules(data) -> None:
    data["sell_price"] = 2


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> cl.Components:
    folder = tmp_path_factory.mktemp("components") / "data"
    shutil.copytree(DATA, folder)
    edit(folder, "map.json", _map)
    edit(folder, "departments.json", _departments)
    edit(folder, "rules.json", _rules)
    return cl.load_components(folder)


def game_on(components=None) -> cl.Game:
    return cl.new_game(["Ada", "Bo"], seed=7, components=components)


def management_turn(components=None) -> cl.Game:
    """Ada's Management turn of round 1, after the setup of the tutorials."""
    return play(game_on(components), [*SETUP, "choose MG", "done", "done"])


def test_the_house_buttons_name_the_edited_cities_and_regions(edited):
    panel = panel_for(game_on(edited))
    labels = {o.label for g in panel.groups for o in g.options}
    titles = [g.title for g in panel.groups]
    assert "Carnegieville" in labels and "Pittsburgh" not in labels
    assert "Starting Housing project — Heartland" in titles
    assert not any("Midwest" in t for t in titles)
    default = panel_for(game_on())
    assert "Pittsburgh" in {o.label for g in default.groups for o in g.options}


def test_department_controls_use_the_edited_numbers(edited):
    game = management_turn(edited)
    panel = panel_for(game)
    cf = panel.group("department:cf")
    assert isinstance(cf, Picker)
    assert cf.options(0) == [("money", "+$4"), ("goods", "+1 goods")]
    assert ("midwest", "mission to the Heartland") in cf.options(1, ["money"])
    assert cf.find(["money", "midwest"]).text == "Commerce & Finance: +$7, mission to the Heartland"
    assert {o.notation: o.label for o in panel.footer}["sell"] == "Sell 1 goods (+$2)"
    default = panel_for(management_turn()).group("department:cf")
    assert default.find(["money", "midwest"]).text == "Commerce & Finance: +$6, mission to the Midwest"


def test_the_stepper_and_its_html_read_the_games_data(edited):
    game = management_turn(edited)
    tour = Stepper(game, [Step("Money", "", ["cf money to midwest"], view="company", player=0)])
    tour.goto(1)
    verbs = dict((v, label) for label, v in tour.try_verb.options)
    assert "sell 1 goods for $2" in verbs["sell"] and "Commerce & Finance" in verbs["cf"]
    assert tour.changes.deltas[0] == {"money": 7}
    assert "heartland" not in tour.changes.company[0] and "midwest" in tour.changes.company[0]
    assert "Donation chart" in donations_html(tour.game)


def test_the_controllers_undo_keeps_the_games_data(edited):
    ctl = Controller(game=management_turn(edited))
    ctl.apply("cf money to midwest")
    assert ctl.game.state.players[0].money - management_turn(edited).state.players[0].money == 7
    assert ctl.undo() == 1
    assert ctl.game.components is edited
    assert "Commerce & Finance: +$7, mission to the Heartland" in [
        c.text for c in panel_for(ctl.game).group("department:cf").choices]

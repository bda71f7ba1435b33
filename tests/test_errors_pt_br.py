"""Every error a player or an analyst meets through bad input speaks pt_BR, naming the field: the store's, a
broken record's or position's, the component data's, a new game's options and the app's links.

Each case makes the error from a broken input; rendered in tests/i18n_check.py's widened pt_BR, any ASCII
word left outside the case's own names (the field, the file, the value given: data, the same in every
language) is English that did not go through the catalog. ``str(error)`` stays English."""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Callable

import pytest
from i18n_check import WIDE, WORD, ascii_words

import carnegie_lab as cl
from carnegie_lab.app.page import parse_lang, parse_query
from carnegie_lab.bots.evaluation.weights import load_weights
from carnegie_lab.core.i18n import render
from carnegie_lab.core.loader import DATA_DIR
from carnegie_lab.store import GameStore

#: Words that are data in every language: JSON's and SQLite's names, the id alphabet, the timeline rows
SHARED = {"JSON", "SQLite", "Game", "ISO", "carnegie_lab", "KEY", "ID", "HR"}


def _position() -> dict:
    game = cl.new_game(["Ada", "Bo"], seed=1)
    for action in ("house chicago", "reserve training", "house denver", "reserve sales"):
        game.apply(action)
    return json.loads(json.dumps(game.to_position()))


def _record() -> dict:
    game = cl.new_game(["Ada", "Bo"], seed=1)
    game.apply("house chicago")
    return game.to_record()


def _changed(data: dict, change: Callable[[dict], None]) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


def _broken_data(tmp_path: Path, file: str, change: Callable[[dict], None]) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / file
    path.write_text(json.dumps(_changed(json.loads(path.read_text(encoding="utf-8")), change)), encoding="utf-8")
    return folder


def _unreadable_rules(tmp_path: Path) -> Path:
    folder = _broken_data(tmp_path, "map.json", lambda data: None)
    (folder / "rules.json").write_text("{", encoding="utf-8")
    return folder


def _setitem(*path) -> Callable[[dict], None]:
    """Sets the value at the end of ``path`` at the keys before it."""
    *keys, value = path

    def change(data):
        for key in keys[:-1]:
            data = data[key]
        data[keys[-1]] = value
    return change


def _delitem(*keys) -> Callable[[dict], None]:
    def change(data):
        for key in keys[:-1]:
            data = data[key]
        del data[keys[-1]]
    return change


#: (case, the field its message names, its names, what raises): records and positions
RECORDS = [
    ("record: not JSON", "(json)", set(), lambda: cl.Game.from_record('{"format": ')),
    ("record: not an object", "(top)", set(), lambda: cl.Game.from_record("[1]")),
    ("record: a newer version", "version", set(), lambda: cl.Game.from_record(dict(_record(), version=9))),
    ("record: another format", "format", {"carnegie_lab", "record", "position"},
     lambda: cl.Game.from_record(dict(_record(), format="carnegie_lab.position"))),
    ("record: actions not a list", "actions", set(), lambda: cl.Game.from_record(dict(_record(), actions=3))),
    ("record: an illegal action", "actions[1]", {"house", "seattle", "Bo", "Seattle"},
     lambda: cl.Game.from_record(dict(_record(), actions=["house chicago", "house seattle"]))),
    ("record: not notation", "actions[0]", {"fly", "away", "fly"},
     lambda: cl.Game.from_record(dict(_record(), actions=["fly away"]))),
    ("record: a bad seed", "options.seed", set(),
     lambda: cl.Game.from_record(_changed(_record(), _setitem("options", "seed", -4)))),
    ("record: options not an object", "options", set(), lambda: cl.Game.from_record(dict(_record(), options=[]))),
    ("position: no state", "state", set(), lambda: cl.Game.from_position(dict(_position(), state=None))),
    ("position: a negative count", "state.players[0].money", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "players", 0, "money", -1)))),
    ("position: a wrong type", "state.players[1].goods", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "players", 1, "goods", "x")))),
    ("position: an unknown field", "state.flow.bogus", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "flow", "bogus", 1)))),
    ("position: a missing field", "state.board", set(),
     lambda: cl.Game.from_position(_changed(_position(), _delitem("state", "board")))),
    ("position: an unknown phase", "state.flow.phase", {"nap"},
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "flow", "phase", "nap")))),
    ("position: an unknown tile", "state.players[0].reserve", {"zz"},
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "players", 0, "reserve", "zz")))),
    ("position: a bad log line", "state.log[0][1]", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "log", 0, 1, {"message": "{x.y}",
                                                                                        "fields": {"x": 1}})))),
    ("position: too few employees", "state.players[0]", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "players", 0, "supply", 1)))),
    ("position: a broken law", "state.players[0].tab_side", set(),
     lambda: cl.Game.from_position(_changed(_position(), _setitem("state", "players", 0, "tab_side", "B")))),
]

#: component data (a copy of the package's folder with one file broken)
DATA = [
    ("data: not JSON", "rules.json", set(), lambda tmp: cl.load_components(_unreadable_rules(tmp))),
    ("data: a missing key", "rounds", set(),
     lambda tmp: cl.load_components(_broken_data(tmp, "rules.json", _delitem("rounds")))),
    ("data: an unknown region", "cities[0].region", {"atlantis", "west", "midwest", "south", "east"},
     lambda tmp: cl.load_components(_broken_data(tmp, "map.json", _setitem("cities", 0, "region", "atlantis")))),
    ("data: a wrong type", "cities[0].connection_points", set(),
     lambda tmp: cl.load_components(_broken_data(tmp, "map.json", _setitem("cities", 0, "connection_points", "x")))),
    ("data: an unknown key", "bogus", set(),
     lambda tmp: cl.load_components(_broken_data(tmp, "rules.json", _setitem("bogus", 1)))),
]

#: a new game's options, the store, the app's links
OTHERS = [
    ("bot weights: an unknown mode", "party", {"party", "solo", "duel", "json"},
     lambda tmp: (tmp / "w.json").write_text('{"party": {}}') and load_weights(tmp / "w.json")),
    ("bot weights: not a mapping", "solo.weights", {"Weights", "json"},
     lambda tmp: (tmp / "w.json").write_text('{"solo": {"weights": 3}}') and load_weights(tmp / "w.json")),
    ("options: a bad seed", "seed", set(), lambda tmp: cl.new_game(["Ada", "Bo"], seed=-1)),
    ("options: one player too many", "players", {"Ada", "Bo", "Cy", "Di", "Ed"},
     lambda tmp: cl.new_game(["Ada", "Bo", "Cy", "Di", "Ed"])),
    ("options: an unknown option", "colour", set(), lambda tmp: cl.new_game(["Ada", "Bo"], colour=1)),
    ("editor: a broken law", "board.tracks.west", set(),
     lambda tmp: cl.Editor.new(["Ada", "Bo"], seed=1).set_track(0, "west", 4).set_track(1, "west", 4)),
    ("editor: no such seat", "", set(), lambda tmp: cl.Editor.new(["Ada", "Bo"]).set_resources(5, money=1)),
    ("editor: no place for employees", "", {"moon", "supply", "standing", "west", "b2"},
     lambda tmp: cl.Editor.new(["Ada", "Bo"]).add_employees(0, "moon")),
    ("editor: Andrew's row", "", set(),
     lambda tmp: cl.Editor.new(["Ada"], solo_level=1).set_round(8).set_decision("choose")),
    ("store: a folder", "folder", set(), lambda tmp: (tmp / "folder").mkdir() or GameStore(tmp / "folder")),
    ("store: not a database", "notes.txt", {"notes", "txt"},
     lambda tmp: (tmp / "notes.txt").write_text("hello " * 40) and GameStore(tmp / "notes.txt")),
    ("store: a bad game id", "", set(), lambda tmp: GameStore(tmp / "g.db").load("1")),
    ("store: no such game", "", {"AbCdEfGhIjKlMnOp"}, lambda tmp: GameStore(tmp / "g.db").load("AbCdEfGhIjKlMnOp")),
    ("store: not a game", "", {"int"}, lambda tmp: GameStore(tmp / "g.db").save(3)),
    ("link: two games", "", set(), lambda tmp: parse_query("game=a&game=b")),
    ("link: no such language", "", {"xx", "en", "pt_BR", "wide"}, lambda tmp: parse_lang("lang=xx")),
]


def _raised(make) -> Exception:
    with pytest.raises(Exception) as info:
        make()
    return info.value


def _check(error: Exception, field: str, names: set[str], tmp_path: Path) -> None:
    wide, portuguese = render(error, WIDE), render(error, "pt_BR")
    allowed = names | SHARED | set(WORD.findall(field))
    left = ascii_words([wide.replace(str(tmp_path), " ")], allowed)
    assert not left, f"English left in {portuguese!r}: {sorted({word for word, _ in left})}"
    assert field in str(error) and field in portuguese and portuguese != str(error)


@pytest.mark.parametrize("case, field, names, make", RECORDS, ids=[case[0] for case in RECORDS])
def test_a_broken_record_or_position_says_what_is_wrong_in_portuguese(widened, tmp_path, case, field, names, make):
    error = _raised(make)
    assert isinstance(error, cl.RecordError) and error.field == field
    _check(error, field, names, tmp_path)


@pytest.mark.parametrize("case, field, names, make", DATA, ids=[case[0] for case in DATA])
def test_broken_component_data_says_what_is_wrong_in_portuguese(widened, tmp_path, case, field, names, make):
    error = _raised(lambda: make(tmp_path))
    assert isinstance(error, cl.DataError) and field in (error.file, error.field)
    _check(error, field, names | {"rules", "map", "json", "line", "column"}, tmp_path)


@pytest.mark.parametrize("case, field, names, make", OTHERS, ids=[case[0] for case in OTHERS])
def test_bad_options_a_bad_store_and_a_bad_link_say_what_is_wrong_in_portuguese(widened, tmp_path, case, field,
                                                                                  names, make):
    error = _raised(lambda: make(tmp_path))
    assert isinstance(error, (cl.CarnegieError, ValueError))
    _check(error, field, names, tmp_path)

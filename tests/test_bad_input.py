"""Inputs from outside: every example of bad input found by the hostile review gets a CarnegieError
naming the field, never another exception, a crash later in play or a position the rules forbid."""
from __future__ import annotations

import copy
import json
import random

import pytest

import carnegie_lab as cl
from carnegie_lab.rules import laws

NAMES = ["Ada", "Bo", "Cy", "Di"]


def played(game: cl.Game, until, seed: int = 1) -> cl.Game:
    rng = random.Random(seed)
    while not until(game) and not game.is_over:
        legal = game.legal_actions()
        active = [a for a in legal if a.verb not in ("done", "sell")]
        game.apply(rng.choice(active) if active and rng.random() < 0.85 else rng.choice(legal))
    return game


@pytest.fixture(scope="module")
def turn() -> dict:
    """A 4-player position in a turn of round 6."""
    return played(cl.new_game(NAMES, seed=3), lambda g: g.round >= 6 and g.decision.kind == "turn").to_position()


@pytest.fixture(scope="module")
def solo() -> dict:
    return played(cl.new_game(["Ada"], seed=2, solo_level=3), lambda g: g.round >= 4).to_position()


@pytest.fixture(scope="module")
def over() -> dict:
    return played(cl.new_game(NAMES[:2], seed=4), lambda g: False).to_position()


def refused(position: dict, change, field: str, words: str = "") -> None:
    """The changed position is refused with a RecordError at `field` (its message holding `words`)."""
    bad = copy.deepcopy(position)
    change(bad["state"])
    with pytest.raises(cl.RecordError) as error:
        cl.Game.from_position(bad)
    assert error.value.field == field, str(error.value)
    assert words in str(error.value)


# -- exceptions that were not CarnegieErrors --------------------------------------------------------------

def test_huge_numbers_in_actions_are_notation_errors():
    game = cl.new_game(NAMES[:2])
    with pytest.raises(cl.NotationError, match="characters"):
        game.apply("sales " + "9" * 5000)
    with pytest.raises(cl.NotationError, match="characters"):
        game.parse("sales " + "9" * 5000)
    with pytest.raises(cl.NotationError, match="expected sales <count>"):
        game.parse("sales 100")


@pytest.mark.parametrize("args", [(None,), (1,), ("done", None), ("done", (1,)), (b"done",)])
def test_actions_of_other_types_are_notation_errors(args):
    with pytest.raises(cl.NotationError, match="all strings"):
        cl.Action(*args)


def test_actions_take_a_list_of_arguments_as_a_tuple():
    assert cl.Action("move", ["a1", "a2"]) == cl.Action("move", ("a1", "a2"))
    assert repr(cl.Action("move", ["a1", "a2"])) == "Action('move a1 a2')"


def test_json_nested_too_deeply_or_with_huge_numbers_is_a_record_error():
    for text in ("[" * 100000, "[" * 65 + "]" * 65, '{"a": ' * 65 + "1" + "}" * 65):
        for read in (cl.Game.from_record, cl.Game.from_position):
            with pytest.raises(cl.RecordError, match=r"\(json\): the file nests deeper than 64 levels$"):
                read(text)
    record = json.dumps(cl.new_game(NAMES[:2]).to_record()).replace('"seed": 0', '"seed": ' + "9" * 5000)
    with pytest.raises(cl.RecordError, match="digits"):
        cl.Game.from_record(record)
    with pytest.raises(cl.RecordError, match="characters"):
        cl.Game.from_position(" " * 5_000_001)


def test_odd_frames_log_lines_and_history_are_record_errors(turn):
    refused(turn, lambda s: s["flow"].__setitem__("stack", [{"kind": []}]), "state.flow.stack[0]", "an interrupt")
    refused(turn, lambda s: s.__setitem__("history", [1]), "state.history[0]", "an object")
    refused(turn, lambda s: s.__setitem__("log", [None]), "state.log[0]", "a list of 2")
    refused(turn, lambda s: s.__setitem__("log", ["x"]), "state.log[0]", "a list of 2")


# -- positions that were accepted and then crashed in play -------------------------------------------------

def test_positions_that_would_crash_later_are_refused(turn, solo, over):
    refused(over, lambda s: s["flow"].__setitem__("stack", [{"kind": "activate"}]), "state.flow.stack",
            "nothing is left")
    refused(turn, lambda s: s["flow"].update(event_row=None), "state.flow.chosen", "a row is chosen")
    for count in ("x", None):
        refused(turn, lambda s, c=count: s["flow"].__setitem__("stack", [{"kind": "relocate", "count": c}]),
                "state.flow.stack[0].count")
    refused(solo, lambda s: s["andrew"].update(deck=[]), "state.andrew.deck", "20 cards")
    two = played(cl.new_game(NAMES[:2], seed=5), lambda g: g.round >= 2).to_position()
    refused(two, lambda s: s.__setitem__("andrew", copy.deepcopy(solo["state"]["andrew"])), "state.andrew")


# -- positions the rules cannot reach ------------------------------------------------------------------

def test_pieces_are_conserved(turn):
    refused(turn, lambda s: s["players"][0].update(discs=s["players"][0]["discs"] + 1), "state.players[0].discs",
            "31 discs")
    refused(turn, lambda s: s["players"][1].update(donations=s["players"][1]["donations"] + 1),
            "state.players[1].donations", "donations made")


def test_the_company_holds_what_the_rules_allow(turn):
    def empty(p: dict) -> str:
        return next(c for c in ("a2", "a3", "a4", "d4", "d3", "c4", "b4", "c3") if c not in p["cells"])

    def second_hr(s):
        s["players"][0]["cells"][empty(s["players"][0])] = "human_resources"
    refused(turn, second_hr, "state.players[0].cells.a2", "not a Department tile")

    def duplicate(s):
        p = s["players"][0]
        for _ in range(2):
            p["cells"][empty(p)] = "logistics"
        p["built"] += ["logistics", "logistics"]
        p["reserve"] = None
    refused(turn, duplicate, "state.players[0].cells", "two identical")
    refused(turn, lambda s: s["players"][0]["cells"].update(a1="research", d1="human_resources"),
            "state.players[0].cells.a1", "never move")
    refused(turn, lambda s: s["players"][0]["cells"].pop("b1"), "state.players[0].cells.b1", "never move")
    refused(turn, lambda s: s["players"][0]["standing"].update(a1=[1]), "state.players[0].standing.a1",
            "permanent employee")

    def new_lobby_not_built(s):
        p = s["players"][2]
        empty = next(c for c in ("a2", "a3", "a4", "d4", "d3", "c4") if c not in p["cells"])
        p["cells"][empty] = "new_lobby"
    refused(turn, new_lobby_not_built, "state.players[2].built", "tiles built")


def test_the_board_holds_what_the_rules_allow(turn):
    refused(turn, lambda s: s["board"]["sites"].update({"boston/0": ["neutral", "H"]}), "state.board.sites.boston/0",
            "no project")
    refused(turn, lambda s: s["board"]["sites"].update({"boston/0": ["andrew", "H"]}), "state.board.sites.boston/0",
            "without Andrew")
    refused(turn, lambda s: s["board"].update(timeline=[s["board"]["timeline"][0]] * 4), "state.board.timeline",
            "twice")
    refused(turn, lambda s: s["board"].update(markers=[5, 5, 5, 5]), "state.board.markers", "finished rounds")



def test_a_project_on_a_site_of_another_type_is_refused(turn):
    position = copy.deepcopy(turn)
    sites = position["state"]["board"]["sites"]
    key, (_, ptype) = next((k, d) for k, d in sites.items() if d[0] == 0)
    comps = cl.new_game(NAMES).components
    where, site_type = next((f"{c.id}/{s.index}", s.type) for c in comps.cities.values() for s in c.sites
                            if s.type not in ("any", ptype) and f"{c.id}/{s.index}" not in sites)
    sites[where] = sites.pop(key)
    with pytest.raises(cl.RecordError) as error:
        cl.Game.from_position(position)
    assert error.value.field == f"state.board.sites.{where}" and f"{site_type} site" in str(error.value)


def test_two_discs_in_one_final_box_are_refused(turn):
    def both_in_the_west(s):
        for seat in (0, 1):
            p = s["players"][seat]
            p["tracks"]["west"] = 4
    refused(turn, both_in_the_west, "state.board.tracks.west", "final box")


def test_the_flow_is_consistent(turn):
    refused(turn, lambda s: s["flow"].update(phase="over", round=7, player=None), "state.board.markers")
    refused(turn, lambda s: s["flow"].update(chosen=None), "state.flow.chosen")
    refused(turn, lambda s: s["flow"].update(turn_type=None), "state.flow.turn_type")
    refused(turn, lambda s: s["flow"].update(order=[0, 0, 0, 0, 0]), "state.flow.order")


def test_andrew_is_whole(solo, turn):
    refused(solo, lambda s: s["andrew"].update(deck=s["andrew"]["deck"][:-1] + s["andrew"]["deck"][:1]),
            "state.andrew.deck", "one of each number")
    for level in (0, 99):
        refused(solo, lambda s, v=level: [s["andrew"].update(level=v), s["options"].update(solo_level=v)],
                "state.options.solo_level")
    refused(solo, lambda s: s.__setitem__("andrew", None), "state.andrew", "solo game has Andrew")
    refused(turn, lambda s: [s["players"].__setitem__(1, {**s["players"][1], "name": "Ada"}),
                             s["options"]["players"].__setitem__(1, "Ada")], "state.options.players", "must differ")


def test_a_stuck_position_is_refused():
    game = cl.new_game(NAMES[:2], seed=1)
    game.apply(game.legal_actions()[0])                # house: now the reserve decision
    position = game.to_position()
    position["state"]["board"]["pool"] = {d: 0 for d in position["state"]["board"]["pool"]}
    with pytest.raises(cl.RecordError, match="cannot go on") as error:
        cl.Game.from_position(position)
    assert error.value.field == "state.flow"


# -- new_game's options ------------------------------------------------------------------------------

@pytest.mark.parametrize("options,field", [
    ({"remove_for_four": -1}, "remove_for_four"), ({"remove_for_four": 33}, "remove_for_four"),
    ({"remove_for_four": 99}, "remove_for_four"), ({"remove_for_four": "x"}, "remove_for_four"),
    ({"seed": None}, "seed"), ({"seed": 1.5}, "seed"), ({"seed": -1}, "seed"), ({"seed": 10**20}, "seed"),
    ({"departments": "all"}, "departments"), ({"colour": "blue"}, "colour")])
def test_bad_options_of_a_new_game(options, field):
    with pytest.raises(cl.OptionError) as error:
        cl.new_game(NAMES, **options)
    assert error.value.option == field


@pytest.mark.parametrize("players", [[1, 2], "AB", [], ["A"] * 5, ["Ada", "Ada"], ["Ada", " "]])
def test_bad_players_of_a_new_game(players):
    with pytest.raises(cl.OptionError, match="players"):
        cl.new_game(players)


def test_solo_level_must_be_a_level():
    with pytest.raises(cl.OptionError, match="solo_level"):
        cl.new_game(["Ada"], solo_level=True)


# -- no aliasing -------------------------------------------------------------------------------------

def test_positions_and_records_are_copied_at_the_boundary(turn):
    position = copy.deepcopy(turn)
    before = json.dumps(position, sort_keys=True)
    game = cl.Game.from_position(position)
    game.apply(game.legal_actions()[0])
    assert json.dumps(position, sort_keys=True) == before
    record = game.to_record()
    record["options"]["players"].append("Eve")
    record["start"]["players"][0]["money"] = 999
    assert game.to_record()["options"]["players"] == NAMES
    assert game.to_record()["start"]["players"][0]["money"] != 999
    twin = game.copy()
    twin.state.options["players"].append("Eve")
    if twin.state.history:
        twin.state.history[0]["players"][0]["score"] = -5
    assert game.state.options["players"] == NAMES
    assert all(h["players"][0]["score"] != -5 for h in game.state.history)


def test_the_laws_hold_along_random_games():
    """The laws are the rules' own: every position of a random game obeys them."""
    for seed, options in enumerate([{}, {"departments": "base+expansion"}, {"solo_level": 4}]):
        names = ["Ada"] if options.get("solo_level") else NAMES[:3]
        game, rng = cl.new_game(names, seed=seed, **options), random.Random(seed)
        while not game.is_over:
            laws.check(game.state)
            game.apply(rng.choice(game.legal_actions()))
        laws.check(game.state)

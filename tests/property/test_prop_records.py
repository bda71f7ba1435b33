"""Records and positions: replay and JSON round trips reproduce the game exactly, copy() and undo()
behave, and corrupt files raise RecordError naming the broken field."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prop_support import Chooser, K, choices, dump, new_game, pick, play, player_counts, random_action, seeds, variants

import carnegie_lab as cl

SETTINGS = settings(deadline=None)


def json_round_trip(data):
    return json.loads(json.dumps(data))


@SETTINGS
@given(players=player_counts, seed=seeds, drawn=choices, options=variants, stop=st.none() | st.integers(0, 400))
def test_records_and_positions_reproduce_the_game(players, seed, drawn, options, stop):
    game = new_game(players, seed, **options)
    play(game, Chooser(drawn, seed), limit=stop)
    record = game.to_record()
    position = game.to_position()
    text = dump(game)

    assert json_round_trip(record) == record and json_round_trip(position) == position
    assert record["actions"] == game.actions and "start" not in record
    replayed = cl.Game.from_record(json.dumps(record))
    assert dump(replayed) == text
    assert replayed.to_record() == record
    assert replayed.legal_actions() == game.legal_actions()

    restored = cl.Game.from_position(json.dumps(position))
    assert dump(restored) == text
    assert restored.legal_actions() == game.legal_actions()
    assert restored.scores() == game.scores()
    assert restored.actions == [] and restored.to_record()["start"] == position["state"]

    # the original and the restored position go on identically, and the restored game's record
    # (a start position plus actions) replays to the same place
    chooser = Chooser([], seed + 1)
    for _ in range(12):
        if game.is_over:
            break
        action = pick(game.legal_actions(), chooser.next())
        game.apply(action)
        restored.apply(action)
    assert dump(restored) == dump(game)
    from_start = cl.Game.from_record(json_round_trip(restored.to_record()))
    assert dump(from_start) == dump(game)


@SETTINGS
@given(players=player_counts, seed=seeds, drawn=choices, options=variants,
       stops=st.lists(st.integers(0, 300), min_size=1, max_size=3))
def test_copy_is_independent_and_undo_restores_the_position(players, seed, drawn, options, stops):
    game = new_game(players, seed, **options)
    chooser = Chooser(drawn, seed)
    for stop in sorted(set(stops)):
        play(game, chooser, limit=stop - len(game.actions))
        if game.is_over:
            break
        before, actions, legal = dump(game), game.actions, game.legal_actions()

        twin = game.copy()
        assert dump(twin) == before and twin.actions == actions
        action = pick(legal, chooser.next())
        twin.apply(action)
        assert dump(game) == before and game.actions == actions and game.legal_actions() == legal

        game.apply(action)
        assert dump(game) == dump(twin)
        assert game.undo() == action
        assert dump(game) == before
        assert game.actions == actions and game.legal_actions() == legal
        assert dump(twin) != before                  # undoing the original leaves the copy alone


def test_undo_with_nothing_to_undo():
    game = new_game(2, 1)
    with pytest.raises(cl.CarnegieError, match="nothing to undo"):
        game.undo()


# -- corrupt files ---------------------------------------------------------------------------------

def _midgame(players: int, seed: int, decisions: int) -> cl.Game:
    game = new_game(players, seed)
    play(game, Chooser([], seed), limit=decisions)
    return game


def _field(record_or_position, loader) -> cl.RecordError:
    with pytest.raises(cl.RecordError) as info:
        loader(copy.deepcopy(record_or_position))
    return info.value


@SETTINGS
@given(players=player_counts, seed=seeds, decisions=st.integers(0, 120), data=st.data())
def test_corrupt_records_name_the_field(players, seed, decisions, data):
    game = _midgame(players, seed, decisions)
    record = game.to_record()

    bad = dict(record, version=data.draw(st.sampled_from([0, 3, "1", None, 1.5])))
    assert _field(bad, cl.Game.from_record).field == "version"
    bad = dict(record, format="carnegie_lab.position")
    assert _field(bad, cl.Game.from_record).field == "format"
    bad = dict(record)
    del bad["actions"]
    assert _field(bad, cl.Game.from_record).field == "actions"
    bad = dict(record, actions=data.draw(st.sampled_from(["choose HR", None, 3, ["choose HR", 4]])))
    assert _field(bad, cl.Game.from_record).field == "actions"
    bad = dict(record, options=dict(record["options"], seed="7"))
    assert _field(bad, cl.Game.from_record).field == "options.seed"

    if not record["actions"]:
        return
    # an action that is illegal (or not notation at all) where it stands
    i = data.draw(st.integers(0, len(record["actions"]) - 1), label="index")
    before = cl.Game.from_record(dict(record, actions=record["actions"][:i]))
    legal = set(before.legal_actions())
    rng = random.Random(data.draw(seeds, label="rng"))
    wrong = next(str(a) for a in iter(lambda: random_action(rng), None) if a not in legal)
    wrong = data.draw(st.sampled_from([wrong, "fly away"]), label="wrong")
    actions = list(record["actions"])
    actions[i] = wrong
    error = _field(dict(record, actions=actions), cl.Game.from_record)
    assert error.field == f"actions[{i}]" and f"actions[{i}]" in str(error)
    assert repr(wrong) in str(error)


@SETTINGS
@given(players=player_counts, seed=seeds, decisions=st.integers(0, 120), data=st.data())
def test_corrupt_positions_name_the_field(players, seed, decisions, data):
    game = _midgame(players, seed, decisions)
    position = game.to_position()
    load = cl.Game.from_position
    pi = data.draw(st.integers(0, players - 1), label="player")
    where = f"state.players[{pi}]"

    assert _field(dict(position, version=3), load).field == "version"
    assert _field(dict(position, format="carnegie_lab.record"), load).field == "format"

    bad = copy.deepcopy(position)
    key = data.draw(st.sampled_from(["money", "goods", "discs", "vp", "supply"]), label="key")
    bad["state"]["players"][pi][key] = str(bad["state"]["players"][pi][key])
    error = _field(bad, load)
    assert error.field == f"{where}.{key}" and f"{where}.{key}" in str(error)

    bad = copy.deepcopy(position)
    bad["state"]["players"][pi]["money"] = -1
    assert _field(bad, load).field == f"{where}.money"

    bad = copy.deepcopy(position)
    city = data.draw(st.sampled_from(["atlantis/0", "pittsburgh/9", "new_york", "boston/x"]), label="site")
    bad["state"]["board"]["sites"][city] = [pi, "H"]
    assert _field(bad, load).field == f"state.board.sites.{city}"

    bad = copy.deepcopy(position)
    extra = data.draw(st.sampled_from([-1, 1, 2]), label="extra")
    if bad["state"]["players"][pi]["supply"] + extra >= 0:
        bad["state"]["players"][pi]["supply"] += extra
        error = _field(bad, load)
        assert error.field == where and f"{K.employees_total + extra} employees" in str(error)

    bad = copy.deepcopy(position)
    del bad["state"]["players"][pi]["cells"]
    assert _field(bad, load).field == f"{where}.cells"

    bad = copy.deepcopy(position)
    bad["state"]["board"]["donations"]["bake_sale"] = [pi]
    assert _field(bad, load).field == "state.board.donations.bake_sale"

    assert _field("{not json", load).field == "(json)"


def test_corrupt_start_of_a_record_names_the_start_field():
    game = cl.Game.from_position(_midgame(3, 5, 40).to_position())
    game.apply(game.legal_actions()[0])
    record = game.to_record()
    record["start"]["players"][1]["money"] = "12"
    assert _field(record, cl.Game.from_record).field == "start.players[1].money"


def test_a_position_with_forced_steps_pending_still_replays_and_undoes():
    """A hand-edited position may need automatic steps (a lone ``done``) first: the game's start,
    its record and undo() begin after them, where its first action was chosen."""
    game = new_game(2, 1)
    while game.decision.kind != "setup":
        game.apply(game.legal_actions()[0])
    position = game.to_position()
    position["state"]["flow"]["moves"] = 0          # no setup move left: "done" is automatic
    restored = cl.Game.from_position(position)
    first = restored.legal_actions()
    assert [a.verb for a in first if a.verb not in ("sell", "done")]
    restored.apply(first[0])
    assert dump(cl.Game.from_record(json_round_trip(restored.to_record()))) == dump(restored)
    restored.undo()
    assert restored.legal_actions() == first


def _first_site(state):
    return next(iter(state["board"]["sites"]))


def _first_donation(state):
    return next(iter(state["board"]["donations"]))


# Each corruption passes records.state_from_dict; the game then crashes with a Python error (or has
# no legal action) instead of the load raising RecordError.
UNCHECKED = {
    "a site that is not [owner, type]": lambda s: s["board"]["sites"].__setitem__(_first_site(s), [0]),
    "a list inside a donation stack": lambda s: s["board"]["donations"].__setitem__(_first_donation(s), [[0]]),
    "a project tab that is not [revealed, built]": lambda s: s["players"][0]["tabs"].__setitem__("C", []),
    "an unknown tab side": lambda s: s["players"][0].__setitem__("tab_side", "Z"),
    "an unknown reserved department": lambda s: s["players"][0].__setitem__("reserve", "nothing"),
    "an unknown phase": lambda s: s["flow"].__setitem__("phase", "bogus"),
    "an event row off the timeline": lambda s: s["flow"].__setitem__("event_row", 9),
}


@pytest.mark.parametrize("corrupt", list(UNCHECKED.values()), ids=list(UNCHECKED))
def test_a_corrupt_position_is_a_record_error_or_a_playable_game(corrupt):
    position = _midgame(3, 5, 150).to_position()
    corrupt(position["state"])
    try:
        game = cl.Game.from_position(position)
    except cl.RecordError:
        return
    play(game, Chooser([], 1))          # a position that loads must play to the end

"""Hostile inputs (the generators of fuzz.py beside this file, driven by hypothesis): mutated actions at every kind
of decision, dropped / retyped / out-of-range fields of records and positions at several stages of a
game (setup, mid-turn, an HR Administration relocation, solo, over), fields of a position's flow set to
other values of their type, and broken JSON text. Each one must give a valid result (a legal action
applied; a loaded game that obeys the laws and plays on) or a CarnegieError, and a refused action must
leave the game as it was. ``python tests/property/fuzz.py`` runs 100,000 of them. Then the positions the
fuzzing found, which loaded and crashed in play (or broke a law a move later): each refused, naming its
field."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import fuzz  # tests/property/fuzz.py (pytest puts this folder on sys.path)
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carnegie_lab as cl
from carnegie_lab.core.state import DecisionKind
from carnegie_lab.rules.laws import AT_REST

FUZZ = settings(max_examples=400, deadline=None)     # a fixed number in every profile (inputs are cheap)
draws = st.integers(0, 2**32 - 1)


@lru_cache(maxsize=None)
def stages() -> list[tuple[str, cl.Game]]:
    return fuzz.stages(2024)


@lru_cache(maxsize=None)
def every_kind() -> dict[str, cl.Game]:
    """A game at each kind of decision (random games of every mode until all kinds were met)."""
    found: dict[str, cl.Game] = {}
    for seed in range(60):
        options = [{}, {"departments": "base+expansion"}, {"solo_level": 1 + seed % 4}][seed % 3]
        names = ["Ada"] if "solo_level" in options else ["Ada", "Bo", "Cy", "Di"][:2 + seed % 3]
        game, rng = cl.new_game(names, seed=seed, **options), random.Random(seed)
        while True:
            found.setdefault(str(game.decision.kind), game.copy())
            if game.is_over:
                break
            legal = game.legal_actions()
            active = [a for a in legal if a.verb not in ("done", "sell")]
            game.apply(rng.choice(active) if active and rng.random() < 0.9 else rng.choice(legal))
    found.setdefault("relocate", stages()[2][1])
    return found


def test_every_kind_of_decision_is_met():
    """All but "arrival" (a second lobby is rare in random play; its frame is fuzzed in positions)."""
    assert set(every_kind()) == {str(k) for k in DecisionKind} - {"arrival"}


@FUZZ
@given(draw=draws, kind=st.sampled_from(sorted(every_kind())))
def test_mutated_actions_are_applied_or_refused_without_a_trace(draw, kind):
    assert fuzz.try_action(every_kind()[kind], random.Random(draw)) in ("applied", "rejected")


@FUZZ
@given(draw=draws, stage=st.integers(0, 4))
def test_mutated_records_and_positions_load_lawfully_or_are_refused(draw, stage):
    assert fuzz.try_loading(stages()[stage][1], random.Random(draw)) in ("valid", "rejected")


@FUZZ
@given(draw=draws, stage=st.integers(0, 4))
def test_positions_with_another_flow_load_lawfully_or_are_refused(draw, stage):
    try:
        loaded = cl.Game.from_position(fuzz.mutate_flow(stages()[stage][1], random.Random(draw)))
    except cl.CarnegieError:
        return
    fuzz.lawful(loaded, random.Random(draw))


@FUZZ
@given(draw=draws, stage=st.integers(0, 4), record=st.booleans())
def test_broken_json_text_is_refused(draw, stage, record):
    game = stages()[stage][1]
    text = json.dumps(game.to_record() if record else game.to_position())
    load = cl.Game.from_record if record else cl.Game.from_position
    try:
        loaded = load(fuzz.mutate_text(text, random.Random(draw)))
    except cl.CarnegieError:
        return
    fuzz.lawful(loaded, random.Random(draw))


@pytest.mark.parametrize("value", fuzz.ODD_VALUES[:20])
def test_odd_values_as_public_inputs(value):
    """Every public entry point, given an odd value, raises a CarnegieError or works."""
    game = stages()[1][1]
    for call in (game.apply, game.parse, game.describe, cl.Game.from_record, cl.Game.from_position,
                 cl.load_components, lambda v: cl.new_game(v), lambda v: cl.new_game(["Ada", "Bo"], seed=v)):
        try:
            call(value)
        except cl.CarnegieError:
            pass


# -- positions the laws refuse (found by fuzzing: they loaded, then crashed or broke a law in play) -------

def position_where(until, names=("Ada", "Bo", "Cy"), seed: int = 7, **options) -> dict:
    """The position of a random game (expansion tiles in play) at the first decision where ``until``."""
    game, rng = cl.new_game(list(names), seed=seed, departments="expansion-open-bar", **options), random.Random(seed)
    while not until(game):
        assert not game.is_over, "no such position in this game"
        legal = game.legal_actions()
        active = [a for a in legal if a.verb not in ("done", "sell")]
        game.apply(rng.choice(active) if active and rng.random() < 0.9 else rng.choice(legal))
    return game.to_position()


def refused(position: dict, field: str, **flow) -> str:
    """The position loads; with these flow fields changed it is refused, naming ``field``."""
    cl.Game.from_position(position)
    bad = json.loads(json.dumps(position))
    bad["state"]["flow"].update(flow)
    with pytest.raises(cl.RecordError) as error:
        cl.Game.from_position(bad)
    assert error.value.field == f"state.{field}", str(error.value)
    return str(error.value)


def owns(position: dict, seat: int, dept: str) -> bool:
    return dept in position["state"]["players"][seat]["cells"].values()


VALUES = {"chosen": "HR", "event_row": 0, "income": "west", "donation": True, "income_open": True,
          "donation_open": True, "turn_type": "HR", "hr_moves": 3, "open": "a1", "uses": 1, "closed": ["a1"],
          "moves": 1, "study": 1, "diagonal": True, "payroll": True}


@pytest.mark.parametrize("name", sorted(AT_REST))
def test_a_flow_field_the_phase_does_not_use_rests(name):
    """In the setup's first decision no field but the phase, the decider and the order holds anything."""
    assert set(VALUES) == set(AT_REST)
    refused(cl.new_game(["Ada", "Bo"], seed=1).to_position(), f"flow.{name}", **{name: VALUES[name]})


def test_income_and_a_donation_are_open_only_when_the_event_gives_them():
    # was: AssertionError in rules/events.py (_income_candidates) when the event takes no income
    event = position_where(lambda g: g.decision.kind == "event" and g.state.flow.income is None)
    refused(event, "flow.income_open", income_open=True)
    event = position_where(lambda g: g.decision.kind == "event" and not g.state.flow.donation)
    refused(event, "flow.donation_open", donation_open=True)
    refused(event, "flow.income_open", phase="turn", income_open=True, turn_type=event["state"]["flow"]["chosen"])


def test_the_event_is_the_chosen_row_s():
    event = position_where(lambda g: g.decision.kind == "event" and g.state.flow.income is not None)
    flow = event["state"]["flow"]
    refused(event, "flow.income", income=next(r for r in ("west", "east") if r != flow["income"]))
    refused(event, "flow.event_row", event_row=(flow["event_row"] + 1) % 4)


def test_a_turn_s_flags_come_from_the_player_s_departments():
    # was: LookupError "has no department with 'activation_cost'" at the activation of a turn with payroll
    turn = position_where(lambda g: g.decision.kind == "turn" and g.round >= 3)
    seat = turn["state"]["flow"]["player"]
    assert not owns(turn, seat, "payroll_management") and not owns(turn, seat, "corporate_communications")
    refused(turn, "flow.payroll", payroll=True)
    refused(turn, "flow.diagonal", diagonal=True)
    after = position_where(lambda g: g.decision.kind == "choose" and g.round >= 3)
    refused(after, "flow.payroll", payroll=True)                         # left by a turn without it
    cl.Game.from_position(position_where(lambda g: g.decision.kind == "turn" and g.state.flow.payroll, seed=23))


def cells_of_type(position: dict, seat: int, kind: str, same: bool) -> list[str]:
    """The seat's department cells whose type is (``same``) or is not ``kind``."""
    departments = cl.new_game(["Ada", "Bo"]).rules.components.departments
    return [cell for cell, dept in position["state"]["players"][seat]["cells"].items()
            if dept in departments and (departments[dept].type == kind) == same]


def test_a_turn_uses_the_chosen_type_and_the_decider_s_departments_each_once():
    turn = position_where(lambda g: g.decision.kind == "turn" and g.round >= 3 and g.state.flow.player ==
                          g.state.flow.first and not g.state.flow.closed and g.state.flow.open is None)
    flow = turn["state"]["flow"]
    seat, kind = flow["player"], flow["turn_type"]
    refused(turn, "flow.turn_type", turn_type=next(t for t in ("HR", "MG", "CO", "RD") if t != kind))
    [other, *_] = cells_of_type(turn, seat, kind, same=False)
    refused(turn, "flow.closed", closed=[other])
    [own, *_] = cells_of_type(turn, seat, kind, same=True)
    refused(turn, "flow.closed", closed=[own, own])
    refused(turn, "flow.uses", open=own, uses=0)


def test_the_players_still_to_act_are_the_phase_s():
    event = position_where(lambda g: g.decision.kind == "event" and len(g.state.flow.order) == 2)
    refused(event, "flow.order", order=event["state"]["flow"]["order"][::-1])
    refused(event, "flow.order", order=event["state"]["flow"]["order"][:1])


def test_a_setup_phase_moved_back_is_refused():
    # was: the next action broke the tab law (a second starting Housing project)
    reserve = position_where(lambda g: g.decision.kind == "reserve")
    refused(reserve, "flow.phase", phase="house")
    setup = position_where(lambda g: g.decision.kind == "setup")
    refused(setup, "flow.order", phase="reserve")                         # reserves go the other way round


def test_a_finished_position_keeps_its_permanent_employees():
    over = position_where(lambda g: g.is_over, names=("Ada", "Bo"))
    player = over["state"]["players"][0]
    hr = next(cell for cell, dept in player["cells"].items() if dept == "human_resources")
    bad = json.loads(json.dumps(over))
    del bad["state"]["players"][0]["standing"][hr]
    bad["state"]["players"][0]["supply"] += len(player["standing"][hr])     # employees conserved
    with pytest.raises(cl.RecordError) as error:
        cl.Game.from_position(bad)
    assert error.value.field == f"state.players[0].standing.{hr}", str(error.value)

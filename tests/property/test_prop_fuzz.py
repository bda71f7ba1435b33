"""Hostile inputs (benchmarks/fuzz.py's generators, driven by hypothesis): mutated actions at every kind
of decision, dropped / retyped / out-of-range fields of records and positions at several stages of a
game (setup, mid-turn, an HR Administration relocation, solo, over) and broken JSON text. Each one must
give a valid result (a legal action applied; a loaded game that obeys the laws and plays on) or a
CarnegieError, and a refused action must leave the game as it was. ``python benchmarks/fuzz.py`` runs
100,000 of them."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import random
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carnegie_lab as cl
from carnegie_lab.state import DecisionKind

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("fuzz", ROOT / "benchmarks" / "fuzz.py")
assert _spec is not None and _spec.loader is not None
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

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

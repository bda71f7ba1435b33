"""A slow reference for the legal actions, independent of the rules' candidate generators.

At the current decision the reference writes every action the notation allows (each pattern of
``game.rules.grammar`` filled with every value of its argument kinds: every company cell, city,
region, project type, action type, count 1..12, department code and donation id) and keeps the ones
that ``loop.illegal_reason`` accepts. ``legal_actions()`` must list exactly those, each once: no
legal action missed, none listed that the check refuses. Checked at many positions of random games
(2-4 players and solo, base, expansion and open-bar tiles, tab sides A and B) and at every decision
of whole games (make test: a third of the profile's examples of random positions; all of them and the whole
games are ``slow``).
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from prop_support import EXAMPLES, Chooser, choices, dump, new_game, pick, seeds, variants

import carnegie_lab as cl
from carnegie_lab.core.actions import COUNT, Action
from carnegie_lab.rules.loop import illegal_reason

#: counts are written 1..12 (more employees, goods or spaces than that never come up in practice; a
#: listed action with a larger count is outside the reference's vocabulary and checked on its own)
COUNTS = range(1, 13)
#: decisions checked one after the other in each drawn game (the reference costs ~10 ms a decision)
CAP = 40
#: whole games checked at every decision: an eighth of the profile's examples (3 in ci, 12 in dev)
WHOLE_GAMES = max(2, settings().max_examples // 8)

players_or_solo = st.sampled_from([1, 2, 3, 4])        # 1: solo against Andrew
solo_levels = st.integers(1, 4)


def start(players: int, seed: int, options: dict, level: int) -> cl.Game:
    if players == 1:
        options = dict(options, solo_level=level)
    event(f"{'solo' if players == 1 else f'{players} players'}, {options['departments']}, tab {options['tab_side']}")
    return new_game(players, seed, **options)


def vocabulary(game: cl.Game) -> dict[str, list[str]]:
    comps = game.components
    return {
        "cell": list(comps.company.cells),
        "city": list(comps.cities),
        "region": list(comps.regions),
        "project": ["H", "C", "I", "P"],
        "type": ["HR", "MG", "CO", "RD"],
        COUNT: [str(n) for n in COUNTS],
        "name": list(game.rules.by_code) + list(comps.donations),
    }


def every_action(game: cl.Game) -> list[Action]:
    """Every syntactically valid action of the game's grammar over the vocabulary (~2,500)."""
    words = vocabulary(game)
    out = []
    for verb, patterns in game.rules.grammar.items():
        for pattern in patterns:
            values = [[kind[1:]] if kind.startswith("=") else words[kind] for kind in pattern]
            out.extend(Action(verb, args) for args in itertools.product(*values))
    assert len(set(out)) == len(out)
    return out


def _beyond_vocabulary(action: str) -> bool:
    return any(word.isdigit() and int(word) not in COUNTS for word in action.split()[1:])


def check_against_reference(game: cl.Game, everything: list[Action]) -> None:
    before = dump(game)
    reference = {str(a) for a in everything if illegal_reason(game.state, a) is None}
    assert dump(game) == before, "illegal_reason changed the position"
    listed = [str(a) for a in game.legal_actions()]
    assert len(listed) == len(set(listed)), f"listed twice: {sorted(a for a in listed if listed.count(a) > 1)}"
    beyond = {a for a in listed if _beyond_vocabulary(a)}
    for text in beyond:
        assert illegal_reason(game.state, game.parse(text)) is None, f"{text} is listed but refused"
    missed, refused = reference - set(listed), set(listed) - beyond - reference
    where = (f"round {game.round}, decision {len(game.actions)} ({game.decision.kind}: {game.decision.prompt}), "
             f"options {game.to_record()['options']}")
    assert not missed and not refused, (f"legal_actions() differs from the reference at {where}:\n"
                                        f"  legal but not listed: {sorted(missed)}\n"
                                        f"  listed but refused: {sorted(refused)}")
    if game.is_over:
        assert listed == [] and reference == set()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_legal_actions_are_the_reference_at_random_positions(examples):
    """Random positions anywhere in a game: the next CAP decisions are checked."""
    @settings(deadline=None, max_examples=examples)
    @given(players=players_or_solo, level=solo_levels, seed=seeds, drawn=choices, options=variants,
           skip=st.integers(0, 400))
    def positions(players, level, seed, drawn, options, skip):
        game = start(players, seed, options, level)
        everything = every_action(game)
        chooser = Chooser(drawn, seed)
        for _ in range(skip):
            if game.is_over:
                break
            game.apply(pick(game.legal_actions(), chooser.next()))
        for _ in range(CAP):
            check_against_reference(game, everything)
            if game.is_over:
                break
            game.apply(pick(game.legal_actions(), chooser.next()))
    positions()


@pytest.mark.slow
@settings(deadline=None, max_examples=WHOLE_GAMES)
@given(players=players_or_solo, level=solo_levels, seed=seeds, drawn=choices, options=variants)
def test_legal_actions_are_the_reference_at_every_decision_of_a_game(players, level, seed, drawn, options):
    game = start(players, seed, options, level)
    everything = every_action(game)
    chooser = Chooser(drawn, seed)
    checked = 0
    while True:
        check_against_reference(game, everything)
        checked += 1
        if game.is_over:
            break
        game.apply(pick(game.legal_actions(), chooser.next()))
    assert checked == len(game.actions) + 1

"""Shared helpers of the property tests: the random player, playouts, invariants, action generators.

The random player is ``pick`` from ``benchmarks/bench_engine.py`` (loaded from that file, so the tests
and the benchmark explore the same games): a drawn choice index ``u`` picks a non-done/sell action
85% of the time when there is one, otherwise any legal action.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import random
from typing import Callable

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import carnegie_lab as cl
from carnegie_lab.core.actions import CELL, CITY, COUNT, NAME, PROJECT, REGION, TYPE, Action, parse
from carnegie_lab.core.loader import components
from carnegie_lab.core.state import NEUTRAL
from carnegie_lab.rules import laws
from carnegie_lab.rules.research import discs_on_tab
from carnegie_lab.rules.ruleset import ruleset_for

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_engine", ROOT / "benchmarks" / "bench_engine.py")
bench_engine = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_engine)
pick = bench_engine.pick

C = components()
K = C.constants
#: the notation of the default rules (every game of these tests plays on the default components)
GRAMMAR = ruleset_for(None).grammar
NAMES = ["Ada", "Bo", "Cy", "Di"]
MAX_DECISIONS = 5000            # far above any real game (a random 4-player game takes ~300)

#: A costly property's number of examples, a pytest parameter: make test checks a third of the profile's
#: (HYPOTHESIS_PROFILE=ci: 8), make test-slow (CI) all of them.
EXAMPLES = [pytest.param(max(2, settings().max_examples // 3), id="third"),
            pytest.param(settings().max_examples, id="all", marks=pytest.mark.slow)]

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=2**30), max_size=150)
player_counts = st.sampled_from([2, 3, 4])
#: game options besides the players: the base game most of the time, the expansion tiles and tab side B too
variants = st.fixed_dictionaries({
    "departments": st.sampled_from(["base", "base", "base+expansion", "expansion-open-bar"]),
    "tab_side": st.sampled_from(["A", "A", "B"]),
})


def new_game(players: int, seed: int, **options) -> cl.Game:
    return cl.new_game(NAMES[:players], seed=seed, **options)


def dump(game: cl.Game) -> str:
    """The position as canonical JSON text (byte-for-byte comparisons)."""
    return json.dumps(game.to_position(), sort_keys=True)


class Chooser:
    """Choice indices: the drawn ones first, then a deterministic stream seeded by the game seed."""

    def __init__(self, drawn: list[int], seed: int):
        self.drawn, self.rng, self.k = drawn, random.Random(seed), 0

    def next(self) -> int:
        u = self.drawn[self.k] if self.k < len(self.drawn) else self.rng.getrandbits(30)
        self.k += 1
        return u


def play(game: cl.Game, chooser: Chooser, *, limit: int | None = None,
         each: Callable[[cl.Game, Action, list[Action]], None] | None = None) -> int:
    """Play random legal actions until the game is over (or `limit` decisions); `each(game, action,
    legal_before)` runs after every action. Returns the number of decisions played."""
    played = 0
    while not game.is_over and (limit is None or played < limit):
        assert played < MAX_DECISIONS, "the game does not end"
        legal = game.legal_actions()
        assert legal, f"no legal action but the game is not over: {game.decision}"
        action = pick(legal, chooser.next())
        game.apply(action)
        played += 1
        if each is not None:
            each(game, action, legal)
    return played


# -- invariants ------------------------------------------------------------------------------------

def check_invariants(game: cl.Game) -> None:
    """The laws of the rules (the loader's own check, run here in debug mode) and the counts below."""
    laws.check(game.state)
    state = game.state
    n = len(state.players)
    owners = set(range(n)) | {NEUTRAL}
    for pi, p in enumerate(state.players):
        who = f"{p.name} (seat {pi})"
        for key in ("money", "goods", "discs", "supply", "vp", "donations"):
            assert getattr(p, key) >= 0, f"{who}: negative {key} {getattr(p, key)}"
        assert all(v >= 0 for v in p.lying.values()), f"{who}: negative lying {p.lying}"
        assert all(v >= 0 for v in p.missions.values()), f"{who}: negative missions {p.missions}"
        total = (sum(p.lying.values()) + sum(len(s) for s in p.standing.values())
                 + sum(p.missions.values()) + p.supply)
        assert total == K.employees_total, f"{who}: {total} employees"
        for cell, occupied in p.standing.items():
            dept = p.cells.get(cell)
            assert dept not in (None, "lobby"), f"{who}: standing outside a department in {cell}"
            assert occupied == sorted(set(occupied)), f"{who}: workstations {occupied} in {cell}"
            assert all(0 <= w < len(C.departments[dept].workstations) for w in occupied)
        assert all(cell in C.company.cells for cell in p.lying), f"{who}: lying {p.lying}"
        # every disc is somewhere: supply, project tabs, map, donation chart, transport tracks
        # (plus one more, which never leaves the box in the base game)
        on_map = sum(1 for owner, _ in state.board.sites.values() if owner == pi)
        assert on_map == sum(built for _, built in p.tabs.values()), f"{who}: {on_map} discs on the map"
        donated = sum(1 for stack in state.board.donations.values() if pi in stack)
        assert donated == p.donations, f"{who}: {p.donations} donations but in {donated} stacks"
        on_tabs = sum(discs_on_tab(game.rules, p, t) for t in p.tabs)
        assert on_tabs >= 0
        discs = p.discs + on_tabs + on_map + donated + len(p.tracks) + 1
        assert discs == K.discs_total, f"{who}: {discs} discs in all"
    for key, (owner, ptype) in state.board.sites.items():
        city, _, index = key.partition("/")
        assert city in C.cities and 0 <= int(index) < len(C.cities[city].sites), f"site {key}"
        assert owner in owners, f"site {key}: owner {owner!r}"
        assert (ptype is None) == (owner == NEUTRAL), f"site {key}: type {ptype!r} of {owner!r}"
    for donation, stack in state.board.donations.items():
        assert donation in C.donations
        assert stack, f"empty donation stack {donation}"
        assert len(set(stack)) == len(stack), f"donation {donation}: owners repeat {stack}"
        assert all(o in owners for o in stack), f"donation {donation}: owners {stack}"
        assert NEUTRAL not in stack[1:], f"donation {donation}: a neutral disc on top of {stack}"
    for name, score in game.scores().items():
        parts = score.as_dict()
        total = parts.pop("total")
        assert total == sum(parts.values()) == score.total, f"{name}: {score}"
    assert 0 <= game.round <= K.rounds
    if game.is_over:
        assert game.legal_actions() == []
        assert game.decision.kind == "over" and game.current_player is None
    else:
        legal = game.legal_actions()
        assert legal, f"no legal action: {game.decision}"
        assert len(set(legal)) == len(legal), "an action is listed twice"
        assert game.decision.player == game.current_player == state.flow.player


def check_notation(legal: list[Action]) -> None:
    for action in legal:
        text = str(action)
        assert parse(text, GRAMMAR) == action, text
        assert " ".join(text.split()) == text


# -- syntactically valid actions from the GRAMMAR ----------------------------------------------------

CODES = sorted(d.code for d in C.departments.values())
VOCAB: dict[str, list[str]] = {
    CELL: list(C.company.cells),
    CITY: list(C.cities) + ["atlantis"],
    REGION: list(C.regions) + ["north"],
    PROJECT: ["H", "C", "I", "P"],
    TYPE: ["HR", "MG", "CO", "RD"],
    COUNT: [str(n) for n in (1, 2, 3, 4, 5, 9, 10, 99)],
    NAME: CODES + list(C.donations) + ["nothing"],
}
FORMS = [(verb, pattern) for verb, patterns in GRAMMAR.items() for pattern in patterns]


def _token_strategy(kind: str) -> st.SearchStrategy[str]:
    if kind.startswith("="):
        return st.just(kind[1:])
    if kind == COUNT:
        return st.integers(1, 99).map(str)
    if kind in (CITY, REGION, NAME):
        return st.sampled_from(VOCAB[kind]) | st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)
    return st.sampled_from(VOCAB[kind])


def grammar_actions() -> st.SearchStrategy[Action]:
    """Every action the notation can express (known ids most of the time, made-up names too)."""
    return st.sampled_from(FORMS).flatmap(
        lambda form: st.tuples(*(_token_strategy(k) for k in form[1])).map(
            lambda args: Action(form[0], tuple(args))))


def random_action(rng: random.Random) -> Action:
    verb, pattern = rng.choice(FORMS)
    return Action(verb, tuple(k[1:] if k.startswith("=") else rng.choice(VOCAB[k]) for k in pattern))


def mutate(action: Action, rng: random.Random) -> Action:
    """The same verb with one argument replaced by another value of the same kind (near misses)."""
    pattern = next((p for p in GRAMMAR[action.verb] if len(p) == len(action.args) and all(
        arg == k[1:] for k, arg in zip(p, action.args) if k.startswith("="))), None)
    kinds = [i for i, k in enumerate(pattern or ()) if not k.startswith("=")]
    if not kinds:
        return random_action(rng)
    i = rng.choice(kinds)
    args = list(action.args)
    args[i] = rng.choice(VOCAB[pattern[i]])
    return Action(action.verb, tuple(args))

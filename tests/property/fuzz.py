"""Hostile inputs for the engine's public entry points: mutated actions, records, positions and JSON.

    python tests/property/fuzz.py [--inputs N] [--seed S]

Each input is drawn from a seeded RNG and fed to ``Game.apply``, ``Game.parse``, ``Game.from_record``
or ``Game.from_position``. The only acceptable outcomes are a valid result (an applied legal action;
a loaded game that obeys the laws of the rules, has something to decide unless it is over, and plays
on) or a ``CarnegieError``, with a refused action leaving the game exactly as it was. Anything else is
a crash and is printed. ``tests/property/test_prop_fuzz.py`` runs the same generators under
hypothesis; this script runs many more of them and reports the figures of docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
import traceback
from collections import Counter
from typing import Any, Callable, Iterator

import carnegie_lab as cl
from carnegie_lab.core.state import Phase
from carnegie_lab.rules import laws

NAMES = ["Ada", "Bo", "Cy", "Di"]

#: values a field is replaced with: wrong types, out of range, huge, odd text
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 7, 19, 20, 21, 99, 10**30, -(10**30), 1.5, float("nan"),
                         "", "x", "Ada", "lobby", "andrew", "neutral", "over", "turn", "a1", "e9", "H", "MG", "9" * 500,
                         [], [1], [None], ["x"], [0, 0], [[]], {}, {"kind": []}, {"x": 1}, "é", "\x00"]
ODD_TOKENS = ["", " ", "0", "00", "-1", "100", "9" * 5000, "a0", "z9", "H", "h", "to", "money", "Ä", "\n", "done",
              "MG", "west", "atlantis", "lobby", "raise", "cut", "at", "1.5", "None", "[]", "{}", "\x00"]


# -- positions to start from ---------------------------------------------------------------------------

def _played(game: cl.Game, rng: random.Random, until: Callable[[cl.Game], bool], limit: int = 2000) -> cl.Game:
    for _ in range(limit):
        if until(game) or game.is_over:
            break
        legal = game.legal_actions()
        active = [a for a in legal if a.verb not in ("done", "sell")]
        game.apply(rng.choice(active) if active and rng.random() < 0.85 else rng.choice(legal))
    return game


def _relocation(rng: random.Random) -> cl.Game:
    """A turn position edited into an HR Administration relocation (a lawful interrupt)."""
    game = _played(cl.new_game(NAMES[:3], seed=rng.randrange(10**6), departments="base+expansion"), rng,
                   lambda g: g.decision.kind == "turn" and len(g.actions) > 60)
    if game.is_over:
        return game
    position = game.to_position()
    position["state"]["flow"]["stack"] = [{"kind": "relocate", "count": 2}]
    return cl.Game.from_position(position)


def stages(seed: int) -> list[tuple[str, cl.Game]]:
    """Games at several stages: setup, mid-turn, a relocation, solo, over (and others on the way)."""
    rng = random.Random(seed)
    fresh = cl.new_game(NAMES[:rng.randint(2, 4)], seed=rng.randrange(10**6))
    mid = _played(cl.new_game(NAMES[:4], seed=rng.randrange(10**6)), rng, lambda g: g.round >= 8 and
                  g.decision.kind == "turn")
    solo = _played(cl.new_game(NAMES[:1], seed=rng.randrange(10**6), solo_level=rng.randint(1, 4)), rng,
                   lambda g: g.round >= 6)
    over = _played(cl.new_game(NAMES[:2], seed=rng.randrange(10**6), departments="expansion-open-bar"), rng,
                   lambda g: False)
    return [("setup", fresh), ("mid-turn", mid), ("relocation", _relocation(rng)), ("solo", solo), ("over", over)]


# -- mutations -----------------------------------------------------------------------------------------

def _paths(data: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path to a value inside a JSON tree (keys and indices)."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*prefix, i))


def mutate_tree(data: Any, rng: random.Random) -> Any:
    """A copy of a JSON tree with one to three fields dropped, retyped, pushed out of range or added."""
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key, roll = path[-1], rng.random()
        if roll < 0.2 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.3 and isinstance(parent, list):
            parent.pop(key)
        elif roll < 0.4 and isinstance(parent, dict):
            parent[rng.choice(["extra", "kind", "count", "x"])] = rng.choice(ODD_VALUES)
        elif roll < 0.5 and isinstance(parent[key], list):
            parent[key] = parent[key] + parent[key][:1] if parent[key] else [rng.choice(ODD_VALUES)]
        elif roll < 0.7 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = parent[key] + rng.choice((-3, -2, -1, 1, 2, 3, 10, -100))
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


def _flow_values(game: cl.Game, position: dict) -> dict[str, list[Any]]:
    """For each field of a position's flow, values of its type the field could be set to: what the
    checks of types and ids let through and only the laws of the rules can refuse."""
    C, state = game.rules.components, position["state"]
    n, decider = len(state["players"]), state["flow"]["player"]
    cells = list(state["players"][decider]["cells"]) if decider is not None else ["a1"]
    counts = list(range(7))
    frames = [{"kind": "arrival", "count": 1}, {"kind": "relocate", "count": 2}, {"kind": "activate"},
              {"kind": "property", "cell": cells[0]}]
    return {
        "phase": [str(phase) for phase in Phase], "player": [None, *range(n)], "round": [0, 1, 2, 19, 20],
        "first": list(range(n)), "chosen": [None, *C.timeline.rows], "turn_type": [None, *C.timeline.rows],
        "event_row": [None, *range(len(C.timeline.rows))], "income": [None, *C.regions],
        **{flag: [False, True] for flag in ("donation", "income_open", "donation_open", "diagonal", "payroll")},
        **{count: counts for count in ("hr_moves", "uses", "moves", "study")},
        "open": [None, *cells], "closed": [[], cells[:1], cells[:2]], "order": [[], [0], [n - 1], list(range(n))],
        "stack": [[], *([frame] for frame in frames)]}


def mutate_flow(game: cl.Game, rng: random.Random) -> dict:
    """The game's position with one to three fields of its flow (a flag, the phase, the row, the event,
    a count, a department in use, the order or an interrupt) set to another value of their type."""
    position = game.to_position()
    flow, values = position["state"]["flow"], _flow_values(game, position)
    for _ in range(rng.choice((1, 1, 2, 3))):
        key = rng.choice(sorted(values))
        flow[key] = copy.deepcopy(rng.choice([v for v in values[key] if v != flow[key]] or values[key]))
    return position


def mutate_text(text: str, rng: random.Random) -> str:
    """Broken JSON text: cut, spliced, deeply nested or with huge numbers."""
    roll = rng.random()
    if roll < 0.3:
        return text[:rng.randrange(len(text) + 1)]
    if roll < 0.5:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(['"', "{", "]", ",", "\\", "9" * 5000, "\x00", "\ud800", "NaN"]) + text[i:]
    if roll < 0.6:
        depth = rng.choice((100, 2000, 100_000))
        return "[" * depth + "]" * rng.choice((0, depth))
    if roll < 0.7:
        return text.replace("1", "1" + "0" * rng.choice((20, 5000)), 1)
    return json.dumps(mutate_tree(json.loads(text), rng))


def mutate_action(game: cl.Game, rng: random.Random) -> Any:
    """A near-legal action: a legal one with a token changed, dropped or added, or an odd object."""
    roll = rng.random()
    if roll < 0.08:
        return rng.choice([None, 1, 1.5, [], {}, b"done", ("done",), object()])
    if roll < 0.15:
        try:
            return cl.Action(rng.choice(ODD_TOKENS), tuple(rng.choice(ODD_TOKENS) for _ in range(rng.randint(0, 3))))
        except cl.CarnegieError:
            return rng.choice(ODD_TOKENS)
    legal = game.legal_actions() or [cl.Action("done")]
    tokens = str(rng.choice(legal)).split()
    for _ in range(rng.choice((1, 1, 2))):
        op = rng.random()
        if op < 0.35 and tokens:
            tokens[rng.randrange(len(tokens))] = rng.choice(ODD_TOKENS + [str(a).split()[-1] for a in legal[:5]])
        elif op < 0.55 and tokens:
            tokens.pop(rng.randrange(len(tokens)))
        elif op < 0.75:
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(ODD_TOKENS))
        else:
            tokens = [rng.choice(list(game.rules.grammar))] + tokens[1:]
    return " ".join(tokens)


# -- the checks ----------------------------------------------------------------------------------------

def lawful(game: cl.Game, rng: random.Random, steps: int = 6) -> None:
    """A loaded game obeys the laws, has something to decide unless over, and plays on lawfully."""
    for _ in range(steps + 1):
        laws.check(game.state)
        if game.is_over:
            return
        legal = game.legal_actions()
        assert legal, f"nobody can act: {game.decision.prompt}"
        game.apply(rng.choice(legal))


def try_action(game: cl.Game, rng: random.Random) -> str:
    action = mutate_action(game, rng)
    before = json.dumps(game.to_position(), sort_keys=True)
    legal = {str(a) for a in game.legal_actions()}
    try:
        done = game.copy().apply(action)
    except cl.CarnegieError:
        assert json.dumps(game.to_position(), sort_keys=True) == before, "a refused action changed the game"
        return "rejected"
    assert str(done) in legal, f"{action!r} was applied but is not legal"
    return "applied"


def try_loading(game: cl.Game, rng: random.Random) -> str:
    roll = rng.random()
    try:
        if roll < 0.3:
            loaded = cl.Game.from_position(mutate_tree(game.to_position(), rng))
        elif roll < 0.45:
            loaded = cl.Game.from_position(mutate_flow(game, rng))
        elif roll < 0.8:
            loaded = cl.Game.from_record(mutate_tree(game.to_record(), rng))
        elif roll < 0.9:
            loaded = cl.Game.from_position(mutate_text(json.dumps(game.to_position()), rng))
        else:
            loaded = cl.Game.from_record(mutate_text(json.dumps(game.to_record()), rng))
    except cl.CarnegieError:
        return "rejected"
    lawful(loaded, rng)
    return "valid"


def one_input(games: list[tuple[str, cl.Game]], rng: random.Random) -> tuple[str, str]:
    """(the input class, its outcome) of one random input; raises on a crash."""
    stage, game = rng.choice(games)
    if rng.random() < 0.4:
        return f"action at {game.decision.kind}", try_action(game, rng)
    return f"record/position at {stage}", try_loading(game, rng)


def run(inputs: int, seed: int, stages_every: int = 2000) -> tuple[Counter, list[str]]:
    outcomes: Counter = Counter()
    crashes: list[str] = []
    rng = random.Random(seed)
    games = stages(seed)
    for i in range(inputs):
        if i and i % stages_every == 0:
            games = stages(seed + i)
        try:
            kind, outcome = one_input(games, rng)
            outcomes[outcome] += 1
            outcomes[f"{kind}: {outcome}"] += 1
        except Exception as e:                      # a crash: anything but a CarnegieError or a lawful result
            outcomes["crash"] += 1
            where = traceback.extract_tb(e.__traceback__)[-1]
            crashes.append(f"input {i}: {type(e).__name__}: {str(e)[:80]} at {where.filename}:{where.lineno} "
                           f"({where.line})")
    return outcomes, crashes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    started = time.process_time()
    outcomes, crashes = run(args.inputs, args.seed)
    print(f"{args.inputs:,} inputs (seed {args.seed}) in {time.process_time() - started:.0f} s CPU")
    for key in ("applied", "rejected", "valid", "crash"):
        print(f"  {key:10s} {outcomes[key]:>9,}")
    for key, count in sorted(outcomes.items()):
        if ":" in key:
            print(f"    {key:50s} {count:>8,}")
    for line in crashes[:20]:
        print("CRASH", line)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())

"""Write the golden game records of tests/golden/ (run by hand; never by the tests).

Each ``tests/golden/<name>.json`` is one seeded game played by a simple deterministic random policy
with the public API only (``cl.new_game``, ``legal_actions``, ``apply``, ``is_over``, ``to_record``,
``scores``, ``winners``). It holds:

- ``record``: ``game.to_record()`` exactly (options + the applied actions; forced steps are taken by
  the engine and are not in it);
- ``is_over``, ``round``, ``winners`` and ``scores`` (name -> ``ScoreBreakdown.as_dict()``) at the end;
- ``legal_digest``: sha256 (hex) of the concatenation, over every decision point from the start to
  the final position (before each applied action, and once at the end), of
  ``"|".join(str(a) for a in game.legal_actions()) + "\\n"``: it pins every legal-action list, in order;
- ``legal_counts``: ``len(game.legal_actions())`` at each of those points (for debugging a mismatch);
- ``name``, ``seed``, ``players``, ``options``, ``stop_after``, ``policy``: how the game was played.

The policy: ``rng = random.Random(seed)``; at each decision, when some legal action is neither
``done`` nor ``sell`` and ``rng.random() < 0.85``, pick uniformly (``rng.choice``) among those;
otherwise pick uniformly among all legal actions. Games are stopped at the end, or after
``stop_after`` applied actions.

The goldens pin the behaviour of the ORIGINAL engine, so generate them from a clean checkout of it,
not from a working tree being changed::

    git worktree add --detach /tmp/base HEAD         # (once) the commit whose behaviour is pinned
    PYTHONPATH=/tmp/base .venv/bin/python tools/make_golden.py

The script checks that ``carnegie_lab`` was imported from ``--engine`` (default /tmp/base) and
refuses otherwise; it replays every record it wrote and checks the stored values again. Give
``--engine .`` to regenerate from this checkout; only ever do that for an intended rules change,
recorded in docs/rules-decisions.md (see tests/golden/README.md). ``--check`` writes nothing and
reports which files would change.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import importlib.util
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"   # where the goldens are kept
PREFER = 0.85                 # chance of choosing among the actions other than done / sell
POLICY = (f"random.Random(seed); with probability {PREFER} choose uniformly among legal actions "
          "whose verb is not done/sell (when there are any), else uniformly among all legal actions")

TWO, THREE, FOUR = ["Ada", "Bo"], ["Ada", "Bo", "Cy"], ["Ada", "Bo", "Cy", "Di"]

#: name -> (player names, seed, new_game options, stop after this many actions or None).
#: The seeds were picked once, by a search over 1..300, for the most varied games under this policy
#: (distinct verbs applied + score categories that are not 0), all different; the tab side B games
#: are ones that play differently with side A. Changing a seed rewrites that golden.
GAMES: dict[str, tuple[list[str], int, dict, int | None]] = {
    "solo-level1": (["Ada"], 69, {"solo_level": 1}, None),
    "solo-level2": (["Ada"], 230, {"solo_level": 2}, None),
    "solo-level3": (["Ada"], 19, {"solo_level": 3}, None),
    "solo-level4": (["Ada"], 87, {"solo_level": 4}, None),
    "base-2p": (TWO, 62, {}, None),
    "base-3p": (THREE, 279, {}, None),
    "base-4p": (FOUR, 195, {}, None),
    "expansion-4p": (FOUR, 287, {"departments": "base+expansion"}, None),
    "open-bar-3p": (THREE, 235, {"departments": "expansion-open-bar"}, None),
    "tab-b-2p": (TWO, 262, {"tab_side": "B"}, None),
    "expansion-tab-b-4p": (FOUR, 56, {"departments": "base+expansion", "tab_side": "B"}, None),
    "midgame-expansion-3p": (THREE, 214, {"departments": "base+expansion"}, 150),
}


def choose(rng: random.Random, legal: list):
    preferred = [a for a in legal if a.verb not in ("done", "sell")]
    if preferred and rng.random() < PREFER:
        return rng.choice(preferred)
    return rng.choice(legal)


def legal_line(legal) -> str:
    return "|".join(str(a) for a in legal) + "\n"


def play(cl, names: list[str], seed: int, options: dict, stop_after: int | None):
    """Play one game; return it with the legal digest and counts of every decision point."""
    game = cl.new_game(names, seed=seed, **options)
    rng = random.Random(seed)
    digest, counts = hashlib.sha256(), []
    while True:
        legal = game.legal_actions()
        digest.update(legal_line(legal).encode())
        counts.append(len(legal))
        if game.is_over or (stop_after is not None and len(counts) > stop_after):
            break
        game.apply(choose(rng, legal))
    return game, digest.hexdigest(), counts


def golden(cl, name: str) -> dict:
    names, seed, options, stop_after = GAMES[name]
    game, digest, counts = play(cl, names, seed, options, stop_after)
    if stop_after is not None and game.is_over:
        raise SystemExit(f"{name}: over before {stop_after} actions; pick another seed or limit")
    if stop_after is None and not game.is_over:
        raise SystemExit(f"{name}: not over")
    return {
        "name": name, "seed": seed, "players": names, "options": options, "stop_after": stop_after,
        "policy": POLICY,
        "record": game.to_record(),
        "is_over": game.is_over,
        "round": game.round,
        "winners": game.winners(),
        "scores": {who: s.as_dict() for who, s in game.scores().items()},
        "legal_digest": digest,
        "legal_counts": counts,
    }


def replay_check(cl, data: dict) -> None:
    """The record, replayed, gives the stored values (catches a record that does not replay)."""
    record = data["record"]
    game = cl.Game.from_record(json.loads(json.dumps(record)))
    assert game.to_record() == record, data["name"]
    assert {w: s.as_dict() for w, s in game.scores().items()} == data["scores"], data["name"]
    assert (game.winners(), game.is_over, game.round) == (data["winners"], data["is_over"], data["round"])
    game = cl.Game.from_record({**record, "actions": []})
    digest = hashlib.sha256()
    for i, text in enumerate([*record["actions"], None]):
        legal = game.legal_actions()
        assert len(legal) == data["legal_counts"][i], (data["name"], i)
        digest.update(legal_line(legal).encode())
        if text is not None:
            game.apply(text)
    assert digest.hexdigest() == data["legal_digest"], data["name"]


def dumps(data: dict) -> str:
    text = json.dumps(data, indent=1, ensure_ascii=False)
    # one line for lists of numbers (legal_counts): readable, and a tenth of the size
    return re.sub(r"\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]",
                  lambda m: "[" + ", ".join(re.split(r",\s*", m.group(1))) + "]", text) + "\n"


def engine_commit(root: Path) -> str:
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "carnegie_lab"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "(not a git checkout)"
    return head + (" + UNCOMMITTED CHANGES under carnegie_lab/" if dirty else " (clean)")


def from_engine(origin: str | None, engine: Path) -> bool:
    """Is carnegie_lab's __init__.py (at `origin`) the one of the `engine` checkout? Says where it is."""
    where = Path(origin).resolve() if origin else None
    print(f"carnegie_lab from {where}")
    if where is None or not where.is_relative_to(engine / "carnegie_lab"):
        print(f"refusing: expected carnegie_lab from {engine / 'carnegie_lab'} "
              f"(run with PYTHONPATH={engine}, or give --engine)", file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="/tmp/base",
                        help="checkout carnegie_lab must be imported from (default /tmp/base)")
    parser.add_argument("--check", action="store_true", help="write nothing; report what would change")
    parser.add_argument("names", nargs="*", help=f"games to write (default all: {', '.join(GAMES)})")
    args = parser.parse_args(argv)

    engine = Path(args.engine).resolve()
    spec = importlib.util.find_spec("carnegie_lab")    # checked before any of it runs...
    if not from_engine(spec.origin if spec else None, engine):
        return 2
    import carnegie_lab as cl
    if not from_engine(cl.__file__, engine):           # ...and once imported
        return 2
    print(f"engine commit {engine_commit(engine)}")
    unknown = [n for n in args.names if n not in GAMES]
    if unknown:
        parser.error(f"unknown games {unknown}")

    changed = 0
    for name in args.names or GAMES:
        start = time.perf_counter()
        data = golden(cl, name)
        replay_check(cl, data)
        seconds = time.perf_counter() - start
        text = dumps(data)
        path = GOLDEN / f"{name}.json"
        old = path.read_text() if path.exists() else None
        state = "same" if old == text else ("new" if old is None else "CHANGED")
        changed += state != "same"
        if not args.check:
            path.write_text(text)
        verbs = collections.Counter(a.split()[0] for a in data["record"]["actions"])
        totals = {w: s["total"] for w, s in data["scores"].items()}
        print(f"{name:22} {state:7} {len(data['record']['actions']):4} actions, round {data['round']:2}, "
              f"over={data['is_over']!s:5} {len(text) / 1024:5.1f} KB {seconds * 1000:5.0f} ms  "
              f"totals {totals} winners {data['winners']}")
        print(f"{'':22} verbs {dict(sorted(verbs.items()))}")
    if args.check:
        print(f"{changed} file(s) would change")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

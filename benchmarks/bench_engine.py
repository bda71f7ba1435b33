"""Engine speed: random play, record replay and trusted replay, in games per CPU second.

    python benchmarks/bench_engine.py [--games N] [--seed S] [--repeats R] [--players 2,3,4]
                                      [--warmup W] [--greedy G] [--profile] [--json]

A script, not a test. For each player count it plays ``--games`` random games (game ``k`` has seed
``S + k`` and its own choice stream, so a game does not depend on ``--games`` or on the games before it),
then replays their records two ways:

- play: ``new_game`` and, at every decision, ``legal_actions()`` + ``pick`` + ``apply``;
- replay: ``Game.from_record(record)`` (every recorded action is checked against the legal actions);
- trusted replay: ``new_game`` with the record's options, then ``push`` of every recorded action
  (applied without legality work). Only engines whose ``Game`` has ``push``; otherwise "n/a".
- greedy (with ``--greedy G``): ``G`` games of greedy bots (``GreedyBot(seed).choose`` + ``apply`` at every
  decision, seeds ``S..S+G-1``), in decisions per CPU second: what a bot's game through the public API costs.

All times are CPU time of this process (``time.process_time``), which other load on a shared machine
changes much less than wall-clock time. Every repeat measures play, replay and trusted replay of every
player count back to back; the figures are medians over the repeats, and the ratios (play / replay,
play / trusted) are medians of the per-repeat ratios, i.e. of times measured side by side.

The random player (``pick``) is also the policy of the property tests in ``tests/property/`` (they load
this file), so the benchmark measures the games those tests explore. ``benchmarks/compare.py`` runs this
file with ``--json`` against the ``carnegie_lab`` of another commit, so it must only use the engine's
public API (``new_game``, ``legal_actions``, ``apply``, ``is_over``, ``to_record``, ``from_record``,
``to_position``; ``push`` when present; ``bots.GreedyBot`` for ``--greedy``).
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

import carnegie_lab as cl

if TYPE_CHECKING:                       # annotations only: nothing beyond ``cl`` is imported at run time
    from carnegie_lab.core.actions import Action

PASSIVE = ("done", "sell")
PREFER_ACTIVE = 85          # percent of decisions on which a non-done/sell action is preferred
FLOOR = 10.0                # random 4-player games per CPU second we must not drop below
PLAYER_COUNTS = (2, 3, 4)


def pick(legal: Sequence[Action], u: int) -> Action:
    """The random player: ``u`` is a random non-negative integer (a drawn choice index).

    With probability 85% (``u % 100 < 85``) it picks uniformly among the actions that are neither
    ``done`` nor ``sell``, if there are any; otherwise uniformly among all legal actions.
    """
    active = [a for a in legal if a.verb not in PASSIVE]
    if active and u % 100 < PREFER_ACTIVE:
        return active[(u // 100) % len(active)]
    return legal[(u // 100) % len(legal)]


# -- the three ways of getting through a game --------------------------------------------------------
def names(players: int) -> list[str]:
    return [f"P{i + 1}" for i in range(players)]


def random_game(players: int, seed: int, rng: random.Random | None = None,
                steps: list[float] | None = None) -> cl.Game:
    """One full random game, asking the engine for the legal actions at every decision.

    The choices come from ``rng``, by default ``random.Random(seed)`` (a stream of the game's own); with
    ``steps``, the CPU time of each decision (``legal_actions`` + ``apply``) is appended to it."""
    rng = random.Random(seed) if rng is None else rng
    game = cl.new_game(names(players), seed=seed)
    while not game.is_over:
        if steps is None:
            game.apply(pick(game.legal_actions(), rng.getrandbits(30)))
            continue
        start = time.process_time()
        game.apply(pick(game.legal_actions(), rng.getrandbits(30)))
        steps.append(time.process_time() - start)
    return game


def has_push() -> bool:
    return hasattr(cl.Game, "push")


def fresh_game(record: dict[str, Any]) -> cl.Game:
    """A new game with the options of a record (a record of a game that began at a fresh setup)."""
    options = dict(record["options"])
    players, seed = options.pop("players"), options.pop("seed")
    return cl.new_game(players, seed=seed, **options)


def pusher() -> tuple[str, Callable[[cl.Game, str], Any]]:
    """How to push a recorded action: the notation itself, or its parsed Action if push wants one.

    Found once, on a throw-away game, so that the timed loop holds no try/except."""
    game = cl.new_game(names(2), seed=0)
    text = str(game.legal_actions()[0])
    try:
        game.push(text)
        return "push(text)", lambda g, t: g.push(t)
    except (TypeError, AttributeError, cl.CarnegieError):
        return "push(game.parse(text))", lambda g, t: g.push(g.parse(t))


def trusted_replay(record: dict[str, Any], push: Callable[[cl.Game, str], Any]) -> cl.Game:
    """Replay a record without legality work: new_game with its options, then push each action."""
    game = fresh_game(record)
    for text in record["actions"]:
        push(game, text)
    return game


def greedy_game(players: int, seed: int, steps: list[float] | None = None) -> cl.Game:
    """One game of greedy bots (seats seeded ``seed``, ``seed + 1``, ...) through the public API; with
    ``steps``, the CPU time of each decision (``choose`` + ``apply``) is appended to it."""
    from carnegie_lab.bots import GreedyBot
    bots = [GreedyBot(seed + k) for k in range(players)]
    game = cl.new_game(names(players), seed=seed)
    while not game.is_over:
        start = time.process_time()
        game.apply(bots[game.current_player].choose(game))
        if steps is not None:
            steps.append(time.process_time() - start)
    return game


def digest(records: Sequence[dict[str, Any]]) -> str:
    """A short fingerprint of the games played (their options and actions), to compare engines."""
    h = hashlib.sha256()
    for r in records:
        h.update(json.dumps([r["options"], r["actions"]], sort_keys=True).encode())
    return h.hexdigest()[:16]


# -- measuring ----------------------------------------------------------------------------------------
def cpu(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """(CPU seconds, wall seconds, result) of ``work()``."""
    c, w = time.process_time(), time.perf_counter()
    result = work()
    return time.process_time() - c, time.perf_counter() - w, result


def check_trusted(records: Sequence[dict[str, Any]], push: Callable[[cl.Game, str], Any]) -> str | None:
    """None if trusted replay ends every game where checked replay does, else what differs (untimed)."""
    for r in records:
        trusted, checked = trusted_replay(r, push), cl.Game.from_record(r)
        if trusted.to_record()["actions"] != r["actions"] or not trusted.is_over:
            return f"seed {r['options']['seed']}: trusted replay did not reproduce the actions or the end"
        if trusted.to_position() != checked.to_position():
            return f"seed {r['options']['seed']}: trusted replay ends in another position than from_record"
    return None


def run(counts: Sequence[int], games: int, seed: int, repeats: int, warmup: int = 1,
        greedy: int = 0) -> dict[int, dict]:
    """Measure every player count ``repeats`` times, interleaved; return the summary per player count
    (with ``greedy`` games of greedy bots too, when it is not 0)."""
    seeds = [seed + k for k in range(games)]
    push = pusher() if has_push() else None
    for k in range(warmup):             # first-use costs (imports, caches) stay out of the timings
        for players in counts:
            trial = random_game(players, seed - 1 - k).to_record()
            cl.Game.from_record(trial)
            if push:
                trusted_replay(trial, push[1])
            if greedy:
                greedy_game(players, seed - 1 - k)

    raw: dict[int, dict[str, list]] = {p: {"play": [], "replay": [], "trusted": [], "wall": [], "greedy": []}
                                       for p in counts}
    greedy_records: dict[int, list] = {}
    records: dict[int, list] = {}
    for _ in range(repeats):
        for players in counts:
            m = raw[players]
            c, w, recs = cpu(lambda: [random_game(players, s).to_record() for s in seeds])
            if players in records and recs != records[players]:
                raise RuntimeError(f"{players} players: a repeat played other games (the engine is not deterministic)")
            records[players] = recs
            m["play"].append(c)
            m["wall"].append(w)
            m["replay"].append(cpu(lambda: [cl.Game.from_record(r) for r in recs])[0])
            if push:
                m["trusted"].append(cpu(lambda: [trusted_replay(r, push[1]) for r in recs])[0])
            if greedy:
                c, _, played = cpu(lambda: [greedy_game(players, seed + k).to_record() for k in range(greedy)])
                m["greedy"].append(c)
                greedy_records[players] = played

    out = {}
    for players in counts:
        m, recs = raw[players], records[players]
        decisions = sum(len(r["actions"]) for r in recs)
        med = statistics.median
        play = med(m["play"])
        row = {
            "players": players, "games": games, "decisions": decisions, "decisions_per_game": decisions / games,
            "digest": digest(recs),
            "play_cpu_s": m["play"], "replay_cpu_s": m["replay"], "trusted_cpu_s": m["trusted"] or None,
            "play_wall_s": m["wall"],
            "play_games_per_s": games / play,
            "play_best_games_per_s": games / min(m["play"]),
            "decisions_per_s": decisions / play,
            "replay_games_per_s": games / med(m["replay"]),
            "replay_best_games_per_s": games / min(m["replay"]),
            "play_over_replay": med([p / r for p, r in zip(m["play"], m["replay"])]),
            "trusted_games_per_s": None, "trusted_best_games_per_s": None, "play_over_trusted": None,
            "replay_over_trusted": None,
            "trusted_check": None,
            "greedy_decisions": None, "greedy_decisions_per_s": None, "greedy_best_decisions_per_s": None,
            "greedy_ms_per_decision": None,
            "greedy_digest": None,
        }
        if greedy:
            moves = sum(len(r["actions"]) for r in greedy_records[players])
            row.update(greedy_decisions=moves, greedy_decisions_per_s=moves / med(m["greedy"]),
                       greedy_best_decisions_per_s=moves / min(m["greedy"]),
                       greedy_ms_per_decision=1000 * med(m["greedy"]) / moves,
                       greedy_digest=digest(greedy_records[players]))
        if push:
            row.update(trusted_games_per_s=games / med(m["trusted"]),
                       trusted_best_games_per_s=games / min(m["trusted"]),
                       play_over_trusted=med([p / t for p, t in zip(m["play"], m["trusted"])]),
                       replay_over_trusted=med([r / t for r, t in zip(m["replay"], m["trusted"])]),
                       trusted_check=check_trusted(recs, push[1]) or "ok")
        out[players] = row
    return out


def machine() -> dict[str, Any]:
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {"platform": platform.platform(), "processor": platform.processor() or platform.machine(),
            "python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "cpu_count": os.cpu_count(), "load_average": load}


def profile(players: int, seed: int, top: int = 12) -> str:
    """cProfile of one random game, and of its trusted replay when the engine has ``push``."""
    out = io.StringIO()
    profiler = cProfile.Profile()
    profiler.enable()
    record = random_game(players, seed).to_record()
    profiler.disable()
    out.write(f"random play of one {players}-player game (seed {seed}), top {top} by cumulative time:\n")
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    if has_push():
        _, push = pusher()
        profiler = cProfile.Profile()
        profiler.enable()
        trusted_replay(record, push)
        profiler.disable()
        out.write(f"trusted replay of the same game, top {top} by cumulative time:\n")
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def player_counts(text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected player counts like 2,3,4, not {text!r}") from None
    if not counts or any(c not in PLAYER_COUNTS for c in counts) or len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(f"expected distinct player counts among 2,3,4, not {text!r}")
    return counts


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return n


def report(result: dict[str, Any]) -> str:
    s, lines = result["settings"], []
    m = result["machine"]
    lines.append(f"carnegie_lab {result['carnegie_lab']['version']} from {result['carnegie_lab']['file']}")
    lines.append(f"machine: {m['platform']}, {m['implementation']} {m['python']}, os.cpu_count() = "
                 f"{m['cpu_count']}, load average {m['load_average']}")
    lines.append(f"{s['games']} games per player count (seeds {s['seed']}..{s['seed'] + s['games'] - 1}), "
                 f"median of {s['repeats']} repeat(s), CPU time (time.process_time) of one process; "
                 f"trusted replay: {s['trusted'] or 'n/a (this engine has no Game.push)'}")
    head = (f"{'players':>7} {'dec/game':>8} {'play g/s':>9} {'decisions/s':>11} {'replay g/s':>10} "
            f"{'trusted g/s':>11} {'play/replay':>11} {'play/trusted':>12}")
    lines.append(head)
    na = "n/a"
    for players in s["players"]:
        r = result["results"][str(players)]
        trusted = f"{r['trusted_games_per_s']:>11.1f}" if r["trusted_games_per_s"] else f"{na:>11}"
        ratio = f"{r['play_over_trusted']:>12.2f}" if r["play_over_trusted"] else f"{na:>12}"
        lines.append(f"{players:>7} {r['decisions_per_game']:>8.1f} {r['play_games_per_s']:>9.1f} "
                     f"{r['decisions_per_s']:>11.0f} {r['replay_games_per_s']:>10.1f} {trusted} "
                     f"{r['play_over_replay']:>11.2f} {ratio}")
    lines.append("g/s = full games per CPU second (median over repeats). play = new_game, then legal_actions + pick + "
                 "apply at every decision;\nreplay = Game.from_record; trusted = new_game + push of each recorded "
                 "action. play/replay, play/trusted = ratios of CPU times\nmeasured side by side (median over "
                 "repeats): how many times longer random play takes than the replay of the same games.")
    for players in s["players"]:
        r = result["results"][str(players)]
        if r["greedy_decisions"]:
            lines.append(f"{players} players, greedy bots: {r['greedy_ms_per_decision']:.3f} ms a decision "
                         f"({r['greedy_decisions_per_s']:.0f} decisions / CPU s, {r['greedy_decisions']} decisions)")
    for players in s["players"]:
        check = result["results"][str(players)]["trusted_check"]
        if check not in (None, "ok"):
            lines.append(f"WARNING, {players} players: {check}")
    if 4 in s["players"]:
        four = result["results"]["4"]["play_games_per_s"]
        lines.append(f"random 4-player games per CPU second: {four:.1f} "
                     f"(floor {FLOOR:.0f}: {'ok' if four >= FLOOR else 'BELOW THE FLOOR'})")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=20, help="random games per player count (default 20)")
    parser.add_argument("--seed", type=int, default=2024, help="first game seed (default 2024)")
    parser.add_argument("--repeats", type=positive, default=3, help="repeats; medians are reported (default 3)")
    parser.add_argument("--players", type=player_counts, default=list(PLAYER_COUNTS),
                        help="player counts to measure, e.g. 4,2 (default 2,3,4)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed games per player count first (default 1)")
    parser.add_argument("--greedy", type=int, default=0,
                        help="also time this many games of greedy bots per player count (default 0: none)")
    parser.add_argument("--profile", action="store_true", help="also profile one 4-player game with cProfile")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    args = parser.parse_args(argv)

    results = run(args.players, args.games, args.seed, args.repeats, max(0, args.warmup), max(0, args.greedy))
    result = {
        "carnegie_lab": {"file": cl.__file__, "version": getattr(cl, "__version__", "?")},
        "machine": machine(),
        "settings": {"games": args.games, "seed": args.seed, "repeats": args.repeats, "players": args.players,
                     "warmup": args.warmup, "greedy": args.greedy, "clock": "time.process_time",
                     "statistic": "median",
                     "trusted": pusher()[0] if has_push() else None},
        "results": {str(p): r for p, r in results.items()},
    }
    ok = 4 not in results or results[4]["play_games_per_s"] >= FLOOR
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(report(result))
    if args.profile:
        print("\n" + profile(4, args.seed), file=sys.stderr if args.json else sys.stdout)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

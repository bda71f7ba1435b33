"""Does the review find planted mistakes? Bot games with decisions replaced by moves that a 10x reference
shows to lose, reviewed at the default budget.

    python benchmarks/bench_planted.py [--games N] [--bot greedy] [--kinds solo2,solo4,2p] [--seed 1]
        [--plants big,small,big] [--playouts 32] [--reference 10] [--reference-seed 11]
        [--review-seed 0] [--jobs 1] [--out FILE] [--table-only]

Game ``i`` (0 to N - 1) is of kind ``kinds[i % len(kinds)]`` (``soloL``: against Andrew at level L; ``2p``: two
seats), deal ``seed + i``, every seat played by ``--bot`` (a :func:`~carnegie_lab.bots.make_bot` spec, seed
``seed + i``). **Planting** (:func:`planted_game`): the rounds 1 to 19 are cut into one stretch a plant
(``--plants``, in turn from game to game); in its stretch, from a seeded round on, a bot's decision with a
choice gets its alternatives (near-duplicates set aside, at most :data:`SCREENED` of them, seeded) screened with
:data:`SCREEN` paired playouts against the bot's move on a stream of their own; those nearest the band's aim
(:data:`JUDGED` of them, within :data:`SLACK` VP of the band) are judged by **the reference**: the review's own
playouts (``compare.Playouts``), ``--reference`` times its budget (320 playouts) for the bot's move and the
alternative, on the reference seed's stream (an alternative stops after a batch of :data:`STEP` that leaves its
interval wholly outside the band). The first whose **loss** (the bot's move's mean final margin minus the
alternative's, over their paired playouts) lies in the band (:data:`BANDS`: *big* from 10 VP, *small* 2 to 5 VP)
replaces the bot's move, and the bots play on from there, so the record is a real game; else the next decisions
of the stretch are tried (:data:`DECISIONS` at most; then that plant is missing).

**The review** (``analysis.review``) of every seat at ``--playouts`` (default the app's, 32) with
``--review-seed``: each planted move's grade, and the grades of the bot's own decisions (the false
alarms: those graded mistake or blunder).

Every game is appended to ``--out`` (default ``benchmarks/results/planted/games.jsonl``; a JSON line: the
settings, the plants with the reference's figures and the review's verdicts, the own decisions' grades,
the CPU times, the commit, the record); a run skips the games the file holds for the same settings. The
table (printed) sums the recorded games of the settings. A script, not a test: everything but the CPU
times is deterministic for the seeds.
"""
from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable

from bench_review import SERIOUS, cpu, load  # this folder's benchmark (runs from here)

import carnegie_lab as cl
from carnegie_lab.analysis import GRADES, review
from carnegie_lab.analysis.compare import DEFAULT_PLAYOUTS, THRESHOLDS, Playouts, paired, twin
from carnegie_lab.bots import make_bot, score_totals
from carnegie_lab.bots.base import decision_rng
from carnegie_lab.bots.greedy import prune
from carnegie_lab.core.actions import Action
from research.gamelog import GameLog

#: kind -> (players, options)
KINDS = {"solo2": (["Ada"], {"solo_level": 2}), "solo4": (["Ada"], {"solo_level": 4}), "2p": (["Ada", "Bo"], {})}
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "planted" / "games.jsonl"


@dataclass(frozen=True)
class Band:
    """The reference's loss that a plant of this band has: from ``least`` to ``most`` VP; the screen
    sends the alternatives whose estimate is nearest ``aim`` to the reference first."""
    least: float
    most: float
    aim: float

    def holds(self, loss: float) -> bool:
        return self.least <= loss <= self.most


BANDS = {"big": Band(10.0, math.inf, 15.0), "small": Band(2.0, 5.0, 3.5)}
#: a mistake's least loss: a planted move whose review interval lies wholly above it was found to lose that much
MISTAKE = THRESHOLDS["mistake"]
#: the alternatives screened at a decision, at most; the screen's playouts an action (the review's batch)
SCREENED = 16
SCREEN = 8
#: the screened alternatives judged by the reference at a decision (those whose screen's loss lies within
#: SLACK VP of the band), and the decisions tried for a plant
JUDGED = 2
SLACK = 3.0
DECISIONS = 6
#: the reference's batch: after each, an alternative whose loss's interval is wholly outside the band stops
STEP = 32
#: the screen's stream of a decision (``decision_rng``'s ``stream``), apart from the reference's
SCREEN_STREAM = 0x5C4E


@dataclass(frozen=True)
class Plant:
    """A planted move: where (``index`` among the game's actions), the bot's move and the planted one, and
    the reference's loss of it (VP) with its 95% interval over ``playouts`` paired playouts."""
    band: str
    index: int
    seat: int
    round: int
    bot: str
    planted: str
    loss: float
    low: float
    high: float
    playouts: int
    estimate: float            # the screen's loss


def reference_playouts(game: cl.Game, seed: int, stream: int = 0) -> Playouts:
    """The review's playouts of the current decision on ``seed``'s stream (``stream``: another one)."""
    return Playouts(game.state, decision_rng(seed, game, stream).getrandbits(63))


def loss_of(plays: Playouts, bot: Action, other: Action, n: int) -> tuple[float, float, float]:
    """``other``'s loss against ``bot`` over ``n`` paired playouts: the mean, its 95% interval's ends."""
    loss, half = paired(plays.extend(other, n), plays.extend(bot, n))
    return loss, loss - half, loss + half


def judged(plays: Playouts, bot: Action, other: Action, n: int, band: Band) -> tuple[float, float, float] | None:
    """:func:`loss_of` over ``n`` paired playouts if it lies in ``band``; None as soon as a batch of
    :data:`STEP` leaves the loss's interval wholly outside ``band`` (those that cannot hold stop early)."""
    for m in range(STEP, n, STEP):
        _, low, high = loss_of(plays, bot, other, m)
        if high < band.least or low > band.most:
            return None
    loss, low, high = loss_of(plays, bot, other, n)
    return (loss, low, high) if band.holds(loss) else None


def plant(game: cl.Game, bot: Action, band: str, seed: int, playouts: int) -> Plant | None:
    """The move to plant in ``game``'s current decision instead of the bot's ``bot``: an alternative whose
    loss by the reference (``playouts`` paired playouts on ``seed``'s stream) is in ``band``; None if the
    screen's :data:`JUDGED` nearest its aim (within :data:`SLACK` of it) are not."""
    state, aim = game.state, BANDS[band]
    kept = prune(state, game.legal_actions())
    mine = twin(state, kept, bot)
    others = [a for a in kept if a != mine]
    rng = random.Random(decision_rng(seed, game, SCREEN_STREAM).getrandbits(63))
    others = rng.sample(others, min(SCREENED, len(others)))
    screen = reference_playouts(game, seed, SCREEN_STREAM)
    estimates = {a: loss_of(screen, bot, a, SCREEN)[0] for a in others}
    plays = reference_playouts(game, seed)
    near = [a for a in others if aim.least - SLACK <= estimates[a] <= aim.most + SLACK]
    for other in sorted(near, key=lambda a: abs(estimates[a] - aim.aim))[:JUDGED]:
        found = judged(plays, bot, other, playouts, aim)
        if found is not None:
            seat = game.current_player
            assert seat is not None
            return Plant(band, len(game.actions), seat, game.round, str(bot), str(other), *found, playouts,
                         estimates[other])
    return None


def stretches(bands: list[str], rng: random.Random, rounds: int) -> list[tuple[str, int, int]]:
    """Each plant's band, the round its tries start at (seeded, in the first half of its stretch) and
    the first round after its stretch: rounds 1 to ``rounds - 1`` cut in ``len(bands)``."""
    cuts = [1 + k * (rounds - 1) // len(bands) for k in range(len(bands) + 1)]
    return [(band, rng.randrange(start, max(start + 1, (start + end) // 2)), end)
            for band, start, end in zip(bands, cuts, cuts[1:])]


def planted_game(kind: str, seed: int, bot: str, bands: list[str], reference_seed: int,
                 playouts: int) -> tuple[cl.Game, list[Plant], list[str]]:
    """The game of ``kind`` on deal ``seed`` played by ``bot`` at every seat with a plant of each of ``bands``
    (see the module), the reference ``playouts`` paired playouts on ``reference_seed``'s stream; and the
    bands not planted."""
    players, options = KINDS[kind]
    game = cl.new_game(players, seed=seed, **options)
    player = make_bot(bot, seed)
    todo = stretches(bands, random.Random(seed), game.rules.constants.rounds)
    plants: list[Plant] = []
    missing: list[str] = []
    tries = 0
    while not game.is_over:
        choice = player.choose(game)
        while todo and game.round >= todo[0][2]:
            missing.append(todo.pop(0)[0])
            tries = 0
        if todo and game.round >= todo[0][1] and len(prune(game.state, game.legal_actions())) > 1:
            found = plant(game, choice, todo[0][0], reference_seed, playouts)
            tries += 1
            if found is not None:
                plants.append(found)
                print(f"    planted {found.band} at action {found.index} (round {found.round}): {found.planted} "
                      f"for {found.bot}, loss {found.loss:.1f} VP [{found.low:.1f}, {found.high:.1f}]",
                      file=sys.stderr, flush=True)
                choice = game.parse(found.planted)
            if found is not None or tries == DECISIONS:
                band = todo.pop(0)[0]
                if found is None:
                    missing.append(band)
                tries = 0
        game.apply(choice)
    return game, plants, missing + [band for band, _, _ in todo]


def graded(game: cl.Game, plants: list[Plant], playouts: int, seed: int, jobs: int) -> dict[str, Any]:
    """The review of every seat: each plant with the review's verdict on it, and the grades of the rest."""
    rev = review(game, playouts=playouts, seed=seed, jobs=jobs)
    at = {d.index: d for d in rev.decisions}
    marked = [{**asdict(p), "grade": at[p.index].grade, "review_loss": at[p.index].loss,
               "review_low": at[p.index].low, "review_high": at[p.index].high,
               "review_playouts": at[p.index].playouts} for p in plants]
    own = [d.grade for d in rev.decisions if d.index not in {p.index for p in plants}]
    return {"plants": marked, "own": {g: own.count(g) for g in GRADES}}


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def settings(args: argparse.Namespace) -> dict[str, Any]:
    """What a recorded game's figures depend on besides its kind and deal (a run's rows match on them)."""
    return {"bot": args.bot, "plants": args.plants, "playouts": args.playouts, "reference": args.reference,
            "reference_seed": args.reference_seed, "review_seed": args.review_seed}


def game_of(index: int, args: argparse.Namespace) -> tuple[str, int]:
    """Game ``index``'s kind and deal."""
    kinds = args.kinds.split(",")
    return kinds[index % len(kinds)], args.seed + index


def run(index: int, args: argparse.Namespace) -> dict[str, Any]:
    """Game ``index`` planted, reviewed and described as a row of the log."""
    kind, seed = game_of(index, args)
    bands = args.plants.split(",")
    bands = bands[index % len(bands):] + bands[:index % len(bands)]
    used = cpu()
    game, plants, missing = planted_game(kind, seed, args.bot, bands, args.reference_seed,
                                         args.playouts * args.reference)
    planting = cpu() - used
    result = graded(game, plants, args.playouts, args.review_seed, args.jobs)
    return {"key": key(kind, seed, args), "kind": kind, "seed": seed, **settings(args), **result,
            "missing": missing, "totals": score_totals(game.state), "actions": len(game.actions),
            "cpu_plant": round(planting, 1), "cpu_review": round(cpu() - used - planting, 1), "commit": commit(),
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load": load(),
            "record": game.to_record()}


def key(kind: str, seed: int, args: argparse.Namespace) -> str:
    return f"{kind} {seed} " + " ".join(f"{k}={v}" for k, v in settings(args).items())


def share(n: int, of: int) -> str:
    return f"{n} of {of} ({n / of:.0%})" if of else "none"


def table(rows: Iterable[dict[str, Any]]) -> list[str]:
    """The planted moves of each band by the review's grade, and the bots' own decisions graded a loss; for the
    planted ones also how many the review's interval puts wholly at a mistake's loss or more (whatever the grade)."""
    rows = list(rows)
    out = ["| decisions | n | " + " | ".join(GRADES) + f" | mistake or blunder | interval from {MISTAKE:g} VP |",
           "|---" * (len(GRADES) + 4) + "|"]
    for band, aim in BANDS.items():
        plants = [p for r in rows for p in r["plants"] if p["band"] == band]
        found = [p["grade"] for p in plants]
        words = (f"planted, {aim.least:g} VP or more" if math.isinf(aim.most)
                 else f"planted, {aim.least:g}-{aim.most:g} VP")
        out.append(f"| {words} | {len(found)} | " + " | ".join(str(found.count(g)) for g in GRADES)
                   + f" | {share(sum(g in SERIOUS for g in found), len(found))}"
                   + f" | {share(sum(p['review_low'] >= MISTAKE for p in plants), len(plants))} |")
    own = {g: sum(r["own"][g] for r in rows) for g in GRADES}
    n = sum(own.values())
    out.append(f"| the bots' own | {n} | " + " | ".join(str(own[g]) for g in GRADES)
               + f" | {share(sum(own[g] for g in SERIOUS), n)} | – |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="how many games (default 3)")
    parser.add_argument("--bot", default="greedy", help="the bots' spec (default greedy)")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"the games' kinds in turn (of {', '.join(KINDS)})")
    parser.add_argument("--seed", type=int, default=1, help="game i's deal and bot seed: seed + i (default 1)")
    parser.add_argument("--plants", default="big,small,big", help=f"the plants' bands, of {', '.join(BANDS)}")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"the review's cap of playouts an action (default {DEFAULT_PLAYOUTS})")
    parser.add_argument("--reference", type=int, default=10, help="the reference's budget factor (default 10)")
    parser.add_argument("--reference-seed", type=int, default=11, help="the reference's seed (default 11)")
    parser.add_argument("--review-seed", type=int, default=0, help="the review's seed (default 0, the app's)")
    parser.add_argument("--jobs", type=int, default=1, help="the review's processes (default 1)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"the game log (default {DEFAULT_OUT})")
    parser.add_argument("--table-only", action="store_true", help="the table of the recorded games, play none")
    args = parser.parse_args(argv)
    unknown = [k for k in args.kinds.split(",") if k not in KINDS] + [b for b in args.plants.split(",")
                                                                       if b not in BANDS]
    if unknown:
        parser.error(f"unknown kind or band {unknown[0]!r}")
    log = GameLog(args.out)
    keys = [key(*game_of(i, args), args) for i in range(args.games)]
    print(f"{load()}; {args.games} games, {sum(k in log.rows for k in keys)} already in {args.out}", flush=True)
    for index, name in enumerate(keys):
        if args.table_only or name in log.rows:
            continue
        row = run(index, args)
        log.append(row)
        plants = (f"{p['band']} {p['loss']:.1f} VP -> {p['grade']} {p['review_loss']:.1f}" for p in row["plants"])
        print(f"  {name}: {row['actions']} actions, plants " + ", ".join(plants)
              + (f"; missing {', '.join(row['missing'])}" if row["missing"] else "")
              + f"; own {row['own']}; CPU {row['cpu_plant']} s planting, {row['cpu_review']} s review; {row['load']}",
              flush=True)
    rows = [log.rows[k] for k in keys if k in log.rows]
    missing = [band for r in rows for band in r["missing"]]
    print(f"\n{len(rows)} games, {sum(len(r['plants']) for r in rows)} plants (not found: "
          + ", ".join(f"{band} {missing.count(band)}" for band in BANDS) + "); " + " ".join(
        f"{k}={v}" for k, v in settings(args).items()))
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Many bot games: ``simulate()`` (one process, a process pool or a Dask cluster; the
``carnegie-lab simulate`` command line is :mod:`carnegie_lab.cli.simulate`).

Every game's seed and its bots' seeds are derived from the batch seed and the game's number alone, and
results are put back in game order, so a batch gives identical results whatever ``jobs`` or scheduler
runs it. Seats rotate from game to game (game k puts ``bots[(seat + k) % n]`` in ``seat``) so that no
bot keeps the first-player seat; ``rotate=False`` keeps them fixed. The bots are specs of
:mod:`.registry` (``search:playouts=64``, ``hard``...).
"""
from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from ..core.errors import CarnegieError
from ..core.i18n import N_
from ..engine import GAME_OPTIONS, Game, check_new_game, new_game
from ..jobs import Progress, run_jobs
from ..rules.solo import NAME as ANDREW_NAME
from .base import Bot, mix
from .registry import check_specs, make_bot

ANDREW = "andrew"                              # the bot column of Andrew in solo results
MAX_DECISIONS = 20_000                          # a guard: no real game comes near it


# -- one game --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameResult:
    """One finished game."""
    index: int                                 # 0-based game number in the batch
    seed: int                                  # the game's seed (new_game)
    bots: tuple[str, ...]                      # bot spec of each seat
    names: tuple[str, ...]                     # player name of each seat
    totals: dict[str, int]                     # player name (and Andrew in solo) -> final total
    scores: dict[str, dict[str, int]]          # name -> score breakdown (ScoreBreakdown.as_dict)
    winners: tuple[str, ...]
    decisions: int                             # actions taken in the game
    seconds: float                             # wall time of the game (not deterministic)
    record: dict | None = None                 # Game.to_record(), when kept

    def seat_won(self, seat: int) -> bool:
        return self.names[seat] in self.winners

    def to_dict(self) -> dict:
        out = asdict(self)
        out["bots"], out["names"], out["winners"] = list(self.bots), list(self.names), list(self.winners)
        return out


@dataclass(frozen=True)
class _Task:
    index: int
    seed: int
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    level: int | None
    options: tuple[tuple[str, Any], ...]
    keep_record: bool


def play_game(bots: Sequence[Bot], seed: int, names: Sequence[str] | None = None,
              level: int | None = None, **options: Any) -> Game:
    """Play one game to the end.

    Args:
        bots: The bot of each seat (one bot and ``level`` for solo).
        seed: The game's seed.
        names: The players' names (default ``P1``, ``P2``, ...).
        level: Andrew's level, for a solo game.
        **options: Passed to ``new_game`` (e.g. ``departments``).

    Returns:
        The finished game.
    """
    names = list(names) if names is not None else seat_names(len(bots))
    if level is not None:
        options["solo_level"] = level
    game = new_game(names, seed=seed, **options)
    for _ in range(MAX_DECISIONS):
        seat = game.current_player
        if seat is None:                      # the game is over
            return game
        game.apply(bots[seat].choose(game))
    raise RuntimeError(f"game with seed {seed} did not end after {MAX_DECISIONS} decisions")


def seat_names(players: int) -> list[str]:
    """The players' names of a bot game: ``P1``, ``P2``, ..."""
    return [f"P{i + 1}" for i in range(players)]


def _run_task(task: _Task) -> GameResult:
    start = time.perf_counter()
    bots = [make_bot(spec, s) for spec, s in zip(task.bots, task.bot_seeds)]
    names = tuple(seat_names(len(bots)))
    game = play_game(bots, task.seed, names, task.level, **dict(task.options))
    table = game.scores()
    return GameResult(
        index=task.index, seed=task.seed, bots=task.bots, names=names,
        totals={name: s.total for name, s in table.items()},
        scores={name: s.as_dict() for name, s in table.items()},
        winners=tuple(game.winners()), decisions=len(game.actions),
        seconds=time.perf_counter() - start,
        record=game.to_record() if task.keep_record else None)


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch (a non-negative 31-bit integer)."""
    return mix(batch_seed, index) & 0x7FFFFFFF


def tasks_for(players: int, games: int, bots: Sequence[str], seed: int, level: int | None = None,
              rotate: bool = True, keep_records: bool = False, **options: Any) -> list[_Task]:
    seats = len(bots)
    out = []
    for k in range(games):
        order = tuple(bots[(s + k) % seats] for s in range(seats)) if rotate else tuple(bots)
        out.append(_Task(k, game_seed(seed, k), order,
                         tuple(mix(seed, k, s + 1) & 0x7FFFFFFF for s in range(seats)),
                         level, tuple(sorted(options.items())), keep_records))
    return out


# -- a batch ---------------------------------------------------------------------------------------

@dataclass(repr=False)
class SimulationResult:
    """The games of a batch in game order, with win rates and score distributions."""
    players: int
    games: int
    bots: tuple[str, ...]                      # the bot specs as given (seat order of game 0)
    seed: int
    level: int | None
    jobs: int
    scheduler: str | None
    seconds: float
    results: list[GameResult] = field(default_factory=list)

    def __repr__(self) -> str:
        """A line per batch, not its games: who won how often and scored what (the games are in
        ``results``; the tables in ``win_rates()`` and ``score_stats()``)."""
        solo = f" against Andrew (level {self.level})" if self.level is not None else ""
        rates, stats = self.win_rates(), self.score_stats()
        bots = ", ".join(f"{b} wins {rates[b]:.0%} (mean {stats[b]['mean']:.1f} VP)" for b in rates)
        games = f"{len(self.results)} game" + ("" if len(self.results) == 1 else "s")
        return (f"<SimulationResult: {games} of {self.players} player(s){solo}, seed "
                f"{self.seed}: {bots or 'no games'}; .win_rates(), .score_stats(), .results>")

    # -- tables ---------------------------------------------------------------------------------
    def _entries(self):
        """(bot spec, seat, total, won) for every seat of every game (Andrew included in solo)."""
        for r in self.results:
            for seat, (spec, name) in enumerate(zip(r.bots, r.names)):
                yield spec, seat, r.totals[name], name in r.winners
            if ANDREW_NAME in r.totals:
                yield ANDREW, len(r.names), r.totals[ANDREW_NAME], ANDREW_NAME in r.winners

    def _group(self, key: int) -> dict:
        groups: dict = {}
        for entry in self._entries():
            groups.setdefault(entry[key], []).append(entry)
        return groups

    def win_rates(self, by: str = "bot") -> dict:
        """Share of its games in which each bot (``by="bot"``) or seat (``by="seat"``) is among the
        winners (ties are shared victories: every tied player wins)."""
        groups = self._group(0 if by == "bot" else 1)
        return {k: sum(e[3] for e in v) / len(v) for k, v in sorted(groups.items(), key=lambda kv: str(kv[0]))}

    def score_stats(self, by: str = "bot") -> dict:
        """Per bot or seat: games, mean, stdev, min, median, max of the final totals."""
        out = {}
        for k, v in sorted(self._group(0 if by == "bot" else 1).items(), key=lambda kv: str(kv[0])):
            totals = [e[2] for e in v]
            out[k] = {"games": len(totals), "mean": statistics.fmean(totals),
                      "stdev": statistics.pstdev(totals), "min": min(totals),
                      "median": statistics.median(totals), "max": max(totals),
                      "wins": sum(e[3] for e in v)}
        return out

    def totals_by_bot(self) -> dict[str, list[int]]:
        return {k: [e[2] for e in v] for k, v in self._group(0).items()}

    def outcomes(self) -> list[tuple]:
        """What must not depend on jobs or scheduler: (index, seed, bots, totals, winners) per game."""
        return [(r.index, r.seed, r.bots, tuple(sorted(r.totals.items())), r.winners) for r in self.results]

    def to_dict(self) -> dict:
        from .. import __version__  # late: the package may import bots while it loads
        return {"format": "carnegie-lab-simulation", "version": __version__,
                "players": self.players, "games": self.games, "bots": list(self.bots), "seed": self.seed,
                "level": self.level, "jobs": self.jobs, "scheduler": self.scheduler,
                "seconds": self.seconds,
                "win_rates": {"by_bot": self.win_rates("bot"),
                              "by_seat": {str(k): v for k, v in self.win_rates("seat").items()}},
                "scores": {"by_bot": self.score_stats("bot"),
                           "by_seat": {str(k): v for k, v in self.score_stats("seat").items()}},
                "results": [r.to_dict() for r in self.results]}


def _normalise_bots(players: int, bots: Sequence[str] | None) -> tuple[str, ...]:
    bots = tuple(b.strip() for b in bots) if bots else ("random",)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise CarnegieError(N_("bots given: {bots}, seats: {players}; give one bot per seat, or one for all",
                                bots=len(bots), players=players))
    check_specs(bots)
    return bots


def simulate(players: int, games: int, bots: Sequence[str] | None = None, seed: int = 0, jobs: int = 1,
             scheduler: str | None = None, progress: Progress | None = None, *, level: int | None = None,
             rotate: bool = True, keep_records: bool = False, **options: Any) -> SimulationResult:
    """Play a batch of bot games.

    Args:
        players: The seats, 1-4; 1 plays one bot against Andrew at ``level``.
        games: How many games.
        bots: One bot spec per seat, or one for all (default ``random``).
        seed: The batch's seed: game *k*'s seed and its bots' seeds are functions of it and *k*.
        jobs: Processes; more than 1 uses a process pool.
        scheduler: A Dask scheduler's address (such as ``tcp://127.0.0.1:8786``): the games run on that
            cluster instead.
        progress: Called as ``progress(done, total)`` after every finished game.
        level: Andrew's level in solo games (default: the lowest).
        rotate: Game *k* seats the bots turned by *k* places, so each plays every seat.
        keep_records: Keep each game's record in its result.
        **options: Passed to ``new_game`` (e.g. ``departments``).

    Returns:
        The games in game order, with win rates and score distributions.

    Raises:
        CarnegieError: A count out of range, a bot spec that is not known, or an option of the games that
            ``new_game`` refuses (an OptionError: ``level`` in a game between players too).
    """
    if games < 0:
        raise CarnegieError(N_("games must be >= 0, not {games}", games=games))
    if jobs < 1:
        raise CarnegieError(N_("jobs must be >= 1, not {jobs}", jobs=jobs))
    if players == 1 and level is None:
        level = GAME_OPTIONS["solo_level"].choices()[0]
    solo: dict[str, Any] = {} if level is None else {"solo_level": level}
    check_new_game(seat_names(players), **solo, **options)
    bots = _normalise_bots(players, bots)
    tasks = tasks_for(players, games, bots, seed, level, rotate, keep_records, **options)
    start = time.perf_counter()
    results = run_jobs(_run_task, tasks, jobs, scheduler, progress, chunked=True)
    return SimulationResult(players, games, bots, seed, level, jobs, scheduler,
                            time.perf_counter() - start, results)


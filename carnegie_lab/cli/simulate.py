"""``carnegie-lab simulate``: play a batch of bot games and report them (text, JSON, an HTML figure)."""
from __future__ import annotations

import argparse
import json
import sys

from ..bots.registry import BOTS
from ..bots.simulate import GameResult, SimulationResult, simulate
from ..bots.strengths import STRENGTHS
from ..core.errors import require_extra
from ..rules.setup import DEPARTMENT_MODES
from ..rules.solo import NAME as ANDREW_NAME
from .progress import ProgressBar


# -- text, JSON and HTML reports -----------------------------------------------------------------
def _who(r: GameResult, name: str) -> str:
    if name == ANDREW_NAME:
        return "Andrew"
    return f"{name} ({r.bots[r.names.index(name)]})"


def format_game(r: GameResult) -> str:
    """One finished game as a line: its number, seed, each player with bot and total, the winners."""
    parts = [f"{name} {spec} {r.totals[name]}" for name, spec in zip(r.names, r.bots)]
    if ANDREW_NAME in r.totals:
        parts.append(f"Andrew {r.totals[ANDREW_NAME]}")
    return f"game {r.index + 1:>4}  seed {r.seed:>10}  " + "  ".join(parts) + \
        "  | winners: " + ", ".join(_who(r, w) for w in r.winners)


def format_summary(result: SimulationResult) -> str:
    """A batch's summary: games, speed, then per bot and per seat the wins, win rate and totals."""
    lines = []
    n = len(result.results)
    rate = n / result.seconds if result.seconds else 0
    lines.append(f"{n} games, {result.players} player(s)"
                 + (f" against Andrew (level {result.level})" if result.players == 1 else "")
                 + f", seed {result.seed}, {result.seconds:.1f} s ({rate:.1f} games/s)")
    for by, title in (("bot", "bot"), ("seat", "seat")):
        stats = result.score_stats(by)
        rates = result.win_rates(by)
        lines.append("")
        lines.append(f"by {title}:")
        lines.append(f"  {title:<28} {'games':>6} {'wins':>6} {'win rate':>9} {'mean':>7} {'stdev':>6} "
                     f"{'min':>5} {'median':>7} {'max':>5}")
        for key, s in stats.items():
            label = key if by == "bot" else (f"seat {key + 1}" if key < result.players else "Andrew")
            lines.append(f"  {label:<28} {s['games']:>6} {s['wins']:>6} {rates[key]:>9.1%} {s['mean']:>7.1f} "
                         f"{s['stdev']:>6.1f} {s['min']:>5} {s['median']:>7.1f} {s['max']:>5}")
    return "\n".join(lines)


# -- the command line --------------------------------------------------------------------------

def _whole(minimum: int):
    """An argparse type: a whole number of at least `minimum`."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n
    return parse


_positive, _count = _whole(1), _whole(0)


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the options of ``carnegie-lab simulate`` to a parser (the main command's subparser too).

    Returns:
        The parser.
    """
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4),
                        help="players per game: 2-4, or 1 for a bot against Andrew (default 2)")
    parser.add_argument("--games", type=_count, default=10, help="games to play (default 10)")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bot per seat, or one bot for every seat (default: all random): "
                             "a strength, " + "; ".join(f"{s.name} ({s.spec})" for s in STRENGTHS.values())
                             + f"; or a bot, {', '.join(sorted(BOTS))}, with parameters as search:playouts=64 "
                             "or rollout:rollouts=4")
    parser.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="run the games on this Dask scheduler (e.g. tcp://127.0.0.1:8786) instead "
                             "of local processes (--jobs is then ignored); needs "
                             "`pip install 'carnegie-lab[dask]'`")
    parser.add_argument("--level", type=int, default=None, choices=(1, 2, 3, 4),
                        help="Andrew's level for --players 1 (default 1)")
    parser.add_argument("--departments", default="base",
                        choices=tuple(DEPARTMENT_MODES),
                        help=argparse.SUPPRESS)
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="write everything (options, every game with its record, statistics) as JSON")
    parser.add_argument("--html", metavar="FILE", default=None,
                        help="write a plotly summary figure as a self-contained HTML file")
    parser.add_argument("--no-rotate", dest="rotate", action="store_false",
                        help="keep each bot in its seat (by default seats rotate from game to game)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def build_parser(prog: str = "carnegie-lab simulate") -> argparse.ArgumentParser:
    """The parser of ``simulate_main``: the options of :func:`add_arguments` under ``prog``."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Play bot games and print each game's scores, win rates and score "
                               "distributions. Results depend only on the options, not on --jobs or "
                               "--scheduler.")
    return add_arguments(parser)


def run(args: argparse.Namespace, out=None, err=None) -> int:
    """Run a parsed ``simulate`` command.

    Args:
        args: The parsed options.
        out: Where the games and the summary go (default stdout).
        err: Where errors and the progress bar go (default stderr).

    Returns:
        The exit status: 0, or 2 for bad options.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    bots = [b for b in args.bots.split(",")] if args.bots else None
    if args.players != 1 and args.level is not None:
        err.write("carnegie-lab simulate: error: --level is for solo games (--players 1)\n")
        return 2
    try:
        if args.html:
            require_extra("views", "plotly")   # before the games, not after them
        progress = None if args.quiet else ProgressBar("simulate", "games", err)
        result = simulate(args.players, args.games, bots, seed=args.seed, jobs=args.jobs,
                          scheduler=args.scheduler, progress=progress, level=args.level,
                          rotate=args.rotate, keep_records=args.json is not None,
                          departments=args.departments)
    except (ValueError, RuntimeError, OSError) as e:
        err.write(f"carnegie-lab simulate: error: {e}\n")
        return 2
    for r in result.results:
        out.write(format_game(r) + "\n")
    out.write("\n" + format_summary(result) + "\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result.to_dict(), f, indent=1)
        out.write(f"\nwrote {args.json}\n")
    if args.html:
        from ..views import simulation_figure
        simulation_figure(result).write_html(args.html, include_plotlyjs=True, full_html=True)
        out.write(f"wrote {args.html}\n")
    out.flush()
    return 0


def simulate_main(argv: list[str] | None = None) -> int:
    """``carnegie-lab simulate ...`` on its own.

    Args:
        argv: The arguments (default ``sys.argv[1:]``).

    Returns:
        The exit status.
    """
    args = build_parser().parse_args(argv)
    return run(args)


def add_simulate_parser(subparsers) -> None:
    """Add the ``simulate`` subcommand to ``carnegie-lab``'s subparsers."""
    p = subparsers.add_parser(
        "simulate", help="play many games between bots and report the results",
        description="Play a batch of games between bots (random, greedy, rollout, search), in parallel with "
        "--jobs or on a Dask cluster with --scheduler, and print each game's scores, win rates and "
        "score distributions.")
    add_arguments(p)
    p.set_defaults(func=run)


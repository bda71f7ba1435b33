"""``carnegie-lab simulate``: play a batch of bot games and report them (text, JSON, an HTML figure)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from ..bots.registry import BOTS
from ..bots.simulate import GameResult, SimulationResult, seat_names, simulate
from ..bots.strengths import STRENGTHS, shown_name
from ..core.errors import require_extra
from ..core.i18n import number, render, translator
from ..engine import GAME_OPTIONS
from ..rules.solo import NAME as ANDREW_NAME
from .progress import ProgressBar


# -- text, JSON and HTML reports -----------------------------------------------------------------
def _who(r: GameResult, name: str, lang: str | None) -> str:
    if name == ANDREW_NAME:
        return "Andrew"
    return f"{name} ({shown_name(r.bots[r.names.index(name)], lang)})"


def format_game(r: GameResult, lang: str | None = None) -> str:
    """One finished game as a line: its number, seed, each player with bot and total, the winners (in
    ``lang``; None: English)."""
    parts = [f"{name} ({shown_name(spec, lang)}) {r.totals[name]}" for name, spec in zip(r.names, r.bots)]
    if ANDREW_NAME in r.totals:
        parts.append(f"Andrew {r.totals[ANDREW_NAME]}")
    return translator(lang).gettext("game {number:>4}  seed {seed:>10}  {players}  | winners: {winners}").format(
        number=r.index + 1, seed=r.seed, players="  ".join(parts),
        winners=", ".join(_who(r, w, lang) for w in r.winners))


def format_summary(result: SimulationResult, lang: str | None = None) -> str:
    """A batch's summary: games, speed, then per bot and per seat the wins, win rate and totals (in
    ``lang``; None: English)."""
    tr = translator(lang)
    _ = tr.gettext
    n = len(result.results)
    rate = n / result.seconds if result.seconds else 0
    head = tr.ngettext("{n} game, {players} players", "{n} games, {players} players", n)
    if result.players == 1:
        head = tr.ngettext("{n} game, a bot against Andrew (level {level})",
                           "{n} games, a bot against Andrew (level {level})", n)
    lines = [(head + _(", seed {seed}, {seconds} s ({rate} games/s)")).format(
        n=n, players=result.players, level=result.level, seed=result.seed,
        seconds=number(result.seconds, ".1f", lang), rate=number(rate, ".1f", lang))]
    columns = (_("games"), _("wins"), _("win rate"), _("mean"), _("stdev"), _("min"), _("median"), _("max"))
    widths = [max(len(column), least) for column, least in zip(columns, (6, 6, 9, 7, 6, 5, 7, 5))]
    for by, title, heading in (("bot", _("bot"), _("by bot:")), ("seat", _("seat"), _("by seat:"))):
        stats = result.score_stats(by)
        rates = result.win_rates(by)
        lines += ["", heading, f"  {title:<28} " + " ".join(f"{c:>{w}}" for c, w in zip(columns, widths))]
        for key, s in stats.items():
            seat = _("seat {n}").format(n=key + 1) if by == "seat" and key < result.players else "Andrew"
            label = shown_name(key, lang) if by == "bot" else seat
            cells = (s["games"], s["wins"], number(rates[key], ".1%", lang), number(s["mean"], ".1f", lang),
                     number(s["stdev"], ".1f", lang), s["min"], number(s["median"], ".1f", lang), s["max"])
            lines.append(f"  {label:<28} " + " ".join(f"{c:>{w}}" for c, w in zip(cells, widths)))
    return "\n".join(lines)


# -- the command line --------------------------------------------------------------------------

def whole(minimum: int, lang: str | None = None):
    """An argparse type: a whole number of at least ``minimum`` (its errors in ``lang``)."""
    _ = translator(lang).gettext

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("not a whole number: {text!r}").format(text=text)) from None
        if n < minimum:
            raise argparse.ArgumentTypeError(_("must be at least {minimum}, got {n}").format(minimum=minimum, n=n))
        return n
    return parse


def checked(name: str, lang: str | None, read: Callable[[str], Any] = str,
            value: Callable[[Any], Any] = lambda read: read, **others: Any):
    """An argparse type: what ``read`` makes of the text, checked as the game option ``name`` (its ``value``)
    beside ``others`` by the option's specification (``GAME_OPTIONS``): a bad one has ``new_game``'s words."""
    option = GAME_OPTIONS[name]

    def parse(text: str) -> Any:
        got = read(text)
        problem = option.problem(value(got), **others)
        if problem is not None:
            raise argparse.ArgumentTypeError(render(problem, lang))
        return got
    return parse


def among(name: str) -> str:
    """A flag's metavar: the values the game option ``name`` allows, as argparse writes choices."""
    return "{%s}" % ",".join(map(str, GAME_OPTIONS[name].choices()))


def add_arguments(parser: argparse.ArgumentParser, lang: str | None = None) -> argparse.ArgumentParser:
    """Add the options of ``carnegie-lab simulate`` to a parser (the main command's subparser too), their
    help in ``lang`` (None: English).

    Returns:
        The parser.
    """
    _ = translator(lang).gettext
    parser.add_argument("--players", type=checked("players", lang, whole(0, lang), seat_names), default=2,
                        metavar=among("players"),
                        help=_("players per game: 2-4, or 1 for a bot against Andrew (default 2)"))
    parser.add_argument("--games", type=whole(0, lang), default=10, metavar="N", help=_("games to play (default 10)"))
    parser.add_argument("--bots", default=None, metavar=_("BOTS"), help=_(
        "comma-separated bot per seat, or one bot for every seat (default: all random): a strength, "
        "{strengths}; or a bot, {bots}, with parameters as search:playouts=64 or rollout:rollouts=4").format(
        strengths="; ".join(f"{s.name} ({s.spec})" for s in STRENGTHS.values()), bots=", ".join(sorted(BOTS))))
    parser.add_argument("--seed", type=int, default=0, metavar=_("SEED"), help=_("batch seed (default 0)"))
    parser.add_argument("--jobs", type=whole(1, lang), default=1, metavar="N", help=_("worker processes (default 1)"))
    parser.add_argument("--scheduler", default=None, metavar=_("ADDRESS"),
                        help=_("run the games on this Dask scheduler (e.g. tcp://127.0.0.1:8786) instead "
                               "of local processes (--jobs is then ignored); needs "
                               "`pip install 'carnegie-lab[dask]'`"))
    parser.add_argument("--level", type=checked("solo_level", lang, whole(0, lang), players=seat_names(1)),
                        default=None, metavar=among("solo_level"),
                        help=_("Andrew's level for --players 1 (default 1)"))
    parser.add_argument("--departments", type=checked("departments", lang),
                        default=GAME_OPTIONS["departments"].default, help=argparse.SUPPRESS)
    parser.add_argument("--json", metavar=_("FILE"), default=None,
                        help=_("write everything (options, every game with its record, statistics) as JSON"))
    parser.add_argument("--html", metavar=_("FILE"), default=None,
                        help=_("write a plotly summary figure as a self-contained HTML file"))
    parser.add_argument("--no-rotate", dest="rotate", action="store_false",
                        help=_("keep each bot in its seat (by default seats rotate from game to game)"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    parser.set_defaults(language=lang)
    return parser


def build_parser(prog: str = "carnegie-lab simulate") -> argparse.ArgumentParser:
    """The parser of ``simulate_main``: the options of :func:`add_arguments` under ``prog``."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Play bot games and print each game's scores, win rates and score "
                               "distributions. Results depend only on the options, not on --jobs or "
                               "--scheduler.")
    return add_arguments(parser)


def run(args: argparse.Namespace, out=None, err=None) -> int:
    """Run a parsed ``simulate`` command, in the language ``args.language``.

    Args:
        args: The parsed options.
        out: Where the games and the summary go (default stdout).
        err: Where errors and the progress bar go (default stderr).

    Returns:
        The exit status: 0, or 2 for bad options.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    lang = args.language
    _ = translator(lang).gettext
    failed = _("%(prog)s: error: %(message)s\n")
    bots = [b for b in args.bots.split(",")] if args.bots else None
    try:
        if args.html:
            require_extra("views", "plotly")   # before the games, not after them
        progress = None if args.quiet else ProgressBar("simulate", _("games"), err, lang=lang)
        result = simulate(args.players, args.games, bots, seed=args.seed, jobs=args.jobs,
                          scheduler=args.scheduler, progress=progress, level=args.level,
                          rotate=args.rotate, keep_records=args.json is not None,
                          departments=args.departments)
    except (ValueError, RuntimeError, OSError) as e:
        err.write(failed % {"prog": "carnegie-lab simulate", "message": render(e, lang)})
        return 2
    for r in result.results:
        out.write(format_game(r, lang) + "\n")
    out.write("\n" + format_summary(result, lang) + "\n")
    wrote = _("wrote {path}") + "\n"
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result.to_dict(), f, indent=1)
        out.write("\n" + wrote.format(path=args.json))
    if args.html:
        from ..views import simulation_figure
        simulation_figure(result).write_html(args.html, include_plotlyjs=True, full_html=True)
        out.write(wrote.format(path=args.html))
    out.flush()
    return 0


def simulate_main(argv: list[str] | None = None) -> int:
    """``carnegie-lab simulate ...`` on its own (in English).

    Args:
        argv: The arguments (default ``sys.argv[1:]``).

    Returns:
        The exit status.
    """
    args = build_parser().parse_args(argv)
    return run(args)


def add_simulate_parser(subparsers, lang: str | None = None) -> None:
    """Add the ``simulate`` subcommand to ``carnegie-lab``'s subparsers, its help in ``lang``."""
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "simulate", help=_("play many games between bots and report the results"),
        description=_("Play a batch of games between bots (random, greedy, rollout, search), in parallel with "
                      "--jobs or on a Dask cluster with --scheduler, and print each game's scores, win rates "
                      "and score distributions."))
    add_arguments(p, lang)
    p.set_defaults(func=run)

"""``carnegie-lab review``: grade every decision of a recorded game."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import MissingExtraError
from ..core.i18n import N_, message_of, translator
from .base import CliError, os_problem, read_text
from .progress import ProgressBar


def add_review_parser(subparsers, lang: str | None = None) -> None:
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "review", help=_("grade every decision of a recorded game"),
        description=_("Review a game record: for every decision of the chosen seats that had a choice, the "
                      "action played against the one the analysis rates best, the expected final margin of each, "
                      "the VP given away and a grade (best, good, inaccuracy, mistake, blunder, or unclear where "
                      "the playouts cannot tell); then a summary per seat and the costliest decisions in words. "
                      "The analysis sees only what the seat saw at the table."))
    p.add_argument("record", type=Path, metavar=_("RECORD"),
                   help=_("the record file (Game.to_record, the app's Save, games export)"))
    p.add_argument("--seat", action="append", metavar=_("NAME"),
                   help=_("review this player (repeat for more; default: every seat)"))
    p.add_argument("--think", type=float, default=None, metavar="S",
                   help=_("no new batch of playouts after S seconds on a decision (default: no time limit; with "
                          "one, the review depends on the machine's speed)"))
    p.add_argument("--playouts", type=int, default=None, metavar="N",
                   help=_("at most N playouts an action (default 32); a decision gets more only while its verdict "
                          "is unclear"))
    p.add_argument("--seed", type=int, default=0, metavar=_("SEED"), help=_("the analysis's seed (default 0)"))
    p.add_argument("--jobs", type=int, default=1, metavar="N", help=_("worker processes (default 1)"))
    p.add_argument("--scheduler", default=None, metavar=_("ADDRESS"),
                   help=_("run the decisions on this Dask scheduler (e.g. tcp://127.0.0.1:8786) instead; needs "
                          "`pip install 'carnegie-lab[dask]'`"))
    p.add_argument("--json", type=Path, default=None, metavar=_("FILE"), help=_("write the whole review as JSON"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=run_review)


def run_review(args: argparse.Namespace) -> int:
    import json

    from ..analysis.review import review
    from ..core.errors import CarnegieError
    lang = args.language
    _ = translator(lang).gettext
    text = read_text(args.record)
    progress = None if args.quiet else ProgressBar("review", _("decisions"), lang=lang)
    try:
        result = review(text, args.seat, args.think, playouts=args.playouts, seed=args.seed, jobs=args.jobs,
                        scheduler=args.scheduler, on_progress=progress)
    except MissingExtraError:
        raise
    except CarnegieError as exc:
        raise CliError(N_("{path}: {error}", path=str(args.record), error=message_of(exc))) from None
    print("\n".join(result.lines_in(lang)))
    if args.json:
        try:
            args.json.write_text(json.dumps(result.to_dict(), indent=1), encoding="utf-8")
        except OSError as exc:
            raise CliError(N_("cannot write {path}: {problem}", path=str(args.json), problem=os_problem(exc))) \
                from None
        print(_("wrote {path}").format(path=args.json))
    return 0

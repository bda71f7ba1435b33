"""The ``carnegie-lab`` command.

Each subcommand is one ``add_<name>_parser(subparsers, lang)`` function that adds its parser, its help in
``lang``, and sets ``func`` (called with the parsed arguments, returns the exit status; ``args.language`` is
the language to print in). To add a subcommand, write such a function and list it in ``SUBCOMMANDS``.

    carnegie-lab [--lang LANG] COMMAND ...     (default: the environment's language, LANG=pt_BR.UTF-8)
    carnegie-lab app [--port 8866] [--host 127.0.0.1] [--store GAMES.db] [--base-url /carnegie/]
                     [--login | --no-login] [--password] [--allow-host NAME] [-- VOILA_OPTION ...]
    carnegie-lab games [list | export | restore | purge] ...
    carnegie-lab replay RECORD.json [--log] [--position OUT.json]
    carnegie-lab tutorials DIR [--force]
    carnegie-lab simulate --players N --games K [--bots random,greedy,...] [--seed S] [--jobs J] ...
    carnegie-lab review RECORD.json [--seat NAME] [--think S | --playouts N] [--jobs N] [--json OUT.json]
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Sequence

from ..core.errors import MissingExtraError
from ..core.i18n import languages, render, translator
from .app import DEFAULT_PORT, add_app_parser
from .base import CliError
from .games import add_games_parser, add_replay_parser
from .language import add_lang_option, argparse_in, chosen_language
from .review import add_review_parser
from .simulate import add_simulate_parser
from .tutorials import add_tutorials_parser

SUBCOMMANDS: list[Callable] = [add_app_parser, add_games_parser, add_replay_parser, add_tutorials_parser,
                               add_simulate_parser, add_review_parser]


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The ``carnegie-lab`` parser, its help in ``lang`` (None: English); argparse's own words follow
    :func:`~carnegie_lab.cli.language.argparse_in`."""
    _ = translator(lang).gettext
    parser = argparse.ArgumentParser(
        prog="carnegie-lab",
        description=_("Rules engine, plotly views and a Voilà app for the board game Carnegie."),
    )
    from .. import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show the version and exit"))
    add_lang_option(parser, _("the language of the output and the help, one of {languages} (default: the "
                              "environment's, e.g. LANG=pt_BR.UTF-8; else English)").format(
                                  languages=", ".join(languages())))
    parser.set_defaults(language=lang)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    for add in SUBCOMMANDS:
        add(subparsers, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``carnegie-lab ...`` in the language of ``--lang`` or of the environment."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = chosen_language(argv)
    with argparse_in(lang):
        parser = build_parser(lang)
        args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (CliError, MissingExtraError) as exc:
        parser.exit(2, translator(lang).gettext("%(prog)s: error: %(message)s\n")
                    % {"prog": parser.prog, "message": render(exc, lang)})
    except BrokenPipeError:                   # the reader went away (``... | head``): end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


__all__ = ["DEFAULT_PORT", "CliError", "build_parser", "main"]

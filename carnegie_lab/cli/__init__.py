"""The ``carnegie-lab`` command.

Each subcommand is one ``add_<name>_parser(subparsers)`` function that adds its parser and sets
``func`` (called with the parsed arguments, returns the exit status). To add a subcommand, write
such a function and list it in ``SUBCOMMANDS``.

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
from .app import DEFAULT_PORT, add_app_parser
from .base import CliError
from .games import add_games_parser, add_replay_parser
from .review import add_review_parser
from .simulate import add_simulate_parser
from .tutorials import add_tutorials_parser

SUBCOMMANDS: list[Callable] = [add_app_parser, add_games_parser, add_replay_parser, add_tutorials_parser,
                               add_simulate_parser, add_review_parser]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carnegie-lab",
        description="Rules engine, plotly views and a Voilà app for the board game Carnegie.",
    )
    from .. import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (CliError, MissingExtraError) as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    except BrokenPipeError:                   # the reader went away (``... | head``): end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


__all__ = ["DEFAULT_PORT", "CliError", "build_parser", "main"]

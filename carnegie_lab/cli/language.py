"""The command line's language: ``carnegie-lab --lang pt_BR ...``, else the environment's (gettext's rules:
``LANG=pt_BR.UTF-8``), else English; and argparse's own words (``usage:``, ``options``, its errors) in it."""
from __future__ import annotations

import argparse
from contextlib import contextmanager
from typing import Iterator, Sequence

from ..core.i18n import N_, environment_language, languages, translator

#: The messages argparse looks up with gettext that a ``carnegie-lab`` command can show, marked here so
#: that they are extracted into the catalog (their ids are argparse's own; :func:`argparse_in` gives
#: argparse our translations of them).
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)


def language(text: str) -> str:
    """An argparse type: a language with a translation (``pt-BR`` is ``pt_BR``); the error is in the
    environment's language (a ``--lang`` without a translation leaves the command line in that one)."""
    lang = text.replace("-", "_")
    if lang not in languages():
        raise argparse.ArgumentTypeError(translator(environment_language()).gettext(
            "no translation for {text!r}: the languages are {languages}").format(
            text=text, languages=", ".join(languages())))
    return lang


def add_lang_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    """Add ``--lang LANG`` (one of :func:`languages`) to a parser."""
    parser.add_argument("--lang", type=language, default=None, metavar="LANG", help=help_text)


def chosen_language(argv: Sequence[str] | None = None) -> str:
    """The command line's language: the last ``--lang`` of ``argv`` if it names a language with a
    translation, else the environment's (:func:`environment_language`)."""
    found = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    found.add_argument("--lang", default=None)
    try:
        asked = found.parse_known_args(argv or [])[0].lang
    except argparse.ArgumentError:            # --lang without a value: the command's parser says so
        asked = None
    lang = (asked or "").replace("-", "_")
    return lang if lang in languages() else environment_language()


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """While the block runs, argparse's own words come from our catalog in ``lang``: argparse looks them up
    with the gettext functions it keeps as its module's ``_`` and ``ngettext``, which the block replaces
    with the translator's (argparse's own domain has no Portuguese)."""
    words = translator(lang)
    kept = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    setattr(argparse, "_", words.gettext)
    setattr(argparse, "ngettext", words.ngettext)
    try:
        yield
    finally:
        for name, function in kept.items():
            setattr(argparse, name, function)

"""The translation layer: every text a player reads goes through a gettext translator of one language.

English is the source language: ``translator(None)`` (or ``"en"``) gives each message back unchanged.
Another language reads its compiled catalog, ``carnegie_lab/locale/<lang>/LC_MESSAGES/carnegie_lab.mo``,
with the standard library's :mod:`gettext` (Babel is only the tooling: ``make i18n-extract``,
docs/translating.md). Code marks its messages for ``pybabel extract`` in the usual way::

    _ = translator(lang).gettext
    _("Round {round}: the map").format(round=3)
    translator(lang).ngettext("{n} city", "{n} cities", n).format(n=n)

The component data keeps the English names (cities, regions, departments, ...): they are messages too,
extracted from carnegie_lab/data by :func:`extract_data` (babel.cfg) and translated with ``_(city.name)``.
"""
from __future__ import annotations

import gettext
import json
from pathlib import Path
from typing import IO, Iterator

from .errors import UnknownLanguageError

DOMAIN = "carnegie_lab"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"

_TRANSLATORS: dict[str, gettext.NullTranslations] = {SOURCE: gettext.NullTranslations()}


def languages() -> tuple[str, ...]:
    """The languages there is a catalog for, English first: ``("en", "pt_BR")``."""
    found = sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE, *found)


def translator(lang: str | None = None) -> gettext.NullTranslations:
    """The translator of ``lang`` (``None``: English), its catalog read once and kept."""
    lang = lang or SOURCE
    if lang not in _TRANSLATORS:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.is_file():
            raise UnknownLanguageError(f"no translation for the language {lang!r}: the languages are "
                                       + ", ".join(languages()))
        with path.open("rb") as file:
            _TRANSLATORS[lang] = gettext.GNUTranslations(file)
    return _TRANSLATORS[lang]


def N_(message: str) -> str:
    """Mark a message for extraction where it is written; it is translated where it is shown."""
    return message


def extract_data(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple[int, str, str, list]]:
    """A Babel extractor for the component data: the strings under the keys named by the ``keys`` option
    (babel.cfg, e.g. ``keys = name``), anywhere in a JSON file, with their line numbers."""
    text = fileobj.read().decode("utf-8")
    keys = set(options.get("keys", "name").split())
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(text))
    lines = text.splitlines()
    for value in dict.fromkeys(found):
        quoted = json.dumps(value)
        line = next((i for i, row in enumerate(lines, 1) if quoted in row), 1)
        yield line, "_", value, []

"""Checking that a text shown in a language went through the translation layer (tests of the views and
of the engine's words).

``Widened`` is the real pt_BR catalog whose translations have their ASCII letters turned full-width
(``Ｒｏｄａｄａ``), registered as the language ``WIDE``: whatever ASCII word is left in a text rendered in
it was not translated (:func:`ascii_words`), and a message the catalog lacks is recorded with its id."""
from __future__ import annotations

import gettext
import html
import re

import pytest

from carnegie_lab.core import i18n

WIDE = "pt_BR@wide"     # a language of its own: the views' caches keep its texts apart from pt_BR's
#: Tags, placeholders (``{field}``, and argparse's ``%(name)s`` and ``%s``) and entities stay as they are.
MARKUP = re.compile(r"(<[^>]*>|\{[^}]*\}|%\(\w+\)[sdr]|%[sdr]|&\w+;)")
WORD = re.compile(r"\b[A-Za-z][A-Za-z']+\b")          # two ASCII letters or more, no digit: a word


def wide(text: str) -> str:
    """The text's ASCII letters full-width, outside markup."""
    return "".join(part if MARKUP.fullmatch(part) else
                   "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in part)
                   for part in MARKUP.split(text))


class Widened(gettext.NullTranslations):
    """The pt_BR catalog with full-width translations; ``missing``: the messages it has no entry for
    (a message with no letters outside its fields needs none)."""

    def __init__(self, real: gettext.GNUTranslations):
        super().__init__()
        self.real, self.missing = real, set()

    def _look(self, key, message: str, found: str) -> str:
        if key not in self.real._catalog and re.search("[A-Za-z]", MARKUP.sub("", message)) or not message:
            self.missing.add(message)             # the empty message: gettext gives the catalog's header
        return wide(found)

    def gettext(self, message):
        return self._look(message, message, self.real.gettext(message))

    def ngettext(self, msgid1, msgid2, n):
        return self._look((msgid1, 0), msgid1, self.real.ngettext(msgid1, msgid2, n))

    def pgettext(self, context, message):
        return self._look(f"{context}\x04{message}", message, self.real.pgettext(context, message))

    def npgettext(self, context, msgid1, msgid2, n):
        return self._look((f"{context}\x04{msgid1}", 0), msgid1, self.real.npgettext(context, msgid1, msgid2, n))


@pytest.fixture(scope="module")
def widened():
    """The widened pt_BR, as the language ``WIDE`` (for one module's tests)."""
    translator = Widened(i18n.translator("pt_BR"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(i18n._TRANSLATORS, WIDE, translator)
        yield translator


def ascii_words(texts: list[str], names: set[str], pending: list[str] = ()) -> list[tuple[str, str]]:
    """(word, text) of each ASCII word of the texts outside ``names`` (the same in every language) and
    the ``pending`` texts (not translated yet)."""
    left = []
    for text in texts:
        plain = html.unescape(re.sub(r"<[^>]*>|%\{[^}]*\}", " ", text))      # tags, plotly's %{fields}
        plain = re.sub(r"\s+", " ", plain)
        for words in pending:
            plain = plain.replace(words, " ")
        left += [(word, text) for word in WORD.findall(plain) if word not in names]
    return left

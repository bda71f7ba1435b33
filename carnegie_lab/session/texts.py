"""Texts the session makes now and the app shows later, in the page's language: :class:`~carnegie_lab.core.i18n.Message`
kinds for what one message cannot say (a list, the round, a label in lower case), and :func:`shown`."""
from __future__ import annotations

from typing import Iterable

from ..core.i18n import Message, render
from ..core.words import round_of


class Joined(Message):
    """Texts joined by a separator ('Ada (you), Bo (easy bot)'), each rendered in the language, the
    separator too."""

    items: tuple
    sep: str

    def __new__(cls, items: Iterable[str], sep: str = ", ") -> Joined:
        items = tuple(items)
        text = str.__new__(cls, str(sep).join(items))
        text.msgid, text.fields, text.items, text.sep = str(text), {}, items, sep
        return text

    def __getnewargs__(self) -> tuple:
        return (self.items, self.sep)

    def render(self, lang: str | None) -> str:
        return render(self.sep, lang).join(shown(item, lang) for item in self.items)


class RoundOf(Message):
    """'Round 3 of 8' (or 'Setup'), in the language (core.words.round_of)."""

    numbers: tuple[int, int]

    def __new__(cls, round_: int, rounds: int) -> RoundOf:
        text = str.__new__(cls, round_of(round_, rounds))
        text.msgid, text.fields, text.numbers = str(text), {}, (round_, rounds)
        return text

    def __getnewargs__(self) -> tuple:
        return self.numbers

    def render(self, lang: str | None) -> str:
        return round_of(*self.numbers, lang=lang)


class Lowered(Message):
    """A message shown in lower case ('easy bot'), in every language."""

    message: str

    def __new__(cls, message: str) -> Lowered:
        text = str.__new__(cls, message.lower())
        text.msgid, text.fields, text.message = str(text), {}, message
        return text

    def __getnewargs__(self) -> tuple:
        return (self.message,)

    def render(self, lang: str | None) -> str:
        return render(self.message, lang).lower()


def shown(text: str, lang: str | None) -> str:
    """A text the session made, in a language: a Message rendered, any other text (a log line, a name) as
    it is."""
    return text.render(lang) if isinstance(text, Message) and lang not in (None, "en") else str(text)


def sentence(text: str, end: bool = True) -> str:
    """A text as a sentence: its first letter capital and a full stop at its end (unless it has one)."""
    text = text[:1].upper() + text[1:] if end else text
    return text if not end or text.endswith((".", "!", "?")) else text + "."


def error_text(error: Exception, lang: str | None) -> str:
    """An error's message in a language (``render``): one that names what is wrong through the catalog,
    else its English message."""
    return render(error, lang)


__all__ = ["Joined", "Lowered", "RoundOf", "error_text", "sentence", "shown"]

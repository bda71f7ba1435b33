"""Texts described now and put into words when read: what the game log keeps as the rules play.

A :class:`Later` is the call that words a text, kept with its values instead of made: the function
(``Message``, a helper of :mod:`.words`, ``Worded``) and the values it is given, each a plain value, a
Message or another Later. Reading it (:meth:`Later.text`, or :func:`worded` on anything the log holds)
makes the call once and keeps its text, a :class:`~.i18n.Message` whose English is the text the call
would have given at once. Playing a game thus makes no text at all; a view reads the lines it shows.

A log line is ``line("{player} sells 1 goods for ${price}", player=..., price=...)``: ``line`` is an
extraction keyword (babel.cfg), so its message id is extracted like ``N_``'s.
"""
from __future__ import annotations

from typing import Any, Callable

from .i18n import Message


class Later:
    """A text as the call that words it: ``Later(count_of, "goods", 3)`` is ``count_of("goods", 3)``,
    made when read. As a value it stands for its text: equal to it (or to an equal Later), hashed
    like it, its ``str`` the English."""

    __slots__ = ("make", "values", "fields", "_text")
    _text: str | None

    def __init__(self, make: Callable[..., str], /, *values: Any, **fields: Any):
        self.make, self.values, self.fields, self._text = make, values, fields, None

    def text(self) -> str:
        """The text, made at the first reading (a value that is a Later is read first)."""
        text = self._text
        if text is None:
            text = self._text = self.make(*[worded(v) for v in self.values],
                                          **{key: worded(v) for key, v in self.fields.items()})
        return text

    def __eq__(self, other: object) -> bool:
        return self.text() == worded(other)

    def __hash__(self) -> int:
        return hash(self.text())

    def __str__(self) -> str:
        return str(self.text())

    def __repr__(self) -> str:
        return f"Later({self.text()!r})"


def line(msgid: str, /, **fields: Any) -> Later:
    """A log line: a message and its fields (plain values, Messages or Laters), a Message when read."""
    return Later(Message, msgid, **fields)


def worded(text: Any) -> Any:
    """What the log holds, in words: a Later's text; anything else (a line read back from JSON) as it is."""
    return text.text() if isinstance(text, Later) else text

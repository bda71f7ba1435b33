"""Texts described now and put into words when read: what the game log keeps as the rules play.

A :class:`Later` is the call that words a text, kept with its values instead of made: the function
(``Message``, ``Worded``, a helper of :mod:`.words`) and the values it is given, each a plain value, a
Message or another Later. Reading it (:meth:`Later.text`) makes the call, a Later among its values
first; the text is a :class:`~.i18n.Message` whose English is what the call would have given at once.
Playing a game thus makes no text; a view reads the lines it shows (:func:`read_line`, once each).
"""
from __future__ import annotations

from typing import Any, Callable

from .i18n import Message


class Later(tuple):
    """A text as the call that words it: ``later(count_of, "goods", 3)`` is ``count_of("goods", 3)``, made
    when read. A tuple (function, values, keyword values), cheap to make at every log line; as a value it
    stands for its text: equal to it (or to an equal Later), hashed like it, its ``str`` the English."""

    __slots__ = ()

    def __reduce__(self) -> tuple:
        """A copy or a pickle makes the same tuple."""
        return tuple.__new__, (Later, tuple(self))

    def text(self) -> str:
        """The text (a value that is a Later is read first)."""
        make, values, fields = self
        return make(*[worded(v) for v in values], **{key: worded(v) for key, v in fields.items()})

    def __eq__(self, other: object) -> bool:
        return self.text() == worded(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.text())

    def __str__(self) -> str:
        return str(self.text())

    def __repr__(self) -> str:
        return f"Later({self.text()!r})"


def later(make: Callable[..., str], /, *values: Any, **fields: Any) -> Later:
    """The :class:`Later` of ``make(*values, **fields)``: made by a plain function, not by a ``__new__`` of the
    class (a class's call costs about twice as much in CPython 3.11, at every log line)."""
    return tuple.__new__(Later, (make, values, fields))


def line(msgid: str, /, **fields: Any) -> Later:
    """A log line: a message and its fields (plain values, Messages or Laters), a Message when read;
    ``line`` is an extraction keyword (babel.cfg), like ``N_``."""
    return tuple.__new__(Later, (Message, (msgid,), fields))


def worded(text: Any) -> Any:
    """A value in words: a Later's text; anything else as it is."""
    return text.text() if isinstance(text, Later) else text


def read_line(entry: list) -> Any:
    """The text of a log entry (``[number, text]``), put into words at its first reading and kept so in
    the entry (a line read back from JSON is a ``str`` already)."""
    text = entry[1]
    if isinstance(text, Later):
        text = entry[1] = text.text()
    return text

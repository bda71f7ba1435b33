"""Texts kept in JSON as descriptions, so that a text read back reads in any language: a position's log.

A :class:`~.i18n.Message` is kept as its id and fields (``{"message": "{player} passes", "fields":
{"player": "Ada"}}``), a :class:`~.i18n.Worded` one as the name of its wording function
(:data:`.i18n.WORDINGS`) and its values, a :class:`~.i18n.Texts` as its texts; any other text (a plain
``str``, as older files keep them) as its English. :func:`text_of` reads a description back, checking it:
a text from a file is shown to a player, so only the package's own wordings are called, and a message's
fields are plain names (``{player}``, ``{value:+.1f}``), never attributes or items.
"""
from __future__ import annotations

import re
from dataclasses import asdict, fields
from string import Formatter
from typing import Any

from .components import Reward
from .i18n import N_, WORDINGS, Message, Texts, Worded, languages, wording_name

_NAME = re.compile(r"[A-Za-z_]\w*")
_SPEC = re.compile(r"[-+ #0-9.,_%a-zA-Z]*")
_REWARD = frozenset(f.name for f in fields(Reward))
DEEPEST = 16                    # levels of descriptions within descriptions (the log's lines need about 5)


class Undescribed(Exception):
    """A description that is not one of :func:`describe`'s: ``problem`` says why (a Message)."""

    def __init__(self, problem: Message):
        super().__init__(problem)
        self.problem = problem


def describe(text: str) -> Any:
    """The JSON form of a text: a description if it is a Message, Worded or Texts whose parts can be
    described, else its English."""
    try:
        return _described(text)
    except Undescribed:
        return str(text)


def _described(value: Any) -> Any:
    if type(value) is Message:
        return {"message": value.msgid, "fields": {key: _described(v) for key, v in value.fields.items()}}
    if type(value) is Worded and WORDINGS.get(wording_name(value.make)) is value.make:
        return {"worded": wording_name(value.make), "values": [_described(v) for v in value.values]}
    if type(value) is Texts:
        return {"texts": dict(value.texts)}
    if type(value) is Reward:
        return {"reward": asdict(value)}
    if isinstance(value, (list, tuple)):
        return [_described(v) for v in value]
    if value is None or type(value) in (str, int, float, bool):
        return value
    raise Undescribed(N_("cannot be described"))


def text_of(data: Any) -> str:
    """The text a description stands for (a plain text as it is); :class:`Undescribed` if it is not one."""
    value = _read(data, 0)
    if not isinstance(value, str):
        raise Undescribed(N_("expected a text or its description"))
    return value


def _read(data: Any, depth: int) -> Any:
    if depth > DEEPEST:
        raise Undescribed(N_("nested too deeply"))
    if isinstance(data, list):
        return tuple(_read(v, depth + 1) for v in data)
    if not isinstance(data, dict):
        if data is None or type(data) in (str, int, float, bool):
            return data
        raise Undescribed(N_("expected a text or its description"))
    kind = set(data)
    if kind == {"message", "fields"}:
        return _message(data["message"], data["fields"], depth)
    if kind == {"worded", "values"}:
        make, values = WORDINGS.get(data["worded"]), data["values"]
        if make is None or not isinstance(values, list):
            raise Undescribed(N_("unknown wording {name}", name=repr(data["worded"])[:40]))
        return _made(lambda: _rendered(Worded(make, *_read(values, depth + 1))))
    if kind == {"texts"} and isinstance(data["texts"], dict) and isinstance(data["texts"].get("en"), str) \
            and all(isinstance(v, str) for v in data["texts"].values()):
        return Texts(dict(data["texts"]))
    if kind == {"reward"} and isinstance(data["reward"], dict) and set(data["reward"]) <= _REWARD \
            and all(type(v) is int for v in data["reward"].values()):
        return Reward(**data["reward"])
    raise Undescribed(N_("expected a text or its description"))


def _message(msgid: Any, fields: Any, depth: int) -> Message:
    if not isinstance(msgid, str) or not isinstance(fields, dict):
        raise Undescribed(N_("a message is a text and its fields"))
    try:
        parts = list(Formatter().parse(msgid))
    except ValueError:
        raise Undescribed(N_("a message is a text and its fields")) from None
    for _, name, spec, conversion in parts:
        if name is not None and (not _NAME.fullmatch(name) or name not in fields or conversion
                                 or not _SPEC.fullmatch(spec or "")):
            raise Undescribed(N_("a message's field {field} is not one of its fields", field=repr(name)[:40]))
    values = {key: _read(value, depth + 1) for key, value in fields.items()}
    return _made(lambda: _rendered(Message(msgid, **values)))


def _rendered(text: Message) -> Message:
    """The text, once it is seen to render as a text in every language (a file's values may not fit)."""
    if not all(isinstance(text.render(lang), str) for lang in languages()):
        raise TypeError("not a text")
    return text


def _made(make: Any) -> Any:
    """What ``make`` words from a file's values; Undescribed if they do not fit its wording."""
    try:
        return make()
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        raise Undescribed(N_("the values do not fit the wording")) from None

"""The component data files as checked JSON: a :class:`Node` is an object of a file read with the path to it,
whose typed getters raise :class:`~carnegie_lab.core.errors.DataError` naming the file and the field."""
from __future__ import annotations

import builtins
from pathlib import Path

from .components import Reward, frozen_map
from .errors import DataError
from .i18n import N_, Message
from .jsontext import JSONTextError, read_json

MISSING = object()
JSON_NAMES = {bool: N_("a boolean"), int: N_("an integer"), float: N_("a number"), str: N_("a string"),
              list: N_("a list"), dict: N_("an object"), type(None): N_("null")}


def kind_of(value) -> str:
    return JSON_NAMES.get(type(value), type(value).__name__)


def is_json(value, kind) -> bool:
    """JSON type test: bool is not an int, an int is a float."""
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


class Node:
    """One JSON object being read. It remembers its file and path so that every error names them,
    and the keys read so that :meth:`done` can reject unknown ones (keys starting with "_" are comments)."""

    def __init__(self, file: str, path: str, data):
        if not isinstance(data, dict):
            raise DataError(file, path or "(top level)", N_("expected an object, got {kind}", kind=kind_of(data)))
        self.file, self.path, self.data = file, path, data
        self.seen: set[object] = set()

    def at(self, key) -> str:
        return f"{self.path}.{key}" if self.path else str(key)

    def fail(self, key, problem: Message) -> DataError:
        return DataError(self.file, self.at(key) if key is not None else self.path or "(top level)", problem)

    def get(self, key, kind, default=MISSING, nullable=False):
        self.seen.add(key)
        if key not in self.data:
            if default is MISSING:
                raise self.fail(key, N_("missing"))
            return default
        value = self.data[key]
        if not (is_json(value, kind) or (nullable and value is None)):
            raise self.fail(key, N_("expected {kind}, got {other} {value}", kind=JSON_NAMES[kind], other=kind_of(value),
                                    value=repr(value)))
        return value

    def str(self, key, **kw) -> str:
        value = self.get(key, str, **kw)
        if value == "":
            raise self.fail(key, N_("must not be empty"))
        return value

    def int(self, key, lo=None, hi=None, **kw) -> int:
        value = self.get(key, int, **kw)
        if lo is not None and value < lo or hi is not None and value > hi:
            raise self.fail(key, N_("must be {lo}, got {value}", lo=lo, value=value) if lo == hi
                            else N_("must be >= {lo}, got {value}", lo=lo, value=value) if hi is None
                            else N_("must be between {lo} and {hi}, got {value}", lo=lo, hi=hi, value=value))
        return value

    def float(self, key, lo=None, hi=None) -> float:
        value = float(self.get(key, float))
        if lo is not None and not lo <= value <= hi:
            raise self.fail(key, N_("must be between {lo} and {hi}, got {value}", lo=lo, hi=hi, value=value))
        return value

    def bool(self, key) -> bool:
        return self.get(key, bool)

    def choice(self, key, allowed, what: builtins.str, **kw):
        """A string that must be one of ``allowed`` (ids of known things or a fixed vocabulary)."""
        value = self.get(key, str, **kw)
        if value is not None:
            known(value, allowed, what, self.file, self.at(key))
        return value

    def choices(self, key, allowed, what: builtins.str, distinct=True, nonempty=False) -> tuple[builtins.str, ...]:
        values = self.get(key, list)
        if nonempty and not values:
            raise self.fail(key, N_("must not be empty"))
        for i, value in enumerate(values):
            if not is_json(value, str):
                raise self.fail(f"{key}[{i}]", N_("expected {kind}, got {other} {value}", kind=JSON_NAMES[str],
                                                  other=kind_of(value), value=repr(value)))
            known(value, allowed, what, self.file, self.at(f"{key}[{i}]"))
            if distinct and value in values[:i]:
                raise self.fail(f"{key}[{i}]", N_("{what} {value} is listed twice", what=what, value=repr(value)))
        return tuple(values)

    def obj(self, key) -> "Node":
        return Node(self.file, self.at(key), self.get(key, dict))

    def objs(self, key, count=None) -> list["Node"]:
        items = self.get(key, list)
        if count is not None and len(items) != count:
            raise self.fail(key, N_("expected {n} entries, got {count}", n=count, count=len(items)))
        return [Node(self.file, self.at(f"{key}[{i}]"), item) for i, item in enumerate(items)]

    def reward(self, key) -> Reward:
        node = self.obj(key)
        reward = Reward(**{f: node.int(f, lo=0, default=0) for f in Reward.__dataclass_fields__})
        node.done()
        return reward

    def done(self) -> None:
        for key in self.data:
            if key not in self.seen and not str(key).startswith("_"):
                raise self.fail(key, N_("unknown key"))


def known(value, allowed, what, file, path) -> None:
    if value not in allowed:
        if len(allowed) <= 8:
            raise DataError(file, path, N_("unknown {what} {value} (expected one of: {allowed})", what=what,
                                           value=repr(value), allowed=", ".join(map(str, allowed))))
        raise DataError(file, path, N_("unknown {what} {value}", what=what, value=repr(value)))


def unique(nodes, key, what) -> dict:
    """Map node[key] -> node, rejecting duplicates."""
    out: dict = {}
    for node in nodes:
        value = node.data.get(key, MISSING)
        if value is MISSING:
            raise node.fail(key, N_("missing"))
        if not (is_json(value, str) or is_json(value, int)):
            raise node.fail(key, N_("expected a string or an integer, got {kind} {value}", kind=kind_of(value),
                                    value=repr(value)))
        if value in out:
            raise node.fail(key, N_("duplicate {what} {value}", what=what, value=repr(value)))
        out[value] = node
    return out


def freeze(value):
    if isinstance(value, dict):
        return frozen_map({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def read_file(folder: Path, file: str) -> Node:
    try:
        text = (folder / file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(file, "(file)", N_("cannot be read: {reason}",
                reason=getattr(e, "strerror", None) or str(e))) from None
    try:
        data = read_json(text)
    except JSONTextError as e:
        raise DataError(file, e.where, e.problem) from None
    return Node(file, "", data)

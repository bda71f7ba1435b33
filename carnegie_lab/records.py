"""Game records (options + actions, replayable) and positions (full snapshots), with validation.

A record is ``{"format": "carnegie_lab.record", "version": 1, "options": {...}, "actions": [...]}``
(plus ``"start"``, a position state, when the game did not begin at a fresh setup). A position is
``{"format": "carnegie_lab.position", "version": 1, "state": {...}}``. Anything wrong raises
:class:`RecordError` naming the field.
"""
from __future__ import annotations

import types
import typing
from dataclasses import fields, is_dataclass
from typing import Any

from .components import components
from .errors import RecordError
from .state import ANDREW, NEUTRAL, Andrew, Board, Flow, Player, State

VERSION = 1
RECORD = "carnegie_lab.record"
POSITION = "carnegie_lab.position"
C = components()


def _check_type(value: Any, hint: Any, path: str) -> None:
    """Check a JSON value against a type hint of the state dataclasses."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in typing.get_args(hint):
            try:
                _check_type(value, option, path)
                return
            except RecordError as e:
                errors.append(e.problem)
        raise RecordError(path, " or ".join(errors))
    if hint is type(None):
        if value is not None:
            raise RecordError(path, "expected null")
        return
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(path, f"expected a whole number, got {value!r}")
        return
    if hint in (str, bool):
        if not isinstance(value, hint):
            raise RecordError(path, f"expected {hint.__name__}, got {value!r}")
        return
    if origin is list or hint is list:
        if not isinstance(value, list):
            raise RecordError(path, f"expected a list, got {type(value).__name__}")
        (item,) = typing.get_args(hint) or (Any,)
        for i, v in enumerate(value):
            _check_type(v, item, f"{path}[{i}]")
        return
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            raise RecordError(path, f"expected an object, got {type(value).__name__}")
        args = typing.get_args(hint)
        for k, v in value.items():
            if not isinstance(k, str):
                raise RecordError(path, f"key {k!r} is not text")
            if args:
                _check_type(v, args[1], f"{path}.{k}")
        return
    if is_dataclass(hint):
        _check_dataclass(value, hint, path)
        return
    raise RecordError(path, f"cannot check a value of type {hint!r}")


def _check_dataclass(value: Any, cls: type, path: str) -> None:
    if not isinstance(value, dict):
        raise RecordError(path, f"expected an object, got {type(value).__name__}")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in fields(cls)}
    for unknown in sorted(set(value) - names):
        raise RecordError(f"{path}.{unknown}", "unknown field")
    for f in fields(cls):
        if f.name not in value:
            raise RecordError(f"{path}.{f.name}", "missing")
        _check_type(value[f.name], hints[f.name], f"{path}.{f.name}")


def _check_meaning(data: dict) -> None:
    """Checks the types cannot express: ids, ranges, counts."""
    players = data["players"]
    n = len(players)
    if not 1 <= n <= 4:
        raise RecordError("state.players", f"{n} players (1 to 4 allowed)")
    owners = set(range(n)) | {NEUTRAL, ANDREW}
    k = C.constants
    for i, p in enumerate(players):
        where = f"state.players[{i}]"
        for key in ("money", "goods", "vp", "discs", "supply"):
            if p[key] < 0:
                raise RecordError(f"{where}.{key}", f"negative ({p[key]})")
        for cell, dept in p["cells"].items():
            if cell not in C.company.cells:
                raise RecordError(f"{where}.cells.{cell}", "no such company cell")
            if dept != "lobby" and dept not in C.departments:
                raise RecordError(f"{where}.cells.{cell}", f"unknown department {dept!r}")
        for cell, occupied in p["standing"].items():
            dept = p["cells"].get(cell)
            if dept is None or dept == "lobby":
                raise RecordError(f"{where}.standing.{cell}", "nobody can stand outside a department")
            if any(not 0 <= w < len(C.departments[dept].workstations) for w in occupied) or \
                    len(set(occupied)) != len(occupied):
                raise RecordError(f"{where}.standing.{cell}", f"bad workstations {occupied}")
        for key in ("missions", "tracks"):
            for region in p[key]:
                if region not in C.regions:
                    raise RecordError(f"{where}.{key}.{region}", "unknown region")
        for region, pos in p["tracks"].items():
            if not 0 <= pos < len(C.tracks[region].spaces):
                raise RecordError(f"{where}.tracks.{region}", f"position {pos} is off the track")
        total = (sum(p["lying"].values()) + sum(len(s) for s in p["standing"].values())
                 + sum(p["missions"].values()) + p["supply"])
        if total != k.employees_total:
            raise RecordError(f"{where}", f"{total} employees (must be {k.employees_total})")
    for key, (owner, ptype) in data["board"]["sites"].items():
        city, _, index = key.partition("/")
        if city not in C.cities or not index.isdigit() or int(index) >= len(C.cities[city].sites):
            raise RecordError(f"state.board.sites.{key}", "no such site")
        if owner not in owners:
            raise RecordError(f"state.board.sites.{key}", f"unknown owner {owner!r}")
    for donation, stack in data["board"]["donations"].items():
        if donation not in C.donations:
            raise RecordError(f"state.board.donations.{donation}", "unknown donation")
        if any(o not in owners for o in stack):
            raise RecordError(f"state.board.donations.{donation}", f"unknown owner in {stack}")
    if any(not 0 <= m <= C.timeline.tiles_in_play + 1 for m in data["board"]["markers"]):
        raise RecordError("state.board.markers", f"marker off the timeline: {data['board']['markers']}")
    flow = data["flow"]
    if flow["player"] is not None and not 0 <= flow["player"] < n:
        raise RecordError("state.flow.player", f"no player {flow['player']}")


_STATE_HINTS = {"options": dict, "players": list[Player], "board": Board, "flow": Flow,
                "andrew": typing.Optional[Andrew], "history": list, "log": list}


def state_from_dict(data: Any) -> State:
    """Validate a position's state and rebuild it."""
    if not isinstance(data, dict):
        raise RecordError("state", "expected an object")
    for key, hint in _STATE_HINTS.items():
        if key not in data:
            raise RecordError(f"state.{key}", "missing")
        _check_type(data[key], hint, f"state.{key}")
    _check_meaning(data)
    return State.from_dict(data)


def check_header(data: Any, kind: str) -> None:
    if not isinstance(data, dict):
        raise RecordError("(top)", "expected a JSON object")
    if data.get("format") != kind:
        raise RecordError("format", f"expected {kind!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError("version", f"unsupported version {data.get('version')!r} (this is {VERSION})")

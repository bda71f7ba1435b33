"""Game records (options + actions, replayable) and positions (full snapshots), with validation.

A record is ``{"format": "carnegie_lab.record", "version": 1, "options": {...}, "actions": [...]}``
(plus ``"start"``, a position state, when the game did not begin at a fresh setup). A position is
``{"format": "carnegie_lab.position", "version": 1, "state": {...}}``. Anything wrong raises
:class:`RecordError` naming the field.

Versions: 1 keeps the log's lines as English text; 2 as descriptions (core.described), which read in any
language. A file is written with the lowest version that reads it (a record without a start is version 1),
and every version is read.
"""
from __future__ import annotations

import functools
import types
import typing
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable

from .described import Undescribed, text_of
from .errors import RecordError
from .i18n import N_, Message
from .state import (
    ANDREW,
    FRAME_TYPES,
    NEUTRAL,
    Andrew,
    Board,
    DecisionKind,
    Disc,
    Flow,
    Frame,
    Phase,
    Player,
    RoundSummary,
    State,
    Tab,
    site_city,
)

if TYPE_CHECKING:
    from ..rules.ruleset import Ruleset
    from .components import Components

VERSION = 2                           # the newest version; VERSIONS: those read
VERSIONS = (1, 2)
RECORD = "carnegie_lab.record"
POSITION = "carnegie_lab.position"


#: checks a value: None when it is fine, else (where below the value, what is wrong)
Checker = Callable[[Any], "tuple[str, Message] | None"]


_ENUM_NAMES = {Phase: N_("phase"), DecisionKind: N_("decision kind")}
_EXPECTED = {str: lambda value: N_("expected str, got {value}", value=repr(value)),
             bool: lambda value: N_("expected bool, got {value}", value=repr(value))}


def _check_type(value: Any, hint: Any, path: str) -> None:
    """Check a JSON value against a type hint of the state dataclasses; raises RecordError."""
    problem = _checker(hint)(value)
    if problem is not None:
        raise RecordError(path + problem[0], problem[1])


@functools.lru_cache(maxsize=None)
def _checker(hint: Any) -> Checker:
    """A function that checks a JSON value against a type hint (built once per hint)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return lambda value: None
    if hint is Frame:
        return _frame_problem
    if isinstance(hint, type) and issubclass(hint, Enum):
        allowed = frozenset(m.value for m in hint)
        return lambda value: None if isinstance(value, str) and value in allowed else (
            "", N_("unknown {kind} {value}", kind=_ENUM_NAMES[hint], value=repr(value)))
    if hint is Tab:
        return _checker(list[int])
    if hint is Disc:
        return lambda value: None if isinstance(value, list) and len(value) == 2 else (
            "", N_("expected [owner, project type or null], got {value}", value=repr(value)))
    if origin in (typing.Union, types.UnionType):
        options = [_checker(option) for option in typing.get_args(hint)]

        def union(value: Any) -> tuple[str, Message] | None:
            problems = []
            for check in options:
                problem = check(value)
                if problem is None:
                    return None
                problems.append(problem[1])
            return "", functools.reduce(lambda first, second: N_("{first} or {second}", first=first, second=second),
                                        problems)
        return union
    if hint is type(None):
        return lambda value: None if value is None else ("", N_("expected null"))
    if hint is int:
        return lambda value: None if type(value) is int else ("", N_("expected a whole number, got {value}",
                value=repr(value)))
    if hint in (str, bool):
        return lambda value: None if isinstance(value, hint) else ("", _EXPECTED[hint](value))
    if origin is list or hint is list:
        (item,) = typing.get_args(hint) or (Any,)
        check_item, quick = _checker(item), _plain(item)

        def a_list(value: Any) -> tuple[str, Message] | None:
            if not isinstance(value, list):
                return "", N_("expected a list, got {kind}", kind=type(value).__name__)
            if quick is not None and quick(value):
                return None                   # (long lists of plain values: the log)
            for i, v in enumerate(value):
                problem = check_item(v)
                if problem is not None:
                    return f"[{i}]{problem[0]}", problem[1]
            return None
        return a_list
    if origin is dict or hint is dict:
        args = typing.get_args(hint)
        check_value = _checker(args[1]) if args else _checker(Any)

        def a_dict(value: Any) -> tuple[str, Message] | None:
            if not isinstance(value, dict):
                return "", N_("expected an object, got {kind}", kind=type(value).__name__)
            for k, v in value.items():
                if not isinstance(k, str):
                    return "", N_("key {key} is not text", key=repr(k))
                problem = check_value(v)
                if problem is not None:
                    return f".{k}{problem[0]}", problem[1]
            return None
        return a_dict
    if isinstance(hint, type) and (is_dataclass(hint) or typing.is_typeddict(hint)):
        return _fields_checker(hint)
    if origin is tuple:                       # a JSON list of fixed length: [number, text] of a log line
        items = [_checker(item) for item in typing.get_args(hint)]

        def a_row(value: Any) -> tuple[str, Message] | None:
            if not isinstance(value, list) or len(value) != len(items):
                return "", N_("expected a list of {n}, got {value}", n=len(items), value=f"{value!r:.80}")
            for i, (check, v) in enumerate(zip(items, value)):
                problem = check(v)
                if problem is not None:
                    return f"[{i}]{problem[0]}", problem[1]
            return None
        return a_row
    raise TypeError(f"cannot check a value of type {hint!r}")


def _plain(hint: Any) -> Callable[[list[Any]], bool] | None:
    """For a list of plain values (whole numbers, texts, or rows of them: the log), a quick yes/no test
    of the whole list made of C-level passes; None for other hints."""
    if hint in (int, str):
        return lambda values: set(map(type, values)) <= {hint}
    kinds = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and all(k in (int, str) for k in kinds):
        def rows(values: list[Any]) -> bool:
            if set(map(type, values)) - {list} or set(map(len, values)) - {len(kinds)}:
                return False
            return all(set(map(type, column)) <= {kind} for column, kind in zip(zip(*values), kinds))
        return rows
    return None


@functools.lru_cache(maxsize=None)
def _fields_checker(cls: type) -> Checker:
    """Checks an object holding exactly the fields of a dataclass (or the keys of a TypedDict)."""
    hints = typing.get_type_hints(cls)
    names = frozenset(f.name for f in fields(cls)) if is_dataclass(cls) else frozenset(hints)
    checks = [(name, _checker(hints[name])) for name in hints if name in names]

    def an_object(value: Any) -> tuple[str, Message] | None:
        if not isinstance(value, dict):
            return "", N_("expected an object, got {kind}", kind=type(value).__name__)
        unknown = sorted(k for k in value if k not in names)
        if unknown:
            return f".{unknown[0]}", N_("unknown field")
        for name, check in checks:
            if name not in value:
                return f".{name}", N_("missing")
            problem = check(value[name])
            if problem is not None:
                return f".{name}{problem[0]}", problem[1]
        return None
    return an_object


def _frame_problem(value: Any) -> tuple[str, Message] | None:
    """An interrupt on the flow's stack: ``{"kind": ..., <its fields>}``."""
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str) or value["kind"] not in FRAME_TYPES:
        return "", N_("expected an interrupt ({kinds}), got {value}", kinds=", ".join(FRAME_TYPES), value=repr(value))
    return _fields_checker(FRAME_TYPES[value["kind"]])(value)


def _tile_ids(C: Components) -> set[str]:
    return {d.id for d in C.departments.values() if not d.starting}


def _expect(ok: bool, path: str, problem: Message) -> None:
    if not ok:
        raise RecordError(path, problem)


def _is_owner(value: Any, n: int) -> bool:
    if isinstance(value, bool):
        return False
    return (isinstance(value, int) and 0 <= value < n) or value in (NEUTRAL, ANDREW)


def _check_player(C: Components, p: dict, where: str) -> None:
    k = C.constants
    tile_ids = _tile_ids(C)
    for key in ("money", "goods", "vp", "discs", "supply", "donations"):
        _expect(p[key] >= 0, f"{where}.{key}", N_("negative ({value})", value=p[key]))
    for cell, dept in p["cells"].items():
        _expect(cell in C.company.cells, f"{where}.cells.{cell}", N_("no such company cell"))
        _expect(dept == "lobby" or dept in C.departments, f"{where}.cells.{cell}", N_("unknown department {id}",
                id=repr(dept)))
    for cell, count in p["lying"].items():
        _expect(cell in C.company.cells and count > 0, f"{where}.lying.{cell}", N_("bad cell or count {count}",
                count=count))
    for cell, occupied in p["standing"].items():
        dept = p["cells"].get(cell)
        _expect(dept is not None and dept != "lobby", f"{where}.standing.{cell}",
                N_("nobody can stand outside a department"))
        _expect(all(0 <= w < len(C.departments[dept].workstations) for w in occupied)
                and len(set(occupied)) == len(occupied), f"{where}.standing.{cell}",
                        N_("bad workstations {workstations}", workstations=occupied))
    for region, count in p["missions"].items():
        _expect(region in C.regions and count > 0, f"{where}.missions.{region}", N_("unknown region or bad count"))
    _expect(set(p["tracks"]) == set(C.tracks), f"{where}.tracks", N_("needs one position per region"))
    for region, pos in p["tracks"].items():
        _expect(0 <= pos < len(C.tracks[region].spaces), f"{where}.tracks.{region}",
                N_("position {position} is off the track", position=pos))
    _expect(p["tab_side"] in ("A", "B"), f"{where}.tab_side", N_("unknown side {side}", side=repr(p["tab_side"])))
    _expect(set(p["tabs"]) == set(C.tabs), f"{where}.tabs", N_("needs one entry per project type"))
    for ptype, tab in p["tabs"].items():
        spaces = C.tabs[ptype].sides[p["tab_side"]] if p["tab_side"] in ("A", "B") else ()
        ok = len(tab) == 2 and all(isinstance(v, int) for v in tab)
        projects = sum(1 for s in spaces[:tab[0]] if s.kind == "project") if ok else 0
        _expect(ok and 1 <= tab[0] <= len(spaces) and 0 <= tab[1] <= projects, f"{where}.tabs.{ptype}",
                N_("expected [spaces revealed, discs built] within the tab, got {value}", value=tab))
    _expect(p["reserve"] is None or p["reserve"] in tile_ids, f"{where}.reserve", N_("unknown tile {id}",
            id=repr(p["reserve"])))
    for i, dept in enumerate(p["built"]):
        _expect(dept in tile_ids, f"{where}.built[{i}]", N_("unknown tile {id}", id=repr(dept)))
    total = (sum(p["lying"].values()) + sum(len(s) for s in p["standing"].values())
             + sum(p["missions"].values()) + p["supply"])
    _expect(total == k.employees_total, where, N_("{total} employees (must be {must})", total=total,
                                                                        must=k.employees_total))


def _check_board(C: Components, board: dict, n: int, where: str) -> None:
    for key, value in board["sites"].items():
        city, index = site_city(key), key.partition("/")[2]
        _expect(city in C.cities and index.isdigit() and int(index) < len(C.cities[city].sites),
                f"{where}.sites.{key}", N_("no such site"))
        _expect(len(value) == 2 and _is_owner(value[0], n) and value[1] in (*C.tabs, None),
                f"{where}.sites.{key}", N_("expected [owner, project type or null], got {value}", value=value))
    for donation, stack in board["donations"].items():
        _expect(donation in C.donations, f"{where}.donations.{donation}", N_("unknown donation"))
        _expect(bool(stack) and all(_is_owner(o, n) for o in stack) and len(set(map(str, stack))) == len(stack),
                f"{where}.donations.{donation}", N_("expected distinct owners, got {value}", value=stack))
    for dept, count in board["pool"].items():
        _expect(dept in _tile_ids(C) and count >= 0, f"{where}.pool.{dept}", N_("unknown tile or negative count"))
    tiles = {t.number for t in C.timeline.tiles}
    _expect(len(board["timeline"]) == C.timeline.tiles_in_play and all(
        len(t) == 2 and t[0] in tiles and t[1] in (0, 1) for t in board["timeline"]),
        f"{where}.timeline", N_("expected {n} [tile, side] pairs", n=C.timeline.tiles_in_play))
    _expect(len(board["markers"]) == len(C.timeline.rows) and all(
        0 <= m <= C.timeline.tiles_in_play + 1 for m in board["markers"]),
        f"{where}.markers", N_("marker off the timeline: {markers}", markers=board["markers"]))


def _check_flow(C: Components, flow: dict, n: int, where: str) -> None:
    _expect(flow["player"] is None or 0 <= flow["player"] < n, f"{where}.player", N_("no player {seat}",
            seat=flow["player"]))
    _expect(flow["phase"] == "over" or flow["player"] is not None, f"{where}.player", N_("nobody decides"))
    _expect(all(0 <= seat < n for seat in flow["order"]), f"{where}.order", N_("no such seat in {order}",
            order=flow["order"]))
    _expect(0 <= flow["first"] < n, f"{where}.first", N_("no player {seat}", seat=flow["first"]))
    _expect(0 <= flow["round"] <= C.constants.rounds, f"{where}.round", N_("round {round}", round=flow["round"]))
    _expect(flow["event_row"] is None or 0 <= flow["event_row"] < len(C.timeline.rows),
            f"{where}.event_row", N_("no row {row}", row=flow["event_row"]))
    for key in ("chosen", "turn_type"):
        _expect(flow[key] is None or flow[key] in C.timeline.rows, f"{where}.{key}", N_("unknown type {value}",
                value=repr(flow[key])))
    _expect(flow["income"] is None or flow["income"] in C.regions, f"{where}.income", N_("unknown region"))
    for key in ("moves", "study", "uses", "hr_moves"):
        _expect(flow[key] >= 0, f"{where}.{key}", N_("negative ({value})", value=flow[key]))


def _check_andrew(C: Components, andrew: dict, where: str) -> None:
    for i, card in enumerate(andrew["deck"]):
        _expect(card in C.solo_cards, f"{where}.deck[{i}]", N_("unknown card {id}", id=repr(card)))
    _expect(andrew["card"] is None or andrew["card"] in C.solo_cards, f"{where}.card", N_("unknown card"))
    _expect(len(andrew["vp_slots"]) == len(C.constants.andrew_vp_cards), f"{where}.vp_slots",
            N_("one list per VP card"))
    for i, slot in enumerate(andrew["vp_slots"]):
        for j, card in enumerate(slot):
            _expect(card in C.solo_cards, f"{where}.vp_slots[{i}][{j}]", N_("unknown card {id}", id=repr(card)))
    _expect(set(andrew["tracks"]) == set(C.tracks) and all(
        0 <= pos < len(C.tracks[r].spaces) for r, pos in andrew["tracks"].items()), f"{where}.tracks", N_("bad tracks"))
    _expect(all(d in _tile_ids(C) for d in andrew["departments"]), f"{where}.departments", N_("unknown tile"))


def _check_meaning(C: Components, data: dict, root: str) -> None:
    """Checks the types cannot express: ids, ranges, counts, shapes of pairs."""
    n = len(data["players"])
    _expect(1 <= n <= 4, f"{root}.players", N_("{n} players (1 to 4 allowed)", n=n))
    for i, p in enumerate(data["players"]):
        _check_player(C, p, f"{root}.players[{i}]")
    _check_board(C, data["board"], n, f"{root}.board")
    _check_flow(C, data["flow"], n, f"{root}.flow")
    if data["andrew"] is not None:
        _check_andrew(C, data["andrew"], f"{root}.andrew")


_STATE_HINTS = {"options": dict, "players": list[Player], "board": Board, "flow": Flow,
                "andrew": typing.Optional[Andrew], "history": list[RoundSummary], "log": list[tuple[int, Any]]}


def state_from_dict(rs: Ruleset, data: Any, root: str = "state") -> State:
    """Validate a position's state (found at field `root`) against the rules' data and rebuild it."""
    if not isinstance(data, dict):
        raise RecordError(root, N_("expected an object"))
    for key, hint in _STATE_HINTS.items():
        if key not in data:
            raise RecordError(f"{root}.{key}", N_("missing"))
        _check_type(data[key], hint, f"{root}.{key}")
    _check_meaning(rs.components, data, root)
    return State.from_dict({**data, "log": [[n, _log_text(text, f"{root}.log[{i}][1]")]
                                            for i, (n, text) in enumerate(data["log"])]}, rs)


def _log_text(data: Any, path: str) -> str:
    """A log line's text from its description (a plain text as it is)."""
    if isinstance(data, str):
        return data
    try:
        return text_of(data)
    except Undescribed as e:
        raise RecordError(path, e.problem) from None


def version_of(state: dict) -> int:
    """The lowest version that reads a state's dict (``to_dict``'s): 2 if its log has a description."""
    return 1 if all(isinstance(text, str) for _, text in state["log"]) else 2


def check_header(data: Any, kind: str) -> None:
    if not isinstance(data, dict):
        raise RecordError("(top)", N_("expected a JSON object"))
    if data.get("format") != kind:
        raise RecordError("format", N_("expected {kind}, got {value}", kind=repr(kind), value=repr(data.get("format"))))
    if data.get("version") not in VERSIONS:
        raise RecordError("version", N_("unsupported version {value} (this is {version})",
                value=repr(data.get("version")),
                                        version=VERSION))

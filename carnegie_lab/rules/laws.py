"""The laws every reachable position obeys, checked on a loaded state (and after every action in the
property tests): pieces are conserved, the company and the board hold what the rules allow, the
flow of the round is consistent, and Andrew's deck is whole. ``check(state)`` raises a RecordError
naming the field of the first broken law (paths as in a position: ``state.players[0].discs``).

Each law is listed in docs/notation.md ("Laws of a position").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ..core.errors import OptionError, RecordError
from ..core.i18n import N_, Message, Worded
from ..core.state import (
    ANDREW,
    NEUTRAL,
    Activation,
    Arrival,
    Flow,
    Owner,
    Phase,
    Player,
    PropertyMove,
    Relocation,
    State,
    site_city,
)
from . import company, timeline
from .box import department_pool
from .loop import OVER, decision_kind, legal_actions, seats_from
from .options import check_options
from .prompts import decision
from .research import discs_on_tab, track_owners

SETUP_PHASES = (Phase.HOUSE, Phase.RESERVE, Phase.SETUP)
ROUND_PHASES = (Phase.CHOOSE, Phase.EVENT, Phase.TURN)


def _law(ok: bool, path: str, problem: Message) -> None:
    if not ok:
        raise RecordError(f"state.{path}", problem)


def check(state: State) -> None:
    """Raise RecordError(field, reason) for the first law the state breaks."""
    _options(state)
    for seat in range(len(state.players)):
        _player(state, seat)
    _board(state)
    _flow(state)
    if state.andrew is not None:
        _andrew(state)
    _history(state)


def check_goes_on(state: State) -> None:
    """The last law, on a settled state (its automatic steps taken): a game that is not over has something to
    do besides selling."""
    if decision_kind(state) is not OVER and all(a.verb == "sell" for a in legal_actions(state)):
        raise RecordError("state.flow", N_("the game cannot go on: nothing to do but sell ({prompt})",
                                           prompt=decision(state).prompt))


def completed_rounds(state: State) -> int:
    """Rounds whose end has been played (each moved one timeline marker)."""
    f = state.flow
    return state.rules.constants.rounds if f.phase == Phase.OVER else max(f.round - 1, 0)


# -- the game's options ----------------------------------------------------------------------------

def _options(state: State) -> None:
    options: dict[str, Any] = state.options
    names = [p.name for p in state.players]
    _law(options.get("players") == names, "options.players", N_("expected the players' names {names}", names=names))
    try:
        check_options(state.rules, options.get("players"), options.get("seed"),
                      {k: v for k, v in options.items() if k not in ("players", "seed")})
    except OptionError as e:
        raise RecordError(f"state.options.{e.option}", e.problem) from None
    solo = options.get("solo_level") is not None
    _law(solo == (state.andrew is not None), "andrew",
         N_("a solo game has Andrew and a game of 2-4 players has not"))
    for seat, p in enumerate(state.players):
        _law(p.tab_side == options.get("tab_side", "A"), f"players[{seat}].tab_side",
             N_("every player plays the tab side of the game ({side})", side=options.get("tab_side", "A")))


# -- a player's pieces -----------------------------------------------------------------------------

def _player(state: State, seat: int) -> None:
    rs, p = state.rules, state.players[seat]
    C, k = rs.components, rs.constants
    where = f"players[{seat}]"
    start = {c.name: c.start for c in C.company.cells.values() if c.start is not None}
    for cell, dept_id in start.items():
        _law(p.cells.get(cell) == dept_id, f"{where}.cells.{cell}",
             N_("holds {department} from the start (starting departments and the Lobby never move)",
                department=repr(dept_id)))
    tiles = [d for cell, d in p.cells.items() if cell not in start]
    for cell, dept_id in p.cells.items():
        if cell not in start:
            dept = C.departments.get(dept_id)
            _law(dept is not None and not dept.starting, f"{where}.cells.{cell}",
                 N_("{department} is not a Department tile", department=repr(dept_id)))
    duplicates = [d for d, n in Counter(tiles).items() if n > 1]
    _law(not duplicates, f"{where}.cells", N_("two identical departments ({departments})",
                                                                departments=", ".join(duplicates)))
    _law(sorted(p.built) == sorted(tiles), f"{where}.built",
         N_("the tiles built must be the tiles in the company ({tiles}), got {built}", tiles=sorted(tiles),
            built=sorted(p.built)))
    _law(p.reserve is None or p.reserve not in p.cells.values(), f"{where}.reserve",
         N_("the reserved tile is already built"))
    _law(p.reserve is None or not p.built, f"{where}.reserve", N_("the reserved tile must be the first one built"))
    for cell, occupied in p.standing.items():
        _law(bool(occupied), f"{where}.standing.{cell}", N_("a cell without standing employees is not listed"))
    for cell, dept_id in p.cells.items():
        _law(rs.permanent.get(dept_id, frozenset()) <= set(p.standing.get(cell, ())), f"{where}.standing.{cell}",
             N_("a permanent employee always stands on its workstation"))
    total = company.employees_total(p)
    _law(total == k.employees_total, f"{where}.supply", N_("{total} employees in all (must be {must})", total=total,
                                                                       must=k.employees_total))
    on_map = Counter(disc.type for disc in state.board.sites.values() if disc.owner == seat)
    for ptype, tab in p.tabs.items():
        _law(on_map[ptype] == tab.built, f"{where}.tabs.{ptype}",
             N_("{built} discs built from the tab but {mapped} on the map", built=tab.built, mapped=on_map[ptype]))
    donated = _donations(state, seat, p.donations, where)
    discs = (p.discs + 1 + len(p.tracks) + sum(discs_on_tab(rs, p, t) for t in p.tabs)
             + sum(on_map.values()) + donated)
    _law(discs == k.discs_total, f"{where}.discs",
         N_("{discs} discs in all: supply, score marker, tracks, tabs, map and donations (must be {must})",
            discs=discs, must=k.discs_total))
    _law(not p.action_choice or seat in k.action_choice_seats.get(len(state.players), ()),
         f"{where}.action_choice", N_("only the players of the last seats get an Action Choice tile"))


# -- the board -------------------------------------------------------------------------------------

def _owns_hook(state: State, owner: Owner, hook: str) -> bool:
    """Does the owner (a seat) have a department with this hook (staffed or not: it may have been
    staffed when it acted)?"""
    if not isinstance(owner, int):
        return False
    p: Player = state.players[owner]
    return any(dept.id in p.cells.values() for dept, _ in state.rules.hooks.get(hook, ()))


def _board(state: State) -> None:
    rs, b = state.rules, state.board
    C = rs.components
    solo = state.andrew is not None
    for key, disc in b.sites.items():
        where = f"board.sites.{key}"
        _law(disc.owner != ANDREW or solo, where, N_("Andrew's disc in a game without Andrew"))
        if disc.owner == NEUTRAL:
            _law(disc.type is None, where, N_("a neutral disc is no project"))
            continue
        _law(disc.type is not None, where, N_("a project has a type"))
        site = C.cities[site_city(key)].sites[int(key.partition("/")[2])]
        _law(site.takes(disc.type) or _owns_hook(state, disc.owner, "any_site"), where,
             N_("a {type} project on a {site} site", type=disc.type, site=site.type))
    for donation, owners in b.donations.items():
        where = f"board.donations.{donation}"
        _law(ANDREW not in owners or solo, where, N_("Andrew's disc in a game without Andrew"))
        _law(NEUTRAL not in owners or owners == [NEUTRAL], where, N_("a neutral disc blocks its space alone"))
        _law(ANDREW not in owners or owners[0] == ANDREW, where, N_("Andrew only makes a donation, he joins none"))
    copies = department_pool(rs, state.options.get("departments", "base"))
    used = Counter(b.pool) + Counter(p.reserve for p in state.players if p.reserve is not None)
    used += Counter(d for p in state.players for d in p.built)
    used += Counter(state.andrew.departments if state.andrew is not None else ())
    for dept_id, count in used.items():
        _law(count <= copies.get(dept_id, 0), f"board.pool.{dept_id}",
             N_("{count} tiles in play, the box holds {copies}", count=count, copies=copies.get(dept_id, 0)))
    tiles = [t for t, _ in b.timeline]
    _law(len(set(tiles)) == len(tiles), "board.timeline", N_("a timeline tile is in play twice ({tiles})", tiles=tiles))
    _law(sum(b.markers) == completed_rounds(state), "board.markers",
         N_("the markers moved {n} times in {rounds} finished rounds", n=sum(b.markers),
            rounds=completed_rounds(state)))
    for region in C.tracks:
        final = [o for o, tracks in track_owners(state) if tracks[region] == rs.final_space]
        room = C.tracks[region].final_capacity
        may_crowd = sum(1 for o in final if _owns_hook(state, o, "enter_taken_final_box"))
        _law(len(final) <= room + may_crowd, f"board.tracks.{region}",
             N_("{n} discs in the final box, which holds {room}", n=len(final), room=room))


# -- the flow of the round -------------------------------------------------------------------------

#: The flow's fields that only a phase uses, and the value each rests at in the other phases.
AT_REST: dict[str, Any] = {
    "chosen": None, "event_row": None, "income": None, "donation": False, "income_open": False,
    "donation_open": False, "turn_type": None, "hr_moves": 0, "open": None, "uses": 0, "closed": [],
    "moves": 0, "study": 0, "diagonal": False, "payroll": False}
#: This round's row and its event, from the row's choice on (kept when the game ends).
EVENT_FIELDS = ("chosen", "event_row", "income", "donation")
#: The fields each phase uses (the others are at rest).
IN_USE: dict[Phase, tuple[str, ...]] = {
    Phase.HOUSE: (), Phase.RESERVE: (), Phase.SETUP: ("moves",), Phase.CHOOSE: (),
    Phase.EVENT: (*EVENT_FIELDS, "income_open", "donation_open", "study"),
    Phase.TURN: tuple(name for name in AT_REST if name not in ("income_open", "donation_open")),
    Phase.OVER: EVENT_FIELDS}
#: What a turn leaves behind until the next turn begins (the rules do not read it meanwhile).
LEFT_BY_A_TURN = ("hr_moves", "uses", "diagonal", "payroll")
#: The turn's flags, set when it begins by the player's departments (their ``turn_start`` hooks).
TURN_FLAGS = ("diagonal", "payroll")
#: The interrupts each phase can have on the stack.
FRAMES: dict[Phase, tuple[type, ...]] = {Phase.SETUP: (Activation,), Phase.EVENT: (Arrival,),
                                          Phase.TURN: (Arrival, PropertyMove, Relocation, Activation)}


def _flow(state: State) -> None:
    rs, f = state.rules, state.flow
    n = len(state.players)
    k = rs.constants
    if f.phase == Phase.OVER:
        _law(f.round == k.rounds, "flow.round", N_("the game is over after round {rounds}, not {round}",
                                                        rounds=k.rounds, round=f.round))
        _law(f.player is None and not f.stack and not f.order, "flow.stack",
             N_("nothing is left to decide in a finished game"))
    else:
        _law(f.player is not None, "flow.player", N_("somebody decides until the game is over"))
        _law(f.first == max(f.round - 1, 0) % n, "flow.first",
             N_("the first player moves one seat on every round: seat {seat} in round {round}",
                seat=max(f.round - 1, 0) % n, round=f.round))
        _law((f.round == 0) == (f.phase in SETUP_PHASES), "flow.round",
             N_("round {round} in the {phase} phase (setup is round 0, then rounds 1-{rounds})", round=f.round,
                phase=f"{f.phase}", rounds=k.rounds))
        _order(state)
    _at_rest(state)
    if f.phase in (Phase.EVENT, Phase.TURN):
        _event(state)
    last = _last_turn(state)
    for name in TURN_FLAGS:
        _law(not getattr(f, name) or last is not None and name in _flags_of(state, last), f"flow.{name}",
             N_("set only in a turn of a player whose departments set it (its {phase} phase: {whose})",
                phase=f"{f.phase}", whose=N_("nobody has had a turn") if last is None
                else N_("the turn of {player}", player=state.players[last].name)))
    if f.phase == Phase.TURN:
        _turn(state)
    if f.phase in SETUP_PHASES:
        _setup_progress(state)
    _stack(state)


def _order(state: State) -> None:
    """Who decides and who is still to act: the phase's order of seats from the first player (from
    the one on their right, counter-clockwise, for the starting Housing and reserve)."""
    f = state.flow
    if f.phase == Phase.CHOOSE:
        _law(f.player == f.first and not f.order, "flow.player", N_("the first player chooses the row"))
        return
    seats = seats_from(state, f.first - 1, step=-1) if f.phase in (Phase.HOUSE, Phase.RESERVE) \
        else seats_from(state, f.first)
    assert f.player is not None
    _law(f.order == seats[seats.index(f.player) + 1:], "flow.order",
         N_("the players still to act after seat {seat} in the {phase} phase are {seats}, not {order}",
            seat=f.player, phase=f"{f.phase}", seats=seats[seats.index(f.player) + 1:], order=f.order))


def _at_rest(state: State) -> None:
    """The fields the phase does not use rest, but what the last turn left behind (LEFT_BY_A_TURN)."""
    f = state.flow
    left = _last_turn(state) is not None
    for name, rest in AT_REST.items():
        if name in IN_USE[f.phase] or left and name in LEFT_BY_A_TURN:
            continue
        _law(getattr(f, name) == rest, f"flow.{name}", N_("{rest} in the {phase} phase, not {value}",
                                                                       rest=repr(rest), phase=f"{f.phase}",
                                                                       value=repr(getattr(f, name))))
    _law(not f.income_open or f.income is not None, "flow.income_open", N_("this round's event pays no income"))
    _law(not f.donation_open or f.donation, "flow.donation_open", N_("this round's event allows no donation"))


def _event(state: State) -> None:
    """The chosen row, the row whose marker moves (the row-end rule) and the event of its next space."""
    f = state.flow
    _law(f.chosen is not None and f.event_row is not None, "flow.chosen",
         N_("a row is chosen before the events and turns"))
    assert f.chosen is not None and f.event_row is not None
    row = timeline.event_row(state, state.rules.components.timeline.rows.index(f.chosen))
    _law(f.event_row == row, "flow.event_row", N_("the {chosen} row's event is on row {row}", chosen=f.chosen,
                                                                       row=row))
    assert row is not None
    event = timeline.space(state, row, state.board.markers[row] + 1)
    _law((f.income, f.donation) == (event.income, event.donation), "flow.income",
         N_("the event of row {row}'s next space: {event}", row=row,
            event=Worded(timeline.event_words, _region_name(state, event.income), event.donation)))


def _region_name(state: State, region: str | None) -> str | None:
    return state.rules.components.regions[region].name if region else None


def _turn(state: State) -> None:
    """The turn's department type (the chosen row's, or another with the Action Choice tile, then
    used) and the departments used in it: the decider's, of that type, each once."""
    rs, f = state.rules, state.flow
    assert f.player is not None
    p = state.players[f.player]
    switched = (f.player != f.first and not p.action_choice
                and f.player in rs.constants.action_choice_seats.get(len(state.players), ()))
    _law(f.turn_type == f.chosen or f.turn_type is not None and switched, "flow.turn_type",
         N_("the chosen row's type ({chosen}), or another chosen with this player's Action Choice tile",
            chosen=f.chosen))
    used = [*f.closed, *([f.open] if f.open else [])]
    _law(len(set(used)) == len(used), "flow.closed", N_("each department is used once in a turn: {used}", used=used))
    for cell in used:
        dept = company.department(rs, p, cell)
        _law(dept is not None and dept.type == f.turn_type, "flow.closed",
             N_("{cell} holds no {type} department of the deciding player", cell=cell, type=f.turn_type))
    _law(f.open is None or f.uses >= 1, "flow.uses", N_("a department in use has a use left"))


def _setup_progress(state: State) -> None:
    """Each player places the starting Housing project, then reserves a tile, in turn: those before
    the decider have done both, those after neither."""
    f = state.flow
    waiting = set() if f.phase == Phase.SETUP else {f.player, *f.order}
    for seat, p in enumerate(state.players):
        housed, reserved = p.tabs["H"].built > 0, p.reserve is not None
        expected = (seat not in waiting or f.phase == Phase.RESERVE and seat == f.player, seat not in waiting)
        _law((housed, reserved) == expected, "flow.phase",
             _setup_done(f"{f.phase}", p.name, housed, reserved))


def _setup_done(phase: str, name: str, housed: bool, reserved: bool) -> Message:
    """What a player has done of the setup, for a law."""
    if housed:
        if reserved:
            return N_("in the {phase} phase {player} has placed the starting Housing project and reserved a tile",
                      phase=phase, player=name)
        return N_("in the {phase} phase {player} has placed the starting Housing project and not reserved a tile",
                  phase=phase, player=name)
    if reserved:
        return N_("in the {phase} phase {player} has not placed the starting Housing project and reserved a tile",
                  phase=phase, player=name)
    return N_("in the {phase} phase {player} has not placed the starting Housing project and not reserved a tile",
              phase=phase, player=name)


def _stack(state: State) -> None:
    rs, f = state.rules, state.flow
    if f.player is None:
        return
    p = state.players[f.player]
    for i, frame in enumerate(f.stack):
        where = f"flow.stack[{i}]"
        _law(isinstance(frame, FRAMES.get(f.phase, ())), where, N_("no {kind} decision in the {phase} phase",
                                                                          kind=f"{frame.kind}", phase=f"{f.phase}"))
        if isinstance(frame, (Arrival, Relocation)):
            _law(frame.count >= 1, f"{where}.count", N_("at least one employee, got {count}", count=frame.count))
        if isinstance(frame, Arrival):
            _law(len(company.lobbies(rs, p)) > 1, where, N_("only a player with two lobbies chooses"))
        if isinstance(frame, PropertyMove):
            _law(company.department(rs, p, frame.cell) is not None, f"{where}.cell",
                 N_("{cell} holds no department of the deciding player", cell=frame.cell))
        if isinstance(frame, Activation):
            _law(i == 0 and len(f.stack) == 1, where, N_("activation ends a player's setup moves or turn"))
            _law(f.moves == f.study == 0 and f.open is None, where,
                 N_("the moves, study points and departments of the turn are over at its activation"))
    if f.phase == Phase.SETUP:
        _law(f.moves <= rs.constants.setup_moves, "flow.moves",
             N_("at most {most} setup moves, not {moves}", most=rs.constants.setup_moves, moves=f.moves))


def _last_turn(state: State) -> int | None:
    """The seat whose turn the flow is in or last was (its leftovers, LEFT_BY_A_TURN), None before the
    first turn of the game."""
    f = state.flow
    if f.phase == Phase.TURN:
        return f.player
    if f.phase == Phase.OVER:
        return seats_from(state, f.first)[-1]
    if f.phase in SETUP_PHASES or f.round <= 1:
        return None
    return seats_from(state, f.first - 1)[-1]


def _flags_of(state: State, seat: int) -> set[str]:
    """The turn's flags the seat's departments set when a turn begins (whether they are staffed now or
    not: a turn's flags come from its start)."""
    p = state.players[seat]
    scratch = replace(state, flow=Flow(phase=Phase.TURN, player=seat))
    for dept, hook in state.rules.hooks.get("turn_start", ()):
        if dept.id in p.cells.values():
            hook(scratch, seat, dept)
    return {name for name in TURN_FLAGS if getattr(scratch.flow, name)}


# -- the round history ------------------------------------------------------------------------------

def _history(state: State) -> None:
    """One summary per finished round, in order, with a row per player (what the history views draw)."""
    rounds = [summary["round"] for summary in state.history]
    _law(rounds == list(range(1, completed_rounds(state) + 1)), "history",
         N_("one summary per finished round (1-{last}), got rounds {rounds}", last=completed_rounds(state),
            rounds=rounds))
    for i, summary in enumerate(state.history):
        _law(len(summary["players"]) == len(state.players), f"history[{i}].players", N_("one row per player"))
        _law(summary["chosen"] in state.rules.components.timeline.rows, f"history[{i}].chosen", N_("a timeline row"))
        for seat, row in enumerate(summary["players"]):
            negative = [k for k in ("vp", "money", "goods", "projects", "departments", "active") if row[k] < 0]
            _law(not negative, f"history[{i}].players[{seat}]", N_("negative {fields}", fields=", ".join(negative)))


# -- Andrew ----------------------------------------------------------------------------------------

def _donations(state: State, owner: Owner, count: int, where: str) -> int:
    """The donations ``owner`` made (``count``, at ``where``) are their discs on the donation chart: how many."""
    donated = sum(1 for owners in state.board.donations.values() if owner in owners)
    _law(count == donated, f"{where}.donations", N_("{count} donations made but {donated} on the chart",
                                                                 count=count, donated=donated))
    return donated


def _andrew(state: State) -> None:
    andrew = state.andrew
    assert andrew is not None
    _donations(state, ANDREW, andrew.donations, "andrew")
    rs, k = state.rules, state.rules.constants
    _law(len(state.players) == 1, "andrew", N_("Andrew plays against one player"))
    _law(andrew.level == state.options.get("solo_level"), "andrew.level", N_("the level of the game's options"))
    cards = [*andrew.deck, *([andrew.card] if andrew.card else []), *(c for slot in andrew.vp_slots for c in slot)]
    numbers = [rs.components.solo_cards[c].number for c in cards]
    _law(len(cards) == k.rounds and len(set(numbers)) == len(numbers), "andrew.deck",
         N_("his {rounds} cards, one of each number, got {n} cards", rounds=k.rounds, n=len(cards)))
    advanced = sum(1 for c in cards if rs.components.solo_cards[c].advanced)
    expected = k.solo_decks[andrew.level][1]
    _law(advanced == expected, "andrew.deck", N_("{expected} advanced cards at level {level}, got {advanced}",
                                                             expected=expected, level=andrew.level, advanced=advanced))
    in_round = state.flow.phase in ROUND_PHASES
    _law((andrew.card is not None) == in_round, "andrew.card", N_("he holds a card during a round, none outside"))
    played = sum(len(slot) for slot in andrew.vp_slots)
    _law(played == completed_rounds(state), "andrew.vp_slots",
         N_("{played} cards on the VP cards after {rounds} rounds", played=played, rounds=completed_rounds(state)))
    _law(andrew.slide >= 0, "andrew.slide", N_("negative ({value})", value=andrew.slide))

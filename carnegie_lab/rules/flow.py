"""The decision loop: phases of setup and of a round, whose decision it is, legal actions, apply.

Phases: ``house`` and ``reserve`` (setup Housing disc and reserved tile, counter-clockwise),
``setup`` (setup moves then activation, clockwise), then per round ``choose`` -> ``event`` (each
player) -> ``turn`` (each player, ending with activation) -> end of round; ``over`` after round 20.
Interrupts (``arrival``, ``property``, ``activate``) sit on ``flow.stack`` above the phase.
A decision whose only legal action is ``done`` is taken automatically.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..actions import Action, parse
from ..errors import GameOverError, IllegalActionError
from ..state import State
from . import (company, construction, departments, donations, employees, expansion, research,  # noqa: F401
               scoring, solo, timeline)
from .core import RULES, C, K, Args, arrive, describe, gain, note, rule, scale
from .research import project_income

# dict.fromkeys: a verb listed twice (the department code "property" is also the Property
# Management interrupt's verb) would list its actions twice
ORDER = tuple(dict.fromkeys(("house", "reserve", "choose", "switch", "income", "donate",
                             *(d.code for d in C.departments.values()),
                             "move", "tab", "track", "lobby", "property", "relocate", "activate", "sell",
                             "done")))


@dataclass(frozen=True)
class Decision:
    """What is being decided now."""
    kind: str
    player: int | None
    prompt: str


def decision_kind(state: State) -> str:
    f = state.flow
    return f.stack[-1]["kind"] if f.stack else f.phase


def seats_from(state: State, start: int, step: int = 1) -> list[int]:
    n = len(state.players)
    return [(start + step * k) % n for k in range(n)]


# -- phases --------------------------------------------------------------------------------------

def begin_setup(state: State) -> None:
    f = state.flow
    f.phase = "house"
    f.order = seats_from(state, f.first - 1, step=-1)   # counter-clockwise, right of the first player
    f.player = f.order.pop(0)


def _begin_setup_moves(state: State) -> None:
    f = state.flow
    f.phase, f.order = "setup", seats_from(state, f.first)
    _next_setup_player(state)


def _next_setup_player(state: State) -> None:
    f = state.flow
    if not f.order:
        _begin_round(state)
        return
    f.player = f.order.pop(0)
    f.moves = K.setup_moves
    f.diagonal = f.payroll = False


def _begin_round(state: State) -> None:
    f = state.flow
    f.round += 1
    f.phase, f.player = "choose", f.first
    f.chosen = f.event_row = f.income = None
    f.donation = False
    if state.andrew is not None:
        solo.begin_round(state)
        if solo.andrew_chooses(state):
            start_events(state)


def start_events(state: State) -> None:
    f = state.flow
    if state.andrew is not None:
        solo.take_turn(state)
    f.phase, f.order = "event", seats_from(state, f.first)
    _next_event_player(state)


def _next_event_player(state: State) -> None:
    f = state.flow
    f.study = 0
    if not f.order:
        _start_turns(state)
        return
    f.player = f.order.pop(0)
    f.income_open = f.income is not None
    f.donation_open = f.donation


def _start_turns(state: State) -> None:
    f = state.flow
    f.phase, f.order = "turn", seats_from(state, f.first)
    f.income_open = f.donation_open = False
    _next_turn_player(state)


def _next_turn_player(state: State) -> None:
    f = state.flow
    if not f.order:
        _end_round(state)
        return
    f.player = pi = f.order.pop(0)
    p = state.players[pi]
    hr_cell = company.cell_of(p, "human_resources")
    f.turn_type = f.chosen
    f.hr_moves = C.departments["human_resources"].params["moves_per_employee"] * company.standing(p, hr_cell)
    f.open, f.uses, f.closed, f.moves, f.study = None, 0, [], 0, 0
    f.diagonal = company.is_staffed(p, "corporate_communications")
    f.payroll = company.is_staffed(p, "payroll_management")


def _end_round(state: State) -> None:
    f = state.flow
    state.board.markers[f.event_row] += 1
    if state.andrew is not None:
        solo.end_round(state)
    state.history.append(round_summary(state))
    f.player, f.turn_type, f.open, f.closed = None, None, None, []
    if f.round >= K.rounds:
        f.phase = "over"
        note(state, "The game is over")
        return
    f.first = (f.first + 1) % len(state.players)
    _begin_round(state)


def round_summary(state: State) -> dict:
    """What the history keeps of a finished round: each player's resources and score so far."""
    totals = [score.total for score in scoring.scores(state).values()]
    return {"round": state.flow.round, "chosen": state.flow.chosen, "players": [
        {"vp": p.vp, "money": p.money, "goods": p.goods, "score": total,
         "projects": sum(p.tabs[t][1] for t in p.tabs), "departments": len(p.built),
         "active": company.active_employees(p)} for p, total in zip(state.players, totals)]}


def _finish_player(state: State) -> None:
    """After a player's activation: the next player of the setup or of the turn."""
    if state.flow.phase == "setup":
        _next_setup_player(state)
    else:
        _next_turn_player(state)


# -- verbs of the loop itself --------------------------------------------------------------------

@rule("done", ("setup", "event", "turn", "property", "relocate", "activate"), lambda s, pi: ((),),
      lambda s, pi, a: None)
def _done(state: State, pi: int, args: Args) -> None:
    f = state.flow
    kind = decision_kind(state)
    if kind in ("property", "relocate"):
        f.stack.pop()
    elif kind == "activate":
        f.stack.pop()
        _finish_player(state)
    elif kind == "event":
        _next_event_player(state)
    else:                                     # end of setup moves or of the turn: activation
        if f.open is not None:
            f.closed.append(f.open)
            f.open = None
        f.moves = f.study = 0
        f.stack.append({"kind": "activate"})


@rule("sell", ("house", "reserve", "setup", "choose", "event", "turn", "arrival", "property", "relocate", "activate"),
      lambda s, pi: ((),), lambda s, pi, a: None if s.players[pi].goods else "no goods to sell")
def _sell(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    p.goods -= 1
    p.money += K.sell_price
    note(state, f"{p.name} sells 1 goods for ${K.sell_price}")


def _check_house(state: State, pi: int, args: Args) -> str | None:
    (city,) = args
    if city not in C.cities:
        return f"unknown city {city!r}"
    if C.cities[city].size not in K.housing_setup_sizes:
        return f"{C.cities[city].name} is a {C.cities[city].size} city (setup Housing goes to medium or major)"
    if not any(s.type == "H" for s in C.cities[city].sites):
        return f"{C.cities[city].name} has no Housing site"
    if construction.free_site(state, city, "H") is None:
        return f"the Housing sites of {C.cities[city].name} are taken"
    return None


@rule("house", ("house",), lambda s, pi: ((c,) for c in C.cities), _check_house)
def _house(state: State, pi: int, args: Args) -> None:
    (city,) = args
    p = state.players[pi]
    index = construction.free_site(state, city, "H")
    p.tabs["H"][1] += 1
    construction.place_disc(state, pi, city, index, "H")
    note(state, f"{p.name} places the starting Housing project in {C.cities[city].name}")
    state.flow.phase = "reserve"


def _check_reserve(state: State, pi: int, args: Args) -> str | None:
    dept = departments.BY_CODE.get(args[0])
    if dept is None or dept.starting:
        return f"unknown department tile {args[0]!r}"
    if state.board.pool.get(dept.id, 0) < 1:
        return f"no {dept.name} tile is left"
    return None


@rule("reserve", ("reserve",),
      lambda s, pi: ((C.departments[d].code,) for d, n in s.board.pool.items() if n > 0), _check_reserve)
def _reserve(state: State, pi: int, args: Args) -> None:
    f = state.flow
    dept = departments.BY_CODE[args[0]]
    state.board.pool[dept.id] -= 1
    state.players[pi].reserve = dept.id
    note(state, f"{state.players[pi].name} reserves {dept.name} as their first department")
    if f.order:
        f.phase, f.player = "house", f.order.pop(0)
    else:
        _begin_setup_moves(state)


@rule("choose", ("choose",), lambda s, pi: ((t,) for t in timeline.ROWS),
      lambda s, pi, a: None if timeline.event_row(s, timeline.ROWS.index(a[0])) is not None
      else "every timeline marker is on its last space")
def _choose(state: State, pi: int, args: Args) -> None:
    timeline.select(state, args[0])
    note(state, f"{state.players[pi].name} chooses {args[0]}: {describe_event(state)}")
    start_events(state)


def describe_event(state: State) -> str:
    return timeline.event_text(state.flow.income, state.flow.donation)


def _income_candidates(state: State, pi: int):
    f = state.flow
    if not f.income_open:
        return
    p = state.players[pi]
    lower = range(1, p.tracks[f.income] + 1) if company.is_staffed(p, "archives") else ()
    for n in range(1, p.missions.get(f.income, 0) + 1):
        yield (str(n),)
        yield from ((str(n), "at", str(space)) for space in lower)


def _check_income(state: State, pi: int, args: Args) -> str | None:
    f = state.flow
    if not f.income_open:
        return "this event pays no income now"
    p = state.players[pi]
    away = p.missions.get(f.income, 0)
    if int(args[0]) > away:
        return f"{p.name} has {away} employees on missions in the {f.income}"
    if len(args) == 3:
        if not company.is_staffed(p, "archives"):
            return "only Archives lets a player take a lower transport income"
        if int(args[2]) > p.tracks[f.income]:
            return f"space {args[2]} is not below {p.name}'s disc on the {f.income} track"
    return None


@rule("income", ("event",), _income_candidates, _check_income)
def _income(state: State, pi: int, args: Args) -> None:
    f = state.flow
    p = state.players[pi]
    count, region = int(args[0]), f.income
    space = int(args[2]) - 1 if len(args) == 3 else p.tracks[region]
    p.missions[region] -= count
    if not p.missions[region]:
        del p.missions[region]
    f.income_open = False
    arrive(state, pi, count)
    transport = scale(C.tracks[region].spaces[space].income, count)
    projects = project_income(p)
    note(state, f"{p.name} brings {count} employee(s) home from the {C.regions[region].name}: "
                f"transport {describe(transport)}, projects {describe(projects)}")
    gain(state, pi, transport)
    gain(state, pi, projects)


# -- the loop ------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _verbs(kind: str) -> tuple[str, ...]:
    return tuple(v for v in ORDER if v in RULES and kind in RULES[v].decisions)


def legal_actions(state: State) -> list[Action]:
    kind = decision_kind(state)
    if kind == "over":
        return []
    pi = state.flow.player
    out = []
    for verb in _verbs(kind):
        r = RULES[verb]
        check = r.check
        for args in r.candidates(state, pi):
            if check(state, pi, args) is None:
                out.append(Action(verb, args))
    return out


def illegal_reason(state: State, action: Action) -> str | None:
    kind = decision_kind(state)
    r = RULES[action.verb]
    if kind not in r.decisions:
        return f"not possible now ({decision(state).prompt})"
    return r.check(state, state.flow.player, action.args)


def apply(state: State, action: Action | str) -> tuple[Action, list[Action]]:
    """Check and carry out one action, then run the automatic steps; returns the action and the
    legal actions of the next decision. Raises on an illegal action without changing the state."""
    action = parse(action)
    if decision_kind(state) == "over":
        raise GameOverError(f"{str(action)!r}: the game is over")
    reason = illegal_reason(state, action)
    if reason is not None:
        raise IllegalActionError(str(action), reason, state.players[state.flow.player].name)
    RULES[action.verb].do(state, state.flow.player, action.args)
    return action, settle(state)


def settle(state: State) -> list[Action]:
    """Take forced steps (a lone ``done``) until a real decision is due; returns its legal actions."""
    while True:
        actions = legal_actions(state)
        real = [a for a in actions if a.verb != "sell"]
        if len(real) == 1 and real[0].verb == "done":
            RULES["done"].do(state, state.flow.player, ())
            continue
        return actions


def decision(state: State) -> Decision:
    f = state.flow
    kind = decision_kind(state)
    if kind == "over":
        return Decision(kind, None, "The game is over")
    pi = f.player
    who = state.players[pi].name
    if kind == "house":
        text = "place the starting Housing project on a Housing site of a medium or major city"
    elif kind == "reserve":
        text = "take a Department tile into the private reserve (it must be the first one built)"
    elif kind == "setup":
        text = f"setup moves: move employees one step at a time ({f.moves} left), then done"
    elif kind == "choose":
        text = f"round {f.round}: choose the timeline row (the action everybody uses)"
    elif kind == "event":
        text = f"{describe_event(state)}: take it, or done"
    elif kind == "turn":
        text = f"use your {f.turn_type} departments ({f.moves} moves, {f.study} study points), or done"
    elif kind == "arrival":
        text = f"choose a lobby for {f.stack[-1]['count']} arriving employee(s)"
    elif kind == "property":
        text = "Property Management: move one employee into the new department, or done"
    elif kind == "relocate":
        text = f"HR Administration: move up to {f.stack[-1]['count']} employee(s) anywhere, or done"
    else:
        text = "stand lying employees up on free workstations (paying for each), or done"
    return Decision(kind, pi, f"{who}: {text}")

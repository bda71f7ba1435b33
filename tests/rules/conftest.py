"""Shared builders for the rules tests: play real setup actions, reach a decision, edit a position.

Tests read like the rules: ``g = started(3)`` gives a game at the first "choose" decision after a
deterministic setup; ``g = edit(g, give_department(0, "d2", "sales", standing=1))`` changes the
position through ``to_position`` / ``from_position`` (each builder returns a change of the state dict
and keeps 15 employees); ``to_turn(g, "MG")`` chooses a row and passes the event; ``assert_illegal(g,
"sales 3", "costs 3 goods")`` checks the refusal, its reason and that nothing changed.
"""
from __future__ import annotations

import copy
from typing import Callable, Iterable

import pytest

import carnegie_lab as cl
from carnegie_lab.components import components
from carnegie_lab.rules import company

C = components()
NAMES = ["Ada", "Bo", "Cy", "Di"]
ROWS = ["HR", "MG", "CO", "RD"]
LOBBY = "b1"
START_CELLS = {"a1": "human_resources", "b1": "lobby", "b2": "commerce_finance",
               "c2": "strategic_planning", "c1": "construction", "d1": "research"}


# -- games -----------------------------------------------------------------------------------------

def new(players: int = 3, seed: int = 42, **options) -> cl.Game:
    return cl.new_game(NAMES[:players], seed=seed, **options)


def legal(g: cl.Game) -> set[str]:
    """The legal actions as notation (each must be listed once)."""
    actions = [str(a) for a in g.legal_actions()]
    assert len(actions) == len(set(actions)), f"an action is listed twice: {sorted(actions)}"
    return set(actions)


def legal_verb(g: cl.Game, verb: str) -> set[str]:
    return {a for a in legal(g) if a.split()[0] == verb}


def play_setup(g: cl.Game, houses: Iterable[str] = (), reserves: Iterable[str] = ()) -> cl.Game:
    """Place Housing discs and reserve tiles (the given ones in setup order, else the first legal
    ones), skip the setup moves; returns the game at the first "choose" decision."""
    houses, reserves = list(houses), list(reserves)
    while g.decision.kind in ("house", "reserve", "setup", "activate"):
        kind = g.decision.kind
        if kind == "house":
            g.apply(f"house {houses.pop(0)}" if houses else sorted(legal_verb(g, "house"))[0])
        elif kind == "reserve":
            g.apply(f"reserve {reserves.pop(0)}" if reserves else sorted(legal_verb(g, "reserve"))[0])
        else:
            g.apply("done")
    return g


def started(players: int = 3, seed: int = 42, **options) -> cl.Game:
    return play_setup(new(players, seed, **options))


def advance_to(g: cl.Game, kind: str, limit: int = 500) -> cl.Game:
    """Pass (``done``, else the first legal action that is not ``sell``) until the decision kind."""
    for _ in range(limit):
        if g.decision.kind == kind:
            return g
        actions = legal(g)
        g.apply("done" if "done" in actions else sorted(a for a in actions if a != "sell")[0])
    raise AssertionError(f"no {kind!r} decision reached")


def pass_events(g: cl.Game) -> cl.Game:
    while g.decision.kind == "event":
        g.apply("done")
    return g


def to_turn(g: cl.Game, row: str) -> cl.Game:
    """From a "choose" decision: choose the row and let everybody pass the event."""
    assert g.decision.kind == "choose", g.decision
    g.apply(f"choose {row}")
    return pass_events(g)


def finish_turn(g: cl.Game) -> cl.Game:
    """End the current player's turn and skip their activation."""
    pi = g.current_player
    g.apply("done")
    while g.decision.kind == "activate" and g.current_player == pi:
        g.apply("done")
    return g


# -- positions -------------------------------------------------------------------------------------

def edit(g: cl.Game, *changes: Callable[[dict], None]) -> cl.Game:
    """A new game from g's position with each change applied to the position's state dict."""
    pos = g.to_position()
    for change in changes:
        change(pos["state"])
    return cl.Game.from_position(pos)


def employees(p: dict) -> int:
    return (sum(p["lying"].values()) + sum(len(s) for s in p["standing"].values())
            + sum(p["missions"].values()) + p["supply"])


def _take_from_pool(p: dict, count: int) -> None:
    """Remove `count` employees from the lobby (then the supply) to keep 15 in all."""
    for _ in range(count):
        if p["lying"].get(LOBBY):
            p["lying"][LOBBY] -= 1
            if not p["lying"][LOBBY]:
                del p["lying"][LOBBY]
        elif p["supply"]:
            p["supply"] -= 1
        else:
            raise AssertionError("no employee left in the lobby or the supply")


def set_player(**fields):
    """Change: set fields of a player, e.g. ``set_player(pi=0, money=30, goods=5)``."""
    pi = fields.pop("pi", 0)

    def change(st: dict) -> None:
        st["players"][pi].update(copy.deepcopy(fields))
    return change


def give_department(pi: int, cell: str, dept_id: str, standing: int = 1, lying: int = 0):
    """Change: build `dept_id` on `cell` with employees standing on its cheapest workstations and
    others lying there (taken from the lobby, then the supply)."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        p["cells"][cell] = dept_id
        if dept_id not in p["built"] and not C.departments[dept_id].starting:
            p["built"].append(dept_id)
        staff(pi, cell, standing, lying)(st)
    return change


def staff(pi: int, cell: str, standing: int | None = None, lying: int | None = None):
    """Change: set how many employees stand (cheapest workstations) and lie on a cell, moving the
    difference from / to the lobby and the supply."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        before = len(p["standing"].get(cell, [])) + (p["lying"].get(cell, 0) if cell != LOBBY else 0)
        if standing is not None:
            dept = C.departments[p["cells"][cell]]
            ws = dept.workstations
            permanent = [i for i, price in enumerate(ws) if price is None]
            order = permanent + sorted((i for i, price in enumerate(ws) if price is not None),
                                       key=lambda i: (ws[i], i))
            assert standing <= len(order), f"{dept.name} has {len(order)} workstations"
            if standing:
                p["standing"][cell] = sorted(order[:standing])
            else:
                p["standing"].pop(cell, None)
        if lying is not None:
            if lying:
                p["lying"][cell] = lying
            else:
                p["lying"].pop(cell, None)
        after = len(p["standing"].get(cell, [])) + p["lying"].get(cell, 0)
        if cell == LOBBY:
            return
        if after > before:
            _take_from_pool(p, after - before)
        else:
            p["supply"] += before - after
    return change


def missions(pi: int, **per_region: int):
    """Change: put employees of the lobby (then the supply) on missions."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        for region, count in per_region.items():
            _take_from_pool(p, count)
            p["missions"][region] = p["missions"].get(region, 0) + count
    return change


def lobby(pi: int, count: int):
    """Change: exactly `count` employees lie in the lobby (the rest go to or come from the supply)."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        have = p["lying"].get(LOBBY, 0)
        p["supply"] += have - count
        assert p["supply"] >= 0
        if count:
            p["lying"][LOBBY] = count
        else:
            p["lying"].pop(LOBBY, None)
    return change


def tracks(pi: int, **spaces: int):
    def change(st: dict) -> None:
        st["players"][pi]["tracks"].update(spaces)
    return change


def tab(pi: int, ptype: str, revealed: int, built: int | None = None):
    """Change: a project tab shows `revealed` spaces and `built` discs have left it (discs kept right)."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        old_revealed, old_built = p["tabs"][ptype]
        new_built = old_built if built is None else built
        projects = [i for i, s in enumerate(C.tabs[ptype].sides[p["tab_side"]]) if s.kind == "project"]
        before = sum(1 for i in projects if i < old_revealed)
        after = sum(1 for i in projects if i < revealed)
        p["discs"] -= after - before
        p["tabs"][ptype] = [revealed, new_built]
    return change


def site(owner, city: str, index: int, ptype: str | None = None):
    """Change: a construction disc of `owner` on a site (a player's disc is counted as built)."""
    def change(st: dict) -> None:
        st["board"]["sites"][f"{city}/{index}"] = [owner, ptype]
    return change


def clear_board(st: dict) -> None:
    """Change: no discs on the map or the donation chart (neutral blockers removed)."""
    st["board"]["sites"] = {}
    st["board"]["donations"] = {}


def donation(donation_id: str, *owners):
    def change(st: dict) -> None:
        st["board"]["donations"][donation_id] = list(owners)
    return change


def timeline_event(row: str, income: str | None = None, donation: bool = False):
    """Change: the next space of `row` (its marker moved back to the start) has this event, by
    swapping in a timeline tile side that shows it in the first column."""
    r = ROWS.index(row)

    def change(st: dict) -> None:
        board = st["board"]
        for tile in C.timeline.tiles:
            for side in (0, 1):
                ev = tile.sides[side][r]
                if ev.income == income and ev.donation == donation:
                    tiles = board["timeline"]
                    for i, (number, _) in enumerate(tiles):
                        if number == tile.number:
                            tiles[i] = tiles[0]
                    tiles[0] = [tile.number, side]
                    board["markers"][r] = 0
                    return
        raise AssertionError(f"no tile shows {income}/{donation} in row {row}")
    return change


def markers(*values: int):
    def change(st: dict) -> None:
        st["board"]["markers"] = list(values)
    return change


# -- assertions ------------------------------------------------------------------------------------

def assert_illegal(g: cl.Game, action: str, *fragments: str) -> cl.IllegalActionError:
    """The action is refused with a reason containing every fragment, and nothing changes."""
    before = g.to_position()
    with pytest.raises(cl.IllegalActionError) as info:
        g.apply(action)
    for fragment in fragments:
        assert fragment in info.value.reason, (fragment, info.value.reason)
    assert action not in legal(g)
    assert g.to_position() == before
    return info.value


def total_employees(g: cl.Game, pi: int) -> int:
    return company.employees_total(g.state.players[pi])


def full_pool(st: dict) -> None:
    """Change: two tiles of every base department in the pool."""
    st["board"]["pool"] = {d.id: 2 for d in C.departments.values() if not d.starting and not d.expansion}


def no_reserve(pi: int):
    """Change: the player's reserved tile has been built already (any tile may come next)."""
    def change(st: dict) -> None:
        st["players"][pi]["reserve"] = None
    return change


def supply(pi: int, count: int):
    """Change: exactly `count` employees in the personal supply (the others lie in the lobby)."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        p["lying"][LOBBY] = p["lying"].get(LOBBY, 0) + p["supply"] - count
        assert p["lying"][LOBBY] >= 0
        if not p["lying"][LOBBY]:
            del p["lying"][LOBBY]
        p["supply"] = count
    return change

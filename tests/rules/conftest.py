"""Shared builders for the rules tests: play real setup actions, reach a decision, edit a position.

Tests read like the rules: ``g = started(3)`` gives a game at the first "choose" decision after a
deterministic setup; ``g = edit(g, give_department(0, "d2", "sales", standing=1))`` changes the
position through ``to_position`` / ``from_position``; ``to_turn(g, "MG")`` chooses a row and passes
the event; ``assert_illegal(g, "sales 3", "costs 3 goods")`` checks the refusal, its reason and that
nothing changed.

Each builder returns a change of the state dict that keeps the position lawful (the laws of
carnegie_lab/rules/laws.py, checked by ``from_position``): 15 employees, 30 discs (a disc built on
the map leaves its tab, a donation disc leaves the supply), every Department tile taken from the
pool or the reserve (no more tiles in play than the box holds), the reserve built first, and one
finished round per timeline marker move.
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Callable, Iterable

import pytest

import carnegie_lab as cl
from carnegie_lab.core.loader import components
from carnegie_lab.rules import company
from carnegie_lab.rules.box import department_pool
from carnegie_lab.rules.ruleset import ruleset_for

C = components()
RULES = ruleset_for(C)
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


def _box(st: dict) -> dict[str, int]:
    """The Department tiles in the box for the game's department mode."""
    return department_pool(RULES, st["options"].get("departments", "base"))


def _tiles_in_play(st: dict) -> Counter:
    """Tiles in the pool, the reserves, the companies and Andrew's hands."""
    used = Counter({d: n for d, n in st["board"]["pool"].items() if n})
    used += Counter(p["reserve"] for p in st["players"] if p["reserve"] is not None)
    used += Counter(d for p in st["players"] for d in p["built"])
    if st.get("andrew"):
        used += Counter(st["andrew"]["departments"])
    return used


def _return_reserve(p: dict, st: dict) -> None:
    """The player's reserved tile goes back into the pool (the player reserves nothing)."""
    if p["reserve"] is not None:
        pool = st["board"]["pool"]
        pool[p["reserve"]] = pool.get(p["reserve"], 0) + 1
        p["reserve"] = None


def _take_tile(st: dict, dept_id: str, pi: int) -> None:
    """A tile of `dept_id` leaves the pool, else a copy out of play comes back from the box, else
    another player who reserved it reserves another tile of the pool instead."""
    pool = st["board"]["pool"]
    if pool.get(dept_id, 0) > 0:
        pool[dept_id] -= 1
        return
    copies = _box(st).get(dept_id, 0)
    assert copies, f"{dept_id} is not in the box of a {st['options'].get('departments', 'base')!r} game"
    if _tiles_in_play(st)[dept_id] < copies:
        return
    for seat, q in enumerate(st["players"]):
        if seat != pi and q["reserve"] == dept_id:
            other = next((d for d, n in sorted(pool.items()) if n and d not in q["built"]), None)
            assert other is not None, "no tile left in the pool for another reserve"
            pool[other] -= 1
            q["reserve"] = other
            return
    raise AssertionError(f"every {dept_id} tile is built already")


def give_department(pi: int, cell: str, dept_id: str, standing: int = 1, lying: int = 0):
    """Change: build `dept_id` on `cell` with employees standing on its cheapest workstations and
    others lying there (taken from the lobby, then the supply). The tile is the player's reserve, or
    (the reserve going back into the pool first) comes from the pool; a tile it replaces goes back
    into the pool."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        old = p["cells"].get(cell)
        if old != dept_id and not C.departments[dept_id].starting:
            assert dept_id not in p["built"], f"player {pi} has {dept_id} already"
            if old is not None:
                assert not C.departments[old].starting, f"{cell} holds a starting department"
                p["built"].remove(old)
                st["board"]["pool"][old] = st["board"]["pool"].get(old, 0) + 1
            if p["reserve"] == dept_id:
                p["reserve"] = None
            else:
                _return_reserve(p, st)
                _take_tile(st, dept_id, pi)
            p["built"].append(dept_id)
        p["cells"][cell] = dept_id
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


def _project_spaces(p: dict, ptype: str) -> list[int]:
    return [i for i, s in enumerate(C.tabs[ptype].sides[p["tab_side"]]) if s.kind == "project"]


def _on_tab(p: dict, ptype: str) -> int:
    """Discs waiting on the tab's revealed project spaces."""
    revealed, built = p["tabs"][ptype]
    return sum(1 for i in _project_spaces(p, ptype) if i < revealed) - built


def _build_from_tab(p: dict, ptype: str) -> None:
    """The right-most disc of the tab goes to the map (its next project space revealed first, a disc
    of the supply on it, if none is waiting)."""
    revealed, built = p["tabs"][ptype]
    if _on_tab(p, ptype) == 0:
        hidden = [i for i in _project_spaces(p, ptype) if i >= revealed]
        assert hidden, f"every {ptype} project of the tab is built"
        assert p["discs"] > 0, "no disc left in the supply"
        p["discs"] -= 1
        revealed = hidden[0] + 1
    p["tabs"][ptype] = [revealed, built + 1]


def unbuilt(st: dict, pi: int, ptype: str) -> int:
    """The player's discs of this type not built yet (one per project space of the tab)."""
    return len(_project_spaces(st["players"][pi], ptype)) - st["players"][pi]["tabs"][ptype][1]


def _unbuild(p: dict, ptype: str) -> None:
    """A disc leaves the map and goes back on its tab (its project space shown, the income gone)."""
    revealed, built = p["tabs"][ptype]
    assert built > 0
    p["tabs"][ptype] = [revealed, built - 1]


def tab(pi: int, ptype: str, revealed: int):
    """Change: a project tab shows `revealed` spaces (each project space revealed or hidden moves a
    disc between the supply and the tab; the built discs stay on the map: see ``site``)."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        old_revealed, built = p["tabs"][ptype]
        projects = _project_spaces(p, ptype)
        before = sum(1 for i in projects if i < old_revealed)
        after = sum(1 for i in projects if i < revealed)
        assert after >= built, f"{built} {ptype} discs are built: the tab shows at least {built} projects"
        p["discs"] -= after - before
        assert p["discs"] >= 0, "no disc left in the supply"
        p["tabs"][ptype] = [revealed, built]
    return change


def _remove_disc(st: dict, key: str) -> None:
    disc = st["board"]["sites"].pop(key, None)
    if disc is not None and isinstance(disc[0], int):
        _unbuild(st["players"][disc[0]], disc[1])


def site(owner, city: str, index: int, ptype: str | None = None):
    """Change: a construction disc of `owner` on a site (a player's disc is built from the tab; a disc
    it replaces goes back to its owner's tab)."""
    def change(st: dict) -> None:
        key = f"{city}/{index}"
        _remove_disc(st, key)
        if isinstance(owner, int):
            _build_from_tab(st["players"][owner], ptype)
        st["board"]["sites"][key] = [owner, ptype]
    return change


def clear_board(st: dict) -> None:
    """Change: no discs on the map or the donation chart (neutral blockers removed; the players'
    construction discs back on their tabs, their donation discs back in their supplies)."""
    for key in list(st["board"]["sites"]):
        _remove_disc(st, key)
    for donation_id in list(st["board"]["donations"]):
        _set_donation(st, donation_id, [])


def _set_donation(st: dict, donation_id: str, owners: list) -> None:
    """The donation space holds these owners' discs (the players' discs to and from their supplies)."""
    donations = st["board"]["donations"]
    for owner in donations.pop(donation_id, []):
        if isinstance(owner, int):
            p = st["players"][owner]
            p["donations"] -= 1
            p["discs"] += 1
    for owner in owners:
        if isinstance(owner, int):
            p = st["players"][owner]
            assert p["discs"] > 0, "no disc left in the supply"
            p["donations"] += 1
            p["discs"] -= 1
    if owners:
        donations[donation_id] = list(owners)


def donation(donation_id: str, *owners):
    """Change: the donation space holds the owners' discs, bottom first."""
    def change(st: dict) -> None:
        _set_donation(st, donation_id, list(owners))
    return change


def donated(pi: int, count: int):
    """Change: the player has made `count` donations (more than now: alone, on the last free spaces of
    the chart), e.g. to set the price of the next one."""
    def change(st: dict) -> None:
        p = st["players"][pi]
        free = [d for d in reversed(list(C.donations)) if d not in st["board"]["donations"]]
        extra = count - p["donations"]
        assert 0 <= extra <= len(free), f"player {pi} has made {p['donations']} donations"
        for donation_id in free[:extra]:
            _set_donation(st, donation_id, [pi])
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
                    markers(*[0 if i == r else m for i, m in enumerate(board["markers"])])(st)
                    return
        raise AssertionError(f"no tile shows {income}/{donation} in row {row}")
    return change


def rounds_over(count: int):
    """Change: `count` rounds are over (flow.round is one more; the first player is left as it is),
    each with its summary in the history (the players' current figures, the rows read off the
    timeline markers); in a solo game Andrew has played as many cards (mind that he chooses the row
    in even rounds). The markers are set apart: see ``markers``."""
    def change(st: dict) -> None:
        f = st["flow"]
        assert f["phase"] in ("choose", "event", "turn"), "rounds are counted during a round"
        assert 0 <= count < C.constants.rounds
        f["round"] = count + 1
        if f["phase"] == "choose":                       # the first player moves one seat every round
            f["first"] = f["player"] = count % len(st["players"])
        chosen = [row for row, moved in zip(ROWS, st["board"]["markers"]) for _ in range(moved)]
        kept = [h for h in st["history"] if h["round"] <= count]
        for r in range(len(kept) + 1, count + 1):
            kept.append({"round": r, "chosen": chosen[r - 1] if r <= len(chosen) else ROWS[0], "players": [
                {"vp": p["vp"], "money": p["money"], "goods": p["goods"], "score": 0,
                 "projects": sum(t[1] for t in p["tabs"].values()), "departments": len(p["built"]),
                 "active": 0} for p in st["players"]]})
        st["history"] = kept
        andrew = st.get("andrew")
        if andrew:
            played = sum(len(slot) for slot in andrew["vp_slots"])
            while played < count:
                andrew["vp_slots"][0].append(andrew["deck"].pop(0))
                played += 1
            assert played == count, "Andrew has played more cards"
    return change


def markers(*values: int):
    """Change: the timeline markers stand on these spaces; each round end moved one of them, so as many
    rounds are over (see ``rounds_over``)."""
    def change(st: dict) -> None:
        st["board"]["markers"] = list(values)
        rounds_over(sum(values))(st)
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
    """Change: every tile of the box (two of each base department) that is not reserved or built is
    in the pool."""
    used = _tiles_in_play(st)
    pool = st["board"]["pool"]
    st["board"]["pool"] = {d: copies - (used[d] - pool.get(d, 0)) for d, copies in _box(st).items()}


def no_reserve(pi: int):
    """Change: the player reserves no tile (its reserved tile goes back into the pool): any tile may be
    built first."""
    def change(st: dict) -> None:
        _return_reserve(st["players"][pi], st)
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

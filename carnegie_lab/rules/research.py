"""Study points: revealing project-tab spaces and moving transport discs (R&D, and study income)."""
from __future__ import annotations

from functools import lru_cache

from ..components import PROJECT_TYPES, Reward, TabSpace
from ..state import ANDREW, Owner, Player, State
from . import company
from .core import C, describe, gain, note, rule

FINAL = len(next(iter(C.tracks.values())).spaces) - 1   # index of the final box


def tab_spaces(p: Player, ptype: str) -> tuple[TabSpace, ...]:
    return C.tabs[ptype].sides[p.tab_side]


@lru_cache(maxsize=None)
def _project_indices(ptype: str, side: str) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(C.tabs[ptype].sides[side]) if s.kind == "project")


def discs_on_tab(p: Player, ptype: str) -> int:
    revealed, built = p.tabs[ptype]
    return sum(1 for i in _project_indices(ptype, p.tab_side) if i < revealed) - built


def project_income(p: Player) -> Reward:
    """The income icons shown where discs have left the tabs, paid once per income event."""
    money = goods = vp = 0
    for ptype in PROJECT_TYPES:
        spaces = tab_spaces(p, ptype)
        for i in _project_indices(ptype, p.tab_side)[:p.tabs[ptype][1]]:
            money += spaces[i].income.money
            goods += spaces[i].income.goods
            vp += spaces[i].income.vp
    return Reward(money=money, goods=goods, vp=vp)


def tab_vp(p: Player, ptype: str) -> int:
    shown = tab_spaces(p, ptype)[:p.tabs[ptype][0]]
    return max((s.vp for s in shown if s.kind == "vp"), default=0)


def track_owners(state: State) -> list[tuple[Owner, dict[str, int]]]:
    owners: list[tuple[Owner, dict[str, int]]] = list(enumerate(p.tracks for p in state.players))
    if state.andrew is not None:
        owners.append((ANDREW, state.andrew.tracks))
    return owners


def final_box_holder(state: State, region: str) -> Owner | None:
    for owner, tracks in track_owners(state):
        if tracks[region] == FINAL:
            return owner
    return None


def track_step_cost(p: Player, region: str) -> int:
    cost = C.tracks[region].spaces[p.tracks[region] + 1].cost
    if company.is_staffed(p, "telegraph_operators"):
        params = C.departments["telegraph_operators"].params
        cost = max(params["min_cost"], cost - params["track_discount"])
    return cost


def transport_income(p: Player, region: str) -> Reward:
    return C.tracks[region].spaces[p.tracks[region]].income


def level(tracks: dict[str, int], region: str) -> int:
    return C.tracks[region].spaces[tracks[region]].level_value


def _study_candidates(values):
    def candidates(state: State, pi: int):
        return ((v,) for v in values) if state.flow.study else ()
    return candidates


def _check_tab(state: State, pi: int, args) -> str | None:
    (ptype,) = args
    p = state.players[pi]
    spaces = tab_spaces(p, ptype)
    revealed = p.tabs[ptype][0]
    if revealed >= len(spaces):
        return f"the {C.tabs[ptype].name} tab is fully revealed"
    space = spaces[revealed]
    if space.cost > state.flow.study:
        return f"the next {C.tabs[ptype].name} space costs {space.cost} study points and {state.flow.study} are left"
    if space.kind == "project" and p.discs < 1:
        return "no disc left in the personal supply to put on the tab"
    return None


@rule("tab", ("event", "turn"), _study_candidates(PROJECT_TYPES), _check_tab)
def _tab(state: State, pi: int, args) -> None:
    (ptype,) = args
    p = state.players[pi]
    space = tab_spaces(p, ptype)[p.tabs[ptype][0]]
    state.flow.study -= space.cost
    p.tabs[ptype][0] += 1
    if space.kind == "project":
        p.discs -= 1
    what = "a new project" if space.kind == "project" else f"{space.vp} VP at game end"
    note(state, f"{p.name} slides the {C.tabs[ptype].name} tab out: {what} ({space.cost} study points)")


def _check_track(state: State, pi: int, args) -> str | None:
    (region,) = args
    if region not in C.tracks:
        return f"unknown region {region!r}"
    p = state.players[pi]
    if p.tracks[region] >= FINAL:
        return f"the {region} transport disc is already in the final box"
    cost = track_step_cost(p, region)
    if cost > state.flow.study:
        return f"the next {region} track space costs {cost} study points and {state.flow.study} are left"
    if p.tracks[region] + 1 == FINAL and not company.is_staffed(p, "archives"):
        holder = final_box_holder(state, region)
        if holder is not None:
            return f"the {region} final box is taken"
    return None


@rule("track", ("event", "turn"), _study_candidates(tuple(C.regions)), _check_track)
def _track(state: State, pi: int, args) -> None:
    (region,) = args
    p = state.players[pi]
    cost = track_step_cost(p, region)
    state.flow.study -= cost
    p.tracks[region] += 1
    space = C.tracks[region].spaces[p.tracks[region]]
    note(state, f"{p.name} moves up the {C.regions[region].name} track to {space.level} ({cost} study points)")
    if p.tracks[region] == FINAL:
        reward = C.tracks[region].final_reward
        gain(state, pi, reward)
        note(state, f"{p.name} reaches the {C.regions[region].name} final box: {describe(reward)}")

"""Study points: revealing project-tab spaces and moving transport discs (R&D, and study income)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.components import PROJECT_TYPES, Reward, TabSpace
from ..core.i18n import N_, Message
from ..core.later import later, line
from ..core.state import ANDREW, DecisionKind, Owner, Player, State, Tab
from ..core.words import count_of, reward_text
from .core import gain, note
from .registry import Args, Vocab, verb

if TYPE_CHECKING:
    from .ruleset import Ruleset

STUDY_DECISIONS = (DecisionKind.EVENT, DecisionKind.TURN)


def tab_spaces(rs: Ruleset, p: Player, ptype: str) -> tuple[TabSpace, ...]:
    return rs.components.tabs[ptype].sides[p.tab_side]


def discs_on_tab(rs: Ruleset, p: Player, ptype: str) -> int:
    revealed, built = p.tabs[ptype]
    return sum(1 for i in rs.project_spaces[ptype, p.tab_side] if i < revealed) - built


def project_income(rs: Ruleset, p: Player) -> Reward:
    """The income icons shown where discs have left the tabs, paid once per income event."""
    money = goods = vp = 0
    for ptype in PROJECT_TYPES:
        spaces = tab_spaces(rs, p, ptype)
        for i in rs.project_spaces[ptype, p.tab_side][:p.tabs[ptype][1]]:
            money += spaces[i].income.money
            goods += spaces[i].income.goods
            vp += spaces[i].income.vp
    return Reward(money=money, goods=goods, vp=vp)


def tab_vp(rs: Ruleset, p: Player, ptype: str) -> int:
    """The VP the tab scores: the highest VP space shown."""
    return rs.tab_vp_shown[ptype, p.tab_side][p.tabs[ptype][0]]


def tabs_vp(rs: Ruleset, p: Player) -> int:
    """The VP all the player's tabs score (:func:`tab_vp` of each)."""
    shown, side = rs.tab_vp_shown, p.tab_side
    return sum([shown[ptype, side][tab[0]] for ptype, tab in p.tabs.items()])


def track_owners(state: State) -> list[tuple[Owner, dict[str, int]]]:
    owners: list[tuple[Owner, dict[str, int]]] = list(enumerate(p.tracks for p in state.players))
    if state.andrew is not None:
        owners.append((ANDREW, state.andrew.tracks))
    return owners


def final_box_holder(state: State, region: str) -> Owner | None:
    """The first owner (in seat order, then Andrew) whose disc is in a region's final box, or None."""
    holders = final_box_holders(state, region)
    return holders[0] if holders else None


def final_box_holders(state: State, region: str) -> list[Owner]:
    final = state.rules.final_space
    return [owner for owner, tracks in track_owners(state) if tracks[region] == final]


def final_box_full(state: State, region: str) -> bool:
    """The region's final box holds as many discs as it can (one)."""
    return len(final_box_holders(state, region)) >= state.rules.components.tracks[region].final_capacity


def track_step_cost(rs: Ruleset, p: Player, region: str) -> int:
    cost = rs.components.tracks[region].spaces[p.tracks[region] + 1].cost
    for dept, hook in rs.staffed(p, "track_cost"):
        cost = hook(dept, cost)
    return cost


def transport_income(rs: Ruleset, p: Player, region: str) -> Reward:
    return rs.components.tracks[region].spaces[p.tracks[region]].income


def level(rs: Ruleset, tracks: dict[str, int], region: str) -> int:
    return rs.components.tracks[region].spaces[tracks[region]].level_value


def _tab_candidates(state: State, pi: int):
    return ((t,) for t in PROJECT_TYPES) if state.flow.study else ()


def _check_tab(state: State, pi: int, args: Args) -> str | None:
    (ptype,) = args
    rs, p = state.rules, state.players[pi]
    tab = rs.components.tabs[ptype]
    spaces = tab.sides[p.tab_side]
    revealed = p.tabs[ptype][0]
    if revealed >= len(spaces):
        return N_("the {tab} tab is fully revealed", tab=Message(tab.name))
    space = spaces[revealed]
    if space.cost > state.flow.study:
        return N_("the next {tab} space costs {cost} study points and {left} are left",
                  tab=Message(tab.name), cost=space.cost, left=state.flow.study)
    if space.kind == "project" and p.discs < 1:
        return N_("no disc left in the personal supply to put on the tab")
    return None


@verb("tab", [("project",)], STUDY_DECISIONS, _tab_candidates, _check_tab, needs="study",
      vocab=Vocab(N_("reveal a project-tab space"), "study", 30, board="tab", local=True))
def _tab(state: State, pi: int, args: Args) -> None:
    (ptype,) = args
    p = state.players[pi]
    tab = state.rules.components.tabs[ptype]
    space = tab.sides[p.tab_side][p.tabs[ptype][0]]
    state.flow.study -= space.cost
    p.tabs[ptype] = Tab(p.tabs[ptype].revealed + 1, p.tabs[ptype].built)
    if space.kind == "project":
        p.discs -= 1
    what = N_("a new project") if space.kind == "project" else N_("{vp} VP at game end", vp=space.vp)
    note(state, lambda: line("{player} slides the {tab} tab out: {what} ({cost})", player=p.name,
                      tab=Message(tab.name), what=what, cost=later(count_of, "study", space.cost)))


def _track_candidates(state: State, pi: int):
    return ((r,) for r in state.rules.components.regions) if state.flow.study else ()


def _check_track(state: State, pi: int, args: Args) -> str | None:
    (region,) = args
    rs = state.rules
    if region not in rs.components.tracks:
        return N_("unknown region {region}", region=repr(region))
    p = state.players[pi]
    if p.tracks[region] >= rs.final_space:
        return N_("the {region} transport disc is already in the final box", region=region)
    cost = track_step_cost(rs, p, region)
    if cost > state.flow.study:
        return N_("the next {region} track space costs {cost} study points and {left} are left",
                  region=region, cost=cost, left=state.flow.study)
    if p.tracks[region] + 1 == rs.final_space and not rs.any_staffed(p, "enter_taken_final_box"):
        if final_box_full(state, region):
            return N_("the {region} final box is taken", region=region)
    return None


@verb("track", [("region",)], STUDY_DECISIONS, _track_candidates, _check_track, needs="study",
      vocab=Vocab(N_("move up a transport track"), "study", 30, board="track", local=True))
def _track(state: State, pi: int, args: Args) -> None:
    (region,) = args
    rs, p = state.rules, state.players[pi]
    cost = track_step_cost(rs, p, region)
    state.flow.study -= cost
    p.tracks[region] += 1
    track, name = rs.components.tracks[region], Message(rs.components.regions[region].name)
    note(state, lambda: line("{player} moves up the {region} track to {level} ({cost})", player=p.name, region=name,
                      level=Message(track.spaces[p.tracks[region]].level), cost=later(count_of, "study", cost)))
    if p.tracks[region] == rs.final_space:
        gain(state, pi, track.final_reward)
        note(state, lambda: line("{player} reaches the {region} final box: {reward}", player=p.name, region=name,
                          reward=later(reward_text, track.final_reward)))

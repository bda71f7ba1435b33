"""What a player at the table can see of a position, as numbers: the inputs of the learned evaluation.

:func:`seat_features` describes one seat (its score if the game ended now, by category, and what its
money, goods, employees, missions, income, tabs, tracks, departments and network are still worth);
:func:`andrew_features` describes Andrew in a solo game (his score by category, the VP card his card
of the round has reached, and what the table knows of his cards to come: how many, how many of them
advanced, how many of each action, the action on the back of his next card). Nothing here reads
what the table does not see: the order of Andrew's hidden cards and their fronts are never used.

Each list lines up with its names (:data:`SEAT_FEATURES`, :data:`ANDREW_FEATURES`); the evaluation
(:mod:`.learned`) multiplies each by its weight, once as it is and once times ``t``, the share of the
game still to play (so that money, say, can be worth much early and nothing at the end).
"""
from __future__ import annotations

from bisect import bisect_left

from ...core.components import ACTION_TYPES, PROJECT_TYPES
from ...core.state import Phase, State
from ...rules.scoring import ScoreBreakdown
from ...rules.solo import unseen_deck
from .position import RoundInfo, icons, path_bonus, tables

#: the score categories a seat's features start with (ScoreBreakdown's fields, Andrew's excepted)
SEAT_SCORE = ("in_game", "employees", "departments", "tabs", "connections", "cities", "donations",
              "action_choice", "tiles")
SEAT_FEATURES = (*(f"score_{c}" for c in SEAT_SCORE),
                 "money", "goods", "standing", "lying_ready", "lying_idle", "supply",
                 "missions_home", "missions_stuck", "income_money", "income_goods", "income_vp",
                 "waiting_cheap", "waiting_dear", "track_steps", "trains", "final_boxes", "link",
                 *(f"uses_{t}" for t in ACTION_TYPES), "built", "turn_to_come", "reserve", "donations",
                 "tokens")
ANDREW_SCORE = ("cards", "departments", "transport", "cities", "donations")
ANDREW_FEATURES = (*(f"andrew_{c}" for c in ANDREW_SCORE), "andrew_card_vp", "andrew_cards_left",
                   "andrew_advanced_left", *(f"andrew_left_{t}" for t in ACTION_TYPES),
                   "andrew_track_steps", *(f"andrew_next_{t}" for t in ACTION_TYPES))
_CHEAP = ("H", "C")                           # project types that cost 1 goods (the others 2)


def seat_features(state: State, pi: int, score: ScoreBreakdown, info: RoundInfo,
                  cities: list[str]) -> list[float]:
    """One seat's features, the inputs of the learned evaluation.

    Args:
        state: The position.
        pi: The seat.
        score: Its score if the game ended now.
        info: The rounds and income events left (:func:`.position.round_info`).
        cities: The cities of its discs.

    Returns:
        One number per name of :data:`SEAT_FEATURES`, in order.
    """
    rs = state.rules
    tab = tables(rs.components)
    p, f = state.players[pi], state.flow
    lobby_ids, depts = rs.lobby_ids, tab.depts
    standing = ready = idle = built = 0
    uses = dict.fromkeys(ACTION_TYPES, 0)
    for cell, dept_id in p.cells.items():
        if dept_id in lobby_ids:
            continue
        size, permanent, is_tile = depts[dept_id]
        taken = p.standing.get(cell, ())
        working = sum(1 for i in taken if i not in permanent)
        standing += working
        if taken:
            uses[tab.dept_type[dept_id]] += 1 if dept_id in _ONE_USE else len(taken)
        n = p.lying.get(cell, 0)
        free = size - len(taken)
        ready += min(n, free)
        idle += max(0, n - free)
        built += is_tile
    idle += sum(n for cell, n in p.lying.items() if p.cells.get(cell) in lobby_ids or cell not in p.cells)
    home = 0.0
    current = f.phase == Phase.EVENT and f.income is not None and ((f.player == pi and f.income_open) or pi in f.order)
    for region, n in p.missions.items():
        chance = 1.0 if current and region == f.income else min(1.0, info.events.get(region, 0.0))
        home += chance * n
    away = sum(p.missions.values())
    income = icons(rs, p.tab_side, tuple(p.tabs[t][1] for t in PROJECT_TYPES))
    events = info.income_events
    cheap = dear = 0
    for ptype, (revealed, done) in p.tabs.items():
        waiting = bisect_left(rs.project_spaces[ptype, p.tab_side], revealed) - done
        if ptype in _CHEAP:
            cheap += waiting
        else:
            dear += waiting
    levels = [tab.track_levels[r][k] for r, k in p.tracks.items()]
    final = rs.final_space
    link = path_bonus(rs.components, frozenset(cities), tuple(p.tracks[r] for r in tab.regions), 0.5) \
        if cities else 0.0
    to_come = 0
    if f.chosen is not None and (f.phase == Phase.EVENT or (f.phase == Phase.TURN and pi in f.order)):
        to_come = uses[f.chosen]
    tokens = f.moves + f.study if f.player == pi and f.phase in (Phase.TURN, Phase.EVENT, Phase.SETUP) else 0
    return [*(float(getattr(score, c)) for c in SEAT_SCORE),
            p.money, p.goods, standing, ready, idle, p.supply,
            home, away - home, income.money * events, income.goods * events, income.vp * events,
            cheap, dear, sum(p.tracks.values()), sum(1 for v in levels if v >= 3),
            sum(1 for k in p.tracks.values() if k == final), link,
            *(float(uses[t]) for t in ACTION_TYPES), built, to_come, p.reserve is not None, p.donations,
            min(tokens, 20)]


#: departments used once for all their standing employees (rules decision T3)
_ONE_USE = frozenset(("human_resources", "research", "advanced_design"))


def andrew_features(state: State, score: ScoreBreakdown) -> list[float]:
    """Andrew's features in a solo game, the inputs of his learned prediction.

    Args:
        state: The position (a solo game).
        score: His score if the game ended now.

    Returns:
        One number per name of :data:`ANDREW_FEATURES`, in order.
    """
    andrew = state.andrew
    assert andrew is not None
    vp_cards = state.rules.constants.andrew_vp_cards
    card_vp = vp_cards[min(andrew.slide, len(vp_cards) - 1)] if andrew.card is not None else 0   # slides are public
    unseen = unseen_deck(state)
    left = dict.fromkeys(ACTION_TYPES, 0)
    advanced = 0
    nxt = None
    if unseen is not None:
        for n in unseen.numbers:
            left[unseen.actions[n]] += 1
        advanced, nxt = unseen.advanced, unseen.top
    return [*(float(getattr(score, c)) for c in ANDREW_SCORE), card_vp, len(andrew.deck), advanced,
            *(float(left[t]) for t in ACTION_TYPES), sum(andrew.tracks.values()),
            *(1.0 if nxt == t else 0.0 for t in ACTION_TYPES)]

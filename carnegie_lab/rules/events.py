"""The round's first decisions: choosing the timeline row, and the events it triggers (income)."""
from __future__ import annotations

from ..core.i18n import N_, Message, Worded
from ..core.later import Later, later, line
from ..core.state import DecisionKind, State
from ..core.words import plural_line, reward_text
from . import timeline
from .core import arrive, gain, note, scale
from .loop import start_events
from .registry import Args, Vocab, verb
from .research import project_income


def _round_event(state: State) -> Later:
    """The round's event as the log keeps it: worded when the line is read, in the language asked for."""
    return later(Worded, timeline.event_words, timeline.income_region(state), state.flow.donation)


def _check_choose(state: State, pi: int, args: Args) -> str | None:
    row = state.rules.components.timeline.rows.index(args[0])
    return None if timeline.event_row(state, row) is not None else N_("every timeline marker is on its last space")


@verb("choose", [("type",)], (DecisionKind.CHOOSE,), lambda s, pi: ((t,) for t in s.rules.components.timeline.rows),
      _check_choose,
      vocab=Vocab(N_("choose the timeline row"), "timeline", 0, board="row"))
def _choose(state: State, pi: int, args: Args) -> None:
    timeline.select(state, args[0])
    name = timeline.TYPE_NAMES.get(args[0], args[0])
    note(state, lambda: line("{player} chooses {type}: {event}", player=state.players[pi].name, type=name,
                      event=_round_event(state)))
    start_events(state)


def _lower_spaces(state: State, pi: int) -> range:
    """Spaces below the disc that a department lets the player take income from (Archives)."""
    p, region = state.players[pi], state.flow.income
    assert region is not None
    return range(1, p.tracks[region] + 1) if state.rules.any_staffed(p, "income_spaces") else range(0)


def _income_candidates(state: State, pi: int):
    f = state.flow
    if not f.income_open:
        return
    assert f.income is not None
    lower = _lower_spaces(state, pi)
    for n in range(1, state.players[pi].missions.get(f.income, 0) + 1):
        yield (str(n),)
        yield from ((str(n), "at", str(space)) for space in lower)


def _check_income(state: State, pi: int, args: Args) -> str | None:
    f = state.flow
    if not f.income_open:
        return N_("this event pays no income now")
    assert f.income is not None
    p = state.players[pi]
    away = p.missions.get(f.income, 0)
    if int(args[0]) > away:
        return N_("{player} has {away} employees on missions in the {region}",
                  player=p.name, away=away, region=f.income)
    if len(args) == 3:
        if not _lower_spaces(state, pi):
            return N_("only Archives lets a player take a lower transport income")
        if int(args[2]) > p.tracks[f.income]:
            return N_("space {space} is not below {player}'s disc on the {region} track",
                      space=args[2], player=p.name, region=f.income)
    return None


@verb("income", [("count",), ("count", "=at", "count")], (DecisionKind.EVENT,), _income_candidates, _check_income,
      exact=True,
      vocab=Vocab(N_("take income"), "income", 3, local=True))
def _income(state: State, pi: int, args: Args) -> None:
    f = state.flow
    rs, p = state.rules, state.players[pi]
    region = f.income
    assert region is not None
    count = int(args[0])
    space = int(args[2]) - 1 if len(args) == 3 else p.tracks[region]
    p.missions[region] -= count
    if not p.missions[region]:
        del p.missions[region]
    f.income_open = False
    arrive(state, pi, count)
    transport = scale(rs.components.tracks[region].spaces[space].income, count)
    projects = project_income(rs, p)
    note(state, lambda: plural_line("{player} brings {n} employee home from the {region}; transport income: "
                              "{transport}; project income: {projects}", "{player} brings {n} employees home from the "
                              "{region}; transport income: {transport}; project income: {projects}", count,
                              player=p.name, region=Message(rs.components.regions[region].name),
                              transport=later(reward_text, transport), projects=later(reward_text, projects)))
    gain(state, pi, transport)
    gain(state, pi, projects)

"""The rule registry and the helpers every rule module shares.

Each verb of the notation is one :class:`Rule`: ``candidates`` lists argument tuples worth trying in the
current position (a cheap superset), ``check`` returns why an action is illegal (``None`` when it is
legal) and ``do`` carries it out. Legal actions are exactly the candidates that pass ``check``, so the
reasons given for illegal actions and the list of legal actions come from the same code.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..components import Reward, components
from ..state import Player, State
from . import company

C = components()
K = C.constants

Args = tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    verb: str
    decisions: frozenset[str]                 # decision kinds in which the verb can be legal
    candidates: Callable[[State, int], Iterable[Args]]
    check: Callable[[State, int, Args], str | None]
    do: Callable[[State, int, Args], None]


RULES: dict[str, Rule] = {}


def rule(verb: str, decisions: Iterable[str], candidates: Callable[[State, int], Iterable[Args]],
         check: Callable[[State, int, Args], str | None]):
    """Register the decorated function as the ``do`` of a verb."""
    def register(do: Callable[[State, int, Args], None]):
        RULES[verb] = Rule(verb, frozenset(decisions), candidates, check, do)
        return do
    return register


def no_args(state: State, pi: int) -> Iterable[Args]:
    return ((),)


def note(state: State, text: str) -> None:
    """Add a line to the game log (what just happened, in words)."""
    state.log.append([len(state.log), text])


def name(state: State, pi: int) -> str:
    return state.players[pi].name


def describe(reward: Reward) -> str:
    return ", ".join(reward.parts()) or "nothing"


def scale(reward: Reward, times: int) -> Reward:
    return Reward(reward.money * times, reward.goods * times, reward.vp * times,
                  reward.study * times, reward.employees * times)


def gain(state: State, pi: int, reward: Reward) -> None:
    """Give a player a reward; study points go to the current step, new employees to a lobby."""
    p = state.players[pi]
    p.money += reward.money
    p.goods += reward.goods
    p.vp += reward.vp
    state.flow.study += reward.study
    if reward.employees:
        recruit(state, pi, reward.employees)


def recruit(state: State, pi: int, count: int) -> int:
    """New employees from the personal supply to a lobby (as many as the supply holds)."""
    p = state.players[pi]
    count = min(count, p.supply)
    p.supply -= count
    arrive(state, pi, count)
    return count


def arrive(state: State, pi: int, count: int) -> None:
    """Employees arriving in the company lie down in the Lobby; with a second lobby the player then
    decides, one by one, which lobby each of them stays in."""
    if count <= 0:
        return
    p = state.players[pi]
    lobbies = company.lobbies(p)
    company.lay_down(p, company.cell_of(p, company.LOBBY), count)
    if len(lobbies) == 1:
        return
    stack = state.flow.stack
    if stack and stack[-1]["kind"] == "arrival":
        stack[-1]["count"] += count
    else:
        stack.append({"kind": "arrival", "count": count})


def player(state: State, pi: int) -> Player:
    return state.players[pi]


def regions() -> tuple[str, ...]:
    return tuple(C.regions)


def pay_check(p: Player, money: int = 0, goods: int = 0) -> str | None:
    if p.money < money:
        return f"costs ${money} and {p.name} has ${p.money}"
    if p.goods < goods:
        return f"costs {goods} goods and {p.name} has {p.goods}"
    return None

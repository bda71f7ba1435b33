"""Small helpers every rule module shares: the log, rewards, new employees, payments."""
from __future__ import annotations

from typing import Callable

from ..core.components import Reward
from ..core.i18n import N_
from ..core.later import Later
from ..core.state import Arrival, Player, State
from . import company


def note(state: State, line: Callable[[], Later]) -> None:
    """Add a line to the game log, what just happened: ``line()``, a description put into words when read
    (``note(state, lambda: line("{player} sells 1 goods for ${price}", player=..., price=...))``, or a
    :class:`~..core.later.Later` of ``Worded`` for a plural). Only a state that keeps its history asks for
    it: the light copies of the bots and search do not pay for the values a line is made of."""
    if state.keeps_history:
        state.log.append([len(state.log), line()])


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
    company.lay_down(p, company.main_lobby(p), count)
    if len(company.lobbies(state.rules, p)) == 1:
        return
    stack = state.flow.stack
    top = stack[-1] if stack else None
    if isinstance(top, Arrival):
        top.count += count
    else:
        stack.append(Arrival(count))


def pay_check(p: Player, money: int = 0, goods: int = 0) -> str | None:
    if p.money < money:
        return N_("costs ${cost} and {player} has ${has}", cost=money, player=p.name, has=p.money)
    if p.goods < goods:
        return N_("costs {cost} goods and {player} has {has}", cost=goods, player=p.name, has=p.goods)
    return None

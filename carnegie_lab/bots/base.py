"""What every bot shares: the ``Bot`` interface, per-decision seeding and fast stepping on copies.

Bots think on bare :class:`~carnegie_lab.state.State` copies rather than :class:`~carnegie_lab.Game`
objects: :func:`light_copy` drops the game log and round history (which only grow and which no rule
reads), and :func:`step` applies an action that is known to be legal without parsing it again or
computing the legal actions twice (the engine's ``settle`` already computes them after every step).
"""
from __future__ import annotations

import pickle
import random
import re
from dataclasses import fields
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..engine import Game
from ..rules import flow
from ..rules.core import RULES
from ..state import Andrew, Board, Flow, Player, State

PASSIVE = ("done", "sell")

_MASK = (1 << 64) - 1


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(game)`` returns one of ``game.legal_actions()`` and never changes ``game``."""

    name: str
    seed: int

    def choose(self, game: Game) -> Action: ...


def mix(*numbers: int) -> int:
    """A well-spread 64-bit number from some integers (splitmix64 steps): per-game and per-decision
    seeds that do not depend on Python's hash randomisation."""
    x = 0x9E3779B97F4A7C15
    for n in numbers:
        x = (x ^ (n & _MASK)) & _MASK
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
    return x


def decision_rng(seed: int, game: Game) -> random.Random:
    """The random stream of one decision: a function of the bot's seed, the game's seed and the number
    of decisions taken so far. So ``bot.choose(game)`` is a pure function of the bot's seed and the
    game: asking twice gives the same answer, and the order in which bots are asked does not matter."""
    options = game.state.options
    return random.Random(mix(seed, int(options.get("seed") or 0), len(game.actions)))


def pickle_copy(state: State) -> State:
    """A copy of the state without its log and round history, by a pickle round trip."""
    log, history = state.log, state.history
    state.log, state.history = [], []
    try:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    finally:
        state.log, state.history = log, history


# The fast copy knows which fields hold containers (copied below); it is used only while every other
# field of these dataclasses is declared as an immutable scalar (otherwise the pickle copy takes
# over), and tests compare the two copies.
_CONTAINERS = {
    State: {"options", "players", "board", "flow", "andrew", "history", "log"},
    Player: {"cells", "lying", "standing", "missions", "tracks", "tabs", "built"},
    Board: {"sites", "donations", "pool", "timeline", "markers"},
    Flow: {"order", "closed", "stack"},
    Andrew: {"deck", "vp_slots", "tracks", "departments"},
}
_SCALAR = re.compile(r"(str|int|bool|float|None|Optional|\[|\]|\||\s)*")


def _fast_copy_safe() -> bool:
    for cls, containers in _CONTAINERS.items():
        for f in fields(cls):
            if f.name not in containers and not _SCALAR.fullmatch(str(f.type)):
                return False
    return True


FAST_COPY = _fast_copy_safe()


def _fast_copy(state: State) -> State:
    new = object.__new__(State)
    players = []
    for p in state.players:
        q = object.__new__(Player)
        d = p.__dict__.copy()
        d["cells"] = p.cells.copy()
        d["lying"] = p.lying.copy()
        d["standing"] = {k: v[:] for k, v in p.standing.items()}
        d["missions"] = p.missions.copy()
        d["tracks"] = p.tracks.copy()
        d["tabs"] = {k: v[:] for k, v in p.tabs.items()}
        d["built"] = p.built[:]
        q.__dict__ = d
        players.append(q)
    b = state.board
    board = object.__new__(Board)
    d = b.__dict__.copy()
    d.update(sites={k: v[:] for k, v in b.sites.items()}, donations={k: v[:] for k, v in b.donations.items()},
             pool=b.pool.copy(), timeline=[v[:] for v in b.timeline], markers=b.markers[:])
    board.__dict__ = d
    f = state.flow
    flow_ = object.__new__(Flow)
    d = f.__dict__.copy()
    d["order"] = f.order[:]
    d["closed"] = f.closed[:]
    d["stack"] = [frame.copy() for frame in f.stack]
    flow_.__dict__ = d
    andrew = state.andrew
    if andrew is not None:
        a = object.__new__(Andrew)
        d = andrew.__dict__.copy()
        d["deck"] = andrew.deck[:]
        d["vp_slots"] = [v[:] for v in andrew.vp_slots]
        d["tracks"] = andrew.tracks.copy()
        d["departments"] = andrew.departments[:]
        a.__dict__ = d
        andrew = a
    d = state.__dict__.copy()
    d.update(options=dict(state.options), players=players, board=board, flow=flow_, andrew=andrew,
             history=[], log=[])
    new.__dict__ = d
    return new


def light_copy(state: State) -> State:
    """A copy of the state without its log and round history (bots never read them)."""
    return _fast_copy(state) if FAST_COPY else pickle_copy(state)


def step(state: State, action: Action) -> list[Action]:
    """Carry out an action taken from ``flow.legal_actions(state)`` (not checked again) and the forced
    steps after it; returns the legal actions of the next decision (empty when the game is over)."""
    RULES[action.verb].do(state, state.flow.player, action.args)
    return flow.settle(state)


def legal(state: State) -> list[Action]:
    return flow.legal_actions(state)


def is_over(state: State) -> bool:
    return state.flow.phase == "over"


def active_actions(actions: list[Action]) -> list[Action]:
    return [a for a in actions if a.verb not in PASSIVE]

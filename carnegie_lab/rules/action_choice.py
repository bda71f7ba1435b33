"""The Action Choice tile: a player (not the first) uses another department type this turn."""
from __future__ import annotations

from ..core.components import ACTION_TYPES
from ..core.i18n import N_
from ..core.later import later, line
from ..core.state import DecisionKind, State
from ..core.words import id_name
from .core import note
from .registry import Args, Vocab, verb
from .timeline import TYPE_NAMES


def _check_switch(state: State, pi: int, args: Args) -> str | None:
    (action_type,) = args
    p, f = state.players[pi], state.flow
    if not p.action_choice:
        return N_("{player} has no Action Choice tile", player=p.name)
    if pi == f.first:
        return N_("the first player cannot override their own choice")
    if f.open is not None or f.closed:
        return N_("the tile must be played before using any department")
    if action_type == f.turn_type:
        return N_("this turn already uses {type}", type=action_type)
    return None


def _switch_candidates(state: State, pi: int):
    f = state.flow
    if state.players[pi].action_choice and pi != f.first and f.open is None and not f.closed:
        return ((t,) for t in ACTION_TYPES if t != f.turn_type)
    return ()


@verb("switch", [("type",)], (DecisionKind.TURN,), _switch_candidates, _check_switch, exact=True,
      vocab=Vocab(N_("play the Action Choice tile"), "switch", 1, local=True))
def _switch(state: State, pi: int, args: Args) -> None:
    p = state.players[pi]
    p.action_choice = False
    state.flow.turn_type = args[0]
    note(state, lambda: line("{player} plays the Action Choice tile to use {type} departments", player=p.name,
                      type=later(id_name, args[0], TYPE_NAMES[args[0]])))

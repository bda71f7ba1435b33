"""A game session for any front end, with no widget import (the core install is enough).

- ``seats.py``: :class:`Seat` and the new-game :class:`Setup`; ``seating.py``: who decides, the bots, roles;
- ``stored.py``: the session kept in a game store, synced with other browsers, shared by seat links;
- ``controller.py``: :class:`Controller`, all of it with acting, undo, restart, save and load;
- ``access.py``: what a browser may do in its place; ``history.py`` and ``replay.py``: the moves for display;
- ``controls.py``, ``labels.py``, ``targets.py``: the legal choices grouped for a player, their words and board
  targets.
"""
from .access import LOCAL, SEAT, WATCH, Limits, NotAllowed, Place
from .controller import Controller, Progress
from .seating import Step
from .seats import (
    ANDREW,
    APP_KEY,
    BOT_KINDS,
    DEPARTMENT_MODES,
    FINISHING_BOT,
    GAME_OPTIONS,
    HUMAN,
    OLD_KINDS,
    SEAT_KINDS,
    Seat,
    Setup,
    default_setup,
    offered_kind,
)
from .stored import GameGone, Overtaken

__all__ = ["ANDREW", "APP_KEY", "BOT_KINDS", "Controller", "DEPARTMENT_MODES", "FINISHING_BOT", "GAME_OPTIONS",
           "GameGone", "HUMAN", "LOCAL", "Limits", "NotAllowed", "OLD_KINDS", "Overtaken", "Place", "Progress", "SEAT",
           "SEAT_KINDS", "Seat", "Setup", "Step", "WATCH", "default_setup", "offered_kind"]

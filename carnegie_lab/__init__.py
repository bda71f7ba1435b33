"""carnegie_lab: a rules engine, views, tutorials and an app for the board game Carnegie."""
from . import views
from .actions import Action
from .engine import Game, new_game
from .errors import CarnegieError, GameOverError, IllegalActionError, NotationError, RecordError
from .rules.scoring import ScoreBreakdown

__all__ = ["Action", "CarnegieError", "Game", "GameOverError", "IllegalActionError", "NotationError",
           "RecordError", "ScoreBreakdown", "new_game", "views"]
__version__ = "0.1.0"


def __getattr__(name: str):
    """``cl.bots`` and ``cl.analysis`` load on first use (they are not needed to play)."""
    if name in ("bots", "analysis"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

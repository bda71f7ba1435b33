"""carnegie_lab: a rules engine, views, tutorials and an app for the board game Carnegie."""
from . import views
from .actions import Action
from .engine import Game, new_game
from .errors import CarnegieError, GameOverError, IllegalActionError, NotationError, RecordError
from .rules.scoring import ScoreBreakdown

__all__ = ["Action", "CarnegieError", "Game", "GameOverError", "IllegalActionError", "NotationError",
           "RecordError", "ScoreBreakdown", "new_game", "views"]
__version__ = "0.1.0"

"""carnegie_lab: a rules engine, views, tutorials and an app for the board game Carnegie."""
from .core.actions import Action
from .core.components import Components
from .core.errors import (
    CarnegieError,
    DataError,
    EditError,
    GameOverError,
    IllegalActionError,
    MissingExtraError,
    NotationError,
    OptionError,
    RecordError,
    UnknownLanguageError,
)
from .core.i18n import languages
from .core.loader import load_components
from .engine import Editor, Game, new_game
from .rules.scoring import ScoreBreakdown

__all__ = ["Action", "CarnegieError", "Components", "DataError", "EditError", "Editor", "Game", "GameOverError",
           "IllegalActionError", "MissingExtraError", "NotationError", "OptionError", "RecordError", "ScoreBreakdown",
           "UnknownLanguageError",
           "languages", "load_components", "new_game", "views"]
__version__ = "0.1.0"


def __getattr__(name: str):
    """``cl.views``, ``cl.bots``, ``cl.analysis`` and ``cl.widgets`` load on first use (they are not needed to
    play; the widgets need the notebook extra)."""
    if name in ("views", "bots", "analysis", "widgets"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

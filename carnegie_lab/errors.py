"""The exception family of carnegie_lab. Every class is also a ValueError."""
from __future__ import annotations


class CarnegieError(ValueError):
    """Base class of every error raised by carnegie_lab."""


class DataError(CarnegieError):
    """A component data file is broken; the message names the file and the field."""

    def __init__(self, file: str, field: str, problem: str):
        self.file, self.field, self.problem = file, field, problem
        super().__init__(f"{file}: {field}: {problem}")


class NotationError(CarnegieError):
    """Text that is not an action (bad syntax, unknown verb, wrong arguments)."""

    def __init__(self, text: str, problem: str):
        self.text, self.problem = text, problem
        super().__init__(f"{text!r} is not an action: {problem}")


class IllegalActionError(CarnegieError):
    """A well-formed action that the rules forbid in the current position."""

    def __init__(self, action: str, reason: str, player: str | None = None):
        self.action, self.reason, self.player = action, reason, player
        who = f" for {player}" if player else ""
        super().__init__(f"{action!r} is illegal{who}: {reason}")


class RecordError(CarnegieError):
    """A game record or position file is broken; the message names the field."""

    def __init__(self, field: str, problem: str):
        self.field, self.problem = field, problem
        super().__init__(f"bad record: {field}: {problem}")


class GameOverError(CarnegieError):
    """An action was applied after the end of the game."""


class OptionError(CarnegieError):
    """An option of a new game that is not allowed (wrong type or out of range)."""

    def __init__(self, option: str, problem: str):
        self.option, self.problem = option, problem
        super().__init__(f"bad game option {option}: {problem}")

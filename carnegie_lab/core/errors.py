"""The exception family of carnegie_lab. Every class is also a ValueError."""
from __future__ import annotations

import importlib.util
from contextlib import contextmanager
from typing import Iterator


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


class UnknownLanguageError(CarnegieError):
    """A language the package has no translation for (``carnegie_lab.languages()`` lists them)."""


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


class MissingExtraError(CarnegieError, ImportError):
    """An optional part of carnegie_lab is used without its dependencies: the message names the extra
    that installs them (``pip install "carnegie-lab[views]"``)."""

    def __init__(self, extra: str, module: str):
        self.extra, self.module = extra, module
        ImportError.__init__(self, f'{module} is not installed: this part of carnegie_lab needs the {extra!r} '
                             f'extra, pip install "carnegie-lab[{extra}]"', name=module)


@contextmanager
def needs_extra(extra: str) -> Iterator[None]:
    """Inside the block, a missing third-party module (or a part needing a smaller extra) is reported as
    a :class:`MissingExtraError` naming ``extra``."""
    try:
        yield
    except MissingExtraError as exc:
        if exc.extra == extra:
            raise
        raise MissingExtraError(extra, exc.module) from exc
    except ModuleNotFoundError as exc:
        top = (exc.name or "").partition(".")[0]
        if top in ("", "carnegie_lab"):
            raise
        raise MissingExtraError(extra, top) from exc


def require_extra(extra: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` now if one of ``modules`` cannot be imported (nothing is imported)."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            raise MissingExtraError(extra, module)

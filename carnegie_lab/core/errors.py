"""The exception family of carnegie_lab. Every class is also a ValueError."""
from __future__ import annotations

import importlib.util
from contextlib import contextmanager
from typing import Iterator


class CarnegieError(ValueError):
    """Base class of every error raised by carnegie_lab. Its message is a text (English), a
    :class:`~carnegie_lab.core.i18n.Message`, or made by :meth:`_say` from a template and fields: either of the
    last two ``i18n.render`` puts into another language."""

    template = ""                   # the English message with named {fields} (:meth:`_say`), else ""
    fields: dict = {}

    def _say(self, template: str, /, **fields) -> None:
        """Make the message from ``template`` (English, its named fields filled with ``fields``; a field
        that is a Message, such as the problem, is put into another language with the template)."""
        self.template, self.fields = template, fields
        super().__init__(template.format(**fields))


class DataError(CarnegieError):
    """A component data file is broken; the message names the file and the field."""

    def __init__(self, file: str, field: str, problem: str):
        self.file, self.field, self.problem = file, field, problem
        self._say("{file}: {field}: {problem}", file=file, field=field, problem=problem)


class NotationError(CarnegieError):
    """Text that is not an action (bad syntax, unknown verb, wrong arguments)."""

    def __init__(self, text: str, problem: str):
        self.text, self.problem = text, problem
        self._say("{text} is not an action: {problem}", text=repr(text), problem=problem)


class IllegalActionError(CarnegieError):
    """A well-formed action that the rules forbid in the current position."""

    def __init__(self, action: str, reason: str, player: str | None = None):
        self.action, self.reason, self.player = action, reason, player
        if player:
            self._say("{action} is illegal for {player}: {reason}", action=repr(action), player=player, reason=reason)
        else:
            self._say("{action} is illegal: {reason}", action=repr(action), reason=reason)


class UnknownLanguageError(CarnegieError):
    """A language the package has no translation for (``carnegie_lab.languages()`` lists them)."""


class RecordError(CarnegieError):
    """A game record or position file is broken; the message names the field."""

    def __init__(self, field: str, problem: str):
        self.field, self.problem = field, problem
        self._say("bad record: {field}: {problem}", field=field, problem=problem)


class EditError(CarnegieError):
    """A change of the table that the rules could never reach, or an editor's argument that names nothing: the
    table is unchanged. ``problem`` says which law in words, ``field`` the part of the position it broke (None for
    a bad argument)."""

    def __init__(self, problem: str, field: str | None = None):
        self.problem, self.field = problem, field
        if field:
            self._say("cannot change the table: {field}: {problem}", field=field, problem=problem)
        else:
            self._say("cannot change the table: {problem}", problem=problem)


class GameOverError(CarnegieError):
    """An action was applied after the end of the game."""


class OptionError(CarnegieError):
    """An option of a new game that is not allowed (wrong type or out of range)."""

    def __init__(self, option: str, problem: str):
        self.option, self.problem = option, problem
        self._say("bad game option {option}: {problem}", option=option, problem=problem)


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

"""The translation layer: every text a player reads goes through a gettext translator of one language.

English is the source language: ``translator(None)`` (or ``"en"``) gives each message back unchanged.
Another language reads its compiled catalog, ``carnegie_lab/locale/<lang>/LC_MESSAGES/carnegie_lab.mo``,
with the standard library's :mod:`gettext` (Babel is only the tooling: ``make i18n-extract``,
docs/translating.md). Code marks its messages for ``pybabel extract`` in the usual way::

    _ = translator(lang).gettext
    _("Round {round}: the map").format(round=3)
    translator(lang).ngettext("{n} city", "{n} cities", n).format(n=n)

Text made in the rules and shown later (a department's use, the reason an action is illegal) is a
:class:`Message`: English as a ``str``, with its id and fields kept for :func:`render`; what one message
cannot say (a plural, a reward in words) is a :class:`Worded` one, put into another language only when
it is rendered. Playing a game puts nothing into another language than English.

The component data keeps the English names (cities, regions, departments, ...): they are messages too,
extracted from carnegie_lab/data by :func:`extract_data` (babel.cfg) and translated with ``_(city.name)``.
"""
from __future__ import annotations

import gettext
import json
from functools import cache
from pathlib import Path
from typing import IO, Callable, Iterator, TypeVar

from .errors import CarnegieError, UnknownLanguageError

DOMAIN = "carnegie_lab"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"

_TRANSLATORS: dict[str, gettext.NullTranslations] = {SOURCE: gettext.NullTranslations()}


class _Catalog(gettext.GNUTranslations):
    """A compiled catalog whose empty message stays empty (gettext would give the catalog's header)."""

    def gettext(self, message: str) -> str:
        return super().gettext(message) if message else message


def languages() -> tuple[str, ...]:
    """The languages there is a catalog (or a translator) for.

    Returns:
        Their codes, English first: ``("en", "pt_BR")``.
    """
    return (SOURCE, *sorted((_catalogs() | set(_TRANSLATORS)) - {SOURCE}))


def environment_language() -> str:
    """The language the environment asks for, by gettext's own rules: the first of ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``LANG=pt_BR.UTF-8``: pt_BR), English where it
    names no language with a catalog (``C``, ``en_US``)."""
    found = gettext.find(DOMAIN, str(LOCALE_DIR))
    return Path(found).parent.parent.name if found else SOURCE


@cache
def _catalogs() -> frozenset[str]:
    """The languages of the compiled catalogs (looked for once: the rules ask at every log line)."""
    return frozenset(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def translator(lang: str | None = None) -> gettext.NullTranslations:
    """The translator of ``lang`` (``None``: English; ``"pt-BR"`` is ``"pt_BR"``), its catalog read once
    and kept."""
    lang = (lang or SOURCE).replace("-", "_")
    if lang not in _TRANSLATORS:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.is_file():
            raise UnknownLanguageError(f"no translation for the language {lang!r}: the languages are "
                                       + ", ".join(languages()))
        with path.open("rb") as file:
            _TRANSLATORS[lang] = _Catalog(file)
    return _TRANSLATORS[lang]


M = TypeVar("M", bound="Message")
_PLAIN: dict[str, Message] = {}                 # the Messages without fields made so far, by their text
_PLAIN_MOST = 4096                              # the package's names and fixed messages are about 700


class Message(str):
    """An English text that keeps its message id and fields, so that it can be shown in another
    language later (:func:`render`): ``Message("{city} is taken", city=Message("Boston"))``. As a ``str``
    it is the English text; a field that is a Message (a component's name) is translated too."""

    msgid: str
    fields: dict

    def __new__(cls: type[M], msgid: str, /, **fields) -> M:
        if not fields and cls is Message:     # a name or a fixed text: made once, shared (it never changes)
            plain = _PLAIN.get(msgid)
            if plain is None:
                plain = str.__new__(cls, msgid)
                plain.msgid, plain.fields = msgid, fields
                if len(_PLAIN) < _PLAIN_MOST:     # bounded: other texts (an error's) are made each time
                    _PLAIN[msgid] = plain
            return plain                      # type: ignore[return-value]
        text = str.__new__(cls, msgid.format_map(fields) if fields else msgid)
        text.msgid, text.fields = msgid, fields
        return text

    def __getnewargs__(self) -> tuple:          # a copy or a pickle keeps the English; its id and fields follow
        return (str(self),)

    def render(self, lang: str | None) -> str:
        """The text in a language: its message translated, filled with its fields (a Message field
        rendered in turn)."""
        _ = translator(lang).gettext
        fields = {key: value.render(lang) if isinstance(value, Message) else value
                  for key, value in self.fields.items()}
        return _(self.msgid).format(**fields) if fields else _(self.msgid)


class Texts(Message):
    """A text made in every language at once (``{lang: text}``, English under ``"en"``): for texts made
    once and shown often (the analysis's explanations); the rules make :class:`Worded` ones instead."""

    texts: dict

    def __new__(cls, texts: dict) -> Texts:
        text = super().__new__(cls, texts[SOURCE])
        text.texts = texts
        return text

    def __getnewargs__(self) -> tuple:
        return (self.texts,)

    def render(self, lang: str | None) -> str:
        return self.texts.get((lang or SOURCE).replace("-", "_"), self.texts[SOURCE])


class Worded(Message):
    """A text that a function words from some values, ``make(lang, *values)``: its English (the ``str``)
    is made now, another language only when :meth:`render` asks for it. What one message cannot say (a
    plural, a reward in words) made by the rules as they play: ``make`` is a module's function and the
    values are plain data, so the text is a description that keeps no live state."""

    make: Callable[..., str]
    values: tuple

    def __new__(cls, make: Callable[..., str], /, *values) -> Worded:
        text = str.__new__(cls, make(SOURCE, *values))
        text.msgid, text.fields, text.make, text.values = str(text), {}, make, values
        return text

    def __getnewargs__(self) -> tuple:
        return (self.make, *self.values)

    def render(self, lang: str | None) -> str:
        return self.make((lang or SOURCE).replace("-", "_"), *self.values)


#: The functions that word a :class:`Worded` text (marked :func:`wording`), by name: a text kept as a
#: description (a position's log, core.described) names its function, and only these are called to read it.
WORDINGS: dict[str, Callable[..., str]] = {}


def wording_name(make: Callable[..., str]) -> str:
    """The name a description gives a wording function: ``"core.words._count_words"``."""
    return f"{make.__module__.removeprefix('carnegie_lab.')}.{make.__name__}"


def wording(make: Callable[..., str]) -> Callable[..., str]:
    """Marks a module's function that words a :class:`Worded` text (a log line's): a description names it."""
    WORDINGS[wording_name(make)] = make
    return make


def in_every_language(make: Callable[[str], str]) -> Texts:
    """A text made now in every language (``make(lang)`` for each of :func:`languages`): what one
    message cannot say, such as a plural (``translator(lang).ngettext(...)``) or a reward in words."""
    return Texts({lang: make(lang) for lang in languages()})


def number(value: float, spec: str, lang: str | None = None) -> str:
    """A number formatted with ``spec`` (``"+.1f"``, ``".0%"``) the way a language writes it: its decimal
    separator is a message of its own ("." in English, "," in pt_BR)."""
    text = format(value, spec)
    separator = translator(lang).pgettext("decimal separator", ".")
    return text if separator == "." else text.replace(".", separator)


#: Marks a message for extraction where it is written (with the fields it is filled with, if any); it is
#: translated where it is shown (``_(constant)`` or :func:`render`). The class itself: the rules make one
#: at every log line, and a call in between would cost them a frame each time.
N_ = Message


def render(text: str | Exception, lang: str | None = None) -> str:
    """A text in a language: a :class:`Message` translated, its fields rendered in turn; another
    ``str`` looked up as it is (a message without fields), else unchanged. An error gives its message: one
    made from a template (``CarnegieError._say``: its Message fields, the problem, rendered too) or
    raised with a Message in the language, another one in English (the error's ``str`` stays English)."""
    if isinstance(text, Exception):
        text = message_of(text)
        if not isinstance(text, Message):
            return text
    if lang in (None, SOURCE):
        return str(text)
    if isinstance(text, Message):
        return text.render(lang)
    return translator(lang).gettext(text) if text else text


def message_of(error: Exception) -> str:
    """An error's message: a :class:`Message` if it can be put into another language, else its English (for an
    error raised on another's behalf: ``RecordError("actions[3]", message_of(error))``)."""
    if isinstance(error, CarnegieError) and error.template:
        return Message(error.template, **error.fields)
    message = error.args[0] if len(error.args) == 1 else None
    return message if isinstance(message, Message) else str(error)


def extract_data(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple[int, str, str, list]]:
    """A Babel extractor for the component data: the strings under the keys named by the ``keys`` option
    (babel.cfg, e.g. ``keys = name``), anywhere in a JSON file, with their line numbers."""
    text = fileobj.read().decode("utf-8")
    keys = set(options.get("keys", "name").split())
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(text))
    lines = text.splitlines()
    for value in dict.fromkeys(found):
        quoted = json.dumps(value)
        line = next((i for i, row in enumerate(lines, 1) if quoted in row), 1)
        yield line, "_", value, []

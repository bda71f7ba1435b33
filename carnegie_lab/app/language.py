"""The app's language: the picker in the header, each language named by its own catalog, and the default of
a server's pages (``carnegie-lab app --lang``, in LANG_ENV for its kernels)."""
from __future__ import annotations

import os
from typing import Callable

import ipywidgets as W

from ..core.i18n import SOURCE, languages, translator
from .aria import hidden_label

#: The environment variable that gives a server's pages their language (``carnegie-lab app --lang``).
LANG_ENV = "CARNEGIE_LAB_LANG"


def language_name(lang: str) -> str:
    """A language's name in that language, its catalog's own: 'English', 'Português (Brasil)'."""
    return translator(lang).pgettext("this language's name", "English")


def server_lang(env=os.environ) -> str | None:
    """The language of a server's pages without ``?lang`` (None: English)."""
    return env.get(LANG_ENV) or None


def picker(lang: str | None, on_change: Callable[[str], None]) -> W.Dropdown:
    """The header's language dropdown: every language, each in its own words; a pick calls ``on_change``."""
    box = W.Dropdown(options=[(language_name(code), code) for code in languages()], value=lang or SOURCE,
                     layout=W.Layout(width="auto"))
    box.add_class("cl-language")
    name_picker(box, lang)
    box.observe(lambda change: on_change(change["new"]), names="value")
    return box


def name_picker(box: W.Dropdown, lang: str | None) -> None:
    """The picker's words in a language: its hover, and its name for screen readers."""
    words = translator(lang).gettext("The language of this page")
    box.tooltip = words
    hidden_label(box, words)


__all__ = ["LANG_ENV", "language_name", "name_picker", "picker", "server_lang"]

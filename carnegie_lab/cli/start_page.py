"""What the app server's start page (its root URL) shows, in the page's language: the app, the tutorials by the
titles of their own notebooks, and the languages. Every link it makes keeps the language the page was asked in
(``?lang=``). The page itself is carnegie_lab/share/voila/templates/carnegie/tree-lab.html."""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..app.language import language_name, server_lang
from ..core.i18n import SOURCE, languages, translator
from .app import APP_PATH

#: A tutorial's notebook: two digits, a dash, its name ("09-solo-against-andrew.ipynb").
TUTORIAL = re.compile(r"\d\d-.+\.ipynb")


@dataclass(frozen=True)
class Link:
    """A link of the page: its address, its text, and the language of the text (an HTML ``lang``)."""
    href: str
    text: str
    lang: str = ""


@dataclass(frozen=True)
class StartPage:
    """The start page in one language (``lang``, as HTML writes it): its texts (by what they are), the app's link,
    the tutorials' and the languages'."""
    lang: str
    texts: dict[str, str]
    app: str
    tutorials: tuple[Link, ...]
    languages: tuple[Link, ...]


def html_lang(lang: str) -> str:
    """A language code as HTML writes it: pt_BR -> pt-BR."""
    return lang.replace("_", "-")


@functools.lru_cache(maxsize=64)
def notebook_title(path: Path, modified: float) -> str:
    """The title of a notebook: the heading its first markdown cell starts with ("" if none); ``modified``
    (the file's time) makes an edited notebook read again."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return ""
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            first = "".join(cell.get("source", "")).lstrip().split("\n", 1)[0]
            return first.lstrip("#").strip() if first.startswith("#") else ""
    return ""


def tutorials(folder: Path, lang: str) -> list[tuple[str, str, str]]:
    """The tutorials of ``folder`` in order, each as (its path in the folder, its title, its language): a
    tutorial's translation into ``lang`` (``<lang>/<the English file name>``) where there is one."""
    found = []
    for english in sorted(p for p in folder.iterdir() if TUTORIAL.fullmatch(p.name)):
        translated = folder / lang / english.name
        path, its_lang = (translated, lang) if lang != SOURCE and translated.is_file() else (english, SOURCE)
        title = notebook_title(path, path.stat().st_mtime) or english.stem
        found.append((path.relative_to(folder).as_posix(), title, its_lang))
    return found


def page_lang(asked: str | None) -> str:
    """The page's language: the one asked for (``?lang=``) if there is a translation into it, else the
    server's (``carnegie-lab app --lang``), else English."""
    lang = (asked or "").replace("-", "_")
    return lang if lang in languages() else server_lang() or SOURCE


def start_page(folder: Path, base_url: str, asked: str | None) -> StartPage:
    """The start page of a server whose root ``base_url`` serves ``folder``, asked with ``?lang=asked``."""
    lang = page_lang(asked)
    keep = f"?lang={quote(lang)}" if asked else ""
    _ = translator(lang).gettext
    texts = {
        "title": _("Carnegie Lab"),
        "open": _("Play Carnegie: open the app"),
        "note": _("The app's page appears once its game is ready, in a few seconds."),
        "tutorials": _("Tutorials"),
        "about": _("Notebooks that teach the rules on real games, step by step, and then how to play well. "
                   "Start with the contents."),
        "languages": _("Language"),
    }
    return StartPage(
        lang=html_lang(lang), texts=texts, app=f"{base_url}{APP_PATH}{keep}",
        tutorials=tuple(Link(f"{base_url}voila/render/{quote(path)}{keep}", title, html_lang(its_lang))
                        for path, title, its_lang in tutorials(folder, lang)),
        languages=tuple(Link(f"{base_url}?lang={quote(code)}", language_name(code), html_lang(code))
                        for code in languages()))


__all__ = ["Link", "StartPage", "notebook_title", "page_lang", "start_page", "tutorials"]

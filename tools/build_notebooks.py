"""Make the notebooks from their percent-format sources: ``notebooks/src/NN-name.py`` makes the English
``notebooks/NN-name.ipynb`` and, for each language with a catalog of its prose
(``notebooks/locale/<lang>/LC_MESSAGES/NN-name.po``), ``notebooks/<lang>/NN-name.ipynb``.

    python tools/build_notebooks.py            # (re)write every notebook from its source and catalogs
    python tools/build_notebooks.py --check    # exit 1, naming them, if a notebook is not what they make
    python tools/build_notebooks.py --extract  # write each translated tutorial's template, notebooks/locale/NN-name.pot

A source is written once, in English; its prose (tools/tutorial_text.py) is translated in the catalogs, which
Babel keeps (``make i18n-update``: docs/translating.md). A text a catalog lacks, or marks fuzzy, stays English
in that language's notebook, and tests/notebooks/test_tutorial_catalogs.py names it. The notebooks are stored
without outputs, with the python3 kernel and with cell ids made from the file name, so the sources and catalogs
always make the same files; tests/notebooks/test_tutorials.py checks that the committed ones are.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import jupytext
import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tools import tutorial_text

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"
LOCALE = NOTEBOOKS / "locale"
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}}
#: a link to a notebook of the same folder: ``](05-construction-and-the-map.ipynb)``
LOCAL_LINK = re.compile(r"\]\(([\w-]+\.ipynb)\)")


def sources() -> list[Path]:
    """Every notebook's source, in file-name order."""
    return sorted(SOURCES.glob("*.py"))


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages with a catalog of some tutorial's prose."""
    return sorted(p.name for p in locale.iterdir() if (p / "LC_MESSAGES").is_dir())


def catalog_path(source: Path, lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{source.stem}.po"


def notebooks(locale: Path = LOCALE) -> list[tuple[Path, str | None]]:
    """Each notebook to make, as its source and its language (None: English, the source's own)."""
    return [(source, lang) for lang in [None, *languages(locale)] for source in sources()
            if lang is None or catalog_path(source, lang, locale).exists()]


def notebook_name(source: Path, lang: str | None = None) -> str:
    """Its path in notebooks/: ``01-components-and-setup.ipynb``, ``pt_BR/01-components-and-setup.ipynb``."""
    return f"{lang}/{source.stem}.ipynb" if lang else f"{source.stem}.ipynb"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def translation(source: Path, lang: str, locale: Path = LOCALE):
    """The gettext function of a language's catalog for a source: a text missing, empty or fuzzy in it
    stays English."""
    messages = {m.id: m.string for m in read_catalog(catalog_path(source, lang, locale))
                if m.id and m.string and not m.fuzzy}
    return lambda text: messages.get(text, text)


def local_links(text: str, lang: str, locale: Path) -> str:
    """A link to a notebook that has no translation in ``lang`` leads to the English one (``../``)."""
    return LOCAL_LINK.sub(lambda m: m.group(0) if catalog_path(Path(m.group(1)), lang, locale).exists()
                          else f"](../{m.group(1)})", text)


def render(source: Path, lang: str | None = None, locale: Path = LOCALE) -> str:
    """The notebook a source makes in a language (None: English), as the text stored in notebooks/."""
    read = jupytext.read(source, fmt="py:percent")
    gettext = (lambda text: text) if lang is None else translation(source, lang, locale)
    texts = tutorial_text.translated(read.cells, lang or "en", gettext)
    prefix = source.stem.split("-", 1)[0] if lang is None else f"{lang}-{source.stem.split('-', 1)[0]}"
    cells = []
    for i, (cell, text) in enumerate(zip(read.cells, texts)):
        if cell.cell_type == "code":
            made = nbformat.v4.new_code_cell(text)
        else:
            made = nbformat.v4.new_markdown_cell(text if lang is None else local_links(text, lang, locale))
        made.id = f"c{prefix}-{i:02d}"
        cells.append(made)
    notebook = nbformat.v4.new_notebook(cells=cells, metadata=METADATA)
    nbformat.validate(notebook)
    return nbformat.writes(notebook) + "\n"


def template(source: Path) -> Catalog:
    """The template of a source's prose (the msgids of its catalogs)."""
    made = Catalog(project="carnegie-lab tutorials", version="0.1.0", fuzzy=False)
    for text in tutorial_text.messages(jupytext.read(source, fmt="py:percent").cells):
        made.add(text, locations=[(f"notebooks/src/{source.name}", None)])
    return made


def untranslated(source: Path, lang: str, locale: Path = LOCALE) -> list[str]:
    """What a language's catalog lacks for a source's prose, each as ``'missing: text'`` (a text changed or
    added since the catalog was made), ``'fuzzy: text'`` (changed, merged by ``make i18n-update``, not
    translated again), ``'empty: text'``, ``'obsolete: text'`` (no longer in the source) or ``'fields: text'``
    (a translation of an f-string that drops or adds a ``{field}``)."""
    texts = tutorial_text.messages(jupytext.read(source, fmt="py:percent").cells)
    catalog = {m.id: m for m in read_catalog(catalog_path(source, lang, locale)) if m.id}
    fields = lambda text: sorted(tutorial_text.FIELD.findall(text))  # noqa: E731
    return ([f"missing: {text}" for text in texts if text not in catalog]
            + [f"fuzzy: {m.id}" for m in catalog.values() if m.fuzzy]
            + [f"empty: {m.id}" for m in catalog.values() if not m.string]
            + [f"obsolete: {text}" for text in catalog if text not in texts]
            + [f"fields: {m.id}" for m in catalog.values() if m.string and fields(m.string) != fields(m.id)])


def stale(folder: Path = NOTEBOOKS, locale: Path = LOCALE) -> list[str]:
    """The notebooks in ``folder`` that are missing or differ from what their sources and catalogs make."""
    return [notebook_name(s, lang) for s, lang in notebooks(locale)
            if not (folder / notebook_name(s, lang)).exists()
            or (folder / notebook_name(s, lang)).read_text() != render(s, lang, locale)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the notebooks on disk")
    parser.add_argument("--extract", action="store_true", help="write the templates of the translated tutorials")
    args = parser.parse_args(argv)
    if args.extract:
        for source in {s for s, lang in notebooks() if lang}:
            with (LOCALE / f"{source.stem}.pot").open("wb") as file:
                write_po(file, template(source), omit_header=False, no_location=False, width=116)
        return 0
    if args.check:
        out_of_date = stale()
        if out_of_date:
            print("out of date (run python tools/build_notebooks.py):", ", ".join(out_of_date), file=sys.stderr)
            return 1
        return 0
    for source, lang in notebooks():
        target = NOTEBOOKS / notebook_name(source, lang)
        target.parent.mkdir(exist_ok=True)
        target.write_text(render(source, lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())

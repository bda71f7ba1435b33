"""Make the notebooks (``notebooks/*.ipynb``) from their percent-format sources (``notebooks/src/*.py``; a
translation's in a folder of its language, ``notebooks/src/pt_BR/*.py`` -> ``notebooks/pt_BR/*.ipynb``).

    python tools/build_notebooks.py            # (re)write every notebook from its source
    python tools/build_notebooks.py --check    # exit 1, naming them, if a notebook is not what its source makes

The sources are what authors edit (in an editor, or in JupyterLab: jupytext opens them as notebooks). The
notebooks are stored without outputs, with the python3 kernel and with cell ids made from the file name, so a
source always makes the same file; tests/notebooks/test_tutorials.py checks that the committed ones are.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"
LANGUAGES = ("pt_BR",)      # the translated tutorials' folders
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}}


def sources() -> list[Path]:
    """Every notebook's source, in file-name order: the English ones, then each language's."""
    return sorted(SOURCES.glob("*.py")) + [s for lang in LANGUAGES for s in sorted((SOURCES / lang).glob("*.py"))]


def notebook_name(source: Path) -> str:
    """Its path in notebooks/: ``01-components-and-setup.ipynb``, ``pt_BR/01-components-and-setup.ipynb``."""
    folder = source.parent.relative_to(SOURCES)
    return (folder / (source.stem + ".ipynb")).as_posix()


def render(source: Path) -> str:
    """The notebook a source makes, as the text stored in notebooks/."""
    read = jupytext.read(source, fmt="py:percent")
    lang = source.parent.relative_to(SOURCES).as_posix()
    prefix = source.stem.split("-", 1)[0] if lang == "." else f"{lang}-{source.stem.split('-', 1)[0]}"
    cells = []
    for i, cell in enumerate(read.cells):
        if cell.cell_type == "code":
            made = nbformat.v4.new_code_cell(cell.source)
        else:
            made = nbformat.v4.new_markdown_cell(cell.source)
        made.id = f"c{prefix}-{i:02d}"
        cells.append(made)
    notebook = nbformat.v4.new_notebook(cells=cells, metadata=METADATA)
    nbformat.validate(notebook)
    return nbformat.writes(notebook) + "\n"


def stale(folder: Path = NOTEBOOKS) -> list[str]:
    """The notebooks in ``folder`` that are missing or differ from what their sources make."""
    return [notebook_name(s) for s in sources()
            if not (folder / notebook_name(s)).exists() or (folder / notebook_name(s)).read_text() != render(s)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the notebooks on disk")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale()
        if out_of_date:
            print("out of date (run python tools/build_notebooks.py):", ", ".join(out_of_date), file=sys.stderr)
            return 1
        return 0
    for source in sources():
        target = NOTEBOOKS / notebook_name(source)
        target.parent.mkdir(exist_ok=True)
        target.write_text(render(source))
    return 0


if __name__ == "__main__":
    sys.exit(main())

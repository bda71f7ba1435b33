"""``carnegie-lab tutorials``: the package's notebooks copied to a folder (the translated tutorials to a
subfolder of their language, ``pt_BR/``, as in the package)."""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from .base import NOTEBOOKS, CliError


def add_tutorials_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "tutorials", help="copy the tutorial notebooks to a folder, to read and edit them",
        description="Copy the package's notebooks (the tutorials, their translations in a folder per language "
        "such as pt_BR/, and the app that their contents page links to) to DIR, created if missing, to open "
        "them in JupyterLab: pip install "
        "\"carnegie-lab[notebooks]\", then jupyter lab DIR. Nothing is copied if one of them is in "
        "DIR already, unless --force.")
    p.add_argument("folder", type=Path, metavar="DIR", help="where to copy them")
    p.add_argument("--force", action="store_true", help="replace the notebooks of the same names in DIR")
    p.set_defaults(func=run_tutorials)


def run_tutorials(args: argparse.Namespace) -> int:
    sources = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if not sources:
        raise CliError(f"no notebooks in {NOTEBOOKS}: reinstall carnegie-lab")
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    names = [source.relative_to(NOTEBOOKS).as_posix() for source in sources]
    there = [name for name in names if (folder / name).exists()]
    if there and not args.force:
        listed = ", ".join(there[:3]) + (f" and {len(there) - 3} more" if len(there) > 3 else "")
        raise CliError(f"{folder} has {listed} already: nothing copied (--force replaces them)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for source, name in zip(sources, names):
            (folder / name).parent.mkdir(exist_ok=True)
            shutil.copyfile(source, folder / name)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise CliError(f"cannot copy the notebooks to {folder}: {where}{exc.strerror or exc}") from None
    print(f"copied {len(sources)} notebooks to {folder} (start with {sources[0].name}); "
          f"open them with: jupyter lab {folder}")
    return 0

"""``carnegie-lab tutorials``: the package's notebooks copied to a folder (the translated tutorials to a
subfolder of their language, ``pt_BR/``, as in the package)."""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from ..core.i18n import N_, translator
from .base import NOTEBOOKS, CliError, os_problem


def add_tutorials_parser(subparsers, lang: str | None = None) -> None:
    _ = translator(lang).gettext
    p = subparsers.add_parser(
        "tutorials", help=_("copy the tutorial notebooks to a folder, to read and edit them"),
        description=_("Copy the package's notebooks (the tutorials, their translations in a folder per language "
                      "such as pt_BR/, and the app that their contents page links to) to DIR, created if missing, "
                      "to open them in JupyterLab: pip install \"carnegie-lab[notebooks]\", then jupyter lab DIR. "
                      "Nothing is copied if one of them is in DIR already, unless --force."))
    p.add_argument("folder", type=Path, metavar=_("DIR"), help=_("where to copy them"))
    p.add_argument("--force", action="store_true", help=_("replace the notebooks of the same names in DIR"))
    p.set_defaults(func=run_tutorials)


def run_tutorials(args: argparse.Namespace) -> int:
    tr = translator(args.language)
    sources = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if not sources:
        raise CliError(N_("no notebooks in {folder}: reinstall carnegie-lab", folder=str(NOTEBOOKS)))
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        raise CliError(N_("{folder} is not a folder", folder=str(folder)))
    names = [source.relative_to(NOTEBOOKS).as_posix() for source in sources]
    there = [name for name in names if (folder / name).exists()]
    if there and not args.force:
        if len(there) > 3:
            raise CliError(N_("{folder} has {names} and {n} more already: nothing copied (--force replaces them)",
                              folder=str(folder), names=", ".join(there[:3]), n=len(there) - 3))
        raise CliError(N_("{folder} has {names} already: nothing copied (--force replaces them)",
                          folder=str(folder), names=", ".join(there)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for source, name in zip(sources, names):
            (folder / name).parent.mkdir(exist_ok=True)
            shutil.copyfile(source, folder / name)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise CliError(N_("cannot copy the notebooks to {folder}: {where}{problem}", folder=str(folder),
                          where=where, problem=os_problem(exc))) from None
    print(tr.ngettext("copied {n} notebook to {folder} (start with {first}); open it with: jupyter lab {folder}",
                      "copied {n} notebooks to {folder} (start with {first}); open them with: jupyter lab {folder}",
                      len(sources)).format(n=len(sources), folder=folder, first=sources[0].name))
    return 0

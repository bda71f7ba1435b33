"""What the subcommands share: their error, a file's problem in words and where the package's notebooks are."""
from __future__ import annotations

import errno
from pathlib import Path

from ..core.i18n import N_

PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: The folder that holds this package: a source checkout's root, or site-packages.
REPO_ROOT = PACKAGE_DIR.parent
#: The notebooks the package ships: the app and the tutorials. In a source checkout share/notebooks
#: is a link to the repository's notebooks/ folder (resolved here); a wheel holds a copy of its files.
NOTEBOOKS = (PACKAGE_DIR / "share" / "notebooks").resolve()
#: The app; `carnegie-lab app` serves its whole folder (the tutorials are next to it).
APP_NOTEBOOK = NOTEBOOKS / "app.ipynb"


class CliError(Exception):
    """A problem reported as ``carnegie-lab: error: ...`` with exit status 2, in the command line's language
    when its message is a :class:`~carnegie_lab.core.i18n.Message`."""


def read_text(path: Path) -> str:
    """A file's text (UTF-8), or a CliError saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = os_problem(exc) if isinstance(exc, OSError) else N_("it is not UTF-8 text")
        raise CliError(N_("cannot read {path}: {problem}", path=str(path), problem=problem)) from None


#: The file problems met most often, in the catalog's words (another one: the system's words).
OS_PROBLEMS = {errno.ENOENT: N_("no such file or folder"), errno.EISDIR: N_("it is a folder"),
               errno.ENOTDIR: N_("a part of the path is not a folder"), errno.EACCES: N_("permission denied")}


def os_problem(error: OSError) -> str:
    """What went wrong with a file, in words (a Message for the problems of :data:`OS_PROBLEMS`)."""
    return OS_PROBLEMS.get(error.errno or 0, error.strerror or str(error))

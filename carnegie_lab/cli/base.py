"""What the subcommands share: their error and where the package's notebooks are."""
from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: The folder that holds this package: a source checkout's root, or site-packages.
REPO_ROOT = PACKAGE_DIR.parent
#: The notebooks the package ships: the app and the tutorials. In a source checkout share/notebooks
#: is a link to the repository's notebooks/ folder (resolved here); a wheel holds a copy of its files.
NOTEBOOKS = (PACKAGE_DIR / "share" / "notebooks").resolve()
#: The app; `carnegie-lab app` serves its whole folder (the tutorials are next to it).
APP_NOTEBOOK = NOTEBOOKS / "app.ipynb"


class CliError(Exception):
    """A problem reported as ``carnegie-lab: error: ...`` with exit status 2."""


def read_text(path: Path) -> str:
    """A file's text (UTF-8), or a CliError saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None

"""README.md's Binder links, made from the repository's address (make binder-links).

The address is ``Repository`` in pyproject.toml's ``[project.urls]``, the one place to change it: every
``https://mybinder.org/v2/gh/<owner>/<repo>/<ref>?...`` link of the README gets its owner and repository
from it, and the default branch (``HEAD``). tests/test_readme.py checks that the README is up to date.

    .venv/bin/python tools/binder_links.py     # rewrites README.md's Binder links
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import tomllib

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The part of a Binder link before its query: mybinder.org/v2/gh/OWNER/REPO/REF.
LINK = re.compile(r"https://mybinder\.org/v2/gh/[^/\s?]+/[^/\s?]+/[^/\s?]+(?=\?)")


def repository() -> str:
    """The repository's address, from pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["urls"]["Repository"]


def binder_base(repository_url: str) -> str:
    """``https://github.com/OWNER/REPO`` -> Binder's link to its default branch."""
    parts = urlsplit(repository_url)
    owner_repo = parts.path.strip("/").removesuffix(".git")
    if parts.netloc != "github.com" or owner_repo.count("/") != 1:
        raise ValueError(f"not a GitHub repository's address: {repository_url!r}")
    return f"https://mybinder.org/v2/gh/{owner_repo}/HEAD"


def relink(text: str, base: str) -> str:
    """``text`` with every Binder link's base replaced by ``base`` (the query kept)."""
    return LINK.sub(base, text)


def main() -> int:
    text = README.read_text(encoding="utf-8")
    base = binder_base(repository())
    new = relink(text, base)
    README.write_text(new, encoding="utf-8")
    print(f"binder_links: {len(LINK.findall(text))} links in README.md now start {base}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

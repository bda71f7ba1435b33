"""The benchmarks' and the research tools' result logs (in git, under benchmarks/results/): plain JSON Lines,
one object a line, only ever appended to, so that a commit adds only the new lines and git diffs them as text.

A game log's row has a ``key`` naming the game (its match, number, seed and specs). ``GameLog.append``
refuses a key the log holds already: a later row would hide the earlier one from every reader, which is a
rewrite in all but name. Rows hold what the benchmarks' tables read (results, seeds, specs, the bot's
decision times for the think columns, the game's record), not the process id or the game's wall time (the
first 46 rows of strength/games.jsonl, appended before, still have them). strength/games-9b4ac6f.jsonl is
the games.jsonl of that commit, those two fields dropped. A run log (a research tool's, ``append_row``)
holds one row a run: its arguments and its table.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: the strength benchmark's games of commit 9b4ac6f and before (its bots played differently): read, never written
OLD_COMMIT = "9b4ac6f"
OLD_LOG = f"games-{OLD_COMMIT}.jsonl"
#: every later game of a benchmark, in its folder of benchmarks/results/
LOG = "games.jsonl"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of the log at ``path``, in the order they were appended (none if there is no file)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        raise SystemExit(f"{path} ends in a cut-short line: restore it from git before a run appends to it")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def append_row(path: Path, row: dict[str, Any]) -> None:
    """Add ``row`` to the end of the log at ``path`` (made if missing) as one line; nothing before it changes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


class GameLog:
    """One game log's rows by key, read once, and the appending of new ones."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows = {row["key"]: row for row in read_rows(path)}

    def append(self, row: dict[str, Any]) -> None:
        if row["key"] in self.rows:
            raise ValueError(f"{self.path} already holds game {row['key']}: a log is appended to, never rewritten")
        append_row(self.path, row)
        self.rows[row["key"]] = row

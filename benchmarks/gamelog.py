"""The benchmarks' game logs (in git, under benchmarks/results/): one JSON object a game, each line its own
gzip member, so that a log is only ever appended to and a commit adds only the new games' bytes.

A row has a ``key`` naming the game (its match, number, seed and specs). ``GameLog.append`` refuses a key
the log holds already: a later row would hide the earlier one from every reader, which is a rewrite in all
but name. Rows hold what the benchmarks' tables read (results, seeds, specs, the bot's decision times for the
think columns, the game's record), not the process id or the game's wall time (the first 46 rows of
strength/games.jsonl.gz, appended before, still have them); a member's gzip header has no timestamp
(``mtime=0``), so the same row always makes the same bytes. strength/games-9b4ac6f.jsonl.gz is the plain
games.jsonl of that commit, converted once (those two fields dropped) into a single gzip member.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

#: the strength benchmark's games of commit 9b4ac6f and before (its bots played differently): read, never written
OLD_COMMIT = "9b4ac6f"
OLD_LOG = f"games-{OLD_COMMIT}.jsonl.gz"
#: every later game of a benchmark, in its folder of benchmarks/results/
LOG = "games.jsonl.gz"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of the log at ``path``, in the order they were appended (none if there is no file)."""
    if not path.exists():
        return []
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except (EOFError, gzip.BadGzipFile) as e:
        raise SystemExit(f"{path} is cut short or not gzip ({e}): restore it from git before a run appends to it")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


class GameLog:
    """One log's rows by key, read once, and the appending of new ones."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows = {row["key"]: row for row in read_rows(path)}

    def append(self, row: dict[str, Any]) -> None:
        if row["key"] in self.rows:
            raise ValueError(f"{self.path} already holds game {row['key']}: a log is appended to, never rewritten")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "ab") as out:
            out.write(gzip.compress((json.dumps(row) + "\n").encode("utf-8"), mtime=0))
        self.rows[row["key"]] = row

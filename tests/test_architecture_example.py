"""docs/architecture.md's worked example, run: a new piece of information shown to the player is one field of the
screen (its declaration and its value) and one line of one view. The insertions the page names are made in a
copy of the package, and a dashboard of that copy has the field in its screen and shows it in its Play tab."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
#: ``# <file>, after "<the start of a line>":`` then the line to insert after it
PLACE = re.compile(r'^# (\S+), after "(.*)":$')

CHECK = """
import carnegie_lab as cl
from carnegie_lab.widgets import Dashboard
d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1))
money = d.game.money(d.game.current_player)
assert d.screen.money == money, d.screen
assert f"<div class='cl-money'>${money}</div>" in d.role_note.value, d.role_note.value
print("shown", money)
"""


def insertions() -> list[tuple[str, str, str]]:
    """(file, the line to insert after, the new line) of the worked example, in order."""
    text = DOC.read_text()
    block = re.search(r"### Showing the player something new.*?```text\n(.*?)```", text, re.S)
    assert block, "docs/architecture.md has lost its worked example"
    lines = block.group(1).splitlines()
    out = []
    for place, new in zip(lines[::2], lines[1::2]):
        found = PLACE.match(place)
        assert found, place
        out.append((found.group(1), found.group(2), new))
    return out


def test_the_worked_example_is_one_field_of_the_screen_and_one_line_of_one_view():
    steps = insertions()
    assert [f for f, _, _ in steps] == ["carnegie_lab/session/screen.py"] * 2 + ["carnegie_lab/app/play_view.py"]


def test_the_worked_example_shows_the_new_field(tmp_path):
    shutil.copytree(ROOT / "carnegie_lab", tmp_path / "carnegie_lab",
                    ignore=shutil.ignore_patterns("__pycache__", "share"))
    for file, after, new in insertions():
        path = tmp_path / file
        lines = path.read_text().splitlines()
        found = [i for i, line in enumerate(lines) if line.startswith(after)]
        assert len(found) == 1, f"{file}: {after!r}"
        at = found[0] + 1
        path.write_text("\n".join([*lines[:at], new, *lines[at:]]) + "\n")
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0 and "shown" in done.stdout, done.stderr[-3000:]

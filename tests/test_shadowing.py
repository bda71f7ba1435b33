"""A script saved next to a folder named ``carnegie_lab`` (the user's own folder, no package in it) still
imports the package: an editable install puts the checkout on ``sys.path`` as a path entry
(pyproject.toml, ``package-dir``), so the folder is only a namespace portion the real package wins over,
not a package of its own that has no ``new_game``."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import carnegie_lab as cl

SCRIPT = """\
import carnegie_lab as cl

game = cl.new_game(["Ada", "Bo"], seed=1)
print(cl.__file__)
print(game.decision.kind)
"""


def test_a_folder_named_carnegie_lab_next_to_a_script_does_not_shadow_the_package(tmp_path):
    folder = tmp_path / "carnegie_lab"
    folder.mkdir()
    (folder / "notes.txt").write_text("my games\n")
    (tmp_path / "play.py").write_text(SCRIPT)
    run = subprocess.run([sys.executable, "play.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    imported, kind = run.stdout.split()
    assert Path(imported) == Path(cl.__file__)
    assert kind == cl.new_game(["Ada", "Bo"], seed=1).decision.kind

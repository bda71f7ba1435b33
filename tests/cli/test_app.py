"""`carnegie-lab app`: the JupyterLab extensions its pages load are the app's own, and installed."""
from __future__ import annotations

import json
from pathlib import Path

from jupyter_core.paths import jupyter_path
from voila.utils import get_voila_labextensions_path

from carnegie_lab import cli
from carnegie_lab.cli import app as cli_app


def installed_lab_extensions() -> set[str]:
    """The names of the JupyterLab extensions Voilà can find here (its own included)."""
    folders = [Path(p) for p in jupyter_path("labextensions")] + [Path(p) for p in get_voila_labextensions_path()]
    packages = [p for folder in folders for pattern in ("*/package.json", "@*/*/package.json")
                for p in folder.glob(pattern)]
    return {json.loads(package.read_text())["name"] for package in packages}


def test_the_app_loads_only_its_own_lab_extensions_and_each_is_installed():
    cmd = cli_app.voila_command(cli.build_parser().parse_args(["app"]))
    allowed = [c.split("=", 1)[1] for c in cmd if c.startswith("--VoilaConfiguration.extension_allowlist=")]
    assert allowed == list(cli_app.LAB_EXTENSIONS)
    assert set(allowed) <= installed_lab_extensions(), set(allowed) - installed_lab_extensions()

"""`carnegie-lab tutorials DIR`: a copy of the package's notebooks to edit; nothing overwritten unless
--force. And `carnegie-lab app` without the app's extra: a one-line error that names it."""
from __future__ import annotations

from pathlib import Path

import pytest

from carnegie_lab import cli
from carnegie_lab.cli import app as cli_app
from carnegie_lab.cli import base as cli_base

ROOT = Path(__file__).resolve().parents[2]
def notebooks(folder: Path) -> list[str]:
    """The notebooks in a folder and its subfolders (the translated tutorials'), as paths in it."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.glob("**/*.ipynb"))


NOTEBOOKS = notebooks(ROOT / "notebooks")


def fails(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("carnegie-lab: error: ") and "Traceback" not in err
    return err


def test_the_package_serves_the_repository_notebooks():
    # in a checkout, carnegie_lab/share/notebooks is a link to notebooks/: one copy of them
    assert cli_base.NOTEBOOKS == (ROOT / "notebooks").resolve() and cli_app.APP_NOTEBOOK.is_file()


def test_tutorials_copies_every_notebook_into_a_new_folder(tmp_path, capsys):
    target = tmp_path / "new" / "my-tutorials"
    assert cli.main(["tutorials", str(target)]) == 0
    assert notebooks(target) == NOTEBOOKS and "app.ipynb" in NOTEBOOKS and "pt_BR/00-contents.ipynb" in NOTEBOOKS
    for name in ("00-contents.ipynb", "pt_BR/01-components-and-setup.ipynb"):
        assert (target / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    out = capsys.readouterr().out
    assert f"copied {len(NOTEBOOKS)} notebooks to {target}" in out and f"jupyter lab {target}" in out


def test_tutorials_never_overwrites_an_edited_notebook_without_force(tmp_path, capsys):
    (tmp_path / "01-components-and-setup.ipynb").write_text("my notes")
    (tmp_path / "keep.txt").write_text("mine")
    err = fails(["tutorials", str(tmp_path)], capsys)
    assert "01-components-and-setup.ipynb" in err and "--force" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["01-components-and-setup.ipynb", "keep.txt"]
    assert (tmp_path / "01-components-and-setup.ipynb").read_text() == "my notes"   # nothing copied
    assert cli.main(["tutorials", str(tmp_path), "--force"]) == 0
    assert (tmp_path / "01-components-and-setup.ipynb").read_bytes() == (
        ROOT / "notebooks" / "01-components-and-setup.ipynb").read_bytes()
    assert (tmp_path / "keep.txt").read_text() == "mine"
    mine = tmp_path / "other" / "pt_BR" / "02-company-and-employees.ipynb"      # a translation, edited
    mine.parent.mkdir(parents=True)
    mine.write_text("minhas notas")
    assert "has pt_BR/02-company-and-employees.ipynb already" in fails(["tutorials", str(tmp_path / "other")], capsys)
    assert mine.read_text() == "minhas notas" and notebooks(tmp_path / "other") == [
        "pt_BR/02-company-and-employees.ipynb"]


def test_tutorials_reports_a_folder_it_cannot_use(tmp_path, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("")
    assert f"{a_file} is not a folder" in fails(["tutorials", str(a_file)], capsys)
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "app.ipynb").mkdir()                # a folder where a notebook should go
    assert "cannot copy the notebooks" in fails(["tutorials", str(tmp_path / "ro"), "--force"], capsys)


def test_app_without_its_extra_names_it(monkeypatch, capsys):
    monkeypatch.setattr(cli_app, "APP_MODULES", ("voila", "surely_not_an_installed_module"))
    monkeypatch.setattr(cli_app, "_run_until_done", lambda *a, **k: pytest.fail("started without its extra"))
    err = fails(["app"], capsys)
    assert "surely_not_an_installed_module is not installed" in err and 'pip install "carnegie-lab[app]"' in err

"""The tutorial notebooks: stored clean and exactly as ``notebooks/make_notebooks.py`` makes them, linked from
the contents and the README, and -- executed once each in a kernel (see conftest.py) -- free of errors, with
steppers that advance on Next and exercises that accept the engine's answer and refuse a wrong one."""
from __future__ import annotations

import importlib.util
import json
import re

import pytest

from .conftest import NOTEBOOKS, ROOT, TUTORIALS


def make_notebooks():
    spec = importlib.util.spec_from_file_location("make_notebooks", NOTEBOOKS / "make_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- stored notebooks (no kernel) ---------------------------------------------------------------------------

def test_ten_numbered_tutorials_and_a_contents_page():
    assert [name[:3] for name in TUTORIALS] == [f"{i:02d}-" for i in range(1, 11)]
    assert (NOTEBOOKS / "00-contents.ipynb").exists()


def test_the_generator_makes_exactly_the_stored_notebooks():
    module = make_notebooks()
    assert module.filenames() == ["00-contents.ipynb", *TUTORIALS]
    for name in module.filenames():
        assert (NOTEBOOKS / name).read_text() == module.render(name), \
            f"{name} is out of date: run python notebooks/make_notebooks.py"
    assert module.main(["--check"]) == 0


@pytest.mark.parametrize("name", ["00-contents.ipynb", *TUTORIALS])
def test_notebooks_are_stored_without_outputs(name):
    nb = json.loads((NOTEBOOKS / name).read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell["id"]
    assert "widgets" not in nb["metadata"]
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_has_a_stepper_and_an_exercise_and_links_the_next(name):
    nb = json.loads((NOTEBOOKS / name).read_text())
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Stepper(" in code and "Exercise(" in code
    assert text.lstrip().startswith(f"# {int(name[:2])} · ")
    assert "(00-contents.ipynb)" in text
    following = TUTORIALS.index(name) + 1
    if following < len(TUTORIALS):
        assert f"({TUTORIALS[following]})" in text


def test_the_contents_and_the_readme_link_every_tutorial():
    contents = "".join("".join(c["source"]) for c in json.loads((NOTEBOOKS / "00-contents.ipynb").read_text())["cells"])
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Tutorials", 1)[1].split("\n## ", 1)[0]
    for name in TUTORIALS:
        assert f"({name})" in contents
        assert f"notebooks/{name}" in section
    assert "mybinder.org/v2/gh/" in section and "voila%2Frender%2Fnotebooks%2F" in section


# -- executed notebooks (one kernel each, shared by the tests below) ------------------------------------------

pytestmark_exec = pytest.mark.notebooks


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_notebook_runs_without_error(executed, name):
    result = executed[name]
    assert result.error is None, result.error
    assert result.outputs == []
    assert result.report, "the checks did not report"


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_steppers_advance_on_next_and_explain_each_step(executed, name):
    steppers = executed[name].report.get("steppers", [])
    assert steppers, "no stepper in the notebook"
    for tour in steppers:
        assert tour["errors"] == [], tour["errors"]
        assert tour["steps"] >= 3 and tour["index_at_end"] == tour["steps"]
        texts = tour["texts"]
        assert len(texts) == tour["steps"] + 1
        assert all(a != b for a, b in zip(texts, texts[1:])), "a Next click did not change the explanation"
        assert tour["actions"][-1] > tour["actions"][0], "the script never advanced the game"
        assert tour["actions"] == sorted(tour["actions"])
        assert tour["back_text_is_previous"]
        assert {"map", "timeline"} & set(tour["views"])
        assert tour["refused"] and tour["own_played"] and tour["back_to_script"]
        assert not any(re.search(r"step \d+ of", t) and "Traceback" in t for t in texts)


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_exercises_accept_the_right_answer_and_reject_a_wrong_one(executed, name):
    exercises = executed[name].report.get("exercises", [])
    assert exercises, "no exercise in the notebook"
    for ex in exercises:
        assert ex["errors"] == [], ex["errors"]
        assert ex["right"] not in ("None", "''", "[]"), f"no right answer: {ex['question']}"
        assert ex["accepts_right"], ex["question"]
        assert ex["rejects_wrong"], ex["question"]


@pytestmark_exec
def test_all_notebooks_run_in_reasonable_time(executed):
    assert sum(r.seconds for r in executed.values()) < 10 * 60

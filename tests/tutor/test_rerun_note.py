"""A notebook opened again on a new kernel keeps the outputs of its widgets but not their models: JupyterLab then
shows "Error displaying widget: model not found". Displayed outside Voilà, the stepper, an exercise and the
dashboard put a note before themselves, an output of its own, that says to run the cell again; their stylesheets
hide it while they live (checked in Chromium on the real stylesheets); Voilà, which always runs the notebook
afresh, gets no note."""
from __future__ import annotations

import html

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display
from IPython.utils.capture import capture_output

import carnegie_lab as cl
from carnegie_lab.app.dashboard import Dashboard
from carnegie_lab.app.style import style
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.tutor.tutorial_html import STYLE
from carnegie_lab.ui.rerun import NOTE, note_bundle

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(autouse=True)
def shell(monkeypatch):
    """An IPython shell to display in (outside Voilà: no VOILA_KERNEL_ID)."""
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    return InteractiveShell.instance()


def outputs(widget) -> list[dict]:
    """The outputs ``display(widget)`` makes, as their data (mime type -> content)."""
    with capture_output() as captured:
        display(widget)
    return [o.data for o in captured.outputs]


def stepper(lang=None) -> Stepper:
    return Stepper(cl.new_game(["Ada", "Bo"], seed=7), [Step("A house", "Ada builds.", ["house pittsburgh"])],
                   lang=lang)


def exercise() -> Exercise:
    return Exercise("Money?", lambda g: g.state.players[0].money, cl.new_game(["Ada", "Bo"], seed=7))


@pytest.mark.parametrize("make", [stepper, exercise, Dashboard])
def test_the_note_comes_before_the_widget_in_an_output_of_its_own(make):
    widget = make()
    note, view = outputs(widget)
    assert WIDGET_VIEW not in note
    assert note["text/plain"].startswith("This was a live view of the game.")
    assert "run this cell again" in note["text/plain"]
    assert html.escape(note["text/plain"]) in note["text/html"]
    assert "class='cl-rerun-note'" in note["text/html"]
    assert view[WIDGET_VIEW]["model_id"] == widget.model_id


def test_the_note_speaks_the_widgets_language():
    note, _view = outputs(stepper("pt_BR"))
    assert note["text/plain"] == translator("pt_BR").gettext(NOTE) != NOTE


def test_voila_gets_the_widget_alone(monkeypatch):
    widget = stepper()
    monkeypatch.setenv("VOILA_KERNEL_ID", "a-kernel")
    [view] = outputs(widget)
    assert view[WIDGET_VIEW]["model_id"] == widget.model_id


#: Two cells' output areas as JupyterLab draws them: the first with its widget alive (its stylesheet in the
#: page), the second with its model gone (JupyterLab's error instead of the widget).
PAGE = """<div class='jp-OutputArea' id='live'><div class='jp-OutputArea-child'>{note}</div>
<div class='jp-OutputArea-child'><div class='{widget}'>{sheet}</div></div></div>
<div class='jp-OutputArea' id='gone'><div class='jp-OutputArea-child'>{note}</div>
<div class='jp-OutputArea-child'>Error displaying widget: model not found</div></div>"""


@pytest.mark.browser
@pytest.mark.parametrize("widget, sheet", [("cl-tut", STYLE), ("cl-tut-exercise", STYLE),
                                           ("cl-dashboard", style())])
def test_a_live_widget_hides_its_note_a_gone_one_shows_it(chromium, widget, sheet):
    note = note_bundle()["text/html"]
    page = chromium.new_page()
    try:
        page.set_content(PAGE.format(note=note, widget=widget, sheet=sheet))
        assert not page.locator("#live .cl-rerun-note").is_visible()
        assert page.locator("#gone .cl-rerun-note").is_visible()
    finally:
        page.close()

"""A tutorial rendered by Voilà in headless Chromium: the stepper draws, Next, the view buttons and "Try your
own action" answer in the page, and an exercise is checked.

The server and the browser are the session's (tests/conftest.py): the tutorial is a page of the server that
serves the app (``carnegie-lab app`` serves the whole notebooks/ folder, as Binder does), opened in a new tab
of the browser the app's tests use. Every wait is an explicit ``expect(...)`` with a generous timeout (a
widget round trip is ~0.2 s on a quiet machine, much more under load); there is no sleep.

Chromium is Debian's /usr/bin/chromium (never ``playwright install``); skipped locally without it, a failure
in CI (environment variable CI set).
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect  # a test dependency: make test installs it

from .conftest import ROOT, TIMINGS

pytestmark = pytest.mark.browser

NOTEBOOK = "02-company-and-employees.ipynb"
PAGE_TIMEOUT = 180_000      # ms: the HTML comes once the notebook has run in a new kernel
STEP = 60_000               # ms for one widget round trip to show
VIEWPORT = {"width": 1200, "height": 1000}
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="module")
def tutorial(watched_page, voila_server):
    """The tutorial, open in a new tab with its stepper drawn. One for the module: the checks follow
    one another on it, in the order of this file."""
    watched = watched_page()
    page = watched.page
    page.set_viewport_size(VIEWPORT)
    page.set_default_timeout(STEP)
    start = time.monotonic()
    page.goto(voila_server.render_url(NOTEBOOK), wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
    expect(page.locator(".cl-tut .js-plotly-plot .main-svg").first).to_be_visible(timeout=PAGE_TIMEOUT)
    TIMINGS[f"Voilà: {NOTEBOOK} requested -> stepper drawn"] = time.monotonic() - start
    try:
        yield watched
    finally:
        page.close()


@pytest.fixture
def tour(tutorial, request):
    """The stepper; if the test fails, a screenshot of the page in test-artifacts/."""
    failed_before = request.session.testsfailed
    yield tutorial.page.locator(".cl-tut").first
    if request.session.testsfailed > failed_before:   # the call's report is counted before teardown
        ARTIFACTS.mkdir(exist_ok=True)
        tutorial.page.screenshot(path=str(ARTIFACTS / f"voila-tutorial-{request.node.name}.png"),
                                 full_page=True)


def click(button) -> None:
    """Click a widget button once it can be clicked (under load the page may still be wiring it up)."""
    expect(button).to_be_enabled(timeout=STEP)
    button.click()


def test_renders(tutorial, tour):
    body = tutorial.page.locator("body")
    expect(body).to_contain_text("The company, employees and Human Resources", timeout=STEP)  # the markdown
    expect(tour.locator(".cl-tut-card")).to_contain_text("A Human Resources round", timeout=STEP)
    expect(body).not_to_contain_text("Traceback")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(body).not_to_contain_text("Stepper(")                                 # Voilà hides the code


def test_next_and_views(tour):
    click(tour.get_by_role("button", name="Next"))
    expect(tour.locator(".cl-tut-card")).to_contain_text("step 1 of 9", timeout=STEP)
    expect(tour.locator(".js-plotly-plot .gtitle").first).to_contain_text("timeline", timeout=STEP)
    click(tour.get_by_role("button", name="Next"))
    expect(tour.locator(".cl-tut-card")).to_contain_text("Six moves", timeout=STEP)
    expect(tour.locator(".js-plotly-plot .gtitle").first).to_contain_text("Ada's company", timeout=STEP)
    click(tour.get_by_role("button", name="Map", exact=True))
    expect(tour.locator(".js-plotly-plot .gtitle").first).to_contain_text("the map", timeout=STEP)


def test_try_your_own_action(tour):
    click(tour.get_by_text("Try your own action"))
    box = tour.get_by_placeholder("or type an action, e.g. move b1 b2")
    expect(box).to_be_editable(timeout=STEP)
    box.fill("fly to the moon")
    expect(box).to_have_value("fly to the moon")
    click(tour.get_by_role("button", name="Apply"))
    expect(tour.locator(".cl-tut-error")).to_contain_text("is not an action", timeout=STEP)
    box.fill("move a1 a2")
    expect(box).to_have_value("move a1 a2")
    click(tour.get_by_role("button", name="Apply"))
    expect(tour.locator(".cl-tut-card")).to_contain_text("your own play", timeout=STEP)
    click(tour.get_by_role("button", name="Back to the script"))
    expect(tour.locator(".cl-tut-card")).to_contain_text("Six moves", timeout=STEP)


def test_exercise(tutorial, tour):
    exercise = tutorial.page.locator(".cl-tut-exercise", has_text="how many moves does her Human Resources")
    answer = exercise.get_by_placeholder("a whole number")
    expect(answer).to_be_editable(timeout=STEP)
    answer.fill("5")
    click(exercise.get_by_role("button", name="Check"))
    expect(exercise).to_contain_text("Not quite", timeout=STEP)
    answer.fill("6")
    click(exercise.get_by_role("button", name="Check"))
    expect(exercise).to_contain_text("Right!", timeout=STEP)


def test_no_javascript_errors_in_the_page(tutorial):
    assert tutorial.page_errors == []
    assert tutorial.console_errors == []
    assert tutorial.outside_requests == []

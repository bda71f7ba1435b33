"""The tutorials rendered by Voilà in headless Chromium: every one draws its stepper, passes the accessibility audit
(tests/axe_audit.py), walks every step with Next, draws every view, checks an exercise (a real mistake refused, the
right answer accepted), and logs no browser error or warning; notebook 2 also tries "Try your own action". The
tutorials in Portuguese (notebooks/pt_BR) run the same code in other words: the pages of three, one of each kind
(``KINDS``), do the same in their language, the words the tests look for the catalog's. make test opens one
English tutorial's page (``EVERY_RUN``) and notebook 2's; make test-slow the others and the Portuguese ones.

The server and the browser are the session's (tests/conftest.py): a tutorial is a page of the server that
serves the app (``carnegie-lab app`` serves the whole notebooks/ folder, as Binder does), opened in a new tab
of the browser the app's tests use. Every wait is an explicit ``expect(...)`` with a generous timeout (a
widget round trip is ~0.2 s on a quiet machine, much more under load); there is no sleep.

Chromium is Debian's /usr/bin/chromium (never ``playwright install``); skipped locally without it, a failure
in CI (environment variable CI set).
"""
from __future__ import annotations

import re
import time
import urllib.request
from contextlib import ExitStack
from dataclasses import dataclass

import pytest
from axe_audit import violations
from playwright.sync_api import expect  # a test dependency: make test installs it

from carnegie_lab.core.i18n import translator
from carnegie_lab.ui.bundle import bundle_file

from .conftest import ROOT, TIMINGS, TUTORIALS

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 180_000      # ms: the HTML comes once the notebook has run in a new kernel
STEP = 60_000               # ms for one widget round trip to show
VIEWPORT = {"width": 1200, "height": 1000}
ARTIFACTS = ROOT / "test-artifacts"


@dataclass(frozen=True)
class Answers:
    """One exercise of a tutorial: words of its question, a mistake a learner makes, the right answer (for a
    dropdown, the labels of the options)."""
    question: str
    wrong: str
    right: str


EXERCISES = {
    "01-components-and-setup.ipynb": Answers("neutral discs", "18", "12"),
    "02-company-and-employees.ipynb": Answers("how many moves does her Human Resources", "3", "6"),
    "03-round-and-timeline.ipynb": Answers("How many dollars in all", "1", "3"),
    "04-management-and-departments.ipynb": Answers("How many goods does Ada have left", "4", "3"),
    "05-construction-and-the-map.ipynb": Answers("free", "5", "3"),
    "06-research-tabs-and-tracks.ipynb": Answers("how many study points", "2", "4"),
    "07-donations.ipynb": Answers("donation cost", "10", "15"),
    "08-end-of-game-and-scoring.ipynb": Answers("score for connections", "6", "9"),
    "09-solo-against-andrew.ipynb": Answers("Who chooses the row in round 2", "Ada", "Andrew Carnegie"),
    "10-exploring-positions.ipynb": Answers("how many legal actions", "8", "10"),
    "11-playing-well.ipynb": Answers("put first for Bo", "RD (Research & Development)", "HR (Human Resources)"),
    "pt_BR/01-components-and-setup.ipynb": Answers("discos neutros", "18", "12"),
    "pt_BR/07-donations.ipynb": Answers("Doação de Ada", "10", "15"),
    "pt_BR/11-playing-well.ipynb": Answers("põe em primeiro para Bo", "RD (Pesquisa e Desenvolvimento)",
                                           "HR (Recursos Humanos)"),
}


#: The titles of the figures a tutorial's page shows outside its stepper: plotly's own output (its JSON, drawn
#: with the plotly.js of the page's jupyterlab-plotly extension), no widget.
STILL_FIGURES = {"11-playing-well.ipynb": ["Game review"],
                 "pt_BR/11-playing-well.ipynb": [translator("pt_BR").gettext("Game review")]}

#: The titles of the drawn figures of the page's plotly outputs (jupyterlab-plotly's renderer draws in its node).
STILL_TITLES_JS = """() => Array.from(document.querySelectorAll('.jp-RenderedPlotly'))
  .filter(plot => plot.querySelector('.main-svg'))
  .map(plot => (plot.querySelector('.gtitle') || {}).textContent || '')"""


def test_every_tutorial_has_an_exercise_here():
    assert set(EXERCISES) == set(TUTORIALS + IN_PORTUGUESE)


def words(name: str):
    """The translator of a tutorial's language (the widgets' words: "Next", "Check", ...)."""
    return translator("pt_BR" if name.startswith("pt_BR/") else None)


class Page:
    """A tutorial open in a watched tab (its console errors and warnings recorded: tests/conftest.py)."""

    def __init__(self, watched, name: str, url: str, label: str = "Voilà", timeout: int = PAGE_TIMEOUT,
                 viewport: dict[str, int] = VIEWPORT):
        self.watched, self.page, self.name, self.url = watched, watched.page, name, url
        self.viewport = viewport
        self.words = words(name)
        self.label = label      # of its timings
        self.timeout = timeout  # ms for its HTML (the notebook run) and for its figures

    def open(self) -> None:
        self.page.set_viewport_size(self.viewport)
        self.page.set_default_timeout(STEP)
        start = time.monotonic()
        self.page.goto(self.url, wait_until="domcontentloaded", timeout=self.timeout)
        html = time.monotonic()
        TIMINGS[f"{self.label}: {self.name} requested -> HTML (the notebook run)"] = html - start
        # drawn: its card and its first view (a figure, or the donation chart's table)
        expect(self.page.locator(".cl-tut .cl-tut-card").first).to_be_visible(timeout=self.timeout)
        expect(self.page.locator(".cl-tut .js-plotly-plot .main-svg, .cl-tut .cl-tut-donations").first
               ).to_be_visible(timeout=self.timeout)
        TIMINGS[f"{self.label}: {self.name} HTML -> stepper drawn"] = time.monotonic() - html
        self.wait_for_still_figures()
        TIMINGS[f"{self.label}: {self.name} HTML -> every figure drawn"] = time.monotonic() - html

    def wait_for_still_figures(self) -> None:
        """Wait until the page has drawn its figures outside the stepper, and check their titles."""
        expected = STILL_FIGURES.get(self.name, [])
        self.page.wait_for_function(f"n => ({STILL_TITLES_JS})().length >= n", arg=len(expected),
                                    timeout=self.timeout)
        assert self.page.evaluate(STILL_TITLES_JS) == expected

    def shot(self, label: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        stem = self.name.removesuffix(".ipynb").replace("/", "-")
        self.page.screenshot(path=str(ARTIFACTS / f"voila-{stem}-{label}.png"),
                             full_page=True)


@pytest.fixture
def tutorial(watched_page, voila_server, request):
    """Opens the tutorial named by the test's ``name`` parameter; a screenshot in test-artifacts/ if the test
    fails; the tab is closed afterwards (its kernel is culled)."""
    name = request.node.callspec.params["name"]
    opened = Page(watched_page(), name, voila_server.render_url(name))
    failed_before = request.session.testsfailed
    try:
        opened.open()
        yield opened
    finally:
        if request.session.testsfailed > failed_before:
            opened.shot(request.node.name.split("[")[0])
        opened.page.close()


def click(button) -> None:
    """Click a widget button once it can be clicked (under load the page may still be wiring it up)."""
    expect(button).to_be_enabled(timeout=STEP)
    button.click()


def card(tour):
    return tour.locator(".cl-tut-card")


def walk_every_step(tour, tr=translator()) -> int:
    """Next, step after step, to the end of the script; returns the number of steps (``tr``: the translator
    of the tutorial's language)."""
    count = card(tour).locator(".cl-tut-count").first
    many = tr.ngettext("{n} step", "{n} steps", 2)
    expect(count).to_contain_text(many.format(n="").strip(), timeout=STEP)
    steps = int(re.match(many.format(n=r"(\d+)"), count.inner_text()).group(1))
    next_button = tour.get_by_role("button", name=tr.gettext("Next"))
    for n in range(1, steps + 1):
        click(next_button)
        expect(card(tour)).to_contain_text(tr.gettext("step {step} of {n}").format(step=n, n=steps), timeout=STEP)
        expect(tour.locator(".cl-tut-error")).to_have_count(0)
    expect(next_button).to_be_disabled(timeout=STEP)
    return steps


def draw_every_view(tour, tr=translator()) -> None:
    buttons = tour.locator(".widget-toggle-buttons button")
    for i in range(buttons.count()):
        button = buttons.nth(i)
        click(button)
        expect(button).to_have_class(re.compile(r"\bmod-active\b"), timeout=STEP)
        label = button.inner_text().strip()
        if label != tr.gettext("Donations"):            # the donation chart is HTML, not a figure
            expect(tour.locator(".js-plotly-plot .gtitle").first).to_be_visible(timeout=STEP)
        expect(tour.locator(".cl-tut-error")).to_have_count(0)


def answer(page, answers: Answers, given: str, verdict: str, tr=translator()) -> None:
    exercise = page.locator(".cl-tut-exercise", has_text=answers.question).first
    box = exercise.locator("input[type=text], select").first
    expect(box).to_be_visible(timeout=STEP)
    if box.evaluate("e => e.tagName") == "SELECT":
        box.select_option(label=given)
    else:
        box.fill(given)
        expect(box).to_have_value(given)
    click(exercise.get_by_role("button", name=tr.gettext("Check")))
    expect(exercise).to_contain_text(verdict, timeout=STEP)


#: One tutorial of each kind of page: a stepper that opens on a figure (1), one that opens on the donations'
#: chart, HTML (7), a still figure beside it after a long computation, and exercises in dropdowns (11).
KINDS = ("01-components-and-setup.ipynb", "07-donations.ipynb", "11-playing-well.ipynb")
#: The English tutorial whose page make test walks: its stepper opens on HTML, then draws every view's figure,
#: and its exercise is typed in. make test also opens steppers on a figure: notebook 2's (test_try_your_own_action)
#: and notebook 6's (test_tutorial_widths_browser.py). The other pages are ``slow`` (CI runs them in make test-slow,
#: with the Portuguese ones; tutorial 11's still figure also beside two CPU hogs): their stepper is the same
#: widget, and make test runs each of those notebooks in a kernel (tests/notebooks/test_tutorials.py).
EVERY_RUN = ("07-donations.ipynb",)
IN_VOILA = [name if name in EVERY_RUN else pytest.param(name, marks=pytest.mark.slow) for name in TUTORIALS]
#: The Portuguese pages the browser opens: one of each kind, in make test-slow. The other translations run the
#: code of their English pages, and their words are their catalogs' (test_tutorial_catalogs.py).
IN_PORTUGUESE = [f"pt_BR/{name}" for name in KINDS]


@pytest.mark.parametrize("name", [*IN_VOILA, *(pytest.param(name, marks=pytest.mark.slow) for name in IN_PORTUGUESE)])
def test_a_tutorial_in_voila(tutorial, name):
    page, tr = tutorial.page, tutorial.words
    body = page.locator("body")
    title = f"{int(name.rsplit('/', 1)[-1][:2])} · "
    expect(page.locator("h1").first).to_contain_text(title, timeout=STEP)        # the markdown
    expect(body).not_to_contain_text("Traceback")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(body).not_to_contain_text("Stepper(")                                 # Voilà hides the code
    assert violations(page) == []                  # the accessibility audit, stepper and first view drawn
    tour = page.locator(".cl-tut").first
    start = time.monotonic()
    steps = walk_every_step(tour, tr)
    draw_every_view(tour, tr)
    TIMINGS[f"Voilà: {name}, {steps} steps and every view"] = time.monotonic() - start
    answers = EXERCISES[name]
    answer(page, answers, answers.wrong, tr.gettext("Not quite."), tr)
    answer(page, answers, answers.right, tr.gettext("Right!"), tr)
    assert tutorial.watched.page_errors == []
    assert tutorial.watched.console_problems == []
    assert tutorial.watched.outside_requests == []


@pytest.mark.slow      # its kernel computes for over a minute beside two hogs: in make test-slow, with fewer beside
def test_tutorial_11_draws_every_figure_on_a_busy_machine(watched_page, voila_server, cpu_hogs):
    """Two busy processes beside the server and the browser (a slow machine, Binder's): tutorial 11 still draws
    its stepper's figure and its review chart, and logs no problem (the chart is no widget, and the stepper's
    FigureWidget imports plotly's bundle by URL, preloaded by the page: no frame of the kernel's websocket
    carries it). The page's HTML comes once the kernel has run the notebook: at a third of the machine, the
    tutorial's 80 s of computing take a few minutes."""
    name = "11-playing-well.ipynb"
    bundle_size = bundle_file().stat().st_size
    with cpu_hogs(2):
        opened = Page(watched_page(), name, voila_server.render_url(name), label="Voilà, 2 CPU hogs beside",
                      timeout=2 * PAGE_TIMEOUT)
        frames: list[int] = []
        opened.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(len(payload))))
        try:
            opened.open()
            expect(opened.page.locator(".cl-tut .js-plotly-plot .main-svg").first).to_be_visible()
            assert opened.watched.page_errors == []
            assert opened.watched.console_problems == []
            assert max(frames) < bundle_size / 10, f"a frame of {max(frames)} bytes"
        finally:
            opened.page.close()


def test_a_console_warning_fails_a_page_as_an_error_does(watched_page):
    """The watched tab records a warning (a shared module's version that does not fit, say), not only an
    error, and nothing milder."""
    watched = watched_page()
    try:
        with watched.page.expect_console_message(lambda m: m.text == "news"):   # the last one, in order
            watched.page.evaluate("console.warn('Unsatisfied version'); console.info('fine'); console.log('news')")
        assert [e.split(" (")[0] for e in watched.console_problems] == ["warning: Unsatisfied version"]
    finally:
        watched.page.close()


def test_a_request_that_would_leave_the_machine_fails_and_is_recorded(watched_page, voila_server):
    """A script, an image or a fetch from another host (a name or an address in numbers) fails in the browser and
    is recorded as an outside request, not as a console problem; the server's own files load."""
    watched = watched_page()
    outside = ["https://cdn.example.org/lib.js", "http://8.8.8.8/pixel.png", "https://93.184.215.14/data.json"]
    try:
        watched.page.goto(voila_server.url + "/", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
        with ExitStack() as waiting:          # each request's failure, which the watcher hears of first
            failed = [waiting.enter_context(watched.page.expect_event("requestfailed", lambda r, url=url: r.url == url))
                      for url in outside]
            answers = watched.page.evaluate("""async ([script, image, data]) => {
                const loaded = (tag, src) => new Promise(done => {
                    const element = document.createElement(tag);
                    element.onload = () => done('loaded'); element.onerror = () => done('failed');
                    element.src = src; document.body.append(element); });
                return [await loaded('script', script), await loaded('img', image),
                        await fetch(data).then(() => 'loaded', () => 'failed'),
                        await fetch(location.href).then(r => r.ok ? 'loaded' : 'failed', () => 'failed')];
            }""", outside)
        assert answers == ["failed", "failed", "failed", "loaded"]
        assert {f.value.failure for f in failed} == {"net::ERR_PROXY_CONNECTION_FAILED"}    # stopped in the browser
        assert sorted(watched.outside_requests) == sorted(outside) and watched.console_problems == []
    finally:
        watched.page.close()


def test_the_contents_page_in_voila(watched_page, voila_server):
    watched = watched_page()
    try:
        watched.page.goto(voila_server.render_url("00-contents.ipynb"), wait_until="domcontentloaded",
                          timeout=PAGE_TIMEOUT)
        body = watched.page.locator("body")
        expect(watched.page.locator("h2", has_text="Rules at a glance")).to_be_visible(timeout=PAGE_TIMEOUT)
        expect(body).to_contain_text("Commerce & Finance: $3 or one goods", timeout=STEP)   # \$: not maths
        expect(watched.page.locator("a[href$='10-exploring-positions.ipynb']").first).to_be_visible()
        assert watched.page_errors == [] and watched.console_problems == [] and watched.outside_requests == []
    finally:
        watched.page.close()


def test_the_portuguese_contents_page_in_voila_from_the_start_page(watched_page, voila_server):
    """The start page in Portuguese (read over HTTP) links the Portuguese contents, which links its tutorials and
    the English contents."""
    with urllib.request.urlopen(voila_server.url + "/?lang=pt_BR", timeout=60) as r:
        start = r.read().decode("utf-8")
    href = re.search(r'<a href="([^"]+)">Aprenda Carnegie, passo a passo</a>', start).group(1)
    watched = watched_page()
    try:
        watched.page.goto(voila_server.url + href, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT)
        assert watched.page.url == voila_server.render_url("pt_BR/00-contents.ipynb") + "?lang=pt_BR"
        expect(watched.page.locator("h2", has_text="As regras num relance")).to_be_visible(timeout=PAGE_TIMEOUT)
        expect(watched.page.locator("body")).to_contain_text("Uma Missão de Comércio e Finanças por $6")
        targets = {"01-components-and-setup.ipynb": "pt_BR/01-components-and-setup.ipynb",
                   "../00-contents.ipynb": "00-contents.ipynb"}
        for link, target in targets.items():
            href = watched.page.locator(f"a[href$='{link}']").first.evaluate("a => a.href")
            assert href == voila_server.render_url(target), (link, href)
        assert watched.page_errors == [] and watched.console_problems == [] and watched.outside_requests == []
    finally:
        watched.page.close()


@pytest.mark.slow      # a tutorial's page: test_a_tutorial_in_voila; CI runs it
@pytest.mark.parametrize("name", ["02-company-and-employees.ipynb"])
def test_try_your_own_action(tutorial, name):
    tour = tutorial.page.locator(".cl-tut").first
    click(tour.get_by_role("button", name="Next"))
    click(tour.get_by_role("button", name="Next"))
    expect(card(tour)).to_contain_text("Six moves", timeout=STEP)
    expect(tour.locator(".js-plotly-plot .gtitle").first).to_contain_text("Ada's company", timeout=STEP)
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
    expect(card(tour)).to_contain_text("your own play", timeout=STEP)
    click(tour.get_by_role("button", name="Back to the script"))
    expect(card(tour)).to_contain_text("Six moves", timeout=STEP)
    assert tutorial.watched.page_errors == [] and tutorial.watched.console_problems == []

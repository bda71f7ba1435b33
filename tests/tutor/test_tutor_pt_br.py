"""The tutorials' widgets in Brazilian Portuguese: every text a Stepper or an Exercise shows with ``lang=``
(buttons, tooltips, step counts, the changes, the decision, refusals, the try area, the donation chart, the
views' titles, an exercise's feedback) goes through the catalog.

Checked in tests/i18n_check.py's widened pt_BR: an ASCII word left in a widget's text was not translated,
except the notation (actions are not translated), the players' names and the verbs' codes."""
from __future__ import annotations

import re

import pytest
from i18n_check import WIDE, ascii_words, wide

from carnegie_lab.core.state import NEUTRAL
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.positions import after_setup, fresh
from carnegie_lab.tutor.script import Step, play, replay_steps, until
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.views.palette import donation_vp, owner_name

CODE = re.compile(r"<code>.*?</code>|`[^`]*`")       # notation and code: the same in every language


def widget_texts(widget) -> list[str]:
    """Every text a widget tree shows: HTML values, descriptions, tooltips, placeholders, option labels and
    accordion titles."""
    out = []
    for key in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, key, None)
        if isinstance(value, str) and (key != "value" or widget.__class__.__name__ == "HTML"):
            out.append(value)
    for option in getattr(widget, "_options_labels", ()) or ():
        out.append(option)
    out += [title for title in getattr(widget, "titles", ()) if title]
    for child in getattr(widget, "children", ()):
        out += widget_texts(child)
    return [CODE.sub(" ", text) for text in out if text and not text.startswith("<style>")]


def figure_texts(tour: Stepper) -> list[str]:
    layout = tour.figure.layout
    return [text for text in (layout.title.text, *(a.text for a in layout.annotations or ())) if text]


def same_in_every_language(game, verbs=()) -> set[str]:
    """The players, the timeline's row codes, the verbs' codes and the words of the decision's notation."""
    return {*game.players, *game.components.timeline.rows, *verbs, "move", "done", "b1", "b2"}


def pending(game) -> list[str]:
    """views/palette.py's words, not translated yet (as in tests/views/test_views_pt_br.py): the neutral owner and
    what a donation scores."""
    scores = {donation_vp(d.formula) for d in game.components.donations.values()}
    return sorted({owner_name(game, NEUTRAL), *scores}, key=len, reverse=True)


@pytest.fixture
def tour(widened) -> Stepper:
    return Stepper(after_setup(), [
        Step(wide("Ada chooses HR"), wide("Ada picks Human Resources."), ["choose HR"], view="timeline"),
        Step(wide("Moves"), wide("Six moves."), ["hr", "move c1 c2"], view="company", player=0),
        Step(wide("Standing up"), wide("She pays."), ["done", "activate c2"], view="donations"),
    ], title=wide("A round"), intro=wide("The start."), lang=WIDE)


#: what the learner types (the notation they wrote is shown back as it is)
TYPED = ("fly to the moon", "move a4 a3")


def english_left(tour: Stepper) -> list[tuple[str, str]]:
    same = same_in_every_language(tour.game, tour.game.rules.verbs) | {w for t in TYPED for w in t.split()}
    return ascii_words(widget_texts(tour) + figure_texts(tour), same, pending(tour.game))


def test_every_step_of_a_stepper_speaks_the_language(tour, widened):
    seen = [english_left(tour)]
    for _ in range(len(tour)):
        tour.next_button.click()
        seen.append(english_left(tour))
        for _, view in tour.view_buttons.options:
            tour.view_buttons.value = view
            seen.append(english_left(tour))
    assert "Ｐａｓｓｏ" in tour.explanation.value or "ｐａｓｓｏ" in tour.explanation.value
    assert "ｒｅｇｉｓｔｒｏ ｄｏ ｊｏｇｏ" in tour.explanation.value        # the game log's lines, in the language
    assert not widened.missing, sorted(widened.missing)
    assert [left for left in seen if left] == []


def test_leaving_the_script_and_its_refusals_speak_the_language(tour, widened):
    tour.next_button.click()
    tour.next_button.click()
    assert not tour.try_action(TYPED[0])
    refused = english_left(tour)
    assert not tour.try_action(TYPED[1])                  # a notation the rules refuse here
    illegal = english_left(tour)
    assert tour.try_action("done") and tour.off_script
    own = english_left(tour)
    tour.try_back.click()
    back = english_left(tour)
    assert not widened.missing, sorted(widened.missing)
    assert (refused, illegal, own, back) == ([], [], [], [])


def test_the_scores_views_are_shown_in_the_language_too(tour):
    """views/scores.py speaks the language: the walk above draws the scores view in it."""
    assert "scores" in {view for _, view in tour.view_buttons.options}


@pytest.mark.parametrize("answer, kind", [(lambda g: g.money(0), None), (lambda g: g.round == 1, "yesno"),
                                          (lambda g: {"Ada", "Bo"}, None)])
def test_an_exercise_speaks_the_language(widened, answer, kind):
    game = after_setup()
    ex = Exercise(wide("How much?"), answer, game, kind=kind, hint=wide("Count."), code="game.money(0)",
                  explanation=wide("So."), lang=WIDE)
    right = ex.expected()
    texts = widget_texts(ex)
    ex.check()                                            # nothing typed or picked yet
    texts += widget_texts(ex)
    for wrong in ([False, False] if kind == "yesno" else ["zz", -3] if isinstance(right, int) else ["zz", "Bo"]):
        ex.check(wrong)                                   # not a number, then wrong twice: the longer tip
        texts += widget_texts(ex)
    ex.check(right)
    assert ex.solved
    texts += widget_texts(ex)
    ex.reveal()
    texts += widget_texts(ex)
    assert not widened.missing, sorted(widened.missing)
    assert ascii_words(texts, {"Ada", "Bo", "zz"}) == []


def test_a_yes_or_no_is_answered_in_the_language():
    ex = Exercise("Round 1?", lambda g: g.round == 1, after_setup(), lang="pt_BR")
    assert [label for label, _ in ex.input.options] == ["sim", "não"]
    assert not ex.check(False) and "Não é bem isso" in ex.feedback.value
    assert ex.check(True) and "Certo!" in ex.feedback.value
    assert "A resposta é <b>sim</b>" in (ex.reveal() and ex.feedback.value)


def test_a_replayed_record_speaks_the_language(widened):
    """replay_steps' titles and texts (a round's summary, the setup) go through the catalog."""
    game = play(after_setup(), ["choose HR", until("choose")])
    steps = replay_steps(fresh(), game.actions, lang=WIDE)
    texts = [step.title for step in steps] + [steps[0].text(fresh()), steps[1].text(game)]
    assert len(steps) == 2 and not widened.missing, sorted(widened.missing)
    assert ascii_words(texts, {*game.players, *game.components.timeline.rows}) == []

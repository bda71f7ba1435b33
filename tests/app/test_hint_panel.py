"""Hints without a browser: the best three actions of a decision from the analysis, named as the
controls name them, with their numbers and one line of what they change; never a change to the game,
never a look at Andrew's hidden cards; the dashboard's Hint button and its "always" option. A fixed
``playouts`` budget makes every number the same at each run (the app thinks for HINT_THINK s)."""
from __future__ import annotations

import html
import random
import re

import pytest

import carnegie_lab as cl
import carnegie_lab.app.hints as hints
from carnegie_lab.analysis import ActionValue, evaluate, explain
from carnegie_lab.analysis.compare import screen, twin
from carnegie_lab.analysis.words import playout_result
from carnegie_lab.app.hints import analysis, hint_html
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat
from carnegie_lab.session.controls import panel_for
from carnegie_lab.session.hint_screen import (
    SHOWN,
    THINKING,
    Suggestion,
    control_words,
    explanation_line,
    hint_screen,
    suggestions,
)
from carnegie_lab.widgets import Dashboard

PLAYOUTS = 2        # of every action (to the end of the game): quick, and the same numbers every time


def played(decisions: int, seed: int = 1, players=("Ada", "Bo"), **options) -> cl.Game:
    game = cl.new_game(list(players), seed=seed, **options)
    bot = make_bot("greedy", seed)
    for _ in range(decisions):
        game.apply(bot.choose(game))
    return game


def suggested(game: cl.Game, playouts: int = PLAYOUTS, count: int = SHOWN) -> list[Suggestion]:
    """The hint's suggestions with a fixed budget of playouts."""
    return suggestions(game, analysis(game, playouts=playouts), count=count)


def test_every_legal_action_has_its_controls_words():
    game = cl.new_game(["Ada", "Bo"], seed=4)
    bot = make_bot("greedy", 4)
    for _ in range(120):
        words = control_words(game)
        assert set(words) == {str(a) for a in game.legal_actions()}
        assert set(words) == set(panel_for(game).notations())
        assert all(said.strip() for said, _ in words.values())
        game.apply(bot.choose(game))


def test_the_words_are_the_buttons_labels():
    game = cl.new_game(["Ada", "Bo"], seed=1)                      # a starting Housing project
    said, place = control_words(game)[str(game.legal_actions()[0])]
    city = game.components.cities[game.legal_actions()[0].args[0]]
    assert said == city.name and place.startswith("Starting Housing project")
    game = played(12)                                              # Ada activates employees
    words = control_words(game)
    assert words["done"] == ("Done activating", "")
    assert any("$" in said for n, (said, _) in words.items() if n.startswith("activate"))


def test_three_suggestions_best_first_the_same_each_time():
    game = played(12)
    rows = suggested(game)
    assert len(rows) == SHOWN
    assert rows == suggested(game)           # deterministic with a playout budget
    best = [str(r.action) for r in evaluate(game, playouts=PLAYOUTS)]
    assert [s.notation for s in rows] == [n for n in best if n in {s.notation for s in rows}]
    assert [s.notation for s in rows] == best[:SHOWN]             # no near-duplicates here
    margins = [s.value.margin for s in rows if s.value.playouts]
    assert margins == sorted(margins, reverse=True)
    words = control_words(game)
    for s in rows:
        assert (s.words, s.place) == words[s.notation]
        assert s.explanation == explanation_line(explain(game, s.notation))


def test_fewer_choices_fewer_suggestions_and_no_repeated_build():
    game = played(12)
    assert len(suggested(game, count=1)) == 1
    # a decision with near-duplicates (the same build on equivalent spaces): each listed once
    game = cl.new_game(["Ada", "Bo"], seed=2)
    bot = make_bot("greedy", 2)
    for _ in range(400):                        # near-duplicates of the screen's best few (no playout: quick)
        _, kept = screen(game)
        if any(a not in kept and twin(game.state, kept, a) in kept[:SHOWN] for a in game.legal_actions()):
            break
        game.apply(bot.choose(game))
    else:
        pytest.fail("no decision with near-duplicate actions in a game")
    shown = suggested(game)
    notations = {s.notation for s in shown}
    assert all(s.value.same_as is None or str(s.value.same_as) not in notations for s in shown)


def test_a_hint_never_changes_the_game():
    game = played(12)
    record, log = game.to_record(), list(game.log)
    suggested(game)
    assert game.to_record() == record and list(game.log) == log


def test_a_hint_never_sees_andrews_hidden_cards():
    game = played(30, players=("Ada",), solo_level=2)
    assert game.state.andrew.deck
    other = game.copy()
    random.Random(5).shuffle(other.state.andrew.deck)            # the same table, another hidden order
    assert other.state.andrew.deck != game.state.andrew.deck
    assert suggested(other) == suggested(game)


def test_the_numbers_and_the_explanation_in_a_line_each():
    game = played(12)
    rows = suggested(game)
    text = playout_result(rows[0].value)
    assert re.fullmatch(r"margin [+-]\d+\.\d VP \[[+-]\d+\.\d, [+-]\d+\.\d\]( at round \d+| \(played on to "
                        r"round \d+, the rest guessed\))?, won \d+% \[\d+%, \d+%\] of \d+ playouts?", text), text
    assert str(rows[0].value) == f"{rows[0].value.action}: {text}"      # the analysis says it alike
    assert all("\n" not in s.explanation and " -> " not in s.explanation for s in rows)
    activation = next(s for s in rows if s.notation.startswith("activate"))
    assert "score if the game ended now" in activation.explanation and "money $" in activation.explanation
    assert explanation_line(explain(game, "done")) == "nothing changes on the table yet"
    page = hint_html(hint_screen(rows), len(game.actions))
    assert page.count("class='cl-hint-row'") == SHOWN and f"data-actions='{len(game.actions)}'" in page
    assert all(html.escape(s.words) in page and html.escape(s.explanation) in page for s in rows)


def test_the_hint_button_shows_three_suggestions_and_keeps_the_game(monkeypatch):
    dash = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "medium")])
    dash.hints.playouts = PLAYOUTS
    game = dash.game
    assert dash.controller.you_to_move and dash.screen.why_not["hint"] is None
    actions = list(game.actions)
    seen: list[tuple[str, bool]] = []

    def watched(*args, **kwargs):        # what the page shows while the analysis runs
        seen.append((dash.hints.output.value, "cl-applying" in dash.controls.box._dom_classes))
        return real(*args, **kwargs)
    real = hints.analysis
    monkeypatch.setattr(hints, "analysis", watched)
    dash.hints.button.click()
    assert seen and THINKING in seen[0][0] and seen[0][1]          # "thinking…", the controls disabled
    assert "cl-applying" not in dash.controls.box._dom_classes       # and given back after
    assert dash.hints.output.value.count("class='cl-hint-row'") == SHOWN
    assert dash.game is game and list(game.actions) == actions
    assert dash.hints.screen is not None
    first = dash.hints.screen.rows[0]
    dash.act(first.notation)                                       # playing it: the old hint goes
    assert dash.hints.output.value == "" and dash.hints.screen is None


def test_always_show_a_hint_at_each_human_decision_only():
    dash = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "easy")])
    dash.hints.playouts = 1                               # when a hint comes, not what it says: two rounds on
    calls: list[int] = []
    show = dash.hints.show

    def counted(game):
        assert dash.controller.you_to_move               # never for a bot's decision
        calls.append(len(game.actions))
        show(game)
    dash.hints.show = counted
    dash.hints.always.value = True                        # at once for the decision shown
    assert calls == [len(dash.game.actions)]
    dash._show_decision()                                 # the same decision again: not thought again
    assert len(calls) == 1
    for _ in range(3):
        assert dash.hints.screen is not None
        dash.act(dash.hints.screen.rows[-1].notation)
        assert calls[-1] == len(dash.game.actions) and dash.hints.screen
    assert len(calls) == 4
    dash.hints.always.value = False
    dash.act(str(dash.game.legal_actions()[0]))
    assert len(calls) == 4 and dash.hints.screen is None


def test_no_hint_for_a_decision_that_is_not_yours():
    dash = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "medium")], auto=False)
    while dash.controller.you_to_move:
        dash.act(str(dash.game.legal_actions()[0]))
    assert dash.controller.bot_to_move and dash.screen.why_not["hint"] is not None
    dash.hint()
    assert dash.hints.screen is None and "hint is for a decision of yours" in dash.screen.status.text


def valued(action, margin: float, half: float) -> ActionValue:
    return ActionValue(action, margin, 0.5, 10, margin - half, margin + half, 0.2, 0.8, margin - 9, margin + 9, 0.0,
                       None, True)


def test_ties_are_shown_as_ties_and_without_a_difference_no_numbers():
    game = played(12)
    actions = game.legal_actions()[:3]

    def page(*values: ActionValue) -> str:
        return hint_html(hint_screen([Suggestion(str(a), str(a), "", v, "what it does")
                                      for a, v in zip(actions, values)]), 12)
    told = page(valued(actions[0], 10.0, 1.0), valued(actions[1], 9.5, 1.0), valued(actions[2], 2.0, 1.0))
    assert told.count("class='cl-hint-numbers'") == 3 and "apart yet" not in told
    assert told.count("as good as the first, as far as the playouts tell: margin +9.5 VP") == 1
    assert "as good as the first, as far as the playouts tell: margin +2.0" not in told
    blind = page(valued(actions[0], 1.0, 3.0), valued(actions[1], 0.0, 3.0), valued(actions[2], 0.0, 3.0))
    assert "cl-hint-numbers" not in blind and blind.count("what it does") == 3
    assert "The playouts cannot tell these choices apart yet" in blind


def test_at_setup_the_hint_says_what_each_choice_does_not_the_same_numbers():
    """At setup every choice once read 'won 0% [0%, 17%] of 19 playouts'."""
    game = cl.new_game(["Ada"], seed=3, solo_level=2)
    rows = suggested(game, 2)
    page = hint_html(hint_screen(rows), 0)
    assert "The playouts cannot tell these choices apart yet" in page and "playouts</div>" not in page
    assert all(html.escape(s.explanation) in page for s in rows) and len(rows) == SHOWN
    assert all("cities built in" in s.explanation for s in rows if s.notation.startswith("house "))

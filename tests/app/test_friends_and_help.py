"""Friends' comforts and help inside the app, without a browser (issue #28): the waiting player reads the
decision in the third person, a page says what another browser's Undo took back, the game's creator
chooses whether hints are allowed (refused in the kernel, whatever a page sends), disabled controls say
the rule on hover, the decision links to the tutorial step that teaches it, and the New game form says
what each of Andrew's levels means. The Copy buttons are tested in the browser
(tests/app/test_browser_friends_and_help.py)."""
from __future__ import annotations

import ipywidgets as W
import pytest
from clicks import click_first, first_choice

import carnegie_lab as cl
from carnegie_lab.app.panels import NewGamePanel
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Controller, NotAllowed, Seat, Setup
from carnegie_lab.session.access import HINT, LOCAL, SEAT, WATCH, Place, check, may, reason
from carnegie_lab.session.guide import DECISION_STEPS, glance, rule_step
from carnegie_lab.session.hint_screen import SHOWN
from carnegie_lab.store import GameStore
from carnegie_lab.tutor.positions import after_setup
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper, page_step
from carnegie_lab.widgets import Dashboard


@pytest.fixture
def path(tmp_path):
    return tmp_path / "games.db"


def shared_game(path, hints: bool = True) -> tuple[Dashboard, Dashboard]:
    """Ada's page starts a game of two humans from the New game form and makes seat links; Bo opens his."""
    ada = Dashboard(store=path)
    form = ada.new_game_panel
    form.kinds[1].value = "human"
    form.hints.value = hints
    form.start.click()
    ada.friends.make.click()
    bo = Dashboard(store=path, query=f"game={ada.controller.game_id}&seat={ada.controller.issued[1]}")
    return ada, bo


def prompt(d: Dashboard) -> str:
    return d.screen.turn.prompt


# --------------------------------------------------------------------------- the waiting player's words


def test_every_decision_has_its_third_person_form_without_your():
    game = cl.new_game(["Ada", "Bo"], seed=4)
    kinds = set()
    while not game.is_over and len(game.actions) < 400:
        d = game.decision
        kinds.add(d.kind.value)
        assert d.waiting.startswith(f"{d.name} to ") and "your" not in d.waiting.lower(), d.waiting
        game.apply(first_choice(game, prefer_done=len(game.actions) % 3 != 0))
    assert {"house", "reserve", "setup", "choose", "turn", "event"} <= kinds


def test_the_waiting_player_reads_bo_to_place_their_starting_housing_project(path):
    ada, bo = shared_game(path)
    assert bo.controller.you_to_move and not ada.controller.you_to_move       # Bo places his house first
    assert prompt(bo).startswith("Place your starting Housing project")
    assert prompt(ada) == "Bo to place their starting Housing project."
    while bo.controller.you_to_move:                    # his house, his reserved tile
        click_first(bo)
    ada.poll()
    assert prompt(ada).startswith("Place your starting Housing project")
    assert prompt(bo) == "Ada to place their starting Housing project."


def test_a_bot_s_decision_is_in_the_third_person_too():
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada"), Seat("Bo", "easy")], auto=False)
    while d.controller.you_to_move:
        click_first(d)
    assert prompt(d) == d.game.decision.waiting[:1].upper() + d.game.decision.waiting[1:] + "."
    assert prompt(d).startswith("Bo to ")


# --------------------------------------------------------------------------- another browser's Undo


def test_after_the_other_browser_s_undo_the_page_says_what_was_taken_back(path):
    ada, bo = shared_game(path)
    click_first(bo)                                     # Bo places his house
    ada.poll()
    placed = bo.game.log[-1]
    assert placed.startswith("Bo places the starting Housing project")
    bo.commands.undo()
    assert bo.game.actions == []
    ada.poll()
    assert ada.game.actions == []
    assert ada.screen.recent.lines == (f"Bo took back: {placed}.",)


def test_a_click_sent_before_another_browser_s_move_came_in_is_not_played(path):
    ada, bo = shared_game(path)
    twin = Dashboard(store=path, query=f"game={ada.controller.game_id}&seat={ada.controller.issued[1]}")
    shown = len(bo.game.actions)
    click_first(twin)                   # Bo's link, open in a second browser too, places his house there
    bo.poll()                           # the first page's clock brings it in: its buttons show his next decision
    assert bo.controller.you_to_move and len(bo.game.actions) == shown + 1
    # that page had sent a click while it still showed the house: it arrives at a button showing a tile now
    bo.guard._handle_custom_msg({"event": "aim", "seen": shown}, [])
    bo.act(bo.screen.panel.notations()[0])
    assert len(bo.game.actions) == shown + 1 == GameStore(path).info(ada.controller.game_id).actions
    assert "Bo moved first (in another browser): your move was not played." in bo.screen.status.text
    bo.guard._handle_custom_msg({"event": "ping", "id": 1}, [])    # that click's work is done: its aim is over
    bo.guard._handle_custom_msg({"event": "aim", "seen": shown + 1}, [])
    click_first(bo)                     # a click aimed at the decision shown plays
    assert len(bo.game.actions) == shown + 2


def test_a_game_undone_and_played_differently_elsewhere_is_not_called_an_undo(path):
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo")], seed=3), store=GameStore(path))
    for _ in range(3):
        ctl.apply(first_choice(ctl.game))
    other = Controller(store=GameStore(path))
    other.use_owner_key(ctl.owner_key)
    other.open_stored(ctl.game_id)
    taken = ctl.game.actions[-1]
    ctl.undo()
    ctl.apply(next(str(a) for a in ctl.game.legal_actions() if str(a) != taken))   # not a prefix of ours
    other.sync()
    assert "took back" not in other.recent[0] and "changed in another browser" in other.recent[0]


# --------------------------------------------------------------------------- hints allowed


def test_access_refuses_a_hint_when_the_creator_did_not_allow_them():
    for role in (LOCAL, SEAT, WATCH):
        assert may(Place(role), HINT)
        assert not may(Place(role, hints=False, shared=True), HINT)
    with pytest.raises(NotAllowed, match="turned hints off"):
        check(Place(SEAT, owner=False, seat=1, shared=True, hints=False), HINT)


def test_the_new_game_form_s_hints_allowed_is_kept_with_the_game_and_holds_in_every_browser(path):
    ada, bo = shared_game(path, hints=False)
    gid = ada.controller.game_id
    assert GameStore(path).info(gid).app["hints"] is False
    for page in (ada, bo):
        assert page.controller.place.hints is False
        assert "turned hints off" in page.screen.why_not["hint"] and "turned hints off" in \
            page.screen.why_not["hint_always"]
    # a page can send any widget message: the kernel refuses the hint
    bo.hints.playouts = 2
    bo.hint()
    assert bo.hints.key is None and bo.hints.screen is None
    assert "turned hints off" in bo.screen.status.text
    bo.hints.always.value = True                        # the checkbox's message, though it is disabled
    assert bo.hints.key is None and bo.hints.screen is None
    again = Dashboard(store=path, query=f"game={gid}")  # Ada's page reloaded (it watches without its link)
    assert again.controller.setup.hints is False and again.new_game_panel.hints.value is False


def test_hints_are_allowed_by_default_and_work_from_a_seat_link(path):
    ada, bo = shared_game(path)
    assert ada.new_game_panel.hints_row.layout.display == ""
    assert bo.screen.why_not["hint"] is None and "hints" not in GameStore(path).info(ada.controller.game_id).app
    bo.hints.playouts = 2
    bo.hints.button.click()
    assert bo.hints.screen is not None and len(bo.hints.screen.rows) == SHOWN
    assert ada.screen.why_not["hint"] == "A hint is for a decision of yours, in the live game."   # not Ada's


def test_a_solo_game_always_allows_hints():
    form = NewGamePanel(lambda setup: None)
    form.hints.value = False
    form.players.value = 1
    assert form.hints_row.layout.display == "none" and form.setup().hints is True


# --------------------------------------------------------------------------- disabled controls say why


def test_a_disabled_control_s_hover_says_the_rule_and_comes_back_when_enabled():
    d = Dashboard()
    own, nothing = "take back your last decision (and the bots' after it)", "Nothing to undo: no human decision yet."
    assert d.screen.why_not["undo"] == nothing and d.undo_button.disabled and d.undo_button.tooltip == nothing
    d.act(first_choice(d.game))
    assert d.screen.why_not["undo"] is None and not d.undo_button.disabled and d.undo_button.tooltip == own  # drawn
    d.commands.undo()
    assert d.screen.why_not["undo"] == nothing
    assert d.screen.bots.step_why == "No bot is deciding now: a human is."


def test_a_watcher_s_disabled_controls_say_the_rule(path):
    ada, _bo = shared_game(path)
    watch = Dashboard(store=path, query=f"game={ada.controller.game_id}")
    assert watch.controller.role == WATCH
    why = watch.screen.why_not
    assert why["restart"] == reason(watch.controller.place, "Restart") + "."
    assert "needs this game's owner" in watch.screen.bots.finish_why and "Loading a record" in why["load"]
    assert "you are watching" in why["undo"]


# --------------------------------------------------------------------------- help: rules and levels


def test_every_decision_step_is_a_step_of_the_rules_at_a_glance():
    steps = glance()
    assert len(steps) >= 30
    for title in DECISION_STEPS.values():
        assert title in steps, title


def test_the_decision_links_to_the_tutorial_step_that_teaches_it():
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=2))
    assert d.game.decision.kind == "house"
    assert d.screen.rules.href == "01-components-and-setup.ipynb?step=4" and d.screen.rules.title == "Bo places a house"
    assert "Rules: tutorial 1, step 4 “Bo places a house”" in d.rules.value                # drawn
    seen = set()
    while not d.game.is_over and len(seen) < 5 and len(d.game.actions) < 200:
        step = rule_step(d.game)
        if step is not None:
            seen.add(step.title)
            assert d.screen.rules == step
        click_first(d)
    assert {"Bo places a house", "Bo reserves a department", "Six setup moves", "1. Choose: Management"} <= seen


def test_a_tutorial_opens_at_the_step_its_address_names(monkeypatch):
    assert page_step(6, "step=4") == 4 and page_step(6, "step=9") == 6
    assert page_step(6, "step=x") == 0 and page_step(6, "") == 0 and page_step(6, "game=abc") == 0
    monkeypatch.setenv("QUERY_STRING", "step=2")
    tour = Stepper(after_setup(), [Step("Ada chooses CO", "CO.", ["choose CO"], view="timeline"),
                                   Step("Ada builds", "A project.", ["co C cincinnati"], view="map")])
    assert tour.index == 2 and tour.progress.value == 2 and "Ada builds" in tour.explanation.value


def test_the_new_game_form_says_what_each_of_andrew_s_levels_means():
    form = NewGamePanel(lambda setup: None)
    form.players.value = 1
    text = form.solo_row.children[1].value
    decks = cl.new_game(["Ada"], seed=1, solo_level=1).rules.constants.solo_decks
    for level, (normal, advanced) in decks.items():
        assert f"<b>{level}</b>: " in text
        assert (f"{normal} normal and {advanced} advanced cards" if normal and advanced else
                f"all {normal or advanced}") in text
    assert form.solo_row.layout.display == ""


def test_a_donation_the_player_cannot_pay_shows_the_chart_saying_why():
    game, bots = cl.new_game(["Ada", "Bo"], seed=1), [make_bot("easy", 1), make_bot("easy", 101)]
    while not (game.decision.kind == "event" and game.decision.context.donation
               and game.money(game.decision.player) < game.donation_price(game.decision.player)):
        game.apply(bots[game.decision.player].choose(game))
        assert not game.is_over and len(game.actions) < 600
    seat = game.decision.player
    why = f"the donation costs ${game.donation_price(seat)} and {game.players[seat]} has ${game.money(seat)}"
    assert game.donation_refusal(seat) == why and cl.new_game(["Ada", "Bo"], seed=1).donation_refusal(0) is None
    d = Dashboard(game, seats=[Seat("Ada"), Seat("Bo")], auto=False)
    chart = d.screen.panel.group("donate")
    assert chart.notations() == [] and chart.note.startswith(f"No donation now: {why}.")
    free = [o for o in chart.inactive if "taken" not in o.tooltip]
    assert free and all(o.tooltip.endswith(f"; not now: {why}") for o in free)
    shown = [b for b in widgets(d.controls.box) if isinstance(b, W.Button) and "cl-inactive" in b._dom_classes]
    assert len(shown) == len(chart.inactive) and all(b.disabled for b in shown)
    assert sum(b.tooltip.endswith(f"not now: {why}") for b in shown) == len(free)


def widgets(w: W.Widget) -> list[W.Widget]:
    """A widget and every widget in it."""
    return [w, *(x for c in getattr(w, "children", ()) for x in widgets(c))]

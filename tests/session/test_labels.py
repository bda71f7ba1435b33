"""What a choice means, without hovering: the Department tiles of the reserve and of Strategic
Planning say what they do, the donation chart shows every space in its place (taken ones marked),
and Andrew Carnegie's deck is shown as the table shows it."""
from __future__ import annotations

import re

import pytest

import carnegie_lab as cl
from carnegie_lab.app.board_html import andrew_deck_html, players_html
from carnegie_lab.bots import make_bot
from carnegie_lab.session.controls import Buttons, Picker, panel_for
from carnegie_lab.session.labels import Labels
from carnegie_lab.views.palette import DEPARTMENT_TYPE_NAMES, donation_vp
from carnegie_lab.widgets import Dashboard


def until(game: cl.Game, done, seed: int = 1, bot: str = "greedy") -> cl.Game:
    player = make_bot(bot, seed)
    while not done(game):
        assert not game.is_over, "the game ended first"
        game.apply(player.choose(game))
    return game


@pytest.fixture(scope="module")
def open_bar():
    return cl.new_game(["Ada", "Bo"], seed=1, departments="expansion-open-bar")


def test_a_tile_says_what_it_does_in_one_sentence_with_its_numbers(open_bar):
    L = Labels(open_bar)
    assert L.tile_effect("training") == "send its employee on a mission, then take $8 or 8 moves"
    assert L.tile_effect("sales") == "sell up to 3 goods for $6 each"                  # the data's numbers
    assert L.tile_effect("telegraph") == ("while an employee stands here: each step on a transport track costs "
                                          "1 study point less, at least 1")
    assert L.tile_effect("newlobby").startswith("a second Lobby")                    # works with nobody in it
    assert L.tile_effect("green") == ("at game end, if an employee stands here: 2 VP for each empty space of "
                                      "your company")
    every = [d.code for d in open_bar.components.departments.values() if not d.starting]
    assert all(L.tile_effect(code) for code in every)


def test_the_reserve_buttons_name_the_tile_and_what_it_does(open_bar):
    panel = panel_for(open_bar)
    assert panel.kind == "house"
    open_bar.apply(str(open_bar.legal_actions()[0]))
    panel = panel_for(open_bar)
    L = Labels(open_bar)
    options = [o for g in panel.groups for o in g.options]
    assert options and all(isinstance(g, Buttons) and g.layout == "column" for g in panel.groups)
    for o in options:
        code = o.notation.split()[1]
        name, effect = o.label.split("\n")
        assert name == L.department(code).name and effect == L.tile_effect(code)


def test_strategic_planning_offers_tiles_with_their_effect():
    game = until(cl.new_game(["Ada", "Bo"], seed=2),
                 lambda g: any(a.verb == "sp" for a in g.legal_actions()))
    picker = panel_for(game).group("department:sp")
    assert isinstance(picker, Picker) and picker.slots[0] == "Department"
    L = Labels(game)
    for code, label in picker.options(0):
        assert label == f"{L.department(code).name} — {L.tile_effect(code)}"


def test_the_donation_chart_keeps_every_space_in_its_place():
    game = until(cl.new_game(["Ada", "Bo"], seed=1), lambda g: any(a.verb == "donate" for a in g.legal_actions()))
    chart = panel_for(game).group("donate")
    donations = game.components.donations
    assert isinstance(chart, Buttons) and chart.layout == "grid"
    spaces = {(o.row, o.col): o for o in chart.options + chart.inactive}
    assert spaces.keys() == {(d.row, d.column) for d in donations.values()}      # all 20, none moved
    taken = game.state.board.donations
    assert taken and {o.label.split("\n")[0] for o in chart.inactive} == {
        Labels(game).donation_short(d) for d in taken}
    for d in donations.values():
        o = spaces[(d.row, d.column)]
        assert o.label.split("\n")[1] == (f"taken: {', '.join(taken[d.id])}" if d.id in taken
                                           else donation_vp(d.formula))
        assert (o.notation == "") == (d.id in taken)
    assert sorted(chart.notations()) == sorted(str(a) for a in game.legal_actions() if a.verb == "donate")
    assert chart.columns == ("Education", "Human rights", "Welfare", "Health")


def test_the_dashboard_draws_taken_donations_disabled_in_place():
    game = until(cl.new_game(["Ada", "Bo"], seed=1), lambda g: any(a.verb == "donate" for a in g.legal_actions()))
    d = Dashboard(game)
    grid = d.controls.box.children[0].children[1]
    cells = [c for c in grid.children if hasattr(c, "disabled")]
    assert len(cells) == len(game.components.donations)
    inactive = [c for c in cells if "cl-inactive" in c._dom_classes]
    assert inactive and all(c.disabled and "taken:" in c.description for c in inactive)
    assert {c.layout.grid_area for c in cells} == {
        f"{x.row + 1} / {x.column}" for x in game.components.donations.values()}


def test_andrews_deck_as_the_table_shows_it():
    game = cl.new_game(["Ada"], seed=5, solo_level=2)
    assert "no card this round yet" in andrew_deck_html(game, game.andrew())
    assert "20 cards left (5 advanced)" in players_html(game)                 # level 2: 5 advanced cards
    until(game, lambda g: g.round >= 4, bot="easy")
    andrew = game.andrew()
    text = andrew_deck_html(game, andrew)
    card = game.components.solo_cards[andrew.card]
    action = f"action <b>{DEPARTMENT_TYPE_NAMES[card.action]}</b>"
    assert f"this round's card: {'an advanced card, ' if card.advanced else ''}{action}" in text
    assert card.id not in text                                                # no bare card id
    played = [c for _, on in andrew.vp_cards for c in on] + [andrew.card]
    left = 5 - sum(game.components.solo_cards[c].advanced for c in played)
    assert f"{andrew.cards_left} cards left ({left} advanced)" in text
    on_vp = re.search(r"on his VP cards: (.*)</span>", text).group(1)
    assert on_vp == ", ".join(f"{vp} VP ×{len(on)}" for vp, on in andrew.vp_cards if on)
    assert ("it chooses the row" in text) == andrew.chooses
    assert f"next round: <b>{DEPARTMENT_TYPE_NAMES[andrew.next_action]}</b>" in text     # the top card's back


def test_andrews_face_down_card_shows_only_its_back():
    game = cl.new_game(["Ada"], seed=5, solo_level=2)
    until(game, lambda g: g.decision.kind == "choose", bot="easy")      # round 1: drawn, face down
    andrew, state = game.andrew(), game.state.andrew
    text = andrew_deck_html(game, andrew)
    cards = game.components.solo_cards
    assert andrew.face_down and andrew.card is None and state.card not in text
    assert f"face down, action {DEPARTMENT_TYPE_NAMES[cards[state.card].action]}" in text
    assert f"next round: <b>{DEPARTMENT_TYPE_NAMES[cards[state.deck[0]].action]}</b>" in text
    game.apply(game.legal_actions()[0])                                 # Andrew's turn: the card turns face up
    face_up = cards[state.card]
    assert f"action <b>{DEPARTMENT_TYPE_NAMES[face_up.action]}</b>" in andrew_deck_html(game, game.andrew())


def test_an_advanced_card_shows_no_action_on_its_back():
    game = cl.new_game(["Ada"], seed=1, solo_level=3)                  # its first card is an advanced one
    state, cards = game.state.andrew, game.components.solo_cards
    assert cards[state.deck[0]].advanced
    text = andrew_deck_html(game, game.andrew())
    assert "next round: <b>an advanced card</b> (its action is hidden)" in text
    assert DEPARTMENT_TYPE_NAMES[cards[state.deck[0]].action] not in text.split("next round:")[1].split("<br>")[0]


def test_an_action_in_words_names_what_the_board_names():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    words = Labels(game)
    house = next(a for a in game.legal_actions() if a.verb == "house")
    assert words.action(house) == f"place the starting house: {game.components.cities[house.args[0]].name}"
    game.apply(house)
    reserve = next(a for a in game.legal_actions() if a.verb == "reserve")
    name = game.department(reserve.args[0]).name
    assert Labels(game).action(reserve) == f"reserve a department tile: {name}"
    until(game, lambda g: g.decision.kind == "setup")
    move = next(a for a in game.legal_actions() if a.verb == "move")
    words, seat = Labels(game), game.decision.player                  # the cells by what they hold
    assert words.action(move) == f"move an employee from {words.cell(seat, move.args[0])} to " \
        f"{words.cell(seat, move.args[1])}" and move.args[0] not in words.action(move)
    assert Labels(game).action("done") == "Done moving"            # the Done button's words there
    until(game, lambda g: g.decision.kind == "choose")
    assert Labels(game).action("choose CO").endswith(": Construction")
    until(game, lambda g: g.decision.kind == "turn" and any(a.verb == "co" for a in g.legal_actions()))
    build = next(a for a in game.legal_actions() if a.verb == "co")
    said = Labels(game).action(build)
    assert said.startswith("use Construction (") and game.components.cities[build.args[1]].name in said
    assert str(build) not in said

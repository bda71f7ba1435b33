"""Issue 45, points 3 and 4, as the widgets' state shows them: a solo game's bot bar plays the player's seat
(issue 60), the New game form gives each new game a new seed unless *Same seed* is asked for, its name fields
stop at the store's limit, and a bad option's error is shown next to the option."""
from __future__ import annotations

from carnegie_lab.app.layout import FRIENDS
from carnegie_lab.session import Seat, Setup
from carnegie_lab.store import MAX_LABEL, MAX_NAME
from carnegie_lab.views.style import SHORT_NAME, shortened
from carnegie_lab.widgets import Dashboard


def test_a_solo_game_offers_a_bot_for_the_players_seat():
    dash = Dashboard(setup=Setup([Seat("Ada")], seed=3, solo_level=2))
    bar = dash.bots
    assert dash.screen.bots.solo and bar.box.layout.display != "none"                    # issue 60: shown
    assert bar.play_button.layout.display == bar.auto.layout.display == "none"        # no bot seat to play
    assert bar.finish_button.description == "Play to the end" and not bar.step_button.disabled
    actions = len(dash.game.actions)
    bar.step_button.click()                                  # the chosen bot plays Ada's decision
    assert len(dash.game.actions) > actions and dash.controller.seats[0].is_human
    panel = dash.new_game_panel
    panel.players.value = 2
    panel.start.click()
    assert dash.game.players == ["Ada", "Bo"] and not dash.screen.bots.solo           # a bot to step again
    assert bar.play_button.layout.display == "" and bar.finish_button.description == "Bots finish the game"


def test_each_new_game_gets_a_new_seed_unless_same_seed_is_asked():
    dash = Dashboard()
    panel = dash.new_game_panel
    panel.seed.value = "12"
    panel.start.click()
    assert dash.game.state.options["seed"] == 12
    assert panel.seed.value != "12"                          # the next game: another deal
    panel.seed.value = "12"
    panel.same_seed.value = True
    panel.start.click()
    assert dash.game.state.options["seed"] == 12 and panel.seed.value == "12"
    panel.same_seed.value = False
    dash.commands.rematch(same_seed=False)           # the final panel's Rematch: a new seed, and the form's
    assert dash.game.state.options["seed"] != 12 and panel.seed.value != str(dash.game.state.options["seed"])


def test_sell_in_the_setup_is_not_one_more_city_of_the_east():
    dash = Dashboard(setup=Setup([Seat("Ada")], seed=1, solo_level=1))
    east = dash.screen.panel.groups[-1]
    assert east.title == "Starting Housing project — East" and "sell" not in east.notations()
    assert "sell" in [o.notation for o in dash.screen.panel.footer]
    sell = dash.controls.buttons["sell"]
    east, footer = dash.controls.box.children[-2:]
    assert "Starting Housing project — East" in east.children[0].value and sell not in east.children[1].children
    assert "cl-group" in footer._dom_classes                     # a line above it, as above every group
    row = next(box for box in footer.children if sell in box.children)
    assert row.children.index(sell) == 1 and "At any time:" in row.children[0].value     # under its own title


def test_the_name_fields_keep_at_most_the_stores_limit():
    dash = Dashboard()
    panel = dash.new_game_panel
    panel.names[0].value = "A" * 275                         # pasted: the field keeps what the store accepts
    panel.label.value = "L" * (MAX_LABEL + 5)
    assert panel.names[0].value == "A" * MAX_NAME and panel.label.value == "L" * MAX_LABEL
    panel.start.click()
    assert dash.game.players == ["A" * MAX_NAME, "Bo"]


def test_a_bad_option_is_reported_next_to_it():
    dash = Dashboard()
    panel, game = dash.new_game_panel, dash.game
    panel.names[1].value = "Ada"
    panel.start.click()
    assert "must differ" in panel.messages["players"].value and panel.message.value == ""
    panel.names[1].value = "Bo"
    panel.seed.value = "seven"
    panel.start.click()
    assert "whole number" in panel.messages["seed"].value and panel.messages["players"].value == ""
    assert dash.game is game


def test_a_long_name_is_shortened_where_room_is_short_and_whole_in_hovers():
    long = "Alexandrina Victoria of Saxe-Coburg-Gotha"[:MAX_NAME]
    dash = Dashboard(setup=Setup([Seat(long), Seat("Bo", "easy")], seed=1))
    short = shortened(long)
    assert short.endswith("…") and len(short) == SHORT_NAME
    network = dash.board.selectors[0]
    assert network.options[1] == (f"{short}'s network", 0) and network.tooltips[1] == f"{long}'s network"
    companies = dash.board.selectors[1]
    assert companies.options[0] == (short, 0) and companies.tooltips[0] == long
    key = next(a for a in dash.board.slots["map"].widget.layout.annotations if "●" in (a.text or ""))
    assert short in key.text and long not in key.text and long in key.hovertext    # the map's colour key
    assert "Public Infrastructure" in key.text                                    # not a name: whole


def test_a_long_name_is_shortened_in_the_seat_links(tmp_path):
    long = "Alexandrina Victoria of Saxe-Coburg-Gotha"[:MAX_NAME]
    dash = Dashboard(store=tmp_path / "games.db")
    form = dash.new_game_panel
    form.names[1].value, form.kinds[1].value = long, "human"
    form.start.click()
    dash.friends.make.click()
    dash.side.selected_index = FRIENDS
    links = dash.friends.links.value
    assert f"title='{long}'>{shortened(long)}<" in links and f">{long}<" not in links   # shortened, whole in a hover


def test_a_name_that_is_not_what_it_looks_like_is_reported_next_to_the_names():
    """Issue 56: the form took "\\u202eadA" (shown as "Ada") beside a real Ada, "Ada\\u200b" and "\\u200b"."""
    dash = Dashboard()
    panel, game = dash.new_game_panel, dash.game
    for name, problem in [("\u202eadA", "invisible or control character (U+202E)"),
                          ("Ada\u200b", "invisible or control character (U+200B)"),
                          ("\u200b", "invisible or control character (U+200B)"), ("ADA", "must differ")]:
        panel.names[1].value = name
        panel.start.click()
        assert problem in panel.messages["players"].value and dash.game is game
    panel.names[0].value, panel.names[1].value = "Ade\u0301", "Bo"              # an accent typed apart
    panel.start.click()
    assert dash.game.players == ["Ad\u00e9", "Bo"] == [s.name for s in dash.controller.seats]
    assert [s.name for s in dash.controller.setup.seats] == dash.game.players

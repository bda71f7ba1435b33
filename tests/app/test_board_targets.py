"""The board as controls, without a browser: what a click can choose on the map, the timeline, the
tracks, the donation chart and the company (legal actions only, ringed, with what they do; a move is
two clicks), and a click on a figure's ``targets`` trace playing that action in the dashboard."""
from __future__ import annotations

import re

from positions import ada_activates

import carnegie_lab as cl
from carnegie_lab.app.click_guard import Pick
from carnegie_lab.app.controls_view import ControlsView
from carnegie_lab.app.layout import PLAY, REPLAY
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat
from carnegie_lab.session.controls import Buttons, MoveGrid, Picker, panel_for
from carnegie_lab.session.targets import KINDS, board_targets
from carnegie_lab.views.style import TARGETS_TRACE as TARGETS
from carnegie_lab.widgets import Dashboard


def until(game: cl.Game, done, seed: int = 3) -> cl.Game:
    bot = make_bot("greedy", seed)
    while not done(game):
        assert not game.is_over
        game.apply(bot.choose(game))
    return game


def test_every_target_is_a_legal_action_of_its_decision():
    game = cl.new_game(["Ada", "Bo"], seed=6)
    bot = make_bot("greedy", 6)
    seen = {kind: 0 for kind in KINDS}
    while not game.is_over:
        legal = {str(a) for a in game.legal_actions()}
        moves = {(a.args[0], a.args[1]): str(a) for a in game.legal_actions()
                 if a.verb in ("move", "relocate")}
        sources = {s for s, _ in moves}
        for kind, targets in board_targets(game).items():
            assert {t.notation for t in targets.values() if t.notation} <= legal, kind
            seen[kind] += len(targets)
            for key, t in targets.items():                # a click that plays nothing chooses a mover
                assert t.notation or (kind == "company" and t.selects == key and key in sources)
        for source in sources:
            chosen = board_targets(game, source)["company"]
            assert {k: t.notation for k, t in chosen.items() if t.notation} == {
                to: n for (s, to), n in moves.items() if s == source}
            assert chosen[source].notation == "" and chosen[source].selects is None     # again: none
        game.apply(bot.choose(game))
    assert all(seen.values()), seen                       # each kind of figure had choices in a game
    assert board_targets(game) == {kind: {} for kind in KINDS}


def test_the_starting_housing_project_is_a_city_on_the_map():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    targets = board_targets(game)
    houses = {a.args[0]: str(a) for a in game.legal_actions() if a.verb == "house"}
    assert {k: t.notation for k, t in targets["map"].items()} == houses
    city = next(iter(houses))
    assert targets["map"][city].text.startswith(f"{game.components.cities[city].name}: place your starting")
    assert targets["timeline"] == targets["tracks"] == {}


def test_a_project_is_a_free_site_of_its_type():
    game = until(cl.new_game(["Ada", "Bo"], seed=3), lambda g: any(a.verb == "co" for a in g.legal_actions()))
    builds = [a for a in game.legal_actions() if a.verb == "co"]
    sites = board_targets(game)["map"]
    assert sites and all("/" in key for key in sites)
    for key, target in sites.items():
        city, index = key.rsplit("/", 1)
        action = game.parse(target.notation)
        assert action.args[1] == city and key in game.free_sites(city)
        assert game.components.cities[city].sites[int(index)].takes(action.args[0])
        assert target.text.startswith("Construction: " + game.describe(action))
    assert {t.notation for t in sites.values()} <= {str(a) for a in builds}


def test_rows_and_study_steps_are_on_the_timeline_and_the_tracks():
    game = until(cl.new_game(["Ada", "Bo"], seed=3), lambda g: g.decision.kind == "choose")
    rows = board_targets(game)["timeline"]
    choices = [a for a in game.legal_actions() if a.verb == "choose"]
    assert {t.notation for t in rows.values()} == {str(a) for a in choices} and choices
    assert set(rows) == {a.args[0] for a in choices}
    game = until(game, lambda g: any(a.verb in ("track", "tab") for a in g.legal_actions()))
    seat = game.current_player
    study = board_targets(game)["tracks"]
    for key, target in study.items():
        a = game.parse(target.notation)
        if a.verb == "track":
            assert key == f"track/{a.args[0]}/{game.track_space(seat, a.args[0]) + 1}"
        else:
            assert key == f"tab/{seat}/{a.args[0]}/{game.tab(seat, a.args[0])[0]}"
    assert {t.notation for t in study.values()} == {str(a) for a in game.legal_actions() if a.verb in ("track", "tab")}


def test_a_donation_is_a_free_space_of_the_chart():
    game = until(cl.new_game(["Ada", "Bo"], seed=1), lambda g: any(a.verb == "donate" for a in g.legal_actions()))
    chart = board_targets(game)["donations"]
    taken = set(game.state.board.donations)
    assert taken and set(chart) == set(game.free_donations()) and not set(chart) & taken
    price = game.donation_price(game.current_player)
    for key, target in chart.items():
        assert target.notation == f"donate {key}"
        assert target.text.startswith(f"{game.components.donations[key].name}: donate here for ${price} and a disc")
    assert "VP per disc in the East" in chart["health_east"].text


def test_a_move_is_two_clicks_on_the_company():
    game = until(cl.new_game(["Ada", "Bo"], seed=2), lambda g: g.decision.kind == "setup")
    movers = board_targets(game)["company"]
    moves = [a for a in game.legal_actions() if a.verb == "move"]
    assert set(movers) == {a.args[0] for a in moves}
    assert all(t.notation == "" and t.selects == key and t.text.endswith("move one of its employees (click, then "
                                                                         "a ringed cell)") for key, t in movers.items())
    source = sorted(movers)[0]
    chosen = board_targets(game, source)["company"]
    assert {k: t.notation for k, t in chosen.items() if t.notation} == {
        a.args[1]: f"move {source} {a.args[1]}" for a in moves if a.args[0] == source}
    assert chosen[source].selects is None and "click again to choose none" in chosen[source].text
    assert board_targets(game, "no_such_cell") == board_targets(game)        # a stale choice: none


def test_an_activation_is_the_workstation_the_employee_stands_on():
    game = until(cl.new_game(["Ada", "Bo"], seed=2), lambda g: g.decision.kind == "activate")
    seat = game.current_player
    stands = board_targets(game)["company"]
    actions = [a for a in game.legal_actions() if a.verb == "activate"]
    assert actions and {t.notation for t in stands.values()} == {str(a) for a in actions}
    for key, target in stands.items():
        cell, index = key.split("/")
        cost, _ = game.activation_cost(target.notation)
        before = game.standing(seat, cell)
        free = game.copy()
        free.apply(target.notation)               # the employee stands on the ringed workstation
        assert int(index) in free.state.players[seat].standing[cell] and free.standing(seat, cell) == before + 1
        assert int(index) not in game.state.players[seat].standing.get(cell, ())
        assert target.text.endswith(f"stand a lying employee up here for ${cost}")


def pick(d, kind: str, key: str) -> dict:
    """What the page sends for a click on the point of ``key`` in the ``kind`` figure as drawn now: the click
    guard's ``pick``, with the moment the drawing was made for (its ``layout.meta``)."""
    meta = d.board.slots[kind].widget.layout.meta
    return {"event": "pick", "kind": meta["pick"], "key": key, "drawn": meta["actions"]}


def click(d, kind: str, key: str) -> None:
    d.guard._handle_custom_msg(pick(d, kind, key), [])


def target_keys(slot) -> set[str]:
    return set(next(t for t in slot.widget.data if t.name == TARGETS).customdata)


def test_a_click_on_a_ringed_city_plays_it():
    d = Dashboard()
    slot = d.board.slots["map"]
    trace = next(t for t in slot.widget.data if t.name == TARGETS)
    assert set(trace.customdata) == set(d.board.targets["map"]) and trace.hovertext
    highlight = next(t for t in slot.widget.data if t.name == "highlight")
    assert set(highlight.customdata) == set(trace.customdata)             # ringed
    city = sorted(d.board.targets["map"])[0]
    click(d, "map", city)
    assert d.game.actions[-1] == f"house {city}" and d.game.decision.kind == "reserve"
    trace = next(t for t in slot.widget.data if t.name == TARGETS)
    assert list(trace.customdata) == [] and not d.screen.targets["map"]           # nothing on the map now
    assert "a ringed" not in d.turn.value


def test_a_click_on_an_older_drawing_plays_nothing():
    game = ada_activates()                                    # two workstations ringed
    d = Dashboard(game)                                       # hot-seat
    d.board.select("Companies", game.current_player)
    first, second = d.board.targets["company"]
    double = pick(d, "company", first)
    d.guard._handle_custom_msg(double, [])                    # a double-click's first click
    assert len(d.game.actions) == 12 and d.game.decision.kind == "activate"
    assert list(d.board.targets["company"]) == [second]       # the other workstation, where the first one was
    d.guard._handle_custom_msg({**double, "key": second}, [])  # a click on the older drawing, whatever its key
    assert len(d.game.actions) == 12 and "moved first" in d.screen.status.text    # said, as of a late button
    d.say("")
    d.guard._handle_custom_msg(double, [])                    # and the double-click's second click
    assert len(d.game.actions) == 12 and "moved first" in d.screen.status.text
    click(d, "company", second)                               # a click on the drawing shown now plays
    assert len(d.game.actions) == 13


def test_a_late_pick_and_a_late_button_are_refused_in_the_same_words():
    """One click path: a board pick and a button drawn for a decision the game has moved past (another browser's
    move came in first) play nothing, and the page says who moved first, the same sentence for both."""
    d = Dashboard(cl.new_game(["Ada", "Bo"], seed=1))         # hot-seat: every decision is this browser's
    seen = len(d.game.actions)
    city = sorted(d.board.targets["map"])[0]
    d.act(f"house {city}")                                    # what came in first
    said = []
    for late in (lambda: d.act(Pick("map", city, seen)),
                 lambda: (d.guard._handle_custom_msg({"event": "aim", "seen": seen}, []),
                          d.act(next(iter(d.controls.buttons))))):
        d.say("")
        late()
        said.append(d.screen.status)
        assert len(d.game.actions) == seen + 1
    assert said[0] == said[1] and said[0].error and "Bo moved first (in another browser)" in said[0].text


def test_a_stale_click_plays_nothing():
    d = Dashboard()
    before = list(d.game.actions)
    d.act(Pick("map", "no_such_city", len(before)))
    assert d.game.actions == before and d.screen.status.text == ""         # a click that only looks


def test_the_board_takes_no_clicks_when_it_is_not_yours_or_in_a_replay():
    bots = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada", "easy"), Seat("Bo", "easy")],
                     auto=False)
    assert bots.screen.targets == bots.board.targets == {} and bots.screen.turn.places == ()
    d = Dashboard()
    assert d.board.targets["map"] and d.screen.turn.places == ("site or city on the Map tab",)
    assert "Or click, on the board, a ringed site or city on the Map tab." in d.turn.value
    d.side.selected_index = REPLAY
    assert d.board.targets == {}
    trace = next(t for t in d.board.slots["map"].widget.data if t.name == TARGETS)
    assert list(trace.customdata) == []                       # the replay's board has nothing to click
    d.side.selected_index = PLAY
    assert d.board.targets["map"]


def test_a_click_on_the_donation_chart_donates():
    game = until(cl.new_game(["Ada", "Bo"], seed=1), lambda g: any(a.verb == "donate" for a in g.legal_actions()))
    d = Dashboard(game)                                       # hot-seat: every decision is this browser's
    assert "donation space of the Donation chart, on the Tracks & Timeline tab" in d.screen.turn.places
    d.board.select("Tracks & Timeline", "donations")
    slot = d.board.slots["donations"]
    assert target_keys(slot) == set(game.free_donations())
    seat, money = game.current_player, game.money(game.current_player)
    click(d, "donations", "health_east")
    assert d.game.actions[-1] == "donate health_east" and d.game.money(seat) < money
    assert "health_east" not in target_keys(slot)


def test_an_employee_moves_by_two_clicks_on_the_company():
    game = until(cl.new_game(["Ada", "Bo"], seed=2), lambda g: g.decision.kind == "setup")
    d = Dashboard(game)
    seat = game.current_player
    d.board.select("Companies", 1 - seat)
    assert target_keys(d.board.slots["company"]) == set()   # another player's company: nothing to click
    d.board.select("Companies", seat)
    slot = d.board.slots["company"]
    movers = target_keys(slot)
    source = sorted(movers)[0]
    to = {a.args[1] for a in game.legal_actions() if a.verb == "move" and a.args[0] == source}
    before = list(d.game.actions)
    click(d, "company", source)                              # the first click only chooses
    assert d.game.actions == before and d.screen.source == source and target_keys(slot) == to | {source}
    other = next(c for c in game.components.company.cells if c not in to | {source})
    click(d, "company", other)                               # a click elsewhere takes the choice back
    assert d.screen.source is None and target_keys(slot) == movers
    click(d, "company", source)
    click(d, "company", source)                              # and so does a click on it again
    assert d.screen.source is None and target_keys(slot) == movers and d.game.actions == before
    click(d, "company", source)
    target = sorted(to)[0]
    click(d, "company", target)
    assert d.game.actions == [*before, f"move {source} {target}"] and d.screen.source is None


def building_game() -> cl.Game:
    """Ada's turn with Construction: projects to build on free sites of the map."""
    return until(cl.new_game(["Ada", "Bo"], seed=1),
                 lambda g: g.current_player == 0 and any("/" in k for k in board_targets(g)["map"]), seed=1)


def test_a_click_on_a_city_builds_on_its_ringed_site():
    game = building_game()
    d = Dashboard(game, seats=[Seat("Ada"), Seat("Bo", "easy")])
    slot = d.board.slots["map"]
    site = sorted(k for k in d.board.targets["map"] if "/" in k)[0]
    city = site.split("/")[0]
    notation = d.board.targets["map"][site].notation
    cities = next(t for t in slot.widget.data if t.name == "cities")
    hover = dict(zip(cities.customdata, cities.hovertext))[city]
    assert hover.startswith("<b>Click: Construction: build ") and f"in {game.components.cities[city].name}" in hover
    before = len(d.game.actions)
    click(d, "map", city)                            # the city's own marker: the page sends its key
    assert len(d.game.actions) > before and d.game.actions[before] == notation


def test_a_project_of_a_vowel_type_is_an_industry_project():
    game = building_game()
    words = [game.describe(a) for a in game.legal_actions() if a.verb == "co"]
    assert any("build an Industry project" in w for w in words), words
    assert not any(" a Industry" in w for w in words)


def test_every_board_target_is_also_a_control_named_in_words():
    """Issue 45: a player who cannot click the board (keyboard, screen reader) has every board choice among the
    decision's controls, each control's words saying what it is (not a bare notation or a number alone)."""
    for game in (cl.new_game(["Ada", "Bo"], seed=6), cl.new_game(["Ada"], seed=6, solo_level=2)):
        bot = make_bot("greedy", 6)
        while not game.is_over:
            panel = panel_for(game)
            offered = set(panel.notations())
            for kind, targets in board_targets(game).items():
                assert {t.notation for t in targets.values() if t.notation} <= offered, kind
            named = [o.label for g in panel.groups if isinstance(g, Buttons) for o in g.options]
            named += [o.label for o in panel.footer]
            named += [c.label for g in panel.groups if isinstance(g, MoveGrid) for c in g.cells]
            named += [f"{slot} {label}" for g in panel.groups if isinstance(g, Picker) for c in g.choices
                      for slot, (_, label) in zip(g.slots, c.values)]      # a value is read with its slot
            assert all(re.search(r"[^\W\d_]{2}", label) for label in named), [x for x in named
                                                                             if not re.search(r"[^\W\d_]{2}", x)]
            game.apply(bot.choose(game))


def test_every_picker_slot_names_its_selector():
    """Issue 45: a picker's values (toggle buttons of amounts such as "+$3", or a dropdown) are named for screen
    readers by their slot's words ("Gain"), as the eye reads them beside the slot's title."""
    game, bot = cl.new_game(["Ada", "Bo"], seed=6), make_bot("greedy", 6)
    views = ControlsView(lambda notation: None)
    seen = 0
    while not game.is_over and seen < 20:
        panel = panel_for(game)
        views.show(panel)
        for group in panel.groups:
            if isinstance(group, Picker):
                selectors = views.pickers[group.key].selectors
                assert [s.description for s in selectors] == list(group.slots)
                seen += 1
        game.apply(bot.choose(game))
    assert seen

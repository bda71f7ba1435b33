"""The board as controls, without a browser: what a click can choose on the map, the timeline and the
tracks (legal actions only, ringed, with what they do), and a click on a figure's ``targets`` trace
playing that action in the dashboard."""
from __future__ import annotations

from types import SimpleNamespace

import carnegie_lab as cl
from carnegie_lab.bots import make_bot
from carnegie_lab.widgets import Dashboard
from carnegie_lab.widgets.controller import Seat
from carnegie_lab.widgets.dashboard import PLAY, REPLAY
from carnegie_lab.widgets.figures import TARGETS
from carnegie_lab.widgets.targets import KINDS, board_targets


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
        for kind, targets in board_targets(game).items():
            assert {t.notation for t in targets.values()} <= legal, kind
            seen[kind] += len(targets)
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


def click(slot, key: str) -> None:
    """What plotly's widget does for a click on a point of the ``targets`` trace."""
    trace = next(t for t in slot.widget.data if t.name == TARGETS)
    slot._clicked(trace, SimpleNamespace(point_inds=[list(trace.customdata).index(key)]), None)


def test_a_click_on_a_ringed_city_plays_it():
    d = Dashboard()
    slot = d.board.slots["map"]
    trace = next(t for t in slot.widget.data if t.name == TARGETS)
    assert set(trace.customdata) == set(d.board.targets["map"]) and trace.hovertext
    highlight = next(t for t in slot.widget.data if t.name == "highlight")
    assert set(highlight.customdata) == set(trace.customdata)             # ringed
    city = sorted(d.board.targets["map"])[0]
    click(slot, city)
    assert d.game.actions[-1] == f"house {city}" and d.game.decision.kind == "reserve"
    trace = next(t for t in slot.widget.data if t.name == TARGETS)
    assert list(trace.customdata) == [] and "Or click a ringed" not in d.turn.value   # nothing on the map now


def test_a_stale_click_plays_nothing():
    d = Dashboard()
    before = list(d.game.actions)
    d._picked("map", "no_such_city")
    assert d.game.actions == before and d.status.value == ""         # a click that only looks


def test_the_board_takes_no_clicks_when_it_is_not_yours_or_in_a_replay():
    bots = Dashboard(cl.new_game(["Ada", "Bo"], seed=1), seats=[Seat("Ada", "easy"), Seat("Bo", "easy")],
                     auto=False)
    assert bots.board.targets == {} and "Or click" not in bots.turn.value
    d = Dashboard()
    assert d.board.targets["map"] and "Or click a ringed site or city (Map)" in d.turn.value
    d.side.selected_index = REPLAY
    assert d.board.targets == {}
    trace = next(t for t in d.board.slots["map"].widget.data if t.name == TARGETS)
    assert list(trace.customdata) == []                       # the replay's board has nothing to click
    d.side.selected_index = PLAY
    assert d.board.targets["map"]

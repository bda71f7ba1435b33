"""controls.py: every decision kind becomes controls that fit it, and every legal action is in one."""
from __future__ import annotations

from collections import defaultdict

import pytest

import carnegie_lab as cl
from carnegie_lab.bots.random_bot import RandomBot
from carnegie_lab.core.loader import components
from carnegie_lab.session.controls import Buttons, MoveGrid, Picker, panel_for
from carnegie_lab.tutor.positions import SETUP

C = components()

#: decision kind -> the control keys (before ':') it may show
EXPECTED = {
    "house": {"house"}, "reserve": {"reserve"}, "setup": {"moves"}, "choose": {"timeline"},
    "event": {"income", "donate", "study"}, "activate": {"activate"}, "arrival": {"lobby"},
    "property": {"property"},
    "turn": {"department", "moves", "study", "switch"},
}


def kinds_seen(max_seeds: int = 200):
    """Play random games and collect, per decision kind, the panels met (until every kind is met;
    Property Management's decision is rare: about one 2-player random game in 60)."""
    seen = defaultdict(list)
    for seed in range(max_seeds):
        players = ["Ada", "Bo", "Cy", "Di"][:2 + (seed % 6 == 5) + (seed % 6 == 3) * 2]
        game = cl.new_game(players, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            panel = panel_for(game)
            if len(seen[panel.kind]) < 40:
                seen[panel.kind].append((game.copy(), panel))
            game.apply(bot.choose(game))
        if all(seen.get(k) for k in EXPECTED) and seed >= 3:
            break
    return seen


def department_words(game, panel) -> int:
    """Check that every department control speaks the engine's words (``game.describe``); returns how many
    department actions were checked."""
    checked = 0
    for g in panel.groups:
        if not g.key.startswith("department:"):
            continue
        name = game.rules.by_code[g.key.split(":")[1]].name
        if isinstance(g, Picker):
            for c in g.choices:
                assert c.text == f"{name}: {game.describe(c.notation)}", (c.text, c.notation)
                checked += 1
            continue
        for o in g.options:
            words = game.describe(o.notation)
            action = game.parse(o.notation)
            if action.args and action.args[0] == "to":      # a fixed gain with a mission: the region on the button
                assert game.describe(action, mission=False) in g.title and g.title.startswith(name)
                assert o.label == game.components.regions[action.args[-1]].name
                assert words == f"{game.describe(action, mission=False)}, mission to the {o.label}"
            else:
                assert words in o.label, (words, o.label)
            checked += 1
    return checked


@pytest.fixture(scope="module")
def seen():
    return kinds_seen()


def test_every_decision_kind_is_met(seen):
    assert set(EXPECTED) <= set(seen)


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_kind_maps_to_its_controls(seen, kind):
    for game, panel in seen[kind]:
        keys = {g.key.split(":")[0] for g in panel.groups}
        assert keys and keys <= EXPECTED[kind], (kind, keys)
        assert sorted(panel.notations()) == sorted(map(str, game.legal_actions()))
        assert len(panel.notations()) == len(set(panel.notations()))


def test_panels_cover_the_legal_actions_exactly():
    for seed in range(6):
        names = ["Ada"] if seed % 3 == 0 else ["Ada", "Bo", "Cy"][:2 + seed % 2]
        game = cl.new_game(names, seed=seed, **({"solo_level": 1 + seed % 4} if len(names) == 1 else {}))
        bot = RandomBot(seed)
        while not game.is_over:
            panel = panel_for(game)
            assert sorted(panel.notations()) == sorted(map(str, game.legal_actions()))
            for group in panel.groups:
                if isinstance(group, Picker):
                    keys = [tuple(k for k, _ in c.values) for c in group.choices]
                    assert len(keys) == len(set(keys)), group.key
            game.apply(bot.choose(game))
        assert panel_for(game).kind == "over" and not panel_for(game).groups


@pytest.mark.parametrize("departments", ["base+expansion", "expansion-open-bar"])
def test_expansion_games_are_covered_too(departments):
    """Expansion tiles: HR Administration's "move anywhere" grid, per-project gains, Payroll, Archives."""
    met = set()
    for seed in range(12):
        game = cl.new_game(["Ada", "Bo", "Cy"][:2 + seed % 2], seed=seed, departments=departments)
        bot = RandomBot(seed)
        while not game.is_over:
            panel = panel_for(game)
            assert sorted(panel.notations()) == sorted(map(str, game.legal_actions()))
            department_words(game, panel)
            for g in panel.groups:
                met.add(g.key)
                assert not g.key.startswith("other:"), g.key          # every verb has its own control
                if g.key == "relocate":
                    assert isinstance(g, MoveGrid) and "anywhere" in g.title
                    assert f"({game.decision.context.count} left)" in g.title
                if g.key in ("department:partners", "department:branding", "department:renovation",
                             "department:knowledge"):
                    assert g.slots == ("Region", "Gain")
            game.apply(bot.choose(game))
    assert {"department:hradmin", "department:accounting"} & met


def test_setup_house_buttons_are_grouped_by_region():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    panel = panel_for(game)
    assert panel.kind == "house"
    assert all(isinstance(g, Buttons) and g.key.startswith("house:") for g in panel.groups)
    labels = {o.label for g in panel.groups for o in g.options}
    assert {"Pittsburgh", "Chicago", "New Orleans"} <= labels and "Seattle" not in labels
    assert [g.title.split(" — ")[1] for g in panel.groups] == [C.regions[r].name for r in C.regions
                                                              if any(g.key == f"house:{r}" for g in panel.groups)]


def test_reserve_buttons_are_grouped_by_department_type(seen):
    game, panel = seen["reserve"][0]
    types = [g.key.split(":")[1] for g in panel.groups]
    assert types == [t for t in ("HR", "MG", "CO", "RD") if t in types]
    assert all(o.notation.startswith("reserve ") for g in panel.groups for o in g.options)


def test_timeline_rows_are_buttons_with_their_event(seen):
    game, panel = seen["choose"][0]
    timeline = panel.group("timeline")
    assert isinstance(timeline, Buttons) and timeline.layout == "column"
    assert [o.notation for o in timeline.options] == [f"choose {t}" for t in ("HR", "MG", "CO", "RD")
                                                      if f"choose {t}" in timeline.notations()]
    assert all("event:" in o.label for o in timeline.options)


def test_setup_moves_are_a_company_grid_with_done(seen):
    game, panel = seen["setup"][0]
    grid = panel.group("moves")
    assert isinstance(grid, MoveGrid) and len(grid.cells) == 16
    assert {c.name for c in grid.cells} == set(C.company.cells)
    for source in grid.sources():
        for target, notation in grid.targets(source).items():
            assert notation == f"move {source} {target}"
            assert target in C.company.neighbours[source]
    assert [o.notation for o in panel.footer][0] == "done"
    top_left = next(c for c in grid.cells if c.name == "a4")
    assert (top_left.row, top_left.col) == (1, 1)


def test_donations_are_the_chart_as_a_grid(seen):
    panels = [p for _, p in seen["event"] if any(g.key == "donate" for g in p.groups)]
    assert panels
    chart = panels[0].group("donate")
    assert chart.layout == "grid" and len(chart.columns) == 4
    for o in chart.options:
        d = C.donations[o.notation.split()[1]]
        assert (o.row, o.col) == (d.row, d.column)
    assert "costs $" in chart.title


def test_construction_picks_type_then_region_then_city(seen):
    pickers = [g for _, p in seen["turn"] for g in p.groups
               if isinstance(g, Picker) and g.key in ("department:co", "department:engineering")]
    assert pickers, "no construction decision met"
    picker = pickers[0]
    assert picker.slots == ("Project", "Region", "City") and picker.submit == "Build"
    ptype = picker.options(0)[0][0]
    regions = [k for k, _ in picker.options(1, [ptype])]
    assert set(regions) <= set(C.regions)
    city = picker.options(2, [ptype, regions[0]])[0][0]
    assert C.cities[city].region == regions[0]
    choice = picker.find([ptype, regions[0], city])
    assert choice.notation.endswith(f"{ptype} {city}") and "build a" in choice.text


def test_departments_are_grouped_with_their_options(seen):
    keys = {g.key for _, p in seen["turn"] for g in p.groups if g.key.startswith("department:")}
    assert {"department:hr", "department:cf"} & keys
    for _, p in seen["turn"]:
        for g in p.groups:
            if g.key == "department:cf" and isinstance(g, Picker):
                assert g.slots == ("Gain", "Mission")
                labels = {label for c in g.choices for _, label in c.values}
                assert "no mission" in labels


def test_department_controls_say_what_the_engine_describes(seen):
    assert sum(department_words(game, panel) for game, panel in seen["turn"])
    game = cl.new_game(["Ada", "Bo"], seed=7)
    for action in [*SETUP, "choose MG", "done", "done"]:
        game.apply(action)
    cf = panel_for(game).group("department:cf")
    assert isinstance(cf, Picker) and cf.slots == ("Gain", "Mission")
    assert cf.options(0) == [("money", "+$3"), ("goods", "+1 goods")]
    assert cf.find(["money", "south"]).text == "Commerce & Finance: +$6, mission to the South"
    assert cf.find(["goods", "-"]).text == "Commerce & Finance: +1 goods"


def test_done_and_sell_are_small_footer_buttons(seen):
    game, panel = seen["turn"][0]
    footer = {o.notation: o.label for o in panel.footer}
    assert footer.get("done") == "End my turn"
    if "sell" in footer:
        assert footer["sell"] == "Sell 1 goods (+$1)"
    assert "sell" not in [n for g in panel.groups for n in g.notations()]


def test_activation_buttons_show_the_price(seen):
    game, panel = seen["activate"][0]
    group = panel.group("activate")
    assert all("$" in o.label for o in group.options)


def test_property_and_lobby_decisions(seen):
    for game, panel in seen["property"]:
        group = panel.group("property")
        assert all(o.notation.startswith("property ") for o in group.options)
        cell = game.decision.context.cell
        dept = game.components.departments[game.state.players[panel.seat].cells[cell]]
        assert group.title.endswith(f"into {dept.name}")
    for game, panel in seen["arrival"]:
        group = panel.group("lobby")
        assert all(o.notation.startswith("lobby ") for o in group.options)
        assert f"({game.decision.context.count} arriving)" in group.title


def test_no_control_is_a_raw_list_of_notations(seen):
    for kind, items in seen.items():
        for game, panel in items:
            for g in panel.groups:
                if isinstance(g, Buttons):
                    assert len(g.options) <= 25, (kind, g.key, len(g.options))
                    assert all(o.label != o.notation for o in g.options), (kind, g.key)


def test_an_income_button_says_what_it_pays(seen):
    """"1 employee home: $3": the amount is what the rules pay when the button is clicked."""
    checked = 0
    for game, panel in seen["event"]:
        seat = game.decision.player
        for control in panel.groups:
            if not (isinstance(control, Buttons) and control.key == "income"):
                continue
            for option in control.options:
                after = game.copy()
                after.apply(option.notation)
                money, goods = after.money(seat) - game.money(seat), after.goods(seat) - game.goods(seat)
                paid = " + ".join([f"${money}"] * bool(money) + [f"{goods} goods"] * bool(goods)) or "nothing"
                assert option.label.endswith(f": {paid}"), (option.label, paid)
                checked += 1
    assert checked

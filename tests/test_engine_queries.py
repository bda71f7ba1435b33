"""The read-only queries of Game (what views, widgets and notebooks ask) say what the rules then do:
each is checked against the change that applying the action makes, in random games of every mode."""
from __future__ import annotations

import random
from collections import Counter

import networkx as nx

import carnegie_lab as cl
from carnegie_lab.core.state import site_city
from carnegie_lab.tutor.positions import whole_game


def positions(departments: str, games: int):
    """Every position of random games (players mostly act rather than pass)."""
    for seed in range(games):
        names = ["Ada", "Bo", "Cy", "Di"][:2 + seed % 3]
        game = cl.new_game(names, seed=seed, departments=departments)
        rng = random.Random(seed)
        while not game.is_over:
            yield game
            actions = game.legal_actions()
            active = [a for a in actions if a.verb not in ("done", "sell")]
            game.apply(rng.choice(active) if active and rng.random() < 0.8 else rng.choice(actions))


def after(game: cl.Game, action: cl.Action) -> cl.Game:
    copy = game.copy()
    copy.apply(action)
    return copy


def check(game: cl.Game, met: Counter) -> None:
    seat = game.current_player
    assert seat is not None
    me = game.state.players[seat]
    first = {}
    grammar = game.rules.grammar
    for a in game.legal_actions():
        first.setdefault(a.verb, a)
        if a.verb in game.rules.by_code and ("project", "city") in grammar.get(a.verb, ()) and len(a.args) == 2:
            first.setdefault("build", a)
        if a.verb == "activate" and len(a.args) == 2:
            first.setdefault("activate " + a.args[1], a)
    for key, a in first.items():
        if key.startswith("activate"):
            money, vp = game.activation_cost(a)
            p = after(game, a).state.players[seat]
            assert (me.money - p.money, p.vp - me.vp) == (money, vp), a
            cell = a.args[0]
            stood = set(p.standing.get(cell, ())) - set(me.standing.get(cell, ()))
            assert stood == {game.free_workstation(seat, cell)}, a
            met[key] += 1
        elif key == "build":
            ptype, city = a.args
            built = set(after(game, a).state.board.sites) - set(game.state.board.sites)
            assert built == {game.build_site(seat, city, ptype)}, a
            met[key] += 1
        elif key in ("donate", "charity"):
            price = game.donation_price(seat)
            assert me.money - after(game, a).state.players[seat].money == price
            met["cheaper donation"] += price < game.rules.constants.donation_price * (me.donations + 1)
        elif key == "track":
            cost = game.track_step_cost(seat, a.args[0])
            later = after(game, a)
            if later.current_player == seat and later.decision.kind == game.decision.kind:   # points kept
                assert game.state.flow.study - later.state.flow.study == cost
                met["cheaper track"] += cost < game.components.tracks[a.args[0]].spaces[me.tracks[a.args[0]] + 1].cost
        elif key == "sp":
            cost = game.department_cost(seat, *a.args)
            assert me.goods - after(game, a).state.players[seat].goods == cost
            met["department built"] += 1
        elif key == "choose":
            row, space = game.row_event(a.args[0])
            f = after(game, a).state.flow
            if f.chosen == a.args[0]:               # (Andrew may have played his turn on top)
                assert (f.event_row, f.income, f.donation) == (row, space.income, space.donation)
                met["row at its end"] += row != game.components.timeline.rows.index(a.args[0])
    for owner in range(len(game.players)):
        assert game.active_employees(owner) == game.seat_score(owner).employees
        for region in game.components.regions:
            held = sum(1 for key, disc in game.state.board.sites.items()
                       if disc.owner == owner and game.components.cities[site_city(key)].region == region)
            assert game.projects_in(owner, region) == held


def test_the_queries_say_what_the_rules_do():
    met: Counter = Counter()
    wanted = ("activate raise", "activate cut", "cheaper track", "row at its end", "department built", "build")
    for departments in ("base", "base+expansion", "expansion-open-bar"):
        for game in positions(departments, games=40):
            check(game, met)
            if all(met[k] for k in wanted):
                break
    assert all(met[k] for k in wanted), met


def build_tile(state: dict, p: dict, dept_id: str) -> None:
    """The player (a dict of the state dict) builds the tile: the reserved tile if it is that one; else
    the reserve goes back into the pool (it must be the first tile built) and the tile comes from the
    pool, or is a copy out of play if the pool has none."""
    assert dept_id not in p["built"]
    pool = state["board"]["pool"]
    if p["reserve"] != dept_id:
        if p["reserve"] is not None:
            pool[p["reserve"]] = pool.get(p["reserve"], 0) + 1
        if pool.get(dept_id):
            pool[dept_id] -= 1
        else:                                # not if both copies are in play
            assert sum(q["built"].count(dept_id) + (q["reserve"] == dept_id) for q in state["players"]) < 2
    p["reserve"] = None
    p["built"].append(dept_id)


def test_the_donation_price_with_communications_staffed():
    """Communications lowers the base price: the query and the payment agree (a position edited to
    give the deciding player a staffed Communications at a Make a Donation event)."""
    for game in positions("base", games=20):
        if any(a.verb == "donate" for a in game.legal_actions()):
            break
    seat = game.current_player
    position = game.to_position()
    p = position["state"]["players"][seat]
    empty = next(c for c in game.components.company.cells if c not in p["cells"])
    p["cells"][empty], p["standing"][empty], p["supply"] = "communications", [0], p["supply"] - 1
    build_tile(position["state"], p, "communications")
    p["money"] = 50
    edited = cl.Game.from_position(position)
    price = edited.donation_price(seat)
    communications = game.components.departments["communications"].params["donation_price"]
    assert price == communications * (p["donations"] + 1) < game.donation_price(seat)
    donate = next(a for a in edited.legal_actions() if a.verb == "donate")
    assert 50 - after(edited, donate).state.players[seat].money == price


def check_position_queries(game: cl.Game) -> None:
    """The read-only queries of the tutorials say what the position's JSON says."""
    state = game.to_position()["state"]
    board, C = state["board"], game.components
    for seat, p in enumerate(state["players"]):
        assert (game.money(seat), game.goods(seat)) == (p["money"], p["goods"])
        for cell in C.company.cells:
            assert game.standing(seat, cell) == len(p["standing"].get(cell, []))
            assert game.lying(seat, cell) == p["lying"].get(cell, 0)
        for region in C.regions:
            assert game.on_mission(seat, region) == p["missions"].get(region, 0)
            assert game.track_space(seat, region) == p["tracks"][region]
        assert {t: list(game.tab(seat, t)) for t in C.tabs} == p["tabs"]
        assert game.built_tiles(seat) == {c: d for c, d in p["cells"].items() if d in p["built"]}
        assert len(game.built_tiles(seat)) == len(p["built"])
        assert set(game.network(seat)) == {site_city(k) for k, (owner, _) in board["sites"].items() if owner == seat}
        best, scored = game.connection(seat), game.seat_score(seat).connections
        if state["options"]["departments"] == "base":           # no Post Office to add to it
            assert (best.vp if best else 0) == scored
        else:
            assert (best.vp if best else 0) <= scored
    for owner in ("neutral", "andrew", *range(len(state["players"]))):
        assert game.sites_of(owner) == [k for k, (o, _) in board["sites"].items() if o == owner]
    for city in C.cities.values():
        free = game.free_sites(city.id)
        assert free == [f"{city.id}/{s.index}" for s in city.sites if f"{city.id}/{s.index}" not in board["sites"]]
    assert game.free_donations() == [d for d in C.donations if not board["donations"].get(d)]
    assert game.tiles_in_pool() == {d: n for d, n in board["pool"].items() if n}
    assert game.round_summaries() == state["history"]


def test_the_tutorials_queries_say_what_the_position_holds():
    seen = Counter()
    for departments in ("base", "base+expansion"):
        for n, game in enumerate(positions(departments, games=3)):
            if n % 7 == 0:
                check_position_queries(game)
                seen["positions"] += 1
                seen["missions"] += any(game.on_mission(0, r) for r in game.components.regions)
    assert seen["positions"] > 100 and seen["missions"], seen
    ended = whole_game()                                    # the tutorials' game: Bo links two major cities
    check_position_queries(ended)
    assert ended.connection(1).majors == ("chicago", "new_york") and ended.connection(0) is None
    whole = cl.new_game(["Ada", "Bo"], seed=1).network()
    # the board's roads as traced in shared/carnegie-facts.md §1.3: 54 of them, one connected map, degrees 2-5
    assert whole.number_of_nodes() == 32 and whole.number_of_edges() == 54 and nx.is_connected(whole)
    assert {d for _, d in whole.degree} == {2, 3, 4, 5}
    assert all(whole.has_edge(a, b) for a, b in [("seattle", "helena"), ("pittsburgh", "new_york"),
                                                 ("houston", "new_orleans"), ("st_paul", "chicago")])
    assert not any(whole.has_edge(a, b) for a, b in [("chicago", "cincinnati"), ("helena", "boise"),
                                                     ("dallas", "san_antonio"), ("chicago", "new_york"),
                                                     ("albany", "washington")])


def test_round_summaries_are_copies():
    for game in positions("base", games=1):
        if game.round == 3:
            break
    summaries = game.round_summaries()
    summaries[0]["chosen"] = "nothing"
    summaries[1]["players"][0]["money"] = -1
    assert game.round_summaries()[0]["chosen"] != "nothing" and game.round_summaries()[1]["players"][0]["money"] >= 0


def test_andrew_as_the_table_shows_him():
    game = cl.new_game(["Ada"], seed=3, solo_level=2)
    assert cl.new_game(["Ada", "Bo"], seed=3).andrew() is None
    rng = random.Random(3)
    while not game.is_over:
        a, view = game.to_position()["state"]["andrew"], game.andrew()
        cards = game.components.solo_cards
        down = game.decision.kind == "choose" and a["card"] is not None     # drawn; his turn comes after the row
        assert view is not None and (view.level, view.slide, view.face_down) == (a["level"], a["slide"], down)
        assert view.card == (None if down else a["card"])                   # its front shows on his turn
        card = cards[a["card"]] if a["card"] else None
        top = cards[a["deck"][0]] if a["deck"] else None
        assert view.card_action == (None if card is None or (down and card.advanced) else card.action)
        assert view.card_advanced == (card is not None and card.advanced)
        # the top card's back: a normal card's action, or only that it is advanced
        assert (view.next_action, view.next_advanced) == \
            ((None, False) if top is None else (None, True) if top.advanced else (top.action, False))
        assert [list(cards) for _, cards in view.vp_cards] == a["vp_slots"]
        assert [vp for vp, _ in view.vp_cards] == list(game.components.constants.andrew_vp_cards)
        assert view.cards_left == len(a["deck"]) and view.chooses == (game.round % 2 == 0)
        assert not hasattr(view, "deck")                    # the order of his deck stays hidden
        game.apply(rng.choice(game.legal_actions()))


def test_the_options_and_andrews_name_come_from_the_engine():
    solo = cl.new_game(["Ada"], seed=4, solo_level=2)
    assert solo.andrew_name == "Andrew Carnegie" and solo.andrew_name in solo.scores()
    assert cl.new_game(["Ada", "Bo"], seed=4).andrew_name is None
    options = solo.options
    assert options["seed"] == 4 and options["solo_level"] == 2
    options["seed"] = 5                                   # a copy: the game keeps its own
    assert solo.options["seed"] == 4 and solo.to_record()["options"]["seed"] == 4


def check_view_queries(game: cl.Game) -> None:
    """The read-only queries the views draw from (``carnegie_lab.queries``) say what the position's JSON says."""
    state = game.to_position()["state"]
    flow, board, C = state["flow"], state["board"], game.components
    assert (game.phase, game.chosen_action, game.gear_row) == (flow["phase"], flow["chosen"], flow["event_row"])
    assert game.markers() == tuple(board["markers"])
    assert game.timeline_tiles() == tuple(tuple(t) for t in board["timeline"])
    assert game.map_discs() == {k: tuple(v) for k, v in board["sites"].items()}
    andrew = [("andrew", state["andrew"]["tracks"])] if state["andrew"] else []
    assert game.track_discs() == tuple([*enumerate(p["tracks"] for p in state["players"]), *andrew])
    final = game.rules.final_space
    for region in C.tracks:
        holders = [o for o, tracks in game.track_discs() if tracks[region] == final]
        assert game.final_box_holder(region) == (holders[0] if holders else None)
    for seat, p in enumerate(state["players"]):
        assert (game.vp(seat), game.discs(seat), game.supply(seat)) == (p["vp"], p["discs"], p["supply"])
        assert (game.donations_made(seat), game.reserved_tile(seat), game.holds_action_choice(seat)) == \
            (p["donations"], p["reserve"], p["action_choice"])
        assert game.tab_side(seat) == p["tab_side"]
        for cell in C.company.cells:
            assert game.workstations_taken(seat, cell) == tuple(p["standing"].get(cell, ()))
            dept = game.company_department(seat, cell)
            assert dept is None or (dept.id == p["cells"][cell] and game.department_at(seat, cell) == dept.id)
        income = game.project_income(seat)
        assert income.vp == 0 and income.money >= 0 and income.goods >= 0
        for ptype in C.tabs:
            shown = [s.vp for s in game.tab_spaces(seat, ptype)[:p["tabs"][ptype][0]] if s.kind == "vp"]
            assert game.tab_vp(seat, ptype) == max(shown, default=0)


def test_the_views_queries_say_what_the_position_holds():
    seen = Counter()
    for departments in ("base", "base+expansion"):
        for n, game in enumerate(positions(departments, games=3)):
            if n % 11 == 0:
                check_view_queries(game)
                seen["chosen"] += game.chosen_action is not None
    solo = cl.new_game(["Ada"], seed=2, solo_level=2)
    rng = random.Random(2)
    while not solo.is_over:
        check_view_queries(solo)
        solo.apply(rng.choice(solo.legal_actions()))
    check_view_queries(solo)
    assert seen["chosen"] > 20 and solo.phase == "over", seen
    discs = solo.map_discs()
    discs.clear()                                         # a copy: the game keeps its own
    assert solo.map_discs() and solo.track_discs()[0][1] is not solo.track_discs()[0][1]

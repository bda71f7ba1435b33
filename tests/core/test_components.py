"""Component data: the invariants of the real data, immutability, and clear errors for broken files."""
from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter

import networkx as nx
import pytest

from carnegie_lab.core.components import ACTION_TYPES, PROJECT_TYPES, Components, Reward
from carnegie_lab.core.errors import DataError
from carnegie_lab.core.loader import DATA_DIR, SLOTS, components, load_components


@pytest.fixture(scope="module")
def c() -> Components:
    return components()


# --- map ---------------------------------------------------------------------------------------------------------

def test_regions_and_city_counts(c):
    assert list(c.regions) == ["west", "midwest", "south", "east"]
    assert len(c.cities) == 32
    per_region = Counter(city.region for city in c.cities.values())
    assert per_region == {"west": 11, "midwest": 8, "south": 8, "east": 5}
    assert Counter(city.size for city in c.cities.values()) == {"small": 18, "medium": 10, "major": 4}
    assert len({r.colour for r in c.regions.values()}) == 4


def test_sites(c):
    for city in c.cities.values():
        assert len(city.sites) == {"small": 1, "medium": 3, "major": 5}[city.size], city.id
        assert [s.index for s in city.sites] == list(range(len(city.sites)))
        # U7: sites are stored left-most first
        assert tuple(s.slot for s in city.sites) == SLOTS[len(city.sites)], city.id
        if city.size == "small":
            assert [(s.type, s.slot) for s in city.sites] == [("any", "center")]
        else:
            assert all(s.type in PROJECT_TYPES for s in city.sites)
    all_sites = [s for city in c.cities.values() for s in city.sites]
    assert len(all_sites) == 68
    assert Counter(s.type for s in all_sites) == {"H": 14, "C": 14, "I": 13, "P": 9, "any": 18}


def test_city_details(c):
    houston, new_orleans, denver = c.cities["houston"], c.cities["new_orleans"], c.cities["denver"]
    assert "H" not in [s.type for s in houston.sites]
    assert [s.type for s in new_orleans.sites].count("H") == 2
    # "C | P,H": top C, bottom-left P, bottom-right H -> left-most order P, C, H
    assert [(s.type, s.slot) for s in denver.sites] == [("P", "bottom-left"), ("C", "top"), ("H", "bottom-right")]
    # "C,H | I,I,P" -> I (bottom-left), C (top-left), I (bottom-mid), H (top-right), P (bottom-right)
    assert [s.type for s in c.cities["san_francisco"].sites] == ["I", "C", "I", "H", "P"]
    assert c.cities["st_paul"].name == "St. Paul" and c.cities["st_paul"].vp == 1
    for city in c.cities.values():
        assert 0 <= city.vp <= 3
        assert 0 < city.x < 3072 and 0 < city.y < 2375
        assert 24 < city.lat < 50 and -125 < city.lon < -66


def test_transport_income_towns(c):
    paying = {city.id for city in c.cities.values() if city.transport_income}
    assert len(paying) == 13
    assert all(c.cities[i].size == "small" for i in paying)
    assert not paying & {"portland", "boise", "reno", "salt_lake_city", "memphis"}


def test_majors_and_connection_points(c):
    majors = {city.id: city.connection_points for city in c.cities.values() if city.size == "major"}
    assert majors == {"san_francisco": 2, "chicago": 1, "new_york": 1, "new_orleans": 1}
    assert all(city.connection_points == 0 for city in c.cities.values() if city.size != "major")


def test_routes(c):
    assert len(c.routes) == 54
    assert len({frozenset(r) for r in c.routes}) == 54          # no duplicates, in either direction
    assert all(a != b and a in c.cities and b in c.cities for a, b in c.routes)
    graph = nx.Graph(c.routes)
    assert set(graph.nodes) == set(c.cities)
    assert nx.is_connected(graph)
    degrees = [d for _, d in graph.degree]
    assert min(degrees) == 2 and max(degrees) == 5
    for a, b in [("chicago", "cincinnati"), ("helena", "boise"), ("dallas", "san_antonio"),
                 ("chicago", "new_york"), ("albany", "washington")]:
        assert not graph.has_edge(a, b)


# --- tracks, tabs, scoring -------------------------------------------------------------------------------------

def test_tracks(c):
    assert list(c.tracks) == list(c.regions)
    for region, track in c.tracks.items():
        assert track.region == region
        assert len(track.spaces) == 5
        assert track.spaces[0].cost == 0 and all(s.cost > 0 for s in track.spaces[1:])
        assert sum(s.cost for s in track.spaces) == 12
        assert track.spaces[-1].level == "train" and track.spaces[-1].income.vp == 2
        assert track.final_capacity == 1
        values = [s.level_value for s in track.spaces]
        assert values == sorted(values)
    assert [c.tracks[r].spaces[0].level for r in c.regions] == ["cart", "cart", "cart", "stagecoach"]
    assert {r: t.final_reward for r, t in c.tracks.items()} == {
        "west": Reward(goods=3), "midwest": Reward(money=10), "south": Reward(goods=3), "east": Reward(money=10)}
    assert c.tracks["midwest"].spaces[2].income.study == 3
    assert c.tracks["east"].spaces[2].income.employees == 1


def test_tabs(c):
    assert list(c.tabs) == list(PROJECT_TYPES)
    assert {t: tab.goods_cost for t, tab in c.tabs.items()} == {"H": 1, "C": 1, "I": 2, "P": 2}
    for side in ("A", "B"):
        for tab in c.tabs.values():
            assert set(tab.sides) == {"A", "B"}
            spaces = tab.sides[side]
            assert spaces[0].cost == 0 and all(s.cost > 0 for s in spaces[1:])
            vps = [s.vp for s in spaces if s.kind == "vp"]
            assert vps == sorted(vps) and len(set(vps)) == len(vps)
    maxima = {t: max(s.vp for s in tab.sides["A"]) for t, tab in c.tabs.items()}
    assert maxima == {"H": 6, "C": 9, "I": 12, "P": 15}
    assert sum(maxima.values()) == 42
    assert all(max(s.vp for s in tab.sides["B"]) < maxima[t] for t, tab in c.tabs.items())
    # Public Infrastructure starts without a disc; 15 project spaces in all (max 45 VP of city projects)
    assert [tab.sides["A"][0].kind for tab in c.tabs.values()] == ["project", "project", "project", "blank"]
    assert sum(s.kind == "project" for tab in c.tabs.values() for s in tab.sides["A"]) == 15


def test_connection_table(c):
    assert c.connection_table == {(2, 1): 3, (2, 2): 6, (2, 3): 9, (3, 1): 6, (3, 2): 12, (3, 3): 18,
                                  (4, 1): 12, (4, 2): 18, (4, 3): 27, (5, 1): 18, (5, 2): 24, (5, 3): 36}


# --- company and departments -----------------------------------------------------------------------------------

def test_company_grid(c):
    cells = c.company.cells
    assert len(cells) == 16
    assert [cell.start for cell in cells.values()].count("lobby") == 1
    assert cells["b1"].start == "lobby"
    empty = [cell for cell in cells.values() if cell.start is None]
    assert len(empty) == 10
    assert sorted(cell.name for cell in empty if cell.row == 4) == ["a4", "b4", "c4", "d4"]
    assert all(cell.vp == 3 for cell in empty if cell.row == 4)
    assert all(cell.vp == 2 for cell in empty if cell.row < 4)
    assert all(cell.vp == 0 for cell in cells.values() if cell.start)
    assert sum(cell.vp for cell in cells.values()) == 24
    starts = {cell.start for cell in cells.values() if cell.start not in (None, "lobby")}
    assert starts == {d.id for d in c.departments.values() if d.starting}
    for name, cell in cells.items():
        assert name == f"{'abcd'[cell.col - 1]}{cell.row}"


def test_company_neighbours(c):
    assert set(c.company.neighbours["b1"]) == {"a1", "c1", "b2"}
    assert set(c.company.neighbours["b2"]) == {"a2", "c2", "b1", "b3"}
    assert set(c.company.diagonal_neighbours["a1"]) == {"b2"}
    assert set(c.company.diagonal_neighbours["c3"]) == {"b2", "d2", "b4", "d4"}
    for name, around in c.company.neighbours.items():
        assert all(name in c.company.neighbours[other] for other in around)


def test_departments(c):
    depts = list(c.departments.values())
    starting = [d for d in depts if d.starting]
    base = [d for d in depts if not d.starting and not d.expansion]
    expansion = [d for d in depts if d.expansion]
    assert len(starting) == 5 and len(base) == 16 and len(expansion) == 16
    assert len(base) * c.constants.department_copies == 32
    assert sorted(d.number for d in base) == list(range(1, 17))
    assert sorted(d.number for d in expansion) == list(range(17, 33))
    assert all(d.number == 0 for d in starting)
    assert len({d.code for d in depts}) == len(depts)
    assert Counter(d.type for d in base) == {t: 4 for t in ACTION_TYPES}
    assert Counter(d.type for d in expansion) == {t: 4 for t in ACTION_TYPES}
    assert Counter(d.type for d in starting) == {"HR": 1, "MG": 2, "CO": 1, "RD": 1}
    hr = c.departments["human_resources"]
    assert hr.workstations == (None, 0, 2) and hr.params["moves_per_employee"] == 3
    assert all(None not in d.workstations for d in depts if not d.starting)
    assert c.departments["new_lobby"].workstations == () and c.departments["new_lobby"].build_extra_goods == 2
    assert c.departments["advanced_research"].params["study"] == 7
    assert c.departments["safety_quality"].params["rounding"] == "down"
    assert {d.id for d in depts if d.end_game} == {"green_spaces", "public_relations", "post_office",
                                                   "network_libraries"}
    assert {d.number for d in base if d.ongoing} == {4, 8, 12, 16}
    assert all(len(d.workstations) == 1 for d in expansion)


# --- timeline, donations, solo, constants ----------------------------------------------------------------------

def test_timeline(c):
    t = c.timeline
    assert t.rows == ACTION_TYPES
    assert len(t.tiles) == 8 and sorted(tile.number for tile in t.tiles) == list(range(1, 9))
    for tile in t.tiles:
        assert len(tile.sides) == 2
        for face in tile.sides:
            assert len(face) == 4
            assert sum(s.donation for s in face) == 1
            regions = [s.income for s in face if s.income]
            assert len(regions) == 3 and len(set(regions)) == 3 and set(regions) <= set(c.regions)
            assert all((s.income is None) == s.donation for s in face)
    assert {row: s.income for row, s in t.end_spaces.items()} == {"HR": "east", "MG": "midwest", "CO": "south",
                                                                   "RD": "west"}
    assert all(s.donation for s in t.end_spaces.values())
    assert t.tiles_in_play == 4 and t.orientation == "column"
    assert len(t.rows) * (t.tiles_in_play + 1) == c.constants.rounds


def test_donations(c):
    assert len(c.donations) == 20
    positions = {(d.column, d.row) for d in c.donations.values()}
    assert positions == {(col, row) for col in range(1, 5) for row in range(1, 6)}
    themes = {d.column: d.theme for d in c.donations.values()}
    assert themes == {1: "education", 2: "human_rights", 3: "welfare", 4: "health"}
    f = {i: d.formula for i, d in c.donations.items()}
    assert (f["education_dept_any"].kind, f["education_dept_any"].filter, f["education_dept_any"].vp) == (
        "departments", (), 1)
    assert (f["hr_project_housing_commerce"].filter, f["hr_project_housing_commerce"].vp) == (("H", "C"), 2)
    assert f["welfare_money_goods"].payment.money == 5 and f["welfare_money_goods"].payment.goods == 1
    assert f["health_west"].filter == ("west",)
    assert all(d.name for d in c.donations.values())


def test_solo_cards(c):
    cards = list(c.solo_cards.values())
    assert len(cards) == 40
    assert sorted(card.id for card in cards if not card.advanced) == [f"N{n:02d}" for n in range(1, 21)]
    assert sorted(card.id for card in cards if card.advanced) == [f"A{n:02d}" for n in range(1, 21)]
    for card in cards:
        assert card.donation in c.donations
        assert card.action in ACTION_TYPES
        assert set(card.mg_types) <= set(ACTION_TYPES) and card.mg_types
        assert set(card.co_cities) <= set(c.cities) and 2 <= len(card.co_cities) <= 4
        assert card.rd_region in c.regions and 1 <= card.rd_steps <= 4
        normal = c.solo_cards[f"N{card.number:02d}"]
        assert (normal.donation, normal.action, normal.co_cities, normal.rd_region) == (
            card.donation, card.action, card.co_cities, card.rd_region)
    assert len({card.donation for card in cards}) == 20
    assert c.solo_cards["A05"].mg_types == ("MG",) and c.solo_cards["N06"].mg_types == ("HR", "HR", "HR")
    assert c.solo_cards["A16"].rd_steps == 4 and c.solo_cards["N16"].rd_steps == 3


def test_constants(c):
    k = c.constants
    assert (k.rounds, k.start_money, k.start_goods, k.employees_total, k.discs_total) == (20, 12, 4, 15, 30)
    assert k.removed_departments == {2: 16, 3: 8, 4: 0}
    assert k.neutral_discs == {2: 18, 3: 9, 4: 0}
    assert k.action_choice_seats == {2: (), 3: (2,), 4: (0, 1, 2, 3)}
    assert k.solo_decks == {1: (20, 0), 2: (15, 5), 3: (10, 10), 4: (5, 15)}
    assert k.andrew_vp_cards == (0, 1, 3, 6, 10)
    assert k.housing_setup_sizes == ("medium", "major")


# --- loading and immutability ----------------------------------------------------------------------------------

def test_components_is_cached_and_equal_to_a_fresh_load(c):
    assert components() is c
    fresh = load_components(DATA_DIR)
    assert fresh is not c
    assert fresh.cities == c.cities and fresh.routes == c.routes and fresh.constants == c.constants


def test_everything_is_frozen(c):
    city = c.cities["chicago"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        city.vp = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.routes = ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.constants.rounds = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        city.sites[0].type = "H"
    with pytest.raises(TypeError):
        c.cities["gotham"] = city
    with pytest.raises(TypeError):
        c.departments["research"].params["study_per_employee"] = 9
    with pytest.raises(TypeError):
        c.company.cells["a1"] = None
    with pytest.raises(TypeError):
        c.tabs["H"].sides["A"] = ()
    with pytest.raises(TypeError):
        c.constants.removed_departments[4] = 4
    with pytest.raises(TypeError):
        c.connection_table[(6, 3)] = 45
    assert isinstance(city.sites, tuple) and isinstance(c.timeline.tiles[0].sides[0], tuple)
    assert isinstance(c.solo_cards["N01"].co_cities, tuple)


# --- broken files ----------------------------------------------------------------------------------------------

def _set(path, value):
    """Return a mutator that sets d[path[0]][path[1]]... = value."""
    def mutate(d):
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(d):
        for key in path[:-1]:
            d = d[key]
        del d[path[-1]]
    return mutate


BREAKAGES = [
    # file, mutation, field named in the error, words of the problem
    ("map.json", _set(["cities", 3, "region"], "westt"), "cities[3].region", "unknown region 'westt'"),
    ("map.json", _delete(["cities", 0, "vp"]), "cities[0].vp", "missing"),
    ("map.json", _set(["cities", 0, "vp"], "1"), "cities[0].vp", "expected an integer"),
    ("map.json", _set(["cities", 0, "transport_income"], 1), "cities[0].transport_income", "expected a boolean"),
    ("map.json", _set(["cities", 0, "colour"], "red"), "cities[0].colour", "unknown key"),
    ("map.json", _set(["cities", 1, "id"], "seattle"), "cities[1].id", "duplicate city id"),
    ("map.json", _set(["cities", 0, "sites", 0, "type"], "H"), "cities[0].sites[0].type", "unknown site type"),
    ("map.json", _set(["cities", 7, "sites", 2, "type"], "any"), "cities[7].sites[2].type", "unknown site type"),
    ("map.json", _delete(["cities", 7, "sites", 2]), "cities[7].sites", "expected 3 entries"),
    ("map.json", _set(["cities", 7, "sites", 2, "slot"], "top"), "cities[7].sites[2].slot", "used twice"),
    ("map.json", _set(["cities", 7, "size"], "huge"), "cities[7].size", "unknown city size"),
    ("map.json", _set(["cities", 7, "transport_income"], True), "cities[7].transport_income", "only small towns"),
    ("map.json", _set(["cities", 4, "connection_points"], 0), "cities[4].connection_points", "must be >= 1"),
    ("map.json", _set(["cities", 0, "lat"], 147.6), "cities[0].lat", "between -90 and 90"),
    ("map.json", _set(["routes", 5, 1], "atlantis"), "routes[5][1]", "unknown city 'atlantis'"),
    ("map.json", lambda d: d["routes"].append(["helena", "seattle"]), "routes[54]", "duplicate route"),
    ("map.json", lambda d: d["routes"].append(["reno", "reno"]), "routes[54]", "to itself"),
    ("map.json", _set(["routes", 0], ["seattle"]), "routes[0]", "pair of city ids"),
    ("map.json", _set(["regions"], {}), "regions", "expected a list"),
    ("tracks.json", _delete(["tracks", 0, "spaces", 4]), "tracks[0].spaces", "expected 5 entries"),
    ("tracks.json", _set(["tracks", 1, "region"], "north"), "tracks[1].region", "unknown region 'north'"),
    ("tracks.json", _set(["tracks", 1, "region"], "west"), "tracks[1].region", "duplicate"),
    ("tracks.json", _set(["tracks", 0, "spaces", 1, "level_value"], 3), "tracks[0].spaces[1].level_value", "value 2"),
    ("tracks.json", _set(["tracks", 0, "spaces", 2, "cost"], 0), "tracks[0].spaces[2].cost", "must be >= 1"),
    ("tracks.json", _set(["tracks", 0, "spaces", 2, "income"], {"gold": 1}), "tracks[0].spaces[2].income.gold",
     "unknown key"),
    ("tracks.json", _set(["tracks", 0, "spaces", 2, "income"], {"money": -1}), "tracks[0].spaces[2].income.money",
     "must be >= 0"),
    ("tabs.json", _delete(["tabs", 0, "sides", "B"]), "tabs[0].sides.B", "missing"),
    ("tabs.json", _set(["tabs", 0, "sides", "C"], []), "tabs[0].sides.C", "unknown key"),
    ("tabs.json", _set(["tabs", 2, "sides", "A", 6], {"kind": "project", "cost": 2, "income": {}, "vp": 0}),
     "tabs[2].sides.A[6].kind", "order"),
    ("tabs.json", _set(["tabs", 2, "sides", "A", 6, "income"], {"goods": 1}), "tabs[2].sides.A[6].income",
     "no income"),
    ("tabs.json", _set(["tabs", 1, "sides", "A", 6, "vp"], 5), "tabs[1].sides.A[6].vp", "increasing"),
    ("tabs.json", _set(["tabs", 1, "sides", "A", 0, "cost"], 2), "tabs[1].sides.A[0].cost", "must be 0"),
    ("tabs.json", _set(["tabs", 3, "type"], "X"), "tabs[3].type", "unknown project type"),
    ("company.json", _set(["cells", 0], {"name": "a4", "vp": 0, "start": "lobby"}), "cells",
     "'lobby' must be on exactly one cell, found 2"),
    ("company.json", _set(["cells", 0, "name"], "e5"), "cells[0].name", "unknown cell name 'e5'"),
    ("company.json", _delete(["cells", 3]), "cells", "missing cell 'd4'"),
    ("company.json", _set(["cells", 0, "start"], "marketing"), "cells[0].start", "unknown starting content"),
    ("company.json", _set(["cells", 15, "vp"], 2), "cells[15].vp", "must be 0"),
    ("departments.json", _set(["departments", 6, "code"], "training"), "departments[6].code", "duplicate"),
    ("departments.json", _set(["departments", 6, "type"], "XX"), "departments[6].type", "unknown department type"),
    ("departments.json", _set(["departments", 6, "workstations"], [None, 1]), "departments[6].workstations[0]",
     "expected a price"),
    ("departments.json", _set(["departments", 6, "mission"], "sometimes"), "departments[6].mission", "unknown"),
    ("departments.json", _set(["departments", 7, "number"], 1), "departments[7].number", "duplicate tile number"),
    ("departments.json", _delete(["departments", 4]), "cells[15].start", "unknown starting content 'research'"),
    ("timeline.json", _set(["tiles", 0, "front", 1], {"income": "west", "donation": False}), "tiles[0].front",
     "exactly one donation"),
    ("timeline.json", _set(["tiles", 0, "front", 1], {"income": "south", "donation": True}), "tiles[0].front",
     "not both"),
    ("timeline.json", _set(["tiles", 2, "back", 0, "income"], "mars"), "tiles[2].back[0].income",
     "unknown region 'mars'"),
    ("timeline.json", _delete(["tiles", 2, "back", 0]), "tiles[2].back", "expected 4 entries"),
    ("timeline.json", _set(["end_spaces", "HR", "income"], None), "end_spaces.HR", "both income"),
    ("timeline.json", _delete(["end_spaces", "RD"]), "end_spaces.RD", "missing"),
    ("timeline.json", _set(["tiles_in_play"], 5), "tiles_in_play", "20 rounds"),
    ("timeline.json", _set(["orientation"], "diagonal"), "orientation", "unknown orientation"),
    ("timeline.json", _set(["rows"], ["HR", "MG", "CO", "CO"]), "rows[3]", "listed twice"),
    ("donations.json", _set(["donations", 3, "row"], 1), "donations[3].row", "already"),
    ("donations.json", _set(["donations", 3, "column"], 5), "donations[3].column", "between 1 and 4"),
    ("donations.json", _set(["donations", 0, "formula", "filter"], ["XX"]), "donations[0].formula.filter[0]",
     "unknown department type 'XX'"),
    ("donations.json", _set(["donations", 15, "formula", "filter"], ["westt"]), "donations[15].formula.filter[0]",
     "unknown region 'westt'"),
    ("donations.json", _set(["donations", 10, "formula", "filter"], ["west"]), "donations[10].formula.filter",
     "takes no filter"),
    ("donations.json", _set(["donations", 5, "formula", "kind"], "magic"), "donations[5].formula.kind",
     "unknown formula kind"),
    ("donations.json", _set(["donations", 11, "formula", "payment"], {}), "donations[11].formula.payment", "needed"),
    ("donations.json", _set(["donations", 6, "theme"], "health"), "donations[6].theme", "column 2"),
    ("donations.json", _delete(["donations", 19]), "donations", "needs 20"),
    ("solo.json", _set(["cards", 4, "co_cities", 0], "gotham"), "cards[4].co_cities[0]", "unknown city 'gotham'"),
    ("solo.json", _set(["cards", 0, "donation"], "nope"), "cards[0].donation", "unknown donation 'nope'"),
    ("solo.json", _set(["cards", 24, "action"], "MG"), "cards[24].action", "but N05 has HR"),
    ("solo.json", _set(["cards", 0, "mg_types"], ["HR", "ZZ"]), "cards[0].mg_types[1]", "unknown department type"),
    ("solo.json", _set(["cards", 0, "rd_region"], "north"), "cards[0].rd_region", "unknown region 'north'"),
    ("solo.json", _set(["cards", 0, "action"], "XX"), "cards[0].action", "unknown action"),
    ("solo.json", _set(["cards", 0, "id"], "N99"), "cards[0].id", "must have id 'N01'"),
    ("solo.json", lambda d: d["cards"].__delitem__(slice(34, 40)), "cards", "14 advanced cards, solo_decks needs 15"),
    ("scoring.json", _delete(["connection_table", 2]), "connection_table", "missing the row for 4"),
    ("scoring.json", _delete(["connection_table", 0, "train"]), "connection_table[0].train", "missing"),
    ("scoring.json", _set(["connection_table", 0, "points"], 1), "connection_table[0].points", "between 2 and 5"),
    ("rules.json", _delete(["rounds"]), "rounds", "missing"),
    ("rules.json", _set(["removed_departments", "2"], 40), "removed_departments.2", "only 32 base tiles"),
    ("rules.json", _set(["removed_departments", "two"], 4), "removed_departments.two", "whole numbers"),
    ("rules.json", _set(["solo_decks", "2"], [15, 4]), "solo_decks.2", "20 cards"),
    ("rules.json", _set(["action_choice_seats", "3"], [3]), "action_choice_seats.3", "0..2"),
    ("rules.json", _set(["housing_setup_sizes"], ["huge"]), "housing_setup_sizes[0]", "unknown city size"),
    ("rules.json", _set(["andrew_vp_cards"], [0, 3, 1]), "andrew_vp_cards", "increasing"),
]


def _broken_copy(tmp_path, file, mutate):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    data = json.loads((folder / file).read_text())
    mutate(data)
    (folder / file).write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize("file, mutate, field, problem", BREAKAGES,
                         ids=[f"{b[0]}:{b[2]}:{b[3]}" for b in BREAKAGES])
def test_broken_file_names_file_and_field(tmp_path, file, mutate, field, problem):
    folder = _broken_copy(tmp_path, file, mutate)
    with pytest.raises(DataError) as info:
        load_components(folder)
    err = info.value
    expected_file = "company.json" if field == "cells[15].start" else file
    assert (err.file, err.field) == (expected_file, field), str(err)
    assert problem in err.problem, str(err)
    assert str(err).startswith(f"{expected_file}: {field}: ")


def test_untouched_copy_loads(tmp_path):
    folder = _broken_copy(tmp_path, "map.json", lambda d: None)
    assert load_components(folder).cities == components().cities
    assert load_components(str(folder)).routes == components().routes


def test_invalid_json(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    (folder / "map.json").write_text('{"regions": [,]}')
    with pytest.raises(DataError, match=r"^map\.json: \(line 1, column 14\): not valid JSON"):
        load_components(folder)


def test_missing_file(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    (folder / "tabs.json").unlink()
    with pytest.raises(DataError, match=r"^tabs\.json: \(file\): cannot be read"):
        load_components(folder)


def test_top_level_not_an_object(tmp_path):
    folder = _broken_copy(tmp_path, "solo.json", lambda d: None)
    (folder / "solo.json").write_text("[]")
    with pytest.raises(DataError, match=r"^solo\.json: \(top level\): expected an object"):
        load_components(folder)


def test_data_error_is_a_value_error():
    assert issubclass(DataError, ValueError)

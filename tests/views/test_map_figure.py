"""map_figure: discs, sites, routes, cities and one player's network, checked against the state."""
from __future__ import annotations

import networkx as nx
import pytest
from views_helpers import build_disc, remove_disc, segments, trace, with_state

from carnegie_lab.core.loader import components
from carnegie_lab.rules.network import best_connection, map_graph, network
from carnegie_lab.views import _shapes, map_figure
from carnegie_lab.views.palette import owner_colour, owners

C = components()
ALL_SITES = sum(len(c.sites) for c in C.cities.values())
PLATE = (90, 45)      # half the width and height of the largest city plate on the board, in map units


@pytest.mark.parametrize("name", ["fresh", "mid2", "mid3", "mid4", "finished", "solo"])
def test_one_disc_marker_per_built_site_in_its_owners_colour(positions, name):
    game = positions[name]
    sites = game.state.board.sites
    fig = map_figure(game)
    drawn = 0
    for owner in owners(game):
        t = trace(fig, f"discs-{owner}")
        expected = {key for key, (who, _) in sites.items() if who == owner}
        assert set(t.customdata) == expected and len(t.customdata) == len(expected)
        assert t.marker.color == owner_colour(owner)
        assert t.meta["owner"] == owner
        for key, x, y, letter in zip(t.customdata, t.x, t.y, t.text):
            city = game.components.cities[key.split("/")[0]]
            assert abs(x - city.x) <= PLATE[0] and abs(y - city.y) <= PLATE[1]   # on its city's plate
            assert letter == (sites[key][1] or "")
        assert len(set(zip(t.x, t.y))) == len(t.x)                                # one place a site
        drawn += len(t.x)
    assert drawn == len(sites)


def test_free_sites_show_their_project_type(mid3):
    sites = mid3.state.board.sites
    t = trace(map_figure(mid3), "sites-empty")
    assert len(t.customdata) == ALL_SITES - len(sites)
    assert not set(t.customdata) & set(sites)
    types = {f"{c.id}/{s.index}": s.type for c in C.cities.values() for s in c.sites}
    assert list(t.text) == [("" if types[k] == "any" else types[k]) for k in t.customdata]


def test_neutral_and_andrew_colours(mid3, solo):
    assert trace(map_figure(mid3), "discs-neutral").marker.color == "#9a9a9a"
    andrew = trace(map_figure(solo), "discs-andrew")
    assert andrew.marker.color == "#1b1b1b" and len(andrew.x) > 0


def test_routes_are_one_line_trace_and_cities_carry_ids_and_hover(mid3):
    fig = map_figure(mid3)
    routes = trace(fig, "routes")
    assert segments(routes.x) == len(C.routes)
    cities = trace(fig, "cities")
    assert list(cities.customdata) == list(C.cities)
    hover = dict(zip(cities.customdata, cities.hovertext))
    for key, (who, _) in mid3.state.board.sites.items():
        name = "neutral" if who == "neutral" else mid3.state.players[who].name
        assert name in hover[key.split("/")[0]]
    for city in C.cities.values():
        assert f"{city.vp} VP per disc" in hover[city.id]


def test_majors_are_emphasised_and_printed_vp_shown():
    from carnegie_lab.views.map import _static
    _, _, static = _static(C)
    names = {t["name"]: t for t in static}
    labels = dict(zip([c.id for c in C.cities.values()], names["city-names"]["text"]))
    assert labels["chicago"].startswith("<b>") and not labels["omaha"].startswith("<b>")
    badges = dict(zip(names["city-vp"]["customdata"], names["city-vp"]["text"]))
    assert badges == {c.id: str(c.vp) for c in C.cities.values() if c.vp}


def test_without_a_player_nothing_is_highlighted(mid3):
    fig = map_figure(mid3)
    for name in ("network-edges", "network-cities", "best-connection"):
        assert len(trace(fig, name).x) == 0


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_highlighted_network_is_the_networkx_network(mid3, seat):
    fig = map_figure(mid3, player=seat)
    net = network(mid3.state, seat)
    halo = trace(fig, "network-cities")
    assert sorted(halo.customdata) == sorted(net.nodes)
    assert set().union(*nx.connected_components(net)) == set(halo.customdata) if net.nodes else True
    assert segments(trace(fig, "network-edges").x) == net.number_of_edges()
    assert all(c == owner_colour(seat) for c in [halo.marker.color, trace(fig, "network-edges").line.color])


def _linked(state):
    # Ada (seat 0) links Chicago and New York through Pittsburgh; the East track is stagecoach, the Midwest cart.
    sites = state["board"]["sites"]
    for key in [k for k in sites if k.split("/")[0] in ("chicago", "pittsburgh", "new_york")]:
        remove_disc(state, key)
    for key, ptype in {"chicago/1": "C", "pittsburgh/0": "H", "new_york/0": "H"}.items():
        build_disc(state, key, 0, ptype)


def test_best_connection_and_its_vp(mid3):
    game = with_state(mid3, _linked)
    assert game.state.board.sites["pittsburgh/0"] == (0, "H")
    best = best_connection(game.state, 0, game.state.players[0].tracks)
    assert best is not None and best.majors == ("chicago", "new_york")
    fig = map_figure(game, player=0)
    assert segments(trace(fig, "best-connection").x) == \
        map_graph(game.components).subgraph(best.cities).number_of_edges()
    note = next(a.text for a in fig.layout.annotations if "Best connection" in a.text)
    assert f"{best.vp} VP" in note and "Chicago" in note and "New York" in note
    assert {"chicago", "pittsburgh", "new_york"} <= set(trace(fig, "network-cities").customdata)


def _inside(x, y, polygon) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def test_region_shading_agrees_with_the_city_data():
    for city in C.cities.values():
        found = [r for r, poly in _shapes.REGIONS.items() if _inside(city.x, city.y, list(poly))]
        assert found == [city.region], city.id
        assert _inside(city.x, city.y, list(_shapes.OUTLINE)), city.id


def test_same_traces_for_every_position_and_player(mid3, event3):
    names = [t.name for t in map_figure(mid3).data]
    assert len(names) == len(set(names))
    assert names == [t.name for t in map_figure(event3, player=1).data]

"""game_html's inline SVG mini-map (views.svg_map): valid XML, one dot per disc in its owner's colour, every city
and route, self-contained, small and quick."""
from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest

import carnegie_lab as cl
from carnegie_lab.core.loader import components
from carnegie_lab.views import game_html
from carnegie_lab.views.palette import ANDREW_COLOUR, NEUTRAL_COLOUR, owner_colour, region_colours, tint
from carnegie_lab.views.svg_map import CITY_RADIUS, SLOT_ANGLES, SVG_NS, map_svg, site_points

C = components()
NS = {"s": SVG_NS}
POSITIONS = ["fresh", "mid2", "mid3", "mid4", "finished", "solo"]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{{{SVG_NS}}}svg"
    return root


def with_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{{{SVG_NS}}}{tag}") if cls in e.get("class", "").split()]


@pytest.mark.parametrize("name", POSITIONS)
def test_one_dot_per_built_site_in_its_owners_colour(positions, name):
    game = positions[name]
    sites = game.state.board.sites
    discs = with_class(parse(map_svg(game)), "circle", "disc")
    assert len(discs) == len(sites)
    assert {d.get("data-site") for d in discs} == set(sites)
    for d in discs:
        owner, _ = sites[d.get("data-site")]
        assert d.get("data-owner") == str(owner)
        assert d.get("fill") == owner_colour(owner)
        x, y, _ = site_points(game.components)[d.get("data-site")]
        assert (int(d.get("cx")), int(d.get("cy"))) == (x, y)
    free = with_class(parse(map_svg(game)), "circle", "site")
    towns = sum(1 for c in C.cities.values() if len(c.sites) == 1 and f"{c.id}/{c.sites[0].index}" not in sites)
    assert len(free) == sum(len(c.sites) for c in C.cities.values()) - len(sites) - towns


def test_neutral_grey_and_andrew_black(mid3, solo):
    fills = {d.get("data-owner"): d.get("fill") for d in with_class(parse(map_svg(mid3)), "circle", "disc")}
    assert fills["neutral"] == NEUTRAL_COLOUR == "#9a9a9a"
    fills = {d.get("data-owner"): d.get("fill") for d in with_class(parse(map_svg(solo)), "circle", "disc")}
    assert fills["andrew"] == ANDREW_COLOUR == "#1b1b1b"


def test_cities_routes_and_regions(mid3):
    root = parse(map_svg(mid3))
    cities = with_class(root, "circle", "city")
    assert len(cities) == len(C.cities) == 32
    radius = {size: {int(c.get("r")) for c in cities if f"city-{size}" in c.get("class")} for size in CITY_RADIUS}
    assert len([c for c in cities if "city-major" in c.get("class")]) == 4
    assert min(radius["major"]) > max(radius["medium"]) > max(radius["small"])
    groups = [g for g in root.iter(f"{{{SVG_NS}}}g") if g.get("data-city")]
    assert [g.get("data-city") for g in groups] == list(C.cities)
    (routes,) = with_class(root, "path", "routes")
    d = routes.get("d")
    assert d.count("M") == d.count("L") == len(C.routes) == 54
    fills = {p.get("fill") for p in root.iter(f"{{{SVG_NS}}}path")}
    assert {tint(c, 0.62) for c in region_colours(mid3.components).values()} <= fills


def test_tooltips_name_the_city_and_its_discs(mid3):
    root = parse(map_svg(mid3))
    tips = {g.get("data-city"): g.find("s:title", NS).text for g in root.iter(f"{{{SVG_NS}}}g") if g.get("data-city")}
    for city in C.cities.values():
        assert tips[city.id].startswith(city.name) and tips[city.id].count("•") == len(city.sites)
    for key, (who, _) in mid3.state.board.sites.items():
        name = "neutral" if who == "neutral" else mid3.state.players[who].name
        assert name in tips[key.split("/")[0]]


def test_names_are_escaped_and_still_parse():
    game = cl.new_game(["<b>Ann</b>", "Bo & Co"], seed=1)
    while not any(who == 0 for who, _ in game.state.board.sites.values()):
        actions = game.legal_actions()
        game.apply(next((a for a in actions if a.verb not in ("done", "sell")), actions[0]))
    svg = map_svg(game)
    assert "<b>Ann" not in svg and "&lt;b&gt;Ann&lt;/b&gt;" in svg
    tips = [t.text for t in parse(svg).iter(f"{{{SVG_NS}}}title")]
    assert any("<b>Ann</b>" in t for t in tips)


@pytest.mark.parametrize("name", POSITIONS)
def test_self_contained_small_and_read_only(positions, name):
    game = positions[name]
    before = json.dumps(game.to_position(), sort_keys=True)
    svg = map_svg(game)
    assert json.dumps(game.to_position(), sort_keys=True) == before
    assert len(svg) < 25_000
    assert svg.count("http") == 1 and f'xmlns="{SVG_NS}"' in svg          # only the namespace
    for word in ("href", "url(", "<image", "<script", "<style", "@import", " id="):
        assert word not in svg, word
    root = parse(svg)
    for e in root.iter():
        for attr in ("cx", "cy", "r"):
            if attr in e.attrib:
                int(e.get(attr))                                          # whole numbers only


def test_width_sets_the_size_and_keeps_the_aspect(mid3):
    root = parse(map_svg(mid3, width=300))
    _, _, w, h = (int(v) for v in root.get("viewBox").split())
    assert root.get("width") == "300" and int(root.get("height")) == round(300 * h / w)


def test_dots_of_different_cities_do_not_overlap():
    shapes = []                                  # (city, x, y, r) of every circle drawn
    for city in C.cities.values():
        shapes.append((city.id, city.x, city.y, CITY_RADIUS[city.size]))
    for key, (x, y, r) in site_points(C).items():
        shapes.append((key.split("/")[0], x, y, r))
    for i, (a, ax, ay, ar) in enumerate(shapes):
        for b, bx, by, br in shapes[i + 1:]:
            if a != b:
                assert math.dist((ax, ay), (bx, by)) > ar + br, (a, b)
    assert all(site.slot in SLOT_ANGLES[len(c.sites)] for c in C.cities.values() if len(c.sites) > 1
               for site in c.sites)


def test_game_html_shows_the_map(mid3, solo):
    for game in (mid3, solo):
        text = game_html(game)
        assert map_svg(game) in text and game._repr_html_() == text
    assert "<svg" not in game_html(mid3, map_width=0)
    assert "width=\"320\"" in game_html(mid3, map_width=320)


"""The views draw the game's own component data (``game.components``), not the package's default data read at
import time: every view of a game on edited data (a city and a region renamed) shows the new names, while a
default game in the same process still shows the printed ones."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from views_helpers import play, trace

import carnegie_lab as cl
from carnegie_lab import views
from carnegie_lab.views.svg_map import map_svg

DATA = Path(cl.__file__).parent / "data"
CITY, CITY_NAME, NEW_CITY_NAME = "pittsburgh", "Pittsburgh", "Carnegieville"
REGION, REGION_NAME, NEW_REGION_NAME = "midwest", "Midwest", "Heartland"


@pytest.fixture(scope="module")
def renamed_components(tmp_path_factory) -> cl.Components:
    """The package's data with Pittsburgh renamed Carnegieville and the Midwest renamed Heartland."""
    folder = tmp_path_factory.mktemp("components") / "data"
    shutil.copytree(DATA, folder)
    path = folder / "map.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    (city,) = [c for c in data["cities"] if c["id"] == CITY]
    assert city["name"] == CITY_NAME
    city["name"] = NEW_CITY_NAME
    (region,) = [r for r in data["regions"] if r["id"] == REGION]
    assert region["name"] == REGION_NAME
    region["name"] = NEW_REGION_NAME
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return cl.load_components(folder)


@pytest.fixture(scope="module")
def renamed(renamed_components) -> cl.Game:
    game = cl.new_game(["Ada", "Bo", "Cy"], seed=7, components=renamed_components)
    return play(game, 7, until_round=6)


@pytest.fixture(scope="module")
def default() -> cl.Game:
    return play(cl.new_game(["Ada", "Bo", "Cy"], seed=7), 7, until_round=6)


def every_view(game: cl.Game) -> dict[str, str]:
    """Each view function of the package drawn for the game (with and without highlights), as text."""
    keys = {f"{CITY}/0", CITY, "b2", "a1/0", REGION, "panel", f"track/{REGION}", f"track/{REGION}/1", "tab/0/H",
            "HR/1", "MG", "round/2"}
    out = {"map": views.map_figure(game), "map-highlight": views.map_figure(game, highlight=keys),
           "tracks": views.tracks_figure(game), "tracks-highlight": views.tracks_figure(game, highlight=keys),
           "timeline": views.timeline_figure(game), "timeline-highlight": views.timeline_figure(game, highlight=keys),
           "scores": views.scores_figure(game), "history": views.history_figure(game),
           "donations": views.donations_figure(game, highlight=set(game.components.donations))}
    for seat in range(len(game.players)):
        out[f"map-{seat}"] = views.map_figure(game, player=seat, highlight=keys)
        out[f"company-{seat}"] = views.company_figure(game, seat)
        out[f"company-{seat}-highlight"] = views.company_figure(game, seat, highlight=keys)
    texts = {name: fig.to_json() for name, fig in out.items()}
    texts["svg"] = map_svg(game)
    texts["html"] = views.game_html(game)
    return texts


def test_the_game_plays_on_the_edited_data(renamed, renamed_components):
    assert renamed.components is renamed_components
    assert renamed.components is not cl.new_game(["A", "B"], seed=1).components
    assert renamed.components.cities[CITY].name == NEW_CITY_NAME


def test_every_view_draws_the_games_own_components(renamed, default):
    drawn = every_view(renamed)
    plain = every_view(default)
    assert set(drawn) == set(plain)
    # The city's new name is on the map (its label and its hover), in the mini-map, and nowhere in a default game.
    fig = views.map_figure(renamed)
    assert NEW_CITY_NAME in dict(zip(trace(fig, "cities").customdata, trace(fig, "cities").hovertext))[CITY]
    labels = dict(zip(trace(fig, "cities").customdata, trace(fig, "city-names").text))
    assert labels[CITY] == NEW_CITY_NAME                          # a medium city (majors are in capitals)
    assert NEW_CITY_NAME in drawn["svg"] and NEW_CITY_NAME in drawn["html"]
    default_fig = views.map_figure(default)
    assert CITY_NAME in " ".join(trace(default_fig, "cities").hovertext)
    for name, text in plain.items():
        assert NEW_CITY_NAME not in text and NEW_CITY_NAME.upper() not in text, name
        assert NEW_REGION_NAME not in text and NEW_REGION_NAME.upper() not in text, name
    for name in ("map", "svg"):
        assert CITY_NAME not in drawn[name] and CITY_NAME.upper() not in drawn[name], name
    # The region's new name wherever regions are named: map, tracks, timeline, companies' mission areas.
    for name in ("map", "tracks", "timeline", "svg", *(f"company-{seat}" for seat in range(3))):
        assert NEW_REGION_NAME in drawn[name] or NEW_REGION_NAME.upper() in drawn[name], name
        assert REGION_NAME not in drawn[name] and REGION_NAME.upper() not in drawn[name], name
        assert REGION_NAME in plain[name] or REGION_NAME.upper() in plain[name], name


def test_games_on_different_data_draw_side_by_side(renamed, default):
    """Caches are per Components object: drawing one game does not change the other's pictures."""
    before = every_view(default)
    every_view(renamed)
    assert every_view(default) == before


def test_importing_the_views_reads_no_component_data():
    code = ("import importlib, carnegie_lab.core.loader as c\n"
            "for m in ('palette', 'style', 'map', 'company', 'tracks', 'timeline', 'scores', 'summary', 'svg_map',\n"
            "          'donations'):\n"
            "    importlib.import_module('carnegie_lab.views.' + m)\n"
            "assert c.components.cache_info().misses == 0, 'components() called at import time'\n")
    subprocess.run([sys.executable, "-c", code], check=True)

"""Connections between major cities (networkx): the BGA 2024 worked example and its variations.

Yellow (Ada) has Train in the Midwest and the West and Stagecoach in the South. A link is a chain of
cities joined by roads, each holding one of her construction discs."""
from __future__ import annotations

import networkx as nx
import pytest

from carnegie_lab.rules.network import map_graph

from .conftest import C, clear_board, edit, site, started, tracks

YELLOW_TRACKS = dict(west=3, midwest=2, south=1)        # Train, Train, Stagecoach (East: Stagecoach)

SF_CHICAGO = ["san_francisco", "reno", "salt_lake_city", "denver", "omaha", "chicago"]
SF_CHICAGO_VIA_SOUTH = ["san_francisco", "los_angeles", "phoenix", "el_paso", "dallas", "kansas_city", "chicago"]
CHICAGO_NEW_ORLEANS = ["chicago", "st_louis", "memphis", "new_orleans"]
SF_NEW_ORLEANS = ["san_francisco", "los_angeles", "phoenix", "el_paso", "dallas", "houston", "new_orleans"]
NEW_ORLEANS_NEW_YORK = ["new_orleans", "atlanta", "washington", "new_york"]


def discs(owner, cities):
    """Changes: one disc of `owner` on the first site of each city."""
    return [site(owner, city, 0, C.cities[city].sites[0].type if C.cities[city].sites[0].type != "any" else "C")
            for city in cities]


def connections(*paths, owner=0, levels=YELLOW_TRACKS, extra=()):
    cities = [c for path in paths for c in path]
    g = edit(started(2), clear_board, tracks(0, **levels), *discs(owner, cities), *extra)
    return g.scores()["Ada"].connections


def test_the_paths_are_roads_of_the_map():
    graph = map_graph(C)
    for path in (SF_CHICAGO, SF_CHICAGO_VIA_SOUTH, CHICAGO_NEW_ORLEANS, SF_NEW_ORLEANS, NEW_ORLEANS_NEW_YORK):
        assert nx.is_path(graph, path), path


def test_bga_example_sf_chicago_train_18():
    assert connections(SF_CHICAGO) == 18                # 2 + 1 = 3 points, Train


def test_bga_example_sf_chicago_through_the_south_still_18():
    assert {C.cities[c].region for c in SF_CHICAGO_VIA_SOUTH} >= {"south"}
    assert connections(SF_CHICAGO_VIA_SOUTH) == 18      # only the majors' regions count


def test_bga_example_sf_chicago_new_orleans_18():
    assert connections(SF_CHICAGO, CHICAGO_NEW_ORLEANS) == 18   # 4 points, Stagecoach


def test_bga_example_sf_new_orleans_12():
    assert connections(SF_NEW_ORLEANS) == 12            # 3 points, Stagecoach


def test_bga_example_chicago_new_orleans_6():
    assert connections(CHICAGO_NEW_ORLEANS) == 6        # 2 points, Stagecoach


def test_only_the_best_network_counts():
    # SF-Chicago (18) and, apart from it, New Orleans-New York (2 points, Stagecoach: 6)
    assert connections(NEW_ORLEANS_NEW_YORK) == 6
    assert connections(SF_CHICAGO, NEW_ORLEANS_NEW_YORK) == 18


def test_all_four_majors_at_train_score_36():
    train = dict(west=3, midwest=2, south=2, east=1)
    assert connections(SF_CHICAGO, CHICAGO_NEW_ORLEANS, NEW_ORLEANS_NEW_YORK, levels=train) == 36


def test_a_cart_level_region_lowers_the_connection():
    assert connections(CHICAGO_NEW_ORLEANS, levels=dict(midwest=2, south=0)) == 3


@pytest.mark.parametrize("gap", ["salt_lake_city", "omaha"])
def test_a_city_without_a_disc_breaks_the_link(gap):
    assert connections([c for c in SF_CHICAGO if c != gap]) == 0


def test_other_discs_do_not_link():
    broken = [c for c in SF_CHICAGO if c != "denver"]
    assert connections(broken, extra=discs(1, ["denver"])) == 0
    assert connections(broken, extra=[site("neutral", "denver", 0)]) == 0


def test_one_major_city_alone_scores_nothing():
    assert connections(["san_francisco", "reno", "salt_lake_city"]) == 0


def test_another_players_network_is_theirs():
    g = edit(started(2), clear_board, tracks(1, **YELLOW_TRACKS), *discs(1, SF_CHICAGO))
    assert g.scores()["Bo"].connections == 18 and g.scores()["Ada"].connections == 0

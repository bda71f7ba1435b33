"""The 16 expansion Department tiles (17-32) and the expansion pools: a use and a refused use each."""
from __future__ import annotations

from collections import Counter

import pytest

import carnegie_lab as cl
from carnegie_lab.core.loader import components

from .conftest import (
    assert_illegal,
    clear_board,
    edit,
    finish_turn,
    give_department,
    legal,
    legal_verb,
    missions,
    set_player,
    site,
    started,
    to_turn,
    tracks,
    unbuilt,
)

C = components()


def game():
    """Round 1 of a 3-player game with the expansion tiles in the box (base+expansion)."""
    return started(3, departments="base+expansion")


def turn(row, dept, *changes, cell="d2", standing=1):
    return to_turn(edit(game(), clear_board, give_department(0, cell, dept, standing=standing), *changes), row)


def projects(pi, *cities):
    """Change: the player has a project disc in each city (left-most site: of the site's type, on an
    "any" site Commerce while the Commerce tab has discs to build, else Housing)."""
    def change(st):
        for city in cities:
            ptype = C.cities[city].sites[0].type
            if ptype == "any":
                ptype = "C" if unbuilt(st, pi, "C") else "H"
            site(pi, city, 0, ptype)(st)
    return change


def scored(*changes):
    g = edit(game(), clear_board, *changes)
    return g.scores()["Ada"]


# -- pools ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode, players, tiles", [("base+expansion", 2, 64 - 16), ("base+expansion", 4, 64),
                                                   ("expansion-open-bar", 3, 32 - 8)])
def test_expansion_pools_apply_the_removal_by_player_count(mode, players, tiles):
    g = cl.new_game(["Ada", "Bo", "Cy", "Di"][:players], seed=3, departments=mode)
    pool = g.state.board.pool
    assert sum(pool.values()) == tiles
    assert max(pool.values()) <= (1 if mode == "expansion-open-bar" else 2)
    assert any(C.departments[d].expansion for d, n in pool.items() if n)


def test_a_solo_game_with_the_expansion_offers_sixteen_tiles():
    """As in a 2-player base game (BGA24 l.225): the solo helper's pool, 4 departments of each type
    drawn from its 8 (base and expansion), 2 copies each, then 16 of those 32 removed."""
    kinds = set()
    for seed in range(12):
        pool = cl.new_game(["Ada"], seed=seed, solo_level=2, departments="base+expansion").state.board.pool
        assert sum(pool.values()) == 16 and max(pool.values()) <= 2
        chosen = Counter(C.departments[d].type for d, n in pool.items() if n)
        assert all(n <= 4 for n in chosen.values())
        kinds |= {C.departments[d].expansion for d, n in pool.items() if n}
    assert kinds == {False, True}
    for mode in ("base", "expansion-open-bar"):
        assert sum(cl.new_game(["Ada"], seed=3, solo_level=1, departments=mode).state.board.pool.values()) == 16


def test_unknown_department_mode_is_refused():
    with pytest.raises(ValueError, match="departments: must be one of"):
        cl.new_game(["Ada", "Bo"], seed=1, departments="everything")


# -- HR tiles ------------------------------------------------------------------------------------

def test_hr_administration_moves_one_employee_anywhere_per_hr_department():
    g = turn("HR", "hr_administration")
    g.apply("hradmin to west")
    assert g.decision.kind == "relocate" and g.decision.context.count == 2   # HR + HR Administration
    assert "relocate b1 d4" in legal(g)                         # any space, not only next to it
    g.apply("relocate b1 d4")
    g.apply("relocate b1 a3")
    p = g.state.players[0]
    assert p.lying["d4"] == 1 and p.lying["a3"] == 1 and p.missions == {"west": 1}
    assert g.decision.kind == "turn"


def test_hr_administration_is_an_hr_department():
    g = turn("MG", "hr_administration")
    assert_illegal(g, "hradmin to west", "is a HR department and this turn uses MG")


def test_local_partners_pays_per_project_in_the_chosen_region():
    g = turn("HR", "local_partners", projects(0, "denver", "seattle", "chicago"))
    g.apply("partners west money")
    assert g.state.players[0].money == 12 + 2 * 2


def test_local_partners_moves_per_project_and_region_check():
    g = turn("HR", "local_partners", projects(0, "denver"))
    assert_illegal(g, "partners atlantis money", "unknown region")
    g.apply("partners west moves")
    assert g.state.flow.moves == 2


def test_corporate_communications_allows_diagonal_moves():
    g = turn("HR", "corporate_communications")
    g.apply("hr")
    assert "move b1 a2" in legal(g)                             # b1 -> a2 is a diagonal step
    g.apply("move b1 a2")
    assert g.state.players[0].lying["a2"] == 1


def test_moves_are_orthogonal_without_corporate_communications():
    g = turn("HR", "corporate_communications", standing=0)
    g.apply("hr")
    assert_illegal(g, "move b1 a2", "not next to")


def test_green_spaces_scores_empty_spaces_with_a_standing_employee():
    with_employee = scored(give_department(0, "a4", "green_spaces"))
    assert with_employee.tiles == 2 * 9                         # 10 empty cells, one now holds the tile
    assert scored(give_department(0, "a4", "green_spaces", standing=0)).tiles == 0


# -- Management tiles ----------------------------------------------------------------------------

def test_accounting_pays_per_management_department():
    g = turn("MG", "accounting")
    g.apply("accounting to east")
    p = g.state.players[0]
    assert p.money == 12 + 3 * 3 and p.missions == {"east": 1}  # Commerce, Planning, Accounting


def test_accounting_needs_a_standing_employee():
    g = turn("MG", "accounting", standing=0)
    assert not legal_verb(g, "accounting")
    assert_illegal(g, "accounting to east", "no employee stands in Accounting")


def test_branding_money_or_goods_per_project():
    g = turn("MG", "branding", projects(0, "atlanta", "houston"))
    assert {"branding south money", "branding south goods"} <= legal(g)
    g.apply("branding south goods")
    assert g.state.players[0].goods == 4 + 2
    assert_illegal(g, "branding south money", "Branding was already used this turn")


def payroll_turn(vp=0):
    g = edit(game(), clear_board, give_department(0, "d2", "payroll_management"),
             give_department(0, "a2", "sales", standing=0, lying=1), set_player(pi=0, vp=vp, money=20))
    g = to_turn(g, "MG")
    g.apply("done")
    assert g.decision.kind == "activate"
    return g


def test_payroll_management_offers_raise_and_cut_at_activation():
    g = payroll_turn(vp=2)
    assert {"activate a2", "activate a2 raise", "activate a2 cut"} <= legal(g)
    g.apply("activate a2 raise")                                # $1 workstation + $2 for +1 VP
    p = g.state.players[0]
    assert p.money == 20 - 3 and p.vp == 3 and p.standing["a2"]


def test_payroll_cut_needs_a_vp_to_give_up():
    g = payroll_turn(vp=0)
    assert_illegal(g, "activate a2 cut", "no VP to give up")
    g.apply("activate a2")
    assert g.state.players[0].money == 20 - 1


def test_salary_options_need_payroll_management():
    g = edit(started(3), give_department(0, "a2", "sales", standing=0, lying=1))
    g = to_turn(g, "MG")
    g.apply("done")
    assert_illegal(g, "activate a2 raise", "Payroll Management")


def test_public_relations_scores_the_best_region():
    pr = give_department(0, "a4", "public_relations")
    assert scored(pr, projects(0, "denver", "seattle", "chicago")).tiles == 2 * 2
    assert scored(give_department(0, "a4", "public_relations", standing=0), projects(0, "denver")).tiles == 0


# -- Construction tiles --------------------------------------------------------------------------

def test_production_lines_goods_per_construction_department():
    g = turn("CO", "production_lines")
    g.apply("production to south")
    assert g.state.players[0].goods == 4 + 2                    # Construction + Production Lines


def test_production_lines_is_a_construction_department():
    g = turn("RD", "production_lines")
    assert_illegal(g, "production to south", "is a CO department and this turn uses RD")


def test_renovation_money_or_vp_per_project():
    g = turn("CO", "renovation", projects(0, "boston", "albany"))
    g.apply("renovation east vp")
    assert g.state.players[0].vp == 2


def test_renovation_refuses_an_unknown_region():
    g = turn("CO", "renovation")
    assert_illegal(g, "renovation atlantis vp", "unknown region")


def test_political_lobbying_builds_off_type_and_rewards_matching_sites():
    fill_c = site("neutral", "denver", 1, None)                # Denver's only Commerce site is taken
    g = turn("CO", "political_lobbying", fill_c)
    assert "co C denver" in legal(g)
    g.apply("co C denver")                                      # lands on the left-most free site (P)
    assert g.state.board.sites["denver/0"] == (0, "C") and g.state.players[0].vp == 0
    finish_turn(g)


def test_political_lobbying_gives_a_vp_on_a_matching_site():
    g = turn("CO", "political_lobbying")
    g.apply("co C denver")
    assert g.state.board.sites["denver/1"] == (0, "C") and g.state.players[0].vp == 1


def test_without_political_lobbying_sites_must_match():
    g = turn("CO", "political_lobbying", site("neutral", "denver", 1, None), standing=0)
    assert_illegal(g, "co C denver", "no free site for a Commerce project")


def linked_majors(pi):
    """Change: a chain of the player's discs joining all four major cities, every track at Train."""
    chain = ["san_francisco", "reno", "salt_lake_city", "denver", "omaha", "chicago", "st_louis", "memphis",
             "new_orleans", "atlanta", "washington", "new_york"]

    def change(st):
        projects(pi, *chain)(st)
        tracks(pi, west=3, midwest=3, south=3, east=3)(st)
    return change


def test_post_office_adds_a_connection_point_and_nine_vp_at_six():
    post = give_department(0, "a4", "post_office")
    assert scored(linked_majors(0)).connections == 36
    assert scored(linked_majors(0), post).connections == 36 + 9


def test_post_office_needs_a_standing_employee():
    assert scored(linked_majors(0), give_department(0, "a4", "post_office", standing=0)).connections == 36


# -- R&D tiles -----------------------------------------------------------------------------------

def test_rd_coordination_study_per_rd_department():
    g = turn("RD", "rd_coordination")
    g.apply("rdcoord to midwest")
    assert g.state.flow.study == 2 * 2                          # R&D + R&D Coordination


def test_rd_coordination_cannot_be_used_twice():
    g = turn("RD", "rd_coordination")
    g.apply("rdcoord to midwest")
    assert_illegal(g, "rdcoord to west", "R&D Coordination was already used this turn")


def test_knowledge_sharing_study_or_money_per_project():
    g = turn("RD", "knowledge_sharing", projects(0, "chicago", "fargo", "omaha"))
    g.apply("knowledge midwest study")
    assert g.state.flow.study == 6


def test_knowledge_sharing_refuses_an_unknown_region():
    g = turn("RD", "knowledge_sharing")
    assert_illegal(g, "knowledge moon money", "unknown region")


def income_event(*changes):
    from .conftest import timeline_event
    g = edit(game(), clear_board, timeline_event("HR", income="west"), missions(0, west=2), *changes)
    g.apply("choose HR")
    assert g.decision.kind == "event" and g.current_player == 0
    return g


def test_archives_allows_a_lower_transport_income():
    g = income_event(give_department(0, "a4", "archives"), tracks(0, west=3))   # space 4: 2 VP each
    assert {"income 2", "income 2 at 2", "income 2 at 3"} <= legal(g)
    money = g.state.players[0].money
    g.apply("income 2 at 2")                                   # West space 2 pays $3 each
    assert g.state.players[0].money >= money + 6 and g.state.players[0].vp == 0


def test_lower_income_needs_archives():
    g = income_event(tracks(0, west=3))
    assert_illegal(g, "income 2 at 2", "only Archives")


def test_archives_enters_an_occupied_final_box_and_takes_its_reward():
    g = turn("RD", "archives", tracks(0, west=3), tracks(1, west=4), cell="a4")
    g.apply("rd")                                               # 2 study points per standing employee
    g = edit(g, lambda st: st["flow"].update(study=5))
    goods = g.state.players[0].goods
    g.apply("track west")
    assert g.state.players[0].tracks["west"] == 4 and g.state.players[0].goods == goods + 3


def test_a_taken_final_box_is_closed_without_archives():
    g = turn("RD", "archives", tracks(0, west=3), tracks(1, west=4), cell="a4", standing=0)
    g.apply("rd")
    g = edit(g, lambda st: st["flow"].update(study=5))
    assert_illegal(g, "track west", "final box is taken")


def test_network_of_libraries_scores_the_weakest_region():
    libraries = give_department(0, "a4", "network_libraries")
    assert scored(libraries, projects(0, "denver", "chicago", "atlanta")).tiles == 0      # none in the East
    assert scored(libraries, projects(0, "denver", "chicago", "atlanta", "boston")).tiles == 4


def test_expansion_games_play_to_the_end():
    import random
    for mode in ("base+expansion", "expansion-open-bar"):
        g = cl.new_game(["Ada", "Bo", "Cy"], seed=11, departments=mode)
        rng = random.Random(11)
        while not g.is_over:
            actions = g.legal_actions()
            real = [a for a in actions if a.verb not in ("done", "sell")]
            g.apply(rng.choice(real) if real and rng.random() < 0.9 else rng.choice(actions))
        assert g.round == 20 and g.winners()
        assert cl.Game.from_record(g.to_record()).to_position() == g.to_position()

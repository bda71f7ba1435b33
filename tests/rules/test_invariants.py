"""Whole games of random legal actions keep the component counts of the rules: 15 employees, 30
discs, no negative money or goods, one disc per site, and a built project for every disc on the map."""
from __future__ import annotations

import random

import pytest

import carnegie_lab as cl
from carnegie_lab.rules import company
from carnegie_lab.rules.research import discs_on_tab

from .conftest import NAMES


def check(g: cl.Game) -> None:
    s = g.state
    for pi, p in enumerate(s.players):
        assert company.employees_total(p) == 15
        assert min(p.money, p.goods, p.vp, p.discs, p.supply) >= 0
        assert all(n > 0 for n in p.lying.values())
        assert all(n > 0 for n in p.missions.values())
        on_map = sum(1 for owner, _ in s.board.sites.values() if owner == pi)
        assert on_map == sum(p.tabs[t][1] for t in "HCIP")
        donated = sum(1 for owners in s.board.donations.values() if pi in owners)
        assert donated == p.donations
        # 30 discs: score track, 4 transport tracks, supply, tabs, map, donation chart
        assert p.discs + sum(discs_on_tab(g.rules, p, t) for t in "HCIP") + on_map + donated == 25
        for cell, ws in p.standing.items():
            dept = company.department(g.rules, p, cell)
            assert dept is not None and len(ws) <= len(dept.workstations)
        assert len(p.built) == sum(1 for d in p.cells.values() if d != "lobby") - 5
    for owners in s.board.donations.values():
        assert len(owners) == len(set(owners))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_random_games_keep_the_component_counts(players, seed):
    rng = random.Random(seed)
    g = cl.new_game(NAMES[:players], seed=seed)
    while not g.is_over:
        actions = g.legal_actions()
        busy = [a for a in actions if a.verb not in ("sell", "done")]
        pick = rng.choice(busy) if busy and rng.random() < 0.85 else \
            next((a for a in actions if a.verb == "done"), rng.choice(actions))
        g.apply(pick)
        check(g)
    assert g.round == 20 and g.state.board.markers == [5, 5, 5, 5]
    assert g.winners()
    replay = cl.Game.from_record(g.to_record())
    assert replay.to_position() == g.to_position()


def test_a_refused_action_changes_nothing_and_undo_restores():
    g = cl.new_game(NAMES[:3], seed=5)
    before = g.to_position()
    with pytest.raises(cl.IllegalActionError) as info:
        g.apply("house seattle")
    assert info.value.action == "house seattle" and "small city" in info.value.reason
    assert g.to_position() == before
    g.apply("house boston")
    g.apply("reserve sales")
    g.undo()
    g.undo()
    assert g.to_position() == before

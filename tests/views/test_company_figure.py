"""company_figure: departments, workstations, standing and lying employees, missions and resources."""
from __future__ import annotations

from collections import Counter

import pytest
from views_helpers import trace

from carnegie_lab.rules import company
from carnegie_lab.views import company_figure
from carnegie_lab.views.palette import owner_colour


@pytest.mark.parametrize("name", ["fresh", "mid2", "mid3", "mid4", "finished", "solo"])
def test_employees_where_the_state_has_them(positions, name):
    game = positions[name]
    for seat, p in enumerate(game.state.players):
        fig = company_figure(game, seat)
        standing = trace(fig, "standing")
        assert sorted(standing.customdata) == sorted(f"{c}/{i}" for c, ws in p.standing.items() for i in ws)
        assert standing.marker.color == owner_colour(seat)
        lying = trace(fig, "lying")
        assert Counter(lying.customdata) == Counter({c: min(n, 10) for c, n in p.lying.items() if n})
        counts = trace(fig, "lying-counts").text
        assert sorted(counts) == sorted(f"<b>×{n}</b>" for n in p.lying.values() if n)
        missions = trace(fig, "missions")
        assert Counter(missions.customdata) == Counter({r: n for r, n in p.missions.items() if n})
        workstations = trace(fig, "workstations")
        assert len(workstations.x) == sum(len(d.workstations) for d in company.owned_departments(game.rules, p))
        assert len(trace(fig, "cells").customdata) == 16
        assert len(standing.x) + sum(p.lying.values()) + len(missions.x) + p.supply == company.employees_total(p)


def test_departments_names_and_resources(mid3):
    for seat, p in enumerate(mid3.state.players):
        fig = company_figure(mid3, seat)
        names = " ".join(trace(fig, "cell-names").text)
        for dept in company.owned_departments(mid3.rules, p):
            assert dept.name.split()[0] in names
        panel = trace(fig, "panel-text").text[0]
        assert f"${p.money}" in panel and f"{p.goods}</b></span> goods" in panel
        assert f"{p.discs} discs" in panel
        assert p.name in fig.layout.title.text
        total = mid3.scores()[p.name].total
        assert any(f"{total} VP" in a.text for a in fig.layout.annotations)

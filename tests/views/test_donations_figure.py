"""donations_figure: the donation chart, every space in its place (taken ones kept and marked with their
owner), what each scores, the prices of the next donation, and clickable spaces."""
from __future__ import annotations

import pytest
from views_helpers import trace

from carnegie_lab import views
from carnegie_lab.views.donations import _rect
from carnegie_lab.views.palette import donation_terms, donation_vp, esc, owner_name


@pytest.mark.parametrize("name", ["fresh", "mid3", "finished", "solo_over"])
def test_every_space_is_in_its_place_taken_or_not(positions, name):
    game = positions[name]
    donations = game.components.donations
    fig = views.donations_figure(game)
    hover = trace(fig, "donation-hover")
    assert list(hover.customdata) == list(donations)                  # all of them, whoever took them
    for key, x, y in zip(hover.customdata, hover.x, hover.y):
        x0, y0, x1, y1 = _rect(donations[key])
        assert (x, y) == ((x0 + x1) / 2, (y0 + y1) / 2)
    columns = {d.column: x for d, x in zip(donations.values(), hover.x)}
    assert all(x == columns[d.column] for d, x in zip(donations.values(), hover.x))  # one x per column
    discs = game.state.board.donations
    taken = trace(fig, "donation-taken")
    assert taken.x.count(None) == sum(1 for d in donations if discs.get(d))          # one shape per taken space
    drawn = trace(fig, "donation-discs")
    assert list(drawn.customdata) == [d for d in donations for _ in discs.get(d, ())]
    assert drawn.meta["owners"] == [o for d in donations for o in discs.get(d, ())]
    for key, text in zip(hover.customdata, hover.hovertext):
        who = ", ".join(owner_name(game, o) for o in discs.get(key, ()))
        assert text.endswith(f"taken: {who}" if who else "free")
        assert esc(donation_terms(game.components, donations[key].formula)) in text
    names = " ".join(trace(fig, "donation-names").text)
    assert all(esc(d.name.split(": ")[1]) in names for d in donations.values())
    notes = " ".join(a.text for a in fig.layout.annotations)
    for seat, player in enumerate(game.players):
        assert f"{player}: next donation <b>${game.donation_price(seat)}</b>" in notes
    assert {"Education", "Human rights", "Welfare", "Health"} <= {
        a.text.strip("<b>/") for a in fig.layout.annotations}


def test_taken_spaces_say_who_took_them(mid3):
    fig = views.donations_figure(mid3)
    owners = trace(fig, "donation-owners").text
    discs = mid3.state.board.donations
    assert owners and len(owners) == sum(1 for d in discs.values() if d)
    assert any("neutral" in t for t in owners)
    assert trace(fig, "donation-discs").marker.color == tuple(
        views.owner_colour(o) for d in mid3.components.donations for o in discs.get(d, ()))


def test_what_a_space_scores_in_words(fresh):
    donations, C = fresh.components.donations, fresh.components
    assert donation_terms(C, donations["education_dept_hr"].formula) == "3 VP per Human Resources department"
    assert donation_terms(C, donations["hr_project_housing_commerce"].formula) == \
        "2 VP per Housing or Commerce project"
    assert donation_terms(C, donations["health_east"].formula) == "2 VP per disc in the East"
    assert donation_terms(C, donations["welfare_7vp"].formula) == "7 VP"
    assert donation_vp(donations["welfare_money_goods"].formula) == "4 VP for each $5 + 1 goods paid"
    assert donation_vp(donations["education_dept_any"].formula) == "1 VP each"


def test_a_payment_in_portuguese_agrees_with_its_number(fresh):
    """One goods cube is 'bem', not 'bens'; 'pagamento de' leaves no participle to agree with '$5 + 1 bem'."""
    donations = fresh.components.donations
    assert donation_vp(donations["welfare_goods"].formula, "pt_BR") == "2 PV a cada pagamento de 1 bem"
    assert donation_vp(donations["welfare_money_goods"].formula, "pt_BR") == "4 PV a cada pagamento de $5 + 1 bem"


def test_free_spaces_to_click_are_ringed_with_what_a_click_does(mid3):
    free = mid3.free_donations()
    targets = {key: f"donate to {key}" for key in free[:3]}
    fig = views.donations_figure(mid3, targets=targets)
    clicks = trace(fig, "targets")
    assert list(clicks.customdata) == sorted(targets) and list(clicks.hovertext) == [
        targets[k] for k in sorted(targets)]
    assert trace(fig, "highlight").meta["count"] == 3 and [t.name for t in fig.data][-2:] == ["highlight", "targets"]

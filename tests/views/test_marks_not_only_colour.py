"""Colour is never the only sign of whose a piece is (issue 45: red and green seats look alike to many): each
owner's discs on the map have a shape of their own, and beside each player's name the app's players strip shows
the mark (shape and colour) of that player's discs."""
from __future__ import annotations

import re

import pytest
from views_helpers import trace

from carnegie_lab.app.board_html import players_html
from carnegie_lab.core.state import ANDREW
from carnegie_lab.views import map_figure
from carnegie_lab.views.palette import owners

#: A chip of the players strip: its shape (a plotly symbol's name) and its colour.
CHIP = re.compile(r"<svg class='cl-chip' data-symbol='([^']+)'[^>]*fill='([^']+)'")


@pytest.mark.parametrize("name", ["mid4", "solo"])
def test_each_owners_discs_have_a_shape_of_their_own(positions, name):
    game = positions[name]
    fig = map_figure(game)
    symbols = {owner: trace(fig, f"discs-{owner}").marker.symbol for owner in owners(game)}
    assert len(set(symbols.values())) == len(symbols), symbols


@pytest.mark.parametrize("name", ["mid4", "solo"])
def test_the_players_strip_shows_each_players_disc_mark(positions, name):
    game = positions[name]
    fig = map_figure(game)
    cards = re.split(r"<div class='cl-player[ ']", players_html(game))[1:]
    seats = [*range(len(game.players)), *([ANDREW] if game.andrew_name is not None else [])]
    assert len(cards) == len(seats)
    for owner, card in zip(seats, cards):
        discs = trace(fig, f"discs-{owner}").marker
        chip = CHIP.search(card)
        assert chip is not None, card
        assert chip.groups() == (discs.symbol, discs.color)

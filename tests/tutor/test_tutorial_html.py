"""The tutorials' HTML helpers: the tiny markdown and the donation chart."""
from __future__ import annotations

import re

from carnegie_lab.tutor.positions import after_setup
from carnegie_lab.tutor.script import play
from carnegie_lab.tutor.tutorial_html import donations_html, markdown
from carnegie_lab.views.palette import owner_colour, owner_symbol


def test_donations_html_shows_discs_prices_and_rings():
    game = after_setup()
    play(game, ["choose MG", "donate welfare_7vp"])
    text = donations_html(game, {"welfare_7vp"})
    assert "Donation chart" in text and "7 VP" in text and "outline:3px" in text
    assert "next donation <b>$10</b>" in text and "next donation <b>$5</b>" in text


def test_the_donation_chart_marks_each_owner_with_the_shape_of_their_discs():
    """Colour is never the only sign of whose a disc is: the chart's marks have the map's shapes."""
    game = after_setup()
    play(game, ["choose MG", "donate welfare_7vp"])
    marks = set(re.findall(r"data-symbol='([^']+)'[^>]*fill='([^']+)'", donations_html(game)))
    assert {(owner_symbol(seat), owner_colour(seat)) for seat in range(len(game.players))} <= marks


def test_markdown_is_tiny_and_escapes_html():
    assert markdown("a **b** *c* `d<e>`\n\nnext") == "<p>a <b>b</b> <i>c</i> <code>d&lt;e&gt;</code></p><p>next</p>"
    assert markdown("- one\n- two") == "<ul><li>one</li><li>two</li></ul>"
    assert "<script>" not in markdown("<script>")

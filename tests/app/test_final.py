"""The final panel without a browser: the result and the story of the game, *Rematch* (the same players
and level, a new seed) and *Same seed* through the dashboard's start (a page past its games is told why
and keeps its game), and the score table naming the categories as the chart does."""
from __future__ import annotations

import html
import random

import pytest

from carnegie_lab.app.board_html import scores_html
from carnegie_lab.app.final import rematch_setup
from carnegie_lab.core.words import SCORE_NAMES
from carnegie_lab.session import Controller, Limits, Seat, Setup
from carnegie_lab.session.story import story
from carnegie_lab.store import GameStore
from carnegie_lab.widgets import Dashboard

SOLO = Setup([Seat("Ada", "human")], seed=7, solo_level=3)


def finished_solo(**kwargs) -> Dashboard:
    """Ada against Andrew (level 3), the bots finishing the game for her."""
    d = Dashboard(setup=SOLO, **kwargs)
    d.commands.finish()
    assert d.game.is_over
    return d


@pytest.fixture
def solo():
    return finished_solo()


def test_the_final_panel_tells_the_result_and_the_story(solo):
    head = solo.final.head.value
    assert html.escape(solo.controller.result()) in head
    lines = story(solo.game)
    assert solo.screen.final.story == tuple(lines) and solo.screen.final.result == solo.controller.result()
    assert len(lines) >= 3 and all(html.escape(line) in head for line in lines)
    assert "Final scores" in solo.final.scores.value and solo.final.box.layout.display == ""     # drawn


def test_the_final_panel_is_hidden_while_the_game_goes_on():
    d = Dashboard(setup=SOLO)
    assert d.screen.final is None and d.final.box.layout.display == "none"                   # drawn: hidden


def test_the_score_table_names_the_categories_as_the_chart(solo):
    table = scores_html(solo.game)
    scored = {c for s in solo.game.scores().values() for c, v in s.as_dict().items() if v and c != "total"}
    assert {"cards", "transport"} <= scored
    for c in scored:
        assert f"<td>{html.escape(SCORE_NAMES[c])}</td>" in table, c
    assert "<td>cards</td>" not in table and "<td>transport</td>" not in table


def test_rematch_is_the_same_setup_with_a_new_seed(solo):
    seed = solo.game.options["seed"]
    solo.final.rematch.click()
    game = solo.game
    assert not game.is_over and game.options["seed"] != seed
    assert game.players == ["Ada"] and game.options["solo_level"] == 3
    assert [(s.name, s.kind) for s in solo.controller.seats] == [("Ada", "human")]   # hers again, not the bot's
    assert solo.screen.final is None and solo.side.selected_index == 0
    assert solo.new_game_panel.setup().seed != game.options["seed"]         # the form: the next game's (issue 45)


def test_same_seed_is_the_same_game_again(solo):
    start = Setup([Seat("Ada", "human")], seed=7, solo_level=3).game()
    solo.final.same_seed.click()
    assert solo.game.options["seed"] == 7 and solo.game.options["solo_level"] == 3
    assert solo.game.to_record()["actions"] == start.to_record()["actions"] == []
    assert solo.game.log == start.log


def test_a_new_seed_is_never_the_old_one():
    ctl = Controller(Setup([Seat("Ada"), Seat("Bo", "easy")], seed=5))
    rng = random.Random(0)
    seeds = {rematch_setup(ctl, False, rng).seed for _ in range(200)}
    assert 5 not in seeds and len(seeds) > 150
    assert rematch_setup(ctl, True).seed == 5


def test_a_page_past_its_games_is_told_why_and_keeps_its_game(tmp_path):
    d = finished_solo(store=GameStore(tmp_path / "games.db"), limits=Limits(games_per_page=1))
    d.final.same_seed.click()                  # the page's one game
    d.commands.finish()
    game = d.game
    d.final.rematch.click()
    assert d.game is game and d.game.is_over
    assert "No new game: this page has started 1 games" in d.screen.status.text and d.screen.status.error

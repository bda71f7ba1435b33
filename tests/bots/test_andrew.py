"""Andrew's expected gain by row (bots/andrew.py) and the search that counts it exactly (search:andrew=exact):
a hand-checked position, no peeking at his hidden cards, determinism at a fixed budget."""
from __future__ import annotations

import pytest
from test_search import solo_position, with_deck  # tests/bots is on the path (no package)

from carnegie_lab.bots import SearchBot, make_bot
from carnegie_lab.bots.andrew import andrew_gains, face_down_odds
from carnegie_lab.core.errors import CarnegieError

ROWS = ("HR", "MG", "CO", "RD")


@pytest.fixture(scope="module")
def last_choice():
    """Level 4, seed 21, greedy to round 19 (the player's last row choice): the numbers 4 and 5 are left,
    this round's card shows the back of a normal Human Resources card (N04 or N05, both HR), the draw
    pile's one card the back of an advanced card."""
    game = solo_position(level=4, seed=21, kind="choose", rounds=19)
    assert game.round == 19 and game.andrew().face_down
    assert (game.state.andrew.card, game.state.andrew.deck) == ("N05", ["A04"])
    return game


def test_the_expected_gain_of_each_row_by_hand(last_choice):
    """N04 and N05 are equally likely (both show the back in view). The round's event has no donation.
    - HR: both shift 3 steps: the 6 VP card; 6.
    - MG: N05 takes the Human Resources tile left in the pool (2 VP); N04 finds no R&D tile for either of
      its two, so slides 2 steps (the 3 VP card); (2 + 3) / 2 = 2.5.
    - CO: N05 builds in San Francisco (3 VP) and Santa Fe (1); N04 in New Orleans and Houston (3 + 3);
      (4 + 6) / 2 = 5.
    - RD: N05's one step West is blocked (his West track is at its end): a slide, the 1 VP card; N04's two
      steps South reach no final box: 0; (1 + 0) / 2 = 0.5."""
    state = last_choice.state
    assert face_down_odds(state) == {"N04": 0.5, "N05": 0.5}
    gains = andrew_gains(state, ROWS)
    assert {row: gains.expected(row) for row in ROWS} == {"HR": 6.0, "MG": 2.5, "CO": 5.0, "RD": 0.5}
    assert (gains.gain("MG", "N04"), gains.gain("MG", "N05")) == (3.0, 2.0)
    assert state.andrew.card == "N05" and state.andrew.deck == ["A04"]        # the position is not changed


def test_the_gains_read_only_the_table(last_choice):
    """The other deal the table cannot tell apart (N04 face down, A05 in the pile) gives the same answer;
    an odds table that read the face-down card would not."""
    other = with_deck(last_choice, ["A05"], "N04")
    assert face_down_odds(other.state) == face_down_odds(last_choice.state)
    assert andrew_gains(other.state, ROWS) == andrew_gains(last_choice.state, ROWS)


def test_no_odds_when_no_card_lies_face_down():
    game = solo_position(level=4, seed=21, kind="turn")
    assert not game.andrew().face_down
    assert face_down_odds(game.state) == {}
    assert andrew_gains(game.state, ROWS).odds == {}


def test_the_exact_search_is_deterministic_and_counts_andrews_turn_otherwise():
    game = solo_position(kind="choose")
    exact = SearchBot(3, playouts=12, rounds=1, top=4, andrew="exact")
    stats = exact.analyse(game)
    assert SearchBot(3, playouts=12, rounds=1, top=4, andrew="exact").analyse(game.copy()) == stats
    sampled = SearchBot(3, playouts=12, rounds=1, top=4).analyse(game)
    assert [s.playouts for s in stats] == [s.playouts for s in sampled]
    assert stats != sampled
    turn = solo_position(kind="turn")                # no card face down: the same search as the default
    assert SearchBot(3, playouts=12, rounds=1, top=4, andrew="exact").analyse(turn) == \
        SearchBot(3, playouts=12, rounds=1, top=4).analyse(turn)


def test_the_andrew_option_of_the_spec():
    made = make_bot("search:cut=4:andrew=exact", 1)
    assert isinstance(made, SearchBot) and made.andrew == "exact"
    assert make_bot("search", 1).andrew == "sampled"
    with pytest.raises(CarnegieError, match="andrew must be one of sampled, exact"):
        make_bot("search:andrew=peek")

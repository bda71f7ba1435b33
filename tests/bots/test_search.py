"""SearchBot: legal, side-effect free and deterministic choices; no peeking at Andrew's deck; stronger
than random."""
from __future__ import annotations

import json
import random

import pytest

import carnegie_lab as cl
import carnegie_lab.bots.search as search_module
from carnegie_lab.bots import GreedyBot, RolloutBot, SearchBot, make_bot, resample_hidden, simulate
from carnegie_lab.bots.base import light_copy
from carnegie_lab.bots.registry import parse_spec
from carnegie_lab.bots.search import search
from carnegie_lab.rules import laws

FAST = dict(playouts=6, rounds=1, top=3)


def snapshot(game: cl.Game) -> str:
    return json.dumps([game.to_position(), game.actions], sort_keys=True)


def solo_position(level: int = 4, seed: int = 21, kind: str = "turn", rounds: int = 3) -> cl.Game:
    """A solo game after a few greedy rounds, at a decision of ``kind`` with several candidates."""
    game = cl.new_game(["Ada"], seed=seed, solo_level=level)
    bot = GreedyBot(seed)
    while not (game.round >= rounds and game.decision.kind == kind and len(game.legal_actions()) > 2):
        assert not game.is_over
        game.apply(bot.choose(game))
    return game


def with_deck(game: cl.Game, deck: list[str], card: str | None = None) -> cl.Game:
    """A copy of the game whose Andrew holds ``deck`` (the same cards, in another order) and, if given,
    ``card`` as this round's card."""
    other = game.copy()
    assert other.state.andrew is not None
    other.state.andrew.deck = list(deck)
    if card is not None:
        other.state.andrew.card = card
    return other


def back(card) -> str:
    """What a card's back shows: a normal card's action, or that it is advanced."""
    return "advanced" if card.advanced else card.action


def hidden_orders(game: cl.Game, rng: random.Random, keep_backs: bool = True) -> cl.Game:
    """The game with Andrew's hidden cards (his draw pile, and this round's card while face down) in
    another order, and the advanced flags of two numbers out of view swapped: the same table if
    ``keep_backs`` (the backs in view look the same), else one whose top card's back differs."""
    andrew = game.state.andrew
    assert andrew is not None
    cards = game.components.solo_cards
    down = game.andrew().face_down
    hidden = ([andrew.card] if down else []) + andrew.deck
    view = 1 + down                                  # the cards whose backs are in view
    backs = [back(cards[c]) for c in hidden[:view]]
    top = hidden[view - 1]                           # another card under the same back, where there is one
    movable = any(back(cards[c]) == backs[-1] and c != top for c in hidden)
    while True:
        order = hidden[:]
        rng.shuffle(order)
        if ([back(cards[c]) for c in order[:view]] == backs) == keep_backs and order != hidden \
                and (order[view - 1] != top or not movable):
            break
    unseen = order[view:]
    adv = next((c for c in unseen if cards[c].advanced), None)
    norm = next((c for c in unseen if not cards[c].advanced), None)
    if adv and norm:
        order = order[:view] + [("N" + c[1:] if c == adv else "A" + c[1:] if c == norm else c) for c in unseen]
    other = with_deck(game, order[down:], order[0] if down else None)
    laws.check(other.state)
    return other


def test_choice_is_legal_and_leaves_the_game_alone(many_positions):
    bot = SearchBot(1, **FAST)
    for game in many_positions[:-1][::6]:
        if game.is_over:
            continue
        before = snapshot(game)
        action = bot.choose(game)
        assert action in game.legal_actions()
        assert snapshot(game) == before


def test_choice_is_a_function_of_seed_and_game(two_player_positions):
    bot, twin = SearchBot(5, **FAST), SearchBot(5, **FAST)
    for game in two_player_positions[:-1][::5]:
        first = bot.choose(game)
        assert bot.choose(game) == first                # asking again changes nothing
        assert twin.choose(game.copy()) == first         # another bot with the same seed agrees


def test_solo_search_is_deterministic_at_a_fixed_budget():
    game = solo_position()
    bot = SearchBot(3, playouts=10, rounds=1, top=4)
    stats = bot.analyse(game)
    assert sum(s.playouts for s in stats) == 10
    assert SearchBot(3, playouts=10, rounds=1, top=4).analyse(game.copy()) == stats
    assert bot.choose(game) == stats[0].action


def test_halving_waits_cut_passes_and_the_row_choice_gets_rows_times_the_budget():
    game = solo_position()
    early = SearchBot(3, playouts=16, rounds=1, top=4, cut=1).analyse(game)
    late = SearchBot(3, playouts=16, rounds=1, top=4).analyse(game)      # the default: cut=4
    assert sum(s.finalist for s in early) == 2                   # halved after one playout each
    assert [s.playouts for s in late] == [4] * 4 and all(s.finalist for s in late)
    rows = solo_position(kind="choose")
    assert sum(s.playouts for s in SearchBot(3, playouts=8, rounds=1, rows=2).analyse(rows)) == 16
    assert sum(s.playouts for s in SearchBot(3, playouts=8, rounds=1, rows=2).analyse(game)) == 8
    made = make_bot("search:cut=4:rows=2.5", 1)
    assert isinstance(made, SearchBot) and (made.cut, made.rows) == (4, 2.5)
    for bad in ("search:cut=0", "search:rows=0"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_no_peeking_at_andrews_deck(monkeypatch):
    """Two positions that differ only in what the table does not see of Andrew's cards (the order of
    his hidden cards behind the backs in view, the front of this round's card while it is face down,
    which of the numbers left are advanced) give the same search, playout for playout; a search that
    did not redraw them would see the difference."""
    for kind, knobs in (("turn", {}), ("choose", {}), ("choose", {"cut": 2, "rows": 1.5}),
                        ("choose", {"andrew": "exact"}), ("turn", {"policy": "ranker"}),
                        ("choose", {"policy": "ranker"})):
        game = solo_position(kind=kind)
        assert game.andrew().face_down == (kind == "choose")         # round 3: Ada chooses the row
        bot = SearchBot(9, playouts=12, rounds=1, top=4, **knobs)
        stats = bot.analyse(game)
        assert len(stats) > 1
        rng = random.Random(1)
        others = [hidden_orders(game, rng) for _ in range(3)]
        chosen, greedy = bot.choose(game), GreedyBot(4).choose(game)
        rollout = RolloutBot(4).analyse(game) if kind == "choose" else None   # it deliberates on the row
        for other in others:
            assert bot.analyse(other) == stats
            assert bot.choose(other) == chosen
            assert GreedyBot(4).choose(other) == greedy
            if rollout is not None:
                assert RolloutBot(4).analyse(other) == rollout
        with monkeypatch.context() as m:                 # the control: a peeking search
            m.setattr(search_module, "resample_hidden", lambda state, rng: None)
            assert any(bot.analyse(other) != bot.analyse(game) for other in others)


def test_the_search_sees_the_back_of_the_top_card():
    """The top card of Andrew's draw pile shows its action: positions that differ in it are different
    tables, and the search's playouts follow the one in view."""
    for kind in ("turn", "choose"):
        game = solo_position(kind=kind)
        bot = SearchBot(9, playouts=12, rounds=1, top=4)
        other = hidden_orders(game, random.Random(2), keep_backs=False)
        assert bot.analyse(other) != bot.analyse(game)
        sampled = light_copy(game.state)
        for i in range(10):
            resample_hidden(sampled, random.Random(i))
            top = game.components.solo_cards[sampled.andrew.deck[0]]
            assert (game.andrew().next_advanced, game.andrew().next_action) == \
                (top.advanced, None if top.advanced else top.action)


def test_the_search_depends_on_the_sampled_deck_not_the_real_one():
    """The playouts do see different decks: with the resampling in place the margins vary from one
    playout to the next even for one candidate."""
    game = solo_position(level=2, kind="choose")
    candidates = game.legal_actions()[:1]
    margins, _ = search(game.state, candidates, seed=4, playouts=6, rounds=3, repeat=True)
    assert len(margins[0]) == 6
    assert len(set(margins[0])) > 1


@pytest.mark.parametrize("kind", ["turn", "choose"])
def test_resample_hidden_keeps_what_is_public(kind):
    game = solo_position(level=3, kind=kind)
    state = game.state.copy()
    andrew = state.andrew
    assert andrew is not None
    cards = game.components.solo_cards
    view = game.andrew()
    before = ([andrew.card] if view.face_down else []) + andrew.deck
    seen = set()
    for i in range(20):
        resample_hidden(state, random.Random(i))
        laws.check(state)                                     # 20 cards, one per number, the level's advanced count
        hidden = ([andrew.card] if view.face_down else []) + andrew.deck
        assert sorted(cards[c].number for c in hidden) == sorted(cards[c].number for c in before)
        assert sum(cards[c].advanced for c in hidden) == sum(cards[c].advanced for c in before)
        top, card = cards[andrew.deck[0]], cards[andrew.card]
        assert (top.advanced, card.advanced) == (view.next_advanced, view.card_advanced)
        assert (None if top.advanced else top.action) == view.next_action
        assert view.card_action in (card.action, None)
        seen.add(tuple(hidden))
    assert len(seen) > 1
    assert game.state.andrew is not None and game.state.andrew.deck == before[view.face_down:]   # on the copy only
    two = cl.new_game(["Ada", "Bo"], seed=2)
    copy = light_copy(two.state)
    resample_hidden(copy, random.Random(0))                   # nothing hidden without Andrew
    assert copy.to_dict() == light_copy(two.state).to_dict()


def test_think_budget_and_spec():
    game = solo_position(level=1)
    bot = SearchBot(2, think=0.01, rounds=1)
    assert bot.choose(game) in game.legal_actions()
    assert parse_spec("search:playouts=8:rounds=none") == ("search", {"playouts": 8, "rounds": None})
    made = make_bot("search:playouts=8:rounds=3:top=4:opponents=0.3", 7)
    assert isinstance(made, SearchBot)
    assert (made.seed, made.playouts, made.rounds, made.top) == (7, 8, 3, 4)
    assert made.weights == {"opponents": 0.3}
    with pytest.raises(ValueError):
        make_bot("search:playouts=0")
    with pytest.raises(ValueError):
        make_bot("search:bogus=1")


def test_search_refuses_a_finished_game(two_player_positions):
    over = two_player_positions[-1]
    assert over.is_over
    with pytest.raises(ValueError, match="over"):
        SearchBot(0, **FAST).choose(over)


def test_search_beats_random():
    spec = "search:playouts=3:rounds=1:top=2"
    result = simulate(2, 6, [spec, "random"], seed=3)
    assert [r.seat_won(r.bots.index(spec)) for r in result.results] == [True] * 6

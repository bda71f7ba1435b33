"""carnegie_lab.analysis: evaluate (every action played out, with intervals), explain (what an action
changes now) and andrew_forecast (the exact chances of Andrew's next card)."""
from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import ActionValue, andrew_forecast, evaluate, explain, wilson
from carnegie_lab.bots import GreedyBot
from carnegie_lab.core.words import SCORE_NAMES
from carnegie_lab.rules.scoring import CATEGORIES


def snapshot(game: cl.Game) -> str:
    return json.dumps(game.to_position(), sort_keys=True)


def solo_at(round_: int, level: int = 2, seed: int = 4) -> cl.Game:
    """A greedy solo game at its first decision of ``round_``."""
    game = cl.new_game(["Ada"], seed=seed, solo_level=level)
    bot = GreedyBot(seed)
    while game.round < round_:
        game.apply(bot.choose(game))
    return game


def with_andrew(game: cl.Game, shown: list[list[str]], card: str, deck: list[str]) -> cl.Game:
    """The game with Andrew's shown cards, card of the round and face-down deck replaced."""
    position = game.to_position()
    andrew = position["state"]["andrew"]
    andrew["vp_slots"], andrew["card"], andrew["deck"] = shown, card, deck
    return cl.Game.from_position(position)


#: Round 5 at level 2 (5 advanced cards), Ada to choose the row: N01, A02, N03, N04 lie on his VP cards,
#: A05 is this round's card, face down (its back shows only that it is advanced); numbers 5-20 are
#: hidden, 4 of them advanced (5 less the 1 shown). The top card of the draw pile is a normal CO card.
SHOWN = [["N01", "A02"], ["N03"], ["N04"], [], []]
DECK = ["N12", "A07", "N20", "N09", "A06", "N15", "N11", "N17", "N10", "A08", "N13", "N19", "N16", "N14", "N18"]
#: the same table with other hidden cards behind the same backs (an advanced one, a normal CO one)
OTHER_CARD = "A19"
OTHER_DECK = ["N13", "A06", "N08", "A20", "N05", "N07", "N11", "N16", "N10", "N15", "N12", "A18", "N09", "N14",
              "N17"]
#: another order behind the same backs with this round's card the same (once shown, both tables agree)
SAME_CARD_DECK = ["N13", "A09", "N20", "N07", "A06", "N15", "N11", "N17", "N10", "A08", "N12", "N19", "N16", "N14",
                  "N18"]


@pytest.fixture(scope="module")
def solo_pair() -> tuple[cl.Game, cl.Game]:
    base = solo_at(5)
    return with_andrew(base, SHOWN, "A05", DECK), with_andrew(base, SHOWN, OTHER_CARD, OTHER_DECK)


# -- evaluate ------------------------------------------------------------------------------------

def check_rows(game: cl.Game, rows: list[ActionValue]) -> None:
    assert sorted(str(r.action) for r in rows) == sorted(str(a) for a in game.legal_actions())
    played = [r for r in rows if r.playouts]
    for r in played:
        assert r.margin_low <= r.margin <= r.margin_high
        assert r.min_margin <= r.margin <= r.max_margin
        assert r.win_low <= r.win_rate <= r.win_high and 0.0 <= r.win_low and r.win_high <= 1.0
        assert r.estimated or float(r.win_rate * r.playouts).is_integer()   # a share, or mean chances
    assert [r.margin for r in played] == sorted((r.margin for r in played), reverse=True)
    assert rows[:len(played)] == played               # the actions without a playout come last
    for r in rows:
        if r.same_as is not None:
            twin = next(t for t in rows if t.action == r.same_as)
            assert (r.margin, r.playouts, r.win_rate) == (twin.margin, twin.playouts, twin.win_rate)


def test_evaluate_plays_every_action_to_the_end(choose_position):
    game = choose_position
    before = snapshot(game)
    rows = evaluate(game, playouts=4, seed=1)
    assert snapshot(game) == before
    check_rows(game, rows)
    assert all(r.playouts == 4 for r in rows)                  # playouts=N: N of every action
    assert all(r.playouts and r.horizon is None for r in rows)
    assert all(float(r.margin * r.playouts).is_integer() for r in rows)   # means of final margins in whole VP
    assert rows[0].as_dict()["action"] == rows[0].notation == str(rows[0].action)
    json.dumps([r.as_dict() for r in rows], allow_nan=False)
    with pytest.raises(AttributeError):
        rows[0].margin = 0                              # frozen


def test_evaluate_is_deterministic_at_a_playout_count(two_player_positions):
    game = two_player_positions[len(two_player_positions) // 2]
    a = evaluate(game, playouts=4, seed=7, rounds=2)        # random moves and all, two rounds on
    assert a == evaluate(game, playouts=4, seed=7, rounds=2)
    check_rows(game, a)


def test_near_duplicate_builds_share_a_row(many_positions):
    game = next(g for g in many_positions if sum(a.verb == "sp" for a in g.legal_actions()) > 6)
    rows = evaluate(game, playouts=len(game.legal_actions()), seed=2, rounds=1)
    check_rows(game, rows)
    twins = [r for r in rows if r.same_as is not None]
    assert twins and all(r.action.verb == "sp" == r.same_as.verb for r in twins)
    assert all(r.horizon == game.round + 1 for r in rows)


def test_a_short_think_budget_leaves_the_last_ones_unplayed(choose_position):
    rows = evaluate(choose_position, think=1e-4, seed=3)
    unplayed = [r for r in rows if not r.playouts]
    assert unplayed and len(unplayed) < len(rows)
    assert all(math.isnan(r.margin) and r.margin_low == -math.inf for r in unplayed)
    assert [r.heuristic for r in unplayed] == sorted((r.heuristic for r in unplayed), reverse=True)
    assert "not played out" in str(unplayed[0])
    data = unplayed[0].as_dict()
    assert data["margin"] is None and data["margin_low"] is None and data["playouts"] == 0
    json.dumps([r.as_dict() for r in rows], allow_nan=False)


def test_the_horizon_follows_the_budget(choose_position):
    game = choose_position
    few = evaluate(game, playouts=1, seed=1)
    assert all(r.horizon == game.round + 2 for r in few)          # under two playouts an action: 2 rounds on
    assert all(r.horizon is None for r in evaluate(game, playouts=2, seed=1))     # to the end
    assert all(r.horizon is None for r in evaluate(game, playouts=3, rounds=None, seed=1))
    assert all(r.horizon == game.round + 1 for r in evaluate(game, playouts=3, rounds=1, seed=1))
    with pytest.raises(cl.CarnegieError, match="auto"):
        evaluate(game, playouts=3, rounds="soon")


def test_the_old_arguments_still_work(choose_position):
    game = choose_position
    rows = evaluate(game, rollouts=3, seed=1, policy="random")
    assert all(r.rollouts == r.playouts == 3 for r in rows)
    assert all(float(3 * r.margin).is_integer() for r in rows)
    cut = evaluate(game, rollouts=2, depth=30, seed=1)      # 30 decisions: about 4 rounds of 2 players
    assert all(r.horizon == game.round + 4 for r in cut)
    assert evaluate(game, rollouts=2, time_limit=60.0)[0].playouts == 2


def test_evaluate_in_solo_counts_andrew():
    game = cl.new_game(["Ada"], seed=2, solo_level=2)
    rows = evaluate(game, rollouts=2, policy="random")
    assert len(rows) == len(game.legal_actions())
    assert all(r.margin < 0 and r.win_rate == 0 for r in rows)   # random play never beats Andrew


def test_evaluate_refuses_a_finished_game_and_bad_arguments(two_player_positions, choose_position):
    with pytest.raises(cl.CarnegieError, match="over"):
        evaluate(two_player_positions[-1])
    for bad in ({"policy": "clever"}, {"playouts": 0}, {"epsilon": 2.0}, {"think": -1.0}, {"rounds": 0}):
        with pytest.raises(cl.CarnegieError):
            evaluate(choose_position, **bad)


def test_evaluate_does_not_peek_at_andrews_hidden_cards(solo_pair):
    one, other = solo_pair
    assert evaluate(one, playouts=10, seed=5) == evaluate(other, playouts=10, seed=5)


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.490, abs=1e-3) and high == pytest.approx(0.943, abs=1e-3)


# -- explain -------------------------------------------------------------------------------------

def score_diff(game: cl.Game, action) -> dict[str, dict[str, int]]:
    """Per player, the score categories an action changes (and the total), from game.scores()."""
    after = game.copy()
    after.apply(action)
    out = {}
    for name, old in game.scores().items():
        new = after.scores()[name]
        delta = {c: getattr(new, c) - getattr(old, c) for c in CATEGORIES if getattr(new, c) != getattr(old, c)}
        if new.total != old.total:
            delta["total"] = new.total - old.total
        out[name] = delta
    return out


def test_explain_gives_the_score_changes(many_positions):
    checked, named = 0, set()
    for game in many_positions[::3]:
        if game.is_over or game.state.andrew is not None:
            continue
        for action in game.legal_actions():
            before = snapshot(game)
            e = explain(game, action)
            assert snapshot(game) == before
            diff = score_diff(game, action)
            assert e.score_change() == diff[e.player]
            assert {n: e.score_change(n) for n in diff if n != e.player} == \
                {n: {"total": d["total"]} if "total" in d else {} for n, d in diff.items() if n != e.player}
            checked += bool(diff[e.player])
            for c in e.changes:             # in words: each category by its name in the score table
                if c.topic == "score" and c.name != "total":
                    assert c.text == f"{SCORE_NAMES[c.name]} {c.after - c.before:+d}", c.text
                    named.add(c.name)
    assert checked >= 5 and named - {"cities", "departments", "connections", "donations"}, named


RESOURCES = {"money": "money", "goods": "goods", "discs in the supply": "discs", "employees in the supply": "supply"}


def test_explain_resources_and_network(many_positions):
    seen = set()
    for game in many_positions[1::4]:
        if game.is_over:
            continue
        seat = game.current_player
        for action in game.legal_actions()[:12]:
            e = explain(game, action)
            after = game.copy()
            after.apply(action)
            p, q = game.state.players[seat], after.state.players[seat]
            resources = {c.name: c.after - c.before for c in e.changes if c.topic == "resources"}
            for name, field in RESOURCES.items():
                assert resources.get(name, 0) == getattr(q, field) - getattr(p, field)
            seen |= {name for name in resources if name in RESOURCES}
            built = {c.name: c for c in e.changes if c.topic == "network"}.get("cities built in")
            if built is not None:
                assert built.after - built.before and "new:" in built.text
                seen.add("cities")
            json.dumps(e.as_dict())
    assert seen >= {"money", "goods", "discs in the supply", "cities"}


def test_explain_in_words():
    game = cl.new_game(["Ada", "Bo"], seed=3)
    action = next(a for a in game.legal_actions() if a.verb == "house")
    e = explain(game, action)
    assert e.player == game.players[game.current_player] and e.description == game.describe(action)
    text = str(e)
    assert text.startswith(f"{e.player}: {action}") and "network: cities built in: 0 -> 1" in text
    assert f"next: {e.next}" in text and not e.guessed


def test_explain_refuses_what_apply_refuses(choose_position):
    with pytest.raises(cl.IllegalActionError):
        explain(choose_position, "house pittsburgh")
    with pytest.raises(cl.NotationError):
        explain(choose_position, "fly to the moon")


def test_explain_does_not_peek_at_andrews_next_card(solo_pair):
    """Played on to the end of the round (his card shown by then: the same in both), the two tables
    still differ only in what nobody sees."""
    one = solo_pair[0].copy()
    other = with_andrew(one, SHOWN, "A05", SAME_CARD_DECK)
    bot = GreedyBot(1)
    while True:                                     # on to the action that ends the round
        action = bot.choose(one)
        probe = one.copy()
        probe.apply(action)
        if probe.round > one.round:
            break
        one.apply(action)
        other.apply(action)
    a, b = explain(one, action), explain(other, action)
    assert a.guessed and a == b
    assert "Andrew plays a card on the way whose front is hidden" in str(a)


# -- Andrew's next card ----------------------------------------------------------------------------

def test_andrew_forecast_of_a_hand_built_table(solo_pair):
    one, _ = solo_pair
    f = andrew_forecast(one)
    assert (f.round, f.chooses_row, f.current, f.current_action, f.next_action) == (6, True, None, None, "CO")
    assert not f.next_advanced and f.left == tuple(range(5, 21))     # this round's card is face down: not shown
    chances = {c.outcome: c.chance for c in f.cards}
    assert chances == {f"N{n}": Fraction(1, 5) for n in range(11, 16)}     # a normal card of a CO number left
    assert [(c.outcome, c.chance) for c in f.row] == [("CO", 1)]        # its back: certain
    hr = {c.outcome: c.chance for c in f.actions["HR"]}     # normal 11, 12, 15 slide 2; 13, 14 slide 1
    assert hr == {"his card slides 2": Fraction(3, 5), "his card slides 1": Fraction(2, 5)}
    for group in (f.row, f.donation, *f.actions.values()):
        assert sum(c.chance for c in group) == 1
        assert [c.chance for c in group] == sorted((c.chance for c in group), reverse=True)
    assert "round 6" in str(f) and "it chooses the row" in str(f) and "back shows Construction" in str(f)


def test_andrew_forecast_sees_only_the_table(solo_pair):
    one, other = solo_pair
    assert andrew_forecast(one) == andrew_forecast(other)


def test_andrew_forecast_at_the_start_and_the_end():
    start = cl.new_game(["Ada"], seed=1, solo_level=3)
    f = andrew_forecast(start)
    top = start.components.solo_cards[start.state.andrew.deck[0]]
    assert f.round == 1 and not f.chooses_row and f.current is None and f.current_action is None
    assert top.advanced and f.next_advanced and f.next_action is None is start.andrew().next_action
    # an advanced back: any of the 20 numbers, advanced; the row stays open (5 numbers per action)
    assert {c.outcome: c.chance for c in f.cards} == {f"A{n:02d}": Fraction(1, 20) for n in range(1, 21)}
    assert {c.outcome: c.chance for c in f.row} == {a: Fraction(1, 4) for a in ("HR", "MG", "CO", "RD")}
    normal = cl.new_game(["Ada"], seed=1, solo_level=1)                # level 1: every back shows its action
    g = andrew_forecast(normal)
    action = normal.components.solo_cards[normal.state.andrew.deck[0]].action
    assert g.next_action == action == normal.andrew().next_action and [c.chance for c in g.row] == [1]
    assert {c.outcome: c.chance for c in g.cards} == {c: Fraction(1, 5) for c in g.row[0].cards}
    end = solo_at(20, level=1)
    assert andrew_forecast(end).round is None and not andrew_forecast(end).cards
    assert andrew_forecast(end).next_action is None and end.andrew().next_action is None
    with pytest.raises(cl.CarnegieError, match="solo"):
        andrew_forecast(cl.new_game(["Ada", "Bo"], seed=1))


def worlds(game: cl.Game):
    """Every deal of Andrew's hidden cards the table cannot rule out (brute force, for a few cards):
    each order of the numbers not shown, each choice of which of them are advanced, kept when the
    backs in view look the same (a normal card's action, or "advanced"); all equally likely."""
    view, cards = game.andrew(), game.components.solo_cards
    shown = {cards[c].number for _, on in view.vp_cards for c in on} | {cards[c].number for c in [view.card] if c}
    numbers = sorted({c.number for c in cards.values()} - shown)
    backs = ([("advanced" if view.card_advanced else view.card_action)] if view.face_down else []) + \
        ([("advanced" if view.next_advanced else view.next_action)] if view.cards_left else [])
    for order in itertools.permutations(numbers):
        for advanced in itertools.combinations(numbers, view.advanced_left):
            deal = [f"{'A' if n in advanced else 'N'}{n:02d}" for n in order]
            if ["advanced" if cards[c].advanced else cards[c].action for c in deal[:len(backs)]] == backs:
                yield deal[1:] if view.face_down else deal


@pytest.mark.parametrize("seed,round_,kind", [(1, 14, "turn"), (8, 15, "choose"), (3, 15, "choose"),
                                              (4, 14, "turn"), (4, 15, "choose")])   # each mix of backs
def test_andrew_forecast_is_exact(seed, round_, kind):
    """Late in a level-4 game (few cards hidden), the forecast's chances are the share of the worlds
    the table cannot rule out in which each card lies on top of the draw pile."""
    game = cl.new_game(["Ada"], seed=seed, solo_level=4)
    bot = GreedyBot(seed)
    while not (game.round == round_ and game.decision.kind == kind):
        game.apply(bot.choose(game))
    assert game.andrew().face_down == (kind == "choose")
    tops = Counter(deal[0] for deal in worlds(game))
    total = sum(tops.values())
    exact = {c: Fraction(n, total) for c, n in tops.items()}
    assert {c.outcome: c.chance for c in andrew_forecast(game).cards} == exact
    assert game.state.andrew.deck[0] in tops                            # the real card among them
    f = andrew_forecast(game)
    if f.next_advanced:                     # an advanced back: the row stays open, any number left
        assert f.next_action is None and len(f.row) > 1 and all(c.outcome.startswith("A") for c in f.cards)
    else:
        assert [c.chance for c in f.row] == [1]

"""Solo mode: Andrew Carnegie's deck, turn, failure slides and scoring."""
import json
import random

import pytest

import carnegie_lab as cl
from carnegie_lab.core.loader import components
from carnegie_lab.rules import timeline
from carnegie_lab.rules.solo import NAME
from carnegie_lab.rules.timeline import TYPE_NAMES

C = components()


def solo_game(level=1, seed=7):
    return cl.new_game(["Ada"], seed=seed, solo_level=level)


def through_setup(game):
    """Play the solo setup: first Housing city, first tile, no setup moves."""
    game.apply(game.legal_actions()[0])            # house
    game.apply(game.legal_actions()[0])            # reserve
    while game.decision.kind in ("setup", "activate"):
        game.apply("done")
    assert game.decision.kind == "choose" and game.round == 1
    return game


def with_state(game, edit):
    """A copy of the game's position changed by edit(state_dict)."""
    pos = game.to_position()
    edit(pos["state"])
    return cl.Game.from_position(json.loads(json.dumps(pos)))


def hold_card(andrew, card_id):
    """Andrew holds card_id (drawn from his deck: the card he held takes its place there)."""
    if andrew["card"] != card_id:
        i = andrew["deck"].index(card_id)
        andrew["deck"][i], andrew["card"] = andrew["card"], card_id


def round_one_with_card(card_id, edit=lambda s: None, level=1, seed=7):
    """Round 1 (the player chooses) with Andrew's card for this round set to card_id."""
    game = through_setup(solo_game(level, seed))

    def change(s):
        hold_card(s["andrew"], card_id)
        edit(s)
    return with_state(game, change)


def rounds_over(s, vp_slots, markers):
    """The state dict after sum(markers) rounds: Andrew's cards of those rounds lie on his VP cards
    (taken from his deck), the timeline markers moved once per round, a history summary per round; the
    round is the next one."""
    andrew = s["andrew"]
    played = [c for slot in vp_slots for c in slot]
    assert len(played) == sum(markers)
    if andrew["card"] in played:
        andrew["card"] = next(c for c in andrew["deck"] if c not in played)
    andrew["deck"] = [c for c in andrew["deck"] if c not in played and c != andrew["card"]]
    andrew["vp_slots"] = [list(slot) for slot in vp_slots]
    s["board"]["markers"] = list(markers)
    s["flow"]["round"] = len(played) + 1
    rows = [row for row, moved in zip(C.timeline.rows, markers) for _ in range(moved)]
    s["history"] = [{"round": r, "chosen": row, "players": [
        {"vp": p["vp"], "money": p["money"], "goods": p["goods"], "score": 0,
         "projects": sum(t[1] for t in p["tabs"].values()), "departments": len(p["built"]), "active": 0}
        for p in s["players"]]} for r, row in enumerate(rows, 1)]


def donate(s, donation_id, seat):
    """The state dict with the seat's disc (from the supply) on a donation space."""
    s["board"]["donations"][donation_id] = [seat]
    s["players"][seat]["donations"] += 1
    s["players"][seat]["discs"] -= 1


def row_with_event(game, want_donation):
    for row, action_type in enumerate(game.components.timeline.rows):
        k = game.state.board.markers[row] + 1
        if timeline.space(game.state, row, k).donation == want_donation:
            return action_type
    raise AssertionError("this seed has no such row: pick another seed")


@pytest.mark.parametrize("level,advanced", [(1, 0), (2, 5), (3, 10), (4, 15)])
def test_deck_composition_by_level(level, advanced):
    andrew = solo_game(level).state.andrew
    cards = andrew.deck + [andrew.card] if andrew.card else andrew.deck
    assert len(cards) == 20
    assert sorted(int(c[1:]) for c in cards) == list(range(1, 21))
    assert sum(c.startswith("A") for c in cards) == advanced


def test_deck_comes_from_the_game_seed():
    assert solo_game(3, seed=1).state.andrew.deck == solo_game(3, seed=1).state.andrew.deck
    assert solo_game(3, seed=1).state.andrew.deck != solo_game(3, seed=2).state.andrew.deck


def test_solo_setup_is_a_two_player_setup():
    game = through_setup(solo_game())
    s = game.state
    assert sum(s.board.pool.values()) == 32 - 16 - 1          # 16 removed, one in Ada's reserve
    neutral = sum(1 for owner, _ in s.board.sites.values() if owner == "neutral")
    neutral += sum(1 for owners in s.board.donations.values() if owners == ["neutral"])
    assert neutral == 18
    assert s.andrew.tracks == {r: 0 for r in C.tracks}
    assert not any(owner == "andrew" for owner, _ in s.board.sites.values())
    assert not s.players[0].action_choice
    with pytest.raises(ValueError):
        cl.new_game(["Ada"], seed=1)                           # one player needs a level
    with pytest.raises(ValueError):
        cl.new_game(["Ada", "Bo"], seed=1, solo_level=2)


def test_player_chooses_odd_rounds_andrew_even_rounds():
    game = through_setup(solo_game())
    card = game.state.andrew.card
    game.apply("choose HR")
    while game.round == 1:
        game.apply("done" if any(a.verb == "done" for a in game.legal_actions()) else game.legal_actions()[0])
    assert game.round == 2
    assert game.state.flow.chosen == C.solo_cards[game.state.andrew.card].action
    assert f"{NAME} draws a card and chooses {TYPE_NAMES[game.state.flow.chosen]}" in " ".join(game.log)
    assert game.state.andrew.vp_slots[min(4, C.solo_cards[card].hr_shift)] == [card]


def test_andrew_human_resources_slides_by_the_card_value():
    game = round_one_with_card("N03")                          # HR shift 3
    game.apply("choose HR")
    assert game.state.andrew.slide == 3
    assert any(line.endswith("card slides 3 steps (Human Resources)") for line in game.log)


def test_andrew_management_takes_one_tile_per_type_never_two_copies():
    def pool(s):
        s["players"][0]["reserve"] = "logistics"               # Ada reserved a tile Andrew does not want
        s["board"]["pool"] = {d: 0 for d in s["board"]["pool"]}
        s["board"]["pool"]["training_partnerships"] = 2        # the only HR tile left, twice
        s["board"]["pool"]["sales"] = 1
    game = round_one_with_card("N06", pool)                    # MG types HR, HR, HR
    game.apply("choose MG")
    andrew = game.state.andrew
    assert andrew.departments == ["training_partnerships"]
    assert game.state.board.pool["training_partnerships"] == 1
    assert andrew.slide == 2                                    # two HR entries could not be filled


def test_andrew_construction_prefers_housing_then_left_most():
    game = round_one_with_card("N11")                          # portland, boise, denver, los_angeles
    before = dict(game.state.board.sites)
    game.apply("choose CO")
    sites = game.state.board.sites
    placed = {k: v for k, v in sites.items() if k not in before}
    assert all(owner == "andrew" for owner, _ in placed.values())
    denver = [k for k in placed if k.startswith("denver/")]
    if "denver/2" not in before:                               # Denver: C top, P bottom-left, H bottom-right
        assert denver == ["denver/2"] and placed["denver/2"][1] == "H"


def test_andrew_construction_slides_for_each_full_city():
    def fill(s):
        for site in C.cities["boise"].sites:
            s["board"]["sites"][f"boise/{site.index}"] = ["neutral", None]
        for site in C.cities["portland"].sites:
            s["board"]["sites"][f"portland/{site.index}"] = ["neutral", None]
    game = round_one_with_card("N11", fill)
    game.apply("choose CO")
    assert game.state.andrew.slide == 2
    assert any("Boise is full" in line for line in game.log)


def test_andrew_research_moves_and_slides_for_blocked_steps():
    def near_end(s):
        s["andrew"]["tracks"]["west"] = 3
        s["players"][0]["tracks"]["west"] = 4                  # Ada holds the West final box
    game = round_one_with_card("N20", near_end)               # west: 3 steps
    game.apply("choose RD")
    assert game.state.andrew.tracks["west"] == 3
    assert game.state.andrew.slide == 3


def test_andrew_research_reaches_a_free_final_box():
    game = round_one_with_card("N01", lambda s: s["andrew"]["tracks"].update(west=3))   # west: 2 steps
    game.apply("choose RD")
    assert game.state.andrew.tracks["west"] == 4
    assert game.state.andrew.slide == 1


def test_andrew_donates_on_a_donation_event_or_slides_if_taken():
    game = round_one_with_card("N07")                          # welfare_7vp
    row = row_with_event(game, want_donation=True)
    free = with_state(game, lambda s: s["board"]["donations"].pop("welfare_7vp", None))
    free.apply(f"choose {row}")
    assert free.state.board.donations["welfare_7vp"] == ["andrew"]
    taken = with_state(game, lambda s: donate(s, "welfare_7vp", 0))
    taken.apply(f"choose {row}")
    assert taken.state.board.donations["welfare_7vp"] == [0]
    assert any("is taken" in line for line in taken.log)


def test_andrew_card_ends_on_the_vp_card_it_reached_capped_at_ten():
    game = round_one_with_card("N01")                          # HR shift 4 -> slot 4 (10 VP)
    game.apply("choose HR")
    while game.round == 1:
        game.apply("done")
    assert game.state.andrew.vp_slots[4] == ["N01"]


def test_andrew_score_breakdown_by_hand():
    game = through_setup(solo_game())

    def build(s):
        a = s["andrew"]
        rounds_over(s, [["N01"], ["N02", "N03"], [], ["N04"], ["N05", "N06"]],   # 0 + 2*1 + 6 + 2*10
                    markers=[2, 2, 1, 1])                                          # (six rounds played)
        a["departments"] = ["sales", "logistics"]                                  # 2 * 2
        for dept in a["departments"]:                              # (from the pool, else out of play)
            if s["board"]["pool"].get(dept):
                s["board"]["pool"][dept] -= 1
        a["tracks"]["east"] = 4                                                    # 6
        s["board"]["sites"]["boston/0"] = ["andrew", "H"]                          # Boston 3 VP
        s["board"]["sites"]["fargo/0"] = ["andrew", "H"]                           # Fargo 1 VP
        s["board"]["donations"]["welfare_7vp"] = ["andrew"]                        # 7 (flat)
        s["board"]["donations"]["welfare_money"] = ["andrew"]                      # 2 per $5 Ada has left
        a["donations"] = 2
        s["players"][0]["money"] = 12
        s["players"][0]["goods"] = 0                                               # (goods sell for $1)
    game = with_state(game, build)
    andrew = game.scores()[NAME]
    assert andrew.cards == 2 + 6 + 20
    assert andrew.departments == 4
    assert andrew.transport == 6
    assert andrew.cities == 3 + 1
    assert andrew.donations == 7 + 2 * 2                       # $12 pays two $5 payments for him
    assert andrew.total == 28 + 4 + 6 + 4 + 11
    assert game.winners() == [NAME]


def random_policy(rng, actions):
    real = [a for a in actions if a.verb not in ("done", "sell")]
    return rng.choice(real) if real and rng.random() < 0.85 else rng.choice(actions)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_random_solo_playouts_reach_the_end_and_replay(level):
    for seed in range(3):
        game = solo_game(level, seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(random_policy(rng, game.legal_actions()))
        assert game.round == 20
        andrew = game.state.andrew
        assert sum(len(cards) for cards in andrew.vp_slots) == 20 and not andrew.deck
        scores = game.scores()
        assert set(scores) == {"Ada", NAME}
        assert game.winners()
        replay = cl.Game.from_record(json.loads(json.dumps(game.to_record())))
        assert replay.to_position() == game.to_position()

# %% [markdown]
# # 9 · The solo game against Andrew Carnegie
#
# Alone? Play against Andrew Carnegie himself. Andrew has no company, no money and no employees: a
# deck of 20 action cards decides what he does, and he always has what he needs.
#
# ## How Andrew plays
#
# - You set up as usual (your house, your reserved tile, your setup moves); the board gets neutral
#   discs as in a 2-player game. Andrew has a disc on each transport track.
# - Each round Andrew draws a card, face down. Its back shows its action, the one he is strongest at,
#   and so does the back of the next card on his draw pile (an advanced card's back, at levels 2-4,
#   shows only that it is advanced); the front shows from his turn on.
#   **You choose the action in odd rounds** (1, 3, 5...); in even rounds **Andrew's card chooses** it.
# - Andrew acts first, following his card: on a donation event he takes the donation printed on it;
#   then for the action of the round he builds discs in the card's cities (Construction), takes
#   department tiles out of the pool (Management) or moves up a track (R&D). Human Resources does
#   nothing for him except slide his card.
# - Whenever he cannot do something, and for Human Resources, his card **slides** to the right.
#   At the end of the round the card lies on one of five VP cards: 0, 1, 3, 6 or 10 VP, depending
#   on how far it slid.
#
# ## How Andrew scores
#
# The VP cards under his cards, 2 VP per department tile he took, 6 VP per final box he reached, the
# city VP of his discs, and his donations, counted on **your** results (a donation "2 VP per disc in
# the West" counts your discs in the West).
#
# The level (1 to 4) sets how many of his cards are advanced ones.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import render, translator
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, until_round
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
# Ada's solo game against Andrew at level 1, after her setup (her part of notebook 1's setup:
# positions.SOLO_SETUP).
game = positions.solo_after_setup(level=1)
andrew = game.andrew()
print(_("Andrew's card of round 1 lies face down, its back shows"), andrew.card_action,
      _("- the next card's back shows"), andrew.next_action, "-", andrew.cards_left, _("cards still to draw"))
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Ada did the same setup as in notebook 1. The first card of Andrew's deck is already drawn, face down:
# Ada sees its back, and the back of the card on top of his draw pile; the fronts and the order of the
# other cards are hidden, as at the table. The stepper below describes Andrew's card at each step (his
# row, his cities, his track, his donation) once his turn has shown it. Press **Next** to play a step,
# **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components
VP_CARDS = C.constants.andrew_vp_cards
round_1 = game.copy()
round_1.apply("choose CO")                 # Ada's choice: Andrew's turn turns his card face up
CARD_OF_ROUND_1 = round_1.andrew().card


def steps(n):
    return _(f"{n} step") if n == 1 else _(f"{n} steps")


def card_text(g):
    """Andrew's card of this round in words, and the cards lying on his VP cards."""
    a = g.andrew()
    slots = ", ".join(_(f"{vp} VP: {' '.join(cards)}") for vp, cards in a.vp_cards if cards)
    now = _(f"Andrew's card this round lies face down; its back shows {a.card_action}.") \
        if a.face_down else ""
    if a.card is not None:
        card = C.solo_cards[a.card]
        cities = ", ".join(render(C.cities[c].name, LANG) for c in card.co_cities)
        region = render(C.regions[card.rd_region].name, LANG)
        now = (_(f"Andrew's card this round: **{a.card}** (action {card.action}; builds in {cities}; R&D "
                 f"{steps(card.rd_steps)} in the {region}); it has slid {steps(a.slide)} "
                 "to the right so far."))
    upcoming = _(f" The back of his next card shows {a.next_action}.") if a.next_action else ""
    return now + upcoming + (_(f" Cards on the VP cards: {slots}.") if slots else "")


def andrew_text(text):
    return lambda g: text + "\n\n" + card_text(g)


def vp_card_of(card):
    """The VP card the given solo card lies on (None while it is not on one)."""
    return lambda g: next((vp for vp, cards in g.andrew().vp_cards if card in cards), None)


def top_vp_card(g):
    """The best VP card with one of Andrew's cards on it."""
    return max(vp for vp, cards in g.andrew().vp_cards if cards)


def this_round(g):
    return g.round


tour = Stepper(game, [
    Step(_("Round 1: Ada chooses Construction"),
         andrew_text(_("In odd rounds Ada picks the row. She takes **CO**. Andrew acts first: his card sends his "
                       "black discs to Pittsburgh and New York, each on a free Housing site (else Commerce, then "
                       "Industry, then Public Infrastructure).")),
         ["choose CO"], view="map", expect=Numbers({1: this_round})),
    Step(_("Ada builds"),
         andrew_text(_("Ada builds in Cincinnati and Chicago (notebook 5). The round ends: Andrew's card never "
                       "slid, so it lies on the 0 VP card. Round 2 starts at once: it is Andrew's turn to choose, "
                       "and his new card picks **RD**. He moves up the South track before Ada does anything.")),
         ["co C cincinnati", "co I chicago"], view="tracks",
         expect=Numbers({0: vp_card_of(CARD_OF_ROUND_1), 2: this_round})),
    Step(_("Income for Ada"),
         andrew_text(_("The RD row's event is *Take Income in the Midwest*: Ada brings both of her employees "
                       "home. Income events do nothing for Andrew.")),
         ["income 2"], view="company"),
    Step(_("Ada's research"),
         andrew_text(_("Ada spends her 4 study points. Round 2 ends: Andrew's card lies on the 0 VP card again, "
                       "and round 3 begins; it is Ada's choice.")),
         ["rd", "tab C", "track midwest", "tab H"], view="tracks",
         expect=Numbers({4: lambda g: g.standing(0, "d1") * C.departments["research"].params["study_per_employee"],
                         0: top_vp_card,
                         2: lambda g: g.round - 1, 3: this_round})),
    Step(_("Round 3: Human Resources"),
         andrew_text(_("Ada picks **HR**: the back of Andrew's card showed **CO**, his strongest action this "
                       "round, and she keeps it from him. Human Resources does nothing for Andrew except slide "
                       "his card: this one slides 2 spaces.")),
         ["choose HR"], view="timeline",
         expect=Numbers({3: this_round, 2: lambda g: g.andrew().slide},
                        facts={_("his card shows CO"): lambda g: g.andrew().card_action == "CO"})),
    Step(_("Andrew's points"),
         andrew_text(_("Ada passes her turn and the round ends: Andrew's card lies on the **3 VP** card. Round 4 "
                       "is Andrew's to choose: his new card picks **CO**, so he donates and builds before Ada's "
                       "turn (Cincinnati is full: his card slides). The score view shows his VP cards and the "
                       "city VP of his discs.")),
         [until_round(4)], view="scores",
         expect=Numbers({3: top_vp_card, 4: this_round})),
], title=_("Three rounds against Andrew"), view="map", player=0,
   intro=_("Ada's game against Andrew after her setup. Press **Next**."), lang=LANG)
tour

# %% [markdown]
# A tip from the rules: before choosing the row, look at the back of Andrew's card (the action he is
# strongest at this round) and avoid giving it to him; the back of the top card of his draw pile tells
# what his card will choose in the next round. In the engine the backs are `game.andrew().card_action`
# and `game.andrew().next_action`; the card itself is `game.andrew().card` once his turn has turned it
# face up (None before), and the solo cards are data:

# %%
before = tour.game_at(4).andrew()          # round 3, before Ada chooses: his card lies face down
print(before.card, before.card_action, before.next_action)
print(C.solo_cards[tour.game_at(5).andrew().card])   # after her choice: his turn shows it

# %% [markdown]
# ## Exercises

# %%
Exercise(_("Who chooses the row in round 2?"),
         lambda g: "andrew" if g.andrew().chooses else "ada", tour.game_at(2), pinned="andrew",
         options=[("Ada", "ada"), ("Andrew Carnegie", "andrew")],
         mistakes={"ada": _("Ada chooses in the odd rounds only.")},
         explanation=_("Andrew's card chooses in even rounds, the player in odd rounds."),
         expect=Numbers({2: this_round}),
         code="game.andrew().chooses", lang=LANG)

# %%
Exercise(_("At the end of the game, how many VP will Andrew get for the card he played in round 3?"),
         vp_card_of(tour.game_at(5).andrew().card), tour.game_at(6), pinned=3,
         mistakes={2: _("That is how far the card slid: read the VP card it lies on."),
                   1: _("It slid further than one space.")},
         hint=_("Count how far the card slid (step 5), then read the VP cards: 0, 1, 3, 6 and 10."),
         expect=Numbers({0: lambda g: VP_CARDS[0], 1: lambda g: VP_CARDS[1], 6: lambda g: VP_CARDS[3],
                         10: lambda g: VP_CARDS[4], 3: (lambda g: VP_CARDS[2], lambda g: g.round - 1)}),
         code=_("game.andrew().vp_cards  # (VP, the cards lying on that VP card)"), lang=LANG)

# %% [markdown]
# ← [8 · The end of the game and scoring](08-end-of-game-and-scoring.ipynb) · [Contents](00-contents.ipynb) ·
# [10 · Exploring positions](10-exploring-positions.ipynb) →

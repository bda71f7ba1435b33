# %% [markdown]
# # 7 · Donations
#
# Donations are Carnegie's way to turn money into victory points. They happen only during a *Make a
# Donation* event on the timeline: starting with the first player, each player may make **one**
# donation (on the End spaces a player may take the income and donate).
#
# ## The donation chart
#
# The chart has 20 spaces in four themes: Education, Human rights, Welfare and Health. To donate, you
# put one of your discs on a **free** space (neutral discs block some) and pay:
#
# - **\$5** for your first donation, **\$10** for the second, **\$15** for the third, and so on.
#
# Each space scores at the end of the game for something you did: departments of a type, projects of a
# kind, discs in a region, active employees... A few Welfare spaces let you pay money or goods at the
# end for VP. A single donation never scores more than **12 VP**.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, until
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
# Ada and Bo's game from notebook 1, right after the setup (its actions are positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Press **Next** to play a step, **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components


def donation_vp(donation):
    """The VP a donation space counts (per item it counts, or in all for a flat one)."""
    return lambda g: C.donations[donation].formula.vp


def this_round(g):
    return g.round


def donations_of(name):
    return lambda g: g.scores()[name].donations


tour = Stepper(game, [
    Step(_("A donation event"),
         _("Round 1: Ada picks the **MG** row, whose next space is *Make a Donation*."),
         ["choose MG"], view="timeline", expect=Numbers({1: this_round})),
    Step(_("Ada's first donation"),
         _("Ada puts a disc on *Welfare: 7 VP*, the simplest space: 7 VP at the end, whatever happens. Her first "
           "donation costs **$5**."),
         ["donate welfare_7vp"], view="donations",
         expect=Numbers({7: donation_vp("welfare_7vp"), 5: loss(lambda g: g.money(0))})),
    Step(_("Bo's first donation"),
         _("Bo picks *Health: East*: 2 VP for each of his discs in the East at the end of the game. His house in "
           "Pittsburgh already counts. $5 for him too."),
         ["donate health_east"], view="donations",
         expect=Numbers({2: donation_vp("health_east"), 5: loss(lambda g: g.money(1))})),
    Step(_("Making money"),
         _("In their Management turns both raise money with Commerce & Finance. Ada also sends an employee to the "
           "South for $6."),
         ["cf money", "cf money", "cf money to south", "done", "cf money", "done"],
         view="company", player=0,
         expect=Numbers({6: lambda g: C.departments["commerce_finance"].params["mission_money"]})),
    Step(_("Round 2"),
         _("Bo picks **CO**: income in the South. Ada brings her employee home ($1 + $2 of project income). Then "
           "both pass their turn."),
         ["choose CO", "income 1", until("choose")], view="timeline",
         expect=Numbers({2: (lambda g: g.round - 1, lambda g: g.tab_spaces(0, "H")[0].income.money),
                         1: lambda g: C.tracks["south"].spaces[g.track_space(0, "south")].income.money})),
    Step(_("Another donation space"),
         _("Round 3: Ada picks **CO** again. The next CO space is a donation."),
         ["choose CO"], view="timeline", expect=Numbers({3: this_round})),
    Step(_("The second donation costs more"),
         _("Ada donates to *Health: Midwest* (2 VP per disc in the Midwest, like her house in Chicago). It is her "
           "second donation: **$10**. Bo cannot pay $10 (he has $7), so he has nothing to decide and the engine "
           "skips him."),
         ["donate health_midwest"], view="donations",
         expect=Numbers({2: donation_vp("health_midwest"), 7: lambda g: g.money(1),
                         10: (loss(lambda g: g.money(0)), lambda g: g.donation_price(1))})),
    Step(_("What the donations are worth now"),
         _("The *Scores* view shows each player's score if the game ended now: Ada's donations already bring 7 + "
           "2 VP, Bo's 2 VP."),
         [until("choose")], view="scores",
         expect=Numbers({7: donation_vp("welfare_7vp"),
                         2: (lambda g: donations_of("Ada")(g) - donation_vp("welfare_7vp")(g), donations_of("Bo"))})),
], title=_("Donations"), view="donations",
   intro=_("The donation chart after the setup: the grey discs are neutral. Press **Next**."),
   lang=LANG)
tour

# %% [markdown]
# The chart is part of the position: `game.free_donations()` lists the spaces nobody has taken. These
# were still free after round 3:

# %%
print(", ".join(_(C.donations[d].name) for d in tour.game_at(8).free_donations()))

# %% [markdown]
# ## Exercises

# %%
Exercise(_("After round 3, what would Ada's **next** donation cost?"),
         lambda g: g.donation_price(0), tour.game_at(8), pinned=15,
         mistakes={10: _("That was the price of her second donation: the next one is her third."),
                   5: _("Only the first donation costs that little.")},
         hint=_("Each donation costs $5 more than the one before."),
         expect=Numbers({5: lambda g: C.constants.donation_price, 3: lambda g: g.round - 1}),
         code="game.donation_price(0)", lang=LANG)

# %%
Exercise(_("If the game ended after round 3, how many VP would Bo's donation give him?"),
         donations_of("Bo"), tour.game_at(8), pinned=2,
         mistakes={0: _("His house in Pittsburgh counts: it is a disc in the East."),
                   4: _("Count only the discs Bo has in the East: he has not built anything there yet.")},
         hint=_("Health: East counts 2 VP for each of Bo's discs in the East."),
         expect=Numbers({2: donation_vp("health_east"), 3: lambda g: g.round - 1}),
         code='game.scores()["Bo"].donations', lang=LANG)

# %% [markdown]
# ← [6 · R&D, project tabs and transport tracks](06-research-tabs-and-tracks.ipynb) · [Contents](00-contents.ipynb) ·
# [8 · The end of the game and scoring](08-end-of-game-and-scoring.ipynb) →

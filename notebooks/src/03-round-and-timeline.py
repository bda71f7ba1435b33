# %% [markdown]
# # 3 · The round, the timeline and events
#
# A game lasts 20 rounds, and every round has the same four parts:
#
# 1. **Choose the action.** The first player picks one of the four rows of the timeline.
# 2. **The event.** The gear goes on that row, on the space right after its marker. That space's
#    event happens for everybody.
# 3. **Use departments.** Starting with the first player, each player in turn uses their departments
#    of the chosen type, then stands up employees at the end of their turn.
# 4. **End of the round.** The marker of the row moves one space forward, and the next player
#    clockwise becomes the first player.
#
# ## Events
#
# - **Take Income** in a region: each player (first player first) may bring home any number of their
#   employees on a mission in that region. Each one pays the *transport income* of the player's
#   disc on that region's transport track (notebook 6). If at least one came home, the player also
#   collects the income of every project they built, once. Returning employees lie in the Lobby.
# - **Make a Donation**: each player may make one donation (notebook 7).
# - The spaces of the End tile allow both.
#
# ## The end of a row
#
# Each row has five event spaces, and 4 rows × 5 spaces = 20 rounds. A row can still be chosen when
# its marker has reached the End: the players use that action as usual, but the **event** (and the
# marker that moves at the end of the round) comes from the next row down that still has a space
# left (after R&D comes HR again). So an action chosen often takes a round away from another one,
# and the game still ends after exactly 20 rounds.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, gain, positions
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


def this_round(g):
    return g.round


def transport_income(g, seat, region):
    """What one employee coming home from the region pays: the income of the seat's track space there."""
    return C.tracks[region].spaces[g.track_space(seat, region)].income.money


tour = Stepper(game, [
    Step(_("1. Choose: Management"),
         _("Round 1: Ada, the first player, picks the **MG** (Management) row. The gear goes on the space after "
           "the MG marker: its event is *Make a Donation*."),
         ["choose MG"], view="timeline", expect=Numbers({1: this_round})),
    Step(_("2. The event"),
         _("Each player, Ada first, may now make a donation. Both decide to keep their money."),
         ["done", "done"], view="timeline"),
    Step(_("3. Ada's turn: a mission"),
         _("Ada uses Commerce & Finance once, choosing its mission: an employee leaves for the South and Ada gets "
           "$6. Then she ends her turn. The employee now waits on the South mission area (right of her company); "
           "it is no longer active."),
         ["cf money to south", "done"], view="company", player=0,
         expect=Numbers({6: gain(lambda g: g.money(0))})),
    Step(_("4. The end of the round"),
         _("Bo passes. The round is over: the MG marker moves one space forward and Bo becomes the first player."),
         ["done"], view="timeline"),
    Step(_("Round 2: income in the South"),
         _("Bo picks the **CO** row. Its next space says *Take Income in the South*, where Ada has an employee."),
         ["choose CO"], view="timeline", expect=Numbers({2: this_round})),
    Step(_("Ada takes her income"),
         _("Ada brings her employee home: it lies down in her Lobby. She earns the transport income of her South "
           "track ($1 on its first space) and, because at least one employee came home, the income of her built "
           "projects: her house in Chicago pays $2. $3 in all."),
         ["income 1"], view="company", player=0,
         expect=Numbers({1: lambda g: transport_income(g, 0, "south"),
                         2: lambda g: g.tab_spaces(0, "H")[0].income.money,
                         3: gain(lambda g: g.money(0))})),
    Step(_("Five Human Resources rounds"),
         _("Fast forward: nobody does anything for the rest of the round, then the first players choose **HR** "
           "five rounds in a row (and pass). Each round one marker moves: the HR marker has reached the End of "
           "its row."),
         [until("choose")] + ["choose HR", until("choose")] * 5, view="timeline",
         expect=Numbers({5: lambda g: [s["chosen"] for s in g.round_summaries()].count("HR")})),
    Step(_("The row is full"),
         _("Round 8: Bo chooses HR again. Everybody will use Human Resources, but the HR row has no space left, "
           "so the gear goes on the next row down: the MG row's next space, *Take Income in the East*."),
         ["choose HR"], view="timeline", expect=Numbers({8: this_round})),
    Step(_("Another marker moves"),
         _("At the end of round 8 the **MG** marker moves, not the HR one. Management has lost one of its five "
           "rounds."),
         [until("choose")], view="timeline", expect=Numbers({8: lambda g: g.round - 1})),
], title=_("Rounds on the timeline"), view="timeline",
   intro=_("The timeline right after the setup: every marker is on its start space."), lang=LANG)
tour

# %% [markdown]
# ## Exercises

# %%
Exercise(_("In round 8 (step 8), which row's marker will move at the end of the round?"),
         lambda g: g.event_row(0), tour.game_at(8), pinned=1,
         options=[(_("HR (Human Resources)"), 0), (_("MG (Management)"), 1), (_("CO (Construction)"), 2),
                  (_("RD (Research & Development)"), 3)],
         mistakes={0: _("HR was chosen, but its row has no space left: the marker that moves is the one of the "
                        "row that gives the event."),
                   2: "", 3: ""},
         hint=_("The marker that moves is the one of the row where the gear is."),
         explanation=_("The HR row was full, so the next row down, MG, gave the event."),
         expect=Numbers({8: this_round}),
         code=_("game.event_row(0)  # the row that gives the event when HR (row 0) is chosen"), lang=LANG)

# %%
Exercise(_("How many dollars in all did Ada earn when her employee came home (step 6)?"),
         lambda g: g.money(0) - tour.game_at(5).money(0), tour.game_at(6), pinned=3,
         mistakes={1: _("That is only the transport income: her built projects pay too, once."),
                   2: _("That is only her house's income: the employee's transport income comes on top.")},
         hint=_("Transport income for each employee, plus the income of her projects once."),
         explanation=_("$1 of transport income (South track, first space) + $2 from her house."),
         expect=Numbers({1: lambda g: transport_income(g, 0, "south"),
                         2: lambda g: g.tab_spaces(0, "H")[0].income.money}),
         code=_("game.money(0)  # after step 6, minus the same after step 5"), lang=LANG)

# %% [markdown]
# ← [2 · The company, employees and Human Resources](02-company-and-employees.ipynb) ·
# [Contents](00-contents.ipynb) · [4 · Management and new departments](04-management-and-departments.ipynb) →

# %% [markdown]
# # 2 · The company, employees and Human Resources
#
# Your company is where everything starts: an action only does something if you have employees
# ready to carry it out. This notebook looks at the company board and plays a Human Resources
# round, the action that moves employees around.
#
# ## The company board
#
# - The board is a grid of 16 spaces named like a chess board: columns **a** to **d**, rows **1**
#   (the ground floor) to **4**. `b1` is the Lobby.
# - Each **department** belongs to one of the four actions and has one to three **workstations**.
#   The price under a workstation is what it costs to stand an employee there.
# - An employee is either **standing** (active, on a workstation) or **lying down** (inactive). A
#   workstation holds one standing employee; any space can hold any number of lying ones, even an
#   empty space with no department.
# - When the action of the round is chosen, each of your departments of that type works **once per
#   employee standing in it**. A department with nobody standing does nothing.
# - Some departments send the employee who did the work on a **mission** to a region of the map
#   (notebook 3 brings them home).
#
# ## Moving employees
#
# Human Resources gives **3 moves for each employee standing in it**. One of its employees (marked
# *P*) is permanent: it never leaves, so you always have at least 3 moves. A move takes one
# employee one space up, down, left or right, and:
#
# - a standing employee who moves **lies down** (it stops being active);
# - at the end of your turn you may **stand up** lying employees that are in a department with a free
#   workstation, paying the price printed under it.
#
# So moving an employee is an investment: you pay again to make it work in its new place.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
# Ada and Bo's game from notebook 1, right after the setup (its actions are positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# This is Ada and Bo's game right after the setup of notebook 1. Ada is the first player of round 1.
# Press **Next** to play a step, **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components
MOVES_PER_EMPLOYEE = C.departments["human_resources"].params["moves_per_employee"]


def hr_moves(g):
    return g.decision.context.hr_moves


tour = Stepper(game, [
    Step(_("Ada chooses Human Resources"),
         _("Ada picks the **HR** row of the timeline: this round everybody uses Human Resources. The gear (⚙) "
           "shows the event: Take Income in the West. Nobody has employees there yet, so nothing happens and the "
           "engine moves straight on to Ada's turn."),
         ["choose HR"], view="timeline"),
    Step(_("Six moves"),
         _("Ada uses her Human Resources department. Two employees stand in it (the permanent one and the one she "
           "stood up during the setup): 2 × 3 = **6 moves** for this turn."),
         ["hr"], view="company", player=0,
         expect=Numbers({2: lambda g: g.standing(0, "a1"), 3: lambda g: MOVES_PER_EMPLOYEE, 6: hr_moves})),
    Step(_("Moving lays an employee down"),
         _("Ada moves a standing employee from Construction (c1) to Strategic Planning (c2). It lies down on "
           "arrival. Construction lost a worker: it will work once fewer next time. The workstation it left (the "
           "cheapest one) is free again."),
         ["move c1 c2"], view="company", player=0),
    Step(_("Waiting on an empty space"),
         _("Next, an employee of Commerce & Finance goes to the empty space a2. Nothing works there yet, but a "
           "department built later on a space where somebody lies is cheaper (notebook 4)."),
         ["move b2 a2"], view="company", player=0),
    Step(_("One step per move"),
         _("To reach a space further away, an employee walks one step per move: here from R&D (d1) to d2, then "
           "d3. Ada has now used 4 of her 6 moves."),
         ["move d1 d2", "move d2 d3"], view="company", player=0,
         expect=Numbers({4: lambda g: hr_moves(g) - g.decision.context.moves, 6: hr_moves})),
    Step(_("Done"),
         _("Ada ends her turn. The two moves she did not use are lost: moves never carry over to another turn. "
           "Now comes her activation step."),
         ["done"], view="company", player=0),
    Step(_("Standing up costs money"),
         _("At the end of her turn Ada may stand up lying employees on free workstations. In c2 the free "
           "workstation costs **$2**: she pays and the employee becomes active. The employees on a2 and d3 cannot "
           "stand up: there is no department (and so no workstation) there."),
         ["activate c2"], view="company", player=0,
         expect=Numbers({2: loss(lambda g: g.money(0))})),
    Step(_("Bo's moves"),
         _("Bo has 6 moves too. He uses 2 of them to bring the two employees waiting in his Lobby into Commerce & "
           "Finance (b2) and Construction (c1)."),
         ["hr", "move b1 b2", "move b1 c1"], view="company", player=1,
         expect=Numbers({6: hr_moves, 2: lambda g: hr_moves(g) - g.decision.context.moves})),
    Step(_("Bo stands both up"),
         _("Bo ends his turn and stands both employees up. The first workstation of each department was already "
           "taken, so each one takes the second: $2 for the two."),
         ["done", "activate b2", "activate c1"], view="company", player=1,
         expect=Numbers({2: loss(lambda g: g.money(1))})),
    Step(_("The round is over"),
         _("Everybody has played, so the round ends. The HR marker moves one space to the right, and the "
           "first-player role passes to Bo: he chooses the action of round 2."),
         view="timeline", highlight={"HR/1", "round/2"}, expect=Numbers({2: lambda g: g.round})),
], title=_("A Human Resources round"), view="company",
   intro=_("Ada's company after the setup: most of her employees stand on workstations. Press **Next**."), lang=LANG)
tour

# %% [markdown]
# You can see every move the engine allows with `legal_actions()`. After Ada's `hr` (step 2) these
# were her choices, written in the engine's notation (`move c1 c2` means "move an employee from c1
# to c2"):

# %%
position = tour.game_at(2)
print(position.decision_in(LANG).prompt)
print(", ".join(str(action) for action in position.legal_actions()))

# %% [markdown]
# ## Exercises
#
# The engine knows the answer: it computes it from the game when you press **Check**.

# %%
Exercise(_("Right after Ada chose the HR row (step 1), how many moves does her Human Resources department give "
           "her this turn?"),
         hr_moves, tour.game_at(1), pinned=6,
         mistakes={3: _("That is what one standing employee gives: count the employees standing in Human "
                        "Resources."),
                   2: _("That is how many employees stand in Human Resources: each of them gives several moves.")},
         hint=_("Count the employees standing in Human Resources (a1), the permanent one included."),
         explanation=_("3 moves for each of the 2 employees standing in Human Resources."),
         expect=Numbers({3: lambda g: MOVES_PER_EMPLOYEE, 2: lambda g: g.standing(0, "a1")}),
         code="game.decision.context.hr_moves", lang=LANG)

# %%
Exercise(_("Go to step 6 of the stepper: one employee lies in Ada's Strategic Planning (c2). How many dollars "
           "does it cost her to stand it up?"),
         lambda g: g.activation_cost("activate c2")[0], tour.game_at(6), pinned=2,
         mistakes={0: _("The first workstation is taken already: the employee takes the cheapest free one.")},
         hint=_("An employee takes the cheapest free workstation of its department: read its price."),
         explanation=_("The first workstation of Strategic Planning is taken; the other one costs $2."),
         code=_('game.activation_cost("activate c2")  # (dollars, VP)'), lang=LANG)

# %% [markdown]
# ← [1 · The components and the setup](01-components-and-setup.ipynb) · [Contents](00-contents.ipynb) ·
# [3 · The round, the timeline and events](03-round-and-timeline.ipynb) →

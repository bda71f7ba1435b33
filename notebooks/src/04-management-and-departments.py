# %% [markdown]
# # 4 · Management and new departments
#
# Management is the action that pays: money and goods cubes, and new departments for your company.
# Every company starts with two Management departments.
#
# ## Commerce & Finance
#
# Each time it works (once per employee standing in it) you choose one:
#
# - take **\$3**, or one **goods** cube;
# - or send the employee on a **mission** to a region for **\$6**, or **2 goods**.
#
# Goods pay for buildings. At any time you may also sell a goods cube for \$1.
#
# ## Strategic Planning: building departments
#
# Each employee standing in Strategic Planning builds one new **Department tile** on an empty space of
# your company:
#
# - it costs **2 goods**, or only **1** if an employee is lying on that space;
# - the tile you reserved during the setup must be your first one;
# - you never own two copies of the same department;
# - at the end of the game each tile scores 2 VP, or 3 VP in the top row.
#
# A new department arrives empty. An employee lying on its space can stand up on it at the end of the
# turn (paying the price, as always); others must walk there with Human Resources.
#
# The tiles come from a shared pool: with two players only half of the 32 tiles are in play, so some
# departments may run out.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, gain, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
# Ada and Bo's game after the setup of notebook 1 and the Human Resources round of notebook 2
# (their actions are positions.SETUP and positions.HR_ROUND).
game = positions.after_hr_round()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# We pick up Ada and Bo's game after the Human Resources round of notebook 2: Ada left employees
# lying on the empty spaces a2 and d3, and Bo is the first player (the summary's *now* line says so).
# Press **Next** to play a step, **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components


def money(seat):
    return lambda g: g.money(seat)


def goods(seat):
    return lambda g: g.goods(seat)


tour = Stepper(game, [
    Step(_("Bo chooses Management"),
         _("Round 2: Bo picks the **MG** row. The event is a donation; both players pass."),
         ["choose MG", "done", "done"], view="timeline", expect=Numbers({2: lambda g: g.round})),
    Step(_("Bo's Commerce & Finance"),
         _("Two employees stand in Bo's Commerce & Finance, so it works twice: **$3**, then **one goods**."),
         ["cf money", "cf goods"], view="company", player=1,
         expect=Numbers({2: lambda g: g.standing(1, "b2"), 3: gain(money(1)), 1: gain(goods(1))})),
    Step(_("Bo builds his reserved department"),
         _("Bo's Strategic Planning builds **Advanced Design**, the tile he reserved during the setup, on the "
           "empty space d2. Nobody lies there: it costs **2 goods**. Starting another department closed Commerce "
           "& Finance for the rest of his turn."),
         ["sp design d2"], view="company", player=1, expect=Numbers({2: loss(goods(1))})),
    Step(_("Bo stops"),
         _("Bo could build a second tile (two employees stand in Strategic Planning) but keeps his goods. He ends "
           "his turn."),
         ["done"], view="company", player=1, expect=Numbers({2: lambda g: g.standing(1, "c2")})),
    Step(_("Ada's Commerce & Finance"),
         _("Ada takes one goods, then sends an employee on a mission to the South for $6."),
         ["cf goods", "cf money to south"], view="company", player=0,
         expect=Numbers({1: gain(goods(0)), 6: gain(money(0))})),
    Step(_("A cheaper building site"),
         _("Ada builds her reserved **Recruiting** tile on a2. An employee lies there (she moved it in notebook "
           "2), so it costs only **1 goods**."),
         ["sp recruiting a2"], view="company", player=0, expect=Numbers({1: loss(goods(0))})),
    Step(_("A second department"),
         _("Her second employee in Strategic Planning builds **Logistics** on d3, for 1 goods as well. Now that "
           "her reserved tile is built, she may pick any tile left in the pool."),
         ["sp logistics d3"], view="company", player=0, expect=Numbers({1: loss(goods(0))})),
    Step(_("The waiting employees start working"),
         _("At the end of her turn Ada stands up the employees lying in her new departments: $1 in Recruiting and "
           "$3 in Logistics, $4 in all. Both new departments can work from now on."),
         ["activate a2", "activate d3"], view="company", player=0,
         expect=Numbers({1: lambda g: C.departments["recruiting"].workstations[0],
                         3: lambda g: C.departments["logistics"].workstations[0], 4: loss(money(0))})),
], title=_("A Management round"), view="company", player=1,
   intro=_("Bo's company before he picks the action of the round. Press **Next**."), lang=LANG)
tour

# %% [markdown]
# Which tiles are left? The pool is part of the position. Ada's and Bo's builds took tiles out of it:

# %%
pool = tour.game_at(8).tiles_in_pool()
print(", ".join(f"{_(C.departments[d].name)} ×{n}" for d, n in pool.items()))

# %% [markdown]
# ## Exercises

# %%
Exercise(_("At the end of the game, how many VP will Ada's two new department tiles score (if they stay where "
           "they are)?"),
         lambda g: g.scores()["Ada"].departments, tour.game_at(8), pinned=4,
         mistakes={2: _("That is one tile: she built two."),
                   6: _("Neither tile is on the top row.")},
         hint=_("A tile scores 2 VP, or 3 VP on the top row."),
         explanation=_("Recruiting on a2 and Logistics on d3 are both below the top row: 2 + 2."),
         expect=Numbers({2: lambda g: C.company.cells["a2"].vp, 3: lambda g: C.company.cells["a4"].vp}),
         code='game.scores()["Ada"].departments', lang=LANG)

# %%
Exercise(_("How many goods does Ada have left after her turn?"),
         lambda g: g.goods(0), tour.game_at(8), pinned=3,
         mistakes={4: _("That is what she had before her turn: she took one and paid for two tiles."),
                   1: _("Each tile cost her only one goods: an employee lay on its space.")},
         hint=_("Count what she took with Commerce & Finance and what each tile cost her."),
         code="game.goods(0)", lang=LANG)

# %% [markdown]
# ← [3 · The round, the timeline and events](03-round-and-timeline.ipynb) · [Contents](00-contents.ipynb) ·
# [5 · Construction, the map and missions](05-construction-and-the-map.ipynb) →

# %% [markdown]
# # 6 · R&D, project tabs and transport tracks
#
# Research & Development gives **study points**: 2 for each employee standing in R&D. You spend them
# right away, in any mix, on two things; points you do not spend are lost at the end of the turn.
#
# ## Project tabs
#
# Each player has four tabs, one per kind of project. Revealing the next space of a tab costs study
# points (Housing 1, Commerce 2, Industry 2, Public Infrastructure 3 per space):
#
# - a **project space** receives a new disc from your supply: a project you can now build;
# - a **VP space** scores its VP at the end of the game, if it is the last one you revealed on that tab.
#
# The income of a project space (money, goods or VP) is paid once the disc that sat there has been
# built, at every income event where you bring an employee home.
#
# ## Transport tracks
#
# Each region has a track of five spaces. Your disc on it sets your **transport level** in that region
# (cart, stagecoach, train) and the **income** each employee pays when it comes home from a mission
# there. Moving one space costs the study points printed on it. The last space is a **final box**: the
# first (and only) disc to get there wins a one-time reward. Your levels also multiply your connection
# points at the end of the game (notebook 8).

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.core.words import reward
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
# Press **Next** to play a step, **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components
STUDY_PER_EMPLOYEE = C.departments["research"].params["study_per_employee"]


def study(g):
    return g.decision.context.study


def track(seat, region, back=0):
    """The space of the seat's disc on the region's track (``back`` spaces before it)."""
    return lambda g: C.tracks[region].spaces[g.track_space(seat, region) - back]


tour = Stepper(game, [
    Step(_("Ada chooses Research & Development"),
         _("Round 1: Ada picks the **RD** row. Its event, income in the Midwest, concerns nobody."),
         ["choose RD"], view="timeline", expect=Numbers({1: lambda g: g.round})),
    Step(_("Four study points"),
         _("Two employees stand in Ada's R&D department: 2 × 2 = **4 study points** to spend this turn."),
         ["rd"], view="tracks",
         expect=Numbers({2: (lambda g: g.standing(0, "d1"), lambda g: STUDY_PER_EMPLOYEE), 4: study})),
    Step(_("A new Commerce project"),
         _("For 2 study points Ada reveals the second space of her Commerce tab. It is a project space: a disc "
           "from her supply goes on it, ready to be built."),
         ["tab C"], view="tracks", expect=Numbers({2: (loss(study), lambda g: g.tab_spaces(0, "C")[1].cost)})),
    Step(_("Stagecoach in the Midwest"),
         _("1 point moves her Midwest disc to *stagecoach*. From now on, each employee coming home from the "
           "Midwest pays her $2 instead of $1."),
         ["track midwest"], view="tracks",
         expect=Numbers({1: (loss(study), lambda g: track(0, "midwest", back=1)(g).income.money),
                         2: lambda g: track(0, "midwest")(g).income.money})),
    Step(_("A new house"),
         _("Her last point reveals the next Housing space: another Housing project to build. Her points are all "
           "spent, so her turn ends by itself."),
         ["tab H"], view="tracks"),
    Step(_("Bo's study points"),
         _("Bo also has 4 points."),
         ["rd"], view="tracks", expect=Numbers({4: study})),
    Step(_("Bo goes east"),
         _("3 of them move his East disc to *train*: an employee home from the East now pays $4. His last point "
           "moves his South disc to *stagecoach* (that space costs 1)."),
         ["track east", "track south"], view="tracks",
         expect=Numbers({3: lambda g: track(1, "east")(g).cost, 4: lambda g: track(1, "east")(g).income.money,
                         1: lambda g: track(1, "south")(g).cost})),
], title=_("A Research & Development round"), view="tracks",
   intro=_("The tracks and tabs after the setup. Press **Next**."), lang=LANG)
tour

# %% [markdown]
# The tracks are data: here are the costs, levels and income of the Midwest track, as the engine
# reads them.

# %%
for number, space in enumerate(C.tracks["midwest"].spaces, start=1):
    level, income = _(space.level), reward(space.income, lang=LANG)
    print(_(f"space {number}: {level:10} costs {space.cost} study points, income per employee: {income}"))

# %% [markdown]
# ## Exercises

# %%
Exercise(_("Right after using R&D (step 2), how many study points does Ada have to spend?"),
         study, tour.game_at(2), pinned=4,
         mistakes={2: _("That is what one employee gives: count the employees standing in R&D."),
                   3: _("Each employee standing in R&D gives the same number of points.")},
         hint=_("2 points for each employee standing in Research & Development."),
         expect=Numbers({2: lambda g: STUDY_PER_EMPLOYEE}),
         code="game.decision.context.study", lang=LANG)

# %%
Exercise(_("After Bo's turn, how much money would one of Bo's employees pay him when it comes home from the "
           "**East**?"),
         lambda g: track(1, "east")(g).income.money, tour.game_at(7), pinned=4,
         mistakes={1: _("That is the income of the first space of the East track: Bo moved his disc."),
                   3: _("That is what the move cost him in study points, not the income.")},
         hint=_("Look at the income printed on the space of Bo's East disc."),
         code='C.tracks["east"].spaces[game.track_space(1, "east")].income.money', lang=LANG)

# %% [markdown]
# ← [5 · Construction, the map and missions](05-construction-and-the-map.ipynb) · [Contents](00-contents.ipynb) ·
# [7 · Donations](07-donations.ipynb) →

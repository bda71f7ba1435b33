# %% [markdown]
# # 1 · The components and the setup
#
# Welcome! In these notebooks you learn the board game *Carnegie* by watching its rules happen on a
# real game. The `carnegie_lab` engine plays every action, so what you see is always what the rules
# say. Each notebook shows one part of the game step by step and ends with a small exercise.
#
# ## The game in a nutshell
#
# Each player runs a company in the United States of the late 1800s. Over **20 rounds** you train
# employees, open new departments, build projects in cities all over the map, improve transport and
# give to good causes. Almost everything earns victory points (VP); after round 20 the player with
# the most VP wins.
#
# The twist: every round **one** player picks the action — Human Resources, Management,
# Construction or Research & Development — and then **every** player uses that same action in their
# own company. Picking an action that helps you more than your rivals is the heart of the game.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, loss
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
game = cl.new_game(["Ada", "Bo"], seed=7)
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# That is a brand-new game for two players, Ada and Bo. The `seed` fixes every random part of the
# setup, so you see exactly the same game as everybody else who runs this notebook. The summary
# shows what each player owns and, under *now*, whose decision it is.
#
# ## What is on the table
#
# - **The map**: the country in four regions (West, Midwest, South, East) with 32 cities joined by
#   roads. Small towns have one construction site that takes any project; medium cities have three
#   sites and major cities five, each for one kind of project: **H**ousing, **C**ommerce,
#   **I**ndustry or **P**ublic Infrastructure. The four major cities are San Francisco, Chicago,
#   New Orleans and New York.
# - **Your company board**: a grid of 4 × 4 spaces. It starts with a Lobby and five departments;
#   the other ten spaces wait for new departments you will build.
# - **Employees**: 15 each. Five stand in your departments, five lie in the Lobby, five wait in your
#   personal supply until you recruit them.
# - **Discs**: 30 each. They mark your place on the transport tracks and the score, and they become
#   your projects on the map and your donations.
# - **Four transport tracks**, one per region, and **four project tabs** per player (one per kind
#   of project): Research & Development moves them forward.
# - **The timeline**: four rows, one per action. It sets which event happens each round and counts
#   the 20 rounds.
# - **The donation chart**: 20 good causes that pay VP at the end of the game.
# - **Neutral discs**: with two or three players, grey discs block some sites and donations, so
#   the board feels as crowded as with four.
#
# The engine reads all of this from its component data, `game.components`:

# %%
C = game.components
majors = [city.name for city in C.cities.values() if city.size == "major"]
print(len(C.cities), _("cities and"), len(C.routes), _("roads; the major cities are"), ", ".join(majors))
print(C.constants.rounds, _("rounds;"), C.constants.employees_total, _("employees and"), C.constants.discs_total,
      _("discs per player;"), len(C.donations), _("donation spaces"))
print(_("starting money and goods:"), C.constants.start_money, _("and"), C.constants.start_goods)

# %% [markdown]
# ## The setup, step by step
#
# Some of the setup is random: the engine already shuffled the timeline tiles, removed department
# tiles (with two players only half of them are used) and placed the neutral discs. The players then
# make three kinds of choices, which the stepper below plays for Ada and Bo.
#
# **How to use a stepper.** Press **Next** to play the next step and read what happened. Pink rings on the
# picture show what the step changed. **Back** goes back one step. The buttons above the picture switch
# to another view of the same position (the map, a company, the tracks, the timeline...). Open *Try your
# own action* to play anything else from the position shown: it is played on a copy, so nothing can
# break, and *Back to the script* brings you back.

# %%
def neutral_discs(g):
    """Every neutral disc: on the map, and on the donation chart (at the start, nobody else is there)."""
    return len(g.sites_of("neutral")) + len(C.donations) - len(g.free_donations())


def standing(g, seat):
    return sum(g.standing(seat, cell) for cell in C.company.cells)


tour = Stepper(game, [
    Step(_("Grey neutral discs"),
         _("With two players, 18 neutral discs were placed at random: some on construction sites (ringed on the "
           "map) and the rest on the donation chart. They belong to nobody: they just make those places "
           "unavailable for the whole game."),
         view="map", highlight=set(game.sites_of("neutral")),
         expect=Numbers({18: neutral_discs, 2: lambda g: len(g.players)})),
    Step(_("The timeline"),
         _("Four rows, one per action: **HR** (Human Resources), **MG** (Management), **CO** (Construction) and "
           "**RD** (Research & Development). Each row has a start space, four random spaces and the End. A space "
           "shows an *event*: Take Income in a region ($) or Make a Donation (♥). The black markers all sit on "
           "their start space. Notebook 3 explains how they move."),
         view="timeline", highlight={"HR/0", "MG/0", "CO/0", "RD/0"},
         expect=Numbers({4: lambda g: len(C.timeline.rows)})),
    Step(_("Tracks and tabs"),
         _("Every player has a disc on the first space of each region's transport track, and each project tab "
           "shows only its first space. A disc waits on the Housing, Commerce and Industry tabs: these are the "
           "projects you are ready to build."),
         view="tracks", highlight={"track/west/0", "track/midwest/0", "track/south/0", "track/east/0"}),
    Step(_("Bo places a house"),
         _("Each player puts one Housing project on the map before the game starts, in a medium or major city. "
           "The order goes counter-clockwise from the player on the first player's right: with two players, Bo "
           "(the second player) goes first. Bo picks Pittsburgh."),
         ["house pittsburgh"], view="map"),
    Step(_("Bo reserves a department"),
         _("Next, Bo takes one department tile from those in play and keeps it aside: it will be the first "
           "department Bo builds. Bo reserves **Advanced Design**, a research department."),
         ["reserve design"], view="company", player=1),
    Step(_("Ada places her house"),
         _("Now Ada. She puts her house in Chicago, a major city in the Midwest."),
         ["house chicago"], view="map"),
    Step(_("Ada reserves a department"),
         _("Ada reserves **Recruiting**, a Human Resources department that brings new employees."),
         ["reserve recruiting"], view="company", player=0),
    Step(_("Ada's company"),
         _("Here is Ada's company. The bottom row holds Human Resources (a1), the Lobby (b1), Construction (c1) "
           "and Research & Development (d1); above them are her two Management departments, Commerce & Finance "
           "(b2) and Strategic Planning (c2). A filled circle is an employee **standing** on a workstation: an "
           "active one. The small bars in the Lobby are five employees **lying down**: they are not working yet. "
           "(The panel counts 4 active employees: the permanent one of Human Resources, marked P, never counts as "
           "active.)"),
         view="company", player=0, highlight={"b1", "a1/0", "b2/0", "c2/0", "c1/0", "d1/0"},
         expect=Numbers({5: lambda g: g.lying(0, "b1"), 4: lambda g: g.active_employees(0)})),
    Step(_("Six setup moves"),
         _("Each player may now make up to six moves. A move takes one employee one space up, down, left or right "
           "(never diagonally). Ada walks employees out of the Lobby into her departments; the one headed for R&D "
           "(d1) walks through Construction (c1) on the way. They still lie down."),
         ["move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2"],
         view="company", player=0,
         expect=Numbers({6: lambda g: C.constants.setup_moves})),
    Step(_("Standing up costs money"),
         _("After the moves, lying employees may stand up on a free workstation of their department. Each "
           "workstation shows its price (the first ones are cheap, or free). Ada pays $5 in all: ten of her "
           "employees now stand at work."),
         ["activate a1", "activate b2", "activate b2", "activate c1", "activate d1"],
         view="company", player=0,
         expect=Numbers({5: loss(lambda g: g.money(0)), 10: lambda g: standing(g, 0)})),
    Step(_("Bo's setup"),
         _("Bo uses only five of his moves (unused moves are simply lost) and stands up three employees. He keeps "
           "two in the Lobby for later."),
         ["move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
          "activate a1", "activate c2", "activate d1"],
         view="company", player=1,
         expect=Numbers({2: lambda g: g.lying(1, "b1"),
                         3: lambda g: g.active_employees(1) - game.active_employees(1)})),
    Step(_("Ready for round 1"),
         _("The setup is over. Ada is the first player: she will choose the action of round 1 on the timeline. "
           "That is where notebook 3 picks up; notebook 2 first looks closer at the company."),
         view="timeline",
         expect=Numbers({1: lambda g: g.round})),
], title=_("Setting up Ada and Bo's game"),
   intro=_("This is the fresh game above. Press **Next** to walk through the setup."), lang=LANG)
tour

# %% [markdown]
# ## Exercises
#
# Look at the map in the stepper (go back to the start if you need to). The engine checks your
# answer against the real position.

# %%
Exercise(_("How many grey **neutral discs** are on the map (not counting the donation chart)?"),
         lambda g: len(g.sites_of("neutral")), game, pinned=12,
         mistakes={18: _("That is every neutral disc: some of them sit on the donation chart, not on the map."),
                   6: _("That is the number on the donation chart. Look at the map instead.")},
         hint=_("Count the grey circles on the map; the first step of the stepper rings them."),
         explanation=_("The other 6 of the 18 neutral discs sit on the donation chart."),
         expect=Numbers({18: neutral_discs, 6: lambda g: len(C.donations) - len(g.free_donations())}),
         code='len(game.sites_of("neutral"))', lang=LANG)

# %%
Exercise(_("After her setup (step 10 of the stepper), how many dollars does Ada have left?"),
         lambda g: g.money(0), tour.game_at(10), pinned=7,
         mistakes={12: _("That is what she started with: standing employees up costs money."),
                   5: _("That is what she paid. How much is left?")},
         hint=_("She started with $12 and paid the price of each workstation she stood an employee on."),
         explanation=_("$12 minus the $5 she paid."),
         expect=Numbers({12: lambda g: C.constants.start_money,
                         5: lambda g: C.constants.start_money - g.money(0)}),
         code="game.money(0)", lang=LANG)

# %% [markdown]
# [Contents](00-contents.ipynb) · [2 · The company, employees and Human Resources](02-company-and-employees.ipynb) →

# %% [markdown]
# # 5 · Construction, the map and missions
#
# Construction puts your projects on the map: they score VP at the end, pay income during the game
# and link cities into a network (notebook 8).
#
# ## The map
#
# The 32 cities are joined by roads. Each city has construction **sites**:
#
# - a **small town** has one site that takes any kind of project;
# - a **medium city** has three sites and a **major city** five, each marked with the kind of project
#   it takes: **H**ousing, **C**ommerce, **I**ndustry or **P**ublic Infrastructure.
#
# The hexagon next to a city shows the VP each disc there scores at the end (0 to 3).
#
# ## Building a project
#
# Each employee standing in Construction builds one project:
#
# 1. the employee goes on a **mission** to the region of the city (it cannot come back before an
#    income event there);
# 2. you pay **goods**: 1 for Housing or Commerce, 2 for Industry or Public Infrastructure;
# 3. the disc waiting on that project tab moves to the city, on the left-most free site of that kind.
#
# You can only build a kind of project if a disc waits on its tab: Research & Development puts new
# ones there (notebook 6). Thirteen of the small towns pay their region's transport income at once
# when you build there (hover over a town on the map to see if it does). Once built, the tab space
# the disc left shows an income that you collect at every income event where you bring someone home.

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
tr = translator(LANG)

# %%
# Ada and Bo's game from notebook 1, right after the setup (its actions are positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Press **Next** to play a step, **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
C = game.components
ADA_GOODS, ADA_MONEY = (lambda g: g.goods(0)), (lambda g: g.money(0))

tour = Stepper(game, [
    Step(_("Ada chooses Construction"),
         _("Round 1: Ada picks the **CO** row. The event (income in the South) concerns nobody."),
         ["choose CO"], view="timeline", expect=Numbers({1: lambda g: g.round})),
    Step(_("Projects waiting on the tabs"),
         _("Before building, look at the project tabs: one disc waits on the Commerce tab and one on the Industry "
           "tab of each player. The Housing discs are already on the map (the setup houses) and the Public "
           "Infrastructure tab starts with no disc at all."),
         view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
    Step(_("A small town: Cincinnati"),
         _("Ada builds her Commerce project in Cincinnati, a small town of the Midwest. She pays 1 goods, her "
           "employee leaves on a mission to the Midwest, and Cincinnati pays its transport income at once: $1, "
           "the value of her Midwest track."),
         ["co C cincinnati"], view="map",
         expect=Numbers({1: (loss(ADA_GOODS), gain(ADA_MONEY),
                             lambda g: C.tracks["midwest"].spaces[g.track_space(0, "midwest")].income.money)})),
    Step(_("A major city: Chicago"),
         _("Her second Construction employee builds the Industry project in Chicago, next to her house: 2 goods, "
           "and another mission to the Midwest. The disc takes the left-most free Industry site."),
         ["co I chicago"], view="map", expect=Numbers({2: loss(ADA_GOODS)})),
    Step(_("Two employees away"),
         _("Ada's company: both Construction employees are on a mission in the Midwest, and her Construction "
           "department is empty. They come home when the timeline triggers *Take Income in the Midwest*."),
         view="company", player=0, highlight={"midwest", "c1"},
         expect=Numbers({2: lambda g: g.on_mission(0, "midwest")})),
    Step(_("The tabs after building"),
         _("The discs left Ada's Commerce and Industry tabs: the spaces they uncovered now show the income these "
           "projects bring at every income event."),
         view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
    Step(_("Bo builds in Pittsburgh"),
         _("Bo has one employee standing in Construction: it builds a Commerce project in Pittsburgh, next to his "
           "house, and leaves for the East."),
         ["co C pittsburgh"], view="map", expect=Numbers({1: lambda g: g.on_mission(1, "east")})),
], title=_("A Construction round"), view="map",
   intro=_("The map after the setup: Ada's house in Chicago, Bo's in Pittsburgh, and the grey neutral discs. "
           "Press **Next**."), lang=LANG)
tour

# %% [markdown]
# What could Ada build at the start of her turn? Grouping her legal actions by kind of project shows
# that only Commerce and Industry were possible, and in which cities:

# %%
start = tour.game_at(1)
for ptype in "HCIP":
    cities = [a.args[1] for a in start.legal_actions() if a.verb == "co" and a.args[0] == ptype]
    count = tr.ngettext("{n} city", "{n} cities", len(cities)).format(n=len(cities)) if cities else _("no city")
    print(f"{_(C.tabs[ptype].name)}: {count}", ", ".join(cities[:5]) + (" ..." if len(cities) > 5 else ""))

# %% [markdown]
# ## Exercises

# %%
Exercise(_("After the builds, how many **free** construction sites are left in Chicago?"),
         lambda g: len(g.free_sites("chicago")), tour.game_at(7), pinned=3,
         mistakes={5: _("That is every site of Chicago: some of them are taken."),
                   4: _("Her house was in Chicago before she built the Industry project there: both take a site.")},
         hint=_("Chicago is a major city: five sites. Count the white circles."),
         expect=Numbers({5: lambda g: len(C.cities["chicago"].sites)}),
         code='len(game.free_sites("chicago"))', lang=LANG)

# %%
Exercise(_("To which region does the employee go if you build a project in Denver?"),
         lambda g: C.cities["denver"].region, game, pinned="west",
         options=[(_("West"), "west"), (_("Midwest"), "midwest"), (_("South"), "south"), (_("East"), "east")],
         mistakes={"midwest": _("Look at the colour of the region around Denver on the map."), "south": "", "east": ""},
         explanation=_("The mission always goes to the region of the city where you build."),
         code='C.cities["denver"].region', lang=LANG)

# %% [markdown]
# ← [4 · Management and new departments](04-management-and-departments.ipynb) · [Contents](00-contents.ipynb) ·
# [6 · R&D, project tabs and transport tracks](06-research-tabs-and-tracks.ipynb) →

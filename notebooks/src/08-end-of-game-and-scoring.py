# %% [markdown]
# # 8 · The end of the game and scoring
#
# The game ends after round 20. Everybody then adds up the VP they earned during the game and
# the VP of their position:
#
# | what | VP |
# |---|---|
# | **Connections** between major cities (best network only) | up to 36 |
# | each **disc on the map**: the VP printed by its city | 0 to 3 each |
# | each **project tab**: the last VP space revealed | up to 6 / 9 / 12 / 15 |
# | each **department tile** built | 2, or 3 in the top row |
# | each **active employee** (standing; not the permanent HR one, not those on missions) | 1 each |
# | each **donation** | up to 12 each |
# | an unused **Action Choice tile** (3 and 4 players) | 3 |
#
# The most VP wins. There is no tie-breaker: tied players share the victory.
#
# ## Connections
#
# San Francisco (2 points), Chicago, New Orleans and New York (1 point each) are the major cities.
# Your **network** is made of the cities where you have at least one disc. When roads join two or
# more major cities through your cities only, add up their points, and look at your *lowest*
# transport level among the regions of those major cities (cart 1, stagecoach 2, train 3). A table
# turns the two into VP, from 3 VP (2 points at cart level) to 36 VP (all four cities by train). Only
# your best linked group counts.

# %%
import networkx as nx
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import render, translator
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "en"
_ = translator(LANG).gettext

# %%
# Ada and Bo's game at the start of round 20: two bots played rounds 1 to 19 for them (notebook 10
# shows how); their actions are stored in carnegie_lab.tutor.endgame.
game = positions.last_round()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Two bots played Ada and Bo's game up to round 20. The stepper plays the last round, then walks
# through the final score, one kind of VP at a time. Press **Next** to play a step, **Back** to go back;
# *Try your own action* plays anything else on a copy ([notebook 1](01-components-and-setup.ipynb) shows
# how a stepper works).

# %%
final = positions.whole_game()          # the same game, to its end
C = final.components
names = final.players


def per_player(g, category):
    score = g.scores()
    return ", ".join(_(f"{name} {getattr(score[name], category)} VP") for name in names)


def result_text(g):
    score = g.scores()
    totals = ", ".join(_(f"**{name}** {score[name].total} VP") for name in names)
    winners = g.winners()
    both = _(" and ").join(winners)
    who = (_(f"**{winners[0]}** wins.") if len(winners) == 1
           else _(f"A tie: {both} share the victory (there is no tie-breaker)."))
    return (_(f"The final score: {totals}. {who} Each bar is split into the kinds of VP; the next steps look at "
              "them one by one."))


def connection_line(g, seat):
    best, name = g.connection(seat), names[seat]
    if best is None:
        return _(f"- {name} links no two major cities: 0 VP.")
    majors = _(" and ").join(render(C.cities[c].name, LANG) for c in best.majors)
    return (_(f"- {name} links {majors}: {best.points} points at transport level {best.level}, **{best.vp} VP**."))


def connection_text(g):
    return (_("The shaded cities are the network of the player shown (pick another player above the map); the "
              "dotted gold line is their best linked group.\n\n")
            + "\n".join(connection_line(g, seat) for seat in range(len(names))))


def scored_tabs(g):
    """The tab spaces that score: on each tab, the last VP space revealed."""
    keys = set()
    for seat in range(len(names)):
        for ptype in C.tabs:
            shown = g.tab_spaces(seat, ptype)[:g.tab(seat, ptype).revealed]
            vp_spaces = [k for k, space in enumerate(shown) if space.kind == "vp"]
            if vp_spaces:
                keys.add(f"tab/{seat}/{ptype}/{vp_spaces[-1]}")
    return keys


city_vp = [city.vp for city in C.cities.values()]
best_seat = max(range(len(names)), key=lambda seat: final.scores()[names[seat]].connections)

tour = Stepper(game, [
    Step(_("The last round"),
         _("The bots play round 20. When it ends the game is over: nobody takes another action, and the score "
           "below is final."),
         final.actions[len(game.actions):], view="timeline", expect=Numbers({20: lambda g: C.constants.rounds})),
    Step(_("The final score"), result_text, view="scores"),
    Step(_("Connections"), connection_text, view="network", player=best_seat),
    Step(_("Discs on the map"),
         lambda g: _("Every disc on the map scores the VP printed next to its city (0 to 3): ")
                   + per_player(g, "cities") + ".",
         view="map", highlight=set(final.sites_of(0)) | set(final.sites_of(1)),
         expect=Numbers({0: lambda g: min(city_vp), 3: lambda g: max(city_vp)})),
    Step(_("Project tabs"),
         lambda g: _("Each tab scores the VP of the last VP space revealed on it (ringed): ")
                   + per_player(g, "tabs") + _(". A tab with no VP space revealed scores nothing."),
         view="tracks", highlight=scored_tabs(final)),
    Step(_("Departments and employees"),
         lambda g: _("Each Department tile scores 2 VP, or 3 VP on the top row: ")
                   + per_player(g, "departments")
                   + _(". Each standing employee scores a VP (not the permanent one of Human Resources): ")
                   + per_player(g, "employees") + ".",
         view="company", player=0, highlight=set(final.built_tiles(0)),
         expect=Numbers({2: lambda g: C.company.cells["a3"].vp, 3: lambda g: C.company.cells["a4"].vp})),
    Step(_("Donations"),
         lambda g: _("Each donation scores what it counts, at most 12 VP: ") + per_player(g, "donations")
                   + _(". For the Welfare spaces that ask for a payment, the engine pays with the money and goods "
                       "left in the way that gives the most VP."),
         view="donations", expect=Numbers({12: lambda g: C.constants.donation_cap})),
], title=_("The last round and the final score"), view="timeline",
   intro=_("The last round is about to start. Press **Next**."), lang=LANG)
tour

# %% [markdown]
# ## Connections with networkx
#
# The engine keeps the map as a [networkx](https://networkx.org) graph: cities are nodes, roads are
# edges. That makes connection questions one-liners.

# %%
G = final.network()
print(G.number_of_nodes(), _("cities,"), G.number_of_edges(), _("roads"))
print(_("Chicago to New York:"), " - ".join(nx.shortest_path(G, "chicago", "new_york")))
print(_("San Francisco to New Orleans:"), len(nx.shortest_path(G, "san_francisco", "new_orleans")) - 1,
      _("roads at least"))

# %% [markdown]
# A player's network is the part of the graph made of their cities (`final.network(seat)`), and each
# connected piece of it is a group of linked cities:

# %%
for seat, name in enumerate(names):
    groups = [sorted(group) for group in nx.connected_components(final.network(seat))]
    print(_(f"{name}: {len(groups)} group") if len(groups) == 1 else _(f"{name}: {len(groups)} groups"), groups)

# %% [markdown]
# `final.connection(seat)` does the rest: for each group with two or more major cities it adds up their
# points, finds the lowest transport level among their regions and reads the table. Here is the table
# itself, then a *what if*: the VP a player at train level everywhere would score by linking Chicago and
# New York through Pittsburgh.

# %%
for points in (2, 3, 4, 5):
    print(points, _("points:"), [C.connection_table[(points, level)] for level in (1, 2, 3)],
          _("VP at cart, stagecoach, train"))

group = G.subgraph({"chicago", "pittsburgh", "new_york"})
print(_("linked:"), nx.is_connected(group), "->", C.connection_table[(2, 3)], _("VP"))

# %% [markdown]
# ## Exercises

# %%
Exercise(_("How many VP does **Bo** score for connections at the end of this game?"),
         lambda g: g.scores()["Bo"].connections, final, pinned=9,
         mistakes={6: _("That is the VP at stagecoach level: look at Bo's lowest transport level among the "
                        "regions of his linked major cities."),
                   2: _("That is how many connection points his group has: the table turns them into VP.")},
         hint=_("Look at the Connections step with Bo's network: points and lowest level, in the table."),
         code='game.scores()["Bo"].connections', lang=LANG)

# %%
Exercise(_("Which major cities are linked in Bo's best group? (names separated by commas, or *none*)"),
         lambda g: [render(C.cities[city].name, LANG) for city in g.connection(1).majors], final, kind="set",
         pinned={"Chicago", "New York"},
         mistakes={frozenset({"Chicago", "New York", "Pittsburgh"}): _("Pittsburgh links them, but it is not a "
                                                                       "major city."),
                   frozenset({"New York"}): _("A group that scores links two major cities or more."),
                   frozenset({_("none")}): _("Look at the Connections step: Bo's network links some.")},
         code="game.connection(1).majors", lang=LANG)

# %% [markdown]
# ← [7 · Donations](07-donations.ipynb) · [Contents](00-contents.ipynb) ·
# [9 · The solo game against Andrew Carnegie](09-solo-against-andrew.ipynb) →

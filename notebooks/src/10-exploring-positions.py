# %% [markdown]
# # 10 · Exploring positions
#
# You know the rules now. This notebook shows how to use the engine to study games: save and
# load them, list what a player may do, try ideas on a copy, let bots finish a game, and set up a table
# by hand.
#
# ## A whole game, played by bots
#
# A bot is anything with a `choose(game)` method returning one of `game.legal_actions()`. The package
# has a random bot, a greedy one (it looks one step ahead) and a slower rollout bot. They are seeded:
# the same seeds play the same game.

# %%
import json
from collections import Counter

from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.core.i18n import number, render, translator
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import replay_steps
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.widgets import PositionEditor

LANG = "en"
_ = translator(LANG).gettext

# %%
bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
played = cl.new_game(["Ada", "Bo"], seed=11)
while not played.is_over:
    played.apply(bots[played.current_player].choose(played))
print(len(played.actions), _("actions;"), {name: s.total for name, s in played.scores().items()},
      _("winners:"), played.winners())

# %% [markdown]
# ## Records
#
# A **record** is the game's options (players, seed...) and its actions in notation: a small JSON
# document. Replaying it gives exactly the same game, because every random part of the setup comes
# from the seed. Save it with `json.dump` and load it with `cl.Game.from_record` (from the command
# line: `carnegie-lab replay my-game.json`).

# %%
text = json.dumps(played.to_record())
print(len(text), _("characters:"), text[:160], "...")

loaded = cl.Game.from_record(text)
print(_("same final position:"), loaded.to_position() == played.to_position())

# %% [markdown]
# A record can also be watched round by round: `replay_steps` turns its actions into stepper steps,
# one per round, each explained by the round's summary. Here is Ada and Bo's whole game from notebook 8
# (the package keeps its record, so it is the same game for everybody). Press **Next** to play a round,
# **Back** to go back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
record = positions.whole_game().to_record()
start = cl.Game.from_record({**record, "actions": []})      # the record's first position
tour = Stepper(start, replay_steps(start, record["actions"], lang=LANG), title=_("Replaying Ada and Bo's game"),
               view="map", views=("map", "company", "tracks", "timeline", "donations", "scores", "history"),
               intro=_("Ada and Bo's game from its first position. Each **Next** plays one round."), lang=LANG)
tour

# %% [markdown]
# ## A position and its legal actions
#
# Let us stop in the middle of the game: the first decision of round 10 or later where a player has
# more than five choices. `legal_actions()` lists every action the deciding player may take; grouping
# them by verb gives an overview.

# %%
position = cl.Game.from_record({**record, "actions": []})
for action in record["actions"]:
    if position.round >= 10 and len(position.legal_actions()) > 5:
        break
    position.apply(action)
print(position.decision_in(LANG).prompt)
print(Counter(action.verb for action in position.legal_actions()))
HTML(cl.views.game_html(position, lang=LANG))

# %% [markdown]
# ## What if?
#
# `copy()` gives an independent game: play anything on it, the original does not change. Here the
# deciding player tries every legal action once, and we see how each one would change their score
# "if the game ended now" (a rough guide: many good moves only pay later).

# %%
seat = position.current_player
name = position.players[seat]
before = position.scores()[name].total
effects = {}
for action in position.legal_actions():
    what_if = position.copy()
    what_if.apply(action)
    effects[str(action)] = what_if.scores()[name].total - before
best = sorted(effects.items(), key=lambda item: -item[1])[:5]
print(name, _("now has"), before, _("VP; the best immediate gains:"), best)
print(_("the position itself is unchanged:"), position.scores()[name].total == before)

# %% [markdown]
# ## Let the bots finish
#
# From any position, bots can play the game to its end. Different bots (or seeds) give different
# endings: a cheap way to compare ideas.

# %%
for label, finishers in [(_("two greedy bots"), [GreedyBot(5), GreedyBot(6)]),
                         (_("two random bots"), [RandomBot(5), RandomBot(6)])]:
    end = position.copy()
    while not end.is_over:
        end.apply(finishers[end.current_player].choose(end))
    print(f"{label:22}", {n: s.total for n, s in end.scores().items()})

# %% [markdown]
# ## Which action is best?
#
# `carnegie_lab.analysis.evaluate` goes one step further than the what-if above: from every legal
# action it lets greedy bots play the rest of the game (*playouts*, with a few random moves so that
# they differ) and reports the average final margin (the player's total minus the best other total)
# and how often the player won. `playouts=8` plays every action out 8 times (given seconds to think
# instead, it gives more playouts to the actions that look better and drops the others early): a margin
# from a few playouts is a rough guess, so read the playouts too. With `playouts=` and a `seed` the
# numbers are the same on every machine; notebook 11 reads them on real decisions.

# %%
def show(evaluation):
    """Print each action's average margin and how often its playouts won."""
    for row in evaluation:
        margin, won = number(row.margin, "+.1f", LANG), number(row.win_rate, ".0%", LANG)
        print(_(f"{row.notation:16} margin {margin:>6} VP   won {won:>4} of {row.playouts} playouts"))


show(evaluate(position, playouts=8, seed=1))

# %% [markdown]
# ## Setting up a table by hand
#
# A position from a game on a real table, from a forum post or from a puzzle is not reached by playing: set
# it up with the **editor**. Its changes are in the game's own words, and each keeps the bookkeeping of the
# rules by itself: a project placed on the map takes its disc from the owner's project tab, which counts it
# built. `cl.Editor.new(players, seed=...)` starts from a fresh setup (`game.edit()` from a copy of a game's
# table: the game stays as it is); every change returns the editor, so changes chain, and `edit.game()` is a
# `Game` at the table's decision. Seats are numbers: Ada is 0, Bo is 1.
#
# The table: *Ada has a Commerce project in Chicago and \$30, it is her turn to choose the row in round 7.*

# %%
edit = cl.Editor.new(["Ada", "Bo"], seed=7)                  # a fresh setup
edit.place_project(0, "chicago", "C").set_resources(0, money=30)
table = edit.set_round(7).game()                             # round 7 begins: Ada, the first player, chooses
print(table.decision_in(LANG).prompt)
print(_("Ada's projects:"), table.sites_of(0), _("money:"), table.money(0), _("Commerce tab:"), table.tab(0, "C"))

# %% [markdown]
# ### A change the rules could never reach
#
# The editor refuses a table the rules could never reach, says which law it would break, and leaves the
# table as it was. Ada's Commerce tab shows one project, and its disc is in Chicago now: a second Commerce
# project, in Denver, has no disc to come from.

# %%
before = edit.to_position()
try:
    edit.place_project(0, "denver", "C")
except cl.EditError as refusal:
    print(render(refusal, LANG))
print(_("the table is unchanged:"), edit.to_position() == before)

# %% [markdown]
# On a real table Research & Development would show the tab's next project first; in the editor that is
# `set_tab(0, "C", 2)`, and then Denver is accepted.
#
# ### The table's analysis
#
# The game made from the table is a game like any other: list its legal actions, try them on copies,
# evaluate them, or play on. Two playouts of every action keep this cheap: a first look, not a verdict.

# %%
print(Counter(action.verb for action in table.legal_actions()))
show(evaluate(table, playouts=2, seed=1))

# %% [markdown]
# ### The editor as a widget
#
# `PositionEditor` sets up the same table by clicks: choose an owner and a project type, then click a site
# of the map to place or remove a project; the panels set money, goods, VP, employees, tiles, the round and
# the decision. Each click is one change of the editor (a refusal is said beside the board), and *Analyse*
# evaluates the decision.

# %%
PositionEditor(table, lang=LANG)

# %% [markdown]
# ## Exercises

# %%
Exercise(_("In the round-10 position above, how many legal actions does the deciding player have?"),
         lambda g: len(g.legal_actions()), position, pinned=10,
         mistakes={8: _("Selling goods and *done* are legal actions too."),
                   4: _("That is one kind of action only: add up every count the Counter printed.")},
         hint=_("Add up the counts printed by the Counter (selling goods and *done* count too)."),
         expect=Numbers({10: lambda g: g.round}),
         code="len(game.legal_actions())", lang=LANG)

# %%
ROUND_4 = _("Press Next until the step called Round 4 and read its first line.")
Exercise(_("In Ada and Bo's game, which row did the first player choose in round 4? (Replay it in the stepper "
           "above.)"),
         lambda g: g.round_summaries()[3]["chosen"], positions.whole_game(), pinned="CO",
         options=[(_("HR (Human Resources)"), "HR"), (_("MG (Management)"), "MG"), (_("CO (Construction)"), "CO"),
                  (_("RD (Research & Development)"), "RD")],
         mistakes={"MG": _("Management was chosen in the rounds just before and after it. ") + ROUND_4,
                   "HR": ROUND_4, "RD": ROUND_4},
         hint=ROUND_4,
         expect=Numbers({4: lambda g: g.round_summaries()[3]["round"]}),
         code=_('game.round_summaries()[3]["chosen"]  # one summary per finished round'), lang=LANG)

# %%
Exercise(_("In the table set up by hand, how many Commerce projects are shown on Ada's tab but not built yet?"),
         lambda g: g.tab(0, "C").revealed - g.tab(0, "C").built, table, pinned=0,
         mistakes={1: _("The tab shows one project, but its disc went to Chicago: that is why Denver was "
                        "refused.")},
         hint=_("A project shown on the tab and placed on the map is built: compare `revealed` and `built`."),
         code=_('game.tab(0, "C").revealed - game.tab(0, "C").built  # shown on the tab, not on the map'),
         lang=LANG)

# %% [markdown]
# ← [9 · The solo game against Andrew Carnegie](09-solo-against-andrew.ipynb) · [Contents](00-contents.ipynb) ·
# [11 · Playing well](11-playing-well.ipynb) →

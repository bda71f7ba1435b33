# %% [markdown]
# # 11 · Playing well
#
# You know the rules; which move is a *good* one? The package has three tools that say what they
# think, in `carnegie_lab.analysis`:
#
# - `evaluate(game, playouts=N, seed=S)` plays the game on from every legal action of the current
#   decision, many times. Each **playout** lets greedy bots (notebook 10) play to the end (with a small
#   budget, only a few rounds on), with a few random moves so that the playouts differ. For each action
#   it reports the deciding player's mean final **margin** (their total minus the best other total, in
#   VP) with its interval, and how often they won.
# - `explain(game, action)` says what an action changes at once: the score if the game ended now,
#   money, goods, income and the player's network.
# - `andrew_forecast(game)`, in a solo game, says what Andrew's next card will make him do: its action
#   (its back shows it) and the exact chances of the rest.
#
# With a budget of `playouts=` and a `seed`, `evaluate` gives the same numbers on every machine, and
# this notebook uses it that way. The app's hints and the hard bot think for a number of seconds
# instead (`think=`), so their numbers depend on the machine's speed.
#
# The decisions below come from Ada and Bo's game (the one notebook 8 scores: Ada won) and from
# Ada's solo game of notebook 9.

# %%
from carnegie_lab.analysis import andrew_forecast, evaluate, explain, review
from carnegie_lab.analysis.compare import DEFAULT_PLAYOUTS
from carnegie_lab.analysis.words import playout_result
from carnegie_lab.bots import STRENGTHS, make_bot
from carnegie_lab.core.i18n import render, translator
from carnegie_lab.session.labels import Labels
from carnegie_lab.tutor import Numbers, gain, loss, positions
from carnegie_lab.tutor.chart import chart
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, bots_play, play
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.views import review_figure

LANG = "en"
_ = translator(LANG).gettext
ROWS = ("HR", "MG", "CO", "RD")
ROW_OPTIONS = [(_("HR (Human Resources)"), "choose HR"), (_("MG (Management)"), "choose MG"),
               (_("CO (Construction)"), "choose CO"), (_("RD (Research & Development)"), "choose RD")]


def margin(rows, action):
    """The mean margin evaluate found for an action, rounded to a whole VP."""
    return round(next(row for row in rows if row.notation == action).margin)


def overlap(rows, first, second):
    """Whether the intervals evaluate gave two actions overlap."""
    a, b = (next(row for row in rows if row.notation == action) for action in (first, second))
    return a.margin_low <= b.margin_high and b.margin_low <= a.margin_high


def everyone(game, value):
    """A value for each player, by name."""
    return {name: value(seat) for seat, name in enumerate(game.players)}


def show_rows(rows):
    """The rows of `evaluate`, in words."""
    for row in rows:
        print(f"{row.action}: {playout_result(row, LANG)}")


def show_explanation(explanation):
    print("\n".join(explanation.lines_in(LANG)))


# %% [markdown]
# ## The timeline choice
#
# The row you choose is **everybody's** action, and its event is everybody's too. A row is good for
# you when it gives you more than it gives the others. Round 8 of Ada and Bo's game: Bo is behind and
# chooses. `explain` of a choice changes nothing on the table yet, but it says what comes next: the
# event, or the first player's turn.

# %%
choice = positions.round_start(8)
print(choice.decision_in(LANG).prompt)
print(_("money:"), everyone(choice, choice.money), _(" next donation costs:"), everyone(choice, choice.donation_price))
for row in ROWS:
    following = render(explain(choice, f"choose {row}").next, LANG)
    print(f"choose {row} ->", _("next:"), following)

# %% [markdown]
# Management and Construction bring a donation event, and Bo cannot pay: the donation would be Ada's
# alone (`explain` shows the event going straight to her). What does each row give each player? A
# quick *what if*: greedy bots play the round out on a copy, and we compare the scores "if the game
# ended now".

# %%
greedy_pair = [make_bot("greedy", 1), make_bot("greedy", 2)]
now = {name: score.total for name, score in choice.scores().items()}
for row in ROWS:
    after = play(choice.copy(), [f"choose {row}", bots_play(greedy_pair, lambda g: g.round > choice.round)])
    print(f"{row}:", {name: _(f"{score.total - now[name]:+d} VP") for name, score in after.scores().items()})

# %% [markdown]
# That is one round, played one way. `evaluate` plays the whole game on, many times: `playouts=20`
# plays every action 20 times, playout number `r` of each on the same random draws (the same hidden
# cards, the same random moves where they can), so that the actions are compared on equal terms; each
# gets its own interval. (This cell plays a hundred games to the end: a few seconds.)

# %%
timeline = evaluate(choice, playouts=20, seed=1)
show_rows(timeline)
print(_("the first one's interval overlaps another:"),
      any(overlap(timeline, timeline[0].notation, row.notation) for row in timeline[1:]))

# %% [markdown]
# In the game Bo chose R&D, as he did in most even rounds. The analysis puts Human Resources first,
# and its interval overlaps none of the others: a quiet round in which Ada gains nothing is Bo's best
# round. R&D gives Ada more than it gives Bo (her project tabs); Management and Construction give her the
# donation.

# %% [markdown]
# ## When to donate
#
# A donation costs more each time you make one (notebook 7) and scores at the end of the game.
# `explain` gives its price now and what it would score if the game ended now; `evaluate` says
# whether the money would do more elsewhere. Round 7: Ada has chosen Management, whose event is a
# donation, and she decides first.

# %%
donation = play(positions.round_start(7), ["choose MG"])
for action in ("donate education_dept_any", "donate welfare_7vp", "donate welfare_money"):
    show_explanation(explain(donation, action))
gifts = evaluate(donation, playouts=6, seed=1)
show_rows(gifts)

# %% [markdown]
# Read the intervals. The Education spaces, *Welfare: 7 VP* and skipping (`done`) overlap: at this
# price, a donation is worth about what the money brings when it stays in the company. Two spaces come
# last by far, the Welfare spaces that score payments: *Welfare: money* and *Welfare: money and goods*.
# `explain` gives the first one VP now, because it counts what Ada could pay if the game ended today;
# but it scores only the money paid at the end, money that would otherwise have worked for her until
# then. The VP "if the game ended now" is a first look, not the value of a move.

# %% [markdown]
# ## Building toward a major-city connection
#
# A link of major cities scores at the end, more at higher transport levels (notebook 8). `explain`
# has a *network* line: the cities the player builds in and their best link of major cities. Round 4:
# Bo has chosen Construction. His house stands in Pittsburgh, between Chicago and New York.

# %%
build = play(positions.round_start(4), ["choose CO"])
show_explanation(explain(build, "co C new_york"))
then = play(build.copy(), ["co C new_york"])
show_explanation(explain(then, "co I chicago"))
links = [str(action) for action in then.legal_actions()
         if any(change.name == "best major-city link" for change in explain(then, action).changes)]
print(_("the builds that make a link after New York:"), links)

# %% [markdown]
# The first build changes no link (one major city links nothing), so its `explain` shows only a new
# city; the second one makes the link. To build toward a connection, plan two builds at once: play the
# first on a copy, then explain the second.

# %% [markdown]
# ## The hard bot
#
# The bots have strengths for people to play against: easy, medium and hard. Each is a bot *spec*
# for `make_bot`:

# %%
for name, strength in STRENGTHS.items():
    label, play = render(strength.label, LANG), render(strength.play, LANG)
    print(f"{name:7} make_bot({strength.spec!r}): {label} — {play}")

# %% [markdown]
# The search bot plays each candidate move a few rounds on with greedy players and keeps the best.
# `hard` thinks for a time; here the same search gets a budget of playouts instead, so that it plays
# the same move on every machine. (Without hidden cards and random moves a greedy playout always goes
# the same way, so in Ada and Bo's game the search plays each candidate once; against Andrew it draws
# his hidden cards again for every playout.) Round 16: Bo chooses the row again. What do the greedy
# bot and the search bot choose, and what does `evaluate` say?

# %%
decision = positions.round_start(16)
greedy, search = make_bot("greedy", 1), make_bot("search:playouts=16", 1)
print(_("greedy:"), greedy.choose(decision), _("   search:"), search.choose(decision))
late = evaluate(decision, playouts=12, seed=1)
show_rows(late)

# %% [markdown]
# The search bot finds the quiet round that the greedy bot misses, and `evaluate`, which plays every
# row to the end, agrees.
#
# ## The decisions on the board
#
# The stepper plays Ada and Bo's game from round 4 and stops at each of these decisions, with what the
# analysis said; at the end the search bot chooses for Bo. Press **Next** to play a step, **Back** to go
# back; *Try your own action* plays anything else on a copy
# ([notebook 1](01-components-and-setup.ipynb) shows how a stepper works).

# %%
final = positions.whole_game()
C = final.components


def this_round(g):
    return g.round


def bo_chose(row, number):
    """Whether this row was chosen in that round of the stored game."""
    return lambda g: final.round_summaries()[number - 1]["chosen"] == row


def chosen(row, first, last):
    """How many of rounds first to last chose this row."""
    return lambda g: sum(1 for s in g.round_summaries()[first - 1:last] if s["chosen"] == row)


def link(what):
    """A number of Bo's best link of major cities."""
    return lambda g: getattr(g.connection(1), what)


def like_skipping(g):
    """Ada's donation and skipping it have overlapping intervals."""
    return overlap(gifts, "donate education_dept_any", "done")


def payments_last(g):
    """The Welfare spaces that score payments come last in evaluate's donation rows."""
    return [row.notation for row in gifts[-2:]] == ["donate welfare_money_goods", "donate welfare_money"]


def donations_on_mg_and_co(g):
    """Of the four rows, Management and Construction only bring a donation event."""
    return [g.row_event(row)[1].donation for row in ROWS] == [False, True, True, False]


def hr_first(g):
    """evaluate puts Human Resources first, its interval overlapping no other."""
    return timeline[0].notation == "choose HR" and not any(
        overlap(timeline, "choose HR", row.notation) for row in timeline[1:])


def search_text(g):
    """The last step: the search bot's row, next to greedy's and evaluate's margins."""
    played, other = str(g.actions[-1]), str(greedy.choose(decision))
    words = Labels(decision, LANG).action
    return (_(f"Round {decision.round}: the search bot decides for Bo and plays *{words(played)}*, where the "
              f"greedy bot plays *{words(other)}*. `evaluate` gives Bo a margin of {margin(late, played)} VP after "
              f"the first, {margin(late, other)} VP after the second."))


tour = Stepper(positions.round_start(4), [
    Step(_("Bo chooses Construction"),
         _("Round 4. Bo's house stands in Pittsburgh, between two major cities, Chicago and New York. He picks "
           "**CO**."),
         ["choose CO"], view="map", expect=Numbers({4: this_round})),
    Step(_("New York first"),
         _("A Commerce project in New York. `explain` shows a new city in Bo's network and no link yet: one major "
           "city links nothing."),
         ["co C new_york"], view="network", player=1),
    Step(_("Chicago makes the link"),
         _("An Industry project in Chicago joins Chicago, Pittsburgh and New York in one network. `explain`: "
           "*best major-city link: none → Chicago – New York (3 VP)*, 2 connection points at transport level 1. "
           "Bo's tracks rose later: at the end of the game the same link scored him **9 VP**."),
         ["co I chicago"], view="network", player=1,
         expect=Numbers({3: link("vp"), 2: link("points"), 1: link("level"), 9: lambda g: final.connection(1).vp})),
    Step(_("A donation event"),
         _("Two rounds later, in round 7, Ada picks **MG**, whose event is *Make a Donation*. A donation costs "
           "each of them **$10** now (their second one). Ada has **$29**, Bo **$11**."),
         [*positions.round_actions(5, 6), "choose MG"], view="timeline",
         expect=Numbers({7: this_round, 29: lambda g: g.money(0), 11: lambda g: g.money(1),
                         10: (lambda g: g.donation_price(0), lambda g: g.donation_price(1))})),
    Step(_("Ada donates"),
         _("Ada takes *Education: all departments* for **$10**: 7 VP if the game ended now, more as her company "
           "grows. `evaluate` gives her a margin of about +20 VP after it, +25 VP after skipping: the two "
           "intervals overlap. It puts *Welfare: money* last, at −9 VP."),
         ["donate education_dept_any"], view="donations",
         expect=Numbers({10: loss(lambda g: g.money(0)), 7: gain(lambda g: g.scores()["Ada"].donations),
                         20: lambda g: margin(gifts, "donate education_dept_any"),
                         25: lambda g: margin(gifts, "done"), 9: lambda g: -margin(gifts, "donate welfare_money")},
                        facts={_("the two intervals overlap"): like_skipping,
                               _("Welfare: money comes last, after Welfare: money and goods"):
                               payments_last})),
    Step(_("Bo donates"),
         _("Bo pays **$10** for *Welfare: 7 VP* and keeps **$1**."),
         ["donate welfare_7vp"], view="donations",
         expect=Numbers({10: loss(lambda g: g.money(1)), 7: gain(lambda g: g.scores()["Bo"].donations),
                         1: lambda g: g.money(1)})),
    Step(_("The end of round 7"),
         _("Ada's Commerce & Finance brings her **$9**; Bo passes. Round 8 begins, and Bo chooses."),
         positions.round_actions(7)[3:], view="company", player=0,
         expect=Numbers({9: gain(lambda g: g.money(0)), 7: lambda g: g.round - 1, 8: this_round})),
    Step(_("Round 8: which row?"),
         _("Bo has **$1**. MG and CO bring a donation event that only Ada can pay (**$15** of her **$28**); R&D "
           "lets her research too; HR gives her nothing. `evaluate` puts **HR** first, with a margin of −10 VP "
           "for Bo, and R&D at −21 VP."),
         [], view="timeline",
         expect=Numbers({8: this_round, 1: lambda g: g.money(1), 15: lambda g: g.donation_price(0),
                         28: lambda g: g.money(0), 10: lambda g: -margin(timeline, "choose HR"),
                         21: lambda g: -margin(timeline, "choose RD")},
                        facts={_("MG and CO bring a donation event, HR and RD none"): donations_on_mg_and_co,
                               _("evaluate puts HR first, its interval overlapping no other"): hr_first})),
    Step(_("What Bo chose"),
         _("In the game Bo chose **RD**. He moved up two tracks; Ada revealed **three** more spaces of her "
           "Housing tab (a tab scores the last VP space revealed)."),
         positions.round_actions(8), view="tracks", player=0,
         expect=Numbers({2: gain(lambda g: sum(g.track_space(1, region) for region in C.regions)),
                         3: gain(lambda g: g.tab(0, "H").revealed)})),
    Step(_("On to round 16"),
         _("The game goes on as it was played to the end of round 15: Ada chose MG **4** times, Bo RD **3** times."),
         positions.round_actions(9, 15), view="scores",
         expect=Numbers({16: this_round, 15: lambda g: g.round - 1, 4: chosen("MG", 9, 15), 3: chosen("RD", 9, 15)})),
    Step(_("The search bot decides"), search_text,
         [lambda g: g.apply(search.choose(g))], view="timeline"),
], title=_("Ada and Bo's decisions"), view="map", player=1,
   intro=_("Ada and Bo's game as they played it, from Bo's choice of a row. Press **Next**."),
   lang=LANG)
tour

# %% [markdown]
# ## Reviewing the whole game
#
# `review(game, seats, playouts=N, seed=S)` judges every decision of a finished game that had a choice,
# as the player saw it (never the game's future). A cheap screen first: the move the greedy evaluation
# rates best is graded *best* with no playout. Any other move is played out against the best others, to
# the end of the game and on the same random draws, batch after batch while the VP it gave away is
# unclear, up to `playouts` an action. The grades: *best*, *good* (under 2 VP), *inaccuracy*, *mistake*,
# *blunder*, each given only where the whole 95% interval of the VP given away lies in its range, and
# *unclear* where it does not. `review_figure` charts the player's expected final margin after each
# decision that was played out, coloured by its grade (the app's Replay tab shows the same review, see
# *Review this game*). A small budget keeps it quick: Bo's decisions, at most 2 playouts an action.
# Nothing changes this chart once drawn, so `chart` shows it as plotly's own output (hover a point to
# read it), lighter than a `FigureWidget`.

# %%
bo = review(final, [1], playouts=2, seed=0)
print(bo.summary()[1].text(LANG))
chart(review_figure(bo, lang=LANG))

# %%
bo_grades = bo.summary()[1].grades
Numbers({79: lambda g: len(bo.decisions), 72: lambda g: bo_grades["best"], 7: lambda g: bo_grades["unclear"],
         2: lambda g: bo.playouts, 32: lambda g: DEFAULT_PLAYOUTS},
        facts={_("none of Bo's decisions is graded an error"):
               lambda g: bo_grades["inaccuracy"] + bo_grades["mistake"] + bo_grades["blunder"] == 0,
               _("it names no costliest decision"): lambda g: not bo.costliest}).told(
    _("With at most **2** playouts an action the review grades Bo's **79** decisions: **72** best (the screen "
      "rates the move he played best) and **7** unclear, where so few playouts cannot tell whether he gave "
      "anything away. So it names no costliest decision: a decision is named only when its playouts show a loss, "
      "rather than a guess. A real review takes more (the default is 32)."), final)

# %% [markdown]
# ## Solo: Andrew's next card
#
# Against Andrew Carnegie the row is yours in odd rounds and his card's in even rounds (notebook 9).
# His next card lies face down on his draw pile, but its back shows its action (at level 1 every card's
# does; at levels 2-4 an advanced card's back shows only that it is advanced), and which numbers are
# left in his deck is public. So the row it chooses is certain, and the card is one of the numbers left
# that carry that action, each as likely. `andrew_forecast` turns that into exact chances: his donation
# and what he would do on each row. Here is Ada's solo game after her setup, in round 1.

# %%
solo = positions.solo_after_setup(level=1)
andrew = solo.andrew()
print(_("The back of Andrew's card of round 1 shows"), andrew.card_action, _("and that of his next card"),
      andrew.next_action, "-", andrew.cards_left, _("cards to draw"))
forecast = andrew_forecast(solo)
print(_("Andrew's card of round"), forecast.round, _("- its back shows"), forecast.next_action,
      _("(it chooses the row)") if forecast.chooses_row else _("(you choose the row)"))
print(_("the cards it may be:"), {chance.outcome: str(chance.chance) for chance in forecast.cards})
print(_("the row it chooses:"), {chance.outcome: str(chance.chance) for chance in forecast.row})

# %% [markdown]
# His card of round 2 will choose R&D: its back says so. What it makes him do there is the part to
# weigh: which track and how far, and, on a donation event, which space. The tip of notebook 9 (do not
# give Andrew the action his card is strongest at) works one round ahead too: the forecast says which
# rows and cities his next card may take from you. `evaluate` and the bots never peek at his deck
# either: for every playout they draw its hidden cards again, at random, behind the backs in view.

# %% [markdown]
# ## Exercises

# %%
Exercise(_("In round 8, which row does `evaluate` put first for Bo?"),
         lambda g: timeline[0].notation, choice, pinned="choose HR",
         options=ROW_OPTIONS,
         mistakes={"choose RD": _("That is what Bo chose in the game. Read the margins `evaluate` printed."),
                   "choose MG": _("Its event is a donation that only Ada can pay."),
                   "choose CO": _("Its event is a donation that only Ada can pay.")},
         hint=_("Read the first line `evaluate` printed in the section on the timeline choice."),
         expect=Numbers({8: this_round}, facts={_("Bo chose RD in the game"): bo_chose("RD", 8)}),
         code="evaluate(game, playouts=20, seed=1)[0]", lang=LANG)

# %%
PAYMENT = C.donations["welfare_money"].formula


def welfare_money_now(g):
    return explain(g, "donate welfare_money").score_change().get("donations", 0)


Exercise(_("In round 7, if Ada donated on *Welfare: money*, how many VP would it score if the game ended now?"),
         welfare_money_now, donation, pinned=6,
         mistakes={2: _("That is what one payment scores. How many payments can she make?"),
                   10: _("She pays the donation's price first: count the payments with what she has left.")},
         hint=_("The space scores 2 VP for each $5 paid at the end. Ada has $29 and the donation costs $10."),
         expect=Numbers({7: this_round, 2: lambda g: PAYMENT.vp, 5: lambda g: PAYMENT.payment.money,
                         29: lambda g: g.money(0), 10: lambda g: g.donation_price(0)}),
         code='explain(game, "donate welfare_money").score_change()["donations"]', lang=LANG)

# %%
Exercise(_("After Bo's two builds of round 4, how many VP would his link of major cities score if the game ended "
           "now?"),
         link("vp"), tour.game_at(3), pinned=3,
         mistakes={2: _("That is the link's connection points: the table turns points and level into VP."),
                   9: _("That is what the link scored at the end of the game, 9 VP, with Bo's tracks higher.")},
         hint=_("Read the network line of `explain` for Bo's build in Chicago."),
         expect=Numbers({4: lambda g: g.round_summaries()[-1]["round"], 2: link("points"),
                         9: lambda g: final.connection(1).vp}),
         code="game.connection(1).vp", lang=LANG)

# %%
Exercise(_("In round 16, which row does the search bot (`search:playouts=16`) choose for Bo?"),
         lambda g: str(search.choose(g)), decision, pinned="choose HR",
         options=ROW_OPTIONS,
         mistakes={"choose MG": _("That is the greedy bot's choice."),
                   "choose RD": _("That is what Bo chose in the game."),
                   "choose CO": _("The search bot keeps the candidate whose playouts gave the best margin.")},
         hint=_("Read the line the section on the hard bot printed, or the last step of the stepper."),
         expect=Numbers({16: this_round},
                        facts={_("greedy chooses MG"): lambda g: str(greedy.choose(g)) == "choose MG",
                               _("Bo chose RD in the game"): bo_chose("RD", 16)}),
         code="search.choose(game)", lang=LANG)

# %%
def next_cards(g):
    """How many cards Andrew's next card may be (at level 1: the numbers left with the action on its back)."""
    return len(andrew_forecast(g).cards)


Exercise(_("After Ada's setup, how many cards may Andrew's card of round 2 be?"),
         next_cards, solo, pinned=5,
         mistakes={19: _("He has 19 cards to draw, but the back of the next one shows its action."),
                   1: _("The back shows the action, not the card: count the numbers left with that action."),
                   4: _("Round 1's card is a Management card, not an R&D one: it takes no R&D number away.")},
         hint=_("Read the first line of the forecast (the action on the back), then the cards it lists."),
         expect=Numbers({2: lambda g: g.round + 1, 19: lambda g: g.andrew().cards_left, 1: lambda g: g.round},
                        facts={_("round 1's card shows MG"): lambda g: g.andrew().card_action == "MG",
                               _("the next card shows RD"): lambda g: g.andrew().next_action == "RD"}),
         code="andrew_forecast(game).cards", lang=LANG)


# %% [markdown]
# ← [10 · Exploring positions](10-exploring-positions.ipynb) · [Contents](00-contents.ipynb)

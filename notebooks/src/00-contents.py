# %% [markdown]
# # Learn Carnegie, step by step
#
# These notebooks teach the rules of the board game *Carnegie* on real games played by the
# `carnegie_lab` rules engine. Each one takes a part of the rules, plays it in front of you one
# step at a time (press **Next**), and ends with a small exercise that the engine checks.
# Read them in order: each one builds on the ones before.
#
# **Em português**: [Aprenda Carnegie, passo a passo](pt_BR/00-contents.ipynb) — the tutorials in Brazilian
# Portuguese.
#
# - [1 · The components and the setup](01-components-and-setup.ipynb) — what is on the table, and how a game starts
# - [2 · The company, employees and Human Resources](02-company-and-employees.ipynb) — departments, workstations,
#   standing and lying employees, moves
# - [3 · The round, the timeline and events](03-round-and-timeline.ipynb) — the four parts of a round, missions
#   and income, the end of a timeline row
# - [4 · Management and new departments](04-management-and-departments.ipynb) — money, goods, missions and
#   building Department tiles
# - [5 · Construction, the map and missions](05-construction-and-the-map.ipynb) — building projects in cities,
#   sites, goods, small towns
# - [6 · R&D, project tabs and transport tracks](06-research-tabs-and-tracks.ipynb) — study points, new
#   projects, transport levels and their income
# - [7 · Donations](07-donations.ipynb) — the donation chart, rising prices and what donations score
# - [8 · The end of the game and scoring](08-end-of-game-and-scoring.ipynb) — every way to score, and
#   major-city connections with networkx
# - [9 · The solo game against Andrew Carnegie](09-solo-against-andrew.ipynb) — Andrew's deck of cards, his
#   turns and how he scores
# - [10 · Exploring positions](10-exploring-positions.ipynb) — records, legal actions, what-ifs on copies, bots,
#   a table set up by hand
# - [11 · Playing well](11-playing-well.ipynb) — what the analysis says about real decisions: the timeline
#   choice, donations, connections, Andrew's next card, the hard bot
#
# Run a notebook from the top (*Run → Run All Cells* in JupyterLab), or open it in Voilà to see
# only the text and the widgets. Nothing here needs the rulebook; when the rules texts leave a point
# open, the engine's choice is written down in `docs/rules-decisions.md`.
#
# When you are done, play a whole game against bots or Andrew Carnegie in the app
# ([app.ipynb](app.ipynb), or `make app`).

# %% [markdown]
# ## Rules at a glance
#
# Every rule, and the step of a tutorial that plays it in front of you (open the notebook and press
# **Next** until that step).
#
# **Setup**
#
# - Neutral discs block some sites and donation spaces with two or three players:
#   [1 · step 1 "Grey neutral discs"](01-components-and-setup.ipynb)
# - Four timeline rows, one per action, each space with an event:
#   [1 · step 2 "The timeline"](01-components-and-setup.ipynb)
# - The starting houses, placed counter-clockwise from the first player's right:
#   [1 · step 4 "Bo places a house"](01-components-and-setup.ipynb)
# - The reserved Department tile:
#   [1 · step 5 "Bo reserves a department"](01-components-and-setup.ipynb)
# - Setup moves: up to six, one space up, down, left or right:
#   [1 · step 9 "Six setup moves"](01-components-and-setup.ipynb)
# - Standing an employee up costs the price of its workstation:
#   [1 · step 10 "Standing up costs money"](01-components-and-setup.ipynb)
#
# **A round**
#
# - The first player chooses the row; everybody uses its action:
#   [3 · step 1 "1. Choose: Management"](03-round-and-timeline.ipynb)
# - The event of the space after the row's marker:
#   [3 · step 2 "2. The event"](03-round-and-timeline.ipynb)
# - The marker moves at the end of the round; the next player becomes first player:
#   [3 · step 4 "4. The end of the round"](03-round-and-timeline.ipynb)
# - Take Income: employees come home, transport income, then project income once:
#   [3 · step 6 "Ada takes her income"](03-round-and-timeline.ipynb)
# - A full row: the event and the marker come from the next row down:
#   [3 · step 8 "The row is full"](03-round-and-timeline.ipynb)
#
# **Employees and Human Resources**
#
# - Human Resources: 3 moves per standing employee, the permanent one included:
#   [2 · step 2 "Six moves"](02-company-and-employees.ipynb)
# - A standing employee who moves lies down:
#   [2 · step 3 "Moving lays an employee down"](02-company-and-employees.ipynb)
# - Lying employees may wait on empty spaces:
#   [2 · step 4 "Waiting on an empty space"](02-company-and-employees.ipynb)
# - Unused moves are lost:
#   [2 · step 6 "Done"](02-company-and-employees.ipynb)
# - Standing up at the end of a turn, on the cheapest free workstation:
#   [2 · step 7 "Standing up costs money"](02-company-and-employees.ipynb)
#
# **Management**
#
# - Commerce & Finance: \$3 or one goods per standing employee:
#   [4 · step 2 "Bo's Commerce & Finance"](04-management-and-departments.ipynb)
# - ... or a mission for \$6 or two goods:
#   [3 · step 3 "3. Ada's turn: a mission"](03-round-and-timeline.ipynb)
# - The reserved tile is built first; a tile costs 2 goods on an empty space:
#   [4 · step 3 "Bo builds his reserved department"](04-management-and-departments.ipynb)
# - ... and 1 goods where an employee lies:
#   [4 · step 6 "A cheaper building site"](04-management-and-departments.ipynb)
#
# **Construction**
#
# - You build only the projects waiting on your tabs:
#   [5 · step 2 "Projects waiting on the tabs"](05-construction-and-the-map.ipynb)
# - A mission to the city's region, goods, and some small towns pay transport income:
#   [5 · step 3 "A small town: Cincinnati"](05-construction-and-the-map.ipynb)
# - The left-most free site of the project's kind:
#   [5 · step 4 "A major city: Chicago"](05-construction-and-the-map.ipynb)
#
# **Research & Development**
#
# - 2 study points per standing employee:
#   [6 · step 2 "Four study points"](06-research-tabs-and-tracks.ipynb)
# - A project tab's next space: a new project to build:
#   [6 · step 3 "A new Commerce project"](06-research-tabs-and-tracks.ipynb)
# - A transport track's next space: more income per employee coming home:
#   [6 · step 4 "Stagecoach in the Midwest"](06-research-tabs-and-tracks.ipynb)
#
# **Donations**
#
# - One donation per donation event, on a free space:
#   [7 · step 2 "Ada's first donation"](07-donations.ipynb)
# - Each donation costs \$5 more than the last; who cannot pay is skipped:
#   [7 · step 7 "The second donation costs more"](07-donations.ipynb)
#
# **The end of the game**
#
# - The final score and the winners (no tie-breaker):
#   [8 · step 2 "The final score"](08-end-of-game-and-scoring.ipynb)
# - Connections between major cities:
#   [8 · step 3 "Connections"](08-end-of-game-and-scoring.ipynb)
# - Discs on the map, project tabs, tiles, employees, donations:
#   [8 · step 4 "Discs on the map"](08-end-of-game-and-scoring.ipynb) to
#   [8 · step 7 "Donations"](08-end-of-game-and-scoring.ipynb)
#
# **Solo against Andrew Carnegie**
#
# - You choose the row in odd rounds, Andrew's card in even rounds:
#   [9 · step 2 "Ada builds"](09-solo-against-andrew.ipynb)
# - Andrew's card slides for Human Resources and when he cannot act:
#   [9 · step 5 "Round 3: Human Resources"](09-solo-against-andrew.ipynb)
# - His card's VP card at the end of the round:
#   [9 · step 6 "Andrew's points"](09-solo-against-andrew.ipynb)

"""Write the tutorial notebooks (00-contents.ipynb and 01-*.ipynb .. 10-*.ipynb) from the text below.

    python notebooks/make_notebooks.py            # (re)write them next to this file
    python notebooks/make_notebooks.py --check    # exit 1 if a notebook differs from what this file makes

The notebooks are stored without outputs and with fixed cell ids, so this script makes exactly the committed
files (``tests/notebooks/test_tutorials.py`` checks it). Edit the text here, not in the notebooks.
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Callable

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
KERNEL = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
          "language_info": {"name": "python"}}

#: file name -> (title, one-line summary) of every tutorial, in reading order.
TUTORIALS: dict[str, tuple[str, str]] = {}
BUILDERS: dict[str, Callable[[], list]] = {}


def md(*parts: str):
    """A markdown cell; each part is dedented on its own, parts are separated by a blank line."""
    return new_markdown_cell("\n\n".join(_dedent(part) for part in parts))


def code(text: str):
    return new_code_cell(_dedent(text))


def _dedent(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def tutorial(filename: str, title: str, summary: str):
    def register(fn: Callable[[], list]) -> Callable[[], list]:
        TUTORIALS[filename] = (title, summary)
        BUILDERS[filename] = fn
        return fn
    return register


def nav(filename: str) -> object:
    """The closing 'previous / contents / next' line of a tutorial."""
    names = list(TUTORIALS)
    i = names.index(filename)
    parts = []
    if i > 0:
        parts.append(f"← [{TUTORIALS[names[i - 1]][0]}]({names[i - 1]})")
    parts.append("[Contents](00-contents.ipynb)")
    if i + 1 < len(names):
        parts.append(f"[{TUTORIALS[names[i + 1]][0]}]({names[i + 1]}) →")
    return md(" · ".join(parts))


IMPORTS = """
import carnegie_lab as cl
from carnegie_lab.widgets.exercise import Exercise
from carnegie_lab.widgets.script import Step, first, until
from carnegie_lab.widgets.stepper import Stepper
"""

#: The setup of notebook 01, replayed at the top of notebooks 02-08 (Ada and Bo, seed 7).
SETUP_LINES = """
# Ada and Bo's game from notebook 01, right after the setup.
SETUP = ["house pittsburgh", "reserve design", "house chicago", "reserve recruiting",
         "move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2",
         "activate a1", "activate b2", "activate b2", "activate c1", "activate d1",
         "move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
         "activate a1", "activate c2", "activate d1"]
game = cl.new_game(["Ada", "Bo"], seed=7)
for action in SETUP:
    game.apply(action)
"""
SETUP_CELL = SETUP_LINES + "game\n"              # ... and show the game

HOW_TO = """
**How to use a stepper.** Press **Next** to play the next step and read what happened. Pink rings on the
picture show what the step changed. **Back** goes back one step. The buttons above the picture switch
to another view of the same position (the map, a company, the tracks, the timeline...). Open *Try your
own action* to play anything else from the position shown: it is played on a copy, so nothing can
break, and *Back to the script* brings you back.
"""


# ---------------------------------------------------------------------------------------------- contents

def contents() -> list:
    lines = "\n".join(f"- [{title}]({name}) — {summary}" for name, (title, summary) in TUTORIALS.items())
    return [md("""
        # Learn Carnegie, step by step

        These notebooks teach the rules of the board game *Carnegie* on real games played by the
        `carnegie_lab` rules engine. Each one takes a part of the rules, plays it in front of you one
        step at a time (press **Next**), and ends with a small exercise that the engine checks.
        Read them in order: each one builds on the ones before.
        """, lines, """
        Run a notebook from the top (*Run → Run All Cells* in JupyterLab), or open it in Voilà to see
        only the text and the widgets. Nothing here needs the rulebook; when the rules texts leave a point
        open, the engine's choice is written down in `docs/rules-decisions.md`.

        When you are done, play a whole game against bots or Andrew Carnegie in the app
        ([app.ipynb](app.ipynb), or `make app`).
        """)]


# ---------------------------------------------------------------------------------------------- 01

@tutorial("01-components-and-setup.ipynb", "1 · The components and the setup",
          "what is on the table, and how a game starts")
def n01() -> list:
    return [
        md("""
        # 1 · The components and the setup

        Welcome! In these notebooks you learn the board game *Carnegie* by watching its rules happen on a
        real game. The `carnegie_lab` engine plays every action, so what you see is always what the rules
        say. Each notebook shows one part of the game step by step and ends with a small exercise.

        ## The game in a nutshell

        Each player runs a company in the United States of the late 1800s. Over **20 rounds** you train
        employees, open new departments, build projects in cities all over the map, improve transport and
        give to good causes. Almost everything earns victory points (VP); after round 20 the player with
        the most VP wins.

        The twist: every round **one** player picks the action — Human Resources, Management,
        Construction or Research & Development — and then **every** player uses that same action in their
        own company. Picking an action that helps you more than your rivals is the heart of the game.
        """),
        code(IMPORTS),
        code("""
        game = cl.new_game(["Ada", "Bo"], seed=7)
        game
        """),
        md("""
        That is a brand-new game for two players, Ada and Bo. The `seed` fixes every random part of the
        setup, so you see exactly the same game as everybody else who runs this notebook. The summary
        shows what each player owns and, under *now*, whose decision it is.

        ## What is on the table

        - **The map**: the country in four regions (West, Midwest, South, East) with 32 cities joined by
          roads. Small towns have one construction site that takes any project; medium cities have three
          sites and major cities five, each for one kind of project: **H**ousing, **C**ommerce,
          **I**ndustry or **P**ublic Infrastructure. The four major cities are San Francisco, Chicago,
          New Orleans and New York.
        - **Your company board**: a grid of 4 × 4 spaces. It starts with a Lobby and five departments;
          the other ten spaces wait for new departments you will build.
        - **Employees**: 15 each. Five stand in your departments, five lie in the Lobby, five wait in your
          personal supply until you recruit them.
        - **Discs**: 30 each. They mark your place on the transport tracks and the score, and they become
          your projects on the map and your donations.
        - **Four transport tracks**, one per region, and **four project tabs** per player (one per kind
          of project): Research & Development moves them forward.
        - **The timeline**: four rows, one per action. It sets which event happens each round and counts
          the 20 rounds.
        - **The donation chart**: 20 good causes that pay VP at the end of the game.
        - **Neutral discs**: with two or three players, grey discs block some sites and donations, so
          the board feels as crowded as with four.
        """),
        code("""
        C = game.components          # the printed material, as data
        majors = [city.name for city in C.cities.values() if city.size == "major"]
        print(len(C.cities), "cities and", len(C.routes), "roads; the major cities are", ", ".join(majors))
        print("starting money and goods:", C.constants.start_money, "and", C.constants.start_goods)
        """),
        md("""
        ## The setup, step by step

        Some of the setup is random: the engine already shuffled the timeline tiles, removed department
        tiles (with two players only half of them are used) and placed the neutral discs. The players then
        make three kinds of choices, which the stepper below plays for Ada and Bo.
        """, HOW_TO),
        code("""
        neutral = {site for site, disc in game.state.board.sites.items() if disc.owner == "neutral"}

        tour = Stepper(game, [
            Step("Grey neutral discs",
                 "With two players, 18 neutral discs were placed at random: some on construction sites "
                 "(ringed on the map) and the rest on the donation chart. They belong to nobody: they "
                 "just make those places unavailable for the whole game.",
                 view="map", highlight=neutral),
            Step("The timeline",
                 "Four rows, one per action: **HR** (Human Resources), **MG** (Management), **CO** "
                 "(Construction) and **RD** (Research & Development). Each row has a start space, four "
                 "random spaces and the End. A space shows an *event*: Take Income in a region ($) or Make "
                 "a Donation (♥). The black markers all sit on their start space. Notebook 3 explains how "
                 "they move.",
                 view="timeline", highlight={"HR/0", "MG/0", "CO/0", "RD/0"}),
            Step("Tracks and tabs",
                 "Every player has a disc on the first space of each region's transport track, and each "
                 "project tab shows only its first space. A disc waits on the Housing, Commerce and "
                 "Industry tabs: these are the projects you are ready to build.",
                 view="tracks", highlight={"track/west/0", "track/midwest/0", "track/south/0",
                                           "track/east/0"}),
            Step("Bo places a house",
                 "Each player puts one Housing project on the map before the game starts, in a medium or "
                 "major city. The order goes counter-clockwise from the player on the first player's "
                 "right: with two players, Bo (the second player) goes first. Bo picks Pittsburgh.",
                 ["house pittsburgh"], view="map"),
            Step("Bo reserves a department",
                 "Next, Bo takes one department tile from those in play and keeps it aside: it will be the "
                 "first department Bo builds. Bo reserves **Advanced Design**, a research department.",
                 ["reserve design"], view="company", player=1),
            Step("Ada places her house",
                 "Now Ada. She puts her house in Chicago, a major city in the Midwest.",
                 ["house chicago"], view="map"),
            Step("Ada reserves a department",
                 "Ada reserves **Recruiting**, a Human Resources department that brings new employees.",
                 ["reserve recruiting"], view="company", player=0),
            Step("Ada's company",
                 "Here is Ada's company. The bottom row holds Human Resources (a1), the Lobby (b1), "
                 "Construction (c1) and Research & Development (d1); above them are her two Management "
                 "departments, Commerce & Finance (b2) and Strategic Planning (c2). A filled circle is "
                 "an employee **standing** on a workstation: an active one. The small bars in the Lobby "
                 "are five employees **lying down**: they are not working yet. (The panel counts 4 active "
                 "employees: the permanent one of Human Resources, marked P, never counts as active.)",
                 view="company", player=0, highlight={"b1", "a1/0", "b2/0", "c2/0", "c1/0", "d1/0"}),
            Step("Six setup moves",
                 "Each player may now make up to six moves. A move takes one employee one space up, down, "
                 "left or right (never diagonally). Ada walks employees out of the Lobby into her "
                 "departments; the one headed for R&D needs two moves. They still lie down.",
                 ["move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2"],
                 view="company", player=0),
            Step("Standing up costs money",
                 "After the moves, lying employees may stand up on a free workstation of their "
                 "department. Each workstation shows its price (the first ones are cheap, or free). Ada "
                 "pays $5 in all: ten of her employees now stand at work.",
                 ["activate a1", "activate b2", "activate b2", "activate c1", "activate d1"],
                 view="company", player=0),
            Step("Bo's setup",
                 "Bo uses only five of his moves (unused moves are simply lost) and stands up three "
                 "employees. He keeps two in the Lobby for later.",
                 ["move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
                  "activate a1", "activate c2", "activate d1"],
                 view="company", player=1),
            Step("Ready for round 1",
                 "The setup is over. Ada is the first player: she will choose the action of round 1 "
                 "on the timeline. That is where notebook 3 picks up; notebook 2 first looks closer at "
                 "the company.",
                 view="timeline"),
        ], title="Setting up Ada and Bo's game",
           intro="This is the fresh game above. Press **Next** to walk through the setup.")
        tour
        """),
        md("""
        ## Exercise

        Look at the map in the stepper (go back to the start if you need to). The engine checks your
        answer against the real position.
        """),
        code("""
        Exercise("How many grey **neutral discs** are on the map (not counting the donation chart)?",
                 lambda g: sum(1 for disc in g.state.board.sites.values() if disc.owner == "neutral"),
                 game,
                 hint="Count the grey circles on the map; the first step of the stepper rings them.",
                 explanation="The other neutral discs of the 18 sit on the donation chart.",
                 code='sum(1 for disc in game.state.board.sites.values() if disc.owner == "neutral")')
        """),
        code("""
        Exercise("After her setup (step 10 of the stepper), how many dollars does Ada have left?",
                 lambda g: g.state.players[0].money, tour.game_at(10),
                 hint="She started with $12 and paid the price of each workstation she stood an employee on.",
                 explanation="$12 minus the $5 she paid: $0 + $1 + $2 + $1 + $1.",
                 code="game.state.players[0].money")
        """),
        nav("01-components-and-setup.ipynb"),
    ]


#: The Human Resources round of notebook 2, replayed at the top of notebook 4.
HR_ROUND_CELL = """
# ... and the Human Resources round of notebook 2.
HR_ROUND = ["choose HR", "hr", "move c1 c2", "move b2 a2", "move d1 d2", "move d2 d3", "done", "activate c2",
            "hr", "move b1 b2", "move b1 c1", "done", "activate b2", "activate c1"]
for action in HR_ROUND:
    game.apply(action)
game
"""


# ---------------------------------------------------------------------------------------------- 02

@tutorial("02-company-and-employees.ipynb", "2 · The company, employees and Human Resources",
          "departments, workstations, standing and lying employees, moves")
def n02() -> list:
    return [
        md("""
        # 2 · The company, employees and Human Resources

        Your company is where everything starts: an action only does something if you have employees
        ready to carry it out. This notebook looks at the company board and plays a Human Resources
        round, the action that moves employees around.

        ## The company board

        - The board is a grid of 16 spaces named like a chess board: columns **a** to **d**, rows **1**
          (the ground floor) to **4**. `b1` is the Lobby.
        - Each **department** belongs to one of the four actions and has one to three **workstations**.
          The price under a workstation is what it costs to stand an employee there.
        - An employee is either **standing** (active, on a workstation) or **lying down** (inactive). A
          workstation holds one standing employee; any space can hold any number of lying ones, even an
          empty space with no department.
        - When the action of the round is chosen, each of your departments of that type works **once per
          employee standing in it**. A department with nobody standing does nothing.
        - Some departments send the employee who did the work on a **mission** to a region of the map
          (notebook 3 brings them home).

        ## Moving employees

        Human Resources gives **3 moves for each employee standing in it**. One of its employees (marked
        *P*) is permanent: it never leaves, so you always have at least 3 moves. A move takes one
        employee one space up, down, left or right, and:

        - a standing employee who moves **lies down** (it stops being active);
        - at the end of your turn you may **stand up** lying employees that are in a department with a free
          workstation, paying the price printed under it.

        So moving an employee is an investment: you pay again to make it work in its new place.
        """),
        code(IMPORTS),
        code(SETUP_CELL),
        md("""
        This is Ada and Bo's game right after the setup of notebook 1. Ada is the first player of round 1.
        """, HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("Ada chooses Human Resources",
                 "Ada picks the **HR** row of the timeline: this round everybody uses Human Resources. "
                 "The gear (⚙) shows the event: Take Income in the West. Nobody has employees there yet, "
                 "so nothing happens and the engine moves straight on to Ada's turn.",
                 ["choose HR"], view="timeline"),
            Step("Six moves",
                 "Ada uses her Human Resources department. Two employees stand in it (the permanent one "
                 "and the one she stood up during the setup): 2 × 3 = **6 moves** for this turn.",
                 ["hr"], view="company", player=0),
            Step("Moving lays an employee down",
                 "Ada moves a standing employee from Construction (c1) to Strategic Planning (c2). It "
                 "lies down on arrival. Construction lost a worker: it will work once fewer next time. "
                 "The workstation it left (the cheapest one) is free again.",
                 ["move c1 c2"], view="company", player=0),
            Step("Waiting on an empty space",
                 "Next, an employee of Commerce & Finance goes to the empty space a2. Nothing works there "
                 "yet, but a department built later on a space where somebody lies is cheaper "
                 "(notebook 4).",
                 ["move b2 a2"], view="company", player=0),
            Step("One step per move",
                 "To reach a space further away, an employee walks one step per move: here from R&D (d1) "
                 "to d2, then d3. Ada has now used 5 of her 6 moves.",
                 ["move d1 d2", "move d2 d3"], view="company", player=0),
            Step("Done",
                 "Ada ends her turn. The move she did not use is lost: moves never carry over to another "
                 "turn. Now comes her activation step.",
                 ["done"], view="company", player=0),
            Step("Standing up costs money",
                 "At the end of her turn Ada may stand up lying employees on free workstations. In c2 the "
                 "free workstation costs **$2**: she pays and the employee becomes active. The employees "
                 "on a2 and d3 cannot stand up: there is no department (and so no workstation) there.",
                 ["activate c2"], view="company", player=0),
            Step("Bo's turn",
                 "Bo uses his 6 moves to bring the two employees waiting in his Lobby into Commerce & "
                 "Finance and Construction, and stands both up ($1 each).",
                 ["hr", "move b1 b2", "move b1 c1", "done", "activate b2", "activate c1"],
                 view="company", player=1),
            Step("The round is over",
                 "Everybody has played, so the round ends. The HR marker moves one space to the right, and "
                 "the first-player role passes to Bo: he chooses the action of round 2.",
                 view="timeline", highlight={"HR/1", "round/2"}),
        ], title="A Human Resources round", view="company",
           intro="Ada's company after the setup: ten employees stand on workstations. Press **Next**.")
        tour
        """),
        md("""
        You can see every move the engine allows with `legal_actions()`. After Ada's `hr` (step 2) these
        were her choices, written in the engine's notation (`move c1 c2` means "move an employee from c1
        to c2"):
        """),
        code("""
        position = tour.game_at(2)
        print(position.decision.prompt)
        print(", ".join(str(action) for action in position.legal_actions()))
        """),
        md("""
        ## Exercises

        The engine knows the answer: it computes it from the game when you press **Check**.
        """),
        code("""
        Exercise("Right after Ada chose the HR row (step 1), how many moves does her Human Resources "
                 "department give her this turn?",
                 lambda g: g.state.flow.hr_moves, tour.game_at(1),
                 hint="Count the employees standing in Human Resources (a1), the permanent one included.",
                 explanation="3 moves for each of the 2 employees standing in Human Resources.",
                 code="game.state.flow.hr_moves")
        """),
        code("""
        from carnegie_lab.rules import company

        Exercise("Go to step 6 of the stepper: one employee lies in Ada's Strategic Planning (c2). How many "
                 "dollars does it cost her to stand it up?",
                 lambda g: company.activation_price(g.rules, g.state.players[0], "c2"), tour.game_at(6),
                 hint="An employee takes the cheapest free workstation of its department: read its price.",
                 explanation="The first workstation of Strategic Planning is taken; the other one costs $2.",
                 code='company.activation_price(game.rules, game.state.players[0], "c2")')
        """),
        nav("02-company-and-employees.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 03

@tutorial("03-round-and-timeline.ipynb", "3 · The round, the timeline and events",
          "the four parts of a round, missions and income, the end of a timeline row")
def n03() -> list:
    return [
        md("""
        # 3 · The round, the timeline and events

        A game lasts 20 rounds, and every round has the same four parts:

        1. **Choose the action.** The first player picks one of the four rows of the timeline.
        2. **The event.** The gear goes on that row, on the space right after its marker. That space's
           event happens for everybody.
        3. **Use departments.** Starting with the first player, each player in turn uses their departments
           of the chosen type, then stands up employees at the end of their turn.
        4. **End of the round.** The marker of the row moves one space forward, and the next player
           clockwise becomes the first player.

        ## Events

        - **Take Income** in a region: each player (first player first) may bring home any number of their
          employees on a mission in that region. Each one pays the *transport income* of the player's
          disc on that region's transport track (notebook 6). If at least one came home, the player also
          collects the income of every project they built, once. Returning employees lie in the Lobby.
        - **Make a Donation**: each player may make one donation (notebook 7).
        - The spaces of the End tile allow both.

        ## The end of a row

        Each row has five event spaces, and 4 rows × 5 spaces = 20 rounds. A row can still be chosen when
        its marker has reached the End: the players use that action as usual, but the **event** (and the
        marker that moves at the end of the round) comes from the next row down that still has a space
        left (after R&D comes HR again). So an action chosen often takes a round away from another one,
        and the game still ends after exactly 20 rounds.
        """),
        code(IMPORTS),
        code(SETUP_CELL),
        md(HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("1. Choose: Management",
                 "Round 1: Ada, the first player, picks the **MG** (Management) row. The gear goes on the "
                 "space after the MG marker: its event is *Make a Donation*.",
                 ["choose MG"], view="timeline"),
            Step("2. The event",
                 "Each player, Ada first, may now make a donation. Both decide to keep their money.",
                 ["done", "done"], view="timeline"),
            Step("3. Ada's turn: a mission",
                 "Ada uses Commerce & Finance once, choosing its mission: an employee leaves for the "
                 "South and Ada gets $6. Then she ends her turn. The employee now waits on the South "
                 "mission area (right of her company); it is no longer active.",
                 ["cf money to south", "done"], view="company", player=0),
            Step("4. The end of the round",
                 "Bo passes. The round is over: the MG marker moves one space forward and Bo becomes the "
                 "first player.",
                 ["done"], view="timeline"),
            Step("Round 2: income in the South",
                 "Bo picks the **CO** row. Its next space says *Take Income in the South*, where Ada has "
                 "an employee.",
                 ["choose CO"], view="timeline"),
            Step("Ada takes her income",
                 "Ada brings her employee home: it lies down in her Lobby. She earns the transport income "
                 "of her South track ($1 on its first space) and, because at least one employee came "
                 "home, the income of her built projects: her house in Chicago pays $2. $3 in all.",
                 ["income 1"], view="company", player=0),
            Step("Five Human Resources rounds",
                 "Fast forward: the players finish round 2 without doing anything, then choose **HR** in "
                 "rounds 3 to 7 (and pass). Each round one marker moves: the HR marker has reached the "
                 "End of its row.",
                 [until("choose")] + ["choose HR", until("choose")] * 5, view="timeline"),
            Step("The row is full",
                 "Round 8: Bo chooses HR again. Everybody will use Human Resources, but the HR row has "
                 "no space left, so the gear goes on the next row down: the MG row's next space, *Take "
                 "Income in the East*.",
                 ["choose HR"], view="timeline"),
            Step("Another marker moves",
                 "At the end of round 8 the **MG** marker moves, not the HR one. Management has lost one "
                 "of its five rounds.",
                 [until("choose")], view="timeline"),
        ], title="Rounds on the timeline", view="timeline",
           intro="The timeline right after the setup: every marker is on its start space.")
        tour
        """),
        md("## Exercises"),
        code("""
        Exercise("In round 8 (step 8), which row's marker will move at the end of the round?",
                 lambda g: g.state.flow.event_row, tour.game_at(8),
                 options=[("HR (Human Resources)", 0), ("MG (Management)", 1), ("CO (Construction)", 2),
                          ("RD (Research & Development)", 3)],
                 hint="The marker that moves is the one of the row where the gear is.",
                 explanation="The HR row was full, so the next row down, MG, gave the event.",
                 code="game.state.flow.event_row  # 0 = HR, 1 = MG, 2 = CO, 3 = RD")
        """),
        code("""
        Exercise("How many dollars in all did Ada earn when her employee came home (step 6)?",
                 lambda g: g.state.players[0].money - tour.game_at(5).state.players[0].money,
                 tour.game_at(6),
                 hint="Transport income for each employee, plus the income of her projects once.",
                 explanation="$1 of transport income (South track, first space) + $2 from her house.",
                 code="money after step 6 - money after step 5")
        """),
        nav("03-round-and-timeline.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 04

@tutorial("04-management-and-departments.ipynb", "4 · Management and new departments",
          "money, goods, missions and building Department tiles")
def n04() -> list:
    return [
        md("""
        # 4 · Management and new departments

        Management is the action that pays: money and goods cubes, and new departments for your company.
        Every company starts with two Management departments.

        ## Commerce & Finance

        Each time it works (once per employee standing in it) you choose one:

        - take **$3**, or one **goods** cube;
        - or send the employee on a **mission** to a region for **$6**, or **2 goods**.

        Goods pay for buildings. At any time you may also sell a goods cube for $1.

        ## Strategic Planning: building departments

        Each employee standing in Strategic Planning builds one new **Department tile** on an empty space of
        your company:

        - it costs **2 goods**, or only **1** if an employee is lying on that space;
        - the tile you reserved during the setup must be your first one;
        - you never own two copies of the same department;
        - at the end of the game each tile scores 2 VP, or 3 VP in the top row.

        A new department arrives empty. An employee lying on its space can stand up on it at the end of the
        turn (paying the price, as always); others must walk there with Human Resources.

        The tiles come from a shared pool: with two players only half of the 32 tiles are in play, so some
        departments may run out.
        """),
        code(IMPORTS),
        code(SETUP_LINES + HR_ROUND_CELL),
        md("""
        We pick up Ada and Bo's game after the Human Resources round of notebook 2: Ada left employees
        lying on the empty spaces a2 and d3. Bo is the first player of round 2.
        """, HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("Bo chooses Management",
                 "Round 2: Bo picks the **MG** row. The event is a donation; both players pass.",
                 ["choose MG", "done", "done"], view="timeline"),
            Step("Bo's Commerce & Finance",
                 "Two employees stand in Bo's Commerce & Finance, so it works twice: **$3**, then **one "
                 "goods**.",
                 ["cf money", "cf goods"], view="company", player=1),
            Step("Bo builds his reserved department",
                 "Bo's Strategic Planning builds **Advanced Design**, the tile he reserved during the "
                 "setup, on the empty space d2. Nobody lies there: it costs **2 goods**. Starting another "
                 "department closed Commerce & Finance for the rest of his turn.",
                 ["sp design d2"], view="company", player=1),
            Step("Bo stops",
                 "Bo could build a second tile (two employees stand in Strategic Planning) but keeps his "
                 "goods. He ends his turn.",
                 ["done"], view="company", player=1),
            Step("Ada's Commerce & Finance",
                 "Ada takes one goods, then sends an employee on a mission to the South for $6.",
                 ["cf goods", "cf money to south"], view="company", player=0),
            Step("A cheaper building site",
                 "Ada builds her reserved **Recruiting** tile on a2. An employee lies there (she moved it "
                 "in notebook 2), so it costs only **1 goods**.",
                 ["sp recruiting a2"], view="company", player=0),
            Step("A second department",
                 "Her second employee in Strategic Planning builds **Logistics** on d3, for 1 goods as well. "
                 "Now that her reserved tile is built, she may pick any tile left in the pool.",
                 ["sp logistics d3"], view="company", player=0),
            Step("The waiting employees start working",
                 "At the end of her turn Ada stands up the employees lying in her new departments: $1 in "
                 "Recruiting and $3 in Logistics. Both new departments can work from now on.",
                 ["activate a2", "activate d3"], view="company", player=0),
        ], title="A Management round", view="company", player=1,
           intro="Bo's company at the start of round 2. Press **Next**.")
        tour
        """),
        md("""
        Which tiles are left? The pool is part of the position. Ada's and Bo's builds took tiles out of it:
        """),
        code("""
        C = game.components
        pool = tour.game_at(8).state.board.pool
        print(", ".join(f"{C.departments[d].name} ×{n}" for d, n in pool.items() if n))
        """),
        md("## Exercises"),
        code("""
        Exercise("At the end of the game, how many VP will Ada's two new department tiles score (if they "
                 "stay where they are)?",
                 lambda g: g.scores()["Ada"].departments, tour.game_at(8),
                 hint="2 VP for a tile on rows 1 to 3, 3 VP on the top row.",
                 explanation="Recruiting on a2 and Logistics on d3 are both below the top row: 2 + 2.",
                 code='game.scores()["Ada"].departments')
        """),
        code("""
        Exercise("How many goods does Ada have left after her turn?",
                 lambda g: g.state.players[0].goods, tour.game_at(8),
                 hint="She started the round with 4, took 1 and paid 1 for each tile.",
                 code="game.state.players[0].goods")
        """),
        nav("04-management-and-departments.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 05

@tutorial("05-construction-and-the-map.ipynb", "5 · Construction, the map and missions",
          "building projects in cities, sites, goods, small towns")
def n05() -> list:
    return [
        md("""
        # 5 · Construction, the map and missions

        Construction puts your projects on the map: they score VP at the end, pay income during the game
        and link cities into a network (notebook 8).

        ## The map

        The 32 cities are joined by roads. Each city has construction **sites**:

        - a **small town** has one site that takes any kind of project;
        - a **medium city** has three sites and a **major city** five, each marked with the kind of project
          it takes: **H**ousing, **C**ommerce, **I**ndustry or **P**ublic Infrastructure.

        The hexagon next to a city shows the VP each disc there scores at the end (0 to 3).

        ## Building a project

        Each employee standing in Construction builds one project:

        1. the employee goes on a **mission** to the region of the city (it cannot come back before an
           income event there);
        2. you pay **goods**: 1 for Housing or Commerce, 2 for Industry or Public Infrastructure;
        3. the disc waiting on that project tab moves to the city, on the left-most free site of that kind.

        You can only build a kind of project if a disc waits on its tab: Research & Development puts new
        ones there (notebook 6). Thirteen of the small towns pay their region's transport income at once
        when you build there (hover over a town on the map to see if it does). Once built, the tab space
        the disc left shows an income that you collect at every income event where you bring someone home.
        """),
        code(IMPORTS),
        code(SETUP_CELL),
        md(HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("Ada chooses Construction",
                 "Round 1: Ada picks the **CO** row. The event (income in the South) concerns nobody.",
                 ["choose CO"], view="timeline"),
            Step("Projects waiting on the tabs",
                 "Before building, look at the project tabs: one disc waits on the Commerce tab and one on "
                 "the Industry tab of each player. The Housing discs are already on the map (the setup "
                 "houses) and the Public Infrastructure tab starts with no disc at all.",
                 view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
            Step("A small town: Cincinnati",
                 "Ada builds her Commerce project in Cincinnati, a small town of the Midwest. She pays 1 "
                 "goods, her employee leaves on a mission to the Midwest, and Cincinnati pays its transport "
                 "income at once: $1, the value of her Midwest track.",
                 ["co C cincinnati"], view="map"),
            Step("A major city: Chicago",
                 "Her second Construction employee builds the Industry project in Chicago, next to her "
                 "house: 2 goods, and another mission to the Midwest. The disc takes the left-most free "
                 "Industry site.",
                 ["co I chicago"], view="map"),
            Step("Two employees away",
                 "Ada's company: both Construction employees are on a mission in the Midwest, and her "
                 "Construction department is empty. They come home when the timeline triggers *Take "
                 "Income in the Midwest*.",
                 view="company", player=0, highlight={"midwest", "c1"}),
            Step("The tabs after building",
                 "The discs left Ada's Commerce and Industry tabs: the spaces they uncovered now show the "
                 "income these projects bring at every income event.",
                 view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
            Step("Bo builds in Pittsburgh",
                 "Bo's single Construction employee builds a Commerce project in Pittsburgh, next to his "
                 "house, and leaves for the East.",
                 ["co C pittsburgh"], view="map"),
        ], title="A Construction round", view="map",
           intro="The map after the setup: Ada's house in Chicago, Bo's in Pittsburgh, and the grey neutral "
                 "discs. Press **Next**.")
        tour
        """),
        md("""
        What could Ada build at the start of her turn? Grouping her legal actions by kind of project shows
        that only Commerce and Industry were possible, and in which cities:
        """),
        code("""
        start = tour.game_at(1)
        for ptype in "HCIP":
            cities = [a.args[1] for a in start.legal_actions() if a.verb == "co" and a.args[0] == ptype]
            print(f"{ptype}: {len(cities)} cities", ", ".join(cities[:5]) + (" ..." if len(cities) > 5 else ""))
        """),
        md("## Exercises"),
        code("""
        C = game.components
        Exercise("After the builds, how many **free** construction sites are left in Chicago?",
                 lambda g: sum(1 for site in C.cities["chicago"].sites
                               if f"chicago/{site.index}" not in g.state.board.sites),
                 tour.game_at(7),
                 hint="Chicago is a major city: five sites. Count the white circles.",
                 code='sum(1 for site in C.cities["chicago"].sites if f"chicago/{site.index}" not in '
                      'game.state.board.sites)')
        """),
        code("""
        Exercise("To which region does the employee go if you build a project in Denver?",
                 lambda g: C.cities["denver"].region, game,
                 options=[("West", "west"), ("Midwest", "midwest"), ("South", "south"), ("East", "east")],
                 explanation="The mission always goes to the region of the city where you build.",
                 code='C.cities["denver"].region')
        """),
        nav("05-construction-and-the-map.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 06

@tutorial("06-research-tabs-and-tracks.ipynb", "6 · R&D, project tabs and transport tracks",
          "study points, new projects, transport levels and their income")
def n06() -> list:
    return [
        md("""
        # 6 · R&D, project tabs and transport tracks

        Research & Development gives **study points**: 2 for each employee standing in R&D. You spend them
        right away, in any mix, on two things; points you do not spend are lost at the end of the turn.

        ## Project tabs

        Each player has four tabs, one per kind of project. Revealing the next space of a tab costs study
        points (Housing 1, Commerce 2, Industry 2, Public Infrastructure 3 per space):

        - a **project space** receives a new disc from your supply: a project you can now build;
        - a **VP space** scores its VP at the end of the game, if it is the last one you revealed on that tab.

        The income of a project space (money, goods or VP) is paid once the disc that sat there has been
        built, at every income event where you bring an employee home.

        ## Transport tracks

        Each region has a track of five spaces. Your disc on it sets your **transport level** in that region
        (cart, stagecoach, train) and the **income** each employee pays when it comes home from a mission
        there. Moving one space costs the study points printed on it. The last space is a **final box**: the
        first (and only) disc to get there wins a one-time reward. Your levels also multiply your connection
        points at the end of the game (notebook 8).
        """),
        code(IMPORTS),
        code(SETUP_CELL),
        md(HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("Ada chooses Research & Development",
                 "Round 1: Ada picks the **RD** row. Its event, income in the Midwest, concerns nobody.",
                 ["choose RD"], view="timeline"),
            Step("Four study points",
                 "Two employees stand in Ada's R&D department: 2 × 2 = **4 study points** to spend this "
                 "turn.",
                 ["rd"], view="tracks"),
            Step("A new Commerce project",
                 "For 2 study points Ada reveals the second space of her Commerce tab. It is a project "
                 "space: a disc from her supply goes on it, ready to be built.",
                 ["tab C"], view="tracks"),
            Step("Stagecoach in the Midwest",
                 "1 point moves her Midwest disc to *stagecoach*. From now on, each employee coming home "
                 "from the Midwest pays her $2 instead of $1.",
                 ["track midwest"], view="tracks"),
            Step("A new house",
                 "Her last point reveals the next Housing space: another Housing project to build. Her "
                 "points are all spent, so her turn ends by itself.",
                 ["tab H"], view="tracks"),
            Step("Bo goes east",
                 "Bo also has 4 points. 3 move his East disc to *train* (an employee home from the East "
                 "now pays $4) and 1 moves his South disc to *stagecoach*.",
                 ["rd", "track east", "track south"], view="tracks"),
        ], title="A Research & Development round", view="tracks",
           intro="The tracks and tabs after the setup. Press **Next**.")
        tour
        """),
        md("""
        The tracks are data: here are the costs, levels and income of the Midwest track, as the engine
        reads them.
        """),
        code("""
        from carnegie_lab.views.style import reward_text

        C = game.components
        for number, space in enumerate(C.tracks["midwest"].spaces, start=1):
            print(f"space {number}: {space.level:10} costs {space.cost} study points, "
                  f"income {reward_text(space.income)} per employee")
        """),
        md("## Exercises"),
        code("""
        Exercise("Right after using R&D (step 2), how many study points does Ada have to spend?",
                 lambda g: g.state.flow.study, tour.game_at(2),
                 hint="2 points for each employee standing in Research & Development.",
                 code="game.state.flow.study")
        """),
        code("""
        Exercise("After Bo's turn, how much money would one of Bo's employees pay him when it comes home "
                 "from the **East**?",
                 lambda g: C.tracks["east"].spaces[g.state.players[1].tracks["east"]].income.money,
                 tour.game_at(6),
                 hint="Look at the income printed on the space of Bo's East disc.",
                 code='C.tracks["east"].spaces[game.state.players[1].tracks["east"]].income.money')
        """),
        nav("06-research-tabs-and-tracks.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 07

@tutorial("07-donations.ipynb", "7 · Donations",
          "the donation chart, rising prices and what donations score")
def n07() -> list:
    return [
        md("""
        # 7 · Donations

        Donations are Carnegie's way to turn money into victory points. They happen only during a *Make a
        Donation* event on the timeline: starting with the first player, each player may make **one**
        donation (on the End spaces a player may take the income and donate).

        ## The donation chart

        The chart has 20 spaces in four themes: Education, Human rights, Welfare and Health. To donate, you
        put one of your discs on a **free** space (neutral discs block some) and pay:

        - **$5** for your first donation, **$10** for the second, **$15** for the third, and so on.

        Each space scores at the end of the game for something you did: departments of a type, projects of a
        kind, discs in a region, active employees... A few Welfare spaces let you pay money or goods at the
        end for VP. A single donation never scores more than **12 VP**.
        """),
        code(IMPORTS + "from carnegie_lab.rules.donations import price\n"),
        code(SETUP_CELL),
        md(HOW_TO),
        code("""
        tour = Stepper(game, [
            Step("A donation event",
                 "Round 1: Ada picks the **MG** row, whose next space is *Make a Donation*.",
                 ["choose MG"], view="timeline"),
            Step("Ada's first donation",
                 "Ada puts a disc on *Welfare: 7 VP*, the simplest space: 7 VP at the end, whatever "
                 "happens. Her first donation costs **$5**.",
                 ["donate welfare_7vp"], view="donations"),
            Step("Bo's first donation",
                 "Bo picks *Health: East*: 2 VP for each of his discs in the East at the end of the game. "
                 "His house in Pittsburgh already counts. $5 for him too.",
                 ["donate health_east"], view="donations"),
            Step("Making money",
                 "In their Management turns both raise money with Commerce & Finance. Ada also sends an "
                 "employee to the South for $6.",
                 ["cf money", "cf money", "cf money to south", "done", "cf money", "done"],
                 view="company", player=0),
            Step("Round 2",
                 "Bo picks **CO**: income in the South. Ada brings her employee home ($1 + $2 of project "
                 "income). Then both pass their turn.",
                 ["choose CO", "income 1", until("choose")], view="timeline"),
            Step("Another donation space",
                 "Round 3: Ada picks **CO** again. The next CO space is a donation.",
                 ["choose CO"], view="timeline"),
            Step("The second donation costs more",
                 "Ada donates to *Health: Midwest* (2 VP per disc in the Midwest, like her house in "
                 "Chicago). It is her second donation: **$10**. Bo cannot pay $10 (he has $7), so he has "
                 "nothing to decide and the engine skips him.",
                 ["donate health_midwest"], view="donations"),
            Step("What the donations are worth now",
                 "The *Scores* view shows each player's score if the game ended now: Ada's donations "
                 "already bring 7 + 2 VP, Bo's 2 VP.",
                 [until("choose")], view="scores"),
        ], title="Donations", view="donations",
           intro="The donation chart after the setup: the grey discs are neutral. Press **Next**.")
        tour
        """),
        md("""
        The chart is part of the position: `game.state.board.donations` maps each taken space to the discs
        on it. These spaces were still free after round 3:
        """),
        code("""
        C = game.components
        taken = tour.game_at(8).state.board.donations
        print(", ".join(d.name for d in C.donations.values() if d.id not in taken))
        """),
        md("## Exercises"),
        code("""
        Exercise("After round 3, what would Ada's **next** donation cost?",
                 lambda g: price(g.state, 0), tour.game_at(8),
                 hint="$5 times the number of the donation: her first two cost $5 and $10.",
                 code="price(game.state, 0)")
        """),
        code("""
        Exercise("If the game ended after round 3, how many VP would Bo's donation give him?",
                 lambda g: g.scores()["Bo"].donations, tour.game_at(8),
                 hint="Health: East counts 2 VP for each of Bo's discs in the East.",
                 code='game.scores()["Bo"].donations')
        """),
        nav("07-donations.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 08

@tutorial("08-end-of-game-and-scoring.ipynb", "8 · The end of the game and scoring",
          "every way to score, and major-city connections with networkx")
def n08() -> list:
    return [
        md("""
        # 8 · The end of the game and scoring

        The game ends after round 20. Everybody then adds up the VP they earned during the game and
        the VP of their position:

        | what | VP |
        |---|---|
        | **Connections** between major cities (best network only) | up to 36 |
        | each **disc on the map**: the VP printed by its city | 0 to 3 each |
        | each **project tab**: the last VP space revealed | up to 6 / 9 / 12 / 15 |
        | each **department tile** built | 2, or 3 in the top row |
        | each **active employee** (standing; not the permanent HR one, not those on missions) | 1 each |
        | each **donation** | up to 12 each |
        | an unused **Action Choice tile** (3 and 4 players) | 3 |

        The most VP wins. There is no tie-breaker: tied players share the victory.

        ## Connections

        San Francisco (2 points), Chicago, New Orleans and New York (1 point each) are the major cities.
        Your **network** is made of the cities where you have at least one disc. When roads join two or
        more major cities through your cities only, add up their points, and look at your *lowest*
        transport level among the regions of those major cities (cart 1, stagecoach 2, train 3). A table
        turns the two into VP, from 3 VP (2 points at cart level) to 36 VP (all four cities by train). Only
        your best linked group counts.
        """),
        code(IMPORTS + "from carnegie_lab.bots import GreedyBot\n"),
        code(SETUP_LINES),
        code("""
        # Two bots play rounds 1 to 19 for Ada and Bo...
        bots = [GreedyBot(seed=3), GreedyBot(seed=4)]
        while game.round < 20:
            game.apply(bots[game.current_player].choose(game))

        # ... and the last round (we keep its actions for the stepper).
        final = game.copy()
        while not final.is_over:
            final.apply(bots[final.current_player].choose(final))
        last_round = final.actions[len(game.actions):]
        game
        """),
        md("""
        Two bots played Ada and Bo's game up to round 20 (notebook 10 shows how). The stepper plays the
        last round, then walks through the final score, one kind of VP at a time.
        """, HOW_TO),
        code("""
        from carnegie_lab.network import best_connection

        C = final.components
        players = final.state.players
        names = [p.name for p in players]
        score = final.scores()


        def per_player(category):
            return ", ".join(f"{name} {getattr(score[name], category)} VP" for name in names)


        def result_text(g):
            totals = ", ".join(f"**{name}** {score[name].total} VP" for name in names)
            winners = g.winners()
            who = (f"**{winners[0]}** wins." if len(winners) == 1
                   else f"A tie: {' and '.join(winners)} share the victory (there is no tie-breaker).")
            return (f"The final score: {totals}. {who} Each bar is split into the kinds of VP; the next "
                    "steps look at them one by one.")


        def connection_text(g):
            lines = []
            for seat, p in enumerate(g.state.players):
                best = best_connection(g.state, seat, p.tracks)
                if best is None:
                    lines.append(f"- {p.name} links no two major cities: 0 VP.")
                else:
                    majors = " and ".join(C.cities[c].name for c in best.majors)
                    lines.append(f"- {p.name} links {majors}: {best.points} points at transport level "
                                 f"{best.level}, **{best.vp} VP**.")
            return ("The shaded cities are the network of the player shown (pick another player above the "
                    "map); the dotted gold line is their best linked group.\\n\\n" + "\\n".join(lines))


        best_seat = max(range(len(players)), key=lambda s: score[names[s]].connections)
        own_sites = {site for site, disc in final.state.board.sites.items() if disc.owner in (0, 1)}
        scored_tabs = set()
        for seat, p in enumerate(players):
            for ptype, (revealed, _) in p.tabs.items():
                spaces = C.tabs[ptype].sides[p.tab_side][:revealed]      # the spaces shown on the tab
                shown = [k for k, space in enumerate(spaces) if space.kind == "vp"]
                if shown:
                    scored_tabs.add(f"tab/{seat}/{ptype}/{shown[-1]}")
        tiles = {cell for cell, dept in players[0].cells.items() if dept in players[0].built}

        tour = Stepper(game, [
            Step("The last round",
                 "The bots play round 20. When it ends the game is over: nobody takes another action, "
                 "and the score below is final.",
                 last_round, view="timeline"),
            Step("The final score", result_text, view="scores"),
            Step("Connections", connection_text, view="network", player=best_seat),
            Step("Discs on the map",
                 "Every disc on the map scores the VP printed next to its city (0 to 3): "
                 + per_player("cities") + ".",
                 view="map", highlight=own_sites),
            Step("Project tabs",
                 "Each tab scores the VP of the last VP space revealed on it (ringed): "
                 + per_player("tabs") + ". A tab with no VP space revealed scores nothing.",
                 view="tracks", highlight=scored_tabs),
            Step("Departments and employees",
                 "Each Department tile scores 2 VP, or 3 VP on the top row: " + per_player("departments")
                 + ". Each standing employee scores 1 VP (not the permanent one of Human Resources): "
                 + per_player("employees") + ".",
                 view="company", player=0, highlight=tiles),
            Step("Donations",
                 "Each donation scores what it counts, at most 12 VP: " + per_player("donations") + ". "
                 "For the Welfare spaces that ask for a payment, the engine pays with the money and goods "
                 "left in the way that gives the most VP.",
                 view="donations"),
        ], title="The last round and the final score", view="timeline",
           intro="Round 20 is about to start. Press **Next**.")
        tour
        """),
        md("""
        ## Connections with networkx

        The engine keeps the map as a [networkx](https://networkx.org) graph: cities are nodes, roads are
        edges. That makes connection questions one-liners.
        """),
        code("""
        import networkx as nx
        from carnegie_lab.network import map_graph, network

        G = map_graph(final.components)
        print(G.number_of_nodes(), "cities,", G.number_of_edges(), "roads")
        print("Chicago to New York:", " - ".join(nx.shortest_path(G, "chicago", "new_york")))
        print("San Francisco to New Orleans:", len(nx.shortest_path(G, "san_francisco", "new_orleans")) - 1,
              "roads at least")
        """),
        md("""
        A player's network is the part of the graph made of their cities, and each connected piece of it is
        a group of linked cities:
        """),
        code("""
        for seat, name in enumerate(names):
            groups = [sorted(group) for group in nx.connected_components(network(final.state, seat))]
            print(f"{name}: {len(groups)} group(s)", groups)
        """),
        md("""
        `best_connection` does the rest: for each group with two or more major cities it adds up their
        points, finds the lowest transport level among their regions and reads the table. Here is the
        table itself, then a *what if*: the VP a player at train level everywhere would score by linking
        Chicago and New York through Pittsburgh.
        """),
        code("""
        for points in (2, 3, 4, 5):
            print(points, "points:", [C.connection_table[(points, level)] for level in (1, 2, 3)],
                  "VP at cart, stagecoach, train")

        group = G.subgraph({"chicago", "pittsburgh", "new_york"})
        print("linked:", nx.is_connected(group), "->", C.connection_table[(2, 3)], "VP")
        """),
        md("## Exercise"),
        code("""
        Exercise("How many VP does **Bo** score for connections at the end of this game?",
                 lambda g: g.scores()["Bo"].connections, final,
                 hint="Look at the Connections step with Bo's network: points × lowest level, in the table.",
                 code='game.scores()["Bo"].connections')
        """),
        code("""
        def linked_majors(g):
            best = best_connection(g.state, 1, g.state.players[1].tracks)
            return [C.cities[city].name for city in best.majors] if best else ["none"]


        Exercise("Which major cities are linked in Bo's best group? (names separated by commas, or *none*)",
                 linked_majors, final, kind="set",
                 code="best_connection(game.state, 1, game.state.players[1].tracks).majors")
        """),
        nav("08-end-of-game-and-scoring.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 09

@tutorial("09-solo-against-andrew.ipynb", "9 · The solo game against Andrew Carnegie",
          "Andrew's deck of cards, his turns and how he scores")
def n09() -> list:
    return [
        md("""
        # 9 · The solo game against Andrew Carnegie

        Alone? Play against Andrew Carnegie himself. Andrew has no company, no money and no employees: a
        deck of 20 action cards decides what he does, and he always has what he needs.

        ## How Andrew plays

        - You set up as usual (your house, your reserved tile, your setup moves); the board gets neutral
          discs as in a 2-player game. Andrew has a disc on each transport track.
        - Each round Andrew draws a card. **You choose the action in odd rounds** (1, 3, 5...); in even
          rounds **Andrew's card chooses** it.
        - Andrew acts first, following his card: on a donation event he takes the donation printed on it;
          then for the action of the round he builds discs in the card's cities (Construction), takes
          department tiles out of the pool (Management) or moves up a track (R&D). Human Resources does
          nothing for him except slide his card.
        - Whenever he cannot do something, and for Human Resources, his card **slides** to the right.
          At the end of the round the card lies on one of five VP cards: 0, 1, 3, 6 or 10 VP, depending
          on how far it slid.

        ## How Andrew scores

        The VP cards under his cards, 2 VP per department tile he took, 6 VP per final box he reached, the
        city VP of his discs, and his donations, counted on **your** results (a donation "2 VP per disc in
        the West" counts your discs in the West).

        The level (1 to 4) sets how many of his cards are advanced ones.
        """),
        code(IMPORTS + "from carnegie_lab.widgets.script import until_round\n"),
        code("""
        game = cl.new_game(["Ada"], seed=7, solo_level=1)
        for action in ["house chicago", "reserve recruiting",
                       "move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2",
                       "activate a1", "activate b2", "activate b2", "activate c1", "activate d1"]:
            game.apply(action)
        andrew = game.state.andrew
        print("Andrew's first card:", andrew.card, "- the next ones:", ", ".join(andrew.deck[:3]), "...")
        game
        """),
        md("""
        Ada did the same setup as in notebook 1. The first card of Andrew's deck is already drawn. The
        stepper below describes Andrew's card at each step (his row, his cities, his track, his donation).
        """, HOW_TO),
        code("""
        C = game.components
        VP_CARDS = C.constants.andrew_vp_cards


        def andrew_text(text):
            def explain(g):
                a = g.state.andrew
                slots = ", ".join(f"{vp} VP: {' '.join(cards)}" for vp, cards in zip(VP_CARDS, a.vp_slots) if cards)
                if a.card is not None:
                    card = C.solo_cards[a.card]
                    now = (f"Andrew's card this round: **{a.card}** (action {card.action}; builds in "
                           f"{', '.join(C.cities[c].name for c in card.co_cities)}; R&D {card.rd_steps} "
                           f"step(s) in the {C.regions[card.rd_region].name}), slid {a.slide} so far.")
                else:
                    now = ""
                return text + "\\n\\n" + now + (f" Cards on the VP cards: {slots}." if slots else "")
            return explain


        tour = Stepper(game, [
            Step("Round 1: Ada chooses Construction",
                 andrew_text("In odd rounds Ada picks the row. She takes **CO**. Andrew acts first: his "
                             "card sends his black discs to Pittsburgh and New York, each on a free Housing "
                             "site (else Commerce, then Industry, then Public Infrastructure)."),
                 ["choose CO"], view="map"),
            Step("Ada builds",
                 andrew_text("Ada builds in Cincinnati and Chicago (notebook 5). The round ends: Andrew's "
                             "card never slid, so it lies on the 0 VP card. Round 2 starts at once: "
                             "it is Andrew's turn to choose, and his new card picks **RD**. He moves up the "
                             "South track before Ada does anything."),
                 ["co C cincinnati", "co I chicago"], view="tracks"),
            Step("Income for Ada",
                 andrew_text("The RD row's event is *Take Income in the Midwest*: Ada brings both of her "
                             "employees home. Income events do nothing for Andrew."),
                 ["income 2"], view="company"),
            Step("Ada's research",
                 andrew_text("Ada spends her 4 study points. Round 2 ends: Andrew's card lies on the 0 VP "
                             "card again, and round 3 begins; it is Ada's choice."),
                 ["rd", "tab C", "track midwest", "tab H"], view="tracks"),
            Step("Round 3: Human Resources",
                 andrew_text("Ada picks **HR**. Human Resources does nothing for Andrew except slide his "
                             "card: this one slides 2 spaces."),
                 ["choose HR"], view="timeline"),
            Step("Andrew's points",
                 andrew_text("Ada passes her turn and the round ends: Andrew's card lies on the **3 VP** "
                             "card. Round 4 is Andrew's to choose: his new card picks **CO**, so he "
                             "donates and builds before Ada's turn (Cincinnati is full: his card slides). "
                             "The score view shows his VP cards and the city VP of his discs."),
                 [until_round(4)], view="scores"),
        ], title="Three rounds against Andrew", view="map", player=0,
           intro="Ada's game against Andrew, level 1, after her setup. Press **Next**.")
        tour
        """),
        md("""
        A tip from the rules: before choosing the row, look at the back of Andrew's card (the action he is
        strongest at this round) and avoid giving it to him. In the engine the card is
        `game.state.andrew.card`, and the solo cards are data:
        """),
        code("""
        card = C.solo_cards[tour.game_at(4).state.andrew.card]
        print(card)
        """),
        md("## Exercises"),
        code("""
        from carnegie_lab.rules import solo

        Exercise("Who chooses the row in round 2?",
                 lambda g: "andrew" if solo.andrew_chooses(g.state) else "ada", tour.game_at(2),
                 options=[("Ada", "ada"), ("Andrew Carnegie", "andrew")],
                 explanation="Andrew's card chooses in even rounds, the player in odd rounds.",
                 code="solo.andrew_chooses(game.state)")
        """),
        code("""
        def round3_card_vp(g):
            card = tour.game_at(5).state.andrew.card          # Andrew's card in round 3
            return next(vp for vp, cards in zip(VP_CARDS, g.state.andrew.vp_slots) if card in cards)


        Exercise("At the end of the game, how many VP will Andrew get for the card he played in round 3?",
                 round3_card_vp, tour.game_at(6),
                 hint="His card slid 2 spaces: the VP cards are worth 0, 1, 3, 6 and 10.",
                 code="game.state.andrew.vp_slots  # the cards lying on each VP card")
        """),
        nav("09-solo-against-andrew.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- 10

@tutorial("10-exploring-positions.ipynb", "10 · Exploring positions",
          "records, legal actions, what-ifs on copies, bots")
def n10() -> list:
    return [
        md("""
        # 10 · Exploring positions

        You know the rules now. This last notebook shows how to use the engine to study games: save and
        load them, list what a player may do, try ideas on a copy, and let bots finish a game.

        ## A whole game, played by bots

        A bot is anything with a `choose(game)` method returning one of `game.legal_actions()`. The package
        has a random bot, a greedy one (it looks one step ahead) and a slower rollout bot. They are seeded:
        the same seeds play the same game.
        """),
        code(IMPORTS + """from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.widgets.script import replay_steps
"""),
        code("""
        bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
        played = cl.new_game(["Ada", "Bo"], seed=11)
        while not played.is_over:
            played.apply(bots[played.current_player].choose(played))
        print(len(played.actions), "actions;", {name: s.total for name, s in played.scores().items()},
              "winners:", played.winners())
        """),
        md("""
        ## Records

        A **record** is the game's options (players, seed...) and its actions in notation: a small JSON
        document. Replaying it gives exactly the same game, because every random part of the setup comes
        from the seed. Save it with `json.dump` and load it with `cl.Game.from_record` (from the command
        line: `carnegie-lab replay my-game.json`).
        """),
        code("""
        import json

        text = json.dumps(played.to_record())
        print(len(text), "characters:", text[:160], "...")

        loaded = cl.Game.from_record(text)
        print("same final position:", loaded.to_position() == played.to_position())
        """),
        md("""
        A record can also be watched round by round: `replay_steps` turns its actions into stepper steps,
        one per round, each explained by the round's summary.
        """, HOW_TO),
        code("""
        record = json.loads(text)
        start = cl.Game.from_record({**record, "actions": []})      # the record's first position
        tour = Stepper(start, replay_steps(start, record["actions"]), title="Replaying the bots' game",
                       view="map", views=("map", "company", "tracks", "timeline", "donations", "scores",
                                          "history"),
                       intro="The game above, from its first position. Each **Next** plays one round.")
        tour
        """),
        md("""
        ## A position and its legal actions

        Let us stop in the middle of the game: the first decision of round 10 or later where a player has
        more than five choices. `legal_actions()` lists every action the deciding player may take; grouping
        them by verb gives an overview.
        """),
        code("""
        from collections import Counter

        position = cl.Game.from_record({**record, "actions": []})
        for action in record["actions"]:
            if position.round >= 10 and len(position.legal_actions()) > 5:
                break
            position.apply(action)
        print(position.decision.prompt)
        print(Counter(action.verb for action in position.legal_actions()))
        position
        """),
        md("""
        ## What if?

        `copy()` gives an independent game: play anything on it, the original does not change. Here the
        deciding player tries every legal action once, and we see how each one would change their score
        "if the game ended now" (a rough guide: many good moves only pay later).
        """),
        code("""
        seat = position.current_player
        name = position.players[seat]
        before = position.scores()[name].total
        effects = {}
        for action in position.legal_actions():
            what_if = position.copy()
            what_if.apply(action)
            effects[str(action)] = what_if.scores()[name].total - before
        best = sorted(effects.items(), key=lambda item: -item[1])[:5]
        print(name, "now has", before, "VP; the best immediate gains:", best)
        print("the position itself is unchanged:", position.scores()[name].total == before)
        """),
        md("""
        ## Let the bots finish

        From any position, bots can play the game to its end. Different bots (or seeds) give different
        endings: a cheap way to compare ideas.
        """),
        code("""
        for label, finishers in [("two greedy bots", [GreedyBot(5), GreedyBot(6)]),
                                 ("two random bots", [RandomBot(5), RandomBot(6)])]:
            end = position.copy()
            while not end.is_over:
                end.apply(finishers[end.current_player].choose(end))
            print(f"{label:16}", {n: s.total for n, s in end.scores().items()})
        """),
        md("""
        ## Which action is best?

        `carnegie_lab.analysis.evaluate` goes one step further than the what-if above: for every legal action
        it lets bots play the rest of the game from it a few times (*rollouts*) and reports the average final
        margin (the player's total minus the best other total) and how often the player won. Random
        rollouts are fast and rough; `policy="greedy"` is better and slower.
        """),
        code("""
        from carnegie_lab.analysis import evaluate

        for row in evaluate(position, rollouts=8, policy="random", seed=1):
            print(f"{row.notation:16} margin {row.margin:+6.1f} VP   won {row.win_rate:4.0%} of the rollouts")
        """),
        md("## Exercise"),
        code("""
        Exercise("In the round-10 position above, how many legal actions does the deciding player have?",
                 lambda g: len(g.legal_actions()), position,
                 hint="Add up the counts printed by the Counter (selling goods and *done* count too).",
                 code="len(game.legal_actions())")
        """),
        code("""
        Exercise("In the bots' game, which row did the first player choose in round 4? (Replay it in the "
                 "stepper above.)",
                 lambda g: g.state.history[3]["chosen"], played,
                 options=[("HR (Human Resources)", "HR"), ("MG (Management)", "MG"), ("CO (Construction)", "CO"),
                          ("RD (Research & Development)", "RD")],
                 hint="Press Next until the step called Round 4 and read its first line.",
                 code='game.state.history[3]["chosen"]  # one summary per finished round')
        """),
        nav("10-exploring-positions.ipynb"),
    ]


# ---------------------------------------------------------------------------------------------- main

def build(filename: str):
    cells = contents() if filename == "00-contents.ipynb" else BUILDERS[filename]()
    stem = filename.split("-")[0]
    for i, cell in enumerate(cells):
        cell["id"] = f"c{stem}-{i:02d}"
    return new_notebook(cells=cells, metadata=KERNEL)


def filenames() -> list[str]:
    return ["00-contents.ipynb", *TUTORIALS]


def render(filename: str) -> str:
    return nbformat.writes(build(filename)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the notebooks on disk")
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write to (default: next to this file)")
    args = parser.parse_args(argv)
    stale = []
    for name in filenames():
        path = args.out / name
        text = render(name)
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print("out of date (run python notebooks/make_notebooks.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

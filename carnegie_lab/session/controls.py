"""The legal actions of the current decision, arranged as controls that fit it (pure data, no widgets).

:func:`panel_for` turns ``game.legal_actions()`` into a :class:`Panel`: groups of controls, each one
of three shapes, and a footer of small buttons (``done``, ``sell``):

- :class:`Buttons` — one button per action (timeline rows, cities for the starting Housing project,
  department tiles by type, the donation chart as a grid, lobbies, activations, study points...);
- :class:`Picker` — an action assembled from a few choices, one per slot, each narrowing the next
  (construction: project type, region, city; a department's option and its mission region...);
- :class:`MoveGrid` — the 4x4 company grid: choose an employee's cell, then a target cell.

Every legal action appears in exactly one control (``Panel.notations()`` equals the legal actions),
and a control only ever yields an action's notation, which the dashboard passes to
``Controller.apply``. Which control shows a verb, and where, is the verb's ``Vocab`` (``group``,
``order``) in the rules' registry: a builder here is per group, never per verb name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Union

from ..core.actions import Action
from ..core.words import mission as mission_words
from ..core.words import reward
from ..engine import Decision, Game
from ..views.palette import donation_vp
from .labels import DONE_LABELS, Labels, type_name

# --------------------------------------------------------------------------- the shapes


@dataclass(frozen=True)
class Option:
    """One button: its text, the action's notation, a tooltip; ``row``/``col`` place it in a grid."""
    label: str
    notation: str
    tooltip: str = ""
    row: int | None = None
    col: int | None = None


@dataclass(frozen=True)
class Buttons:
    key: str
    title: str
    options: tuple[Option, ...]
    layout: str = "wrap"        # "wrap": a flowing row; "column": full-width rows; "grid": row/col
    note: str = ""
    columns: tuple[str, ...] = ()   # grid: column headings
    #: grid: spaces shown in their place but not playable (a taken donation), with why in the label
    inactive: tuple[Option, ...] = ()

    def notations(self) -> list[str]:
        return [o.notation for o in self.options]


@dataclass(frozen=True)
class Choice:
    """One action of a picker: a (key, label) value for each slot, and a sentence describing it."""
    values: tuple[tuple[str, str], ...]
    notation: str
    text: str = ""


@dataclass(frozen=True)
class Picker:
    key: str
    title: str
    slots: tuple[str, ...]
    choices: tuple[Choice, ...]
    submit: str = "Go"
    note: str = ""

    def notations(self) -> list[str]:
        return [c.notation for c in self.choices]

    def options(self, slot: int, chosen: Iterable[str] = ()) -> list[tuple[str, str]]:
        """(key, label) of the values of ``slot`` that fit the keys ``chosen`` for the slots before."""
        chosen = tuple(chosen)[:slot]
        out: dict[str, str] = {}
        for c in self.choices:
            if tuple(k for k, _ in c.values[:slot]) == chosen:
                key, label = c.values[slot]
                out.setdefault(key, label)
        return list(out.items())

    def find(self, keys: Iterable[str]) -> Choice | None:
        keys = tuple(keys)
        for c in self.choices:
            if tuple(k for k, _ in c.values) == keys:
                return c
        return None


@dataclass(frozen=True)
class Cell:
    """A company cell as a grid button: ``row`` 1 is the top row (the company's row 4)."""
    name: str
    label: str
    tooltip: str
    row: int
    col: int


@dataclass(frozen=True)
class MoveGrid:
    key: str
    title: str
    cells: tuple[Cell, ...]
    moves: tuple[tuple[str, str, str], ...]   # (source, target, notation)
    note: str = ""

    def notations(self) -> list[str]:
        return [n for _, _, n in self.moves]

    def sources(self) -> list[str]:
        return sorted({s for s, _, _ in self.moves})

    def targets(self, source: str) -> dict[str, str]:
        return {t: n for s, t, n in self.moves if s == source}


Control = Union[Buttons, Picker, MoveGrid]


@dataclass(frozen=True)
class Panel:
    """Everything the decision panel shows for one decision."""
    kind: str
    seat: int | None
    prompt: str
    groups: tuple[Control, ...] = ()
    footer: tuple[Option, ...] = ()

    def notations(self) -> list[str]:
        out = [n for g in self.groups for n in g.notations()]
        return out + [o.notation for o in self.footer]

    def group(self, key: str) -> Control:
        for g in self.groups:
            if g.key == key:
                return g
        raise KeyError(f"no control {key!r} in this decision (have {[g.key for g in self.groups]})")


# --------------------------------------------------------------------------- building a panel

@dataclass(frozen=True)
class Ask:
    """What every builder reads: the game, the deciding seat, the decision and the words."""
    game: Game
    seat: int
    decision: Decision
    words: Labels

    @property
    def context(self):
        """The decision's numbers (``DecisionContext``: moves, study, income, count, cell...)."""
        return self.decision.context


def panel_for(game: Game) -> Panel:
    """The controls of the current decision of ``game``."""
    decision = game.decision
    if game.is_over:
        return Panel("over", None, decision.prompt)
    seat = decision.player
    assert seat is not None
    ask = Ask(game, seat, decision, Labels(game))
    by_verb: dict[str, list[Action]] = {}
    for a in game.legal_actions():
        by_verb.setdefault(a.verb, []).append(a)
    footer = []
    if "done" in by_verb:
        footer.append(Option(DONE_LABELS.get(decision.kind, "Done"), "done",
                             "finish this step (nothing else is required)"))
    if "sell" in by_verb:
        price = game.rules.constants.sell_price
        footer.append(Option(f"Sell 1 goods (+${price})", "sell",
                             f"you have {game.goods(seat)} goods; selling is allowed at any time"))
    placed: list[tuple[int, Control]] = []
    verbs = game.rules.verbs
    for verb, items in by_verb.items():
        vocab = verbs[verb].vocab
        if vocab.group != FOOTER:
            placed.extend((vocab.order, g) for g in BUILDERS.get(vocab.group, _generic)(ask, verb, items))
    refused = None if "donate" in by_verb else game.donation_refusal(seat)
    if refused:                     # the chart all the same, every space saying why it cannot be taken
        placed.extend((verbs["donate"].vocab.order, g) for g in _donate(ask, "donate", [], refused))
    placed.sort(key=_first)
    return Panel(decision.kind, seat, decision.prompt, tuple(g for _, g in placed), tuple(footer))


FOOTER = "footer"           # the group of done and sell: small buttons under the others


def _first(pair: tuple[int, Control]) -> int:
    return pair[0]


def _generic(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    """A verb of a group without a builder: one button per action, with its words."""
    title = ask.game.rules.verbs[verb].vocab.words
    return [Buttons(f"other:{verb}", title[:1].upper() + title[1:],
                    tuple(Option(ask.words.action(a), str(a), str(a)) for a in items))]


def _house(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    by_region: dict[str, list[Option]] = {}
    for a in items:
        c = L.C.cities[a.args[0]]
        by_region.setdefault(c.region, []).append(Option(
            c.name, str(a), f"{c.name}: {c.size} city in the {L.region(c.region)}, {c.vp} VP per disc"))
    return [Buttons(f"house:{r}", f"Starting Housing project — {L.region(r)}",
                    tuple(sorted(opts, key=lambda o: o.label)))
            for r in L.regions if (opts := by_region.get(r))]


def _reserve(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    by_type: dict[str, list[Option]] = {}
    for a in items:
        d = L.department(a.args[0])
        assert d is not None
        prices = ", ".join("permanent" if p is None else f"${p}" for p in d.workstations) or "none"
        tip = (f"{d.name} ({type_name(d.type)} department); workstations: {prices}; "
               f"missions: {d.mission}" + ("; ongoing effect" if d.ongoing else ""))
        by_type.setdefault(d.type, []).append(Option(f"{d.name}\n{L.tile_effect(d.code)}", str(a), tip))
    return [Buttons(f"reserve:{t}", f"Reserve a {type_name(t)} department", tuple(opts), layout="column")
            for t in L.types if (opts := by_type.get(t))]


def _choose(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    opts = []
    for a in sorted(items, key=lambda a: L.types.index(a.args[0])):
        label, tip = L.timeline_row(a.args[0])
        opts.append(Option(label, str(a), tip))
    return [Buttons("timeline", "Choose the timeline row", tuple(opts), layout="column",
                    note="The row sets this round's action type for everybody and its event.")]


def _switch(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    vp = ask.game.rules.constants.action_choice_vp
    opts = tuple(Option(f"Use {type_name(a.args[0])}", str(a),
                        f"play the Action Choice tile (once per game; {vp} VP at the end if unused)")
                 for a in items)
    return [Buttons("switch", "Action Choice tile: use another department type", opts)]


def _income(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    income = ask.context.income
    region = L.region(income) if income else "?"
    title = f"Take Income in the {region}"
    if all(len(a.args) == 1 for a in items):
        opts = tuple(Option(f"{a.args[0]} employee{'s' if a.args[0] != '1' else ''} home", str(a),
                            f"bring {a.args[0]} employee(s) home from the {region}: transport income "
                            "for each, plus your project income once") for a in items)
        return [Buttons("income", title, opts)]
    assert income is not None
    spaces = L.C.tracks[income].spaces
    own = ask.game.track_space(ask.seat, income)
    choices = []
    for a in items:                          # Archives: a lower space of the track may pay instead
        n = a.args[0]
        space = int(a.args[2]) - 1 if len(a.args) == 3 else own
        where = ("your track space" if len(a.args) == 1 else f"track space {a.args[2]}")
        label = f"{where}: {reward(spaces[space].income, short=True, sep=' + ')} each"
        choices.append(Choice(((n, f"{n} home"), (a.args[2] if len(a.args) == 3 else "own", label)),
                              str(a), f"bring {n} home, transport income from {where}"))
    return [Picker("income", title, ("Employees", "Income"), tuple(choices), "Take income",
                   note="Archives: you may take the transport income of a lower space.")]


def _donate(ask: Ask, verb: str, items: list[Action], refused: str | None = None) -> list[Control]:
    """The whole donation chart: every space in its place (theme column, condition, VP), the free
    ones to click, the taken ones marked with who took them; ``refused``: why no space can be taken."""
    L = ask.words
    donations = L.C.donations
    themes = sorted({d.theme: d.column for d in donations.values()}.items(), key=lambda t: t[1])
    legal = {a.args[0]: str(a) for a in items}
    opts, inactive = [], []
    for d in donations.values():
        vp = donation_vp(d.formula)
        tip = f"{d.name}: {vp} at game end"
        if d.id in legal:
            opts.append(Option(f"{L.donation_short(d.id)}\n{vp}", legal[d.id], tip, row=d.row, col=d.column))
        else:
            by = ", ".join(L.owner(o) for o in ask.game.donors(d.id))
            why = f"taken: {by}" if by else f"not now: {refused}" if refused else "taken"
            inactive.append(Option(f"{L.donation_short(d.id)}\n{why if by else vp}", "", f"{tip}; {why}",
                                   row=d.row, col=d.column))
    cost = ask.game.donation_price(ask.seat)
    cap = ask.game.rules.constants.donation_cap
    return [Buttons("donate", f"Make a Donation (costs ${cost} and a disc)", tuple(opts), layout="grid",
                    columns=tuple(t.replace("_", " ").capitalize() for t, _ in themes), inactive=tuple(inactive),
                    note=(f"No donation now: {refused}. " if refused else "")
                    + f"VP are scored at the end of the game, at most {cap} per donation.")]


def _cell_grid(ask: Ask, moves: list[tuple[str, str, str]], key: str, title: str, note: str) -> MoveGrid:
    cells = []
    for cell in ask.words.C.company.cells.values():
        dept = ask.words.department_of_cell(ask.seat, cell.name)
        standing = ask.game.standing(ask.seat, cell.name)
        lying = ask.game.lying(ask.seat, cell.name)
        people = []
        if standing:
            people.append(f"{standing} working")
        if lying:
            people.append(f"{lying} lying")
        label = f"{cell.name} · {dept}\n{', '.join(people) or '–'}"
        tip = f"{cell.name}: {dept}; {standing} standing (working), {lying} lying (inactive)"
        cells.append(Cell(cell.name, label, tip, 5 - cell.row, cell.col))
    return MoveGrid(key, title, tuple(cells), tuple(moves), note)


def _move(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    left = ask.context.moves or 0
    return [_cell_grid(ask, moves, "moves", f"Move employees ({left} move{'s' if left != 1 else ''} left)",
                       "Click an employee's cell, then a neighbouring cell to move one employee there.")]


def _relocate(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    left = ask.context.count or 0
    return [_cell_grid(ask, moves, "relocate",
                       f"HR Administration: move employees anywhere ({left} left)",
                       "Click an employee's cell, then any other cell.")]


def _activate(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    opts = []
    for a in items:
        cell = a.args[0]
        cost, vp = ask.game.activation_cost(a)
        name = ask.words.department_of_cell(ask.seat, cell)
        salary = {"raise": "raise the salary: ", "cut": "cut the salary: "}.get(a.args[-1], "") \
            if len(a.args) == 2 else ""
        extra = f", {vp:+d} VP" if vp else ""
        opts.append(Option(f"{name} ({cell}) · {salary}${cost}{extra}", str(a),
                           f"stand up one lying employee in {name} on its cheapest free workstation "
                           f"(${cost}{extra})"))
    note = "Standing employees work; lying ones don't."
    if any(len(a.args) == 2 for a in items):
        note += " Payroll Management: raise a salary (+$, +VP) or cut it ($, −VP)."
    return [Buttons("activate", f"Stand up employees (you have ${ask.game.money(ask.seat)})", tuple(opts), note=note)]


def _lobby(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    count = ask.context.count or 1
    opts = tuple(Option(f"{ask.words.department_of_cell(ask.seat, a.args[0])} ({a.args[0]})", str(a))
                 for a in items)
    return [Buttons("lobby", f"Which lobby does an arriving employee go to? ({count} arriving)", opts)]


def _property(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    target = ask.context.cell or "?"
    opts = tuple(Option(f"from {L.department_of_cell(ask.seat, a.args[0])} ({a.args[0]})", str(a))
                 for a in items)
    name = L.department_of_cell(ask.seat, target)
    return [Buttons("property", f"Property Management: move an employee into {name} ({target})", opts)]


def _study(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    study = ask.context.study or 0
    if verb == "tab":
        opts = tuple(Option(L.tab_step(ask.seat, a.args[0]), str(a)) for a in items)
        return [Buttons("study:tab", f"Study points ({study} left): reveal project tabs", opts)]
    opts = tuple(Option(L.track_step(ask.seat, a.args[0]), str(a)) for a in items)
    return [Buttons("study:track", f"Study points ({study} left): move up transport tracks", opts)]


# -- departments used in a turn ------------------------------------------------------------------
#
# The words come from the engine (``game.describe``); the shape of the control from the department's
# notation patterns (``game.patterns``): the code names no department.

NO_MISSION = ("-", "no mission")


def _mission(L: Labels, region: str) -> tuple[str, str]:
    return (region, mission_words(L.region(region)))


def _department(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    game, L = ask.game, ask.words
    d = L.department(verb)
    assert d is not None
    key, title = f"department:{verb}", d.name
    patterns = set(game.patterns(verb))
    if all(not a.args for a in items):               # HR, R&D, Advanced Design: one use grants everything
        said = L.action(items[0])                     # 'use Human Resources (+6 moves)'
        return [Buttons(key, title, (Option(said[:1].upper() + said[1:], str(items[0])),))]
    if patterns == {("count",)}:                      # Sales, Logistics, Supply Chain: how many goods
        return [Buttons(key, title, tuple(Option(game.describe(a), str(a)) for a in items))]
    if patterns == {("city",)}:                       # a city to choose (the board rings them too)
        return [Buttons(key, title, tuple(Option(f"{L.C.cities[a.args[0]].name}: {game.describe(a)}", str(a))
                                          for a in items))]
    if patterns == {("=to", "region")}:               # a fixed gain, with a mission: pick the region
        gain = game.describe(items[0], mission=False)
        opts = tuple(Option(L.region(a.args[-1]), str(a), f"{gain}; the employee goes on a mission "
                            f"to the {L.region(a.args[-1])}") for a in items)
        return [Buttons(key, f"{title}: {gain} — mission to", opts)]
    shaped = [(_slots(ask, patterns, a), a) for a in items]   # a verb's actions share one shape
    slots, submit, _ = shaped[0][0]
    choices = tuple(Choice(values, str(a), f"{d.name}: {game.describe(a)}") for (_, _, values), a in shaped)
    return [Picker(key, title, slots, choices, submit)]


def _slots(ask: Ask, patterns: set, a: Action) -> tuple[tuple[str, ...], str, tuple[tuple[str, str], ...]]:
    """(slots, submit label, (key, label) per slot) of one department action in a picker."""
    game, L, C = ask.game, ask.words, ask.words.C
    args = a.args
    if all(p and p[0].startswith("=") and p[0] != "=to" for p in patterns):
        # <gain> [to <region>]: Commerce & Finance, Training & Partnerships, Purchasing, Recruiting
        mission = _mission(L, args[-1]) if "to" in args else NO_MISSION
        return ("Gain", "Mission"), "Use", ((args[0], game.describe(a, mission=False)), mission)
    if all(len(p) == 2 and p[0] == "region" and p[1].startswith("=") for p in patterns):
        # <region> <gain>, no mission, the gain counted per own project in the region (expansion)
        region, what = args
        n = game.projects_in(ask.seat, region)
        gain = game.describe(a).rsplit("→ ", 1)[-1]
        return ("Region", "Gain"), "Use", ((region, f"{L.region(region)} ({n} project{'s' if n != 1 else ''})"),
                                           (what, gain))
    if patterns == {("project", "city")}:           # a project in a city: Construction and its kind
        ptype, city = args
        town = C.cities[city]
        return ("Project", "Region", "City"), "Build", (
            (ptype, f"{L.project(ptype)} ({C.tabs[ptype].goods_cost} goods)"),
            (town.region, L.region(town.region)), (city, town.name))
    if len(args) == 2 and game.department(args[0]) is not None and args[1] in C.company.cells:
        code, cell = args                           # a Department tile on a cell: Strategic Planning
        dept = L.department(code)
        assert dept is not None
        return ("Department", "Space"), "Build", ((code, f"{dept.name} — {L.tile_effect(code)}"),
                                                  (cell, f"{cell} · {C.company.cells[cell].vp} VP"))
    if len(args) == 3 and args[0] in C.donations and args[1] == "to":
        return ("Donation", "Mission"), "Donate", ((args[0], L.donation(args[0])), _mission(L, args[-1]))
    return tuple(f"argument {i + 1}" for i in range(len(args))), "Use", tuple((x, x) for x in args)


#: the builder of each group of controls (a verb's ``Vocab.group``); any other group: one button per action
BUILDERS = {"house": _house, "reserve": _reserve, "timeline": _choose, "switch": _switch,
            "income": _income, "donate": _donate, "moves": _move, "activate": _activate,
            "lobby": _lobby, "property": _property, "study": _study, "relocate": _relocate,
            "department": _department}


__all__ = ["Ask", "Buttons", "Cell", "Choice", "Control", "MoveGrid", "Option", "Panel", "Picker", "panel_for"]

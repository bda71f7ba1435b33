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
``Controller.apply``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Union

from ..actions import Action
from ..engine import Game
from ..rules.timeline import ROWS
from . import labels as L
from .labels import C

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

DONE_LABELS = {"setup": "Done moving", "turn": "End my turn", "event": "Done (skip the rest)",
               "activate": "Done activating", "property": "Skip (move nobody)",
               "relocate": "Done moving"}


def panel_for(game: Game) -> Panel:
    """The controls of the current decision of ``game``."""
    decision = game.decision
    if game.is_over:
        return Panel("over", None, decision.prompt)
    seat = game.current_player
    state = game.state
    actions = game.legal_actions()
    by_verb: dict[str, list[Action]] = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    footer = []
    if "done" in by_verb:
        footer.append(Option(DONE_LABELS.get(decision.kind, "Done"), "done",
                             "finish this step (nothing else is required)"))
    if "sell" in by_verb:
        footer.append(Option("Sell 1 goods (+$1)", "sell",
                             f"you have {state.players[seat].goods} goods; selling is allowed at any time"))
    groups: list[Control] = []
    for verb, items in by_verb.items():
        if verb in ("done", "sell"):
            continue
        builder = BUILDERS.get(verb)
        if builder is None:
            builder = _department if verb in L.DEPARTMENTS else _generic
        groups.extend(builder(game, seat, verb, items))
    groups.sort(key=lambda g: _ORDER.get(g.key.split(":")[0], 50))
    return Panel(decision.kind, seat, decision.prompt, tuple(groups), tuple(footer))


_ORDER = {"timeline": 0, "switch": 1, "house": 2, "reserve": 2, "income": 3, "donate": 4,
          "department": 10, "moves": 20, "relocate": 20, "property": 20, "lobby": 20, "activate": 20,
          "study": 30}


def _generic(game, seat, verb, items) -> list[Control]:
    """Any verb without its own builder: one button per action (never expected; a safety net)."""
    return [Buttons(f"other:{verb}", verb, tuple(Option(str(a), str(a)) for a in items))]


def _house(game, seat, verb, items) -> list[Control]:
    by_region: dict[str, list[Option]] = {}
    for a in items:
        c = C.cities[a.args[0]]
        by_region.setdefault(c.region, []).append(Option(
            c.name, str(a), f"{c.name}: {c.size} city in the {L.region(c.region)}, {c.vp} VP per disc"))
    return [Buttons(f"house:{r}", f"Starting Housing project — {L.region(r)}",
                    tuple(sorted(opts, key=lambda o: o.label)))
            for r in L.REGIONS if (opts := by_region.get(r))]


def _reserve(game, seat, verb, items) -> list[Control]:
    by_type: dict[str, list[Option]] = {}
    for a in items:
        d = L.DEPARTMENTS[a.args[0]]
        prices = ", ".join("permanent" if p is None else f"${p}" for p in d.workstations) or "none"
        tip = (f"{d.name} ({L.TYPE_NAMES[d.type]} department); workstations: {prices}; "
               f"missions: {d.mission}" + ("; ongoing effect" if d.ongoing else ""))
        by_type.setdefault(d.type, []).append(Option(d.name, str(a), tip))
    return [Buttons(f"reserve:{t}", f"Reserve a {L.TYPE_NAMES[t]} department", tuple(opts))
            for t in L.TYPE_ORDER if (opts := by_type.get(t))]


def _choose(game, seat, verb, items) -> list[Control]:
    opts = []
    for a in sorted(items, key=lambda a: ROWS.index(a.args[0])):
        label, tip = L.timeline_row(game.state, a.args[0])
        opts.append(Option(label, str(a), tip))
    return [Buttons("timeline", "Choose the timeline row", tuple(opts), layout="column",
                    note="The row sets this round's action type for everybody and its event.")]


def _switch(game, seat, verb, items) -> list[Control]:
    opts = tuple(Option(f"Use {L.TYPE_NAMES[a.args[0]]}", str(a),
                        "play the Action Choice tile (once per game; 3 VP at the end if unused)")
                 for a in items)
    return [Buttons("switch", "Action Choice tile: use another department type", opts)]


def _income(game, seat, verb, items) -> list[Control]:
    f = game.state.flow
    region = L.region(f.income) if f.income else "?"
    title = f"Take Income in the {region}"
    if all(len(a.args) == 1 for a in items):
        opts = tuple(Option(f"{a.args[0]} employee{'s' if a.args[0] != '1' else ''} home", str(a),
                            f"bring {a.args[0]} employee(s) home from the {region}: transport income "
                            "for each, plus your project income once") for a in items)
        return [Buttons("income", title, opts)]
    spaces = C.tracks[f.income].spaces
    own = game.state.players[seat].tracks[f.income]
    choices = []
    for a in items:                          # Archives: a lower space of the track may pay instead
        n = a.args[0]
        space = int(a.args[2]) - 1 if len(a.args) == 3 else own
        where = ("your track space" if len(a.args) == 1 else f"track space {a.args[2]}")
        label = f"{where}: {L.reward(spaces[space].income)} each"
        choices.append(Choice(((n, f"{n} home"), (a.args[2] if len(a.args) == 3 else "own", label)),
                              str(a), f"bring {n} home, transport income from {where}"))
    return [Picker("income", title, ("Employees", "Income"), tuple(choices), "Take income",
                   note="Archives: you may take the transport income of a lower space.")]


def _donate(game, seat, verb, items) -> list[Control]:
    from ..rules.donations import price
    themes = sorted({d.theme: d.column for d in C.donations.values()}.items(), key=lambda t: t[1])
    opts = []
    for a in items:
        d = C.donations[a.args[0]]
        opts.append(Option(L.donation_short(d.id), str(a), f"{d.name}: {d.formula.vp} VP "
                           f"({d.formula.kind.replace('_', ' ')})", row=d.row, col=d.column))
    cost = price(game.state, seat)
    return [Buttons("donate", f"Make a Donation (costs ${cost} and a disc)", tuple(opts), layout="grid",
                    columns=tuple(t.replace("_", " ").capitalize() for t, _ in themes))]


def _cell_grid(game, seat, moves: list[tuple[str, str, str]], key: str, title: str, note: str) -> MoveGrid:
    p = game.state.players[seat]
    cells = []
    for cell in C.company.cells.values():
        dept = L.department_of_cell(game.state, seat, cell.name)
        standing = len(p.standing.get(cell.name, ()))
        lying = p.lying.get(cell.name, 0)
        people = []
        if standing:
            people.append(f"{standing} working")
        if lying:
            people.append(f"{lying} lying")
        label = f"{cell.name} · {dept}\n{', '.join(people) or '–'}"
        tip = f"{cell.name}: {dept}; {standing} standing (working), {lying} lying (inactive)"
        cells.append(Cell(cell.name, label, tip, 5 - cell.row, cell.col))
    return MoveGrid(key, title, tuple(cells), tuple(moves), note)


def _move(game, seat, verb, items) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    left = game.state.flow.moves
    return [_cell_grid(game, seat, moves, "moves", f"Move employees ({left} move{'s' if left != 1 else ''} left)",
                       "Click an employee's cell, then a neighbouring cell to move one employee there.")]


def _relocate(game, seat, verb, items) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    frame = game.state.flow.stack[-1] if game.state.flow.stack else {}
    left = frame.get("count", 0)
    return [_cell_grid(game, seat, moves, "relocate",
                       f"HR Administration: move employees anywhere ({left} left)",
                       "Click an employee's cell, then any other cell.")]


def _activate(game, seat, verb, items) -> list[Control]:
    from ..rules.employees import activation_cost
    p = game.state.players[seat]
    opts = []
    for a in items:
        cell = a.args[0]
        cost, vp = activation_cost(game.state, seat, a.args)
        name = L.department_of_cell(game.state, seat, cell)
        salary = {"raise": "raise the salary: ", "cut": "cut the salary: "}.get(a.args[-1], "") \
            if len(a.args) == 2 else ""
        extra = f", {vp:+d} VP" if vp else ""
        opts.append(Option(f"{name} ({cell}) · {salary}${cost}{extra}", str(a),
                           f"stand up one lying employee in {name} on its cheapest free workstation "
                           f"(${cost}{extra})"))
    note = "Standing employees work; lying ones don't."
    if any(len(a.args) == 2 for a in items):
        note += " Payroll Management: raise a salary (+$, +VP) or cut it ($, −VP)."
    return [Buttons("activate", f"Stand up employees (you have ${p.money})", tuple(opts), note=note)]


def _lobby(game, seat, verb, items) -> list[Control]:
    count = game.state.flow.stack[-1].get("count", 1) if game.state.flow.stack else 1
    opts = tuple(Option(f"{L.department_of_cell(game.state, seat, a.args[0])} ({a.args[0]})", str(a))
                 for a in items)
    return [Buttons("lobby", f"Which lobby does an arriving employee go to? ({count} arriving)", opts)]


def _property(game, seat, verb, items) -> list[Control]:
    target = game.state.flow.stack[-1]["cell"] if game.state.flow.stack else "?"
    opts = tuple(Option(f"from {L.department_of_cell(game.state, seat, a.args[0])} ({a.args[0]})", str(a))
                 for a in items)
    name = L.department_of_cell(game.state, seat, target)
    return [Buttons("property", f"Property Management: move an employee into {name} ({target})", opts)]


def _study(game, seat, verb, items) -> list[Control]:
    study = game.state.flow.study
    if verb == "tab":
        opts = tuple(Option(L.tab_step(game.state, seat, a.args[0]), str(a)) for a in items)
        return [Buttons("study:tab", f"Study points ({study} left): reveal project tabs", opts)]
    opts = tuple(Option(L.track_step(game.state, seat, a.args[0]), str(a)) for a in items)
    return [Buttons("study:track", f"Study points ({study} left): move up transport tracks", opts)]


# -- departments used in a turn ------------------------------------------------------------------

def _mission(region: str) -> tuple[str, str]:
    return (region, f"mission to the {L.region(region)}")


NO_MISSION = ("-", "no mission")


def _department(game, seat, verb, items) -> list[Control]:
    d = L.DEPARTMENTS[verb]
    params = d.params
    key, title = f"department:{verb}", f"{d.name}"
    state = game.state
    if all(not a.args for a in items):               # hr, rd, design: one use grants everything
        what = {"hr": f"+{state.flow.hr_moves} moves"}.get(verb, "study points")
        return [Buttons(key, title, (Option(f"Use {d.name} ({what})", str(items[0])),))]
    if verb in ("sales", "logistics", "supply"):
        opts = []
        for a in items:
            n = int(a.args[0])
            if verb == "sales":
                text = f"sell {n} goods → ${n * params['money_per_goods']}"
            elif verb == "logistics":
                text = f"ship {n} goods → ${n * params['money_per_goods']} + {n * params['vp_per_goods']} VP"
            else:
                text = f"buy {n} goods for ${n * params['price']}"
            opts.append(Option(text, str(a)))
        return [Buttons(key, title, tuple(opts))]
    if verb in MISSION_ONLY:
        gain = MISSION_ONLY[verb](state, seat, params)
        opts = tuple(Option(f"{L.region(a.args[-1])}", str(a), f"{gain}; the employee goes on a mission "
                            f"to the {L.region(a.args[-1])}") for a in items)
        return [Buttons(key, f"{title}: {gain} — mission to", opts)]
    choices, slots, submit = [], (), "Use"
    for a in items:
        args = a.args
        if verb in ("cf", "training", "purchasing", "recruiting"):
            slots = ("Gain", "Mission")
            what = args[0]
            mission = _mission(args[-1]) if "to" in args else NO_MISSION
            amount = _amount(verb, what, params, "to" in args)
            values = ((what, amount), mission)
            text = f"{d.name}: {amount}" + (f", {mission[1]}" if mission != NO_MISSION else "")
        elif verb == "sp":
            from ..rules.departments import department_cost
            slots, submit = ("Department", "Space"), "Build"
            code, cell = args
            dept = L.DEPARTMENTS[code]
            vp = C.company.cells[cell].vp
            cost = department_cost(state, seat, dept, cell)
            values = ((code, dept.name), (cell, f"{cell} · {vp} VP"))
            text = f"build {dept.name} on {cell}: {cost} goods, {vp} VP at the end"
        elif verb in ("co", "engineering", "outsourcing"):
            slots, submit = ("Project", "Region", "City"), "Build"
            ptype, city = args
            town = C.cities[city]
            values = ((ptype, f"{L.project(ptype)} ({C.tabs[ptype].goods_cost} goods)"),
                      (town.region, L.region(town.region)), (city, town.name))
            extra = (f", pays ${params['money']}" if verb == "outsourcing"
                     else f", mission to the {L.region(town.region)}")
            text = f"build a {L.project(ptype)} project in {town.name}{extra}"
        elif verb in PER_PROJECT:                   # expansion: <region> <gain>, no mission
            from ..rules.construction import projects_in
            slots = ("Region", "Gain")
            region, what = args
            n = projects_in(state, seat, region)
            amount = n * params.get(f"{what}_per_project", 0)
            unit = {"money": f"${amount}", "goods": f"{amount} goods", "vp": f"{amount} VP",
                    "study": f"{amount} study points", "moves": f"{amount} moves"}[what]
            values = ((region, f"{L.region(region)} ({n} project{'s' if n != 1 else ''})"), (what, unit))
            text = f"{d.name}: {n} project(s) in the {L.region(region)} → {unit}"
        elif verb == "charity":
            slots, submit = ("Donation", "Mission"), "Donate"
            values = ((args[0], L.donation(args[0])), _mission(args[-1]))
            text = f"join {L.donation(args[0])}, mission to the {L.region(args[-1])}"
        else:
            slots = tuple(f"argument {i + 1}" for i in range(len(args)))
            values = tuple((x, x) for x in args)
            text = str(a)
        choices.append(Choice(values, str(a), text))
    return [Picker(key, title, slots, tuple(choices), submit)]


def _per_type(state, seat, dept_type: str) -> int:
    from ..rules import company
    return sum(1 for d in company.owned_departments(state.players[seat]) if d.type == dept_type)


#: Department verbs whose only argument is the mission region: what one use gains.
MISSION_ONLY = {
    "safety": lambda s, pi, p: "1 VP per 2 working employees",
    "advresearch": lambda s, pi, p: f"+{p['study']} study points",
    "hradmin": lambda s, pi, p: f"move {p['moves_per_department'] * _per_type(s, pi, 'HR')} employee(s) anywhere",
    "accounting": lambda s, pi, p: f"+${p['money_per_department'] * _per_type(s, pi, 'MG')}",
    "production": lambda s, pi, p: f"+{p['goods_per_department'] * _per_type(s, pi, 'CO')} goods",
    "rdcoord": lambda s, pi, p: f"+{p['study_per_department'] * _per_type(s, pi, 'RD')} study points",
}
#: Expansion verbs "<region> <gain>": the gain is counted per project in the region.
PER_PROJECT = ("partners", "branding", "renovation", "knowledge")


def _amount(verb: str, what: str, params, mission: bool) -> str:
    if verb == "cf":
        n = params[("mission_" if mission else "") + what]
        return f"+${n}" if what == "money" else f"+{n} goods"
    if verb == "training":
        return f"+${params['money']}" if what == "money" else f"+{params['moves']} moves"
    if verb == "purchasing":
        return f"+${params['money']}" if what == "money" else f"+{params['goods']} goods"
    if verb == "recruiting":
        return f"+{params['moves']} moves" if what == "moves" else f"hire {params['employees']} employee"
    return what


BUILDERS = {"house": _house, "reserve": _reserve, "choose": _choose, "switch": _switch,
            "income": _income, "donate": _donate, "move": _move, "activate": _activate,
            "lobby": _lobby, "property": _property, "tab": _study, "track": _study,
            "relocate": _relocate}


__all__ = ["Buttons", "Cell", "Choice", "Control", "MoveGrid", "Option", "Panel", "Picker", "panel_for"]

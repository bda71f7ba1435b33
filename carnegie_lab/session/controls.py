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
from ..core.components import Reward
from ..core.i18n import N_, render, translator
from ..core.words import CITY_SIZES, MISSIONS, position, reward
from ..core.words import mission as mission_words
from ..engine import Decision, Game
from ..views.palette import donation_vp
from .labels import Labels, done_label, type_name

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
    """A company cell as a grid button: ``row`` 1 is the top row (the company's row 4); ``words``: the cell
    in words (its department, or an empty space by where it is)."""
    name: str
    label: str
    tooltip: str
    row: int
    col: int
    words: str = ""


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
    lang: str | None = None

    def _(self, message: str) -> str:
        """A message in the panel's language."""
        return translator(self.lang).gettext(message)

    def ngettext(self, one: str, many: str, n: int) -> str:
        """A message with a plural, in the panel's language, filled with ``n``."""
        return translator(self.lang).ngettext(one, many, n).replace("{n}", str(n))

    @property
    def context(self):
        """The decision's numbers (``DecisionContext``: moves, study, income, count, cell...)."""
        return self.decision.context


def panel_for(game: Game, lang: str | None = None) -> Panel:
    """The controls of the current decision of ``game``, in a language (None: English)."""
    decision = game.decision_in(lang)
    if game.is_over:
        return Panel("over", None, decision.prompt)
    seat = decision.player
    assert seat is not None
    ask = Ask(game, seat, decision, Labels(game, lang), lang)
    _ = ask._
    by_verb: dict[str, list[Action]] = {}
    for a in game.legal_actions():
        by_verb.setdefault(a.verb, []).append(a)
    footer = []
    if "done" in by_verb:
        footer.append(Option(done_label(decision.kind, lang), "done", _("finish this step (nothing else is required)")))
    if "sell" in by_verb:
        price = game.rules.constants.sell_price
        footer.append(Option(_("Sell 1 goods (+${price})").format(price=price), "sell",
                             _("you have {n} goods; selling is allowed at any time").format(n=game.goods(seat))))
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
    title = render(ask.game.rules.verbs[verb].vocab.words, ask.lang)
    return [Buttons(f"other:{verb}", title[:1].upper() + title[1:],
                    tuple(Option(ask.words.action(a), str(a), str(a)) for a in items))]


def _house(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    by_region: dict[str, list[Option]] = {}
    for a in items:
        c = L.C.cities[a.args[0]]
        by_region.setdefault(c.region, []).append(Option(L.city(c.id), str(a), ask._(
            "{city}: {size} city in the {region}, {vp} VP per disc").format(
            city=L.city(c.id), size=ask._(CITY_SIZES[c.size]), region=L.region(c.region), vp=c.vp)))
    return [Buttons(f"house:{r}", ask._("Starting Housing project — {region}").format(region=L.region(r)),
                    tuple(sorted(opts, key=lambda o: o.label)))
            for r in L.regions if (opts := by_region.get(r))]


def _reserve(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    by_type: dict[str, list[Option]] = {}
    for a in items:
        d = L.department(a.args[0])
        assert d is not None
        _, name = ask._, ask._(d.name)
        prices = ", ".join(_("permanent") if p is None else f"${p}" for p in d.workstations) or _("none")
        tip = (_("{name} ({type} department); workstations: {prices}; missions: {missions}").format(
            name=name, type=type_name(d.type, ask.lang), prices=prices, missions=_(MISSIONS[d.mission])))
        by_type.setdefault(d.type, []).append(Option(f"{name}\n{L.tile_effect(d.code)}", str(a), tip))
    return [Buttons(f"reserve:{t}", ask._("Reserve a {type} department").format(type=type_name(t, ask.lang)),
                    tuple(opts), layout="column")
            for t in L.types if (opts := by_type.get(t))]


def _choose(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    opts = []
    for a in sorted(items, key=lambda a: L.types.index(a.args[0])):
        label, tip = L.timeline_row(a.args[0])
        opts.append(Option(label, str(a), tip))
    return [Buttons("timeline", ask._("Choose the timeline row"), tuple(opts), layout="column",
                    note=ask._("The row sets this round's action type for everybody and its event."))]


def _switch(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    vp = ask.game.rules.constants.action_choice_vp
    _ = ask._
    opts = tuple(Option(_("Use {type}").format(type=type_name(a.args[0], ask.lang)), str(a),
                        _("play the Action Choice tile (once per game; {vp} VP at the end if unused)").format(vp=vp))
                 for a in items)
    return [Buttons("switch", _("Action Choice tile: use another department type"), opts)]


def _income(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L, _ = ask.words, ask._
    income = ask.context.income
    region = L.region(income) if income else "?"
    title = _("Take Income in the {region}").format(region=region)
    if all(len(a.args) == 1 for a in items):
        opts = tuple(Option(_("{home}: {paid}").format(
                                home=ask.ngettext("{n} employee home", "{n} employees home", int(a.args[0])),
                                paid=_paid(ask, a)), str(a),
                            ask.ngettext("bring {n} employee home from the {region}: transport income for each, "
                                         "plus your project income once",
                                         "bring {n} employees home from the {region}: transport income for each, "
                                         "plus your project income once", int(a.args[0])).format(
                                n=a.args[0], region=region)) for a in items)
        return [Buttons("income", title, opts)]
    assert income is not None
    spaces = L.C.tracks[income].spaces
    own = ask.game.track_space(ask.seat, income)
    choices = []
    for a in items:                          # Archives: a lower space of the track may pay instead
        n = a.args[0]
        space = int(a.args[2]) - 1 if len(a.args) == 3 else own
        where = (_("your track space") if len(a.args) == 1 else _("track space {n}").format(n=a.args[2]))
        label = _("{where}: {income} each").format(
            where=where, income=reward(spaces[space].income, short=True, sep=" + ", lang=ask.lang))
        choices.append(Choice(((n, _("{n} home").format(n=n)), (a.args[2] if len(a.args) == 3 else "own", label)),
                              str(a), _("bring {n} home, transport income from {where}").format(n=n, where=where)))
    return [Picker("income", title, (_("Employees"), _("Income")), tuple(choices), _("Take income"),
                   note=_("Archives: you may take the transport income of a lower space."))]


def _paid(ask: Ask, action: Action) -> str:
    """What taking this income pays the deciding seat, from the rules themselves: "$7 + 1 goods"."""
    after = ask.game.copy()
    after.apply(action)
    gained = after.changes_from(ask.game).deltas.get(ask.seat, {})
    return reward(Reward(money=max(0, gained.get("money", 0)), goods=max(0, gained.get("goods", 0))),
                  short=True, sep=" + ", lang=ask.lang)


def _donate(ask: Ask, verb: str, items: list[Action], refused: str | None = None) -> list[Control]:
    """The whole donation chart: every space in its place (theme column, condition, VP), the free
    ones to click, the taken ones marked with who took them; ``refused``: why no space can be taken."""
    L, _ = ask.words, ask._
    donations = L.C.donations
    themes = sorted({d.theme: d.column for d in donations.values()}.items(), key=lambda t: t[1])
    legal = {a.args[0]: str(a) for a in items}
    opts, inactive = [], []
    for d in donations.values():
        vp = donation_vp(d.formula, ask.lang)
        tip = _("{name}: {vp} at game end").format(name=L.donation(d.id), vp=vp)
        if d.id in legal:
            opts.append(Option(f"{L.donation_short(d.id)}\n{vp}", legal[d.id], tip, row=d.row, col=d.column))
        else:
            by = ", ".join(L.owner(o) for o in ask.game.donors(d.id))
            why = (_("taken: {by}").format(by=by) if by else
                   _("not now: {why}").format(why=render(refused, ask.lang)) if refused else _("taken"))
            inactive.append(Option(f"{L.donation_short(d.id)}\n{why if by else vp}", "", f"{tip}; {why}",
                                   row=d.row, col=d.column))
    cost = ask.game.donation_price(ask.seat)
    cap = ask.game.rules.constants.donation_cap
    return [Buttons("donate", _("Make a Donation (costs ${cost} and a disc)").format(cost=cost), tuple(opts),
                    layout="grid", columns=tuple(_(t).replace("_", " ").capitalize() for t, _c in themes),
                    inactive=tuple(inactive),
                    note=(_("No donation now: {why}.").format(why=render(refused, ask.lang)) + " " if refused else "")
                    + _("VP are scored at the end of the game, at most {cap} per donation.").format(cap=cap))]


def _cell_grid(ask: Ask, moves: list[tuple[str, str, str]], key: str, title: str, note: str) -> MoveGrid:
    cells, _ = [], ask._
    for cell in ask.words.C.company.cells.values():
        dept = ask.words.department_of_cell(ask.seat, cell.name)
        standing = ask.game.standing(ask.seat, cell.name)
        lying = ask.game.lying(ask.seat, cell.name)
        people = []
        if standing:
            people.append(_("{n} working").format(n=standing))
        if lying:
            people.append(ask.ngettext("{n} lying", "{n} lying", lying))
        label = f"{dept}\n{', '.join(people) or '–'}"
        words = ask.words.cell(ask.seat, cell.name)
        tip = ask.ngettext("{cell}: {standing} standing (working), {n} lying (inactive)",
                           "{cell}: {standing} standing (working), {n} lying (inactive)", lying).format(
            cell=words, standing=standing)
        cells.append(Cell(cell.name, label, tip, 5 - cell.row, cell.col, words))
    return MoveGrid(key, title, tuple(cells), tuple(moves), note)


def _move(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    left = ask.context.moves or 0
    title = ask.ngettext("Move employees ({n} move left)", "Move employees ({n} moves left)", left)
    return [_cell_grid(ask, moves, "moves", title,
                       ask._("Click an employee's cell, then a neighbouring cell to move one employee there."))]


def _relocate(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    moves = [(a.args[0], a.args[1], str(a)) for a in items]
    left = ask.context.count or 0
    return [_cell_grid(ask, moves, "relocate",
                       ask.ngettext("HR Administration: move employees anywhere ({n} left)",
                                    "HR Administration: move employees anywhere ({n} left)", left),
                       ask._("Click an employee's cell, then any other cell."))]


def _activate(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    opts, _ = [], ask._
    for a in items:
        cell = a.args[0]
        cost, vp = ask.game.activation_cost(a)
        name = ask.words.department_of_cell(ask.seat, cell)
        salary = {"raise": _("raise the salary: "), "cut": _("cut the salary: ")}.get(a.args[-1], "") \
            if len(a.args) == 2 else ""
        extra = _(", {vp} VP").format(vp=f"{vp:+d}") if vp else ""
        opts.append(Option(f"{name} · {salary}${cost}{extra}", str(a),
                           _("stand up one lying employee in {name} on its cheapest free workstation "
                             "(${cost}{extra})").format(name=name, cost=cost, extra=extra)))
    note = _("Standing employees work; lying ones don't.")
    if any(len(a.args) == 2 for a in items):
        note += " " + _("Payroll Management: raise a salary (+$, +VP) or cut it ($, −VP).")
    return [Buttons("activate", _("Stand up employees (you have ${money})").format(money=ask.game.money(ask.seat)),
                    tuple(opts), note=note)]


def _lobby(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    count = ask.context.count or 1
    opts = tuple(Option(ask.words.cell(ask.seat, a.args[0]), str(a)) for a in items)
    return [Buttons("lobby", ask._("Which lobby does an arriving employee go to? ({n} arriving)").format(n=count),
                    opts)]


def _property(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    target = ask.context.cell or "?"
    opts = tuple(Option(ask._("from {department}").format(department=L.cell(ask.seat, a.args[0])), str(a))
                 for a in items)
    return [Buttons("property", ask._("Property Management: move an employee into {department}").format(
        department=L.cell(ask.seat, target)), opts)]


def _study(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    L = ask.words
    study = ask.context.study or 0
    if verb == "tab":
        opts = tuple(Option(L.tab_step(ask.seat, a.args[0]), str(a)) for a in items)
        return [Buttons("study:tab", ask.ngettext("Study points ({n} left): reveal project tabs",
                                                  "Study points ({n} left): reveal project tabs", study), opts)]
    opts = tuple(Option(L.track_step(ask.seat, a.args[0]), str(a)) for a in items)
    return [Buttons("study:track", ask.ngettext("Study points ({n} left): move up transport tracks",
                                                "Study points ({n} left): move up transport tracks", study), opts)]


# -- departments used in a turn ------------------------------------------------------------------
#
# The words come from the engine (``game.describe``); the shape of the control from the department's
# notation patterns (``game.patterns``): the code names no department.

NO_MISSION = ("-", N_("no mission"))


def _mission(L: Labels, region: str) -> tuple[str, str]:
    regions = L.C.regions
    return (region, render(mission_words(regions[region].name if region in regions else region), L.lang))


def _department(ask: Ask, verb: str, items: list[Action]) -> list[Control]:
    game, L = ask.game, ask.words
    d = L.department(verb)
    assert d is not None
    key, title, lang = f"department:{verb}", L._(d.name), ask.lang
    patterns = set(game.patterns(verb))
    if all(not a.args for a in items):               # HR, R&D, Advanced Design: one use grants everything
        said = L.action(items[0])                     # 'use Human Resources (+6 moves)'
        return [Buttons(key, title, (Option(said[:1].upper() + said[1:], str(items[0])),))]
    if patterns == {("count",)}:                      # Sales, Logistics, Supply Chain: how many goods
        return [Buttons(key, title, tuple(Option(game.describe(a, lang=lang), str(a)) for a in items))]
    if patterns == {("city",)}:                       # a city to choose (the board rings them too)
        return [Buttons(key, title, tuple(Option(f"{L.city(a.args[0])}: {game.describe(a, lang=lang)}", str(a))
                                          for a in items))]
    if patterns == {("=to", "region")}:               # a fixed gain, with a mission: pick the region
        gain = game.describe(items[0], mission=False, lang=lang)
        opts = tuple(Option(L.region(a.args[-1]), str(a), ask._(
            "{gain}; the employee goes on a mission to the {region}").format(gain=gain, region=L.region(a.args[-1])))
            for a in items)
        return [Buttons(key, ask._("{title}: {gain} — mission to").format(title=title, gain=gain), opts)]
    shaped = [(_slots(ask, patterns, a), a) for a in items]   # a verb's actions share one shape
    slots, submit, _v = shaped[0][0]
    choices = tuple(Choice(values, str(a), f"{title}: {game.describe(a, lang=lang)}")
                    for (_s, _u, values), a in shaped)
    return [Picker(key, title, slots, choices, submit)]


def _slots(ask: Ask, patterns: set, a: Action) -> tuple[tuple[str, ...], str, tuple[tuple[str, str], ...]]:
    """(slots, submit label, (key, label) per slot) of one department action in a picker."""
    game, L, C, _, lang = ask.game, ask.words, ask.words.C, ask._, ask.lang
    args = a.args
    if all(p and p[0].startswith("=") and p[0] != "=to" for p in patterns):
        # <gain> [to <region>]: Commerce & Finance, Training & Partnerships, Purchasing, Recruiting
        mission = _mission(L, args[-1]) if "to" in args else (NO_MISSION[0], _(NO_MISSION[1]))
        return (_("Gain"), _("Mission")), _("Use"), ((args[0], game.describe(a, mission=False, lang=lang)), mission)
    if all(len(p) == 2 and p[0] == "region" and p[1].startswith("=") for p in patterns):
        # <region> <gain>, no mission, the gain counted per own project in the region (expansion)
        region, what = args
        n = game.projects_in(ask.seat, region)
        gain = game.describe(a, lang=lang).rsplit("→ ", 1)[-1]
        return (_("Region"), _("Gain")), _("Use"), (
            (region, ask.ngettext("{region} ({n} project)", "{region} ({n} projects)", n).format(
                region=L.region(region))),
            (what, gain))
    if patterns == {("project", "city")}:           # a project in a city: Construction and its kind
        ptype, city = args
        town = C.cities[city]
        return (_("Project"), _("Region"), _("City")), _("Build"), (
            (ptype, _("{project} ({n} goods)").format(project=L.project(ptype), n=C.tabs[ptype].goods_cost)),
            (town.region, L.region(town.region)), (city, L.city(city)))
    if len(args) == 2 and game.department(args[0]) is not None and args[1] in C.company.cells:
        code, cell = args                           # a Department tile on a cell: Strategic Planning
        dept = L.department(code)
        assert dept is not None
        return (_("Department"), _("Space")), _("Build"), ((code, f"{_(dept.name)} — {L.tile_effect(code)}"),
                                                        (cell, _("{cell} · {n} VP").format(
                                                            cell=render(position(C, cell), L.lang),
                                                            n=C.company.cells[cell].vp)))
    if len(args) == 3 and args[0] in C.donations and args[1] == "to":
        return (_("Donation"), _("Mission")), _("Donate"), ((args[0], L.donation(args[0])), _mission(L, args[-1]))
    return (tuple(_("argument {n}").format(n=i + 1) for i in range(len(args))), _("Use"),
            tuple((x, x) for x in args))


#: the builder of each group of controls (a verb's ``Vocab.group``); any other group: one button per action
BUILDERS = {"house": _house, "reserve": _reserve, "timeline": _choose, "switch": _switch,
            "income": _income, "donate": _donate, "moves": _move, "activate": _activate,
            "lobby": _lobby, "property": _property, "study": _study, "relocate": _relocate,
            "department": _department}


__all__ = ["Ask", "Buttons", "Cell", "Choice", "Control", "MoveGrid", "Option", "Panel", "Picker", "panel_for"]

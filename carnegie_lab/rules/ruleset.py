"""The :class:`Ruleset`: the rules of the game bound to one set of component data.

Rule modules register their verbs and departments in :mod:`.registry` (code); a Ruleset joins them to
a :class:`~carnegie_lab.core.components.Components` (data): every department of the data needs its
rules, and a department used by an action becomes a verb named by its ``code`` (its words, control
group and board target in its ``Vocab``). It also keeps the
tables derived from the data that the rules ask for often. Every state carries its Ruleset
(``state.rules``), so games on different data can live side by side in one process.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Hashable

from ..core.actions import Action, Grammar, parse
from ..core.components import Components, Department
from ..core.errors import DataError
from ..core.i18n import N_, Message, render
from ..core.loader import components
from ..core.state import DecisionKind, Player, State, site_key
from ..core.words import use as use_words

# importing the rule modules registers their verbs and departments
from . import action_choice, company, departments, donations, employees, events, loop, research, setup_verbs  # noqa: F401
from .departments.base import StaticOptions, mission_text, usable, use
from .registry import DEPARTMENTS, VERBS, Args, DepartmentRules, Verb, Vocab

#: the order of the legal actions: these verbs, with the departments in data order at the marker;
#: ``sell`` and ``done`` come last (the loop's has-choice tests rely on it)
#: the group of the app's controls that shows the departments' verbs, and its place
DEPARTMENT_GROUP = ("department", 10)
ORDER = ("house", "reserve", "choose", "switch", "income", "donate", None,
         "move", "tab", "track", "lobby", "property", "relocate", "activate", "sell", "done")
Hook = Callable[..., Any]
PARSED_KEPT = 1 << 16            # notation texts remembered by Ruleset.parse


class Ruleset:
    """The rules of Carnegie on one set of component data."""

    def __init__(self, components: Components):
        self.components: Components = components
        self.constants = components.constants
        C = components
        depts = C.departments
        missing = [d for d in depts if d not in DEPARTMENTS]
        if missing:
            raise DataError("departments.json", f"departments.{missing[0]}",
                            "no rules for this department (a DepartmentRules in carnegie_lab/rules/departments/)")
        self.department_rules: dict[str, DepartmentRules] = {d: DEPARTMENTS[d] for d in depts}
        self.by_code: dict[str, Department] = {d.code: d for d in depts.values()}
        self.data_order = {d: i for i, d in enumerate(depts)}
        self.lobby_ids = frozenset({company.LOBBY, *(d for d, r in self.department_rules.items() if r.lobby)})
        self.permanent = {d.id: frozenset(i for i, price in enumerate(d.workstations) if price is None)
                          for d in depts.values()}
        self.by_price = {d.id: _cheapest_first(d) for d in depts.values()}
        self.final_space = len(next(iter(C.tracks.values())).spaces) - 1
        self.project_spaces = {(t, side): tuple(i for i, s in enumerate(spaces) if s.kind == "project")
                               for t, tab in C.tabs.items() for side, spaces in tab.sides.items()}
        #: (type, side) -> n -> the VP a tab scores with its first n spaces shown
        self.tab_vp_shown = {(t, side): tuple(max((s.vp for s in spaces[:n] if s.kind == "vp"), default=0)
                                              for n in range(len(spaces) + 1))
                             for t, tab in C.tabs.items() for side, spaces in tab.sides.items()}
        self.timeline_end = C.timeline.tiles_in_play + 1          # the End-tile space of a row
        self.timeline_tiles = {t.number: t for t in C.timeline.tiles}
        self.max_connection_points = max(points for points, _ in C.connection_table)
        self.cell_order = {cell: i for i, cell in enumerate(C.company.cells)}     # reading order
        self.cell_vp = {cell: c.vp for cell, c in C.company.cells.items()}
        #: what stands on a cell that scores no department VP: the lobby and the starting departments
        self.unscored = frozenset({company.LOBBY, *(d.id for d in depts.values() if d.starting)})
        self.city_vp = {c.id: c.vp for c in C.cities.values()}
        self.city_sites = {c.id: tuple((site_key(c.id, s.index), s) for s in c.sites) for c in C.cities.values()}
        #: the city of every map site, by site key
        self.site_cities = {key: city for city, sites in self.city_sites.items() for key, _ in sites}
        self.cities_taking = {t: tuple(c.id for c in C.cities.values() if any(s.takes(t) for s in c.sites))
                              for t in C.tabs}
        self.hooks: dict[str, tuple[tuple[Department, Hook], ...]] = {}
        for dept in depts.values():
            for name, fn in self.department_rules[dept.id].hooks.items():
                self.hooks[name] = (*self.hooks.get(name, ()), (dept, fn))
        self._build_verbs()
        self.actions: dict[tuple[str, Args], Action] = {}      # every Action made, made once
        self._parsed: dict[str, Action] = {}                   # notation -> its Action
        self._memo: dict[Hashable, Any] = {}
        #: department id -> the actions of its options, where they depend on the data only
        self._static = {dept.id: tuple(self.action(dept.code, args) for args in rules.options.build(C))
                        for dept, rules in self.used.values() if isinstance(rules.options, StaticOptions)}

    def _build_verbs(self) -> None:
        if set(VERBS) != {v for v in ORDER if v is not None}:
            raise RuntimeError(f"verbs without a place in ruleset.ORDER: {sorted(set(VERBS) - set(ORDER))}")
        numbers = vars(self.constants)               # a verb's words may name them: '{sell_price}'
        self.verbs: dict[str, Verb] = {name: replace(v, vocab=replace(v.vocab, words=Message(v.vocab.words, **numbers)))
                                       for name, v in VERBS.items()}
        self.used: dict[str, tuple[Department, DepartmentRules]] = {}   # department id -> its use
        for dept in self.components.departments.values():
            rules = self.department_rules[dept.id]
            if rules.effect is None:
                continue
            if dept.code in self.verbs:
                raise DataError("departments.json", f"departments.{dept.id}.code",
                                f"{dept.code!r} is already a verb of the notation")
            self.verbs[dept.code] = _department_verb(dept, rules)
            self.used[dept.id] = (dept, rules)
        self.order = tuple(v for marker in ORDER for v in ((marker,) if marker else
                                                            (d.code for d, _ in self.used.values())))
        self.grammar: Grammar = {name: self.verbs[name].patterns for name in self.order}
        self.kind_verbs: dict[DecisionKind, tuple[Verb | None, ...]] = {
            kind: tuple(None if v is None else VERBS[v] for v in ORDER
                        if (v is None and kind == DecisionKind.TURN) or (v is not None and kind in VERBS[v].decisions))
            for kind in DecisionKind}

    # -- queries the rules ask often --------------------------------------------------------------

    def action(self, verb: str, args: Args) -> Action:
        """The one Action object for this verb and these arguments."""
        key = (verb, args)
        found = self.actions.get(key)
        if found is None:
            found = self.actions[key] = Action(verb, args)
        return found

    def memo(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """A table derived from the data, built on first use and kept (for the rules' fast paths)."""
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = build()
        return found

    def parse(self, text: str | Action) -> Action:
        """Notation to its (one) Action, checking the syntax only; raises NotationError."""
        if isinstance(text, Action):
            text = str(text)
        found = self._parsed.get(text) if isinstance(text, str) else None
        if found is None:
            action = parse(text, self.grammar)
            found = self.action(action.verb, action.args)
            if len(self._parsed) < PARSED_KEPT:
                self._parsed[text] = found
        return found

    def staffed(self, p: Player, hook: str) -> list[tuple[Department, Hook]]:
        """The player's departments that declare this hook and have an employee standing on them (an
        ongoing department works while one does)."""
        hooked = self.hooks.get(hook)
        if not hooked:
            return []
        owned = p.cells.values()
        out = []
        for dept, fn in hooked:
            if dept.id in owned:                  # its cell looked up only then
                cell = company.cell_of(p, dept.id)
                if cell is not None and p.standing.get(cell):
                    out.append((dept, fn))
        return out

    def any_staffed(self, p: Player, hook: str) -> bool:
        return any(hook_fn(dept) for dept, hook_fn in self.staffed(p, hook))

    def owned_hook(self, p: Player, hook: str) -> tuple[Department, Hook]:
        """The player's department that declares this hook (staffed or not)."""
        for dept, fn in self.hooks.get(hook, ()):
            if company.cell_of(p, dept.id) is not None:
                return dept, fn
        raise LookupError(f"{p.name} has no department with {hook!r}")

    def hook(self, dept: Department, name: str) -> Hook:
        return self.department_rules[dept.id].hooks[name]

    def department_actions(self, state: State, pi: int) -> list[Action]:
        """The legal uses of the player's departments of the turn's type, in data order."""
        p, f = state.players[pi], state.flow
        found = []
        cells = p.cells
        for cell, occupied in p.standing.items():       # used once per standing employee: only those cells
            use_ = self.used.get(cells.get(cell, ""))
            if use_ is None or not occupied or use_[0].type != f.turn_type or cell in f.closed:
                continue
            if cell == f.open and f.uses == 0:
                continue
            found.append((self.data_order[use_[0].id], use_))
        if len(found) > 1:
            found.sort(key=_first)
        out: list[Action] = []
        for _, (dept, rules) in found:
            check = None if rules.exact else rules.check
            listed = self._static.get(dept.id)
            if listed is not None:
                out += listed if check is None else [a for a in listed if check(state, pi, dept, a.args) is None]
                continue
            assert rules.options is not None
            for args in rules.options(state, pi, dept):
                if check is None or check(state, pi, dept, args) is None:
                    out.append(self.action(dept.code, args))
        return out

    def summary(self, dept: Department) -> str:
        """What a department tile does, one sentence with its numbers (a Message: ``render`` it in a
        language); an ongoing or end-game tile says it works only while an employee stands on it (the New
        Lobby, without workstations, works with nobody)."""
        text = self.department_rules[dept.id].summary(dept)
        if dept.end_game:
            return N_("at game end, if an employee stands here: {rule}", rule=text)
        return N_("while an employee stands here: {rule}", rule=text) if dept.ongoing and dept.workstations else text

    def describe(self, state: State, action: Action, mission: bool = True, lang: str | None = None) -> str:
        """What a department's use would do, in words ('+$6, mission to the West'; without the
        mission part if ``mission`` is false; ``lang``: the language, None for English); for other
        actions, their notation."""
        dept = self.by_code.get(action.verb)
        if dept is not None and dept.id in self.used:
            rules = self.used[dept.id][1]
            pi = state.flow.player
            if rules.describe is not None and pi is not None:
                text = render(rules.describe(state, pi, dept, action.args), lang)
                return text + render(mission_text(state, action.args), lang) if mission else text
        return str(action)


def _first(pair: tuple[int, Any]) -> int:
    return pair[0]


def _cheapest_first(dept: Department) -> tuple[int, ...]:
    """Indices of a department's workstations that are not permanent, cheapest first."""
    prices = {i: price for i, price in enumerate(dept.workstations) if price is not None}
    return tuple(sorted(prices, key=lambda i: (prices[i], i)))


def _department_verb(dept: Department, rules: DepartmentRules) -> Verb:
    """The verb of a department's use: legal while the department is usable, then its own check."""
    options, check, effect = rules.options, rules.check, rules.effect
    assert options is not None and effect is not None

    def candidates(state: State, pi: int):
        if dept.type == state.flow.turn_type and usable(state, pi, dept) is None:
            yield from options(state, pi, dept)

    def full_check(state: State, pi: int, args: Args) -> str | None:
        return usable(state, pi, dept) or (check(state, pi, dept, args) if check else None)

    def do(state: State, pi: int, args: Args) -> None:
        effect(state, pi, dept, use(state, pi, dept, rules.all_at_once), args)

    vocab = Vocab(use_words(dept.name), *DEPARTMENT_GROUP, board=rules.board, local=rules.local)
    return Verb(dept.code, rules.patterns, frozenset((DecisionKind.TURN,)), candidates, full_check, do, vocab)


_RULESETS: dict[int, Ruleset] = {}


def ruleset_for(comps: Components | None = None) -> Ruleset:
    """The Ruleset of these components (made once per Components object); the package's own data
    by default."""
    comps = components() if comps is None else comps
    found = _RULESETS.get(id(comps))
    if found is None or found.components is not comps:
        found = _RULESETS[id(comps)] = Ruleset(comps)
    return found

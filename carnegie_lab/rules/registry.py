"""The registry of the rules: every verb of the notation and every department's rules, declared once.

A :class:`Verb` is one verb of the loop (``done``, ``move``, ``tab`` ...): its argument patterns (the
notation grammar is derived from them), the decision kinds where it can be legal, ``candidates``
(argument tuples worth trying), ``check`` (why an action is illegal, ``None`` when legal), ``do`` and
its :class:`Vocab` (what the app, the tutorials and the bots need to know of it).
Legal actions are the candidates that pass ``check``, so the reasons given for illegal actions and
the list of legal actions come from the same code; a verb whose candidates are all legal by
construction is ``exact`` and its check runs only on actions that come from outside.

A :class:`DepartmentRules` is everything one department does, keyed by its id in
``data/departments.json``: how it is used in a turn (patterns, options, check, effect), the named
hooks of its ongoing and end-game effects (see :data:`HOOKS`), ``describe`` (what a use does, in
words), the board thing a use picks, whether it is local to a turn and what a bot values a use at.
The :class:`~carnegie_lab.rules.ruleset.Ruleset` binds them to the component data, making the verb
of a department used by an action. Consumers iterate the verbs of the Ruleset, never a list of names.
Registering a name twice raises at import time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from ..core.actions import Action, Pattern
from ..core.state import DecisionKind, State

if TYPE_CHECKING:
    from ..core.components import Department

Args = tuple[str, ...]
Candidates = Callable[[State, int], Iterable[Args]]
Check = Callable[[State, int, Args], "str | None"]
Do = Callable[[State, int, Args], None]
Listing = Callable[[State, int], "Iterable[Action]"]


#: What a click on the board can pick (``Vocab.board``): the starting city, a construction site of a
#: city, a city, a timeline row, the next space of a transport track or of a project tab, a space of
#: the donation chart, an employee's move (two clicks: its cell, then where), a lobby, a cell to take
#: an employee from (Property Management) and the workstation where a lying employee stands up.
BOARD = ("start", "site", "city", "row", "track", "tab", "donation", "move", "lobby", "property", "activate")


@dataclass(frozen=True)
class Vocab:
    """What the consumers of a verb need: what it does in ``words`` (they may name the rules' constants,
    ``{sell_price}``), the ``group`` of the app's controls that shows it and the group's place
    (``order``, smaller first), the ``board`` thing a click picks for it (one of :data:`BOARD`, or
    None), and whether it is ``local``: its effect changes nobody's position but the acting player's."""
    words: str
    group: str = "other"
    order: int = 50
    board: str | None = None
    local: bool = False

    def __post_init__(self) -> None:
        if self.board is not None and self.board not in BOARD:
            raise RuntimeError(f"{self.words!r}: unknown board target {self.board!r} (one of {BOARD})")


@dataclass(frozen=True)
class Verb:
    name: str
    patterns: tuple[Pattern, ...]
    decisions: frozenset[DecisionKind]        # decision kinds in which the verb can be legal
    candidates: Candidates
    check: Check
    do: Do
    vocab: Vocab
    exact: bool = False                       # every candidate is legal: no check when listing
    listing: Listing | None = None            # the legal actions themselves, faster (exact verbs)
    needs: str | None = None                  # a field of the flow that must be non-zero (else no candidate)


VERBS: dict[str, Verb] = {}


def verb(name: str, patterns: Iterable[Pattern], decisions: Iterable[DecisionKind], candidates: Candidates,
         check: Check, vocab: Vocab, exact: bool = False, listing: Listing | None = None,
         needs: str | None = None) -> Callable[[Do], Do]:
    """Register the decorated function as the ``do`` of a verb of the loop."""
    def register(do: Do) -> Do:
        if name in VERBS:
            raise RuntimeError(f"verb {name!r} is registered twice")
        if listing is not None and not exact:
            raise RuntimeError(f"verb {name!r}: a listing is for exact verbs")
        VERBS[name] = Verb(name, tuple(patterns), frozenset(decisions), candidates, check, do, vocab, exact, listing,
                           needs)
        return do
    return register


#: The hooks a department can declare, and what each is called with (``p`` the player, ``dept`` the
#: Department): every hook runs only while an employee stands in the department.
HOOKS = {
    "turn_start": "(state, pi, dept): the player's turn begins with it staffed",
    "track_cost": "(dept, cost) -> cost: study points to enter a track space",
    "donation_price": "(dept, base) -> base: the base price of the next donation",
    "any_site": "(dept) -> bool: a project may go on a site of another type",
    "project_built": "(state, pi, dept, matching): after building a project (matching: on its own type)",
    "department_built": "(state, pi, dept, cell): after building a department tile on cell",
    "income_spaces": "(dept) -> bool: income may be taken from a lower space of the track",
    "enter_taken_final_box": "(dept) -> bool: the disc may enter a final box that is taken",
    "activation_cost": "(dept, price, option) -> (money, VP change): a salary option (raise / cut)",
    "connection_points": "(dept) -> int: points added to every network",
    "connection_bonus": "(dept, points) -> int: VP added to the best connection",
    "end_game": "(state, pi, dept) -> int: VP of an end-game tile",
}

EffectFn = Callable[[State, int, "Department", str, Args], None]
OptionsFn = Callable[[State, int, "Department"], Iterable[Args]]
CheckFn = Callable[[State, int, "Department", Args], "str | None"]
DescribeFn = Callable[[State, int, "Department", Args], str]
SummaryFn = Callable[["Department"], str]


@dataclass(frozen=True)
class DepartmentRules:
    """What a department does. A department without ``effect`` is not used by an action (ongoing or
    end-game tiles, the New Lobby); ``all_at_once`` pools every use into one (HR, R&D, Advanced Design).
    ``board``, ``local``: its use's, as in :class:`Vocab`. ``value``: what a bot values a use at, in
    VP-ish units (a built tile, the turn still to come, the reserved tile; an ongoing or end-game
    tile, its effect); None: the bots derive one from its ``params``. ``summary``: what the tile does, one
    sentence with its numbers (a Message made from the Department: the one wording of its rule, shown
    on its buttons and hovers)."""
    id: str
    summary: SummaryFn
    patterns: tuple[Pattern, ...] = ()
    options: OptionsFn | None = None
    check: CheckFn | None = None
    effect: EffectFn | None = None
    all_at_once: bool = False
    exact: bool = False                       # options are legal whenever the department is usable
    lobby: bool = False                       # the New Lobby: a second lobby for arriving employees
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    describe: DescribeFn | None = None
    board: str | None = None
    local: bool = False
    value: float | None = None

    def __post_init__(self) -> None:
        unknown = set(self.hooks) - set(HOOKS)
        if unknown:
            raise RuntimeError(f"department {self.id!r}: unknown hooks {sorted(unknown)}")
        if (self.effect is None) != (not self.patterns):
            raise RuntimeError(f"department {self.id!r}: an effect needs its notation patterns and options")


DEPARTMENTS: dict[str, DepartmentRules] = {}


def department(rules: DepartmentRules) -> DepartmentRules:
    """Register a department's rules (by the id of its entry in data/departments.json)."""
    if rules.id in DEPARTMENTS:
        raise RuntimeError(f"department {rules.id!r} is registered twice")
    DEPARTMENTS[rules.id] = rules
    return rules

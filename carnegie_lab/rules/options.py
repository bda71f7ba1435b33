"""The options of a new game, each declared once (as OpenSpiel's ``parameter_specification``): its name, the type
of its value, its default, the values it allows and the words of its errors. ``check_options`` checks them for
``new_game`` and a record's options, ``new_state`` takes their defaults, and the session's new-game form, the app's
New game form and ``carnegie-lab simulate``'s flags read their choices and defaults here, so a bad option gets the
same message wherever it comes from."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..core.components import Components
from ..core.errors import OptionError
from ..core.i18n import N_, Message
from ..core.loader import TAB_SIDES
from .box import DEPARTMENT_MODES, department_pool
from .names import hidden_character, name_key, same_names
from .ruleset import Ruleset, ruleset_for
from .solo import NAME as ANDREW_NAME

MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Check:
    """One way an option's value is wrong: ``wrong(value, allowed, options)`` says when (None: a value of another
    type than the option's, or not among those it allows), ``words`` (a message id with the fields {value}, {n},
    {choices}, {most} and {name}) what its error says."""
    wrong: Callable[[Any, Sequence[Any], Mapping[str, Any]], bool] | None
    words: str
    fields: Callable[[Any], Mapping[str, str] | None] | None = None   # more fields of the words, from the value


@dataclass(frozen=True)
class GameOption:
    """An option of a new game: its name, the type of its value (of each name, for the players), its default
    (None: not given; the players have none), the values it allows given the other options (the players: how
    many), and its checks: the first that finds the value wrong gives the error."""
    name: str
    type: type
    default: Any
    allowed: Callable[[Ruleset, Mapping[str, Any]], Sequence[Any]]
    checks: tuple[Check, ...]

    def choices(self, components: Components | None = None, **options: Any) -> tuple[Any, ...]:
        """The values it allows with the shipped data (or ``components``) beside these other options."""
        return tuple(self.allowed(ruleset_for(components), options))

    def problem(self, value: Any, rs: Ruleset | None = None, **options: Any) -> Message | None:
        """What is wrong with ``value`` beside these other options (None: nothing)."""
        rs = rs or ruleset_for(None)
        given = {**options, self.name: value}
        allowed = self.allowed(rs, given)
        for check in self.checks:
            if check.wrong(value, allowed, given) if check.wrong else not self.fits(value, allowed):
                return N_(check.words, value=repr(value), n=len(value) if isinstance(value, (list, tuple)) else value,
                          choices=allowed if isinstance(allowed, range) else tuple(allowed),
                          most=allowed[-1] if allowed else None, name=repr(ANDREW_NAME),
                          **((check.fields and check.fields(value)) or {}))
        return None

    def fits(self, value: Any, allowed: Sequence[Any]) -> bool:
        """Whether a value is of the option's type (not a bool for a number) and allowed, or not given (None)
        where the option has no default."""
        return self.default is None if value is None else type(value) is self.type and value in allowed

    def check(self, rs: Ruleset, options: Mapping[str, Any]) -> None:
        """OptionError naming this option unless its value in ``options`` (or its default) is allowed."""
        problem = self.problem(options.get(self.name, self.default), rs, **options)
        if problem is not None:
            raise OptionError(self.name, problem)


def _solo(options: Mapping[str, Any]) -> bool:
    return options.get("solo_level") is not None


def _names(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(n, str) for n in value)


def _removable(rs: Ruleset, options: Mapping[str, Any]) -> range:
    """How many tiles a 4-player game may remove: up to one left for every reserve."""
    box = department_pool(rs, options.get("departments", DEPARTMENTS.default))
    return range(sum(box.values()) - len(options.get("players") or ()) + 1)


#: the words of a value that is not among a few
_AMONG = N_("must be one of {choices}, not {value}")

PLAYERS = GameOption("players", str, None, lambda rs, options: (1, *sorted(rs.constants.action_choice_seats)), (
    Check(lambda v, allowed, o: not _names(v), N_("expected a list of player names, got {value}")),
    Check(lambda v, allowed, o: len(v) not in allowed,
          N_("Carnegie is played by 2 to 4 players (or 1 against Andrew), not {n}")),
    Check(lambda v, allowed, o: not all(n.strip() for n in v), N_("every player needs a name")),
    Check(lambda v, allowed, o: hidden_character(v) is not None,
          N_("the name {which} holds an invisible or control character ({code})"), hidden_character),
    Check(lambda v, allowed, o: same_names(v), N_("player names must differ, and not only in capitals: {value}")),
    Check(lambda v, allowed, o: _solo(o) and name_key(v[0]) == name_key(ANDREW_NAME),
          N_("{name} is the solo opponent's name"))))
SEED = GameOption("seed", int, 0, lambda rs, options: range(MAX_SEED + 1), (
    Check(None, N_("expected a whole number from 0 to {most}, got {value}")),))
DEPARTMENTS = GameOption("departments", str, "base", lambda rs, options: tuple(DEPARTMENT_MODES), (
    Check(None, _AMONG),))
TAB_SIDE = GameOption("tab_side", str, "A", lambda rs, options: TAB_SIDES, (Check(None, _AMONG),))
REMOVE_FOR_FOUR = GameOption("remove_for_four", int, None, _removable, (
    Check(None, N_("must be a whole number from 0 to {most}, not {value}")),))
SOLO_LEVEL = GameOption("solo_level", int, None, lambda rs, options: tuple(sorted(rs.constants.solo_decks)), (
    Check(None, _AMONG),
    Check(lambda v, allowed, o: (len(o.get("players") or ()) == 1) != (v is not None),
          N_("a solo game is one player with a solo_level, one of {choices}; 2 to 4 players have none"))))

#: every option of a new game, by name, in the order of a record's options
GAME_OPTIONS = {option.name: option for option in (PLAYERS, SEED, DEPARTMENTS, TAB_SIDE, REMOVE_FOR_FOUR, SOLO_LEVEL)}


def check_options(rs: Ruleset, players: Any, seed: Any, options: Mapping[str, Any]) -> None:
    """Check the options of a new game (types, ranges, and how they go together) before anything is built."""
    unknown = sorted(set(options) - set(GAME_OPTIONS))
    if unknown:
        raise OptionError(unknown[0], N_("unknown option"))
    given = {**options, "players": players, "seed": seed}
    for option in GAME_OPTIONS.values():
        option.check(rs, given)


def with_defaults(names: list[str], seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's options, each one not given at its default, in the order of ``GAME_OPTIONS``."""
    given = {**options, "players": list(names), "seed": seed}
    return {name: given.get(name, option.default) for name, option in GAME_OPTIONS.items()}

"""The hand evaluation's weights (:class:`Weights`) and the tuned sets kept in ``weights.json``.

``weights.json`` is written by ``research/tune_weights.py`` (self-play; it records how): one set per
mode, ``"solo"`` for games against Andrew and ``"duel"`` for games between players, each given as
the fields that differ from the defaults below. :func:`tuned_weights` reads it (once per file).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Union

from ...core.errors import CarnegieError, DataError
from ...core.i18n import N_

#: the tuned weights shipped with the package
WEIGHTS_FILE = Path(__file__).with_name("weights.json")
MODES = ("solo", "duel")


@dataclass(frozen=True)
class Weights:
    """The hand evaluation's knobs, one per field (its comment says what it weighs).

    ``t`` in the comments is the share of the game still to play (1 at the start, 0 at the end); most
    potentials are multiplied by it.
    """
    money: float = 0.4             # per $ at the start of the game ...
    money_end: float = 0.0         # ... and at its end
    goods: float = 1.0
    goods_end: float = 0.3
    study: float = 0.25            # study points as transport income
    employee_income: float = 1.2   # an employee arriving as income
    standing: float = 2.5          # future uses of a standing (non-permanent) employee, times t
    lying_ready: float = 1.6       # an employee lying where a workstation is free, times t (+ 0.4)
    lying_idle: float = 0.6        # an employee lying where it cannot stand up, times t (+ 0.15)
    mission_return: float = 0.5    # an employee coming home from a mission, times t
    tab_disc: float = 0.7          # a project waiting on a tab, times t
    track_step: float = 0.35       # a step on a transport track, times t
    department: float = 0.2        # a built department tile, times its use value and t
    income_share: float = 0.6      # share of the income events still to come that pay a player
    path: float = 0.5              # share of a major-city link's VP per missing city ...
    path_decay: float = 0.5        # ... shrinking by this factor for each further missing city
    turn: float = 1.0              # the departments a player will use this round
    token: float = 0.04            # a move or study point left in the current turn
    opponents: float = 0.5         # weight of the best opponent's value in the margin ...
    solo_opponent: float = 1.0     # ... and of Andrew's in solo
    reserve: float = 0.8           # the reserved tile's preference, times t


#: how a bot is given its weights: None (the tuned set of the game's mode), a mapping of
#: :class:`Weights` fields (changes to that tuned set) or a whole :class:`Weights`
WeightsSpec = Union[Weights, Mapping[str, float], None]


def check_weights(weights: WeightsSpec) -> WeightsSpec:
    """A checked :data:`WeightsSpec`.

    Args:
        weights: None, a :class:`Weights`, or a mapping of its fields to numbers.

    Returns:
        ``weights`` (a mapping copied into a dict).

    Raises:
        CarnegieError: Neither None, a Weights nor a mapping; an unknown field or a value that is not a number,
            naming it.
    """
    if weights is None or isinstance(weights, Weights):
        return weights
    if not isinstance(weights, Mapping):
        raise CarnegieError(f"weights must be a mapping of weight names to numbers, not {weights!r}")
    names = {f.name for f in fields(Weights)}
    for key, value in weights.items():
        if key not in names:
            raise CarnegieError(f"unknown weight {key!r}: choose from {', '.join(sorted(names))}")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise CarnegieError(f"weight {key} must be a number, not {value!r}")
    return dict(weights)


def load_weights(path: Path = WEIGHTS_FILE) -> dict[str, Weights]:
    """The weight sets of a weights file.

    Args:
        path: The file (default: the shipped ``weights.json``).

    Returns:
        The weights by mode (``"solo"``, ``"duel"``; a mode missing from the file is absent).

    Raises:
        DataError: A file that is not such a weights file, naming the bad field.
    """
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise DataError(str(path), "(file)", str(e)) from None
    out = {}
    for mode, entry in data.items():
        if mode not in MODES:
            raise DataError(str(path), mode, N_("unknown mode (expected {modes})", modes=", ".join(MODES)))
        given = entry.get("weights", {}) if isinstance(entry, dict) else None
        if not isinstance(given, dict):
            raise DataError(str(path), f"{mode}.weights", N_("must map Weights fields to numbers"))
        try:
            check_weights(given)
        except ValueError as e:
            raise DataError(str(path), f"{mode}.weights", str(e)) from None
        out[mode] = Weights(**{k: float(v) for k, v in given.items()})
    return out


@lru_cache(maxsize=4)
def tuned_weights(path: Path = WEIGHTS_FILE) -> dict[str, Weights]:
    """:func:`load_weights` of a file, kept (an empty dict when it is not there)."""
    return load_weights(path) if Path(path).exists() else {}

"""The department tiles in the box: the modes a game may use, the tiles of a mode, and the pool of a solo game
with the expansion."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core.i18n import N_

if TYPE_CHECKING:
    from .ruleset import Ruleset

#: the department tiles a game may use: mode -> what it is called
DEPARTMENT_MODES = {"base": N_("Base game"), "base+expansion": N_("Base game + expansion"),
                    "expansion-open-bar": N_("Open bar: one of every tile")}


def department_pool(rs: Ruleset, mode: str) -> dict[str, int]:
    """Tiles in the box for a mode, by department id."""
    copies = rs.constants.department_copies
    tiles = [d for d in rs.components.departments.values() if not d.starting]
    if mode == "base":
        return {d.id: copies for d in tiles if not d.expansion}
    if mode == "base+expansion":
        return {d.id: copies for d in tiles}
    return {d.id: 1 for d in tiles}


def solo_expansion_pool(rs: Ruleset, rng: random.Random, box: dict[str, int]) -> dict[str, int]:
    """The tiles of the box a solo game with the expansion uses (the solo helper's pool): for each
    department type, as many of its departments as the base game has, drawn at random from the base
    and expansion departments of that type, with all their copies; the others get 0."""
    tiles = [d for d in rs.components.departments.values() if d.id in box]
    pool = dict.fromkeys(box, 0)
    for dept_type in dict.fromkeys(d.type for d in tiles):
        of_type = [d for d in tiles if d.type == dept_type]
        for d in rng.sample(of_type, sum(1 for d in of_type if not d.expansion)):
            pool[d.id] = box[d.id]
    return pool

"""Helpers for the view tests: playing positions and finding traces."""
from __future__ import annotations

import random

import carnegie_lab as cl
from carnegie_lab.core.loader import components


def play(game: cl.Game, seed: int, until_round: int | None = None, steps: int | None = None) -> cl.Game:
    """Play with ``rng.choice`` over the legal actions, preferring anything but "done" and "sell", until a round
    begins (or for a number of steps, or to the end)."""
    rng = random.Random(seed)
    count = 0
    while not game.is_over:
        if until_round is not None and game.round >= until_round:
            break
        if steps is not None and count >= steps:
            break
        actions = game.legal_actions()
        preferred = [a for a in actions if a.verb not in ("done", "sell")]
        game.apply(rng.choice(preferred or actions))
        count += 1
    return game


GAME_OPTIONS = ("solo_level", "departments", "tab_side")


def played(names, seed, **kw) -> cl.Game:
    """A new game (``GAME_OPTIONS`` go to ``cl.new_game``, the rest to ``play``) played with the same seed."""
    options = {k: kw.pop(k) for k in GAME_OPTIONS if k in kw}
    return play(cl.new_game(names, seed=seed, **options), seed, **kw)


def with_state(game: cl.Game, change) -> cl.Game:
    """A copy of a position with its JSON snapshot edited (for situations a short random game rarely reaches),
    on the same component data."""
    position = game.to_position()
    change(position["state"])
    return cl.Game.from_position(position, components=game.components)


def _project_spaces(p: dict, ptype: str) -> list[int]:
    sides = components().tabs[ptype].sides[p["tab_side"]]
    return [i for i, space in enumerate(sides) if space.kind == "project"]


def reveal(state: dict, seat: int, ptype: str, revealed: int) -> None:
    """Edit a state dict: the seat's tab shows `revealed` spaces (a disc of the supply goes on each
    project space newly shown, so the 30 discs still add up)."""
    p = state["players"][seat]
    old, built = p["tabs"][ptype]
    shown = sum(1 for i in _project_spaces(p, ptype) if i < revealed)
    assert shown >= built
    p["discs"] -= shown - sum(1 for i in _project_spaces(p, ptype) if i < old)
    assert p["discs"] >= 0
    p["tabs"][ptype] = [revealed, built]


def remove_disc(state: dict, key: str) -> None:
    """Edit a state dict: no disc on the site (a player's disc goes back on its tab)."""
    disc = state["board"]["sites"].pop(key, None)
    if disc is not None and isinstance(disc[0], int):
        revealed, built = state["players"][disc[0]]["tabs"][disc[1]]
        state["players"][disc[0]]["tabs"][disc[1]] = [revealed, built - 1]


def build_disc(state: dict, key: str, seat: int, ptype: str) -> None:
    """Edit a state dict: the seat builds a project on the (free) site, its tab's right-most disc (the
    next project space revealed first if no disc waits on the tab)."""
    assert key not in state["board"]["sites"]
    p = state["players"][seat]
    revealed, built = p["tabs"][ptype]
    if sum(1 for i in _project_spaces(p, ptype) if i < revealed) == built:
        reveal(state, seat, ptype, next(i for i in _project_spaces(p, ptype) if i >= revealed) + 1)
        revealed = p["tabs"][ptype][0]
    p["tabs"][ptype] = [revealed, built + 1]
    state["board"]["sites"][key] = [seat, ptype]


def trace(fig, name: str):
    """The trace with this name (exactly one)."""
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"{len(found)} traces named {name!r}"
    return found[0]


def segments(xs) -> int:
    """Polygons or line segments in a None-separated coordinate list."""
    return sum(1 for v in xs if v is None)

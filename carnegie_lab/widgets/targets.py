"""The board as controls: which things on the figures a click can choose now, and what it plays.

``board_targets(game)`` maps each kind of figure to its clickable keys (the views' highlight keys)
and, for each, the action a click plays and a sentence saying what it does and costs (the engine's
``describe`` for a department's use). Pure data: the board draws them (``targets=`` of the views)
and the dashboard plays a click's notation like any control's. What the board cannot show as one
thing to click (the company grid's two-click moves, a picker's mission region) stays in the controls.

- map: a city for the starting Housing project; a free construction site for a department that
  builds a project in a city (Construction, Engineering, Construction Outsourcing);
- timeline: a row (its label) to choose;
- tracks: the next space of the deciding player's transport track, or of their project tab, to study.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from .labels import Labels

KINDS = ("map", "timeline", "tracks")


@dataclass(frozen=True)
class Target:
    """A thing on the board to click: the action it plays and what that does, in words."""
    notation: str
    text: str


def board_targets(game: Game) -> dict[str, dict[str, Target]]:
    """``{kind: {key: Target}}`` for the current decision (every kind present, maybe empty). When
    two actions would have the same key (two departments that build), the first one listed is the
    click's and the hover names the other (the controls play it)."""
    out: dict[str, dict[str, Target]] = {kind: {} for kind in KINDS}
    if game.is_over:
        return out
    seat = game.current_player
    assert seat is not None
    L = Labels(game)
    grammar = game.rules.grammar
    for a in game.legal_actions():
        notation, args = str(a), a.args
        if a.verb == "house":
            city = L.C.cities[args[0]]
            _add(out["map"], args[0], Target(notation, f"{city.name}: place your starting Housing project here "
                                                       f"({city.size} city, {city.vp} VP per disc)"))
        elif a.verb in game.rules.by_code and ("project", "city") in grammar.get(a.verb, ()) and len(args) == 2:
            site = _site_for(game, args[1], args[0])
            if site is not None:
                dept = L.department(a.verb)
                assert dept is not None
                _add(out["map"], site, Target(notation, f"{dept.name}: {game.describe(a)}"))
        elif a.verb == "choose":
            label, _tip = L.timeline_row(args[0])
            _add(out["timeline"], args[0], Target(notation, f"choose {label}"))
        elif a.verb == "track":
            space = game.track_space(seat, args[0]) + 1
            _add(out["tracks"], f"track/{args[0]}/{space}", Target(notation, L.track_step(seat, args[0])))
        elif a.verb == "tab":
            revealed = game.tab(seat, args[0])[0]
            _add(out["tracks"], f"tab/{seat}/{args[0]}/{revealed}", Target(notation, L.tab_step(seat, args[0])))
    return out


def _site_for(game: Game, city: str, ptype: str) -> str | None:
    """The free site of the city a project of this type takes (its left-most fitting one)."""
    sites = {s.index: s for s in game.components.cities[city].sites}
    return next((key for key in game.free_sites(city) if sites[int(key.rsplit("/", 1)[1])].takes(ptype)), None)


def _add(targets: dict[str, Target], key: str, target: Target) -> None:
    first = targets.get(key)
    if first is None:
        targets[key] = target
    elif "also:" not in first.text:
        targets[key] = Target(first.notation, f"{first.text} (also: {target.text}, in the controls)")


__all__ = ["KINDS", "Target", "board_targets"]

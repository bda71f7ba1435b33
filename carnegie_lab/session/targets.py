"""The board as controls: which things on the figures a click can choose now, and what it plays.

``board_targets(game, source)`` maps each kind of figure to its clickable keys (the views' highlight
keys) and, for each, the action a click plays and a sentence saying what it does and costs (the
engine's ``describe`` for a department's use). Pure data: the board draws them (``targets=`` of the
views) and the dashboard plays a click's notation like any control's. What the board cannot show as
one thing to click (a picker's mission region, a donation with a mission) stays in the controls.

- map: a city for the starting Housing project; a free construction site for a department that
  builds a project in a city (Construction, Engineering, Construction Outsourcing);
- timeline: a row (its label) to choose;
- tracks: the next space of the deciding player's transport track, or of their project tab, to study;
- donations: a free space of the donation chart, when a donation may be made;
- company (the deciding player's): a move is two clicks. Without ``source`` the cells holding an
  employee who can move are ringed, and a click on one only chooses it (``Target.selects``); with
  ``source`` (that cell) the cells it can go to are ringed and play the move, and the source itself
  takes the choice back. One click plays a lobby for an arriving employee, a cell to take an employee
  from into a department just built (Property Management), and the workstation where a lying
  employee stands up (activation: the cheapest free one, where the rules put it).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action
from ..engine import Game
from ..views.palette import donation_terms
from .labels import Labels

KINDS = ("map", "timeline", "tracks", "donations", "company")
MOVES = ("move", "relocate")          # the verbs of an employee's move (cell to cell): two clicks


@dataclass(frozen=True)
class Target:
    """A thing on the board to click: the action it plays and what that does, in words. A click
    with no action (``notation`` "") only chooses the employee to move: the one on cell ``selects``,
    or none again (None)."""
    notation: str
    text: str
    selects: str | None = None


def board_targets(game: Game, source: str | None = None) -> dict[str, dict[str, Target]]:
    """``{kind: {key: Target}}`` for the current decision (every kind present, maybe empty), with
    the employee on cell ``source`` chosen to move (ignored if no move starts there). When two
    actions would have the same key (two departments that build, an activation that may also raise
    or cut the salary), the first one listed is the click's and the hover names the others (the
    controls play them)."""
    out: dict[str, dict[str, list[Target]]] = {kind: {} for kind in KINDS}
    if game.is_over:
        return {kind: {} for kind in KINDS}
    seat = game.current_player
    assert seat is not None
    L = Labels(game)
    legal = game.legal_actions()
    moves = {(a.args[0], a.args[1]): str(a) for a in legal if a.verb in MOVES}
    if source not in {s for s, _ in moves}:
        source = None
    for a in legal:
        notation, args = str(a), a.args
        if a.verb == "house":
            city = L.C.cities[args[0]]
            _add(out["map"], args[0], Target(notation, f"{city.name}: place your starting Housing project here "
                                                       f"({city.size} city, {city.vp} VP per disc)"))
        elif game.department(a.verb) is not None and ("project", "city") in game.patterns(a.verb) and len(args) == 2:
            site = game.build_site(seat, args[1], args[0])
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
        elif a.verb == "donate":
            d = L.C.donations[args[0]]
            _add(out["donations"], d.id, Target(notation, f"{d.name}: donate here for ${game.donation_price(seat)} "
                                                          f"and a disc ({donation_terms(L.C, d.formula)} at the "
                                                          "end of the game)"))
        elif a.verb in MOVES:
            cell, to = args[0], args[1]
            if source is None:
                _add(out["company"], cell, Target("", f"{_cell(L, seat, cell)}: move one of its employees "
                                                      "(click, then a ringed cell)", selects=cell))
            elif cell == source:
                _add(out["company"], to, Target(notation, f"move an employee from {_cell(L, seat, cell)} to "
                                                          f"{_cell(L, seat, to)}"))
        elif a.verb == "lobby":
            _add(out["company"], args[0], Target(notation, f"the arriving employee lies down in "
                                                           f"{_cell(L, seat, args[0])}"))
        elif a.verb == "property":
            built = game.decision.context.cell or "?"
            _add(out["company"], args[0], Target(notation, f"move an employee from {_cell(L, seat, args[0])} "
                                                           f"into {_cell(L, seat, built)}"))
        elif a.verb == "activate":
            _add(out["company"], _workstation(game, seat, args[0]), Target(notation, _activation(game, L, a)))
    if source is not None:
        _add(out["company"], source, Target("", f"{_cell(L, seat, source)}: the employee chosen to move; "
                                                "click again to choose none", selects=None))
    return {kind: {key: _merged(targets) for key, targets in keys.items()} for kind, keys in out.items()}


def _cell(L: Labels, seat: int, cell: str) -> str:
    name = L.department_of_cell(seat, cell)
    return f"the empty cell {cell}" if name == "empty" else f"{name} ({cell})"


def _workstation(game: Game, seat: int, cell: str) -> str:
    """The key of the workstation an activation in ``cell`` stands the employee on."""
    i = game.free_workstation(seat, cell)
    return cell if i is None else f"{cell}/{i}"


def _activation(game: Game, L: Labels, a: Action) -> str:
    cost, vp = game.activation_cost(a)
    salary = {"raise": ", raising the salary", "cut": ", cutting the salary"}.get(a.args[-1], "") \
        if len(a.args) == 2 else ""
    extra = f" ({vp:+d} VP)" if vp else ""
    seat = game.current_player
    assert seat is not None
    return f"{_cell(L, seat, a.args[0])}: stand a lying employee up here for ${cost}{salary}{extra}"


def _add(targets: dict[str, list[Target]], key: str, target: Target) -> None:
    same = targets.setdefault(key, [])
    if target not in same:                    # a cell's employee is chosen once, whatever its moves
        same.append(target)


def _merged(targets: list[Target]) -> Target:
    """The first target of a key, its text naming the others (which the controls play)."""
    first, others = targets[0], targets[1:]
    if not others:
        return first
    also = "; ".join(t.text for t in others)
    return Target(first.notation, f"{first.text} (also: {also}, in the controls)", first.selects)


__all__ = ["KINDS", "MOVES", "Target", "board_targets"]

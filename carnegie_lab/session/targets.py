"""The board as controls: which things on the figures a click can choose now, and what it plays.

``board_targets(game, source)`` maps each kind of figure to its clickable keys (the views' highlight
keys) and, for each, the action a click plays and a sentence saying what it does and costs (the
engine's ``describe`` for a department's use). Pure data: the board draws them (``targets=`` of the
views) and the dashboard plays a click's notation like any control's. What the board cannot show as
one thing to click (a picker's mission region, a donation with a mission) stays in the controls.

- map: a city for the starting Housing project; a free construction site for a department that
  builds a project in a city (Construction, Engineering, Construction Outsourcing); the city a
  department's use names (its ``board`` is ``"city"``);
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
from typing import Mapping

from ..core.actions import Action
from ..core.words import CITY_SIZES
from ..engine import Game
from ..views.palette import city_target, donation_terms
from .labels import Labels

KINDS = ("map", "timeline", "tracks", "donations", "company")


@dataclass(frozen=True)
class Target:
    """A thing on the board to click: the action it plays and what that does, in words. A click
    with no action (``notation`` "") only chooses the employee to move: the one on cell ``selects``,
    or none again (None)."""
    notation: str
    text: str
    selects: str | None = None


@dataclass(frozen=True)
class _At:
    """What every board target reads: the game, the deciding seat, the words, the chosen source."""
    game: Game
    seat: int
    words: Labels
    source: str | None


Place = tuple[str, str, Target] | None        # (kind, key, target), or nothing to click


def board_targets(game: Game, source: str | None = None, lang: str | None = None) -> dict[str, dict[str, Target]]:
    """``{kind: {key: Target}}`` for the current decision (every kind present, maybe empty), with
    the employee on cell ``source`` chosen to move (ignored if no move starts there). What a verb's
    click picks is its ``Vocab.board`` (see :data:`TARGETS`). When two actions would have the same
    key (two departments that build, an activation that may also raise or cut the salary), the first
    one listed is the click's and the hover names the others (the controls play them)."""
    out: dict[str, dict[str, list[Target]]] = {kind: {} for kind in KINDS}
    if game.is_over:
        return {kind: {} for kind in KINDS}
    seat = game.current_player
    assert seat is not None
    verbs = game.rules.verbs
    legal = [(a, verbs[a.verb].vocab.board) for a in game.legal_actions()]
    if source not in {a.args[0] for a, board in legal if board == "move"}:
        source = None
    at = _At(game, seat, Labels(game, lang), source)
    _ = at.words._
    for a, board in legal:
        place = TARGETS[board](at, a) if board is not None else None
        if place is not None:
            kind, key, target = place
            _add(out[kind], key, target)
    if source is not None:
        _add(out["company"], source, Target("", _("{cell}: the employee chosen to move; click again to choose none")
                                            .format(cell=at.words.cell(seat, source)), selects=None))
    return {kind: {key: _merged(targets, _) for key, targets in keys.items()} for kind, keys in out.items()}


def target_of(targets: Mapping[str, Mapping[str, Target]], kind: str, key: str) -> Target | None:
    """What a click on ``key`` of a ``kind`` of figure chooses, of ``board_targets``: on the map a
    city chooses its site to build on (the city's marker takes the clicks over its sites)."""
    of_kind = targets.get(kind, {})
    if kind == "map":
        key = city_target(of_kind, key) or key
    return of_kind.get(key)


def _start(at: _At, a: Action) -> Place:
    L = at.words
    city = L.C.cities[a.args[0]]
    return "map", city.id, Target(str(a), L._("{city}: place your starting Housing project here ({size} city, "
                                              "{vp} VP per disc)").format(city=L.city(city.id),
                                                                          size=L._(CITY_SIZES[city.size]), vp=city.vp))


def _used(at: _At, a: Action) -> Target:
    """The target of a department's use: its name and what the use does."""
    dept = at.words.department(a.verb)
    assert dept is not None
    return Target(str(a), f"{at.words._(dept.name)}: {at.game.describe(a, lang=at.words.lang)}")


def _site(at: _At, a: Action) -> Place:
    ptype, city = a.args
    site = at.game.build_site(at.seat, city, ptype)
    return None if site is None else ("map", site, _used(at, a))


def _city(at: _At, a: Action) -> Place:
    return "map", a.args[0], _used(at, a)


def _row(at: _At, a: Action) -> Place:
    label, _tip = at.words.timeline_row(a.args[0])
    return "timeline", a.args[0], Target(str(a), at.words._("choose {row}").format(row=label))


def _track(at: _At, a: Action) -> Place:
    region = a.args[0]
    space = at.game.track_space(at.seat, region) + 1
    return "tracks", f"track/{region}/{space}", Target(str(a), at.words.track_step(at.seat, region))


def _tab(at: _At, a: Action) -> Place:
    ptype = a.args[0]
    revealed = at.game.tab(at.seat, ptype)[0]
    return "tracks", f"tab/{at.seat}/{ptype}/{revealed}", Target(str(a), at.words.tab_step(at.seat, ptype))


def _donation(at: _At, a: Action) -> Place:
    L = at.words
    d = L.C.donations[a.args[0]]
    return "donations", d.id, Target(str(a), L._("{name}: donate here for ${price} and a disc ({terms} at the end "
                                                 "of the game)").format(name=L.donation(d.id),
                                                                        price=at.game.donation_price(at.seat),
                                                                        terms=donation_terms(L.C, d.formula, L.lang)))


def _move(at: _At, a: Action) -> Place:
    L, seat = at.words, at.seat
    cell, to = a.args[0], a.args[1]
    if at.source is None:
        return "company", cell, Target("", L._("{cell}: move one of its employees (click, then a ringed cell)").format(
            cell=L.cell(seat, cell)), selects=cell)
    if cell == at.source:
        return "company", to, Target(str(a), L._("move an employee from {source} to {target}").format(
            source=L.cell(seat, cell), target=L.cell(seat, to)))
    return None


def _lobby(at: _At, a: Action) -> Place:
    return "company", a.args[0], Target(str(a), at.words._("the arriving employee lies down in {cell}").format(
        cell=at.words.cell(at.seat, a.args[0])))


def _property(at: _At, a: Action) -> Place:
    L, seat = at.words, at.seat
    built = at.game.decision.context.cell or "?"
    return "company", a.args[0], Target(str(a), L._("move an employee from {source} into {target}").format(
        source=L.cell(seat, a.args[0]), target=L.cell(seat, built)))


def _activate(at: _At, a: Action) -> Place:
    return "company", _workstation(at.game, at.seat, a.args[0]), Target(str(a), _activation(at.game, at.words, a))


#: what a click on the board plays, by the board thing a verb picks (its ``Vocab.board``)
TARGETS = {"start": _start, "site": _site, "city": _city, "row": _row, "track": _track, "tab": _tab,
           "donation": _donation, "move": _move, "lobby": _lobby, "property": _property, "activate": _activate}


def _workstation(game: Game, seat: int, cell: str) -> str:
    """The key of the workstation an activation in ``cell`` stands the employee on."""
    i = game.free_workstation(seat, cell)
    return cell if i is None else f"{cell}/{i}"


def _activation(game: Game, L: Labels, a: Action) -> str:
    cost, vp = game.activation_cost(a)
    _ = L._
    salary = {"raise": _(", raising the salary"), "cut": _(", cutting the salary")}.get(a.args[-1], "") \
        if len(a.args) == 2 else ""
    extra = " " + _("({vp} VP)").format(vp=f"{vp:+d}") if vp else ""
    seat = game.current_player
    assert seat is not None
    return _("{cell}: stand a lying employee up here for ${cost}{salary}{extra}").format(
        cell=L.cell(seat, a.args[0]), cost=cost, salary=salary, extra=extra)


def _add(targets: dict[str, list[Target]], key: str, target: Target) -> None:
    same = targets.setdefault(key, [])
    if target not in same:                    # a cell's employee is chosen once, whatever its moves
        same.append(target)


def _merged(targets: list[Target], _) -> Target:
    """The first target of a key, its text naming the others (which the controls play)."""
    first, others = targets[0], targets[1:]
    if not others:
        return first
    also = "; ".join(t.text for t in others)
    return Target(first.notation, _("{text} (also: {others}, in the controls)").format(text=first.text, others=also),
                  first.selects)


__all__ = ["KINDS", "TARGETS", "Target", "board_targets", "target_of"]

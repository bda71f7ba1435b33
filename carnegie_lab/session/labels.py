"""Words for the things on the board and for actions: names of cities, regions, departments,
project types, donations, a short sentence for a timeline row or a study step, and an action in words
(``Labels.action``: what the replay says a seat played). Read-only: nothing here changes a game.

:class:`Labels` reads one game's component data (``game.components``), so games on other data get
their own words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.components import Department
from ..core.state import ANDREW
from ..views.palette import DEPARTMENT_TYPE_NAMES, donation_condition

if TYPE_CHECKING:
    from ..engine import Game

TYPE_NAMES = DEPARTMENT_TYPE_NAMES

#: The Done button's words in each kind of decision (the controls' footer, the replay's steps).
DONE_LABELS = {"setup": "Done moving", "turn": "End my turn", "event": "Done (skip the rest)",
               "activate": "Done activating", "property": "Skip (move nobody)",
               "relocate": "Done moving"}

#: What an action says when the engine took it for the seat (a decision with nothing to choose).
AUTOMATIC = "nothing to decide: the game went on"

#: The words of the notation's fixed arguments (``activate b2 raise``, ``income 2 at 3``).
LITERALS = {"raise": "raising the salary", "cut": "cutting the salary", "at": "with the income of track space"}


def type_name(action_type: str) -> str:
    return TYPE_NAMES.get(action_type, action_type)


class Labels:
    """The words of one game's components."""

    def __init__(self, game: Game):
        self.game = game
        self.C = C = game.components
        #: the department types (the timeline rows, top to bottom)
        self.types: tuple[str, ...] = tuple(C.timeline.rows)
        self.regions: tuple[str, ...] = tuple(C.regions)

    # -- names ----------------------------------------------------------------------------------------
    def city(self, city_id: str) -> str:
        cities = self.C.cities
        return cities[city_id].name if city_id in cities else city_id

    def region(self, region_id: str) -> str:
        regions = self.C.regions
        return regions[region_id].name if region_id in regions else region_id

    def department(self, code: str) -> Department | None:
        """The department a verb or tile code names (None for another word)."""
        return self.game.department(code)

    def department_of_cell(self, seat: int, cell: str) -> str:
        """What is on a company cell: a department's name, "Lobby" or "empty"."""
        dept_id = self.game.department_at(seat, cell)
        if dept_id is None:
            return "empty"
        dept = self.C.departments.get(dept_id)
        return dept.name if dept is not None else dept_id.capitalize()

    def owner(self, owner: object) -> str:
        """Who holds a piece: a seat's player name, Andrew Carnegie, or "neutral"."""
        players = self.game.players
        if isinstance(owner, int) and 0 <= owner < len(players):
            return players[owner]
        if owner == ANDREW:     # the scores name every seat, Andrew last
            return next(n for n in self.game.scores() if n not in players)
        return str(owner)

    def project(self, ptype: str) -> str:
        tabs = self.C.tabs
        return tabs[ptype].name if ptype in tabs else ptype

    def donation(self, donation_id: str) -> str:
        donations = self.C.donations
        return donations[donation_id].name if donation_id in donations else donation_id

    def donation_short(self, donation_id: str) -> str:
        """'Education: HR departments' -> 'HR departments' (the chart's column says the theme)."""
        donations = self.C.donations
        return donation_condition(donations[donation_id]) if donation_id in donations else donation_id

    def tile_effect(self, code: str) -> str:
        """What a Department tile does, in a few words, without hovering. A use that is one fixed gain
        says it as the engine's ``describe`` does ("+$8 or +8 moves"); a use with a choice shows one
        example of it ("e.g. sell 1 goods → $6"); the rest give the tile's numbers from the data
        ("money per project 2"). Ongoing and end-game tiles say so, and the mission."""
        d = self.department(code)
        if d is None:
            return code
        sample = {"region": self.regions[0], "count": "1", "project": next(iter(self.C.tabs)),
                  "city": next(iter(self.C.cities)), "name": next(iter(self.C.donations))}
        grammar = [p for p in self.game.patterns(code) if p and p[0] != "region"
                   and all(t.startswith("=") or t in sample for t in p)]
        params = ", ".join(k.replace("_", " ") + ("" if v is True else f" {v}")
                           for k, v in d.params.items() if v is not False)
        if grammar and not d.ongoing:
            uses = [" ".join((code, *(t[1:] if t.startswith("=") else sample[t] for t in p))) for p in grammar]
            effect = " or ".join(dict.fromkeys(self.game.describe(u, mission=False) for u in uses))
            if any(t in sample and t != "region" for p in grammar for t in p):
                effect = f"e.g. {effect}" + (f" ({params})" if params else "")
        else:
            effect = params or "ongoing effect" if d.ongoing else params or "see the rules"
        when = "ongoing: " if d.ongoing and effect != "ongoing effect" else "at game end: " if d.end_game else ""
        mission = {"always": " · with a mission", "optional": " · mission optional"}.get(d.mission, "")
        return f"{when}{effect}{mission}"

    # -- sentences ------------------------------------------------------------------------------------
    def action(self, action: Action | str) -> str:
        """What an action does, in the controls' words, said on the game before it is played: 'use
        Construction (build a Commerce project in Chicago (1 goods), mission to the Midwest)', 'move an
        employee from b2 to a2', 'End my turn'. Its notation (``str(action)``) is for the analysts, on hover."""
        game = self.game
        a = game.parse(action)
        if a.verb == "done":
            return DONE_LABELS.get(game.decision.kind, "Done")
        vocab = game.rules.verbs[a.verb].vocab
        if self.department(a.verb) is not None:
            return f"{vocab.words} ({game.describe(a)})"
        words = vocab.words
        kinds = next((p for p in game.patterns(a.verb) if len(p) == len(a.args)), ())
        named = [self._argument(kind, arg) for kind, arg in zip(kinds, a.args)]
        if kinds == ("cell", "cell"):
            return f"{words} from {a.args[0]} to {a.args[1]}"
        if vocab.group == "income":
            count, region = int(a.args[0]), game.decision.context.income
            return (f"{words}: {count} employee{'s' if count != 1 else ''} home"
                    + (f" from the {self.region(region)}" if region else "") + "".join(f" {n}" for n in named[1:]))
        return f"{words}: {' '.join(named)}" if named else words

    def _argument(self, kind: str, arg: str) -> str:
        """One argument of an action, named as the board names it."""
        if kind.startswith("="):
            return LITERALS.get(arg, arg)
        seat = self.game.decision.player
        if kind == "cell" and seat is not None:
            return f"{self.department_of_cell(seat, arg)} ({arg})"
        if kind == "name":
            dept = self.department(arg)
            return dept.name if dept is not None else self.donation(arg)
        named = {"city": self.city, "region": self.region, "type": type_name, "project": self.project}.get(kind)
        return named(arg) if named is not None else arg

    def event_text(self, income: str | None, donation_ok: bool) -> str:
        parts = []
        if income:
            parts.append(f"Take Income in the {self.region(income)}")
        if donation_ok:
            parts.append("Make a Donation")
        return " and ".join(parts) or "no event"

    def timeline_row(self, action_type: str) -> tuple[str, str]:
        """(label, tooltip) of a timeline row as a choice: its departments and the event it triggers."""
        name = type_name(action_type)
        event = self.game.row_event(action_type)
        if event is None:
            return f"{action_type} · {name}", "every timeline marker is at its end"
        row, space = event
        what = self.event_text(space.income, space.donation)
        label = f"{action_type} · {name}  —  event: {what}"
        tip = f"Everybody uses their {name} departments this round; first every player may {what.lower()}."
        if self.types[row] != action_type:
            tip += (f" (The {action_type} row is at its end: the {self.types[row]} row's next event "
                    "is used.)")
        return label, tip

    def tab_step(self, seat: int, ptype: str) -> str:
        spaces = self.game.tab_spaces(seat, ptype)
        revealed = self.game.tab(seat, ptype).revealed
        if revealed >= len(spaces):
            return f"{self.project(ptype)} tab"
        sp = spaces[revealed]
        what = "a new project" if sp.kind == "project" else f"{sp.vp} VP at game end"
        return f"{self.project(ptype)} tab: {what} ({sp.cost} study)"

    def track_step(self, seat: int, region_id: str) -> str:
        pos = self.game.track_space(seat, region_id)
        cost = self.game.track_step_cost(seat, region_id)
        if cost is None:
            return f"{self.region(region_id)} track"
        level = self.C.tracks[region_id].spaces[pos + 1].level
        return f"{self.region(region_id)} track → {level} ({cost} study)"


__all__ = ["AUTOMATIC", "DONE_LABELS", "Labels", "TYPE_NAMES", "type_name"]

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
from ..core.i18n import N_, render, translator
from ..core.state import ANDREW, NEUTRAL
from ..core.words import place
from ..views.palette import DEPARTMENT_TYPE_NAMES, owner_name

if TYPE_CHECKING:
    from ..engine import Game

TYPE_NAMES = DEPARTMENT_TYPE_NAMES

#: The Done button's words in each kind of decision (the controls' footer, the replay's steps).
DONE_LABELS = {"setup": N_("Done moving"), "turn": N_("End my turn"), "event": N_("Done (skip the rest)"),
               "activate": N_("Done activating"), "property": N_("Skip (move nobody)"),
               "relocate": N_("Done moving")}
DONE = N_("Done")

#: What an action says when the engine took it for the seat (a decision with nothing to choose).
AUTOMATIC = N_("nothing to decide: the game went on")

#: The words of the notation's fixed arguments (``activate b2 raise``, ``income 2 at 3``).
LITERALS = {"raise": N_("raising the salary"), "cut": N_("cutting the salary"),
            "at": N_("with the income of track space")}

def type_name(action_type: str, lang: str | None = None) -> str:
    """A department type in words ('Human Resources'), in a language."""
    return render(TYPE_NAMES.get(action_type, action_type), lang)


def done_label(kind: str, lang: str | None = None) -> str:
    """The Done button's words in a kind of decision."""
    return render(DONE_LABELS.get(kind, DONE), lang)


class Labels:
    """The words of one game's components."""

    def __init__(self, game: Game, lang: str | None = None):
        self.game, self.lang = game, lang
        tr = translator(lang)
        self._, self.ngettext = tr.gettext, tr.ngettext
        self.C = C = game.components
        #: the department types (the timeline rows, top to bottom)
        self.types: tuple[str, ...] = tuple(C.timeline.rows)
        self.regions: tuple[str, ...] = tuple(C.regions)

    # -- names ----------------------------------------------------------------------------------------
    def city(self, city_id: str) -> str:
        cities = self.C.cities
        return self._(cities[city_id].name) if city_id in cities else city_id

    def region(self, region_id: str) -> str:
        regions = self.C.regions
        return self._(regions[region_id].name) if region_id in regions else region_id

    def department(self, code: str) -> Department | None:
        """The department a verb or tile code names (None for another word)."""
        return self.game.department(code)

    def department_of_cell(self, seat: int, cell: str) -> str:
        """What is on a company cell: a department's name, "Lobby" or "empty"."""
        dept_id = self.game.department_at(seat, cell)
        return self._("empty") if dept_id is None else self.cell(seat, cell)

    def cell(self, seat: int, cell: str) -> str:
        """A company cell in words (``core.words.place``): 'Human Resources', 'Lobby', 'the empty space
        on floor 2, column 1'; a text that names no cell as it is."""
        if cell not in self.C.company.cells:
            return cell
        return render(place(self.C, self.game.department_at(seat, cell), cell), self.lang)

    def owner(self, owner: object) -> str:
        """Who holds a piece: a seat's player name, Andrew Carnegie, or "neutral"."""
        players = self.game.players
        if isinstance(owner, int) and 0 <= owner < len(players):
            return players[owner]
        if owner == ANDREW:     # the scores name every seat, Andrew last
            return next(n for n in self.game.scores() if n not in players)
        return owner_name(self.game, owner, self.lang) if owner == NEUTRAL else str(owner)

    def project(self, ptype: str) -> str:
        tabs = self.C.tabs
        return self._(tabs[ptype].name) if ptype in tabs else ptype

    def donation(self, donation_id: str) -> str:
        donations = self.C.donations
        return self._(donations[donation_id].name) if donation_id in donations else donation_id

    def donation_short(self, donation_id: str) -> str:
        """'Education: HR departments' -> 'HR departments' (the chart's column says the theme)."""
        donations = self.C.donations
        return self.donation(donation_id).split(": ", 1)[-1] if donation_id in donations else donation_id

    def tile_effect(self, code: str) -> str:
        """What a Department tile does, one sentence with its numbers, without hovering: 'while an
        employee stands here: each step on a transport track costs 1 study point less, at least 1' (the
        rules' ``summary``)."""
        d = self.department(code)
        return code if d is None else render(self.game.rules.summary(d), self.lang)

    # -- sentences ------------------------------------------------------------------------------------
    def action(self, action: Action | str) -> str:
        """What an action does, in the controls' words, said on the game before it is played: 'use
        Construction (build a Commerce project in Chicago (1 goods), mission to the Midwest)', 'move an
        employee from Commerce & Finance to Human Resources', 'End my turn'. Its notation (``str(action)``) is for
        the analysts, on the replay's hover."""
        game, _ = self.game, self._
        a = game.parse(action)
        if a.verb == "done":
            return done_label(game.decision.kind, self.lang)
        vocab = game.rules.verbs[a.verb].vocab
        words = render(vocab.words, self.lang)
        if self.department(a.verb) is not None:
            return f"{words} ({game.describe(a, lang=self.lang)})"
        kinds = next((p for p in game.patterns(a.verb) if len(p) == len(a.args)), ())
        named = [self._argument(kind, arg) for kind, arg in zip(kinds, a.args)]
        if kinds == ("cell", "cell"):
            return _("{words} from {source} to {target}").format(words=words, source=named[0], target=named[1])
        if vocab.group == "income":
            count, region = int(a.args[0]), game.decision.context.income
            home = self.ngettext("{words}: {n} employee home", "{words}: {n} employees home", count)
            return (home.format(words=words, n=count)
                    + (_(" from the {region}").format(region=self.region(region)) if region else "")
                    + "".join(f" {n}" for n in named[1:]))
        return f"{words}: {' '.join(named)}" if named else words

    def _argument(self, kind: str, arg: str) -> str:
        """One argument of an action, named as the board names it."""
        if kind.startswith("="):
            return render(LITERALS.get(arg, arg), self.lang)
        seat = self.game.decision.player
        if kind == "cell" and seat is not None:
            return self.cell(seat, arg)
        if kind == "name":
            dept = self.department(arg)
            return self._(dept.name) if dept is not None else self.donation(arg)
        named = {"city": self.city, "region": self.region, "type": lambda t: type_name(t, self.lang),
                 "project": self.project}.get(kind)
        return named(arg) if named is not None else arg

    def event_text(self, income: str | None, donation_ok: bool) -> str:
        _, parts = self._, []
        if income:
            parts.append(_("Take Income in the {region}").format(region=self.region(income)))
        if donation_ok:
            parts.append(_("Make a Donation"))
        return _(" and ").join(parts) or _("no event")

    def timeline_row(self, action_type: str) -> tuple[str, str]:
        """(label, tooltip) of a timeline row as a choice: its departments and the event it triggers."""
        _, name = self._, type_name(action_type, self.lang)
        event = self.game.row_event(action_type)
        if event is None:
            return f"{action_type} · {name}", _("every timeline marker is at its end")
        row, space = event
        what = self.event_text(space.income, space.donation)
        label = _("{code} · {name}  —  event: {event}").format(code=action_type, name=name, event=what)
        tip = _("Everybody uses their {name} departments this round; first every player may {event}.").format(
            name=name, event=what.lower())
        if self.types[row] != action_type:
            tip += " " + _("(The {code} row is at its end: the {other} row's next event is used.)").format(
                code=name, other=type_name(self.types[row], self.lang))
        return label, tip

    def tab_step(self, seat: int, ptype: str) -> str:
        spaces = self.game.tab_spaces(seat, ptype)
        revealed = self.game.tab(seat, ptype).revealed
        _ = self._
        if revealed >= len(spaces):
            return _("{project} tab").format(project=self.project(ptype))
        sp = spaces[revealed]
        what = _("a new project") if sp.kind == "project" else _("{n} VP at game end").format(n=sp.vp)
        return _("{project} tab: {what} ({cost} study)").format(project=self.project(ptype), what=what, cost=sp.cost)

    def track_step(self, seat: int, region_id: str) -> str:
        pos = self.game.track_space(seat, region_id)
        cost = self.game.track_step_cost(seat, region_id)
        if cost is None:
            return self._("{region} track").format(region=self.region(region_id))
        level = self.C.tracks[region_id].spaces[pos + 1].level
        return self._("{region} track → {level} ({cost} study)").format(
            region=self.region(region_id), level=self._(level), cost=cost)


__all__ = ["AUTOMATIC", "DONE_LABELS", "Labels", "TYPE_NAMES", "done_label", "type_name"]

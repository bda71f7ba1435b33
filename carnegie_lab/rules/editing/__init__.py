"""Setting up a table by hand: :class:`TableEditor` changes a state in the game's own words, each change keeping
the bookkeeping laws itself (a project's disc comes from its tab, a tile from the pool...) and refused, with an
:class:`~carnegie_lab.core.errors.EditError` saying which law, where the rules could never reach the result; a
refused change leaves the table as it was. ``engine.Editor`` adds the game it makes (docs/notation.md, "Editing a
position")."""
from __future__ import annotations

from typing import Any, Callable

from ...core.state import State
from . import employees, pieces, rounds
from .checks import check_table
from .employees import SUPPLY


class TableEditor:
    """The table of a game being set up: every method changes it (or refuses and changes nothing) and returns the
    editor, so that changes chain. Seats are numbers (0 the first), Andrew is ``"andrew"`` in a solo game, and the
    ids are the notation's (docs/notation.md, "Ids")."""

    def __init__(self, state: State):
        self._state = state.copy()

    def __repr__(self) -> str:
        f = self._state.flow
        return f"<Editor {', '.join(p.name for p in self._state.players)}: round {f.round}, {f.phase}>"

    def _change(self, change: Callable[..., None], *args: Any, **kwargs: Any) -> TableEditor:
        """Make a change on a copy of the table, check every law, then keep it."""
        state = self._state.copy()
        change(state, *args, **kwargs)
        check_table(state)
        self._state = state
        return self

    # -- the map and the tabs ---------------------------------------------------------------------
    def place_project(self, seat: Any, city: Any, type: Any, site: Any = None) -> TableEditor:
        """A project of ``type`` (H, C, I, P) of ``seat`` (or ``"andrew"``) in ``city``, on ``site`` (its index)
        or the left-most free site that takes the type; a seat's disc comes from its tab."""
        return self._change(pieces.place_project, seat, city, type, site)

    def remove_project(self, city: Any, site: Any) -> TableEditor:
        """The project on a site of ``city`` (its index) leaves the map; a seat's disc goes back to its tab."""
        return self._change(pieces.remove_project, city, site)

    def set_tab(self, seat: Any, type: Any, revealed: Any) -> TableEditor:
        """How many spaces of a seat's project tab are shown (a project space holds a disc from the supply)."""
        return self._change(pieces.set_tab, seat, type, revealed)

    # -- a seat's resources and company -----------------------------------------------------------
    def set_resources(self, seat: Any, money: Any = None, goods: Any = None, vp: Any = None,
                      study: Any = None) -> TableEditor:
        """A seat's money, goods, VP earned so far; study points to spend (the deciding player's, in an event or
        a turn). None leaves a value as it is."""
        return self._change(pieces.set_resources, seat, money, goods, vp, study)

    def move_employees(self, seat: Any, source: Any, target: Any, n: Any = 1) -> TableEditor:
        """``n`` employees of a seat from one place to another: ``"supply"``, a cell (``"b2"``: lying there), a
        cell standing (``"b2 standing"``: on a workstation) or a region (``"west"``: on a mission)."""
        return self._change(employees.move_employees, seat, source, target, n)

    def add_employees(self, seat: Any, place: Any, n: Any = 1) -> TableEditor:
        """``n`` employees from the seat's supply to a place (see :meth:`move_employees`)."""
        return self._change(employees.move_employees, seat, SUPPLY, place, n)

    def remove_employees(self, seat: Any, place: Any, n: Any = 1) -> TableEditor:
        """``n`` employees from a place back to the seat's supply."""
        return self._change(employees.move_employees, seat, place, SUPPLY, n)

    def build_department(self, seat: Any, cell: Any, department: Any) -> TableEditor:
        """A Department tile (id or code) on an empty cell: the seat's reserved tile, else one from the pool."""
        return self._change(pieces.build_department, seat, cell, department)

    def remove_department(self, seat: Any, cell: Any) -> TableEditor:
        """The tile on a cell back to the pool; who stood on it lies down on the cell."""
        return self._change(pieces.remove_department, seat, cell)

    def set_reserve(self, seat: Any, department: Any = None) -> TableEditor:
        """The tile in a seat's private reserve (None: none), from and back to the pool."""
        return self._change(pieces.set_reserve, seat, department)

    # -- tracks and donations -----------------------------------------------------------------------
    def set_track(self, seat: Any, region: Any, space: Any) -> TableEditor:
        """The space of a transport disc (a seat's or Andrew's) on a region's track; the last is the final box."""
        return self._change(pieces.set_track, seat, region, space)

    def join_donation(self, seat: Any, donation: Any) -> TableEditor:
        """A disc (a seat's, from its supply, or Andrew's) on a donation, counted among its donations."""
        return self._change(pieces.join_donation, seat, donation)

    def leave_donation(self, seat: Any, donation: Any) -> TableEditor:
        """A disc leaves a donation (back to the seat's supply)."""
        return self._change(pieces.leave_donation, seat, donation)

    # -- the round and the decision ----------------------------------------------------------------
    def set_round(self, round: Any) -> TableEditor:
        """The start of a round (1-20): the first player chooses the row (in a solo game's even rounds Andrew's
        card has chosen it and the player's event follows); the first player, the markers, the round history
        and Andrew's cards follow."""
        return self._change(rounds.set_round, round)

    def set_decision(self, decision: Any, seat: Any = None, row: Any = None) -> TableEditor:
        """Who decides now in this round: ``"choose"`` (the first player chooses the row), or the ``"event"`` or
        ``"turn"`` of ``seat`` (the first player by default) after the choice of ``row`` (HR, MG, CO, RD)."""
        return self._change(rounds.set_decision, decision, seat, row)

    def set_markers(self, markers: Any) -> TableEditor:
        """The marker of each timeline row (0: the start tile); they move once per finished round."""
        return self._change(rounds.set_markers, markers)

    # -- Andrew (solo) -----------------------------------------------------------------------------
    def set_andrew_cards(self, vp_cards: Any = None, card: Any = None, top: Any = None,
                         slide: Any = None) -> TableEditor:
        """Andrew's cards (ids ``N07``, ``A07``): those on each VP card (seen), this round's card, those on top of
        his draw pile (face down), the slide of this round's card. Each card named takes its number's place."""
        return self._change(rounds.set_andrew_cards, vp_cards, card, top, slide)

    def set_andrew_departments(self, departments: Any) -> TableEditor:
        """The Department tiles Andrew has taken (from and back to the pool)."""
        return self._change(rounds.set_andrew_departments, departments)

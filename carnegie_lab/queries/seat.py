"""A seat's queries: its supplies and donations, its company (departments, employees, workstations), its
transport tracks and project tabs, and what the rules would charge it."""
from __future__ import annotations

from ..core.components import Department, Reward, TabSpace
from ..core.state import Tab
from ..rules import company, donations, research
from ..rules.departments.management import department_cost
from .reading import Reading


class SeatQueries(Reading):
    """What one seat (an index of ``Game.players``) has, and what its next step would cost."""

    # -- supplies and donations --------------------------------------------------------------------
    def money(self, seat: int) -> int:
        """The seat's dollars."""
        return self._state.players[seat].money

    def goods(self, seat: int) -> int:
        """The seat's goods cubes."""
        return self._state.players[seat].goods

    def vp(self, seat: int) -> int:
        """The VP the seat has earned during play (not the score)."""
        return self._state.players[seat].vp

    def discs(self, seat: int) -> int:
        """The discs left in the seat's personal supply."""
        return self._state.players[seat].discs

    def supply(self, seat: int) -> int:
        """The seat's employees not yet in its company."""
        return self._state.players[seat].supply

    def holds_action_choice(self, seat: int) -> bool:
        """The seat holds an unused Action Choice tile."""
        return self._state.players[seat].action_choice

    def donations_made(self, seat: int) -> int:
        """How many donations the seat has made."""
        return self._state.players[seat].donations

    def donation_price(self, seat: int) -> int:
        """What the seat's next donation costs."""
        return donations.price(self._state, seat)

    def donation_refusal(self, seat: int) -> str | None:
        """Why the seat cannot make the donation its event offers now (its price, its discs); None if it
        can, or if no donation is offered."""
        return donations.payment_check(self._state, seat) if self._state.flow.donation_open else None

    # -- its company -------------------------------------------------------------------------------
    def department_at(self, seat: int, cell: str) -> str | None:
        """The department on the seat's company cell (an id of ``components.departments``), None if empty."""
        return self._state.players[seat].cells.get(cell)

    def company_department(self, seat: int, cell: str) -> Department | None:
        """The department working on the seat's cell, None for an empty cell or a Lobby."""
        return company.department(self.rules, self._state.players[seat], cell)

    def built_tiles(self, seat: int) -> dict[str, str]:
        """The Department tiles the seat has built (not the starting departments): cell -> department id."""
        p = self._state.players[seat]
        return {cell: dept for cell, dept in p.cells.items() if dept in p.built}

    def reserved_tile(self, seat: int) -> str | None:
        """The department tile (an id of ``components.departments``) the seat reserved at setup, until built."""
        return self._state.players[seat].reserve

    def department_cost(self, seat: int, code: str, cell: str) -> int:
        """Goods the seat pays to build the tile with this code on this cell."""
        return department_cost(self._state, seat, self.rules.by_code[code], cell)

    def departments_of_type(self, seat: int, dept_type: str) -> int:
        return company.departments_of_type(self.rules, self._state.players[seat], dept_type)

    def standing(self, seat: int, cell: str) -> int:
        """Employees standing on the workstations of the seat's cell ("a1".."d4"), the permanent one included."""
        return len(self._state.players[seat].standing.get(cell, ()))

    def lying(self, seat: int, cell: str) -> int:
        """Employees lying (not working) on the seat's cell."""
        return self._state.players[seat].lying.get(cell, 0)

    def active_employees(self, seat: int) -> int:
        """Employees standing in the seat's departments (the permanent HR one not counted)."""
        return company.active_employees(self.rules, self._state.players[seat])

    def workstations_taken(self, seat: int, cell: str) -> tuple[int, ...]:
        """The workstations (indices) of the seat's cell with an employee standing on them, in order."""
        return tuple(self._state.players[seat].standing.get(cell, ()))

    def free_workstation(self, seat: int, cell: str) -> int | None:
        """The workstation of the seat's department on ``cell`` that an employee standing up there takes:
        the cheapest free one (None: none is free, or the cell holds no department)."""
        return company.free_workstation(self.rules, self._state.players[seat], cell)

    def on_mission(self, seat: int, region: str) -> int:
        """The seat's employees on a mission in the region."""
        return self._state.players[seat].missions.get(region, 0)

    # -- its tracks and tabs -----------------------------------------------------------------------
    def track_space(self, seat: int, region: str) -> int:
        """Where the seat's disc is on the region's transport track (0: its start space)."""
        return self._state.players[seat].tracks[region]

    def track_step_cost(self, seat: int, region: str) -> int | None:
        """Study points for the seat's next step on a transport track (None in the final box)."""
        p = self._state.players[seat]
        return None if p.tracks[region] >= self.rules.final_space else research.track_step_cost(self.rules, p, region)

    def tab_side(self, seat: int) -> str:
        """The side ("A" or "B") of the project tabs the seat plays."""
        return self._state.players[seat].tab_side

    def tab(self, seat: int, ptype: str) -> Tab:
        """The seat's project tab of this type: (spaces revealed, projects built from it)."""
        return self._state.players[seat].tabs[ptype]

    def tab_spaces(self, seat: int, ptype: str) -> tuple[TabSpace, ...]:
        """The spaces of the seat's project tab (on the side they play)."""
        return research.tab_spaces(self.rules, self._state.players[seat], ptype)

    def tab_vp(self, seat: int, ptype: str) -> int:
        """The VP the seat's project tab of this type scores (the highest VP space shown)."""
        return research.tab_vp(self.rules, self._state.players[seat], ptype)

    def project_income(self, seat: int) -> Reward:
        """The income icons shown where the seat's discs have left its tabs (paid per income event)."""
        return research.project_income(self.rules, self._state.players[seat])

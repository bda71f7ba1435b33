"""The editor's panels beside the board, each control one operation of the table (``table.EditTable``):

- :class:`Pieces`: whose pieces a click on the board places (a seat, Andrew in a solo game) and which project type,
  and the board's clicks from the keyboard (a site chosen from a list, a track's space);
- :class:`Resources`: the chosen seat's money, goods, VP and study points, a number box each;
- :class:`CompanyPanel`: employees moved, added or removed between two places; a Department tile built or removed;
- :class:`RoundPanel`: the round, and who decides now and what.

Every panel calls ``after()`` once its operation is made or refused (the widget then shows the table and the
words); ``sync()`` shows the table's values again. Each control's callback runs through ``guard`` (the widget's
``ErrorGuard``: an unexpected error is said beside the board, never lost).
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..core.state import ANDREW
from ..session.labels import Labels
from ..views.map import site_positions, site_types
from ..views.palette import owner_name, project_names
from .table import EditTable

#: What runs a control's callback: ``guard(fn, *args)`` (the widget's ``ErrorGuard``).
Guard = Callable[..., None]
#: The resources a seat's number boxes set, with the editor's keyword for each.
RESOURCES = ("money", "goods", "vp", "study")
#: The largest number a box takes (the editor refuses what the laws forbid).
MOST = 999
#: The decisions the round panel sets (the editor's words).
DECISIONS = ("choose", "event", "turn")


def _button(description: str, tooltip: str, name: str, style: str = "") -> W.Button:
    button = W.Button(description=description, tooltip=tooltip, button_style=style)
    button.add_class(f"cl-editor-{name}")
    return button


class Pieces:
    """The owner and the project type of the board's clicks (``owner``: a seat or ``"andrew"``), and the same
    clicks made from lists (``click(key)``: what a click on the board does)."""

    def __init__(self, table: EditTable, after: Callable[[], None], click: Callable[[str], None],
                 guard: Guard):
        _, C = table.words(), table.game.components
        self.table = table
        self.owners = W.ToggleButtons(description=_("Owner"), style={"button_width": "auto"})
        self.owners.add_class("cl-editor-owner")
        types = project_names(table.game.components)
        self.types = W.ToggleButtons(options=[(_(name), t) for t, name in types.items()],
                                     description=_("Project"), style={"button_width": "auto"})
        self.types.add_class("cl-editor-type")
        self.sync()
        for control in (self.owners, self.types):
            control.observe(lambda change: guard(after), names="value")
        L, kinds = Labels(table.game, table.lang), site_types(C)
        self.site = W.Dropdown(options=[(f"{L.city(key.split('/')[0])} {key.split('/')[1]} ({kinds[key]})", key)
                                        for key in site_positions(C)], description=_("Site"))
        self.on_site = _button(_("Place or remove"), _("What a click on the site does"), "site")
        self.on_site.on_click(lambda b: guard(click, self.site.value))
        self.region = W.Dropdown(options=[(L.region(r), r) for r in C.tracks], description=_("Track"))
        self.space = W.BoundedIntText(value=1, min=1, max=max(len(t.spaces) for t in C.tracks.values()),
                                      description=_("Space"), layout=W.Layout(width="11em"))
        self.on_track = _button(_("Set track"), _("What a click on the track's space does"), "track")
        self.on_track.on_click(lambda b: guard(click, f"track/{self.region.value}/{self.space.value - 1}"))
        self.box = W.VBox([self.owners, self.types, W.HBox([self.site, self.on_site]),
                           W.HBox([self.region, self.space, self.on_track])])

    def sync(self) -> None:
        game = self.table.game
        options: list[tuple[str, Any]] = [(owner_name(game, i), i) for i in range(len(game.players))]
        if game.andrew_name is not None:
            options.append((owner_name(game, ANDREW), ANDREW))
        if self.owners.options != tuple(options):
            self.owners.options = options
            self.owners.value = options[0][1]

    @property
    def owner(self) -> Any:
        return self.owners.value

    @property
    def seat(self) -> int:
        """The seat whose resources and company the panels show: the owner, or the first seat for Andrew."""
        return self.owner if isinstance(self.owner, int) else 0


class Resources:
    """A number box per resource of the chosen seat; a new value is one ``set_resources``."""

    def __init__(self, table: EditTable, pieces: Pieces, after: Callable[[], None], guard: Guard):
        _ = table.words()
        self.table, self.pieces, self.after = table, pieces, after
        names = {"money": _("Money ($)"), "goods": _("Goods"), "vp": _("VP"), "study": _("Study points")}
        self.boxes = {name: W.BoundedIntText(min=0, max=MOST, description=names[name],
                                             style={"description_width": "initial"},
                                             layout=W.Layout(width="11em")) for name in RESOURCES}
        self._quiet = False
        for name, box in self.boxes.items():
            box.add_class(f"cl-editor-{name}")
            box.observe(lambda change, name=name: guard(self._changed, name, change["new"]), names="value")
        self.box = W.HBox(list(self.boxes.values()), layout=W.Layout(flex_flow="row wrap"))
        self.sync()

    def _changed(self, name: str, value: int) -> None:
        if self._quiet:
            return
        _, seat = self.table.words(), self.pieces.seat
        self.table.change("set_resources", seat, **{name: value}, done=_("{player}: {resource} set to {n}.").format(
            player=self.table.owner(seat), resource=self.boxes[name].description, n=value))
        self.after()

    def sync(self) -> None:
        game, seat = self.table.game, self.pieces.seat
        context = game.decision.context
        values = {"money": game.money(seat), "goods": game.goods(seat), "vp": game.vp(seat),
                  "study": context.study or 0 if game.current_player == seat else 0}
        self._quiet = True
        try:
            for name, box in self.boxes.items():
                box.value = values[name]
        finally:
            self._quiet = False


class CompanyPanel:
    """Employees between two places (Move, Add from the supply, Remove to the supply), and a Department tile
    built on a cell or removed from it, for the chosen seat."""

    def __init__(self, table: EditTable, pieces: Pieces, after: Callable[[], None], guard: Guard):
        _, C = table.words(), table.game.components
        self.table, self.pieces, self.after = table, pieces, after
        L = Labels(table.game, table.lang)
        places = [(_("the supply"), "supply")] + [(c, c) for c in C.company.cells] + [
            (_("{cell} standing").format(cell=c), f"{c} standing") for c in C.company.cells] + [
            (_("on a mission: {region}").format(region=L.region(r)), r) for r in C.regions]
        self.source = W.Dropdown(options=places, value="supply", description=_("From"))
        self.target = W.Dropdown(options=places, value=next(iter(C.company.cells)), description=_("To"))
        self.count = W.BoundedIntText(value=1, min=1, max=15, description=_("Employees"),
                                      layout=W.Layout(width="11em"))
        self.move = _button(_("Move"), _("Move the employees from one place to the other"), "move")
        self.add = _button(_("Add"), _("Add employees from the supply to the place 'To'"), "add")
        self.remove = _button(_("Remove"), _("Remove employees from the place 'From' back to the supply"), "remove")
        self.move.on_click(lambda b: guard(self._employees, "move_employees"))
        self.add.on_click(lambda b: guard(self._employees, "add_employees"))
        self.remove.on_click(lambda b: guard(self._employees, "remove_employees"))
        tiles = sorted((_(d.name), d.id) for d in C.departments.values() if not d.starting)
        self.cell = W.Dropdown(options=list(C.company.cells), description=_("Cell"))
        self.tile = W.Dropdown(options=tiles, description=_("Department"))
        self.build = _button(_("Build tile"), _("Build the Department tile on the cell (from the pool)"), "build")
        self.unbuild = _button(_("Remove tile"), _("The tile on the cell back to the pool"), "unbuild")
        self.build.on_click(lambda b: guard(self._tile, True))
        self.unbuild.on_click(lambda b: guard(self._tile, False))
        self.box = W.VBox([W.HBox([self.source, self.target, self.count]), W.HBox([self.move, self.add, self.remove]),
                           W.HBox([self.cell, self.tile]), W.HBox([self.build, self.unbuild])])

    def _employees(self, operation: str) -> None:
        _, seat, n = self.table.words(), self.pieces.seat, self.count.value
        source, target = self.source.value, self.target.value
        args = {"move_employees": (source, target), "add_employees": (target,), "remove_employees": (source,)}
        done = {"move_employees": _("{player}: {n} moved from {source} to {target}."),
                "add_employees": _("{player}: {n} added from the supply to {target}."),
                "remove_employees": _("{player}: {n} back from {source} to the supply.")}[operation]
        self.table.change(operation, seat, *args[operation], n, done=done.format(
            player=self.table.owner(seat), n=n, source=self.source.label, target=self.target.label))
        self.after()

    def _tile(self, build: bool) -> None:
        _, seat, cell = self.table.words(), self.pieces.seat, self.cell.value
        if build:
            self.table.change("build_department", seat, cell, self.tile.value, done=_(
                "{player}: {department} built on {cell}.").format(player=self.table.owner(seat),
                                                                   department=self.tile.label, cell=cell))
        else:
            self.table.change("remove_department", seat, cell, done=_(
                "{player}: the tile on {cell} is back in the pool.").format(player=self.table.owner(seat), cell=cell))
        self.after()


class RoundPanel:
    """The round (its start: the first player chooses the row), who decides now after which row, and the timeline's
    markers."""

    def __init__(self, table: EditTable, after: Callable[[], None], guard: Guard):
        _, game = table.words(), table.game
        self.table, self.after = table, after
        rounds = game.rules.constants.rounds
        self.round = W.BoundedIntText(value=game.round, min=1, max=rounds, description=_("Round"),
                                      layout=W.Layout(width="11em"))
        self.round.add_class("cl-editor-round-box")
        self.set_round = _button(_("Set round"), _("Begin this round: the first player chooses the row"), "round")
        self.set_round.on_click(lambda b: guard(self._round))
        words = {"choose": _("the row is chosen"), "event": _("an event"), "turn": _("a turn")}
        self.decision = W.Dropdown(options=[(words[d], d) for d in DECISIONS], description=_("Decision"))
        self.seat = W.Dropdown(description=_("Player"))
        rows = Labels(game, table.lang)
        self.row = W.Dropdown(options=[(rows.timeline_row(r)[0], r) for r in game.components.timeline.rows],
                              description=_("Row chosen"))
        self.set_decision = _button(_("Set decision"), _("Who decides now, and what"), "decision")
        self.set_decision.on_click(lambda b: guard(self._decision))
        self.markers = [W.BoundedIntText(min=0, max=rounds, description=r, tooltip=rows.timeline_row(r)[0],
                                         layout=W.Layout(width="8em")) for r in game.components.timeline.rows]
        self.set_markers = _button(_("Set markers"), _("Each row's marker: how many spaces it has moved"), "markers")
        self.set_markers.on_click(lambda b: guard(self._markers))
        self.box = W.VBox([W.HBox([self.round, self.set_round]), W.HBox([self.decision, self.seat]),
                           W.HBox([self.row, self.set_decision]), W.HBox([*self.markers, self.set_markers],
                                                                         layout=W.Layout(flex_flow="row wrap"))])
        self.sync()

    def sync(self) -> None:
        game = self.table.game
        options = [(name, i) for i, name in enumerate(game.players)]
        if self.seat.options != tuple(options):
            self.seat.options = options
            self.seat.value = 0
        for box, moved in zip(self.markers, game.markers()):
            box.value = moved

    def _round(self) -> None:
        _, n = self.table.words(), self.round.value
        self.table.change("set_round", n, done=_("Round {n} begins.").format(n=n))
        self.after()

    def _markers(self) -> None:
        _, moved = self.table.words(), [box.value for box in self.markers]
        self.table.change("set_markers", moved, done=_("The timeline's markers: {markers}.").format(
            markers=", ".join(f"{box.description} {box.value}" for box in self.markers)))
        self.after()

    def _decision(self) -> None:
        decision = self.decision.value
        row = None if decision == "choose" else self.row.value
        seat = None if decision == "choose" else self.seat.value
        if self.table.change("set_decision", decision, seat, row):
            self.table.message = self.table.game.decision_in(self.table.lang).prompt
        self.after()


__all__ = ["CompanyPanel", "DECISIONS", "Guard", "Pieces", "RESOURCES", "Resources", "RoundPanel"]

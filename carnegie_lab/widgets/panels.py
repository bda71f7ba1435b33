"""The side panels that are not the decision: the new-game form and saving / loading a game."""
from __future__ import annotations

import base64
import html
import random
from typing import Callable

import ipywidgets as W

from ..views.palette import PLAYER_COLOURS
from .controller import DEPARTMENT_MODES, SEAT_KINDS, Controller, Seat, Setup

DEFAULT_SEATS = (("Ada", "human"), ("Bo", "random"), ("Cy", "random"), ("Di", "random"))
DEPARTMENTS_NOTE = ("the expansion adds 16 tiles (HR Administration, Payroll Management, Archives…); "
                    "open bar puts one of each of the 37 tiles in play")


def chip(seat: int) -> str:
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return f"<span class='cl-chip' style='background:{colour}'></span>"


class NewGamePanel:
    """1-4 seats (name, human or bot), the solo level (1 seat), the seed, the departments, Start."""

    def __init__(self, on_start: Callable[[Setup], None], setup: Setup | None = None):
        self.on_start = on_start
        self.players = W.ToggleButtons(options=[("1 (solo)", 1), ("2", 2), ("3", 3), ("4", 4)], value=2,
                                       style={"button_width": "64px"})
        self.players.add_class("cl-players")
        self.names, self.kinds, self.rows = [], [], []
        for i, (name, kind) in enumerate(DEFAULT_SEATS):
            text = W.Text(value=name, layout=W.Layout(width="150px"), placeholder=f"player {i + 1}")
            text.add_class(f"cl-seat-name-{i}")
            kinds = W.Dropdown(options=[(label, k) for k, label in SEAT_KINDS.items()], value=kind,
                               layout=W.Layout(width="140px"))
            kinds.add_class(f"cl-seat-kind-{i}")
            self.names.append(text)
            self.kinds.append(kinds)
            self.rows.append(W.HBox([W.HTML(f"{chip(i)} <b>Seat {i + 1}</b>",
                                            layout=W.Layout(width="80px")), text, kinds]))
        self.level = W.ToggleButtons(options=[("1", 1), ("2", 2), ("3", 3), ("4", 4)], value=1,
                                     style={"button_width": "44px"},
                                     tooltip="Andrew Carnegie's deck: 1 easiest, 4 hardest")
        self.level.add_class("cl-solo-level")
        self.solo_row = W.HBox([W.HTML("<b>Andrew's level</b>", layout=W.Layout(width="110px")), self.level])
        self.seed = W.IntText(value=1, layout=W.Layout(width="110px"))
        self.seed.add_class("cl-seed")
        self.dice = W.Button(description="random", icon="dice", tooltip="a random seed",
                             layout=W.Layout(width="auto"))
        self.dice.on_click(lambda _b: setattr(self.seed, "value", random.randrange(1, 100_000)))
        self.departments = W.RadioButtons(options=[(label, mode) for mode, label in DEPARTMENT_MODES.items()],
                                          value="base", layout=W.Layout(width="auto"))
        self.departments.add_class("cl-departments")
        self.start = W.Button(description="Start game", button_style="primary", icon="play",
                              layout=W.Layout(width="auto"))
        self.start.add_class("cl-start")
        self.start.on_click(lambda _b: self._start())
        self.message = W.HTML()
        self.players.observe(lambda change: self._layout(), names="value")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>Players</div>"), self.players, *self.rows, self.solo_row,
            W.HTML("<div class='cl-group-title'>Options</div>"),
            W.HBox([W.HTML("<b>Seed</b>", layout=W.Layout(width="110px")), self.seed, self.dice]),
            W.HTML("<div class='cl-note'>The seed fixes the timeline tiles, the departments in play and "
                   "the neutral discs: the same seed gives the same game.</div>"),
            W.HTML(f"<b>Department tiles</b> <span class='cl-note'>{html.escape(DEPARTMENTS_NOTE)}</span>"),
            self.departments,
            W.HBox([self.start], layout=W.Layout(margin="10px 0 0 0")), self.message])
        self.box.add_class("cl-new-game")
        if setup is not None:
            self.fill(setup)
        self._layout()

    def fill(self, setup: Setup) -> None:
        self.players.value = len(setup.seats)
        for i, seat in enumerate(setup.seats):
            self.names[i].value, self.kinds[i].value = seat.name, seat.kind
        self.seed.value = setup.seed
        self.departments.value = setup.departments
        if setup.solo_level:
            self.level.value = setup.solo_level

    def _layout(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.rows):
            row.layout.display = "" if i < n else "none"
        self.solo_row.layout.display = "" if n == 1 else "none"

    def setup(self) -> Setup:
        n = self.players.value
        seats = [Seat(self.names[i].value.strip(), self.kinds[i].value) for i in range(n)]
        return Setup(seats, seed=int(self.seed.value), solo_level=self.level.value if n == 1 else None,
                     departments=self.departments.value)

    def _start(self) -> None:
        try:
            setup = self.setup()
            setup.check()
        except ValueError as e:
            self.message.value = f"<p class='cl-error'>{html.escape(str(e))}</p>"
            return
        self.message.value = ""
        self.on_start(setup)


class RecordPanel:
    """Download the game record (a data: link) and load one (FileUpload)."""

    def __init__(self, on_load: Callable[[bytes, str], None]):
        self.on_load = on_load
        self.link = W.HTML()
        self.link.add_class("cl-save")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Load a game", icon="upload", layout=W.Layout(width="auto"))
        self.upload.add_class("cl-load")
        self.upload.observe(self._uploaded, names="value")
        self.message = W.HTML()
        self.message.add_class("cl-load-message")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>Save</div><div class='cl-note'>The record holds the "
                   "options, the seed and every action: loading it replays the game exactly.</div>"),
            self.link,
            W.HTML("<div class='cl-group-title'>Load</div><div class='cl-note'>A record saved here (or "
                   "by <code>game.to_record()</code>). A broken file is reported and the current game is "
                   "kept.</div>"),
            self.upload, self.message])
        self.box.add_class("cl-records")

    def update(self, controller: Controller) -> None:
        data = base64.b64encode(controller.save_json().encode("utf-8")).decode("ascii")
        n = len(controller.game.actions)
        self.link.value = (f"<a class='cl-download' download='carnegie-game.json' "
                           f"href='data:application/json;base64,{data}'><i class='fa fa-download'></i> "
                           "Download the game record</a> "
                           f"<span class='cl-note'>({n} actions, {html.escape(controller.headline())})</span>")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = bytes(f["content"]) if not isinstance(f, bytes) else f
        name = f.get("name", "file") if isinstance(f, dict) else "file"
        try:
            self.on_load(content, name)
        finally:
            self.upload.value = ()


__all__ = ["DEPARTMENT_MODES", "NewGamePanel", "RecordPanel", "chip"]

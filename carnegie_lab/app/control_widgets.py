"""The decision's controls' widgets that are more than a button: a picker (one slot after the other) and the
company move grid, and the tools of widgets kept or closed (``close_tree``, ``shared`` models). Their host is
the :class:`~carnegie_lab.app.controls_view.ControlsView`: a control's action goes to its ``on_action``."""
from __future__ import annotations

import html
from typing import Callable, Protocol

import ipywidgets as W

from ..core.i18n import translator
from ..session.screen import MoveGrid, Picker
from .aria import hidden_label

#: Pickers show a slot as toggle buttons up to this many values, as a dropdown above.
TOGGLE_MAX = 5
#: What parts a value's label into its name and the rest ("Logistics — while an employee stands here: ..."):
#: a dropdown shows the name, and the rest of the chosen value under it.
MORE = " — "


class Host(Protocol):
    """What a picker or a grid asks of the controls it is in."""
    lang: str | None
    buttons: dict[str, W.Button]
    on_action: Callable[[str], None]


def grid_area(row: int, col: int) -> str:
    """Where a widget goes in a GridBox. Not ``grid_row``/``grid_column``: the page applies a layout's
    ``grid_area`` after them, and an unset one clears them (``grid-area`` is their shorthand), so every
    widget would be placed in the next free cell instead."""
    return f"{row} / {col}"


def shared(model):
    """Mark a layout or style model as shared by many widgets: ``close_tree`` leaves it open."""
    model._cl_shared = True
    return model


def close_tree(widget) -> None:
    """Close a widget, everything under it (children) and its own layout and style models (the
    page keeps every open model, so a game of a few hundred decisions would otherwise pile up
    thousands of them)."""
    for child in getattr(widget, "children", ()) or ():
        close_tree(child)
    for name in ("layout", "style"):
        model = getattr(widget, name, None)
        if model is not None and not getattr(model, "_cl_shared", False):
            model.close()
    widget.close()



class PickerView:
    """One slot after the other (toggle buttons or a dropdown), each narrowing the next, then the
    submit button with a sentence saying what it will do."""

    def __init__(self, picker: Picker, parent: Host):
        self.picker = picker
        self.parent = parent
        self.selectors: list[W.Widget] = []
        self.preview = W.HTML()
        self.submit = W.Button(description=picker.submit, button_style="primary",
                               layout=W.Layout(width="auto", margin="4px 8px 0 0"))
        self.submit.add_class("cl-submit")
        self.submit.add_class("cl-submit-" + picker.key.replace(":", "-"))
        self.submit.on_click(lambda _b: self._go())
        rows = []
        for i, slot in enumerate(picker.slots):
            rows.append(W.HBox([W.HTML(f"<span class='cl-slot'>{esc(slot)}</span>",
                                       layout=W.Layout(width="86px", min_width="86px")),
                                W.HBox(layout=W.Layout(flex="1"))]))
        self.rows = rows
        self.box = W.VBox(rows + [W.HBox([self.submit, self.preview])])
        self._build_from(0)

    def keys(self) -> list[str]:
        return [s.value for s in self.selectors]

    @staticmethod
    def _more(note: W.HTML, words: str) -> None:
        note.value = f"<span class='cl-note'>{esc(words)}</span>" if words else ""

    def _build_from(self, start: int) -> None:
        del self.selectors[start:]
        for i in range(start, len(self.picker.slots)):
            options = self.picker.options(i, self.keys())
            labels = [(label, key) for key, label in options]
            shown: list[W.Widget]
            if len(labels) <= TOGGLE_MAX and sum(len(lbl) for lbl, _ in labels) < 60:
                sel = W.ToggleButtons(options=labels, value=labels[0][1], style={"button_width": "auto"})
                shown = [sel]
            else:     # a dropdown cannot wrap: it shows a label's name, and the rest of the chosen one wraps below it
                sel = W.Dropdown(options=[(lbl.split(MORE)[0], key) for lbl, key in labels], value=labels[0][1],
                                 layout=W.Layout(width="100%"))
                more = {key: lbl.partition(MORE)[2] for lbl, key in labels}
                shown = [sel]
                if any(more.values()):
                    note = W.HTML(layout=W.Layout(width="100%"))
                    note.add_class("cl-slot-more")
                    sel.observe(lambda change, note=note, more=more: self._more(note, more[change["new"]]),
                                names="value")
                    self._more(note, more[sel.value])
                    shown.append(note)
            sel.add_class("cl-slot-" + str(i))
            hidden_label(sel, self.picker.slots[i])      # its name for screen readers: the slot's title beside it
            sel.observe(lambda change, i=i: self._changed(i), names="value")
            self.selectors.append(sel)
            holder = self.rows[i].children[1]
            old = holder.children
            holder.layout.flex_flow = "column"
            holder.children = shown
            for w in old:
                close_tree(w)
        self._update_preview()

    def _changed(self, slot: int) -> None:
        if slot + 1 < len(self.picker.slots):
            self._build_from(slot + 1)
        else:
            self._update_preview()

    def choice(self):
        return self.picker.find(self.keys())

    def _update_preview(self) -> None:
        c = self.choice()
        self.preview.value = f"<span class='cl-preview'>{esc(c.text if c else '')}</span>"
        self.submit.tooltip = c.text if c else ""
        if c is not None:
            self.parent.buttons[c.notation] = self.submit

    def select(self, *keys: str) -> None:
        """Choose slot values by key (tests, and a click on the map one day)."""
        for i, key in enumerate(keys):
            self.selectors[i].value = key

    def _go(self) -> None:
        c = self.choice()
        if c is not None:
            self.parent.on_action(c.notation)

    def reset(self) -> None:
        """Shown again for a new decision: its submit button is the choice's again."""
        self._update_preview()

    def close(self) -> None:
        close_tree(self.box)


class GridView:
    """The company grid: click a cell holding an employee who can move, then a target cell."""

    def __init__(self, grid: MoveGrid, parent: Host):
        self.grid = grid
        self.parent = parent
        self.source: str | None = None
        self.cells: dict[str, W.Button] = {}
        items = []
        for cell in grid.cells:
            b = W.Button(description=cell.label, tooltip=cell.tooltip, layout=W.Layout(
                width="auto", height="60px", margin="0", grid_area=grid_area(cell.row, cell.col)))
            b.add_class("cl-cell")
            b.add_class("cl-cell-" + cell.name)
            b.on_click(lambda _b, name=cell.name: self.click(name))
            self.cells[cell.name] = b
            items.append(b)
        self.hint = W.HTML()
        self.box = W.VBox([W.GridBox(items, layout=W.Layout(
            grid_template_columns="repeat(4, minmax(0, 1fr))", grid_gap="3px", width="100%")), self.hint])
        self._paint()

    def reset(self) -> None:
        """Shown again for a new decision: no employee chosen."""
        self.source = None
        self._paint()

    def close(self) -> None:
        close_tree(self.box)

    def click(self, name: str) -> None:
        if self.source is None:
            if name in self.grid.sources():
                self.source = name
        elif name == self.source:
            self.source = None
        else:
            notation = self.grid.targets(self.source).get(name)
            if notation is not None:
                self.parent.on_action(notation)
                return
        self._paint()

    def _paint(self) -> None:
        sources = set(self.grid.sources())
        targets = self.grid.targets(self.source) if self.source else {}
        for name, b in self.cells.items():
            if self.source is None:
                b.disabled = name not in sources
                b.button_style = "info" if name in sources else ""
            else:
                b.disabled = name != self.source and name not in targets
                b.button_style = "warning" if name == self.source else ("success" if name in targets else "")
        for target, notation in targets.items():
            self.parent.buttons[notation] = self.cells[target]
        _ = translator(self.parent.lang).gettext
        if self.source is None:
            text = _("Blue cells have an employee who can move: click one.")
        else:
            text = _("Moving an employee from <b>{cell}</b>: click a green cell (or the same cell again to "
                     "cancel).").format(cell=esc(next(c.words for c in self.grid.cells if c.name == self.source)))
        self.hint.value = f"<span class='cl-note'>{text}</span>"


def esc(text: str) -> str:
    return html.escape(str(text))


__all__ = ["GridView", "Host", "PickerView", "TOGGLE_MAX", "close_tree", "esc", "grid_area", "shared"]

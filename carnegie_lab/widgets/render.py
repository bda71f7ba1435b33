"""Controls (``controls.py``) as ipywidgets: buttons, pickers and the company move grid.

:class:`ControlsView` builds the widgets of a :class:`~.controls.Panel` into its ``box`` and calls
``on_action(notation)`` when a control is used; ``show`` replaces the previous widgets and closes
them (their models would otherwise pile up in the page over a game). Every button carries the CSS
class ``cl-act-<notation with _ for spaces>``, and its tooltip ends with the notation.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from .controls import Buttons, Control, MoveGrid, Option, Panel, Picker

#: Pickers show a slot as toggle buttons up to this many values, as a dropdown above.
TOGGLE_MAX = 5
#: CSS class of the controls while an action is applied (they look disabled and take no clicks).
BUSY = "cl-applying"


def css_class(notation: str) -> str:
    return "cl-act-" + notation.replace(" ", "_")


class _Layouts:
    """Layout and style models shared by many buttons (one model each instead of one per button)."""

    def __init__(self):
        self.wrap = shared(W.Layout(width="auto", max_width="100%", margin="2px"))
        self.row = shared(W.Layout(width="100%", margin="2px 0"))
        self.footer = shared(W.Layout(width="auto", margin="2px 6px 2px 0"))


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


class ControlsView:
    """The controls of one decision."""

    def __init__(self, on_action: Callable[[str], None]):
        self.on_action = on_action
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("cl-controls")
        self._layouts = _Layouts()
        self.panel: Panel | None = None
        #: notation -> the button that applies it (pickers: their submit button; grids: the target)
        self.buttons: dict[str, W.Button] = {}
        self.pickers: dict[str, "PickerView"] = {}
        self.grids: dict[str, "GridView"] = {}

    # -- building ------------------------------------------------------------------------------
    def disable(self) -> None:
        """The controls stay in place but take no clicks (an action is being applied): one CSS class,
        one message to the page, until the next decision's controls replace them."""
        self.box.add_class(BUSY)

    def enable(self) -> None:
        self.box.remove_class(BUSY)

    def show(self, panel: Panel | None) -> None:
        self.enable()
        old = self.box.children
        self.panel = panel
        self.buttons, self.pickers, self.grids = {}, {}, {}
        children = []
        if panel is not None:
            for group in panel.groups:
                children.append(self._group(group))
            if panel.footer:
                children.append(self._footer(panel.footer))
        self.box.children = children
        for w in old:
            close_tree(w)

    def clear(self, message: str = "") -> None:
        self.enable()
        old = self.box.children
        self.panel = None
        self.buttons, self.pickers, self.grids = {}, {}, {}
        self.box.children = [W.HTML(f"<p class='cl-muted'>{message}</p>")] if message else []
        for w in old:
            close_tree(w)

    def _button(self, option: Option, layout, style: str = "", small: bool = False) -> W.Button:
        tip = f"{option.tooltip} — {option.notation}" if option.tooltip else option.notation
        b = W.Button(description=option.label, tooltip=tip, layout=layout, button_style=style)
        b.add_class("cl-option")
        b.add_class(css_class(option.notation))
        if small:
            b.add_class("cl-small")
        b.on_click(lambda _b, n=option.notation: self.on_action(n))
        self.buttons[option.notation] = b
        return b

    def _title(self, text: str, note: str = "") -> W.HTML:
        html = f"<div class='cl-group-title'>{_esc(text)}</div>"
        if note:
            html += f"<div class='cl-note'>{_esc(note)}</div>"
        return W.HTML(html)

    def _group(self, group: Control) -> W.Widget:
        view: PickerView | GridView
        if isinstance(group, Buttons):
            body = self._buttons(group)
        elif isinstance(group, Picker):
            view = PickerView(group, self)
            self.pickers[group.key] = view
            body = view.box
        else:
            view = GridView(group, self)
            self.grids[group.key] = view
            body = view.box
        box = W.VBox([self._title(group.title, group.note), body])
        box.add_class("cl-group")
        box.add_class("cl-group-" + group.key.replace(":", "-"))
        return box

    def _buttons(self, group: Buttons) -> W.Widget:
        L = self._layouts
        if group.layout == "column":
            column = [self._button(o, L.row) for o in group.options]
            for b in column:
                if "\n" in b.description:         # a name and, under it, what it does
                    b.add_class("cl-two-lines")
            return W.VBox(column)
        if group.layout == "grid":
            cols = max([o.col or 1 for o in group.options] + [len(group.columns)])
            items = [W.HTML(f"<div class='cl-grid-head'>{_esc(h)}</div>",
                            layout=W.Layout(grid_row="1", grid_column=str(i + 1)))
                     for i, h in enumerate(group.columns)]
            for o in group.options + group.inactive:
                layout = W.Layout(width="auto", height="auto", min_height="30px", margin="0",
                                  grid_row=str((o.row or 1) + 1), grid_column=str(o.col or 1))
                if o.notation:
                    b = self._button(o, layout)
                else:                                  # in its place, but not playable
                    b = W.Button(description=o.label, tooltip=o.tooltip, layout=layout, disabled=True)
                    b.add_class("cl-inactive")
                b.add_class("cl-wrap")
                items.append(b)
            return W.GridBox(items, layout=W.Layout(
                grid_template_columns=f"repeat({cols}, minmax(0, 1fr))", grid_gap="3px", width="100%"))
        box = W.Box([self._button(o, L.wrap) for o in group.options],
                    layout=W.Layout(flex_flow="row wrap", width="100%"))
        return box

    def _footer(self, options) -> W.Widget:
        buttons = [self._button(o, self._layouts.footer, style="primary" if o.notation == "done" else "",
                                small=o.notation == "sell") for o in options]
        box = W.HBox(buttons)
        box.add_class("cl-footer")
        return box


class PickerView:
    """One slot after the other (toggle buttons or a dropdown), each narrowing the next, then the
    submit button with a sentence saying what it will do."""

    def __init__(self, picker: Picker, parent: ControlsView):
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
            rows.append(W.HBox([W.HTML(f"<span class='cl-slot'>{_esc(slot)}</span>",
                                       layout=W.Layout(width="86px", min_width="86px")),
                                W.HBox(layout=W.Layout(flex="1"))]))
        self.rows = rows
        self.box = W.VBox(rows + [W.HBox([self.submit, self.preview])])
        self._build_from(0)

    def keys(self) -> list[str]:
        return [s.value for s in self.selectors]

    def _build_from(self, start: int) -> None:
        del self.selectors[start:]
        for i in range(start, len(self.picker.slots)):
            options = self.picker.options(i, self.keys())
            labels = [(label, key) for key, label in options]
            if len(labels) <= TOGGLE_MAX and sum(len(lbl) for lbl, _ in labels) < 60:
                sel = W.ToggleButtons(options=labels, value=labels[0][1], style={"button_width": "auto"})
            else:
                sel = W.Dropdown(options=labels, value=labels[0][1], layout=W.Layout(width="100%"))
            sel.add_class("cl-slot-" + str(i))
            sel.observe(lambda change, i=i: self._changed(i), names="value")
            self.selectors.append(sel)
            holder = self.rows[i].children[1]
            old = holder.children
            holder.children = [sel]
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
        self.preview.value = f"<span class='cl-preview'>{_esc(c.text if c else '')}</span>"
        self.submit.tooltip = c.notation if c else ""
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

    def close(self) -> None:
        close_tree(self.box)


class GridView:
    """The company grid: click a cell holding an employee who can move, then a target cell."""

    def __init__(self, grid: MoveGrid, parent: ControlsView):
        self.grid = grid
        self.parent = parent
        self.source: str | None = None
        self.cells: dict[str, W.Button] = {}
        items = []
        for cell in grid.cells:
            b = W.Button(description=cell.label, tooltip=cell.tooltip, layout=W.Layout(
                width="auto", height="60px", margin="0", grid_row=str(cell.row), grid_column=str(cell.col)))
            b.add_class("cl-cell")
            b.add_class("cl-cell-" + cell.name)
            b.on_click(lambda _b, name=cell.name: self.click(name))
            self.cells[cell.name] = b
            items.append(b)
        self.hint = W.HTML()
        self.box = W.VBox([W.GridBox(items, layout=W.Layout(
            grid_template_columns="repeat(4, minmax(0, 1fr))", grid_gap="3px", width="100%")), self.hint])
        self._paint()

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
        if self.source is None:
            self.hint.value = "<span class='cl-note'>Blue cells have an employee who can move: click one.</span>"
        else:
            self.hint.value = (f"<span class='cl-note'>Moving an employee from <b>{self.source}</b>: click a "
                               "green cell (or the same cell again to cancel).</span>")


def _esc(text: str) -> str:
    import html
    return html.escape(str(text))


__all__ = ["BUSY", "ControlsView", "GridView", "PickerView", "close_tree", "css_class", "shared"]

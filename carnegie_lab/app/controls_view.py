"""The decision's controls (``session/controls.py``) as ipywidgets: buttons, pickers and the company move grid.

:class:`ControlsView` builds the widgets of a :class:`~carnegie_lab.session.controls.Panel` into its ``box``
and calls ``on_action(notation)`` when a control is used; ``show`` changes the widgets of the previous
decision in place where it can (a new widget costs the page a model and a view to make), keeps a
bounded set of them to show again, and closes the rest (their models would otherwise pile up in
the page over a game). Every button carries the CSS class ``cl-act-<notation with _ for spaces>``,
and its tooltip ends with the notation.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from ..core.i18n import translator
from ..session.screen import Buttons, Control, MoveGrid, Option, Panel, Picker
from .control_widgets import GridView, PickerView, close_tree, esc, grid_area, shared

#: CSS class of the controls while an action is applied (they look disabled and take no clicks).
BUSY = "cl-applying"
#: The controls keep the widgets of this many groups (the ones used last, those shown now included)
#: to show them again.
KEPT = 24


def css_class(notation: str) -> str:
    return "cl-act-" + notation.replace(" ", "_")


class _Layouts:
    """Layout and style models shared by many buttons (one model each instead of one per button)."""

    def __init__(self):
        self.wrap = shared(W.Layout(width="auto", max_width="100%", margin="2px"))
        self.row = shared(W.Layout(width="100%", margin="2px 0"))
        self.footer = shared(W.Layout(width="auto", margin="2px 6px 2px 0"))
        self._cells: dict[tuple[int, int], W.Layout] = {}

    def cell(self, row: int, col: int) -> W.Layout:
        """A grid cell's layout (row 1 is the column headings)."""
        key = (row, col)
        if key not in self._cells:
            self._cells[key] = shared(W.Layout(width="auto", height="auto", min_height="30px", margin="0",
                                               grid_area=grid_area(row, col)))
        return self._cells[key]


class ControlsView:
    """The controls of one decision.

    The widgets are kept from one decision to the next and changed in place: a group reuses the
    box the last group of its key had (its title, and its buttons one by one, when the group has the
    same shape), shown again or changed, so a click costs the page a few changed buttons instead of
    a new set of widgets to make and draw. The ``KEPT`` groups used last are kept (the others are
    closed). Pickers and company grids are made anew unless they are the same as before."""

    def __init__(self, on_action: Callable[[str], None], lang: str | None = None):
        self.on_action, self.lang = on_action, lang
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("cl-controls")
        self._layouts = _Layouts()
        self.panel: Panel | None = None
        #: notation -> the button that applies it (pickers: their submit button; grids: the target)
        self.buttons: dict[str, W.Button] = {}
        self.pickers: dict[str, "PickerView"] = {}
        self.grids: dict[str, "GridView"] = {}
        self._groups: dict[str, _GroupView] = {}       # by group key, the one used last at the end
        # the footer: Done, and Sell after its own title; a group of its own (a line above it), so that a lone
        # Sell button does not read as one more option of the group above it (a region's cities in the setup)
        self._footer = _ButtonRow(W.HBox(), self)
        self._sell = _ButtonRow(W.HBox(layout=W.Layout(align_items="center")), self)
        self._any_time = W.HTML("<span class='cl-group-title'>" + translator(lang).gettext("At any time:")
                                + "</span>", layout=W.Layout(margin="0 6px 0 0"))
        self._footer_box = W.HBox([self._footer.box, self._sell.box], layout=W.Layout(flex_flow="row wrap"))
        self._footer_box._dom_classes = ("cl-group", "cl-footer")
        self._message = W.HTML()

    # -- building ------------------------------------------------------------------------------
    def disable(self) -> None:
        """The controls stay in place but take no clicks (an action is being applied): one CSS class,
        one message to the page, until the next decision's controls replace them."""
        self.box.add_class(BUSY)

    def enable(self) -> None:
        self.box.remove_class(BUSY)

    def show(self, panel: Panel | None) -> None:
        self.enable()
        self.panel = panel
        self.buttons, self.pickers, self.grids = {}, {}, {}
        children: list[W.Widget] = []
        if panel is not None:
            for group in panel.groups:
                view = self._groups.pop(group.key, None) or _GroupView(self)
                self._groups[group.key] = view
                view.show(group)
                children.append(view.box)
            shown = {g.key for g in panel.groups}
            for key in [k for k in self._groups if k not in shown][:max(0, len(self._groups) - KEPT)]:
                self._groups.pop(key).close()
            if panel.footer:
                L = self._layouts
                small: tuple[str, ...] = ("cl-small",)
                sell = [(o, L.footer, "", small) for o in panel.footer if o.notation == "sell"]
                self._footer.show([(o, L.footer, "primary" if o.notation == "done" else "", ())
                                   for o in panel.footer if o.notation != "sell"])
                self._sell.show(sell, before=(self._any_time,) if sell else ())
                children.append(self._footer_box)
        self._set_children(children)

    def clear(self, message: str = "") -> None:
        self.enable()
        self.panel = None
        self.buttons, self.pickers, self.grids = {}, {}, {}
        if message:
            self._message.value = f"<p class='cl-muted'>{message}</p>"
        self._set_children([self._message] if message else [])

    def _set_children(self, children: list[W.Widget]) -> None:
        if tuple(children) != self.box.children:
            self.box.children = children

    def button(self, b: W.Button | None, option: Option, layout, style: str = "",
               classes: tuple[str, ...] = ()) -> W.Button:
        """``b`` (or a new button) showing ``option``: it plays the option's notation."""
        if b is None:
            b = W.Button(layout=layout)
            b.on_click(self._clicked)
        playable = bool(option.notation)
        dom = (("cl-option", css_class(option.notation)) if playable else ("cl-inactive",)) + classes
        with b.hold_sync():
            b.description, b.tooltip, b.layout, b.button_style = option.label, option.tooltip, layout, style
            b.disabled = not playable
            b._dom_classes = dom
        b._cl_notation = option.notation
        if playable:
            self.buttons[option.notation] = b
        return b

    def _clicked(self, b: W.Button) -> None:
        if b._cl_notation:
            self.on_action(b._cl_notation)


class _ButtonRow:
    """A container of buttons, reused one by one for the next options (the ones not needed now are
    kept, hidden, for a later decision with more options)."""

    def __init__(self, box: W.Box, parent: ControlsView):
        self.box, self.parent = box, parent
        self.buttons: list[W.Button] = []

    def show(self, options: list[tuple[Option, W.Layout, str, tuple[str, ...]]],
             before: tuple[W.Widget, ...] = ()) -> None:
        """Show one button per (option, layout, button style, extra CSS classes), after ``before``."""
        for i, o in enumerate(options):
            b = self.parent.button(self.buttons[i] if i < len(self.buttons) else None, *o)
            if i == len(self.buttons):
                self.buttons.append(b)
        children = (*before, *self.buttons[:len(options)])
        if children != self.box.children:
            self.box.children = children

    def close(self) -> None:
        for b in self.buttons:
            close_tree(b)
        close_tree(self.box)


def _shape(group: Control) -> str:
    return f"buttons:{group.layout}" if isinstance(group, Buttons) else type(group).__name__


class _GroupView:
    """One group of the controls: its title over its body (buttons, a picker or a company grid)."""

    def __init__(self, parent: ControlsView):
        self.parent = parent
        self.title = W.HTML()
        self.box = W.VBox([self.title])
        self.control: Control | None = None
        self.shape = ""
        self.body: _ButtonRow | PickerView | GridView | None = None
        self.heads: list[W.HTML] = []                  # a grid's column headings

    def show(self, group: Control) -> None:
        html = f"<div class='cl-group-title'>{esc(group.title)}</div>"
        if group.note:
            html += f"<div class='cl-note'>{esc(group.note)}</div>"
        self.title.value = html
        self.box._dom_classes = ("cl-group", "cl-group-" + group.key.replace(":", "-"))
        shape = _shape(group)
        same = group == self.control
        if shape != self.shape or (not same and not isinstance(group, Buttons)):
            self._drop()
            self.body = self._new_body(group)
            self.shape = shape
        self.control = group
        body, parent = self.body, self.parent
        if isinstance(group, Buttons):
            assert isinstance(body, _ButtonRow)
            self._buttons(group, body)
        elif isinstance(group, Picker):
            assert isinstance(body, PickerView)
            parent.pickers[group.key] = body
            body.reset()
        else:
            assert isinstance(body, GridView)
            parent.grids[group.key] = body
            body.reset()
        if self.box.children != (self.title, body.box):
            self.box.children = (self.title, body.box)

    def _new_body(self, group: Control) -> _ButtonRow | PickerView | GridView:
        if isinstance(group, Picker):
            return PickerView(group, self.parent)
        if isinstance(group, MoveGrid):
            return GridView(group, self.parent)
        if group.layout == "column":
            return _ButtonRow(W.VBox(), self.parent)
        if group.layout == "grid":
            return _ButtonRow(W.GridBox(layout=W.Layout(grid_gap="3px", width="100%")), self.parent)
        return _ButtonRow(W.Box(layout=W.Layout(flex_flow="row wrap", width="100%")), self.parent)

    def close(self) -> None:
        self._drop()
        close_tree(self.box)

    def _drop(self) -> None:
        if self.body is not None:
            self.body.close()
        for h in self.heads:
            close_tree(h)
        self.body, self.heads = None, []

    def _buttons(self, group: Buttons, row: _ButtonRow) -> None:
        L = self.parent._layouts
        if group.layout == "column":           # a name and, under it, what it does: two lines
            row.show([(o, L.row, "", ("cl-two-lines",) if "\n" in o.label else ()) for o in group.options])
        elif group.layout == "grid":
            cols = max([o.col or 1 for o in group.options] + [len(group.columns)])
            row.box.layout.grid_template_columns = f"repeat({cols}, minmax(0, 1fr))"
            while len(self.heads) < len(group.columns):
                self.heads.append(W.HTML(layout=L.cell(1, len(self.heads) + 1)))
            for h in self.heads[len(group.columns):]:
                close_tree(h)
            self.heads = self.heads[:len(group.columns)]
            for h, text in zip(self.heads, group.columns):
                h.value = f"<div class='cl-grid-head'>{esc(text)}</div>"
            row.show([(o, L.cell((o.row or 1) + 1, o.col or 1), "", ("cl-wrap",))
                      for o in group.options + group.inactive], before=tuple(self.heads))
        else:
            row.show([(o, L.wrap, "", ()) for o in group.options])


__all__ = ["BUSY", "ControlsView", "css_class"]

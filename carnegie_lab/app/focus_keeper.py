"""``FocusKeeper``: the keyboard's focus never lost when the control it was on goes away (issue 45).

A player who uses the keyboard alone presses Enter or Space on a focused button; the kernel then often takes
that button away (the decision's controls change, Start shows the Play tab). The browser leaves the focus
nowhere, and the next Tab starts again from the page's top, past the header and the whole board. This tiny
anywidget (its JavaScript is the ``_esm`` string: no file, no CDN) watches the dashboard's clicks made from the
keyboard (a click event with no pointer: ``detail`` 0): for ``patience_ms`` after one (longer while the page
is busy with it), focus lost goes to the first control of the decision shown (the Play tab's controls), or to the
first button of the table set up by hand (app/table_setup.py) while it is shown, or else to the side tab shown.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

#: After a keyboard click, focus lost is given back for this long (ms), and while the dashboard is busy.
PATIENCE_MS = 4000

_ESM = """
const PLACES = [".cl-play-tab .cl-controls button", ".cl-set-up-table button",
                ".cl-side-tabs .lm-TabBar-tab.lm-mod-current"];
export default {
  render({ model, el }) {
    el.classList.add("cl-focus-keeper-view");
    const root = () => el.closest(".cl-dashboard");
    let until = 0, watching = false;
    const lost = () => {
      const a = document.activeElement;
      return !a || a === document.body || !a.isConnected || a.offsetParent === null;
    };
    const usable = (e) => !e.disabled && e.offsetParent !== null && !e.closest(".cl-applying");
    const place = (r) => {
      for (const sel of PLACES) {
        const found = Array.from(r.querySelectorAll(sel)).find(usable);
        if (found) return found;
      }
      return null;
    };
    const look = () => {        // each frame until the time is up: focus lost goes to its place
      const r = root();
      if (r && lost()) {
        const target = place(r);
        if (target) target.focus();
      }
      if (r && (performance.now() < until || r.classList.contains("cl-busy"))) requestAnimationFrame(look);
      else watching = false;
    };
    const onClick = (e) => {
      const r = root();
      if (e.detail !== 0 || !r || !r.contains(e.target)) return;
      until = performance.now() + model.get("patience_ms");
      if (!watching) {
        watching = true;
        requestAnimationFrame(look);
      }
    };
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      until = 0;
    };
  }
};
"""


class FocusKeeper(anywidget.AnyWidget):
    """Gives the focus a keyboard click lost to the decision's first control (see the module)."""

    _esm = _ESM
    patience_ms = traitlets.Int(PATIENCE_MS).tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-focus-keeper")


__all__ = ["FocusKeeper", "PATIENCE_MS"]

"""``ArrowKeys``: the page's arrow keys, sent to the kernel while the widget is on screen.

A tiny anywidget (its JavaScript is the ``_esm`` string: no file, no CDN). Put it in a panel: while
that panel is shown (its tab selected), ←/→, Home/End and PageUp/PageDown anywhere in the page call
``on_key("left" | "right" | "home" | "end" | "pageup" | "pagedown")``, unless the key goes to a text
field, a dropdown or a slider (which has arrow keys of its own).
"""
from __future__ import annotations

from typing import Any, Callable

import anywidget

KEYS = {"ArrowLeft": "left", "ArrowRight": "right", "Home": "home", "End": "end",
        "PageUp": "pageup", "PageDown": "pagedown"}

_ESM = """
const KEYS = %s;
export default {
  render({ model, el }) {
    el.classList.add("cl-arrow-keys-view");
    const onKey = (e) => {
      const key = KEYS[e.key];
      if (!key || e.altKey || e.ctrlKey || e.metaKey || el.offsetParent === null) return;
      const t = e.target;
      if (t && t.closest && t.closest("input, textarea, select, [contenteditable], .noUi-handle")) return;
      e.preventDefault();
      try { model.send({ event: "key", key }); } catch (error) { /* the page is closing */ }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }
};
""" % str(KEYS).replace("'", '"')


class ArrowKeys(anywidget.AnyWidget):
    """Calls ``on_key(name)`` for the page's arrow, Home/End and Page keys while it is shown."""

    _esm = _ESM

    def __init__(self, on_key: Callable[[str], None], **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-arrow-keys")
        self.on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "key" and content.get("key") in KEYS.values():
            self.on_key(content["key"])


__all__ = ["ArrowKeys", "KEYS"]

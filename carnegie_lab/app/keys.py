"""``Keys``: the page's keyboard shortcuts, sent to the kernel while the widget is on screen.

A tiny anywidget (its JavaScript is the ``_esm`` string: no file, no CDN). Put it in a panel: while
that panel is shown (its tab selected), a key of its table pressed anywhere in the page calls
``on_key(name)``, whatever has focus, except a text field (where keys type), a slider's handle (its
arrow keys move it, the same steps), a dropdown for letters and Enter, and a button, link or tab
for Enter (Enter is their click). The key tables live here; the widget can show a "Keys: …" line.

- :data:`REPLAY_KEYS` (the Replay tab, :class:`ArrowKeys`): ←/→, Home/End, PageUp/PageDown;
- :data:`PLAY_KEYS` (the Play tab): D or Enter = Done, U = Undo, H = Hint. A key only clicks the
  button of its name (:func:`clicks`), the way a click would, so what a click may do a key may do,
  and no more; a key pressed on a decision the kernel has moved past since is dropped (``current``).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import anywidget
import ipywidgets as W
import traitlets

from ..core.i18n import N_, render, translator
from .turn import SHOWN_ACTIONS_JS

#: The replay's keys: KeyboardEvent.key -> name.
REPLAY_KEYS = {"ArrowLeft": "left", "ArrowRight": "right", "Home": "home", "End": "end",
               "PageUp": "pageup", "PageDown": "pagedown"}
#: The Play tab's keys (a letter either case): KeyboardEvent.key -> the name of the button it clicks.
PLAY_KEYS = {"d": "done", "Enter": "done", "u": "undo", "h": "hint"}
#: What the Play tab's keys do, as the "Keys" line writes it.
KEY_NAMES = {"done": N_("Done"), "undo": N_("Undo"), "hint": N_("Hint")}
#: The arrows as the "Keys" line writes them.
_SHOWN = {"ArrowLeft": "←", "ArrowRight": "→"}

_ESM = """
const TEXT = "input:not([type=checkbox]):not([type=button]):not([type=submit]), textarea, [contenteditable], "
           + ".noUi-handle";
export default {
  render({ model, el }) {
    el.classList.add("cl-keys-view");
    const line = () => {
      const text = model.get("line");
      el.innerHTML = "";
      if (!text) return;
      const div = document.createElement("div");
      div.className = "cl-keys-line";
      div.textContent = text;
      el.appendChild(div);
    };
    model.on("change:line", line);
    line();
    const onKey = (e) => {
      const table = model.get("table");
      const key = table[e.key] || (e.key.length === 1 ? table[e.key.toLowerCase()] : undefined);
      if (!key || e.altKey || e.ctrlKey || e.metaKey || el.offsetParent === null) return;
      const t = e.target;
      // Enter clicks a focused button, link or tab, and a dropdown takes letters and Enter for itself
      const native = e.key === "Enter" ? "button, a, [role=tab], select" : e.key.length === 1 ? "select" : "";
      if (t && t.closest && (t.closest(TEXT) || (native && t.closest(native)))) return;
      e.preventDefault();
      e.stopPropagation();    // a dropdown or a tab bar with focus would take the arrows for itself
      const seen = (SHOWN)(el.closest(".cl-dashboard"));
      try { model.send({ event: "key", key, seen }); } catch (error) { /* the page is closing */ }
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }
};
""".replace("SHOWN", SHOWN_ACTIONS_JS)


class Keys(anywidget.AnyWidget):
    """Calls ``on_key(name)`` for the keys of ``table`` (KeyboardEvent.key -> name) while it is shown.
    With ``current`` (the number of actions of the decision the kernel shows), a key the page sent
    while it showed another decision is dropped; ``line``: show the "Keys: …" line."""

    _esm = _ESM
    table = traitlets.Dict().tag(sync=True)
    line = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_key: Callable[[str], None], table: Mapping[str, str] = REPLAY_KEYS,
                 current: Callable[[], int] | None = None, line: bool = False, lang: str | None = None,
                 **kwargs: Any):
        super().__init__(table=dict(table), **kwargs)
        self.lang = lang
        self.add_class("cl-keys")
        self.on_key = on_key
        self.current = current
        self.on_msg(self._message)
        if line:
            self.show_line()

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("event") == "key"
                and content.get("key") in self.table.values()):
            return
        if self.current is not None and content.get("seen") != self.current():
            return
        self.on_key(content["key"])

    def show_line(self) -> None:
        """Show the "Keys: …" line, made from the table: 'Keys: D or Enter Done · U Undo · H Hint'."""
        keys: dict[str, list[str]] = {}
        for key, name in self.table.items():
            keys.setdefault(name, []).append(_SHOWN.get(key, key.upper() if len(key) == 1 else key))
        _ = translator(self.lang).gettext
        either = _(" or ")
        self.line = _("Keys: {keys}").format(keys=" · ".join(
            f"{either.join(k)} {render(KEY_NAMES.get(name, name.capitalize()), self.lang)}"
            for name, k in keys.items()))


class ArrowKeys(Keys):
    """The replay's keys (:data:`REPLAY_KEYS`): ``on_key("left" | "right" | "home" | "end" | "pageup" |
    "pagedown")``."""

    def __init__(self, on_key: Callable[[str], None], **kwargs: Any):
        super().__init__(on_key, REPLAY_KEYS, **kwargs)
        self.add_class("cl-arrow-keys")


def clicks(buttons: Callable[[], Mapping[str, W.Button | None]]) -> Callable[[str], None]:
    """An ``on_key`` that clicks the button of the key's name (``buttons()``: the buttons shown now),
    if there is one and it is enabled: exactly what a click on it does."""
    def press(name: str) -> None:
        b = buttons().get(name)
        if b is not None and not b.disabled:
            b.click()
    return press


def play_keys(buttons: Callable[[], Mapping[str, W.Button | None]], decisions: Callable[[], int],
              lang: str | None = None) -> Keys:
    """The Play tab's keys (:data:`PLAY_KEYS`, with their line): each clicks the Done, Undo or Hint button of
    ``buttons()`` (the buttons shown now), for the decision the page showed (``decisions()``: the game's
    actions so far)."""
    return Keys(clicks(buttons), PLAY_KEYS, decisions, line=True, lang=lang)


__all__ = ["ArrowKeys", "Keys", "PLAY_KEYS", "REPLAY_KEYS", "clicks", "play_keys"]

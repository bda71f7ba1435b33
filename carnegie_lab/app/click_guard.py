"""``ClickGuard``: one click, one action, however fast the player clicks.

A click on a button of the Play tab goes to the kernel, which applies the action, lets the bots
play and sends the next decision's controls. Until then the page keeps showing the old controls, and
afterwards new ones appear where the old ones were: more clicks at the same spot would land on
controls the player never saw. This tiny anywidget (its JavaScript is the ``_esm`` string below: no
file, no CDN) watches the page's clicks before the buttons see them:

- after a click on a guarded button (any ``button.widget-button`` of the Play tab; the toggle
  buttons of a picker only choose, they apply nothing) every other click on a guarded button is
  dropped until the kernel has handled that click. The page then asks the kernel ``ping`` with a
  number; the kernel handles messages in order, so its answer (``answered``) comes once the click's
  work is done and the new controls have been sent;
- after the answer, clicks at the spot of the guarded click are dropped too, until no click came
  there for ``settle_ms`` (a burst of clicks was aimed at the old control, however long it lasts); a
  click elsewhere is a new, deliberate one;
- meanwhile the dashboard carries the CSS class ``cl-busy`` (until the answer: the buttons look
  disabled) and then ``cl-settling`` (a test waits for both to go before its next click);
- just before a guarded click's own message, the page sends ``aim`` with the decision it showed (its
  turn card's ``data-actions``): when another browser's move has come in between (the page's clock
  brought it, and the button now shows the next decision's option), :meth:`ClickGuard.late` says so,
  and the dashboard plays nothing. The kernel forgets the aim at the ``ping``, when that click's work is done.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from .turn import SHOWN_ACTIONS_JS

#: After the kernel's answer, clicks where the last guarded click was are dropped until none came
#: there for this long (ms).
SETTLE_MS = 300
#: Clicks closer than this to the guarded one are "at the same spot" (CSS pixels).
SAME_SPOT_PX = 6

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("cl-click-guard-view");
    // the dashboard this guard is in (looked up when needed: el joins the page after render)
    const root = () => el.closest(".cl-dashboard");
    const shown = SHOWN;
    let waiting = 0, sent = 0, quiet = 0, spot = null, fallback = null, settled = null;
    const guarded = (target) => {
      const r = root(), b = target && target.closest ? target.closest("button.widget-button") : null;
      return r && b && r.contains(b) && b.closest(".cl-play-tab") ? b : null;
    };
    const mark = (name, on) => { const r = root(); if (r) r.classList.toggle(name, on); };
    const near = (e) => spot !== null && Math.abs(e.clientX - spot[0]) <= SPOT
                                      && Math.abs(e.clientY - spot[1]) <= SPOT;
    const settle = () => {        // clicks at the spot stay dropped until it has been quiet a while
      quiet = performance.now() + model.get("settle_ms");
      mark("cl-settling", true);
      clearTimeout(settled);
      settled = setTimeout(() => mark("cl-settling", false), model.get("settle_ms"));
    };
    const release = () => {
      waiting = 0;
      clearTimeout(fallback);
      mark("cl-busy", false);
      settle();
    };
    const onClick = (e) => {
      const b = guarded(e.target);
      if (!b) return;
      if (waiting || (near(e) && performance.now() < quiet)) {
        e.stopImmediatePropagation();
        e.preventDefault();
        if (!waiting) settle();   // a burst of clicks: dropped until it ends
        return;
      }
      if (b.disabled) return;
      try { model.send({ event: "aim", seen: shown(root()) }); } catch (error) { return; }
      waiting = ++sent;
      spot = [e.clientX, e.clientY];
      clearTimeout(settled);
      mark("cl-settling", false);
      mark("cl-busy", true);
      const id = waiting;   // sent after the button's own message, so answered after its work
      setTimeout(() => { try { model.send({ event: "ping", id }); } catch (error) { release(); } }, 0);
      clearTimeout(fallback);
      fallback = setTimeout(release, model.get("patience_ms"));
    };
    model.on("change:answered", () => {
      if (waiting && model.get("answered") >= waiting) release();
    });
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      clearTimeout(fallback);
      clearTimeout(settled);
      mark("cl-busy", false);
      mark("cl-settling", false);
    };
  }
};
""".replace("SPOT", str(SAME_SPOT_PX)).replace("SHOWN", SHOWN_ACTIONS_JS)


class ClickGuard(anywidget.AnyWidget):
    """Drops the page's extra clicks on the Play tab's buttons while the kernel handles one
    (see the module). ``answered``: the last click the kernel has handled; ``aimed``: the number of
    actions of the decision the page showed when it sent the click being handled (None: no click
    from the page, e.g. a key's or a notebook's ``click()``)."""

    _esm = _ESM
    answered = traitlets.Int(0).tag(sync=True)
    settle_ms = traitlets.Int(SETTLE_MS).tag(sync=True)
    #: a click the kernel never answers (its connection is gone) gives the buttons back after this
    patience_ms = traitlets.Int(300_000).tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-click-guard")
        self.aimed: int | None = None
        self.on_msg(self._message)

    def late(self, actions: int) -> int | None:
        """The number of actions of the decision the page showed when it sent the click being handled, if
        that is another decision than the one of ``actions`` actions (None: the click is for this one)."""
        return self.aimed if self.aimed is not None and self.aimed != actions else None

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "aim":
            seen = content.get("seen")
            self.aimed = seen if isinstance(seen, int) and not isinstance(seen, bool) else None
        elif content.get("event") == "ping" and isinstance(content.get("id"), int):
            self.aimed = None
            self.answered = max(self.answered, content["id"])


__all__ = ["ClickGuard", "SAME_SPOT_PX", "SETTLE_MS"]

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
  click elsewhere is a new, deliberate one. A click counts from when it was made (its event's
  ``timeStamp``), not from when the page, busy drawing the next decision, got to it;
- meanwhile the dashboard carries the CSS class ``cl-busy`` (until the answer: the buttons look
  disabled) and then ``cl-settling`` (a test waits for both to go before its next click);
- just before a guarded click's own message, the page sends ``aim`` with the decision it showed (its
  turn card's ``data-actions``): when another browser's move has come in between (the page's clock
  brought it, and the button now shows the next decision's option), ``aimed`` says so, and the
  dashboard plays nothing. The kernel forgets the aim at the ``ping``, when that click's work is
  done;
- a click on a board figure that takes clicks (its ``layout.meta`` names its kind: ``BoardView``) is
  held and guarded the same way, and sent as ``pick``: the key of the point the page drew and the
  number of actions that drawing was made for. plotly's own click message names a point by its index,
  which the kernel would look up in its own figure, redrawn since if the game moved on meanwhile: the
  key is what the page showed under the pointer. A pick and a button's click are one path in the
  dashboard (``Dashboard.act``): a pick of an older drawing is refused as a late button is, with the
  same words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

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
    // when the click happened: a click made while the page was busy drawing waits to be handled, and is
    // judged by when it was made (an event's timeStamp, unless it is not on performance.now()'s clock)
    const when = (e) => {
      const t = e.timeStamp, now = performance.now();
      return typeof t === "number" && t > 0 && t <= now ? t : now;
    };
    const held = (e) => {         // a click while one is on its way, or one more of a burst at its spot
      if (!waiting && !(near(e) && when(e) < quiet)) return false;
      if (!waiting) settle();     // a burst of clicks: dropped until it ends
      return true;
    };
    const start = (e) => {        // a click sent: the others wait until the kernel has done its work
      waiting = ++sent;
      spot = [e.clientX, e.clientY];
      clearTimeout(settled);
      mark("cl-settling", false);
      mark("cl-busy", true);
      const id = waiting;   // sent after the click's own message, so answered after its work
      setTimeout(() => { try { model.send({ event: "ping", id }); } catch (error) { release(); } }, 0);
      clearTimeout(fallback);
      fallback = setTimeout(release, model.get("patience_ms"));
    };
    const onClick = (e) => {
      const b = guarded(e.target);
      if (!b) return;
      if (held(e)) {
        e.stopImmediatePropagation();
        e.preventDefault();
        return;
      }
      if (b.disabled) return;
      try { model.send({ event: "aim", seen: shown(root()) }); } catch (error) { return; }
      start(e);
    };
    // A board figure's click: the key of the point the page drew and the moment it was drawn for
    // (layout.meta), sent for the kernel to look up nothing by a point's index.
    const onPick = (gd, data) => {
      const meta = gd.layout && gd.layout.meta;
      const point = (data && data.points || []).find((p) => p.customdata !== undefined && p.customdata !== null);
      if (!meta || !meta.pick || !point) return;
      const e = data.event || {};
      if (held(e)) return;
      try {
        model.send({ event: "pick", kind: meta.pick, key: String(point.customdata), drawn: meta.actions });
      } catch (error) { return; }
      start(e);
    };
    const onPress = (e) => {      // a press on a board figure: its clicks come to onPick
      const r = root(), gd = e.target && e.target.closest ? e.target.closest(".js-plotly-plot") : null;
      if (!r || !gd || !r.contains(gd) || typeof gd.on !== "function") return;
      if (!gd.clPick) gd.clPick = (data) => onPick(gd, data);
      gd.removeListener("plotly_click", gd.clPick);
      gd.on("plotly_click", gd.clPick);
    };
    model.on("change:answered", () => {
      if (waiting && model.get("answered") >= waiting) release();
    });
    document.addEventListener("click", onClick, true);
    document.addEventListener("pointerdown", onPress, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("pointerdown", onPress, true);
      clearTimeout(fallback);
      clearTimeout(settled);
      mark("cl-busy", false);
      mark("cl-settling", false);
    };
  }
};
""".replace("SPOT", str(SAME_SPOT_PX)).replace("SHOWN", SHOWN_ACTIONS_JS)


@dataclass(frozen=True)
class Pick:
    """A click on a board figure: the thing ``key`` of a ``kind`` figure, drawn for the game after ``drawn``
    actions."""
    kind: str
    key: str
    drawn: int


class ClickGuard(anywidget.AnyWidget):
    """Drops the page's extra clicks on the Play tab's buttons and the board while the kernel handles one
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
        #: who is told of a click on a board figure (``Dashboard.act``)
        self.on_pick: Callable[[Pick], None] | None = None
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "aim":
            self.aimed = _count(content.get("seen"))
        elif content.get("event") == "pick":
            kind, key, drawn = content.get("kind"), content.get("key"), _count(content.get("drawn"))
            if self.on_pick is not None and isinstance(kind, str) and isinstance(key, str) and drawn is not None:
                self.on_pick(Pick(kind, key, drawn))
        elif content.get("event") == "ping" and isinstance(content.get("id"), int):
            self.aimed = None
            self.answered = max(self.answered, content["id"])


def _count(value: Any) -> int | None:
    """A number of actions the page sent (an int, not a bool: JSON's true is not 1), or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


__all__ = ["ClickGuard", "Pick", "SAME_SPOT_PX", "SETTLE_MS"]

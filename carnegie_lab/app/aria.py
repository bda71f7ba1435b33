"""Names for screen readers (issue 45): every control of the page says in words what it is.

- :func:`hidden_label`: a form control whose words the page already shows beside it (a row's heading, the
  options themselves) is named by its own ipywidgets ``description`` (a ``<label>`` tied to it), which the
  stylesheet keeps out of sight (``cl-hidden-label``, style.py): a screen reader reads it, the eye sees no
  second label.
- :class:`AriaLabels`: what ipywidgets cannot name (a slider's handle is a ``div`` with the role slider, which
  no ``<label>`` names): a tiny anywidget (its JavaScript is the ``_esm`` string: no file, no CDN) that gives the
  elements a CSS selector finds in its dashboard an ``aria-label``, also those drawn later.
"""
from __future__ import annotations

from typing import Any, Mapping

import anywidget
import ipywidgets as W
import traitlets

HIDDEN = "cl-hidden-label"


def hidden_label(control: W.DOMWidget, words: str) -> W.DOMWidget:
    """``control`` named ``words`` for screen readers, with no label shown: the control."""
    control.description = words
    control.add_class(HIDDEN)
    return control


_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("cl-aria-labels-view");
    let queued = false;
    const label = () => {
      queued = false;
      const root = el.closest(".cl-dashboard");
      if (!root) return;
      for (const [selector, words] of Object.entries(model.get("labels"))) {
        root.querySelectorAll(selector).forEach((e) => {
          if (e.getAttribute("aria-label") !== words) e.setAttribute("aria-label", words);
        });
      }
    };
    const later = () => { if (!queued) { queued = true; requestAnimationFrame(label); } };
    const watch = new MutationObserver(later);
    // el joins the page after render: watch the whole document's new elements, label in the next frame
    watch.observe(document.body, { childList: true, subtree: true });
    model.on("change:labels", later);
    later();
    return () => watch.disconnect();
  }
};
"""


class AriaLabels(anywidget.AnyWidget):
    """Gives the elements of its dashboard that each CSS selector of ``labels`` finds the ``aria-label`` of its
    words (``{selector: words}``), as they appear."""

    _esm = _ESM
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, labels: Mapping[str, str], **kwargs: Any):
        super().__init__(labels=dict(labels), **kwargs)
        self.add_class("cl-aria-labels")


__all__ = ["AriaLabels", "HIDDEN", "hidden_label"]

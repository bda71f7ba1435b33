"""A word for the reader of a saved notebook whose widget is gone: run the cell again.

A widget lives in its kernel. A notebook opened again on a new kernel (a Binder user back after the idle
shutdown, a reload after a restart) still has the widget's output, but no model behind it: JupyterLab draws
"Error displaying widget: model not found" and no more. :class:`RerunNote` makes a widget display a short note
just before itself, an output of its own (a page draws one kind of each output, and the widget's view is
preferred to any text beside it in the same output). While the widget lives, its page hides the note: the
widget's stylesheet (:data:`HIDE_RULE`) hides a note in the output area that holds a live widget. Voilà runs
every notebook afresh, so there the note is never shown.
"""
from __future__ import annotations

import html
import os

from ..core.i18n import N_, render
from ..views.palette import MUTED

#: The note's words: what a reader sees where a widget was, and what to do.
NOTE = N_("This was a live view of the game. If it is gone (the notebook was opened again on a new kernel), "
          "run this cell again: in JupyterLab, Run ▸ Run All Cells.")
#: The class of the note's element.
NOTE_CLASS = "cl-rerun-note"
#: The classes of the widgets that carry the note (their outermost element's).
WIDGET_CLASSES = ("cl-tut", "cl-tut-exercise", "cl-dashboard")
#: The CSS rule, in each such widget's stylesheet, that hides the note beside a live widget.
HIDE_RULE = (", ".join(f".jp-OutputArea:has(.{name}) .{NOTE_CLASS}" for name in WIDGET_CLASSES)
             + " { display: none; }")


def note_bundle(lang: str | None = None) -> dict[str, str]:
    """The note as an output's data: HTML for a page, the same words as plain text for anything else."""
    words = render(NOTE, lang)
    return {"text/html": f"<div class='{NOTE_CLASS}' style='color:{MUTED}; font-style:italic'>"
                         f"{html.escape(words)}</div>",
            "text/plain": words}


def in_voila() -> bool:
    """True in a kernel Voilà started (it names the kernel in VOILA_KERNEL_ID)."""
    return "VOILA_KERNEL_ID" in os.environ


class RerunNote:
    """Mixin for an ipywidgets widget with a ``lang`` attribute: displayed, it shows the note (outside Voilà),
    then itself."""

    lang: str | None

    def _ipython_display_(self) -> None:
        from IPython.display import display
        if not in_voila():
            display(note_bundle(self.lang), raw=True)
        display(self._repr_mimebundle_(), raw=True)   # type: ignore[attr-defined]  # the widget's own output


__all__ = ["HIDE_RULE", "NOTE", "RerunNote", "in_voila", "note_bundle"]

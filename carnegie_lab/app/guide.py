"""Help inside the Play tab, drawn from the screen: the Rules link to the tutorial step that teaches the
decision shown (``session/guide.py`` finds it), and a disabled control's hover saying why."""
from __future__ import annotations

import html

import ipywidgets as W

from ..core.i18n import translator
from ..session.screen import RuleStep


def rules_html(step: RuleStep | None, lang: str | None = None) -> str:
    """The Rules link ("" if no step teaches the decision), in a language: the step's title from the translated
    contents notebook, if there is one (else no title)."""
    if step is None:
        return ""
    _ = translator(lang).gettext
    title = step.title_in(lang)
    if title is not None:
        text = _("Rules: tutorial {notebook}, step {step} “{title}”")
    else:
        text = _("Rules: tutorial {notebook}, step {step}")
    text = text.format(notebook=step.notebook, step=step.step, title=html.escape(title or ""))
    hover = html.escape(_("the tutorial that teaches this decision, at its step"), quote=True)
    return (f"<div class='cl-rules-link'><a href='{html.escape(step.href_in(lang), quote=True)}' target='_blank' "
            f"rel='noopener' title='{hover}'><i class='fa fa-book'></i> {text}</a></div>")


def explain(control: W.DOMWidget, why: str | None, hover: str | None = None) -> None:
    """Disable a control when there is a reason (the screen's words), its hover saying it; else enable it with its
    own hover (``hover``: its own hover from now on)."""
    if hover is not None:
        control.__dict__["_cl_tooltip"] = hover
    own = control.__dict__.setdefault("_cl_tooltip", control.tooltip)
    control.disabled = why is not None
    control.tooltip = why if why else own


__all__ = ["explain", "rules_html"]

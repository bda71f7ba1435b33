"""The tutorials' stylesheet (:data:`STYLE`) and small HTML helpers: a tiny :func:`markdown`, the figure's fit
to its box, the donation chart (:func:`donations_html`). No widgets: strings only.
"""
from __future__ import annotations

import html
import re
from typing import Iterable

from ..core.i18n import translator
from ..engine import Game
from ..ui.rerun import HIDE_RULE
from ..views.palette import HIGHLIGHT, INK, MUTED, PAPER, donation_vp, owner_chip

_INLINE = ((re.compile(r"`([^`]+)`"), r"<code>\1</code>"), (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
           (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"))


def markdown(text: str) -> str:
    """A tiny markdown: blank-line paragraphs, '- ' bullet lists, **bold**, *italics*, `code`."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.strip().splitlines()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            out.append(f"<ul>{items}</ul>")
        elif lines:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return text


def fit_scale(width: int) -> tuple[str, str]:
    """The class of a box whose plotly figure, drawn ``width`` px wide, is scaled down to its stepper's width when
    the stepper is narrower (never up), and its stylesheet. A CSS transform, not CSS zoom: plotly.js maps its
    hovers and clicks through a transform, one that is in place when it draws (so: in the page before the figure,
    never changed by a draw)."""
    name = f"cl-fit-{width}"
    return name, (f"<style>.{name} {{ overflow: hidden; }} .{name} .js-plotly-plot {{ min-width: fit-content; "
                  f"transform-origin: 0 0; transform: scale({_scale(width)}); }}</style>")


def fit_height(box: str, width: int, height: int) -> str:
    """A stylesheet that makes the element of class ``box`` as tall as its figure (``width`` x ``height`` px)
    once scaled (``fit_scale``): no empty band under it."""
    return f"<style>.{box} {{ height: calc({height}px * {_scale(width)}); }}</style>"


def _scale(width: int) -> str:
    return f"min(1, 100cqw / {width}px)"          # cqw: of the stepper, a container (STYLE)


def donations_html(game: Game, highlight: Iterable[str] = (), lang: str | None = None) -> str:
    """The donation chart as an HTML table: themes in columns, the discs on each space, what it scores,
    and each player's price for their next donation. Highlighted spaces get a pink ring. ``lang``: the
    language of its words (a space's terms are views/palette.py's, English still)."""
    C, _ = game.components, translator(lang).gettext
    ringed = set(highlight)
    themes = sorted({d.theme: d.column for d in C.donations.values()}.items(), key=lambda t: t[1])
    rows = max(d.row for d in C.donations.values())
    head = "".join(f"<th>{html.escape(_(theme).replace('_', ' ').capitalize())}</th>" for theme, _column in themes)
    body = []
    for row in range(1, rows + 1):
        cells = []
        for _theme, column in themes:
            d = next(x for x in C.donations.values() if x.column == column and x.row == row)
            owners = game.donors(d.id)
            discs = "".join(owner_chip(o) for o in owners) or "<span class='cl-tut-muted'>" + _("free") + "</span>"
            name = _(d.name).split(": ", 1)[-1]         # what it counts: its column says the theme
            scores = _("{vp} at the end").format(vp=donation_vp(d.formula))
            style = f" style='outline:3px solid {HIGHLIGHT};outline-offset:-3px'" if d.id in ringed else ""
            cells.append(f"<td{style} title='{html.escape(_(d.name))}: {html.escape(scores)}'>"
                         f"<div class='cl-tut-dname'>"
                         f"{html.escape(name)}</div><div class='cl-tut-muted'>{html.escape(scores)}</div>"
                         f"<div>{discs}</div></td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    prices = " · ".join(owner_chip(seat) + _("{player}: next donation <b>${price}</b>").format(
        player=html.escape(name), price=game.donation_price(seat)) for seat, name in enumerate(game.players))
    note = _("a grey dot is a neutral disc (blocks the space) · each donation scores at most {cap} VP at the "
             "end").format(cap=C.constants.donation_cap)
    return ("<div class='cl-tut-donations'><div class='cl-tut-dtitle'>" + _("Donation chart") + "</div>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<div class='cl-tut-muted'>{note}</div><div>{prices}</div></div>")


STYLE = f"""<style>
.cl-tut {{ font-family: Inter, 'Segoe UI', Helvetica, Arial, sans-serif; color: {INK}; max-width: 900px;
  container-type: inline-size; }}
/* every part fits the width it is given, down to a phone's: rows of controls wrap, no control is wider than its
   row, and the figure is scaled down to the stepper's width (fit_scale) */
.cl-tut .widget-hbox, .cl-tut .widget-toggle-buttons > div {{ flex-wrap: wrap; }}
.cl-tut .widget-inline-hbox, .cl-tut-exercise .widget-inline-hbox {{ max-width: 100%; min-width: 0; }}
.cl-tut .widget-inline-hbox select, .cl-tut-exercise .widget-inline-hbox select {{ min-width: 0; }}
.cl-tut .widget-html-content, .cl-tut-exercise .widget-html-content {{ line-height: 1.4; }}
.cl-tut-card {{ background: {PAPER}; border-left: 5px solid #e8b420; border-radius: 6px; padding: 6px 14px;
  min-height: 120px; }}
.cl-tut-card p {{ margin: 6px 0; line-height: 1.45; font-size: 14px; }}
.cl-tut-card ul {{ margin: 4px 0 4px 18px; padding: 0; font-size: 14px; line-height: 1.4; }}
.cl-tut-head {{ font-size: 16px; font-weight: 700; margin-top: 4px; }}
.cl-tut-count {{ color: {MUTED}; font-weight: 400; font-size: 13px; margin-right: 6px; }}
.cl-tut-changes {{ border-top: 1px solid #e6e0d3; margin-top: 6px; padding-top: 4px; font-size: 12.5px;
  color: #5b5348; line-height: 1.45; }}
.cl-tut-changes ul {{ font-size: 12.5px; margin: 2px 0 2px 18px; }}
.cl-tut-now {{ font-size: 12.5px; color: #5b5348; margin-top: 4px; }}
.cl-tut-off {{ background: #fff0f6; border-left-color: {HIGHLIGHT}; }}
.cl-tut .cl-chip, .cl-tut-exercise .cl-chip {{ margin: 0 4px 0 1px; vertical-align: -1px; }}
.cl-tut-muted {{ color: {MUTED}; font-size: 11.5px; }}
.cl-tut-error {{ color: #b3261e; font-weight: 600; }}
.cl-tut-ok {{ color: #2e7d32; font-weight: 600; }}
.cl-tut-donations table {{ border-collapse: separate; border-spacing: 4px; table-layout: fixed; width: 100%; }}
.cl-tut-donations td {{ background: #f3efe6; border-radius: 6px; padding: 3px 8px; vertical-align: top;
  font-size: 12.5px; line-height: 1.3; overflow-wrap: anywhere; hyphens: auto; }}
.cl-tut-donations .cl-tut-muted {{ line-height: 1.25; }}
.cl-tut-donations th {{ text-align: left; font-size: 13px; padding: 0 8px; overflow-wrap: anywhere; }}
.cl-tut-dtitle {{ font-size: 17px; font-weight: 700; margin: 4px 0; }}
.cl-tut-dname {{ font-weight: 600; }}
.cl-tut-question {{ font-size: 14px; line-height: 1.45; }}
.cl-tut-question p {{ margin: 4px 0; }}
.cl-tut-exercise {{ background: #f4f8fb; border-left: 5px solid #3f86c6; border-radius: 6px; padding: 4px 12px;
  max-width: 860px; }}
{HIDE_RULE}
</style>"""


__all__ = ["STYLE", "donations_html", "fit_height", "fit_scale", "markdown"]

"""A compact HTML summary of a game for Jupyter's rich display (``Game._repr_html_``): round, phase, the
decision being taken and one row per player, next to a small inline SVG map (:mod:`.svg_map`). No figures and
no plotly: it must be cheap."""
from __future__ import annotations

from ..core.i18n import N_, translator
from ..core.words import round_of
from .palette import ANDREW_COLOUR, GOLD, INK, MUTED, PAPER, esc, owner_colour
from .svg_map import map_svg

_CELL = "padding:2px 10px;text-align:right"
#: the phases of a game (``game.phase``) in words
PHASES = {"house": N_("house"), "reserve": N_("reserve"), "setup": N_("setup"), "choose": N_("choose"),
          "event": N_("event"), "turn": N_("turn"), "over": N_("over")}


def game_html(game, map_width: int = 420, lang: str | None = None) -> str:
    """The summary table and, beside it (below it in a narrow output), the mini-map ``map_width`` pixels wide
    (0: no map); ``lang``: the language of the texts (None: English)."""
    tr = translator(lang)
    _ = tr.gettext
    rounds = game.components.constants.rounds
    over = game.is_over
    scores = game.scores()
    winners = set(game.winners()) if over else set()
    current = game.current_player
    if over:
        names = ", ".join(f"<b>{esc(w)}</b>" for w in winners)
        status = tr.ngettext("the game is over · winner: {names}", "the game is over · winners: {names}",
                             len(winners)).format(names=names)
    else:
        where = round_of(game.round, rounds, capital=False, number="<b>{}</b>", lang=lang)
        chosen = " · " + _("action: <b>{action}</b>").format(action=esc(game.chosen_action)) \
            if game.chosen_action else ""
        status = f"{where} · {esc(_(PHASES[game.phase]))}{chosen}"
    head = "".join(f"<th style='{_CELL};font-weight:600'>{h}</th>"
                   for h in (_("money"), _("goods"), _("VP"), _("score"), _("active"), _("discs")))
    rows = []
    for seat, name in enumerate(game.players):
        score = scores.get(name)
        mark = "▶ " if seat == current else ""
        star = " ★" if name in winners else ""
        style = f"background:{'#fff3cf' if seat == current else 'transparent'}"
        rows.append(
            f"<tr style='{style}'><td style='padding:2px 10px;text-align:left;white-space:nowrap'>{mark}"
            f"<span style='color:{owner_colour(seat)};font-size:1.2em'>●</span> <b>{esc(name)}</b>{star}</td>"
            f"<td style='{_CELL}'>${game.money(seat)}</td><td style='{_CELL}'>{game.goods(seat)}</td>"
            f"<td style='{_CELL}'>{game.vp(seat)}</td><td style='{_CELL}'><b>{score.total if score else '–'}</b></td>"
            f"<td style='{_CELL}'>{game.active_employees(seat)}</td><td style='{_CELL}'>{game.discs(seat)}</td></tr>")
    for name, score in scores.items():                     # the solo opponent scores without a seat
        if name not in game.players:
            star = " ★" if name in winners else ""
            rows.append(f"<tr><td style='padding:2px 10px;text-align:left;white-space:nowrap'>"
                        f"<span style='color:{ANDREW_COLOUR};font-size:1.2em'>●</span> <b>{esc(name)}</b>{star}</td>"
                        f"<td></td><td></td><td></td><td style='{_CELL}'><b>{score.total}</b></td><td></td><td></td>"
                        f"</tr>")
    now = _("now:")
    prompt = "" if over else (f"<div style='margin:4px 0 6px 0;max-width:400px'>"
                              f"<span style='color:{MUTED}'>{now}</span> "
                              f"{esc(game.decision_in(lang).prompt)}</div>")
    return (f"<div class='carnegie-game' style='font-family:sans-serif;font-size:13px;color:{INK};"
            f"background:{PAPER};border:1px solid #e2dccf;border-left:4px solid {GOLD};border-radius:6px;"
            f"padding:8px 12px;display:inline-block'>"
            f"<div style='display:flex;flex-wrap:wrap;align-items:flex-start;gap:8px 16px'><div>"
            f"<div><b>Carnegie</b> · {esc(', '.join(game.players))} · {status}</div>{prompt}"
            f"<table style='border-collapse:collapse;margin-top:2px'><thead><tr><th></th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<div style='color:{MUTED};font-size:11px;margin-top:4px;max-width:400px'>"
            + _("score: VP if the game ended now · active: standing employees (not the permanent HR one)")
            + "<br>" + _("map: hover a city for its sites") + "</div>"
            f"</div>{_map(game, map_width, lang)}</div></div>")


def _map(game, width: int, lang: str | None) -> str:
    """The mini-map in a flex item: beside the table while at least 300 px are left, growing to ``width``."""
    if not width:
        return ""
    return f"<div style='flex:1 1 {min(300, width)}px;max-width:{width}px'>{map_svg(game, width, lang)}</div>"


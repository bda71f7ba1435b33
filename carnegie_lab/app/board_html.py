"""The board's texts beside its figures: a card per player (and Andrew's deck as the table sees it), the score
table and the game's log, drawn from the game (the views' words)."""
from __future__ import annotations

import html

from ..core.i18n import translator
from ..core.words import SCORE_NAMES, round_of
from ..engine import AndrewView
from ..session.screen import lines_by_round, shown, type_name

LOG_LINES = 400


def players_html(game, kinds: list[str] | None = None, lang: str | None = None) -> str:
    """One card per player: money, goods, the score if the game ended now; the deciding one framed."""
    from ..core.state import ANDREW
    from ..views.palette import ANDREW_COLOUR, PLAYER_COLOURS, owner_chip
    tr = translator(lang)
    _ = tr.gettext
    table = game.scores()
    cards = []
    hovers = {"money": _("money"), "goods": _("goods"), "working": _("working employees / on missions"),
              "score": _("score if the game ended now")}
    for i, name in enumerate(game.players):
        who = "" if kinds is None or not kinds[i] else \
            f" <span class='cl-note'>({html.escape(shown(kinds[i], lang))})</span>"
        now = " cl-now" if game.current_player == i else ""
        away = sum(game.on_mission(i, r) for r in game.components.regions)
        working = _("{working} working, {away} away").format(working=game.active_employees(i), away=away)
        cards.append(
            f"<div class='cl-player{now}' style='border-color:{PLAYER_COLOURS[i % 4]}'>"
            f"{owner_chip(i)}"
            f"<b>{html.escape(name)}</b>{who}<br>"
            f"<span title='{hovers['money']}'>${game.money(i)}</span> · <span title='{hovers['goods']}'>"
            + _("{n} goods").format(n=game.goods(i)) + "</span> · "
            f"<span title='{hovers['working']}'>{working}</span><br>"
            f"<span title='{hovers['score']}'>"
            + _("<b>{n} VP</b> now").format(n=table[name].total) + "</span></div>")
    andrew = game.andrew()
    if andrew is not None:
        name = game.andrew_name
        cards.append(f"<div class='cl-player cl-andrew' style='border-color:{ANDREW_COLOUR}'>"
                     f"{owner_chip(ANDREW)}"
                     f"<b>{html.escape(name)}</b> <span class='cl-note'>("
                     + _("level {n}").format(n=andrew.level) + ")</span> · "
                     + _("<b>{n} VP</b> now").format(n=table[name].total)
                     + f"<br>{andrew_deck_html(game, andrew, lang)}</div>")
    return f"<div class='cl-players-row'>{''.join(cards)}</div>"


def andrew_deck_html(game, andrew: AndrewView, lang: str | None = None) -> str:
    """Andrew's deck as the table shows it: this round's card (only its back, its action, until his
    turn), the action on the back of his next card, the cards left (and how many of them are
    advanced) and the cards on his VP cards."""
    tr = translator(lang)
    _ = tr.gettext
    cards = game.components.solo_cards
    advanced = "" if andrew.advanced_left is None else " " + _("({n} advanced)").format(n=andrew.advanced_left)
    if andrew.card:
        card = cards[andrew.card]
        action = html.escape(type_name(card.action, lang))
        now = ((_("this round's card: an advanced card, action <b>{action}</b>") if card.advanced else
                _("this round's card: action <b>{action}</b>")).format(action=action)
               + (_(" · it chooses the row") if andrew.chooses else "")
               + (tr.ngettext(" · it slid {n} step to the right", " · it slid {n} steps to the right",
                              andrew.slide).format(n=andrew.slide) if andrew.slide else ""))
    elif andrew.face_down:
        action = type_name(andrew.card_action, lang) if andrew.card_action else ""
        now = (_("this round's card face down, action {action}").format(action=html.escape(action)) if action else
               _("this round's card face down, an advanced card (its action is hidden)"))
        if andrew.advanced_left is not None:
            advanced = " " + _("({n} advanced among them and this round's)").format(n=andrew.advanced_left)
    else:
        now = _("no card this round yet")
    if andrew.next_action:
        now += "<br>" + _("next round: <b>{action}</b>").format(action=html.escape(type_name(andrew.next_action, lang)))
    elif andrew.next_advanced:
        now += "<br>" + _("next round: <b>an advanced card</b> (its action is hidden)")
    on_vp = ", ".join(_("{n} VP").format(n=vp) + f" ×{len(on)}" for vp, on in andrew.vp_cards if on) or _("none yet")
    left = tr.ngettext("{n} card left", "{n} cards left", andrew.cards_left).format(n=andrew.cards_left)
    return (f"<span class='cl-note'>{now}<br>{left}{advanced} · "
            + _("on his VP cards: {cards}").format(cards=on_vp) + "</span>")


def scores_html(game, caption: str | None = None, lang: str | None = None) -> str:
    """The score breakdown as a table (the final scores once the game is over; ``caption``: another
    title)."""
    _ = translator(lang).gettext
    table = game.scores()
    if not table:
        return ""
    names = list(table)
    fields = [k for k in next(iter(table.values())).as_dict() if k != "total"]
    used = [k for k in fields if any(getattr(table[n], k) for n in names)]
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = "".join(f"<tr><td>{html.escape(_(SCORE_NAMES[k]))}</td>"
                   + "".join(f"<td>{getattr(table[n], k)}</td>" for n in names) + "</tr>" for k in used)
    winners = set(game.winners()) if game.is_over else set()
    total = "".join(f"<td><b>{table[n].total}{' ★' if n in winners else ''}</b></td>" for n in names)
    caption = caption or (_("Final scores") if game.is_over else _("Score if the game ended now"))
    all_ = _("total")
    return (f"<table class='cl-scores'><caption>{caption}</caption><thead><tr><th></th>{head}</tr></thead>"
            f"<tbody>{rows}<tr class='cl-total'><td><b>{all_}</b></td>{total}</tr></tbody></table>")


def log_html(game, limit: int = LOG_LINES, lang: str | None = None) -> str:
    """The game log from its moves (``Game.moves``), newest first, under a heading per round, in the
    language (the rules write each line as a Message)."""
    tr = translator(lang)
    groups = lines_by_round(game)
    count = sum(len(lines) for _, lines in groups)
    total = game.rules.constants.rounds
    body, number, shown_lines = [], count, 0
    for round_, lines in reversed(groups):
        items = []
        for text in reversed(lines):
            if shown_lines == limit:
                break
            items.append(f"<li value='{number}'>{html.escape(shown(text, lang))}</li>")
            number, shown_lines = number - 1, shown_lines + 1
        if items:
            body.append(f"<div class='cl-round-head'>{round_of(round_, total, lang=lang)}</div>"
                        f"<ol reversed class='cl-log-lines'>{''.join(items)}</ol>")
    more = ("<p class='cl-note'>" + tr.gettext("(the {n} oldest lines are not shown)").format(n=count - limit)
            + "</p>" if count > limit else "")
    head = (tr.ngettext("{n} line, newest first", "{n} lines, newest first", count).format(n=count) if count
            else tr.gettext("Nothing played yet: each move's lines come here, newest first"))
    return ("<div class='cl-log-head'>" + html.escape(head)
            # its own scrolling box: a stop of the keyboard's Tab (its arrow keys scroll it), named for screen readers
            + "</div><div class='cl-log-body' tabindex='0' role='region' "
            + f"aria-label='{html.escape(tr.gettext('Log'))}'>"
            + f"{''.join(body)}</div>{more}")

__all__ = ["LOG_LINES", "andrew_deck_html", "log_html", "players_html", "scores_html"]

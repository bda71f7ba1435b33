"""The Play tab's words, drawn from the page's :class:`~carnegie_lab.session.screen.Screen`: the turn card, the
role note (who this browser plays), "What happened", the status line and the page's title."""
from __future__ import annotations

import html

from ..core.i18n import translator
from ..session.screen import Recent, Role, Screen, Status
from ..views.palette import PLAYER_COLOURS
from .panels import chip

#: The app's name: the header's title and the end of the page's title.
APP_NAME = "Carnegie"

#: JavaScript: the number of actions of the decision a dashboard (the element given) shows, as its turn
#: card's ``data-actions`` says (null without one). The keys and the click guard send it with what they send.
SHOWN_ACTIONS_JS = ("(root) => { const turn = root && root.querySelector('.cl-turn[data-actions]'); "
                    "return turn ? Number(turn.dataset.actions) : null; }")


def turn_html(screen: Screen) -> str:
    """The turn card: who decides what (its data- attributes tell the page and the tests what is shown), and
    where on the board the ringed choices are."""
    t, _ = screen.turn, translator(screen.lang).gettext
    colour = PLAYER_COLOURS[t.seat % len(PLAYER_COLOURS)] if t.seat is not None else "#8a8478"
    hint = ("<div class='cl-board-hint'>" + _("Or click, on the board, a ringed {places}.").format(
        places=_(" or ").join(t.places)) + "</div>" if t.places else "")
    return (f"<div class='cl-turn' data-actions='{t.actions}' data-kind='{t.kind}' "
            f"data-seat='{'' if t.seat is None else t.seat}' data-yours='{int(t.yours)}' data-game='{t.game_id}' "
            f"style='border-left-color:{colour}'>"
            f"<div class='cl-headline'>{chip(t.seat) if t.seat is not None else ''}{html.escape(t.headline)}</div>"
            f"<div class='cl-prompt'>{html.escape(t.prompt)}</div>{hint}</div>")


def role_html(role: Role) -> str:
    """The role note ("" for a game of the browser's own)."""
    if not role.kind:
        return ""
    mark = chip(role.seat) if role.seat is not None else ""
    return f"<div class='cl-role cl-role-{role.kind}'>{mark}{role.note_html}</div>"


def recent_html(recent: Recent | None) -> str:
    """The Play tab's "What happened"."""
    if recent is None:
        return ""
    items = "".join(f"<li>{html.escape(t)}</li>" for t in recent.lines)
    return f"<div class='cl-group-title'>{html.escape(recent.head)}</div><ul class='cl-recent-lines'>{items}</ul>"


def status_html(status: Status) -> str:
    """The status line: what the player was told (errors in red)."""
    cls = "cl-error" if status.error else "cl-info"
    return f"<div class='{cls}'>{html.escape(status.text)}</div>" if status.text else ""


def tab_title(screen: Screen) -> str:
    """The page's title: "Your turn — Carnegie", "Bo to decide — Carnegie", "Game over — Carnegie"."""
    return f"{screen.title} — {APP_NAME}"


__all__ = ["APP_NAME", "SHOWN_ACTIONS_JS", "recent_html", "role_html", "status_html", "tab_title", "turn_html"]

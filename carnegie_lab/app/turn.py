"""The Play tab's words: the turn card's prompt, the role note (who this browser plays), where the game is."""
from __future__ import annotations

import html
from typing import Mapping

from ..core.i18n import N_, translator
from ..core.words import round_of
from ..session import SEAT, WATCH, Controller
from ..session.seating import GAME_OVER
from ..session.targets import Target
from ..session.texts import shown
from ..views.palette import PLAYER_COLOURS
from .panels import chip

#: The app's name: the header's title and the end of the page's title.
APP_NAME = "Carnegie"
#: The page's title when this browser's player decides.
YOUR_TURN = N_("Your turn")

#: At most this many lines of "what happened" are shown in the Play tab (the Log tab has them all).
RECENT_LINES = 14

#: Where the board's clickable things are, by kind of figure (for the turn card's hint).
BOARD_PLACES = {"map": N_("site or city (Map)"), "timeline": N_("row (Tracks & Timeline: Timeline)"),
                "tracks": N_("track or tab space (Tracks & Timeline: Tracks)"),
                "donations": N_("donation space (Tracks & Timeline: Donation chart)"),
                "company": N_("employee, cell or workstation (Companies)")}


def sentence(text: str, end: bool = True) -> str:
    text = text[:1].upper() + text[1:] if end else text
    return text if not end or text.endswith((".", "!", "?")) else text + "."


def role_note(ctl: Controller, lang: str | None = None) -> str:
    """Who this browser plays, in a shared game (nothing for a game of its own)."""
    _ = translator(lang).gettext
    if ctl.role == SEAT and ctl.my_seat is not None:
        name = html.escape(ctl.seats[ctl.my_seat].name)
        return (f"<div class='cl-role cl-role-seat'>{chip(ctl.my_seat)}"
                + _("This browser plays <b>{player}</b> (seat {seat}); the others play from their own links.").format(
                    player=name, seat=ctl.my_seat + 1) + "</div>")
    if ctl.role == WATCH:
        why = (_("This link's seat key is not valid for this game (it may have been replaced by a new link): "
                 "you can watch, but not play.") if ctl.bad_token else
               _("You are watching (a spectator link): this browser cannot play. Each player plays from "
                 "the private link to their seat."))
        return f"<div class='cl-role cl-role-watch'>{why}</div>"
    if len(ctl.humans) > 1:
        return ("<div class='cl-role cl-role-hot-seat'>" + _("Hot-seat: the human players take turns at this "
                "browser (the Friends tab makes a link for each, to play from their own).") + "</div>")
    return ""


def where(game, lang: str | None = None) -> str:
    if game.is_over:
        return translator(lang).gettext("game over")
    return round_of(game.round, game.rules.constants.rounds, capital=False, lang=lang)


def prompt_text(ctl: Controller, lang: str | None = None) -> str:
    if ctl.game.is_over:
        return translator(lang).gettext("The story of the game and the final scores are below. Rematch or Same "
                                        "seed plays again; the New game tab starts another game.")
    decision = ctl.game.decision_in(lang)   # the decider reads the prompt without their name, the others
    text = decision.text if ctl.you_to_move else sentence(decision.waiting)    # "Bo to place their …"
    return text[:1].upper() + text[1:]


def tab_title(ctl: Controller, lang: str | None = None) -> str:
    """The page's title: whose turn it is (as the headline says it), flagged when it is this browser's:
    "Your turn — Carnegie", "Bo to decide — Carnegie", "Game over — Carnegie"."""
    who: str
    if ctl.game.is_over:
        who = GAME_OVER
    elif ctl.you_to_move and ctl.current_seat is not None and ctl.seat_label(ctl.current_seat) == "you":
        who = YOUR_TURN
    else:
        who = ctl.deciding(labelled=False)
    return f"{shown(who, lang)} — {APP_NAME}"


def waiting_text(ctl: Controller, lang: str | None = None) -> str:
    """What the controls say while somebody else decides: a bot, or a player in another browser."""
    _ = translator(lang).gettext
    seat = ctl.current_seat
    assert seat is not None                 # the game is not over: somebody decides
    who = ctl.seats[seat]
    name = html.escape(who.name)
    if not who.is_human:
        text = (_("{player} is a {kind}: use Step or Play bots below (or check “Bots play at once”).") if ctl.plays_bots
                else _("{player} is a {kind}: a player's browser plays it."))
        return text.format(player=name, kind=shown(who.describe(), lang))
    if ctl.role == WATCH:
        return _("{player} is deciding. You are watching: this browser cannot play.").format(player=name)
    return _("Waiting for {player} to decide (in their own browser): their move shows here within a second.").format(
        player=name)


def recent_html(recent: list[str], lang: str | None = None) -> str:
    """The Play tab's "What happened": the last RECENT_LINES lines (the engine's log lines and the session's
    own, in the language)."""
    tr = translator(lang)
    lines = recent[-RECENT_LINES:]
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(shown(t, lang))}</li>" for t in lines)
    head = (tr.gettext("What happened (last {n} of {total} lines; all in the Log tab)").format(
        n=len(lines), total=len(recent)) if len(recent) > len(lines) else tr.gettext("What happened"))
    return f"<div class='cl-group-title'>{head}</div><ul class='cl-recent-lines'>{items}</ul>"


#: JavaScript: the number of actions of the decision a dashboard (the element given) shows, as its turn
#: card's ``data-actions`` says (null without one). The keys and the click guard send it with what they send.
SHOWN_ACTIONS_JS = ("(root) => { const turn = root && root.querySelector('.cl-turn[data-actions]'); "
                    "return turn ? Number(turn.dataset.actions) : null; }")


def turn_html(ctl: Controller, targets: Mapping[str, Mapping[str, Target]], lang: str | None = None) -> str:
    """The turn card: who decides what (its data- attributes tell the page and the tests what is shown), and
    where on the board the ringed choices are."""
    _ = translator(lang).gettext
    game, seat = ctl.game, ctl.current_seat
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if seat is not None else "#8a8478"
    places = [_(BOARD_PLACES[k]) for k in BOARD_PLACES if targets.get(k)]
    hint = ("<div class='cl-board-hint'>" + _("Or click a ringed {places} on the board.").format(
        places=_(" or ").join(places)) + "</div>" if places else "")
    return (f"<div class='cl-turn' data-actions='{len(game.actions)}' "
            f"data-kind='{game.decision.kind}' data-seat='{'' if seat is None else seat}' "
            f"data-yours='{int(ctl.you_to_move)}' data-game='{ctl.game_id or ''}' "
            f"style='border-left-color:{colour}'>"
            f"<div class='cl-headline'>{chip(seat) if seat is not None else ''}"
            f"{html.escape(shown(ctl.headline(), lang))}</div>"
            f"<div class='cl-prompt'>{html.escape(prompt_text(ctl, lang))}</div>{hint}</div>")

__all__ = ["APP_NAME", "BOARD_PLACES", "RECENT_LINES", "SHOWN_ACTIONS_JS", "YOUR_TURN", "prompt_text", "recent_html",
           "role_note", "sentence", "tab_title", "turn_html", "waiting_text", "where"]

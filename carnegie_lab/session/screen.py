"""What a page shows of its game, as plain data: the :class:`Screen`, computed after every change from the
game and this page's place in it (:func:`screen_of`), in the page's language. No widgets: a front end draws
a screen and sends its clicks to the :class:`~carnegie_lab.session.Controller`; it decides nothing of what
is shown. A new piece of information for the player is one field here and one line of the view that shows it.

Texts are plain (the front end escapes them) but for fields named ``*_html``, where a player's name is
escaped already and the catalog's sentence carries its emphasis.

This module is also what a front end imports of the session besides the controller (``tests/test_layers.py``):
the shapes of the controls and targets, the words (``Labels``, ``shown``, ``error_text``), the games list's
orders, a replay's moments, the review's job and screen, the evaluation bar's job and screen, and what a page
computes (``PageWork``) are named here.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Mapping

from ..core.i18n import N_, render, translator
from ..core.words import round_of
from .access import FINISH, HINT, LOAD, OVER, RESTART, SEAT, WATCH, reason
from .bar_screen import BarScreen, bar_screen
from .controller import Controller, Status
from .controls import Buttons, Cell, Choice, Control, MoveGrid, Option, Panel, Picker, panel_for
from .eval_job import EvalJob
from .games_list import NEWEST, ORDERS
from .guide import RuleStep, hint_reason, play_reason, rule_step, undo_reason
from .hint_screen import SHOWN, THINKING, HintRow, HintScreen, Suggestion, hint_screen, suggestions
from .history import lines_by_round
from .labels import Labels, type_name
from .page_work import PageWork
from .replay import Moment, Replay
from .review import CANCELLED, DONE, ReviewJob, Shelf
from .review_screen import SLOTS, Mark, ReviewScreen, StepReview, action_words, decision_at, review_screen, step_review
from .seating import GAME_OVER
from .story import story
from .targets import KINDS, Target, board_targets, target_of
from .texts import error_text, sentence, shown

#: The page's title when this browser's player decides.
YOUR_TURN = N_("Your turn")
#: At most this many lines of "what happened" are shown in the Play tab (the Log tab has them all).
RECENT_LINES = 14
#: Where the board's clickable things are, by kind of figure (for the turn card's hint).
BOARD_PLACES = {"map": N_("site or city on the Map tab"),
                "timeline": N_("row of the Timeline, on the Tracks & Timeline tab"),
                "tracks": N_("track or tab space of the Tracks & project tabs, on the Tracks & Timeline tab"),
                "donations": N_("donation space of the Donation chart, on the Tracks & Timeline tab"),
                "company": N_("employee, department or workstation on the Companies tab")}

Targets = Mapping[str, Mapping[str, Target]]


@dataclass(frozen=True)
class Turn:
    """The turn card: the decision shown (its number of actions, kind, the seat deciding, whether this
    browser decides it, the stored game), who decides what, and where the board's ringed choices are."""
    actions: int
    kind: str
    seat: int | None
    yours: bool
    game_id: str
    headline: str
    prompt: str
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class Role:
    """Who this browser plays: ``kind`` "seat", "watch", "hot-seat" or "" (a game of its own: no note)."""
    kind: str
    seat: int | None = None
    note_html: str = ""


@dataclass(frozen=True)
class Recent:
    """The Play tab's "What happened": a heading and the last lines."""
    head: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Final:
    """The end of the game: the result and the game's story."""
    result: str
    story: tuple[str, ...]


@dataclass(frozen=True)
class Bots:
    """The bot bar: whether it is a human's ``solo`` game (then Step and Play to the end are a bot of the chosen
    strength playing the human's seat, and there is no bot seat to play), why Step (and Play bots) and Bots finish
    the game are disabled (None: enabled), whether "Bots play at once" may change, where the game is."""
    solo: bool
    step_why: str | None
    finish_why: str | None
    auto_enabled: bool
    round: int
    rounds: int
    where: str


@dataclass(frozen=True)
class Screen:
    """Everything the Play tab shows of the page's game at one moment (see the module)."""
    lang: str | None
    turn: Turn
    title: str                                   # the page's title: whose turn it is
    panel: Panel | None                          # the decision's controls (None: not this browser's)
    waiting_html: str                            # what the controls say meanwhile ("" when over or yours)
    targets: Targets                             # the board's clickable things, by kind of figure and key
    role: Role
    rules: RuleStep | None                       # the tutorial step that teaches the decision
    why_not: Mapping[str, str | None]            # undo, hint, hint_always, restart, load: why disabled (None: not)
    recent: Recent | None
    final: Final | None
    bots: Bots
    follow: int | None                           # the seat whose company the board shows (None: as it is)
    seats: tuple[str, ...]                       # who plays each seat, as this browser sees it ("you"...)
    replaying: bool = False
    source: str | None = None                    # the employee chosen on the board (the first of two clicks)
    status: Status = Status()                    # the status line: what the player was told last (Controller.tell)


def screen_of(ctl: Controller, lang: str | None = None, replaying: bool = False) -> Screen:
    """The screen of a page's game: the decision, its choices and targets, and the page's place in it."""
    game, yours = ctl.game, ctl.you_to_move
    over = game.is_over
    targets: Targets = board_targets(game, lang=lang) if yours and not replaying else {}
    place = ctl.place
    why = {"undo": undo_reason(ctl), "hint": hint_reason(ctl, replaying), "hint_always": reason(place, HINT),
           "restart": reason(place, RESTART), "load": reason(place, LOAD)}
    return Screen(
        lang=lang, turn=turn_of(ctl, targets, lang), title=title_of(ctl, lang),
        panel=panel_for(game, lang) if yours and not over else None,
        waiting_html="" if over or yours else waiting_html(ctl, lang), targets=targets, role=role_of(ctl, lang),
        rules=None if over else rule_step(game),
        why_not={k: _said(v, lang) for k, v in why.items()},
        recent=recent_of(ctl.recent, lang), final=final_of(ctl, lang), bots=bots_of(ctl, lang),
        follow=ctl.my_seat if ctl.role == SEAT else ctl.current_seat if ctl.human_to_move else None,
        seats=tuple(shown(ctl.seat_label(i), lang) for i in range(len(ctl.seats))), replaying=replaying,
        status=ctl.status)


def chosen(screen: Screen, ctl: Controller, source: str | None) -> Screen:
    """The screen with an employee chosen on the board (or none): the cells they can go to are its targets."""
    return Screen(**{**screen.__dict__, "source": source, "targets": board_targets(ctl.game, source, screen.lang)})


def followed(ctl: Controller) -> int | None:
    """The seat a page follows when it shows its game again: its link's, else the human deciding, else the first
    human seat."""
    if ctl.role == SEAT:
        return ctl.my_seat
    return ctl.current_seat if ctl.human_to_move else (ctl.humans[0] if ctl.humans else None)


def prompt_of(ctl: Controller, lang: str | None = None) -> str:
    """What is decided: the decider reads the prompt without their name, the others "Bo to place their …"."""
    if ctl.game.is_over:
        return translator(lang).gettext("The story of the game and the final scores are below. Rematch or Same "
                                        "seed plays again; the New game tab starts another game.")
    decision = ctl.game.decision_in(lang)
    text = decision.text if ctl.you_to_move else sentence(decision.waiting)
    return text[:1].upper() + text[1:]


def turn_of(ctl: Controller, targets: Targets, lang: str | None = None) -> Turn:
    game = ctl.game
    _ = translator(lang).gettext
    return Turn(len(game.actions), str(game.decision.kind), ctl.current_seat, ctl.you_to_move, ctl.game_id or "",
                shown(ctl.headline(), lang), prompt_of(ctl, lang),
                tuple(_(BOARD_PLACES[k]) for k in BOARD_PLACES if targets.get(k)))


def title_of(ctl: Controller, lang: str | None = None) -> str:
    """Whose turn it is, as the headline says it, flagged when it is this browser's: "Your turn",
    "Bo to decide", "Game over"."""
    who: str
    if ctl.game.is_over:
        who = GAME_OVER
    elif ctl.you_to_move and ctl.current_seat is not None and ctl.seat_label(ctl.current_seat) == "you":
        who = YOUR_TURN
    else:
        who = ctl.deciding(labelled=False)
    return shown(who, lang)


def role_of(ctl: Controller, lang: str | None = None) -> Role:
    """Who this browser plays, in a shared game (nothing for a game of its own)."""
    _ = translator(lang).gettext
    if ctl.role == SEAT and ctl.my_seat is not None:
        name = html.escape(ctl.seats[ctl.my_seat].name)
        return Role("seat", ctl.my_seat, _("This browser plays <b>{player}</b> (seat {seat}); the others play "
                                           "from their own links.").format(player=name, seat=ctl.my_seat + 1))
    if ctl.role == WATCH:
        return Role("watch", None, _("This link's seat key is not valid for this game (it may have been replaced "
                                     "by a new link): you can watch, but not play.") if ctl.bad_token else
                    _("You are watching (a spectator link): this browser cannot play. Each player plays from "
                      "the private link to their seat."))
    if len(ctl.humans) > 1:
        return Role("hot-seat", None, _("Hot-seat: the human players take turns at this browser (the Friends tab "
                                        "makes a link for each, to play from their own)."))
    return Role("")


def waiting_html(ctl: Controller, lang: str | None = None) -> str:
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


def recent_of(recent: list[str], lang: str | None = None) -> Recent | None:
    """The last RECENT_LINES lines of what happened (the engine's log lines and the session's own)."""
    lines = recent[-RECENT_LINES:]
    if not lines:
        return None
    _ = translator(lang).gettext
    head = (_("What happened (last {n} of {total} lines; all in the Log tab)").format(n=len(lines), total=len(recent))
            if len(recent) > len(lines) else _("What happened"))
    return Recent(head, tuple(shown(t, lang) for t in lines))


#: Why the bot bar's buttons are disabled (and :data:`~.access.OVER`).
WATCHING = N_("You are watching: the players' browsers play the bots")
NO_BOT = N_("No bot is deciding now: a human is")


def where_of(game, lang: str | None = None) -> str:
    """Where the game is: "round 3 of 8", "setup", "game over"."""
    if game.is_over:
        return translator(lang).gettext("game over")
    return round_of(game.round, game.rules.constants.rounds, capital=False, lang=lang)


def bots_of(ctl: Controller, lang: str | None = None) -> Bots:
    """The bot bar for the decision now (a bot's to play here, the game not over, this browser's place)."""
    game = ctl.game
    no_bot = (None if ctl.bot_to_move and ctl.plays_bots else WATCHING if ctl.bot_to_move else
              OVER if game.is_over else NO_BOT)
    finish = OVER if game.is_over else reason(ctl.place, FINISH)
    seats = ctl.handover.seats if ctl.handover is not None else ctl.seats     # as they were before the hand-over
    solo = len(seats) == 1 and seats[0].is_human
    return Bots(solo, _said(play_reason(ctl) if solo else no_bot, lang), _said(finish, lang),
                ctl.role != WATCH, game.round, game.rules.constants.rounds, where_of(game, lang))


def _said(why: str | None, lang: str | None) -> str | None:
    return None if why is None else sentence(render(why, lang))


def final_of(ctl: Controller, lang: str | None = None) -> Final | None:
    """The result and the story of the page's finished game (None while it goes on)."""
    if not ctl.game.is_over:
        return None
    return Final(shown(ctl.result(), lang), tuple(story(ctl.game, lang)))


__all__ = ["BOARD_PLACES", "Bots", "Buttons", "CANCELLED", "Cell", "Choice", "Control", "DONE", "Final", "HintRow",
           "HintScreen", "KINDS", "Labels", "Mark", "Moment", "MoveGrid", "NEWEST", "ORDERS", "OVER", "Option",
           "PageWork", "Panel", "Picker", "RECENT_LINES", "Recent", "Replay", "ReviewJob", "ReviewScreen", "Role",
           "RuleStep", "SHOWN", "SLOTS", "Screen", "Shelf", "Status", "StepReview", "Suggestion", "THINKING", "Target",
           "Targets", "Turn", "YOUR_TURN", "action_words", "bots_of", "chosen", "decision_at", "error_text", "final_of",
           "followed", "hint_screen", "lines_by_round", "panel_for", "play_reason", "prompt_of", "recent_of",
           "review_screen", "role_of", "screen_of", "sentence", "shown", "step_review", "suggestions", "target_of",
           "title_of", "turn_of", "type_name", "waiting_html", "where_of",
           "BarScreen", "EvalJob", "bar_screen"]

"""Who may do what to a game, and the app's limits: no widget here, so that the rules can move with
the game session (docs/security.md, "What each link grants").

A page's place in a game is a :class:`Place`: how it plays (``LOCAL``: every human seat of a game
not shared; ``SEAT``: the one seat of its link; ``WATCH``: nothing) and whether it holds the game's
owner key. Before every change of a stored game the controller reads the page's place from the
store at that moment (:func:`asking`: its owner key and seat token against what the store keeps now,
never the place the page had when it opened) and asks :func:`may`, whatever the page shows, since a
page can send any widget message.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from ..core.errors import CarnegieError
from ..core.i18n import N_
from ..store import GameStore
from .seats import seats_from

LOCAL, SEAT, WATCH = "local", "seat", "watch"

#: What a page can ask for, besides playing a seat's decision (the words of its refusal: :func:`reason`).
RESTART, LOAD, FINISH, MAKE_LINKS, RENEW_OWN_LINK, DELETE, KEEP_REVIEW, HINT, UNDO, PLAY = (
    N_("Restart"), N_("Loading a record"), N_("Bots finish the game"), N_("Making seat links"),
    N_("Renewing your link"), N_("Deleting"), N_("Keeping a review"), N_("A hint"), N_("Undo"), N_("Playing"))
#: Only the owner's page, and only in a game it plays alone (not shared with seat links).
OWNER_ALONE = (RESTART, LOAD, FINISH)
#: Why nothing can be played, stepped or finished any more (shown as a sentence: "The game is over.").
OVER = N_("the game is over")


class NotAllowed(CarnegieError):
    """This page may not do that in this game (another seat's decision, it only watches, or it does
    not hold the game's owner key)."""


#: How ``carnegie-lab app`` gives its kernels the server's limits (environment variables).
IDLE_ENV, MAX_GAMES_ENV = "CARNEGIE_LAB_IDLE_MINUTES", "CARNEGIE_LAB_MAX_GAMES"


@dataclass(frozen=True)
class Limits:
    """The app's limits for one page (its kernel). The last two are the server's (``carnegie-lab app
    --idle-minutes``, ``--max-games``); None, in a notebook's dashboard: no limit."""
    games_per_page: int = 20              # games a page may start (Start, Load, Play from here)
    list_page: int = 10                   # stored games in one page of the New game tab's list
    idle_minutes: float | None = None     # a page with no click and no move for this long stops its clock
    stored_games: int | None = None       # games the store keeps at most (GameStore's max_games)
    review_playouts: int = 32             # a game review's budget at most, playouts a decision (session/review.py)

    @classmethod
    def of_server(cls, env: Mapping[str, str] = os.environ) -> Limits:
        """The limits ``carnegie-lab app`` set for its kernels (the defaults for those it did not)."""
        idle, games = env.get(IDLE_ENV), env.get(MAX_GAMES_ENV)
        return cls(idle_minutes=float(idle) if idle else None, stored_games=int(games) if games else None)


@dataclass(frozen=True)
class Place:
    """A page's place in its game (see the module's docstring)."""
    role: str = LOCAL
    owner: bool = True              # holds the owner key (a game not stored yet is the page's own)
    seat: int | None = None         # the seat of its link (role SEAT)
    shared: bool = False            # the game has seat links
    hints: bool = True              # the game's creator allows hints (Setup.hints)


def may(place: Place, what: str, seat: int | None = None) -> bool:
    """Whether a page in this place may do ``what`` (one of the names above; for RENEW_OWN_LINK,
    ``seat`` is the seat whose link is renewed)."""
    if what in OWNER_ALONE:
        return place.owner and place.role == LOCAL and not place.shared
    if what == MAKE_LINKS:                   # the first links, or renewing the other seats' ones
        return place.owner and (place.role == LOCAL or place.shared)
    if what in (UNDO, PLAY):                 # ``seat``: whose decision (None: a bot's, or the bots' handover)
        return place.role == LOCAL or place.role == SEAT and (seat == place.seat or what == PLAY and seat is None)
    if what == DELETE:
        return place.owner
    if what == KEEP_REVIEW:                  # with the stored game: its owner or one of its seats
        return place.owner or place.role == SEAT
    if what == RENEW_OWN_LINK:
        return place.role == SEAT and seat == place.seat or place.owner and place.shared
    if what == HINT:                         # whatever the page sends: the creator's choice holds
        return place.hints
    raise ValueError(f"unknown request {what!r}")


def reason(place: Place, what: str, seat: int | None = None) -> str | None:
    """Why a page in this place may not do ``what`` (None if it :func:`may`): the rule, for the
    error and for the hover of the control it disables."""
    if may(place, what, seat):
        return None
    if what == HINT:
        return N_("{what} is not allowed in this game: the player who started it turned hints off", what=what)
    playing = what in (UNDO, PLAY)
    if playing and place.role == SEAT:
        return N_("{what} is for the decisions of this browser's own seat", what=what)
    if not playing and (what == DELETE or not place.owner):
        return N_("{what} needs this game's owner: the browser that started it", what=what)
    if not playing and place.shared:
        return N_("{what} is for a game played in one browser: this one is shared with seat links "
                  "(start a new game in the New game tab instead)", what=what)
    return N_("{what} is not for this browser: it watches the game", what=what)


def check(place: Place, what: str, seat: int | None = None) -> None:
    """NotAllowed, with the reason, unless :func:`may`."""
    why = reason(place, what, seat)
    if why is not None:
        raise NotAllowed(why)


def may_play(place: Place, seat: int) -> bool:
    """The page may decide for this human seat."""
    return may(place, PLAY, seat)


def asking(store: GameStore, game_id: str, owner_key: str | None, token: str | None, hints: bool = True) -> Place:
    """Who is asking, read from the store now: the place in the stored game ``game_id`` of a page that
    holds this owner key and this seat token (None: none). A valid token of a seat a human plays gives
    that seat (SEAT); the owner key, in a game without seat links, plays it (LOCAL); anyone else watches
    (WATCH). GameNotFound if the game is gone. Every change of a stored game asks this at the moment it acts."""
    info = store.info(game_id)
    seat = store.seat_for(game_id, token) if token else None
    seats = seats_from(info.app, list(info.players))
    if seat is not None and not (0 <= seat < len(seats) and seats[seat].is_human):
        seat = None                          # a link to a seat that a bot plays now
    owner = owner_key is not None and store.is_owner(game_id, owner_key)
    shared = bool(info.seated)
    role = SEAT if seat is not None else LOCAL if owner and not shared else WATCH
    return Place(role, owner, seat, shared, hints)


__all__ = ["DELETE", "FINISH", "HINT", "IDLE_ENV", "KEEP_REVIEW", "LOAD", "LOCAL", "Limits", "MAKE_LINKS",
           "MAX_GAMES_ENV", "NotAllowed", "OVER", "OWNER_ALONE", "PLAY", "Place", "RENEW_OWN_LINK", "RESTART", "SEAT",
           "UNDO", "WATCH", "asking", "check", "may", "may_play", "reason"]

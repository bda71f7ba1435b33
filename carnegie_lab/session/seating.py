"""A game and its seats: who decides now, the bots playing their seats, this browser's role (playing here, one
seat of a shared game, or watching) and one action played here with the lines it wrote."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..core.i18n import N_
from ..engine import Game
from . import access
from .access import LOCAL, SEAT, WATCH, Place
from .history import own_moves
from .seats import ANDREW, Handover, Seat, Setup
from .texts import Joined, RoundOf

#: How the headline (and the page's title) begins once the game is over.
GAME_OVER = N_("Game over")


@dataclass
class Step:
    """One action applied: by whom, its notation and the log lines it wrote (Andrew's included)."""
    seat: int
    notation: str
    lines: list[str]
    by_bot: bool


class Seating:
    """A game with seats (human or bot) and this browser's role in it. No store, no widgets."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.game: Game
        self.seats: list[Seat] = []
        self.recent: list[str] = []          # log lines since the last human action began
        #: after "Bots finish the game": the action count then and the seats as they were (undo, replays)
        self.handover: Handover | None = None
        self._bots: dict[int, tuple[str, Bot]] = {}     # seat -> (its kind, the bot playing it)
        self.role = LOCAL
        self.owner = True                    # this page holds the owner key of its game
        self.my_seat: int | None = None      # the seat of this browser's link (role SEAT)
        self.token: str | None = None        # that link's secret
        self.bad_token = False               # the page's link named a seat token that is not valid
        self.seated: tuple[int, ...] = ()    # the seats that have links (a shared game if any)

    def _adopt(self, game: Game, seats: list[Seat], handover: Handover | None = None) -> None:
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats for {len(game.players)} players")
        self.game = game
        self.seats = seats
        self._bots = {}
        self.handover = handover

    @property
    def history_seats(self) -> list[int]:
        """The seat that took each action of ``game.actions``."""
        return [m.seat for m in own_moves(self.game) if m.seat is not None]

    def describe_setup(self) -> str:
        seats = [N_("{player} ({kind})", player=s.name, kind=self.seat_label(i) or N_("human"))
                 for i, s in enumerate(self.seats)]
        options = self.game.options
        level = options.get("solo_level")
        if level:
            return N_("{seats}, against {andrew} level {level}, seed {seed}", seats=Joined(seats), andrew=ANDREW,
                      level=level, seed=options.get("seed"))
        return N_("{seats}, seed {seed}", seats=Joined(seats), seed=options.get("seed"))

    def set_seat_kind(self, seat: int, kind: str) -> None:
        self.seats[seat] = Seat(self.seats[seat].name, kind)
        self._bots.pop(seat, None)

    @property
    def shared(self) -> bool:
        """The game has seat links: each browser plays only the seat of its link."""
        return bool(self.seated)

    @property
    def place(self) -> Place:
        """This page's place in its game: what it may do (session/access.py)."""
        return Place(self.role, self.owner, self.my_seat, self.shared, self.setup.hints)

    def bot(self, seat: int, kind: str | None = None) -> Bot:
        """The bot playing a seat (one per seat, seeded from the game's seed and the seat); ``kind``: a bot of that
        kind for the seat instead of its own (a human's seat played by a bot for one decision)."""
        kind = kind or self.seats[seat].kind
        kept = self._bots.get(seat)
        if kept is not None and kept[0] == kind:
            return kept[1]
        bot = make_bot(kind, int(self.game.options.get("seed") or 0) * 10 + seat + 1)
        self._bots[seat] = (kind, bot)
        return bot

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def current_seat(self) -> int | None:
        return self.game.current_player

    @property
    def human_to_move(self) -> bool:
        seat = self.current_seat
        return seat is not None and self.seats[seat].is_human

    @property
    def bot_to_move(self) -> bool:
        seat = self.current_seat
        return seat is not None and not self.seats[seat].is_human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def may_act(self, seat: int | None) -> bool:
        """This browser may decide for this seat: a human seat, and its own seat in a shared game."""
        if seat is None or not self.seats[seat].is_human:
            return False
        return access.may_play(self.place, seat)

    @property
    def you_to_move(self) -> bool:
        """The decision now is this browser's to make."""
        return self.may_act(self.current_seat)

    @property
    def plays_bots(self) -> bool:
        """This browser may play the bots' decisions (a watcher never writes to the store)."""
        return self.role != WATCH

    def headline(self) -> str:
        """One line: the round and who decides what (or who won)."""
        game = self.game
        if game.is_over:
            return N_("{game_over}: {result}", game_over=GAME_OVER, result=self.result())
        return N_("{round} · {deciding}", round=RoundOf(game.round, game.rules.constants.rounds),
                  deciding=self.deciding())

    def deciding(self, labelled: bool = True) -> str:
        """Who decides now: "Bo (easy bot) to decide" (not ``labelled``: "Bo to decide")."""
        player = self.game.current_player
        assert player is not None               # the game is not over: somebody decides
        label = self.seat_label(player) if labelled else ""
        name = self.seats[player].name
        return N_("{player} ({label}) to decide", player=name, label=label) if label else \
            N_("{player} to decide", player=name)

    def seat_label(self, seat: int) -> str:
        """Who plays a seat, as this browser sees it: "you", a friend (another browser's seat in a
        shared game), "player" (for a watcher) or the bot's kind. In a hot-seat game (one browser,
        several human seats) no seat is this browser's own: a human seat has no label ("")."""
        s = self.seats[seat]
        if not s.is_human:
            return s.describe()
        if self.role == LOCAL:
            return s.describe() if len(self.humans) == 1 else ""
        if self.role == SEAT:
            return N_("you") if seat == self.my_seat else N_("friend")
        return N_("player")

    def prompt(self) -> str:
        """What is being decided, in words (the engine's prompt)."""
        return self.game.decision.prompt

    def result(self) -> str:
        return result_of(self.game)

    def scores(self) -> dict[str, dict[str, int]]:
        return {name: s.as_dict() for name, s in self.game.scores().items()}

    def _apply_local(self, notation: str, by_bot: bool, play: Callable[[str], str | None] | None = None) -> Step:
        """Play an action on the game, once: by ``play`` (the store's checked play on this game; None when
        it played nothing), else by the game itself; the step with the log lines it wrote."""
        game = self.game
        seat, kind = game.current_player, game.decision.kind
        before = len(game.log)
        done = play(notation) if play is not None else None
        if done is None:
            done = str(game.apply(notation))
        assert seat is not None                 # the play raised GameOverError if nobody was deciding
        lines = game.log[before:]
        if not lines:
            lines = [silent(self.seats[seat].name, done, kind)]
        self.recent.extend(lines)
        return Step(seat, done, lines, by_bot)


def result_of(game: Game, others: bool = False) -> str:
    """Who won a finished game: 'Andrew Carnegie wins with 94 VP' (``others``: then '; Ada 80 VP',
    the other players' scores); "" while it is not over."""
    if not game.is_over:
        return ""
    scores = game.scores()
    winners = game.winners()
    best = scores[winners[0]].total if winners else 0
    rest = [N_("{player} {vp} VP", player=name, vp=s.total) for name, s in scores.items() if name not in winners] \
        if others else []
    who = Joined(winners, N_(" and "))
    text = (N_("{who} wins with {vp} VP", who=who, vp=best) if len(winners) == 1 else
            N_("{who} win with {vp} VP", who=who, vp=best))
    return N_("{result}; {others}", result=text, others=Joined(rest)) if rest else text


_DONE = {"setup": N_("{player} finishes the setup moves"), "turn": N_("{player} ends the turn"),
         "event": N_("{player} is done with the event"), "activate": N_("{player} is done activating employees"),
         "property": N_("{player} moves nobody with Property Management"),
         "relocate": N_("{player} is done moving employees with HR Administration")}


def silent(name: str, notation: str, kind: str) -> str:
    """A line for an action that wrote nothing in the game log (e.g. ``done``)."""
    if notation == "done":
        return N_(_DONE[kind] if kind in _DONE else N_("{player} is done"), player=name)
    return f"{name}: {notation}"


def taken_back(game: Game, at: int) -> str:
    """What going back to the game's first ``at`` actions takes back, in the log's words: "Bo took back:
    Bo hires 1 employee; …" ("" if nothing is)."""
    moves = [m for m in game.moves if m.actions > at]
    lines = [line for m in moves for line in m.lines or
             ([silent(m.player, m.action, m.decision or "")] if m.action and not m.automatic else [])]
    who = next((m.player for m in moves if not m.automatic), None)
    return N_("{player} took back: {lines}.", player=who, lines=Joined(lines, "; ")) if who and lines else ""


__all__ = ["GAME_OVER", "Seating", "Step", "result_of", "silent", "taken_back"]

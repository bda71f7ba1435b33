"""The game behind the dashboard, without any widget: seats (human or bot), bots playing their
decisions, undo to the previous human decision, restart, save and load, and what each action did.

Everything the dashboard does to a game goes through :class:`Controller`, so it is unit-tested
without a browser::

    ctl = Controller(Setup([Seat("Ada"), Seat("Bot", "easy")], seed=1))
    ctl.apply("house pittsburgh")        # a human decision; bots then play until a human decides
    ctl.undo()                           # back to Ada's previous decision
    text = ctl.save_json()               # the game record (plus the seats) as JSON
    ctl.load(text)                       # RecordError on a broken record: the game is kept

With a :class:`~carnegie_lab.store.GameStore` the game is kept: every action is appended to the
stored game (``append`` with the expected count, so two browsers never both play the same
decision), undo, restart and load replace it (``save`` with the expected count), ``sync()``
brings in what other browsers played, and seat links (``make_links``) let friends play one seat
each from their own browser. A writer that loses a race reloads the stored game and gets
:class:`Overtaken` ("Bo moved first")::

    ctl = Controller(setup, store=GameStore("games.db"))
    ctl.keep()                           # stored now (else at its first action): ctl.game_id
    links = ctl.make_links()             # {seat: token}; this controller plays the first human seat
    other = Controller(store=store); other.open_stored(ctl.game_id, links[1])   # Bo's browser
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..bots import Bot, make_bot
from ..bots.strengths import STRENGTHS, strength_of
from ..core.errors import CarnegieError, RecordError
from ..core.words import round_of
from ..engine import ANDREW_NAME as ANDREW
from ..engine import DEPARTMENT_MODES, Game, check_new_game, new_game
from ..store import GameInfo, GameNotFound, GameStore, StoreConflict, StoreError, check_names, new_key
from . import access
from .access import LOCAL, SEAT, WATCH, Limits, NotAllowed, Place
from .history import Move, replay_moves

HUMAN = "human"
#: Seat kinds offered by the new-game panel, with what they are called there: a human or a bot
#: strength (``carnegie_lab.bots.strengths``).
SEAT_KINDS = {HUMAN: "Human", **{s.name: s.label for s in STRENGTHS.values()}}
BOT_KINDS = tuple(k for k in SEAT_KINDS if k != HUMAN)
#: Seat kinds of games saved before there were strengths (a bot by name): still played by that bot.
OLD_KINDS = {"random": "Random bot", "greedy": "Greedy bot"}
#: Strength that takes over the human seats when the player asks the bots to finish the game.
FINISHING_BOT = "medium"
#: Key of the app's own part of a saved record (the engine ignores unknown top-level keys).
APP_KEY = "carnegie_lab.app"


class Overtaken(CarnegieError):
    """Another browser changed the stored game first (``mover`` played the decision this one
    tried, or the game was undone, restarted or loaded there). The game has been reloaded."""

    def __init__(self, message: str, mover: str | None = None):
        self.mover = mover
        super().__init__(message)


class GameGone(CarnegieError):
    """The stored game was deleted (in another browser). The game is no longer kept."""


def offered_kind(kind: str) -> str:
    """The kind the new-game panel shows for a seat kind: an old kind as its strength."""
    return kind if kind in SEAT_KINDS else strength_of(kind) or HUMAN


@dataclass
class Seat:
    """A player of the game: their name and who decides for them (``human`` or a bot strength:
    ``easy``, ``medium``, ``hard``; or an old kind, ``random``, ``greedy``)."""
    name: str
    kind: str = HUMAN

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS and self.kind not in OLD_KINDS:
            raise ValueError(f"seat kind must be one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def describe(self) -> str:
        return "you" if self.is_human else {**SEAT_KINDS, **OLD_KINDS}[self.kind].lower()


@dataclass
class Setup:
    """What the new-game panel asks: 1-4 seats, a seed, the solo level (1 seat) and the departments."""
    seats: list[Seat]
    seed: int = 0
    solo_level: int | None = None
    departments: str = "base"
    label: str = ""                 # the game's name in the games list (optional)

    def check(self) -> None:
        """Raise ValueError with a sentence a player understands when the setup cannot be played
        (an OptionError for a name or label over the store's limit)."""
        n = len(self.seats)
        if not 1 <= n <= 4:
            raise ValueError(f"Carnegie is played by 1 to 4 players, not {n}")
        names = [s.name.strip() for s in self.seats]
        check_names(names, self.label.strip())
        if any(not name for name in names):
            raise ValueError("every player needs a name")
        if len(set(names)) != n:
            raise ValueError("player names must differ")
        if n == 1 and self.solo_level not in (1, 2, 3, 4):
            raise ValueError("a solo game needs a level from 1 to 4")
        check_new_game(names, self.seed, **self.options())    # the reserved name, the departments, the seed

    def options(self) -> dict[str, Any]:
        """The options of ``new_game`` (the departments; the level of a solo game)."""
        options: dict[str, Any] = {"departments": self.departments}
        if len(self.seats) == 1:
            options["solo_level"] = self.solo_level
        return options

    def game(self) -> Game:
        self.check()
        return new_game([s.name.strip() for s in self.seats], seed=self.seed, **self.options())


@dataclass
class Step:
    """One action applied: by whom, its notation and the log lines it wrote (Andrew's included)."""
    seat: int
    notation: str
    lines: list[str]
    by_bot: bool


@dataclass
class Progress:
    """Bots at work: ``done`` actions taken so far; ``total`` is None when the end is unknown."""
    done: int
    total: int | None
    text: str


def default_setup() -> Setup:
    return Setup([Seat("Ada", HUMAN), Seat("Bo", "easy")], seed=1)


class Controller:
    """A game with seats, bots, undo, save and load. No widgets: the dashboard only displays it."""

    def __init__(self, setup: Setup | None = None, game: Game | None = None,
                 seats: Sequence[Seat] | None = None, store: GameStore | None = None,
                 limits: Limits | None = None):
        self.setup = setup or default_setup()
        self.limits = limits or Limits()
        #: the owner key of this browser (docs/security.md): one of this page's own until the page
        #: gives its browser's (``use_owner_key``); the games this page stores belong to it
        self.owner_key = new_key()
        self._own_key = True                 # owner_key is still the page's own, not the browser's
        self.owner = True                    # this page holds the owner key of its game
        self.started = 0                     # games this page stored (Limits.games_per_page)
        self.recent: list[str] = []          # log lines since the last human action began
        self.moves: list[Move] = []          # who took each action of game.actions, when, its log lines
        #: after "Bots finish the game": (the action count then, the seats as they were), for undo
        self._handover: tuple[int, list[Seat]] | None = None
        self._bots: dict[int, tuple[str, Bot]] = {}     # seat -> (its kind, the bot playing it)
        #: where the game is kept (None: nowhere) and under which id (None until it is stored)
        self.store = store
        self.game_id: str | None = None
        self.role = LOCAL
        self.my_seat: int | None = None      # the seat of this browser's link (role SEAT)
        self.token: str | None = None        # that link's secret
        self.bad_token = False               # the page's link named a seat token that is not valid
        self.seated: tuple[int, ...] = ()    # the seats that have links (a shared game if any)
        self.issued: dict[int, str] = {}     # the links this controller made: seat -> token
        self._mark: tuple[int, int] | None = None   # (revision, action count) of the stored game seen
        self._batch = False                  # playing many bot actions: stored in one save at the end
        if game is None:
            self.new_game(self.setup)
        else:
            seats = list(seats) if seats is not None else [Seat(n) for n in game.players]
            self._adopt(game, seats, replay_moves(game))

    # -- the game and its seats ----------------------------------------------------------------
    def new_game(self, setup: Setup) -> None:
        """Start a game (ValueError/CarnegieError with a clear message if the setup is wrong; the
        current game is then kept). With a store it is a new stored game, kept from ``keep()`` or
        its first action on, played in this browser (role LOCAL)."""
        self._check_new_game()
        game = setup.game()
        self.setup = Setup([Seat(s.name.strip(), s.kind) for s in setup.seats], setup.seed,
                           setup.solo_level if len(setup.seats) == 1 else None, setup.departments,
                           setup.label.strip())
        self._adopt(game, list(self.setup.seats), [])
        self._detach()
        self.recent = [f"New game: {self.describe_setup()}."]

    def restart(self) -> None:
        """The same game (seats, seed and options) from its start (a stored game is replaced)."""
        access.check(self.place, access.RESTART)
        game = self.setup.game()
        self._replace(game, list(self.setup.seats))
        self._adopt(game, list(self.setup.seats), [])
        self.recent = [f"Restarted: {self.describe_setup()}."]

    def _adopt(self, game: Game, seats: list[Seat], moves: list[Move]) -> None:
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats for {len(game.players)} players")
        self.game = game
        self.seats = seats
        self.moves = moves
        self._bots = {}
        self._handover = None

    @property
    def history_seats(self) -> list[int]:
        """The seat that took each action of ``game.actions``."""
        return [m.seat for m in self.moves]

    def describe_setup(self) -> str:
        seats = ", ".join(f"{s.name} ({self.seat_label(i) or 'human'})" for i, s in enumerate(self.seats))
        options = self.game.state.options
        extra = f", against {ANDREW} level {options['solo_level']}" if options.get("solo_level") else ""
        return f"{seats}{extra}, seed {options.get('seed')}"

    def set_seat_kind(self, seat: int, kind: str) -> None:
        self.seats[seat] = Seat(self.seats[seat].name, kind)
        self._bots.pop(seat, None)

    # -- the store: keeping the game, other browsers, seat links -------------------------------
    @property
    def kept(self) -> bool:
        """The game is in the store (under ``game_id``)."""
        return self.store is not None and self.game_id is not None

    @property
    def shared(self) -> bool:
        """The game has seat links: each browser plays only the seat of its link."""
        return bool(self.seated)

    @property
    def place(self) -> Place:
        """This page's place in its game: what it may do (session/access.py)."""
        return Place(self.role, self.owner, self.my_seat, self.shared)

    def app_data(self, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
        """What the store keeps with the game besides its record: who plays each seat, its label."""
        data: dict[str, Any] = {"seats": [{"name": s.name, "kind": s.kind} for s in seats or self.seats]}
        if self.setup.label:
            data["label"] = self.setup.label
        return data

    def query(self) -> str:
        """This browser's place in the app, for its URL: ``game=ID`` (and ``&seat=TOKEN`` with a
        seat link), or "" while the game is not stored."""
        if not self.kept:
            return ""
        seat = f"&seat={self.token}" if self.role == SEAT and self.token else ""
        return f"game={self.game_id}{seat}"

    def keep(self) -> str | None:
        """Store the game now if it is not stored yet; its id (None without a store)."""
        if self.store is None:
            return None
        if self.game_id is None:
            self._check_new_game()
            gid = self.store.save(self.game, app=self.app_data(), owner=self.owner_key)
            self.started += 1
            self.game_id, self.owner = gid, True
            self._mark = (self.store.info(gid).revision, len(self.game.actions))
        return self.game_id

    def _detach(self) -> None:
        """A game of this browser's own, not stored yet."""
        self.game_id, self.role, self.my_seat, self.token, self.owner = None, LOCAL, None, None, True
        self.bad_token, self.seated, self.issued, self._mark = False, (), {}, None

    def _check_new_game(self) -> None:
        """NotAllowed past the page's limit of new games, StoreFull if the store has no room."""
        if self.store is None:
            return
        if self.started >= self.limits.games_per_page:
            raise NotAllowed(f"this page has started {self.started} games, its limit: reload the page to "
                             "start more (the games are kept)")
        self.store.check_room()

    def use_owner_key(self, key: str) -> bool:
        """The owner key this page's browser keeps (sent by the page): the games this page stored
        with its own key become the browser's, and the game shown is played if it is the browser's.
        True if the page's place changed. A key of the wrong shape changes nothing."""
        if self.store is None or key == self.owner_key or not isinstance(key, str) or \
                len(key) != len(self.owner_key):
            return False
        try:
            if self._own_key:
                self.store.transfer(self.owner_key, key)
        except StoreError:
            return False
        self.owner_key, self._own_key = key, False
        before = self.place
        if self.kept:
            assert self.game_id is not None
            try:
                self.owner = self.store.is_owner(self.game_id, key)
            except StoreError:
                return False
            if self.owner and self.role == WATCH and not self.shared and not self.bad_token:
                self.role = LOCAL
        return self.place != before

    def my_games(self, offset: int = 0) -> tuple[list[GameInfo], int]:
        """A page of this browser's stored games (the last changed first) and how many it has."""
        store = self._need_store()
        page = self.limits.list_page
        return (store.list(owner=self.owner_key, limit=page, offset=offset),
                store.count(owner=self.owner_key))

    def delete_stored(self, game_id: str) -> None:
        """Put one of this browser's stored games in the trash (not the one on this page)."""
        store = self._need_store()
        if game_id == self.game_id:
            raise NotAllowed("the game on this page cannot be deleted here: open another one first")
        if not store.is_owner(game_id, self.owner_key):
            raise NotAllowed(f"{access.DELETE} needs this game's owner: the browser that started it")
        store.delete(game_id)

    def open_stored(self, game_id: str, token: str | None = None) -> None:
        """Play (or watch) a stored game: its seat link's ``token`` gives this browser that seat; a
        game with seat links and no valid token is watched; one without links is played here.
        StoreError (a malformed id, no such game) or RecordError, and nothing changes, if it cannot
        be opened."""
        store = self._need_store()
        info = store.info(game_id)
        game = Game.from_record(store.record(game_id))
        seats = _seats_from(info.app, game.players)
        seat = store.seat_for(game_id, token) if token else None
        if seat is not None and not (0 <= seat < len(seats) and seats[seat].is_human):
            seat = None
        owner = store.is_owner(game_id, self.owner_key)
        self._adopt(game, seats, replay_moves(game))
        self._detach()
        self.game_id, self.seated, self.owner = game_id, info.seated, owner
        self._mark = (info.revision, len(game.actions))
        if seat is not None:
            self.role, self.my_seat, self.token = SEAT, seat, token
        elif token or info.seated or not owner:
            self.role = WATCH                # a game with links, or another browser's: watched
            self.bad_token = bool(token)
        self.setup = _setup_of(game, seats)
        self.recent = [f"Resumed a game of {', '.join(game.players)} ({len(game.actions)} actions): "
                       f"{self.headline()}."]

    def sync(self) -> bool:
        """Bring in what other browsers did to the stored game; True if the game changed. New
        actions are applied (their log lines become ``recent``); an undone, restarted or loaded
        game is reloaded. GameGone (and the game is no longer kept) if it was deleted."""
        if not self.kept:
            return False
        store, gid = self.store, self.game_id
        assert store is not None and gid is not None
        try:
            info = store.info(gid)
            self.seated = info.seated
            shared_now = self.role == LOCAL and bool(info.seated)
            if shared_now:            # another browser made seat links: this one, without any, watches
                self.role = WATCH
            if (info.revision, info.actions) == self._mark:
                return shared_now
            record = store.record(gid)
        except GameNotFound:
            self._detach()
            raise GameGone("this game was deleted from the store (in another browser): "
                           "it is no longer kept") from None
        mine, stored = self.game.actions, record["actions"]
        same = self._mark is not None and info.revision == self._mark[0] and stored[:len(mine)] == mine
        if same:
            lines: list[str] = []
            try:
                for text in stored[len(mine):]:
                    seat = self.current_seat
                    step = self._apply_local(text, by_bot=seat is not None and not self.seats[seat].is_human)
                    lines.extend(step.lines)
            except CarnegieError:               # not the game we have after all: reload it whole
                same = False
            if lines and same:
                self.recent = lines
        if not same:
            game = Game.from_record(record)
            seats = _seats_from(info.app, game.players)
            self._adopt(game, seats, replay_moves(game))
            self.recent = [f"The game was changed in another browser: {len(game.actions)} actions, "
                           f"{self.headline()}."]
        self._mark = (info.revision, len(stored))
        return True

    def make_links(self) -> dict[int, str]:
        """Seat links for friends in other browsers: a new secret token per seat (0 = the first),
        ``{seat: token}``. The owner's page, in a game not shared yet, makes one for each human seat
        and then plays the first; in a shared game the owner renews the links of every seat but its
        own (theirs stop working), and a player's page renews only its own link."""
        store = self._need_store()
        humans = self.humans
        if len(humans) < 2:
            raise NotAllowed("seat links are for games with two or more human seats")
        place = self.place
        if not place.shared:
            access.check(place, access.MAKE_LINKS)
            seats = humans
        elif place.owner:
            seats = [s for s in humans if s != self.my_seat]
        else:
            access.check(place, access.RENEW_OWN_LINK, self.my_seat)
            seats = [self.my_seat] if self.my_seat is not None else []
        gid = self.keep()
        assert gid is not None
        tokens = store.add_seat_tokens(gid, seats)
        self.issued.update(tokens)
        if self.role != SEAT:
            self.role, self.my_seat = SEAT, humans[0]
        if self.my_seat in tokens:
            self.token = tokens[self.my_seat]
        self.bad_token = False
        self.seated = store.info(gid).seated
        return tokens

    def _need_store(self) -> GameStore:
        if self.store is None:
            raise NotAllowed("games are not kept here (no game store)")
        return self.store

    def _overtaken(self, expected: int) -> Overtaken:
        """After a lost race: reload the stored game and say who was first (the player of the first
        stored action that this browser did not have)."""
        mine = self.game.actions[:expected]
        try:
            self.sync()
        except GameGone as e:
            return Overtaken(str(e))
        stored = self.game.actions
        first = next((i for i, (a, b) in enumerate(zip(mine, stored)) if a != b), min(len(mine), len(stored)))
        if first < len(stored) and first < len(self.moves):
            mover = self.seats[self.moves[first].seat].name
            return Overtaken(f"{mover} moved first (in another browser): your move was not played. "
                             "Here is the game now.", mover)
        return Overtaken("The game was changed in another browser: your move was not played. "
                         "Here is the game now.")

    def _store_action(self, notation: str, by_bot: bool) -> None:
        """Append an action to the stored game before playing it here (engine errors if it is
        illegal there, Overtaken if another browser was first: nothing is played then). A game is
        stored from its first human action on (the bots' moves before it are stored with it)."""
        if self._batch or self.store is None or (by_bot and self.game_id is None):
            return
        if self.role == WATCH:
            raise NotAllowed("this browser watches the game: it cannot play")
        self.keep()
        assert self.game_id is not None and self._mark is not None
        expected = len(self.game.actions)
        if self.role == SEAT and self.current_seat == self.my_seat \
                and self.store.seat_for(self.game_id, self.token) != self.my_seat:
            self.role, self.token, self.my_seat, self.bad_token = WATCH, None, None, True
            raise NotAllowed("this browser's seat link was replaced by a new one: it can watch but not play")
        try:
            count = self.store.append(self.game_id, notation, expected, revision=self._mark[0])
        except StoreConflict:
            raise self._overtaken(expected) from None
        except GameNotFound:
            self._detach()
            raise GameGone("this game was deleted from the store (in another browser): "
                           "it is no longer kept") from None
        except StoreError:
            raise
        except CarnegieError:
            # illegal in the stored game: illegal here too, or the stored game is no longer ours
            info = self.store.info(self.game_id)
            if (info.revision, info.actions) != self._mark:
                raise self._overtaken(expected) from None
            raise
        self._mark = (self._mark[0], count)

    def _replace(self, game: Game, seats: list[Seat]) -> None:
        """Replace the stored game (undo, restart, load) if the stored one is still ours."""
        if not self.kept or self._batch:
            return
        store, gid = self.store, self.game_id
        assert store is not None and gid is not None
        expected = len(self.game.actions)
        try:
            store.save(game, gid, expected_count=expected, revision=None if self._mark is None else self._mark[0],
                       app=self.app_data(seats))
        except StoreConflict:
            raise self._overtaken(expected) from None
        except GameNotFound:
            self._detach()
            return
        self._mark = (store.info(gid).revision, len(game.actions))

    def bot(self, seat: int) -> Bot:
        """The bot playing a seat (one per seat, seeded from the game's seed and the seat)."""
        kind = self.seats[seat].kind
        kept = self._bots.get(seat)
        if kept is not None and kept[0] == kind:
            return kept[1]
        bot = make_bot(kind, int(self.game.state.options.get("seed") or 0) * 10 + seat + 1)
        self._bots[seat] = (kind, bot)
        return bot

    # -- who decides now -----------------------------------------------------------------------
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
            return f"Game over: {self.result()}"
        where = round_of(game.round, game.rules.constants.rounds)
        player = game.current_player
        assert player is not None               # the game is not over: somebody decides
        label = self.seat_label(player)
        return f"{where} · {self.seats[player].name}{f' ({label})' if label else ''} to decide"

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
            return "you" if seat == self.my_seat else "friend"
        return "player"

    def prompt(self) -> str:
        """What is being decided, in words (the engine's prompt)."""
        return self.game.decision.prompt

    def result(self) -> str:
        if not self.game.is_over:
            return ""
        scores = self.game.scores()
        winners = self.game.winners()
        best = scores[winners[0]].total if winners else 0
        who = " and ".join(winners)
        verb = "wins" if len(winners) == 1 else "win"
        return f"{who} {verb} with {best} VP"

    def scores(self) -> dict[str, dict[str, int]]:
        return {name: s.as_dict() for name, s in self.game.scores().items()}

    # -- acting --------------------------------------------------------------------------------
    def apply(self, notation: str) -> Step:
        """Apply an action for whoever decides now (a human's click). Raises IllegalActionError,
        NotationError or GameOverError and then keeps the game exactly as it was."""
        seat = self.current_seat
        by_bot = seat is not None and not self.seats[seat].is_human
        if self.role != LOCAL and not by_bot and not self.may_act(seat):
            raise NotAllowed("this browser watches the game: it cannot play" if self.role == WATCH else
                             f"it is {self.seats[seat].name}'s decision (another browser)" if seat is not None
                             else "the game is over")
        recent = self.recent
        if not by_bot:
            self.recent = []
        try:
            return self._apply(notation, by_bot)
        except Overtaken:
            raise                       # recent: what the other browser played
        except CarnegieError:
            self.recent = recent
            raise

    def _apply(self, notation: str, by_bot: bool) -> Step:
        self._store_action(notation, by_bot)
        return self._apply_local(notation, by_bot)

    def _apply_local(self, notation: str, by_bot: bool) -> Step:
        game = self.game
        seat, round_ = game.current_player, game.round
        kind = game.decision.kind
        before = len(game.state.log)
        action = game.apply(notation)
        assert seat is not None                 # apply raised GameOverError if nobody was deciding
        self.moves.append(Move.after(game, seat, round_, before))
        lines = [text for _, text in game.state.log[before:]]
        if not lines:
            lines = [_silent(self.seats[seat].name, str(action), kind)]
        self.recent.extend(lines)
        return Step(seat, str(action), lines, by_bot)

    def step_bot(self) -> Step | None:
        """One decision of the bot whose turn it is (None if a human decides or the game is over,
        or if this browser only watches)."""
        if not self.bot_to_move or not self.plays_bots:
            return None
        seat = self.current_seat
        assert seat is not None                 # a bot is to move, so the game is not over
        action = self.bot(seat).choose(self.game)
        return self._apply(str(action), by_bot=True)

    def run_bots(self, until_human: bool = True, limit: int | None = None,
                 progress: Callable[[Progress], None] | None = None, every: float = 0.1) -> list[Step]:
        """Let the bots decide until a human decides (or the game ends, or ``limit`` actions).
        ``progress`` is called at most every ``every`` seconds and once at the end."""
        steps: list[Step] = []
        last = time.monotonic()
        total = limit
        while not self.game.is_over and (limit is None or len(steps) < limit):
            if self.human_to_move and until_human:
                break
            try:
                step = self.step_bot()
            except Overtaken:
                break       # another browser played this bot first: the game is reloaded, it goes on there
            if step is None:
                break
            steps.append(step)
            if progress is not None and time.monotonic() - last >= every:
                last = time.monotonic()
                progress(Progress(len(steps), total, self._progress_text(len(steps))))
        if progress is not None:
            progress(Progress(len(steps), total, self._progress_text(len(steps))))
        return steps

    def _progress_text(self, done: int) -> str:
        game = self.game
        where = round_of(game.round, game.rules.constants.rounds, capital=False)
        return f"bots played {done} decision{'s' if done != 1 else ''} · {where}"

    def finish_with_bots(self, kind: str = FINISHING_BOT,
                         progress: Callable[[Progress], None] | None = None) -> list[Step]:
        """Hand every human seat to a bot and play to the end of the game (a stored game is saved
        once, at the end, if no other browser changed it meanwhile)."""
        access.check(self.place, access.FINISH)
        before, movers, seats = self.game.copy(), list(self.moves), list(self.seats)
        for seat in self.humans:
            self.set_seat_kind(seat, kind)
        self.recent = []
        self._batch = True
        try:
            steps = self.run_bots(until_human=False, progress=progress)
        finally:
            self._batch = False
        if self.kept and steps:
            played, played_movers, bots = self.game, self.moves, self.seats
            # _replace compares the stored game with the game as it was before the bots played
            self.game, self.moves, self.seats = before, movers, seats
            self._replace(played, bots)          # Overtaken: the stored game is reloaded
            self.game, self.moves, self.seats = played, played_movers, bots
        if steps:                               # undo goes back to this click and gives the seats back
            self._handover = (len(before.actions), seats)
        return steps

    # -- undo ----------------------------------------------------------------------------------
    def _last_human_action(self) -> int | None:
        if self._handover is not None:      # the bots finished the game: undo goes back to that click
            return self._handover[0]
        for i in range(len(self.moves) - 1, -1, -1):
            seat = self.moves[i].seat
            if 0 <= seat < len(self.seats) and self.seats[seat].is_human:
                if self.role == WATCH or (self.role == SEAT and seat != self.my_seat):
                    return None     # in a shared game: only your own decision, if nobody decided since
                return i
        return None

    @property
    def can_undo(self) -> bool:
        return self._last_human_action() is not None

    def undo(self) -> int:
        """Take back the last human decision and every bot decision after it; returns how many
        actions were taken back (0 when no human decision was made yet)."""
        index = self._last_human_action()
        if index is None:
            return 0
        seats = self._handover[1] if self._handover is not None else self.seats
        record = self.game.to_record()
        taken = len(record["actions"]) - index
        record["actions"] = record["actions"][:index]
        game = Game.from_record(record, components=self.game.components)
        self._replace(game, seats)
        self._adopt(game, seats, self.moves[:index])
        current = self.current_seat
        assert current is not None              # a human decided here, so the game is not over
        seat = self.seats[current]
        self.recent = [f"Undone: {taken} action{'s' if taken != 1 else ''} taken back; "
                       f"{seat.name} decides again."]
        return taken

    # -- records -------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The engine's record of the game, with the seats (who is a bot) under ``APP_KEY``."""
        record = self.game.to_record()
        record[APP_KEY] = {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        return record

    def save_json(self) -> str:
        return json.dumps(self.record(), indent=1)

    # -- replays -------------------------------------------------------------------------------
    def stored_game(self, game_id: str) -> tuple[Game, list[Seat]]:
        """A stored game and its seats, to replay: the page's own game or one of this browser's
        (nothing changes here; StoreError or RecordError if it cannot be read)."""
        store = self._need_store()
        if game_id != self.game_id and not store.is_owner(game_id, self.owner_key):
            raise NotAllowed("this browser replays its own games and the game on this page")
        info = store.info(game_id)
        game = Game.from_record(store.record(game_id))
        return game, _seats_from(info.app, game.players)

    def branch(self, game: Game, seats: Sequence[Seat], moves: Sequence[Move], what: str) -> None:
        """Play on from a moment of a replay: ``game`` (its options and its actions so far) becomes
        this browser's live game with these seats, a new stored game (the replayed one is left as
        it was); ``what`` says where it comes from, for the log."""
        self._check_new_game()
        seats = [Seat(s.name, s.kind) for s in seats]
        self._adopt(game, seats, list(moves))
        self._detach()
        self.setup = _setup_of(game, seats, self.setup.label)
        self.recent = [f"Playing on from {what} ({len(game.actions)} actions): {self.headline()}."]
        self.keep()

    def load(self, data: bytes | str | dict) -> None:
        """Replace the game by a saved one. A broken record raises RecordError naming the field,
        and the current game is kept."""
        if isinstance(data, (bytes, bytearray, memoryview)):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("(file)", "not a text file (expected a JSON game record)") from None
        if isinstance(data, str):
            try:
                record = json.loads(data)
            except json.JSONDecodeError as e:
                raise RecordError("(json)", f"not valid JSON: {e}") from None
        else:
            record = data
        access.check(self.place, access.LOAD)
        game = Game.from_record(record)         # raises RecordError unless it is a record (a JSON object)
        check_names(game.players)
        seats = _seats_from(record.get(APP_KEY), game.players)
        self._replace(game, seats)              # a stored game: replaced (if nobody changed it meanwhile)
        self._adopt(game, seats, replay_moves(game))
        self.keep()                             # a game not stored yet: stored now
        self.setup = _setup_of(game, seats)
        self.recent = [f"Loaded a game of {', '.join(game.players)} "
                       f"({len(game.actions)} actions): {self.headline()}."]


_DONE = {"setup": "finishes the setup moves", "turn": "ends the turn", "event": "is done with the event",
         "activate": "is done activating employees", "property": "moves nobody with Property Management",
         "relocate": "is done moving employees with HR Administration"}


def _silent(name: str, notation: str, kind: str) -> str:
    """A line for an action that wrote nothing in the game log (e.g. ``done``)."""
    if notation == "done":
        return f"{name} {_DONE.get(kind, 'is done')}"
    if notation.startswith("lobby "):
        return f"{name} puts an arriving employee in the lobby on {notation.split()[1]}"
    return f"{name}: {notation}"


def _setup_of(game: Game, seats: list[Seat], label: str = "") -> Setup:
    """The new-game form's values for a game that was not started from it (resumed, loaded, branched)."""
    options = game.state.options
    return Setup([Seat(s.name, s.kind) for s in seats], int(options.get("seed") or 0),
                 options.get("solo_level"), options.get("departments", "base"), label)


def _seats_from(app: Any, names: list[str]) -> list[Seat]:
    """Seats saved by the app, if they fit the game's players; else every seat is human."""
    try:
        seats = [Seat(str(s["name"]), str(s["kind"])) for s in app["seats"]]
    except (TypeError, KeyError, ValueError):
        return [Seat(n) for n in names]
    if [s.name for s in seats] != names:
        return [Seat(n) for n in names]
    return seats


__all__ = ["ANDREW", "BOT_KINDS", "Controller", "DEPARTMENT_MODES", "GameGone", "HUMAN", "LOCAL", "NotAllowed",
           "OLD_KINDS", "Overtaken", "Progress", "SEAT", "SEAT_KINDS", "Seat", "Setup", "Step", "WATCH",
           "default_setup", "offered_kind"]

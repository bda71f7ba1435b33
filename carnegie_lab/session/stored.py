"""A session kept in a :class:`~carnegie_lab.store.GameStore`: every action appended to the stored game (with
the expected count, so two browsers never both play the same decision), ``sync()`` bringing in what other
browsers played, seat links for friends (``make_links``), this browser's own games (its owner key)."""
from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import CarnegieError
from ..core.i18n import N_, translator
from ..core.words import plural
from ..engine import Game
from ..store import GameInfo, GameNotFound, GameStore, StoreConflict, StoreError, new_key
from . import access
from .access import LOCAL, SEAT, Limits, NotAllowed, Place
from .games_list import NEWEST, check_order, sort_games
from .seating import Seating, result_of, taken_back
from .seats import ANDREW, Handover, Seat, Setup, handover_from, hints_from, seats_from, setup_of
from .texts import shown
from .work import StartBrake, visitor


class Overtaken(CarnegieError):
    """Another browser changed the stored game first (``mover`` played the decision this one
    tried, or the game was undone, restarted or loaded there). The game has been reloaded."""

    def __init__(self, message: str, mover: str | None = None):
        self.mover = mover
        super().__init__(message)


class GameGone(CarnegieError):
    """The stored game was deleted (in another browser). The game is no longer kept."""


#: What a page whose seat link was renewed (its token no longer valid) is told at its next sync or request.
RENEWED = N_("This seat link was renewed by the game's owner: this browser now watches the game")
GONE = N_("this game was deleted from the store (in another browser): it is no longer kept")


class StoredSession(Seating):
    """A :class:`Seating` whose game may be kept in a store, shared by seat links with other browsers."""

    def __init__(self, setup: Setup, store: GameStore | None, limits: Limits | None) -> None:
        super().__init__(setup)
        self.limits = limits or Limits()
        #: the owner key of this browser (docs/security.md): one of this page's own until the page
        #: gives its browser's (``use_owner_key``); the games this page stores belong to it
        self.owner_key = new_key()
        self._own_key = True                 # owner_key is still the page's own, not the browser's
        self.started = 0                     # games this page stored (Limits.games_per_page)
        #: where the game is kept (None: nowhere) and under which id (None until it is stored)
        self.store = store
        self.game_id: str | None = None
        self.issued: dict[int, str] = {}     # the links this controller made: seat -> token
        self._mark: tuple[int, int] | None = None   # (revision, action count) of the stored game seen
        self._batch = False                  # playing many bot actions: stored in one save at the end
        #: (id, revision, actions) of a finished stored game -> (result_of, its winners)
        self._results: dict[tuple[str, int, int], tuple[str, tuple[str, ...]]] = {}
        self.games_order = NEWEST            # how the games list is sorted (games_list.ORDERS)

    @property
    def kept(self) -> bool:
        """The game is in the store (under ``game_id``)."""
        return self.store is not None and self.game_id is not None

    def app_data(self, seats: Sequence[Seat] | None = None, handover: Handover | None = None) -> dict[str, Any]:
        """What the store keeps with the game besides its record: who plays each seat (and who played
        them before the bots finished the game), its label."""
        data: dict[str, Any] = {"seats": [{"name": s.name, "kind": s.kind} for s in seats or self.seats]}
        if handover is not None:
            data["handover"] = handover.as_data()
        if self.setup.label:
            data["label"] = self.setup.label
        if not self.setup.hints:
            data["hints"] = False
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
            StartBrake.of_server().check(visitor(), record=True)
            gid = self.store.save(self.game, app=self.app_data(handover=self.handover), owner=self.owner_key)
            self.started += 1
            self.game_id, self.owner = gid, True
            self._mark = (self.store.info(gid).revision, len(self.game.actions))
        return self.game_id

    def _detach(self) -> None:
        """A game of this browser's own, not stored yet."""
        self.game_id, self.role, self.my_seat, self.token, self.owner = None, LOCAL, None, None, True
        self.bad_token, self.seated, self.issued, self._mark = False, (), {}, None

    def _check_new_game(self) -> None:
        """NotAllowed past the page's limit of new games or its visitor's (``work.StartBrake``), StoreFull if the
        store has no room."""
        if self.store is None:
            return
        if self.started >= self.limits.games_per_page:
            raise NotAllowed(N_("this page has started {n} games, its limit: reload the page to "
                                "start more (the games are kept)", n=self.started))
        self.store.check_room()
        StartBrake.of_server().check(visitor())

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
        try:
            self._asked()
        except (StoreError, GameGone):
            return False
        return self.place != before

    def my_games(self, offset: int = 0) -> tuple[list[GameInfo], int]:
        """A page of this browser's stored games (in ``games_order``) and how many it has."""
        store = self._need_store()
        page = self.limits.list_page
        if self.games_order == NEWEST:
            return (store.list(owner=self.owner_key, limit=page, offset=offset),
                    store.count(owner=self.owner_key))
        games = sort_games(store.list(owner=self.owner_key), self.games_order, lambda i: self._outcome(i)[1])
        return games[offset:offset + page], len(games)

    def order_games(self, order: str) -> None:
        """Sort the games list in this order (one of ``games_list.ORDERS``; ValueError for another)."""
        check_order(order)
        self.games_order = order

    def stored_line(self, info: GameInfo, lang: str | None = None) -> str:
        """Who plays a stored game (each bot's strength; Andrew Carnegie and his level in a solo game)
        and, once it is over, its result with every score: a line of the games list."""
        seats = seats_from(info.app, list(info.players))
        handover = handover_from(info.app, list(info.players))
        before = handover.seats if handover is not None else seats
        _ = translator(lang).gettext
        who = ", ".join(s.name + ("" if s.is_human else " " + _("(finished by the {bot})").format(
            bot=shown(s.describe(), lang)) if was.is_human else f" ({shown(s.describe(), lang)})")
            for s, was in zip(seats, before))
        level = info.options.get("solo_level")
        if level:
            who += " " + _("vs {andrew} (level {level})").format(andrew=ANDREW, level=level)
        result = shown(self._outcome(info)[0], lang)
        return f"{who} · {result}" if result else who

    def _outcome(self, info: GameInfo) -> tuple[str, tuple[str, ...]]:
        """A stored game's result (``result_of``, every score) and its winners; ("", ()) while it is
        played, or if its record no longer replays."""
        if info.status != "over":
            return "", ()
        key = (info.id, info.revision, info.actions)
        if key not in self._results:
            try:
                game = self._need_store().load(info.id)
                self._results[key] = (result_of(game, others=True), tuple(game.winners()))
            except CarnegieError:            # a record that no longer replays: no result to show
                self._results[key] = ("", ())
        return self._results[key]

    def delete_stored(self, game_id: str) -> None:
        """Put one of this browser's stored games in the trash (not the one on this page)."""
        store = self._need_store()
        if game_id == self.game_id:
            raise NotAllowed(N_("the game on this page cannot be deleted here: open another one first"))
        access.check(access.asking(store, game_id, self.owner_key, None), access.DELETE)
        store.delete(game_id)

    def open_stored(self, game_id: str, token: str | None = None) -> None:
        """Play (or watch) a stored game: its seat link's ``token`` gives this browser that seat; a
        game with seat links and no valid token is watched; one without links is played here.
        StoreError (a malformed id, no such game) or RecordError, and nothing changes, if it cannot
        be opened."""
        store = self._need_store()
        info = store.info(game_id)
        game = Game.from_record(store.record(game_id))
        seats = seats_from(info.app, game.players)
        place = access.asking(store, game_id, self.owner_key, token)
        self._adopt(game, seats, handover_from(info.app, game.players))
        self._detach()
        self.game_id, self.seated, self._mark = game_id, info.seated, (info.revision, len(game.actions))
        self._take(place, token)
        self.bad_token = bool(token) and place.role != SEAT
        self.setup = setup_of(game, seats, hints=hints_from(info.app))
        self.recent = [plural("Resumed a game of {players} ({n} action): {headline}.",
                              "Resumed a game of {players} ({n} actions): {headline}.", len(game.actions),
                              players=", ".join(game.players), headline=self.headline())]

    def sync(self) -> bool:
        """Bring in what other browsers did to the stored game; True if the game changed. New
        actions are applied (their log lines become ``recent``); an undone, restarted or loaded
        game is reloaded. GameGone (and the game is no longer kept) if it was deleted."""
        if not self.kept:
            return False
        store, gid = self.store, self.game_id
        assert store is not None and gid is not None
        before = self.place
        try:
            place = self._asked()         # seat links made (this page, without one, watches) or renewed
            info = store.info(gid)
            self.seated = info.seated
            renewed = before.role == SEAT and place.role != SEAT
            if (info.revision, info.actions) == self._mark:
                return self.place != before
            record = store.record(gid)
        except GameNotFound:
            self._detach()
            raise GameGone(GONE) from None
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
            back = (mine[:len(stored)] == stored and len(stored) < len(mine)     # an undo elsewhere
                    and record.get("options") == self.game.options)
            undone = taken_back(self.game, len(stored)) if back else ""
            game = Game.from_record(record)
            seats = seats_from(info.app, game.players)
            self._adopt(game, seats, handover_from(info.app, game.players))
            self.recent = [undone or plural("The game was changed in another browser: {n} action, {headline}.",
                                            "The game was changed in another browser: {n} actions, {headline}.",
                                            len(game.actions), headline=self.headline())]
        if renewed:
            self.recent = [RENEWED, *self.recent]
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
            raise NotAllowed(N_("seat links are for games with two or more human seats"))
        if self.owner:
            place = self.authorize(access.MAKE_LINKS)
            seats = [s for s in humans if s != place.seat] if place.shared else humans
        else:
            place = self.authorize(access.RENEW_OWN_LINK, self.my_seat)
            seats = [place.seat] if place.seat is not None else []
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

    def authorize(self, what: str, seat: int | None = None) -> Place:
        """The one gate of every change of the stored game: this page's place read from the store now
        (``access.asking``, taken as the page's own) and NotAllowed, with the reason, unless it may do
        ``what`` (``seat``: whose decision, for PLAY, UNDO and RENEW_OWN_LINK). A page whose seat link
        was renewed meanwhile is a watcher from now on, and told so. A game not stored yet is the page's
        own; GameGone if the stored one was deleted."""
        was = self.role
        place = self._asked()
        if was == SEAT and place.role != SEAT:
            raise NotAllowed(RENEWED)
        access.check(place, what, seat)
        return place

    def _asked(self) -> Place:
        """This page's place as the store has it now (its own place while the game is not stored)."""
        if not self.kept:
            return self.place
        assert self.store is not None and self.game_id is not None
        try:
            place = access.asking(self.store, self.game_id, self.owner_key, self.token, self.setup.hints)
        except GameNotFound:
            self._detach()
            raise GameGone(GONE) from None
        self._take(place, self.token)
        return place

    def _take(self, place: Place, token: str | None) -> None:
        """This page plays (or watches) from this place now (told so if its seat link was renewed)."""
        if self.role == SEAT and place.role != SEAT:
            self.bad_token, self.recent = True, [RENEWED]
        self.role, self.owner, self.my_seat = place.role, place.owner, place.seat
        self.token = token if place.role == SEAT else None

    def _need_store(self) -> GameStore:
        if self.store is None:
            raise NotAllowed(N_("games are not kept here (no game store)"))
        return self.store

    def _overtaken(self, expected: int) -> Overtaken:
        """After a lost race: reload the stored game and say who was first (the player of the first
        stored action that this browser did not have)."""
        mine = self.game.actions[:expected]
        try:
            self.sync()
        except GameGone as e:
            return Overtaken(e.args[0] if e.args else str(e))
        stored = self.game.actions
        return self.overtaken_at(next((i for i, (a, b) in enumerate(zip(mine, stored)) if a != b),
                                      min(len(mine), len(stored))))

    def overtaken_at(self, first: int) -> Overtaken:
        """What to say of a move of this browser's that the game, as this browser has it now, passed by from
        its action ``first`` on: who moved first (the player of that action), or that the game changed."""
        stored, movers = self.game.actions, self.history_seats
        if first < len(stored) and first < len(movers):
            mover = self.seats[movers[first]].name
            return Overtaken(N_("{player} moved first (in another browser): your move was not played. "
                                "Here is the game now.", player=mover), mover)
        return Overtaken(N_("The game was changed in another browser: your move was not played. "
                            "Here is the game now."))

    def _store_action(self, notation: str, by_bot: bool) -> str | None:
        """Play an action on this page's game as the store appends it to the stored game (the store's checked
        play is the one kept here: engine errors if it is illegal, Overtaken if another browser was first,
        and nothing is played then); the action as the engine wrote it, or None if the game is not kept (then
        nothing is played). A game is stored from its first human action on (the bots' moves before it are
        stored with it)."""
        if self._batch or self.store is None or (by_bot and self.game_id is None):
            return None
        self.authorize(access.PLAY, None if by_bot else self.current_seat)
        self.keep()
        assert self.game_id is not None and self._mark is not None
        expected = len(self.game.actions)
        try:
            count = self.store.append(self.game_id, notation, expected, revision=self._mark[0], game=self.game)
        except StoreConflict:
            raise self._overtaken(expected) from None
        except GameNotFound:
            self._detach()
            raise GameGone(GONE) from None
        except StoreError:
            raise
        except CarnegieError:
            # illegal in the stored game: illegal here too, or the stored game is no longer ours
            info = self.store.info(self.game_id)
            if (info.revision, info.actions) != self._mark:
                raise self._overtaken(expected) from None
            raise
        self._mark = (self._mark[0], count)
        return self.game.actions[-1]

    def _replace(self, game: Game, seats: list[Seat], what: str, handover: Handover | None = None,
                 seat: int | None = None) -> None:
        """Replace the stored game (``what``: an undo of ``seat``'s decision, a restart, the bots finishing
        it) if this page may (asked of the store now) and the stored one is still ours."""
        if not self.kept or self._batch:
            return
        self.authorize(what, seat)
        store, gid = self.store, self.game_id
        assert store is not None and gid is not None
        expected = len(self.game.actions)
        try:
            store.save(game, gid, expected_count=expected, revision=None if self._mark is None else self._mark[0],
                       app=self.app_data(seats, handover), undo_by=self.token if self.role == SEAT else self.owner_key)
        except StoreConflict:
            raise self._overtaken(expected) from None
        except GameNotFound:
            self._detach()
            return
        self._mark = (store.info(gid).revision, len(game.actions))

    def stored_game(self, game_id: str) -> tuple[Game, list[Seat], Handover | None]:
        """A stored game, its seats and who played them before the bots finished it (if they did), to
        replay: the page's own game or one of this browser's (nothing changes here; StoreError or
        RecordError if it cannot be read)."""
        store = self._need_store()
        if game_id != self.game_id and not store.is_owner(game_id, self.owner_key):
            raise NotAllowed(N_("this browser replays its own games and the game on this page"))
        info = store.info(game_id)
        game = Game.from_record(store.record(game_id))
        return game, seats_from(info.app, game.players), handover_from(info.app, game.players)


__all__ = ["GameGone", "Overtaken", "StoredSession"]

"""``Game``: the public face of the engine — decisions, legal actions, apply, undo, scores, records."""
from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass
from typing import Any, Iterable, TypeGuard

import networkx as nx

from .core import records
from .core.actions import Action
from .core.components import Components, Department, TabSpace, TimelineSpace
from .core.errors import CarnegieError, OptionError, RecordError
from .core.jsontext import JSONTextError, read_json
from .core.later import read_line
from .core.state import Owner, RoundSummary, State, Tab, site_key
from .queries import Queries
from .rules import company, construction, donations, laws, loop, timeline
from .rules.changes import Changes, diff
from .rules.construction import projects_in
from .rules.departments.management import department_cost
from .rules.employees import activation_cost
from .rules.moves import Move, MoveRecorder
from .rules.network import Connection, best_connection, map_graph, network
from .rules.prompts import Decision, DecisionContext, decision, prompt_of
from .rules.research import tab_spaces, track_step_cost
from .rules.ruleset import Ruleset, ruleset_for
from .rules.scoring import ScoreBreakdown, player_score, scores, winning_seats
from .rules.setup import DEPARTMENT_MODES, check_options, new_state
from .rules.solo import NAME as ANDREW_NAME
from .rules.solo import andrew_chooses, face_down, unseen_deck

__all__ = ["ANDREW_NAME", "DEPARTMENT_MODES", "AndrewView", "Changes", "Decision", "DecisionContext", "Game", "Move",
           "check_new_game", "new_game"]


@dataclass(frozen=True)
class AndrewView:
    """What the table shows of Andrew Carnegie in a solo game: his cards face up, and the backs of his
    face-down cards in view, which show a normal card's action or that a card is advanced (the order
    of his deck stays hidden)."""
    level: int
    card: str | None                          # this round's card once face up (an id of ``components.solo_cards``)
    slide: int                                # how far it has slid this round
    vp_cards: tuple[tuple[int, tuple[str, ...]], ...]   # (VP of the card, the solo cards lying on it)
    cards_left: int                           # cards still to draw
    chooses: bool                             # his card chooses this round's row (even rounds)
    advanced_left: int | None = None          # advanced cards among those not shown (None: an edited deck)
    face_down: bool = False                   # this round's card is drawn, face down until his turn
    card_action: str | None = None            # this round's card's action (None while an advanced one lies face down)
    next_action: str | None = None            # the action on the back of his next card (None: an advanced one)
    card_advanced: bool = False               # this round's card is an advanced one (its back says so)
    next_advanced: bool = False               # his next card is an advanced one (its back says so, not its action)


class Game(Queries):
    """A game of Carnegie, played one decision at a time.

    >>> game = new_game(["Ada", "Bo"], seed=1)
    >>> game.apply(game.legal_actions()[0])  # doctest: +ELLIPSIS
    Action(...)

    Its read-only queries for views are here and in :class:`.queries.Queries`.
    """

    def __init__(self, state: State, *, start: State | None = None, actions: Iterable[str] = (),
                 fresh: bool = True, recorder: MoveRecorder | None = None):
        self._state = state
        self._start = start if start is not None else state.copy()
        self._actions: list[str] = list(actions)
        self._fresh = fresh                   # began at a fresh setup (a record needs no start)
        self._legal: list[Action] | None = None
        state.recorder = recorder if recorder is not None else _recorder()

    # -- reading the position ------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live state, for the bots and the analysis (which evaluate positions). Everything else
        above the engine reads the game through its queries (tests/test_layers.py). Do not change it."""
        return self._state

    @property
    def rules(self) -> Ruleset:
        """The rules this game plays by (bound to its component data)."""
        return self._state.rules

    @property
    def components(self) -> Components:
        """The component data this game plays on."""
        return self._state.rules.components

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._state.players]

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (``seed``, ``solo_level``, ``departments``...): a copy."""
        return dict(self._state.options)

    @property
    def andrew_name(self) -> str | None:
        """The name of the solo opponent (Andrew Carnegie) in a solo game, None in a game without him."""
        return ANDREW_NAME if self._state.andrew is not None else None

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._state.flow.player

    @property
    def decision(self) -> Decision:
        return decision(self._state)

    def decision_in(self, lang: str | None = None) -> Decision:
        """The decision, its text in a language (``cl.languages()``; None: English, ``decision``)."""
        return decision(self._state, lang)

    @property
    def round(self) -> int:
        return self._state.flow.round

    @property
    def is_over(self) -> bool:
        return loop.decision_kind(self._state) == loop.K.OVER

    @property
    def actions(self) -> list[str]:
        """The actions applied so far (since the start position), as notation."""
        return list(self._actions)

    @property
    def log(self) -> list[str]:
        """The game's log lines, each a Message (its English; ``render`` gives another language)."""
        return [read_line(entry) for entry in self._state.log]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The history of the game since its start: one move per action applied and per step the
        engine took by itself (forced steps, Andrew Carnegie's moves), each with who took it, the
        round and phase, the decision it answered, the action and the log lines it wrote."""
        return self._state.recorder.moves

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = loop.legal_actions(self._state)
        return list(self._legal)

    def parse(self, text: str | Action) -> Action:
        """Notation to Action (syntax only); raises NotationError."""
        return self._state.rules.parse(text)

    def describe(self, action: Action | str, mission: bool = True, lang: str | None = None) -> str:
        """What an action would do, in words (for a department's use: its gain or cost, and its
        mission unless ``mission`` is false; ``lang``: the language, None for English); other actions
        give their notation."""
        return self._state.rules.describe(self._state, self.parse(action), mission, lang)

    def scores(self) -> dict[str, ScoreBreakdown]:
        """Score breakdowns by name (Andrew Carnegie last in a solo game), as if the game ended now."""
        return dict(zip(self._seat_names(), scores(self._state)))

    def seat_scores(self) -> list[ScoreBreakdown]:
        """Score breakdowns by seat (then Andrew's in a solo game)."""
        return scores(self._state)

    def seat_score(self, seat: int) -> ScoreBreakdown:
        """One seat's score breakdown, as if the game ended now."""
        return player_score(self._state, seat)

    def winners(self) -> list[str]:
        names = self._seat_names()
        return [names[i] for i in winning_seats(self._state)]

    # -- read-only queries for views, widgets and notebooks (the rules' numbers, asked of the game) --
    def donation_price(self, seat: int) -> int:
        """What the seat's next donation costs."""
        return donations.price(self._state, seat)

    def department_cost(self, seat: int, code: str, cell: str) -> int:
        """Goods the seat pays to build the tile with this code on this cell."""
        return department_cost(self._state, seat, self.rules.by_code[code], cell)

    def activation_cost(self, action: Action | str) -> tuple[int, int]:
        """(money, VP change) of a legal ``activate`` action of the deciding player."""
        pi = self._state.flow.player
        assert pi is not None, "nobody decides: the game is over"
        return activation_cost(self._state, pi, self.parse(action).args)

    def active_employees(self, seat: int) -> int:
        """Employees standing in the seat's departments (the permanent HR one not counted)."""
        return company.active_employees(self.rules, self._state.players[seat])

    def departments_of_type(self, seat: int, dept_type: str) -> int:
        return company.departments_of_type(self.rules, self._state.players[seat], dept_type)

    def projects_in(self, owner: int | str, region: str) -> int:
        """Construction discs an owner (a seat, "neutral" or "andrew") has in a region."""
        return projects_in(self._state, owner, region)

    def track_step_cost(self, seat: int, region: str) -> int | None:
        """Study points for the seat's next step on a transport track (None in the final box)."""
        p = self._state.players[seat]
        return None if p.tracks[region] >= self.rules.final_space else track_step_cost(self.rules, p, region)

    def tab_spaces(self, seat: int, ptype: str) -> tuple[TabSpace, ...]:
        """The spaces of the seat's project tab (on the side they play)."""
        return tab_spaces(self.rules, self._state.players[seat], ptype)

    def event_row(self, row: int) -> int | None:
        """The row whose marker would advance if this row were chosen (the row-end rule)."""
        return timeline.event_row(self._state, row)

    def row_event(self, action_type: str) -> tuple[int, TimelineSpace] | None:
        """What choosing a timeline row brings now: (the row whose event it is, that event), or None
        when every marker is at its end."""
        row = timeline.event_row(self._state, self.components.timeline.rows.index(action_type))
        if row is None:
            return None
        return row, timeline.space(self._state, row, self._state.board.markers[row] + 1)

    def money(self, seat: int) -> int:
        """The seat's dollars."""
        return self._state.players[seat].money

    def goods(self, seat: int) -> int:
        """The seat's goods cubes."""
        return self._state.players[seat].goods

    def standing(self, seat: int, cell: str) -> int:
        """Employees standing on the workstations of the seat's cell ("a1".."d4"), the permanent one included."""
        return len(self._state.players[seat].standing.get(cell, ()))

    def lying(self, seat: int, cell: str) -> int:
        """Employees lying (not working) on the seat's cell."""
        return self._state.players[seat].lying.get(cell, 0)

    def on_mission(self, seat: int, region: str) -> int:
        """The seat's employees on a mission in the region."""
        return self._state.players[seat].missions.get(region, 0)

    def track_space(self, seat: int, region: str) -> int:
        """Where the seat's disc is on the region's transport track (0: its start space)."""
        return self._state.players[seat].tracks[region]

    def tab(self, seat: int, ptype: str) -> Tab:
        """The seat's project tab of this type: (spaces revealed, projects built from it)."""
        return self._state.players[seat].tabs[ptype]

    def department_at(self, seat: int, cell: str) -> str | None:
        """The department on the seat's company cell (an id of ``components.departments``), None if empty."""
        return self._state.players[seat].cells.get(cell)

    def built_tiles(self, seat: int) -> dict[str, str]:
        """The Department tiles the seat has built (not the starting departments): cell -> department id."""
        p = self._state.players[seat]
        return {cell: dept for cell, dept in p.cells.items() if dept in p.built}

    def sites_of(self, owner: Owner) -> list[str]:
        """The map sites ("<city>/<index>") holding a disc of the owner (a seat, "neutral" or "andrew")."""
        return [key for key, disc in self._state.board.sites.items() if disc.owner == owner]

    def free_sites(self, city: str) -> list[str]:
        """The city's construction sites with no disc on them, left-most first."""
        sites = self._state.board.sites
        return [key for key in (site_key(city, site.index) for site in self.components.cities[city].sites)
                if key not in sites]

    def build_site(self, seat: int, city: str, ptype: str) -> str | None:
        """The map site ("<city>/<index>") the seat's project of this type would go to in the city: the
        left-most free site that takes it (any free one with a department that allows it); None if none."""
        site = construction.build_site(self._state, seat, city, ptype)
        return None if site is None else site_key(city, site[0])

    def free_workstation(self, seat: int, cell: str) -> int | None:
        """The workstation of the seat's department on ``cell`` that an employee standing up there takes:
        the cheapest free one (None: none is free, or the cell holds no department)."""
        return company.free_workstation(self.rules, self._state.players[seat], cell)

    def free_donations(self) -> list[str]:
        """The donation spaces with no disc on them (ids of ``components.donations``)."""
        taken = self._state.board.donations
        return [d for d in self.components.donations if not taken.get(d)]

    def donors(self, space: str) -> tuple[Owner, ...]:
        """Who has a disc on a donation space (seats, "neutral"), in the order they came."""
        return tuple(self._state.board.donations.get(space, ()))

    def department(self, code: str) -> Department | None:
        """The department a tile code or verb names (``components.departments``), None for another word."""
        return self.rules.by_code.get(code)

    def patterns(self, verb: str) -> tuple[tuple[str, ...], ...]:
        """The argument patterns of a verb's notation (``docs/notation.md``): a tuple per form it takes."""
        return tuple(tuple(p) for p in self.rules.grammar.get(verb, ()))

    def tiles_in_pool(self) -> dict[str, int]:
        """Department tiles left in the shared pool: department id -> copies (only those left)."""
        return {d: n for d, n in self._state.board.pool.items() if n}

    def round_summaries(self) -> list[RoundSummary]:
        """One summary per finished round (the row chosen, each seat's numbers then), oldest first."""
        return deepcopy(self._state.history)

    def changes_from(self, before: Game) -> Changes:
        """What changed from ``before`` (an earlier position of this game) to now: highlight keys per view."""
        return diff(before._state, self._state)

    def network(self, seat: int | None = None) -> nx.Graph:
        """The map as a networkx graph (cities and roads; read-only), or a seat's network: the map
        restricted to the cities where the seat has a disc."""
        return map_graph(self.components) if seat is None else network(self._state, seat)

    def connection(self, seat: int) -> Connection | None:
        """The seat's best linked group of two or more major cities and its VP from the connection table
        (departments such as Post Office add to the score on top), or None."""
        return best_connection(self._state, seat, self._state.players[seat].tracks)

    def andrew(self) -> AndrewView | None:
        """Andrew Carnegie as the table shows him, or None when the game is not solo."""
        a = self._state.andrew
        if a is None:
            return None
        slots = tuple(zip(self.rules.constants.andrew_vp_cards, (tuple(cards) for cards in a.vp_slots)))
        unseen = unseen_deck(self._state)
        down = face_down(self._state)
        advanced = unseen.advanced if unseen is not None else (0 if not a.deck and not down else None)
        card = self.components.solo_cards[a.card] if a.card else None
        top = self.components.solo_cards[a.deck[0]] if a.deck else None
        return AndrewView(a.level, None if down else a.card, a.slide, slots, len(a.deck), andrew_chooses(self._state),
                          advanced, down, None if card is None or (down and card.advanced) else card.action,
                          None if top is None or top.advanced else top.action,
                          card is not None and card.advanced, top is not None and top.advanced)

    def _seat_names(self) -> list[str]:
        return self.players + ([ANDREW_NAME] if self._state.andrew is not None else [])

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Action:
        """Apply a legal action. Raises IllegalActionError / NotationError / GameOverError and
        then leaves the game exactly as it was."""
        if self._listed(action):
            done = action                     # listed, so legal: no check
            self._legal = loop.apply(self._state, done, checked=False, listing=True)
        else:
            done = self.parse(action)
            self._legal = loop.apply(self._state, done, listing=True)
        self._actions.append(str(done))
        return done

    def _listed(self, action: Action | str) -> TypeGuard[Action]:
        """Is this the very Action object of the listed legal actions? (Then it needs no check.)"""
        for listed in self._legal or ():
            if listed is action:
                return True
        return False

    def push(self, action: Action | str) -> Action:
        """Apply an action known to be legal (from ``legal_actions()`` or a trusted record) without
        checking it: the fast path for replays and search. An illegal action breaks the game."""
        if not isinstance(action, Action):
            action = self.parse(action)
        loop.apply(self._state, action, checked=False)
        self._actions.append(str(action))
        self._legal = None
        return action

    def undo(self) -> Action:
        """Take back the last action (replays the game from its start)."""
        if not self._actions:
            raise CarnegieError("nothing to undo")
        last = self._actions.pop()
        self._state = self._replay(self._start, self._actions)
        self._legal = None
        return self.parse(last)

    def copy(self) -> Game:
        return Game(self._state.copy(), start=self._start, actions=self._actions, fresh=self._fresh,
                    recorder=self._state.recorder.copy())

    # -- records and positions -----------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"format": records.RECORD, "version": records.VERSION,
                                  "options": self._start.to_dict()["options"], "actions": list(self._actions)}
        if not self._fresh:
            record["start"] = self._start.to_dict()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, components: Components | None = None) -> Game:
        rs = ruleset_for(components)
        record = _load_json(record) if isinstance(record, str) else record
        records.check_header(record, records.RECORD)
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions", "expected a list of action strings")
        if "start" in record:
            start, fresh = _loaded(rs, record["start"], "start"), False
        else:
            start, fresh = _start_from_options(rs, record.get("options")), True
        game = cls(start.copy(), start=start, fresh=fresh)
        for i, text in enumerate(actions):
            try:
                game.apply(text)
            except CarnegieError as e:
                raise RecordError(f"actions[{i}]", str(e)) from None
        return game

    def to_position(self) -> dict[str, Any]:
        return {"format": records.POSITION, "version": records.VERSION, "state": self._state.to_dict()}

    @classmethod
    def from_position(cls, position: dict[str, Any] | str, components: Components | None = None) -> Game:
        rs = ruleset_for(components)
        position = _load_json(position) if isinstance(position, str) else position
        records.check_header(position, records.POSITION)
        return cls(_loaded(rs, position.get("state"), "state"), fresh=False)

    @staticmethod
    def _replay(start: State, actions: Iterable[str]) -> State:
        state = start.copy()
        state.recorder = _recorder()
        for text in actions:
            loop.apply(state, state.rules.parse(text), checked=False)
        return state

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        f = self._state.flow
        return (f"<Game {', '.join(self.players)}: round {f.round}, {f.phase}, "
                f"{len(self._actions)} actions>")

    def _repr_html_(self) -> str:
        from .views.summary import game_html
        return game_html(self)


def _recorder() -> MoveRecorder:
    """What records a game's moves, each seat's decision as the prompts describe it (in words when read)."""
    return MoveRecorder(prompt_of)


def _loaded(rs: Ruleset, data: Any, root: str) -> State:
    """A position's state (at field `root`), checked against the types, then the laws of the rules,
    then settled (forced steps come first, before anything copies it); RecordError if it is broken."""
    state = records.state_from_dict(rs, data, root)
    try:
        laws.check(state)
    except RecordError as e:
        raise RecordError(root + e.field.removeprefix("state"), e.problem) from None
    loop.settle(state)
    if loop.decision_kind(state) != loop.K.OVER and all(a.verb == "sell" for a in loop.legal_actions(state)):
        raise RecordError(f"{root}.flow", f"the game cannot go on: nothing to do but sell ({decision(state).prompt})")
    return state


def _load_json(text: str) -> Any:
    try:
        return read_json(text)
    except JSONTextError as e:
        raise RecordError("(json)", e.problem if e.where == "(json)" else f"{e.problem} {e.where}") from None


def _start_from_options(rs: Ruleset, options: Any) -> State:
    if not isinstance(options, dict):
        raise RecordError("options", "expected an object")
    try:
        return _new_state(rs, options.get("players"), options.get("seed"),
                          {k: v for k, v in options.items() if k not in ("players", "seed")})
    except OptionError as e:
        raise RecordError(f"options.{e.option}", e.problem) from None


def _new_state(rs: Ruleset, players: Any, seed: Any, options: dict[str, Any]) -> State:
    check_options(rs, players, seed, options)
    state = new_state(rs, list(players), seed, **options)
    loop.settle(state)
    return state


def new_game(players: list[str], seed: int = 0, components: Components | None = None, **options: Any) -> Game:
    """Start a game: 2-4 player names, or one name and ``solo_level=1..4`` to play against Andrew.
    Options: departments="base" | "base+expansion" | "expansion-open-bar", tab_side="A" | "B",
    remove_for_four (tiles removed at random in a 4-player game); ``components`` plays on other
    component data (``load_components(folder)``). Raises OptionError (a CarnegieError)."""
    return Game(_new_state(ruleset_for(components), players, seed, options))


def check_new_game(players: list[str], seed: int = 0, components: Components | None = None, **options: Any) -> None:
    """Raise the OptionError that ``new_game`` would raise with these arguments, without starting it."""
    check_options(ruleset_for(components), players, seed, options)

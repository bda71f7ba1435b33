"""The New game tab's form (the stored games to resume are ``stored_panel.py``'s; saving / loading a game and
the seat links for friends, ``share_panels.py``'s), and a seat's chip."""
from __future__ import annotations

import html
import random
import re
from typing import Callable

import ipywidgets as W

from ..bots.strengths import STRENGTHS, Strength, andrew_rating
from ..core.components import Components
from ..core.i18n import N_, render, translator
from ..core.loader import components as default_components
from ..engine import GAME_OPTIONS, new_game
from ..session import DEPARTMENT_MODES, SEAT_KINDS, Seat, Setup, offered_kind
from ..session.screen import error_text
from ..store import MAX_LABEL, MAX_NAME
from ..views.palette import owner_chip
from .aria import hidden_label
from .stored_panel import StoredGames, ago

DEFAULT_SEATS = (("Ada", "human"), ("Bo", "easy"), ("Cy", "easy"), ("Di", "easy"))


def tiles_note(players: int, components: Components | None = None, lang: str | None = None) -> str:
    """What each department mode puts in play for this many players, in words. The numbers are the
    data's (tiles, copies) and the engine's (a new game's pool, after the setup's random removals)."""
    _ = translator(lang).gettext
    names, solo = [f"P{i}" for i in range(players)], {"solo_level": 1} if players == 1 else {}
    games = {mode: new_game(names, seed=0, departments=mode, components=components, **solo)
             for mode in DEPARTMENT_MODES}
    probe = games["base"]
    tiles = [d for d in sorted(probe.components.departments.values(), key=lambda d: d.number) if not d.starting]
    extra = [_(d.name) for d in tiles if d.expansion]
    copies = probe.rules.constants.department_copies
    in_play = {mode: sum(g.tiles_in_pool().values()) for mode, g in games.items()}
    counts = ", ".join(f"{render(DEPARTMENT_MODES[mode], lang).split(':')[0].lower()} {n}"
                       for mode, n in in_play.items())
    open_bar = in_play["expansion-open-bar"]
    kept = _("all of them stay in play") if open_bar >= len(tiles) else \
        _("only {n} of the {kinds} kinds of tile stay in play").format(n=open_bar, kinds=len(tiles))
    return (_("The box has {copies} of each of the {base} base tiles; the expansion adds {extra} more ({names}…). "
              "Open bar puts in one of each of the {tiles} tiles instead of {copies}: every kind of tile, but fewer "
              "tiles than base + expansion. The setup removes some tiles at random (more with fewer players): with "
              "open bar, {kept}.").format(copies=copies, base=len(tiles) - len(extra), extra=len(extra),
                                          names=", ".join(extra[:3]), tiles=len(tiles), kept=kept)
            + " " + (_("Tiles in play in a solo game: {counts}.") if players == 1 else
                     _("Tiles in play with {n} players: {counts}.")).format(n=players, counts=counts))


def level_note(components: Components | None = None, lang: str | None = None) -> str:
    """What each of Andrew's levels means, from the rules' data (how many of his deck's cards are advanced),
    with its rating on the bots' ladder (``data/ladder.json``)."""
    k = (components or default_components()).constants
    _ = translator(lang).gettext

    def cards(normal: int, advanced: int) -> str:
        if normal and advanced:
            return _("{normal} normal and {advanced} advanced cards").format(normal=normal, advanced=advanced)
        return (_("all {n} advanced cards") if advanced else _("all {n} normal cards")).format(n=normal or advanced)
    def rated(level: int) -> str:
        elo = andrew_rating(level)
        return "" if elo is None else " (" + _("rated {elo}").format(elo=elo) + ")"
    levels = " · ".join(f"<b>{level}</b>: {cards(*deck)}{rated(level)}" for level, deck in sorted(k.solo_decks.items()))
    medium = STRENGTHS["medium"]
    return (_("Andrew plays one card a round from a deck of {rounds}; an advanced card does more with the same "
              "action. Level {levels}.").format(rounds=k.rounds, levels=levels)
            + ("" if medium.rating is None else " " + _(
                "Ratings are Elo on the project's ladder, the same as the bots' ({bot}: {elo}).").format(
                bot=_(medium.label), elo=medium.rating)))


def chip(seat: int) -> str:
    """A seat's mark beside its name: the shape and colour of its pieces on the map."""
    return owner_chip(seat)


class NewGamePanel:
    """1-4 seats (name, human or bot), the solo level (1 seat), the seed, the departments, Start; *Set up a
    table* (``on_set_up``: the table editor on the form's setup, app/table_setup.py)."""

    def __init__(self, on_start: Callable[[Setup], None], setup: Setup | None = None, lang: str | None = None,
                 on_set_up: Callable[[Setup], None] | None = None):
        self.on_start, self.lang = on_start, lang
        _ = translator(lang).gettext
        # the choices and defaults of the game's options are their specification's (GAME_OPTIONS)
        self.players = W.ToggleButtons(options=[(_("1 (solo)") if n == 1 else str(n), n)
                                                for n in GAME_OPTIONS["players"].choices()], value=2,
                                       style={"button_width": "64px"})
        self.players.add_class("cl-players")
        self.names, self.kinds, self.rows = [], [], []
        for i, (name, kind) in enumerate(DEFAULT_SEATS):
            text = limited(W.Text(value=name, layout=W.Layout(width="150px"),
                                  placeholder=_("player {n}").format(n=i + 1),
                                  tooltip=_("at most {n} characters").format(n=MAX_NAME)), MAX_NAME)
            text.add_class(f"cl-seat-name-{i}")
            hidden_label(text, _("Seat {n}: the player's name").format(n=i + 1))
            kinds = W.Dropdown(options=[(render(label, lang), k) for k, label in SEAT_KINDS.items()], value=kind,
                               layout=W.Layout(width="140px"))
            hidden_label(kinds, _("Seat {n}: who plays").format(n=i + 1))
            kinds.add_class(f"cl-seat-kind-{i}")
            self.names.append(text)
            self.kinds.append(kinds)
            self.rows.append(W.HBox([W.HTML(f"{chip(i)} <b>" + _("Seat {n}").format(n=i + 1) + "</b>",
                                            layout=W.Layout(width="80px")), text, kinds]))
        levels = GAME_OPTIONS["solo_level"].choices()
        self.level = W.ToggleButtons(options=[(str(level), level) for level in levels], value=levels[0],
                                     style={"button_width": "44px"},
                                     tooltip=_("Andrew Carnegie's deck: 1 easiest, 4 hardest"))
        self.level.add_class("cl-solo-level")
        self.solo_row = W.VBox([
            W.HBox([W.HTML("<b>" + _("Andrew's level") + "</b>", layout=W.Layout(width="110px")), self.level]),
            W.HTML(f"<div class='cl-note cl-level-note'>{level_note(lang=lang)}</div>")])
        self.hints = W.Checkbox(value=True, description=_("Hints allowed"), indent=False,
                                tooltip=_("the players may ask for a hint; unchecked, no page of this game can"))
        self.hints.add_class("cl-hints-allowed")
        self.hints_row = W.HBox([self.hints, W.HTML("<span class='cl-note'>" + _(
            "(for every seat, in a game shared with seat links too: your choice, kept with the game)") + "</span>")])
        # text, not an IntText: the page's numbers are doubles, which round seeds above 2**53
        self.label = limited(W.Text(value="", layout=W.Layout(width="260px"),
                                    placeholder=_("optional, e.g. Friday game"),
                                    tooltip=_("at most {n} characters").format(n=MAX_LABEL)), MAX_LABEL)
        self.label.add_class("cl-label")
        hidden_label(self.label, _("Label"))
        self.seed = W.Text(value="1", layout=W.Layout(width="190px"), placeholder=_("a whole number"))
        self.seed.add_class("cl-seed")
        hidden_label(self.seed, _("Seed"))
        self.dice = W.Button(description=_("random"), icon="dice", tooltip=_("a random seed"),
                             layout=W.Layout(width="auto", flex="0 0 auto"))     # whole: never squeezed
        self.dice.on_click(lambda _b: setattr(self.seed, "value", str(random_seed())))
        self.same_seed = W.Checkbox(value=False, description=_("Same seed"), indent=False,
                                    tooltip=_("the next game keeps this seed (the same deal); unchecked, each new "
                                              "game gets a new random seed"), layout=W.Layout(width="auto"))
        self.same_seed.add_class("cl-same-seed-option")
        departments = GAME_OPTIONS["departments"]
        self.departments = W.RadioButtons(options=[(render(DEPARTMENT_MODES[mode], lang), mode)
                                                   for mode in departments.choices()], value=departments.default,
                                          layout=W.Layout(width="auto"))
        self.departments.add_class("cl-departments")
        self.tiles = W.HTML()
        self.tiles.add_class("cl-tiles-note")
        self._tiles_for: int | None = None
        self.start = W.Button(description=_("Start game"), button_style="primary", icon="play",
                              layout=W.Layout(width="auto"))
        self.start.add_class("cl-start")
        self.start.on_click(lambda _b: self._start(self.on_start))
        self.set_up = W.Button(description=_("Set up a table"), icon="edit", layout=W.Layout(width="auto"),
                               tooltip=_("change the table of this setup by hand (money, projects, round...), then "
                                         "play on from there"))
        self.set_up.add_class("cl-set-up")
        self.set_up.layout.display = "none" if on_set_up is None else ""
        if on_set_up is not None:
            self.set_up.on_click(lambda _b: self._start(on_set_up))
        self.message = W.HTML()
        self.message.add_class("cl-new-game-message")
        #: where a bad option's error is shown: next to the option (any other under Start, in ``message``)
        self.messages = {place: W.HTML() for place in ("players", "label", "seed")}
        for place, widget in self.messages.items():
            widget.add_class(f"cl-new-game-message-{place}")
        self.players.observe(lambda change: self._layout(), names="value")
        self.strengths = W.HTML("<div class='cl-note cl-strengths'>" + "<br>".join(
            f"<b>{html.escape(render(s.label, lang))}</b>: {html.escape(strength_text(s, lang))}"
            for s in STRENGTHS.values()) + "</div>")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>" + _("Players") + "</div>"), self.players, *self.rows,
            self.messages["players"], self.strengths, self.solo_row,
            W.HTML("<div class='cl-group-title'>" + _("Options") + "</div>"), self.hints_row,
            W.HBox([W.HTML("<b>" + self.label.description + "</b>", layout=W.Layout(width="110px")), self.label]),
            self.messages["label"],
            W.HBox([W.HTML("<b>" + self.seed.description + "</b>", layout=W.Layout(width="110px")), self.seed,
                    self.dice, self.same_seed], layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.messages["seed"],
            W.HTML("<div class='cl-note'>" + _("The seed fixes the timeline tiles, the departments in play and "
                   "the neutral discs: the same seed gives the same game.") + "</div>"),
            W.HTML("<b>" + _("Department tiles") + "</b>"), self.departments, self.tiles,
            W.HBox([self.start, self.set_up], layout=W.Layout(margin="10px 0 0 0")), self.message])
        self.box.add_class("cl-new-game")
        if setup is not None:
            self.fill(setup)
        self._layout()

    def fill(self, setup: Setup) -> None:
        """The form for the game after ``setup``'s: its players and options, and a new random seed unless
        *Same seed* is checked."""
        self.players.value = len(setup.seats)
        for i, seat in enumerate(setup.seats):
            self.names[i].value, self.kinds[i].value = seat.name, offered_kind(seat.kind)
        self.seed.value = str(setup.seed if self.same_seed.value else another_seed(setup.seed))
        self.label.value = setup.label
        self.departments.value = setup.departments
        self.hints.value = setup.hints
        if setup.solo_level:
            self.level.value = setup.solo_level

    def _layout(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.rows):
            row.layout.display = "" if i < n else "none"
        self.solo_row.layout.display = "" if n == 1 else "none"
        self.hints_row.layout.display = "none" if n == 1 else ""
        if self._tiles_for != n:
            self._tiles_for = n
            self.tiles.value = f"<div class='cl-note'>{html.escape(tiles_note(n, lang=self.lang))}</div>"

    def setup(self, seed: int | None = None) -> Setup:
        """The form's setup (``seed``: the seed field's, parsed; ValueError if it is not a whole number)."""
        n = self.players.value
        seats = [Seat(self.names[i].value.strip(), self.kinds[i].value) for i in range(n)]
        return Setup(seats, seed=parse_seed(self.seed.value) if seed is None else seed,
                     solo_level=self.level.value if n == 1 else None,
                     departments=self.departments.value, label=self.label.value.strip(),
                     hints=self.hints.value or n == 1)

    def show_error(self, error: ValueError | None, place: str = "") -> None:
        """``error`` next to the option it is about (``place``, or else the error's option), any other under Start;
        None: no error shown."""
        target = self.messages.get(place or getattr(error, "option", ""), self.message)
        for widget in (*self.messages.values(), self.message):
            widget.value = "" if error is None or widget is not target else \
                f"<p class='cl-error'>{html.escape(error_text(error, self.lang))}</p>"

    def _start(self, then: Callable[[Setup], None]) -> None:
        """The form's setup, checked, to ``then`` (Start's, or *Set up a table*'s); else its error by its option."""
        try:
            seed = parse_seed(self.seed.value)
        except ValueError as e:
            self.show_error(e, "seed")
            return
        setup = self.setup(seed)
        try:
            setup.check()
        except ValueError as e:                 # the setup's own checks are about the players
            self.show_error(e, getattr(e, "option", "players"))
            return
        self.show_error(None)
        then(setup)


def limited(text: W.Text, most: int) -> W.Text:
    """A text field that keeps at most ``most`` characters: what the page sends beyond them is cut off here."""
    def cut(change) -> None:
        if len(change["new"]) > most:
            text.value = change["new"][:most]
    text.observe(cut, names="value")
    return text


def random_seed(rng: random.Random | None = None) -> int:
    """A new game's seed when the player asks for a random one (the form's dice, *Rematch*)."""
    return (rng or random).randrange(1, 100_000)


def another_seed(seed: int, rng: random.Random | None = None) -> int:
    """A random seed other than ``seed``."""
    new = random_seed(rng)
    while new == seed:
        new = random_seed(rng)
    return new


def parse_seed(text: str) -> int:
    """The seed typed in the form, exactly (ValueError unless it is a whole number). Its range is
    the engine's to check (``new_game`` refuses a seed out of range, and nothing starts)."""
    t = text.strip().replace("_", "")
    if not re.fullmatch(r"[+-]?[0-9]{1,40}", t):
        raise ValueError(N_("the seed must be a whole number, like 42 (not {text})", text=repr(text.strip()[:40])))
    return int(t)


def strength_text(strength: Strength, lang: str | None) -> str:
    """How a bot strength plays, and its rating on the ladder, in a language."""
    rated = "" if strength.rating is None else translator(lang).gettext(
        "; rated {n} Elo on the project's ladder").format(n=strength.rating)
    return render(strength.play, lang) + rated


__all__ = ["DEPARTMENT_MODES", "NewGamePanel", "StoredGames", "ago", "chip",
           "level_note", "parse_seed", "random_seed", "tiles_note"]

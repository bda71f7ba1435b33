"""The side panels that are not the decision: the new-game form (with the stored games to resume),
saving / loading a game, and the seat links for friends."""
from __future__ import annotations

import base64
import html
import random
import re
from datetime import datetime, timezone
from typing import Callable, Mapping, Sequence

import ipywidgets as W

from ..bots.strengths import STRENGTHS
from ..core.components import Components
from ..core.loader import components as default_components
from ..engine import new_game
from ..session import DEPARTMENT_MODES, LOCAL, SEAT, SEAT_KINDS, WATCH, Controller, Seat, Setup, offered_kind
from ..session.games_list import NEWEST, ORDERS
from ..store import GameInfo
from ..views.palette import PLAYER_COLOURS
from .render import close_tree, shared

DEFAULT_SEATS = (("Ada", "human"), ("Bo", "easy"), ("Cy", "easy"), ("Di", "easy"))


def tiles_note(players: int, components: Components | None = None) -> str:
    """What each department mode puts in play for this many players, in words. The numbers are the
    data's (tiles, copies) and the engine's (a new game's pool, after the setup's random removals)."""
    names, solo = [f"P{i}" for i in range(players)], {"solo_level": 1} if players == 1 else {}
    games = {mode: new_game(names, seed=0, departments=mode, components=components, **solo)
             for mode in DEPARTMENT_MODES}
    probe = games["base"]
    tiles = [d for d in sorted(probe.components.departments.values(), key=lambda d: d.number) if not d.starting]
    extra = [d.name for d in tiles if d.expansion]
    copies = probe.rules.constants.department_copies
    in_play = {mode: sum(g.tiles_in_pool().values()) for mode, g in games.items()}
    counts = ", ".join(f"{DEPARTMENT_MODES[mode].split(':')[0].lower()} {n}" for mode, n in in_play.items())
    open_bar = in_play["expansion-open-bar"]
    kept = "all of them stay in play" if open_bar >= len(tiles) else \
        f"only {open_bar} of the {len(tiles)} kinds of tile stay in play"
    return (f"The box has {copies} of each of the {len(tiles) - len(extra)} base tiles; the expansion adds "
            f"{len(extra)} more ({', '.join(extra[:3])}…). Open bar puts in one of each of the {len(tiles)} "
            f"tiles instead of {copies}: every kind of tile, but fewer tiles than base + expansion. "
            f"The setup removes some tiles at random (more with fewer players): with open bar, {kept}. "
            f"Tiles in play {'in a solo game' if players == 1 else f'with {players} players'}: {counts}.")


def level_note(components: Components | None = None) -> str:
    """What each of Andrew's levels means, from the rules' data: how many of his deck's cards are advanced."""
    k = (components or default_components()).constants
    def cards(normal: int, advanced: int) -> str:
        if normal and advanced:
            return f"{normal} normal and {advanced} advanced cards"
        return f"all {normal or advanced} {'advanced' if advanced else 'normal'} cards"
    levels = " · ".join(f"<b>{level}</b>: {cards(*deck)}" for level, deck in sorted(k.solo_decks.items()))
    return (f"Andrew plays one card a round from a deck of {k.rounds}; an advanced card does more with the "
            f"same action. Level {levels}.")


def chip(seat: int) -> str:
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return f"<span class='cl-chip' style='background:{colour}'></span>"


class NewGamePanel:
    """1-4 seats (name, human or bot), the solo level (1 seat), the seed, the departments, Start."""

    def __init__(self, on_start: Callable[[Setup], None], setup: Setup | None = None):
        self.on_start = on_start
        self.players = W.ToggleButtons(options=[("1 (solo)", 1), ("2", 2), ("3", 3), ("4", 4)], value=2,
                                       style={"button_width": "64px"})
        self.players.add_class("cl-players")
        self.names, self.kinds, self.rows = [], [], []
        for i, (name, kind) in enumerate(DEFAULT_SEATS):
            text = W.Text(value=name, layout=W.Layout(width="150px"), placeholder=f"player {i + 1}")
            text.add_class(f"cl-seat-name-{i}")
            kinds = W.Dropdown(options=[(label, k) for k, label in SEAT_KINDS.items()], value=kind,
                               layout=W.Layout(width="140px"))
            kinds.add_class(f"cl-seat-kind-{i}")
            self.names.append(text)
            self.kinds.append(kinds)
            self.rows.append(W.HBox([W.HTML(f"{chip(i)} <b>Seat {i + 1}</b>",
                                            layout=W.Layout(width="80px")), text, kinds]))
        self.level = W.ToggleButtons(options=[("1", 1), ("2", 2), ("3", 3), ("4", 4)], value=1,
                                     style={"button_width": "44px"},
                                     tooltip="Andrew Carnegie's deck: 1 easiest, 4 hardest")
        self.level.add_class("cl-solo-level")
        self.solo_row = W.VBox([
            W.HBox([W.HTML("<b>Andrew's level</b>", layout=W.Layout(width="110px")), self.level]),
            W.HTML(f"<div class='cl-note cl-level-note'>{level_note()}</div>")])
        self.hints = W.Checkbox(value=True, description="Hints allowed", indent=False,
                                tooltip="the players may ask for a hint; unchecked, no page of this game can")
        self.hints.add_class("cl-hints-allowed")
        self.hints_row = W.HBox([self.hints, W.HTML("<span class='cl-note'>(for every seat, in a game shared with "
                                                    "seat links too: your choice, kept with the game)</span>")])
        # text, not an IntText: the page's numbers are doubles, which round seeds above 2**53
        self.label = W.Text(value="", layout=W.Layout(width="260px"), placeholder="optional, e.g. Friday game")
        self.label.add_class("cl-label")
        self.seed = W.Text(value="1", layout=W.Layout(width="190px"), placeholder="a whole number")
        self.seed.add_class("cl-seed")
        self.dice = W.Button(description="random", icon="dice", tooltip="a random seed",
                             layout=W.Layout(width="auto"))
        self.dice.on_click(lambda _b: setattr(self.seed, "value", str(random.randrange(1, 100_000))))
        self.departments = W.RadioButtons(options=[(label, mode) for mode, label in DEPARTMENT_MODES.items()],
                                          value="base", layout=W.Layout(width="auto"))
        self.departments.add_class("cl-departments")
        self.tiles = W.HTML()
        self.tiles.add_class("cl-tiles-note")
        self._tiles_for: int | None = None
        self.start = W.Button(description="Start game", button_style="primary", icon="play",
                              layout=W.Layout(width="auto"))
        self.start.add_class("cl-start")
        self.start.on_click(lambda _b: self._start())
        self.message = W.HTML()
        self.message.add_class("cl-new-game-message")
        self.players.observe(lambda change: self._layout(), names="value")
        self.strengths = W.HTML("<div class='cl-note cl-strengths'>" + "<br>".join(
            f"<b>{html.escape(s.label)}</b>: {html.escape(s.description)}" for s in STRENGTHS.values()) + "</div>")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>Players</div>"), self.players, *self.rows, self.strengths,
            self.solo_row,
            W.HTML("<div class='cl-group-title'>Options</div>"), self.hints_row,
            W.HBox([W.HTML("<b>Label</b>", layout=W.Layout(width="110px")), self.label]),
            W.HBox([W.HTML("<b>Seed</b>", layout=W.Layout(width="110px")), self.seed, self.dice]),
            W.HTML("<div class='cl-note'>The seed fixes the timeline tiles, the departments in play and "
                   "the neutral discs: the same seed gives the same game.</div>"),
            W.HTML("<b>Department tiles</b>"), self.departments, self.tiles,
            W.HBox([self.start], layout=W.Layout(margin="10px 0 0 0")), self.message])
        self.box.add_class("cl-new-game")
        if setup is not None:
            self.fill(setup)
        self._layout()

    def fill(self, setup: Setup) -> None:
        self.players.value = len(setup.seats)
        for i, seat in enumerate(setup.seats):
            self.names[i].value, self.kinds[i].value = seat.name, offered_kind(seat.kind)
        self.seed.value = str(setup.seed)
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
            self.tiles.value = f"<div class='cl-note'>{html.escape(tiles_note(n))}</div>"

    def setup(self) -> Setup:
        n = self.players.value
        seats = [Seat(self.names[i].value.strip(), self.kinds[i].value) for i in range(n)]
        return Setup(seats, seed=parse_seed(self.seed.value), solo_level=self.level.value if n == 1 else None,
                     departments=self.departments.value, label=self.label.value.strip(),
                     hints=self.hints.value or n == 1)

    def _start(self) -> None:
        try:
            setup = self.setup()
            setup.check()
        except ValueError as e:
            self.message.value = f"<p class='cl-error'>{html.escape(str(e))}</p>"
            return
        self.message.value = ""
        self.on_start(setup)


def parse_seed(text: str) -> int:
    """The seed typed in the form, exactly (ValueError unless it is a whole number). Its range is
    the engine's to check (``new_game`` refuses a seed out of range, and nothing starts)."""
    t = text.strip().replace("_", "")
    if not re.fullmatch(r"[+-]?[0-9]{1,40}", t):
        raise ValueError(f"the seed must be a whole number, like 42 (not {text.strip()[:40]!r})")
    return int(t)


class RecordPanel:
    """Download the game record (a data: link) and load one (FileUpload)."""

    def __init__(self, on_load: Callable[[bytes, str], None]):
        self.on_load = on_load
        self.link = W.HTML()
        self.link.add_class("cl-save")
        # ipywidgets writes the number of files held after the description ("Load a game (0)"):
        # the label is the stylesheet's (.cl-load::after), the count is not shown
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="",
                                   tooltip="load a game record (.json)", icon="upload",
                                   layout=W.Layout(width="auto"))
        self.upload.add_class("cl-load")
        self.upload.observe(self._uploaded, names="value")
        self.message = W.HTML()
        self.message.add_class("cl-load-message")
        self.box = W.VBox([
            W.HTML("<div class='cl-group-title'>Save</div><div class='cl-note'>The record holds the "
                   "options, the seed and every action: loading it replays the game exactly.</div>"),
            self.link,
            W.HTML("<div class='cl-group-title'>Load</div><div class='cl-note'>A record saved here (or "
                   "by <code>game.to_record()</code>). A broken file is reported and the current game is "
                   "kept.</div>"),
            self.upload, self.message])
        self.box.add_class("cl-records")

    def update(self, controller: Controller) -> None:
        data = base64.b64encode(controller.save_json().encode("utf-8")).decode("ascii")
        n = len(controller.game.actions)
        self.link.value = (f"<a class='cl-download' download='carnegie-game.json' "
                           f"href='data:application/json;base64,{data}'><i class='fa fa-download'></i> "
                           "Download the game record</a> "
                           f"<span class='cl-note'>({n} actions, {html.escape(controller.headline())})</span>")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = bytes(f["content"]) if not isinstance(f, bytes) else f
        name = f.get("name", "file") if isinstance(f, dict) else "file"
        try:
            self.on_load(content, name)
        finally:
            self.upload.value = ()


class StoredGames:
    """This browser's stored games, a page at a time, the most recently changed first (or as "Sort by"
    says): label,
    players (bots, Andrew and his level) and the result of a finished game, round, status, last change
    and its date, and Resume / Replay / Delete (Delete asks once more). The game on the page is marked,
    with Replay only; Newer / Older turn the pages."""

    def __init__(self, on_resume: Callable[[str], None], on_delete: Callable[[str], None],
                 on_replay: Callable[[str], None] | None = None, on_page: Callable[[int], None] | None = None,
                 on_sort: Callable[[str], None] | None = None):
        self.on_resume, self.on_delete, self.on_replay = on_resume, on_delete, on_replay
        self.rows = W.VBox()
        self.title = W.HTML("<div class='cl-group-title'>Your stored games</div>", layout=W.Layout(flex="1 1 auto"))
        #: the list's order (``session.games_list.ORDERS``): a change shows the first page in that order
        self.sort = W.Dropdown(options=[(label, order) for order, label in ORDERS.items()], value=NEWEST,
                               description="Sort by", layout=W.Layout(width="240px"),
                               style={"description_width": "auto"})
        self.sort.add_class("cl-stored-sort")
        if on_sort is not None and on_page is not None:
            self.sort.observe(lambda change: (on_sort(change["new"]), on_page(0)), names="value")
        self.message = W.HTML()
        self.message.add_class("cl-stored-message")
        self.newer = W.Button(description="Newer", icon="chevron-left", layout=W.Layout(width="auto"))
        self.newer.add_class("cl-stored-newer")
        self.older = W.Button(description="Older", icon="chevron-right", layout=W.Layout(width="auto"))
        self.older.add_class("cl-stored-older")
        self.pages = W.HTML()
        self.pages.add_class("cl-stored-pages")
        self.offset, self._size = 0, 0
        if on_page is not None:
            self.newer.on_click(lambda _b: on_page(max(0, self.offset - self._size)))
            self.older.on_click(lambda _b: on_page(self.offset + self._size))
        head = W.HBox([self.title, self.sort], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        self.box = W.VBox([head, self.rows, W.HBox([self.newer, self.pages, self.older]), self.message])
        self.box.add_class("cl-stored-games")
        self.box.layout.display = "none"
        self._armed: str | None = None          # the game whose Delete was clicked once
        self._shown: tuple[Sequence[GameInfo] | None, str | None, int, int] = (None, None, 0, 0)
        self._lines: Mapping[str, str] = {}
        self._button = shared(W.Layout(width="auto", flex="0 0 auto"))    # whole: never squeezed by the text

    def update(self, games: Sequence[GameInfo] | None, current: str | None, now: datetime | None = None,
               total: int | None = None, offset: int = 0, lines: Mapping[str, str] | None = None) -> None:
        """Show these games, a page of ``total`` from the ``offset``-th on (None: no store, hidden);
        ``lines``: by game id, who plays it and its result (``Controller.stored_line``; else the names)."""
        total = len(games or ()) if total is None else total
        self._shown = (games, current, total, offset)
        self._lines = lines or {}
        old = self.rows.children
        if games is None:
            self.box.layout.display = "none"
            self.rows.children = []
        else:
            self.box.layout.display = ""
            now = now or datetime.now(timezone.utc)
            self.offset, self._size = offset, max(self._size, len(games))
            rows: list[W.Widget] = [self._row(info, info.id == current, now) for info in games]
            if not rows:
                rows = [W.HTML("<div class='cl-note'>No game of this browser is stored here: a game is kept from "
                               "its first move, and comes back when this page is reloaded.</div>")]
            self.rows.children = rows
            self.newer.disabled = offset == 0
            self.older.disabled = offset + len(games) >= total
            self.pages.value = (f"<span class='cl-note'>{offset + 1}-{offset + len(games)} of {total}</span>"
                                if games else "")
        for w in old:
            close_tree(w)

    def _row(self, info: GameInfo, current: bool, now: datetime) -> W.Widget:
        status = {"setup": "setup", "playing": f"round {info.round}", "over": "game over"}.get(info.status, info.status)
        shared = " · shared (play from your seat link)" if info.seated else ""
        label = (info.app or {}).get("label")
        title = f"{html.escape(label)}: " if isinstance(label, str) and label else ""
        who = self._lines.get(info.id) or ", ".join(info.players)
        text = (f"<div class='cl-stored-game'>{title}<b>{html.escape(who)}</b><br>"
                f"<span class='cl-note'>{html.escape(status)} · {info.actions} actions · changed "
                f"{html.escape(ago(info.updated_at, now))} ({html.escape(when(info.updated_at))}){shared}"
                "</span></div>")
        line = W.HTML(text, layout=W.Layout(flex="1 1 240px", min_width="0"))
        replay: list[W.Widget] = []
        if self.on_replay is not None:
            b = W.Button(description="Replay", icon="history", layout=self._button,
                         tooltip="scrub through this game, step by step (in the Replay tab)")
            b.add_class("cl-replay-stored")
            b.add_class(f"cl-replay-{info.id}")
            b.on_click(lambda _b, gid=info.id, on=self.on_replay: on(gid))
            replay = [b]
        if current:
            line.value = text.replace("</b><br>", "</b> <span class='cl-note'>(this game)</span><br>")
            row = W.HBox([line, *replay], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        else:
            resume = W.Button(description="Resume", icon="play", layout=self._button,
                              tooltip="play (or watch) this game here")
            resume.add_class("cl-resume")
            resume.add_class(f"cl-resume-{info.id}")
            resume.on_click(lambda _b, gid=info.id: self.on_resume(gid))
            delete = W.Button(description="Really delete?" if self._armed == info.id else "Delete",
                              icon="trash", layout=self._button,
                              button_style="danger" if self._armed == info.id else "",
                              tooltip="put this game in the store's trash (click twice)")
            delete.add_class("cl-delete")
            delete.add_class(f"cl-delete-{info.id}")
            delete.on_click(lambda _b, gid=info.id: self._delete(gid))
            row = W.HBox([line, resume, *replay, delete], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        row.add_class("cl-stored-row")
        row.add_class(f"cl-stored-{info.id}")
        return row

    def _delete(self, gid: str) -> None:
        if self._armed != gid:
            self._armed = gid                   # the first click only asks again
            games, current, total, offset = self._shown
            self.update(games, current, total=total, offset=offset)
            return
        self._armed = None
        self.on_delete(gid)


def ago(when: str, now: datetime) -> str:
    """'just now', '5 min ago', '3 h ago', or the date, for an ISO 8601 time."""
    try:
        then = datetime.fromisoformat(when)
    except ValueError:
        return when
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return then.strftime("%Y-%m-%d")


def when(iso: str) -> str:
    """An ISO 8601 time as '2026-12-02 03:04 UTC' (as given if it is not one)."""
    try:
        then = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if then.tzinfo is not None:
        then = then.astimezone(timezone.utc)
    return then.strftime("%Y-%m-%d %H:%M UTC")


class FriendsPanel:
    """Seat links: one private link per human seat (``?game=ID&seat=TOKEN``) and a spectator link
    (``?game=ID``), as text to copy and send; Make seat links (and new ones for the others)."""

    def __init__(self, on_make: Callable[[], None]):
        self.on_make = on_make
        self.intro = W.HTML()
        self.intro.add_class("cl-friends-intro")
        self.make = W.Button(description="Make seat links", icon="link", button_style="primary",
                             layout=W.Layout(width="auto"))
        self.make.add_class("cl-make-links")
        self.make.on_click(lambda _b: self.on_make())
        self.links = W.HTML()
        self.links.add_class("cl-links")
        self.message = W.HTML()
        self.message.add_class("cl-links-message")
        self.box = W.VBox([W.HTML("<div class='cl-group-title'>Play with friends</div>"), self.intro,
                           self.links, W.HBox([self.make]), self.message])
        self.box.add_class("cl-friends")

    def update(self, ctl: Controller, link: Callable[[str], str]) -> None:
        """Show what this browser can do: ``link(query)`` is the page's address with that query."""
        make = True
        links = ""
        humans = ctl.humans
        if ctl.store is None:
            intro = ("Games are not kept here (no game store), so they cannot be shared. "
                     "<code>carnegie-lab app</code> keeps them.")
            make = False
        elif ctl.role == WATCH and not ctl.owner:
            intro = ("You are watching this game: this browser cannot play. Each player plays from the "
                     "private link to their seat.")
            make = False
        elif len(humans) < 2:
            intro = ("Seat links are for games with two or more human seats: start one in the New game "
                     "tab (set Seat 2 to Human), then come back here.")
            make = False
        elif ctl.role == LOCAL:
            first = ctl.seats[humans[0]].name
            intro = ("Each friend plays from their own browser, with a private link to their seat; "
                     f"this browser then plays <b>{html.escape(first)}</b>. A spectator link lets anyone "
                     "watch. Links work for whoever can reach this server (see the README: Play with "
                     "friends).")
            self.make.description = "Make seat links"
            self.make.tooltip = "one private link per human seat, and a spectator link"
        elif ctl.role == WATCH:
            intro = ("This browser started the game but opened it without its seat link: new links for every "
                     f"seat give it <b>{html.escape(ctl.seats[humans[0]].name)}</b> again.")
            self.make.description = "New links for every seat"
            self.make.tooltip = "every seat's current link stops working"
        else:
            assert ctl.role == SEAT and ctl.my_seat is not None
            intro = (f"This browser plays <b>{html.escape(ctl.seats[ctl.my_seat].name)}</b>. Send each link "
                     "to its player (privately: whoever has a seat link plays that seat).")
            if ctl.owner:
                self.make.description = "New links for the other seats"
                self.make.tooltip = "the other seats' current links stop working"
            else:
                self.make.description = "A new link for your seat"
                self.make.tooltip = "your current link stops working (if it was seen by someone else)"
        if ctl.kept and ctl.role != LOCAL:
            gid = ctl.game_id
            rows = []
            for seat in humans:
                name = html.escape(ctl.seats[seat].name)
                token = ctl.token if seat == ctl.my_seat else ctl.issued.get(seat)
                if ctl.role == WATCH:
                    continue
                if token is None:
                    rows.append(f"<div class='cl-link-row'>{chip(seat)}<b>{name}</b> <span class='cl-note'>"
                                "(link made earlier; make new links if it was lost)</span></div>")
                    continue
                mine = " <span class='cl-note'>(this browser)</span>" if seat == ctl.my_seat else ""
                rows.append(f"<div class='cl-link-row'>{chip(seat)}<b>{name}</b>{mine}<br>"
                            f"{_link_box(link(f'game={gid}&seat={token}'), f'cl-link-seat-{seat}')}</div>")
            rows.append("<div class='cl-link-row'><b>Spectators</b> <span class='cl-note'>(watch only)</span><br>"
                        f"{_link_box(link(f'game={gid}'), 'cl-link-watch')}</div>")
            links = f"<div class='cl-links-list'>{''.join(rows)}</div>"
        self.intro.value = f"<div class='cl-note'>{intro}</div>"
        self.links.value = links
        self.make.layout.display = "" if make else "none"


#: The Copy button's click, in the page: the link on the clipboard (the clipboard API where the page is a secure
#: context, else the selected text copied), then "Copied" on the button.
COPY_JS = ("const i=this.parentNode.querySelector('input.cl-link'),b=this,ok=()=>{b.textContent='Copied'};i.select();"
           "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(i.value).then(ok,"
           "()=>{if(document.execCommand('copy'))ok();});}else if(document.execCommand('copy')){ok();}")


def _link_box(url: str, cls: str) -> str:
    """A link as text to copy (a read-only input) and its Copy button."""
    u = html.escape(url, quote=True)
    return (f"<span class='cl-link-box'><input class='cl-link {cls}' type='text' readonly value=\"{u}\" "
            f"title='the link: Copy puts it on the clipboard'><button type='button' class='cl-copy {cls}-copy' "
            f"title='copy this link' onclick=\"{html.escape(COPY_JS)}\">Copy</button></span>")


__all__ = ["DEPARTMENT_MODES", "FriendsPanel", "NewGamePanel", "RecordPanel", "StoredGames", "ago", "chip",
           "level_note", "parse_seed", "tiles_note"]

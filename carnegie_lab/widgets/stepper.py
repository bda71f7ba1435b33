"""``Stepper``: a scripted walk through a real game, one rule at a time, for the tutorial notebooks.

A script is a list of :class:`Step`. Each step plays real actions through the engine (notation strings, or
small functions that pick them from ``game.legal_actions()``), explains what happened in a few sentences and
redraws one view with what changed ringed (the difference between the positions before and after the step).
Back and Next walk the script (every position is kept, so going back is instant); the learner can also
leave the script and play their own actions ("Try your own action"), then come back to it.

    import carnegie_lab as cl
    from carnegie_lab.widgets.stepper import Step, Stepper, first

    game = cl.new_game(["Ada", "Bo"], seed=7)
    Stepper(game, [
        Step("Bo's starting house", "Bo puts a Housing project in a city.", ["house pittsburgh"], view="map"),
        Step("Bo's reserved tile", "...", [first("reserve")], view="company", player=1),
    ])

Everything shown is computed from the game; the stepper only calls the engine's public API (``apply``,
``legal_actions``, ``copy``, ``decision``, ``log``) and the pure view functions.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, Union

import ipywidgets as W
# plotly's FigureWidget imports nbformat, which imports jsonschema; inside a kernel that chain is several
# seconds slower than importing jsonschema first on its own (see notes/voila-browser-testing.md): ~3 s per
# tutorial notebook.
import jsonschema  # noqa: F401

from ..components import PROJECT_TYPES, components
from ..engine import Game
from ..errors import CarnegieError, GameOverError, IllegalActionError, NotationError
from ..rules.research import tab_spaces
from ..rules.timeline import ROWS
from ..state import State
from ..views.palette import HIGHLIGHT, INK, MUTED, PAPER, owner_colour, owner_name

C = components()

#: A script item: notation to apply, or a function of the game that applies actions itself (see
#: :func:`first`, :func:`until`, :func:`bots_play`); what it applied is read back from ``game.actions``.
Item = Union[str, Callable[[Game], Any]]

#: The views a stepper can show: (key, button label).
VIEWS = (("map", "Map"), ("network", "Network"), ("company", "Company"), ("tracks", "Tracks & tabs"),
         ("timeline", "Timeline"), ("donations", "Donations"), ("scores", "Scores"), ("history", "History"))
VIEW_LABELS = dict(VIEWS)
DEFAULT_VIEWS = ("map", "company", "tracks", "timeline", "donations", "scores")
FIGURE_WIDTH = 860
LOG_LINES = 8                 # at most this many log lines under a step's explanation


class ScriptError(CarnegieError):
    """A tutorial script does not fit the game (an action is illegal, or a step's check failed)."""


@dataclass
class Step:
    """One step of a script.

    - ``title``: a few words; ``text``: the explanation, in a tiny markdown (paragraphs, ``- `` lists,
      ``**bold**``, ``*italics*``, backquoted code), or a function of the game after the step returning it;
    - ``actions``: what the step plays (see :data:`Item`); none for a step that only explains;
    - ``view``: the view to show (a key of :data:`VIEWS`; None keeps the one shown; ``"auto"``: one that
      shows what the step changed), ``player``: the seat for the company and network views (None: whoever
      the step changed most);
    - ``highlight``: extra keys to ring, on top of the computed changes (see the views' ``highlight=``);
    - ``expect``: a check of the game after the step; the script stops with :class:`ScriptError` if it
      returns something false (so a tutorial never explains a position it did not reach).
    """
    title: str
    text: Union[str, Callable[[Game], str]] = ""
    actions: Sequence[Item] = ()
    view: str | None = None
    player: int | None = None
    highlight: Iterable[str] = ()
    expect: Callable[[Game], Any] | None = None


# -- script helpers ---------------------------------------------------------------------------------------

def first(prefix: str, *, containing: str = "") -> Callable[[Game], str]:
    """An item applying the first legal action whose notation starts with ``prefix`` (and contains
    ``containing``), e.g. ``first("house")``: "the first city that takes the starting house"."""
    def apply(game: Game) -> str:
        for action in game.legal_actions():
            text = str(action)
            if (text == prefix or text.startswith(prefix + " ") or (prefix.endswith(" ") and text.startswith(prefix))) \
                    and containing in text:
                game.apply(action)
                return text
        raise ScriptError(f"no legal action starts with {prefix!r}" + (f" and contains {containing!r}" if containing
                                                                        else "") + f" ({game.decision.prompt})")
    apply.__name__ = f"first({prefix!r})"
    return apply


def until(kind: str, player: int | None = None, limit: int = 200) -> Callable[[Game], None]:
    """An item passing (``done``) every decision until one of this kind (and player) comes up, e.g.
    ``until("choose")`` finishes the round: nobody takes the event or uses a department on the way."""
    def apply(game: Game) -> None:
        for _ in range(limit):
            d = game.decision
            if d.kind == kind and (player is None or d.player == player):
                return
            if game.is_over:
                raise ScriptError(f"the game ended before a {kind!r} decision")
            _pass(game, f"until({kind!r})")
        raise ScriptError(f"no {kind!r} decision within {limit} passes")
    apply.__name__ = f"until({kind!r})"
    return apply


def until_round(number: int, limit: int = 500) -> Callable[[Game], None]:
    """An item passing (``done``) every decision until round ``number`` has begun (or the game is over)."""
    def apply(game: Game) -> None:
        for _ in range(limit):
            if game.is_over or game.round >= number:
                return
            _pass(game, f"until_round({number})")
        raise ScriptError(f"round {number} not reached within {limit} passes")
    apply.__name__ = f"until_round({number})"
    return apply


def _pass(game: Game, who: str) -> None:
    if not any(a.verb == "done" for a in game.legal_actions()):
        raise ScriptError(f"{who} cannot pass this decision ({game.decision.prompt}): play an action first")
    game.apply("done")


def bots_play(bots: Sequence[Any], stop: Callable[[Game], bool], limit: int = 5000) -> Callable[[Game], None]:
    """An item letting ``bots[seat].choose(game)`` decide for each seat until ``stop(game)`` is true (or the
    game is over)."""
    def apply(game: Game) -> None:
        for _ in range(limit):
            if game.is_over or stop(game):
                return
            game.apply(bots[game.current_player].choose(game))
        raise ScriptError(f"the bots did not reach the stop condition within {limit} decisions")
    return apply


def play(game: Game, items: Iterable[Item]) -> Game:
    """Apply script items to a game (outside a stepper: to set a position up); returns the game."""
    for item in items:
        _apply_item(game, item)
    return game


def _apply_item(game: Game, item: Item) -> None:
    if isinstance(item, str):
        try:
            game.apply(item)
        except CarnegieError as e:
            raise ScriptError(f"script action {item!r} failed: {e}") from None
    else:
        item(game)


# -- what changed between two positions ---------------------------------------------------------------------

@dataclass
class Changes:
    """What differs between two positions, as highlight keys for each view and short sentences."""
    sites: set[str] = field(default_factory=set)                       # map: "city/index"
    company: dict[int, set[str]] = field(default_factory=dict)         # seat -> cells, "cell/i", regions, "panel"
    tracks: set[str] = field(default_factory=set)                      # "track/r/j", "tab/seat/T/k"
    timeline: set[str] = field(default_factory=set)                    # "ROW/k", "ROW", "round/n"
    donations: set[str] = field(default_factory=set)                   # donation ids
    deltas: dict[int, dict[str, int]] = field(default_factory=dict)    # seat -> {"money": +3, ...}
    actors: list[int] = field(default_factory=list)                    # seats that changed, most first

    def keys(self, view: str, seat: int | None = None) -> set[str]:
        """Highlight keys for a view (the company view needs the seat)."""
        if view in ("map", "network"):
            return set(self.sites)
        if view == "company":
            return set(self.company.get(seat, ())) if seat is not None else set()
        if view == "tracks":
            return set(self.tracks)
        if view == "timeline":
            return set(self.timeline)
        if view == "donations":
            return set(self.donations)
        return set()

    def __bool__(self) -> bool:
        return bool(self.sites or any(self.company.values()) or self.tracks or self.timeline or self.donations
                    or any(self.deltas.values()))


RESOURCES = (("money", "{}${}"), ("goods", "{:+d} goods"), ("vp", "{:+d} VP"), ("discs", "{:+d} discs in supply"),
             ("supply", "{:+d} employees in supply"), ("donations", "{:+d} donations"))


def _employees(p) -> dict[str, tuple[int, tuple[int, ...]]]:
    cells = set(p.lying) | set(p.standing)
    return {c: (p.lying.get(c, 0), tuple(p.standing.get(c, ()))) for c in cells}


def diff(before: State, after: State) -> Changes:
    """The changes from ``before`` to ``after`` (two states of the same game)."""
    ch = Changes()
    b_sites, a_sites = before.board.sites, after.board.sites
    ch.sites = {k for k, v in a_sites.items() if b_sites.get(k) != v}
    ch.donations = {d for d, owners in after.board.donations.items() if before.board.donations.get(d) != owners}
    score: dict[int, int] = {}
    for seat, (p, q) in enumerate(zip(before.players, after.players)):
        keys: set[str] = set()
        e0, e1 = _employees(p), _employees(q)
        for cell in set(e0) | set(e1):
            if e0.get(cell) != e1.get(cell):
                keys.add(cell)
                new_ws = set(e1.get(cell, (0, ()))[1]) - set(e0.get(cell, (0, ()))[1])
                keys.update(f"{cell}/{i}" for i in new_ws)
        keys.update(c for c in set(p.cells) | set(q.cells) if p.cells.get(c) != q.cells.get(c))
        keys.update(r for r in set(p.missions) | set(q.missions) if p.missions.get(r, 0) != q.missions.get(r, 0))
        delta = {name: getattr(q, name) - getattr(p, name) for name, _ in RESOURCES
                 if getattr(q, name) != getattr(p, name)}
        if any(k in delta for k in ("money", "goods", "vp")) or p.reserve != q.reserve:
            keys.add("panel")
        for region, j in q.tracks.items():
            if p.tracks[region] != j:
                ch.tracks.add(f"track/{region}/{j}")
        for ptype in PROJECT_TYPES:
            (r0, b0), (r1, b1) = p.tabs[ptype], q.tabs[ptype]
            ch.tracks.update(f"tab/{seat}/{ptype}/{k}" for k in range(r0, r1))
            if b1 != b0:
                projects = [i for i, s in enumerate(tab_spaces(q, ptype)) if s.kind == "project"]
                ch.tracks.update(f"tab/{seat}/{ptype}/{k}" for k in projects[min(b0, b1):max(b0, b1)])
        changed = len(keys) + len(delta) + sum(1 for k in ch.sites if a_sites[k][0] == seat) + \
            (p.tracks != q.tracks) + (p.tabs != q.tabs) + (p.donations != q.donations)
        if keys:
            ch.company[seat] = keys
        if delta:
            ch.deltas[seat] = delta
        if changed:
            score[seat] = changed
    ch.actors = sorted(score, key=lambda s: (-score[s], s))
    if before.andrew is not None and after.andrew is not None:
        a0, a1 = before.andrew, after.andrew
        ch.tracks.update(f"track/{r}/{j}" for r, j in a1.tracks.items() if a0.tracks[r] != j)
    # the timeline: markers that moved, this round's gear and chosen row, the round strip
    for r, (m0, m1) in enumerate(zip(before.board.markers, after.board.markers)):
        if m0 != m1:
            ch.timeline.add(f"{ROWS[r]}/{m1}")
    f0, f1 = before.flow, after.flow
    if f1.event_row is not None and (f1.event_row, f1.chosen, f1.round) != (f0.event_row, f0.chosen, f0.round) \
            and f1.phase != "over":
        ch.timeline.add(f"{ROWS[f1.event_row]}/{after.board.markers[f1.event_row] + 1}")
        if f1.chosen:
            ch.timeline.add(f1.chosen)
    if f1.round != f0.round and 1 <= f1.round <= C.constants.rounds:
        ch.timeline.add(f"round/{f1.round}")
    return ch


def delta_text(state: State, changes: Changes) -> list[str]:
    """One line per player whose resources changed: 'Ada: $+3, +1 goods'."""
    lines = []
    for seat in sorted(changes.deltas):
        delta = changes.deltas[seat]
        parts = [fmt.format("+" if delta[name] > 0 else "-", abs(delta[name])) if name == "money"
                 else fmt.format(delta[name]) for name, fmt in RESOURCES if name in delta]
        lines.append(f"{_chip(seat)}<b>{html.escape(owner_name(state, seat))}</b>: {', '.join(parts)}")
    return lines


# -- small HTML helpers -------------------------------------------------------------------------------------

_INLINE = ((re.compile(r"`([^`]+)`"), r"<code>\1</code>"), (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
           (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"))


def markdown(text: str) -> str:
    """A tiny markdown: blank-line paragraphs, '- ' bullet lists, **bold**, *italics*, `code`."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.strip().splitlines()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            out.append(f"<ul>{items}</ul>")
        elif lines:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return text


def _chip(owner) -> str:
    return f"<span class='cl-tut-chip' style='background:{owner_colour(owner)}'></span>"


def _scores_text(f) -> str:
    if f.kind == "payments":
        paid = " + ".join(x for x in (f"${f.payment.money}" if f.payment.money else "",
                                      f"{f.payment.goods} goods" if f.payment.goods else "") if x)
        return f"{f.vp} VP for each {paid} paid at the end"
    if f.kind == "flat":
        return f"{f.vp} VP"
    return f"{f.vp} VP each"


def donations_html(state: State, highlight: Iterable[str] = ()) -> str:
    """The donation chart as an HTML table: themes in columns, the discs on each space, what it scores,
    and each player's price for their next donation. Highlighted spaces get a pink ring."""
    from ..rules.donations import price
    ringed = set(highlight)
    themes = sorted({d.theme: d.column for d in C.donations.values()}.items(), key=lambda t: t[1])
    rows = max(d.row for d in C.donations.values())
    head = "".join(f"<th>{html.escape(theme.replace('_', ' ').capitalize())}</th>" for theme, _ in themes)
    body = []
    for row in range(1, rows + 1):
        cells = []
        for _, column in themes:
            d = next(x for x in C.donations.values() if x.column == column and x.row == row)
            owners = state.board.donations.get(d.id, [])
            discs = "".join(_chip(o) for o in owners) or "<span class='cl-tut-muted'>free</span>"
            name = d.name.split(": ", 1)[-1]
            scores = _scores_text(d.formula)
            style = f" style='outline:3px solid {HIGHLIGHT};outline-offset:-3px'" if d.id in ringed else ""
            cells.append(f"<td{style} title='{html.escape(d.name)}: {html.escape(scores)}'><div class='cl-tut-dname'>"
                         f"{html.escape(name)}</div><div class='cl-tut-muted'>{html.escape(scores)}</div>"
                         f"<div>{discs}</div></td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    prices = " · ".join(f"{_chip(seat)}{html.escape(p.name)}: next donation <b>${price(state, seat)}</b>"
                        for seat, p in enumerate(state.players))
    return (f"<div class='cl-tut-donations'><div class='cl-tut-dtitle'>Donation chart</div>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<div class='cl-tut-muted'>a grey dot is a neutral disc (blocks the space) · "
            f"each donation scores at most {C.constants.donation_cap} VP at the end</div>"
            f"<div>{prices}</div></div>")


STYLE = f"""<style>
.cl-tut {{ font-family: Inter, 'Segoe UI', Helvetica, Arial, sans-serif; color: {INK}; max-width: 900px; }}
.cl-tut .widget-html-content, .cl-tut-exercise .widget-html-content {{ line-height: 1.4; }}
.cl-tut-card {{ background: {PAPER}; border-left: 5px solid #e8b420; border-radius: 6px; padding: 6px 14px;
  min-height: 120px; }}
.cl-tut-card p {{ margin: 6px 0; line-height: 1.45; font-size: 14px; }}
.cl-tut-card ul {{ margin: 4px 0 4px 18px; padding: 0; font-size: 14px; line-height: 1.4; }}
.cl-tut-head {{ font-size: 16px; font-weight: 700; margin-top: 4px; }}
.cl-tut-count {{ color: {MUTED}; font-weight: 400; font-size: 13px; margin-right: 6px; }}
.cl-tut-changes {{ border-top: 1px solid #e6e0d3; margin-top: 6px; padding-top: 4px; font-size: 12.5px;
  color: #5b5348; line-height: 1.45; }}
.cl-tut-changes ul {{ font-size: 12.5px; margin: 2px 0 2px 18px; }}
.cl-tut-now {{ font-size: 12.5px; color: #5b5348; margin-top: 4px; }}
.cl-tut-off {{ background: #fff0f6; border-left-color: {HIGHLIGHT}; }}
.cl-tut-chip {{ display: inline-block; width: 11px; height: 11px; border-radius: 50%; margin: 0 4px 0 1px;
  vertical-align: -1px; border: 1px solid {INK}; }}
.cl-tut-muted {{ color: {MUTED}; font-size: 11.5px; }}
.cl-tut-error {{ color: #b3261e; font-weight: 600; }}
.cl-tut-ok {{ color: #2e7d32; font-weight: 600; }}
.cl-tut-donations table {{ border-collapse: separate; border-spacing: 4px; }}
.cl-tut-donations td {{ background: #f3efe6; border-radius: 6px; padding: 3px 8px; vertical-align: top;
  width: 190px; font-size: 12.5px; line-height: 1.3; }}
.cl-tut-donations .cl-tut-muted {{ line-height: 1.25; }}
.cl-tut-donations th {{ text-align: left; font-size: 13px; padding: 0 8px; }}
.cl-tut-dtitle {{ font-size: 17px; font-weight: 700; margin: 4px 0; }}
.cl-tut-dname {{ font-weight: 600; }}
.cl-tut-question {{ font-size: 14px; line-height: 1.45; }}
.cl-tut-question p {{ margin: 4px 0; }}
.cl-tut-exercise {{ background: #f4f8fb; border-left: 5px solid #3f86c6; border-radius: 6px; padding: 4px 12px;
  max-width: 860px; }}
</style>"""


# -- the widget ---------------------------------------------------------------------------------------------

VERB_NAMES = {
    "house": "place the starting house", "reserve": "reserve a department tile", "move": "move an employee",
    "activate": "stand an employee up", "choose": "choose the timeline row", "switch": "play the Action Choice tile",
    "income": "take income", "donate": "make a donation", "tab": "reveal a project-tab space",
    "track": "move up a transport track", "sell": "sell 1 goods for $1", "done": "done",
    "lobby": "choose a lobby", "property": "Property Management move", "relocate": "HR Administration move",
}
for _dept in C.departments.values():
    VERB_NAMES.setdefault(_dept.code, f"use {_dept.name}")


def verb_label(verb: str, count: int) -> str:
    return f"{verb} · {VERB_NAMES.get(verb, verb)} ({count})"


def follow(changes: Changes, view: str, player: int, views: Sequence[str]) -> tuple[str, int]:
    """The (view, player) to show a change: the current view if it shows some of it, else the first of
    map, company, tracks, donations, timeline that does (with the player who changed most)."""
    seat = changes.actors[0] if changes.actors else player
    if view in ("company", "network") and changes.actors:
        player = seat
    if changes.keys(view, player):
        return view, player
    for candidate in ("map", "company", "tracks", "donations", "timeline"):
        if candidate in views and changes.keys(candidate, seat):
            return candidate, seat if candidate == "company" else player
    return view, player


class Stepper(W.VBox):
    """A scripted tour of a real game: Back / Next, the explanation, one view with the changes ringed, and
    a "Try your own action" area. ``steps`` are applied at once (a broken script fails here, loudly).

    Attributes used by tests and notebooks: ``index`` (steps done, 0 = the start), ``game`` (the position
    shown), ``explanation`` (HTML widget), ``next_button``, ``back_button``, ``figure`` (the one plotly
    FigureWidget), ``view``, ``off_script`` and ``changes`` (what the last step or action changed).
    """

    def __init__(self, game: Game, steps: Sequence[Step], *, title: str = "", intro: str = "",
                 view: str = "map", player: int = 0, views: Sequence[str] = DEFAULT_VIEWS,
                 width: int = FIGURE_WIDTH, try_it: bool = True, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-tut")
        self.steps = list(steps)
        self.title = title
        self.intro = intro
        self.width = width
        self._views = [v for v in views if v in VIEW_LABELS]
        for step in self.steps:
            if step.view is not None and step.view != "auto" and step.view not in VIEW_LABELS:
                raise ValueError(f"unknown view {step.view!r} (one of {', '.join(VIEW_LABELS)} or 'auto')")
            if step.view is not None and step.view != "auto" and step.view not in self._views:
                self._views.append(step.view)
        if view not in self._views:
            self._views.insert(0, view)
        # the script, played at once: the position after each step, what it applied and changed
        self._games: list[Game] = [game.copy()]
        self._played: list[list[str]] = [[]]
        self._logs: list[list[str]] = [[]]
        self._changes: list[Changes] = [Changes()]
        self._shown: list[tuple[str, int]] = []         # (view, player) of each step
        current_view, current_player = view, player
        for n, step in enumerate(self.steps, start=1):
            g = self._games[-1].copy()
            actions, log = len(g.actions), len(g.log)
            for item in step.actions:
                try:
                    _apply_item(g, item)
                except ScriptError as e:
                    raise ScriptError(f"step {n} ({step.title!r}): {e}") from None
            if step.expect is not None and not step.expect(g):
                raise ScriptError(f"step {n} ({step.title!r}): its check failed ({g.decision.prompt})")
            changes = diff(self._games[-1].state, g.state)
            self._games.append(g)
            self._played.append(g.actions[actions:])
            self._logs.append(g.log[log:])
            self._changes.append(changes)
            if step.view == "auto":
                current_view, current_player = follow(changes, current_view, current_player, self._views)
            elif step.view is not None:
                current_view = step.view
            if step.player is not None:
                current_player = step.player
            elif changes.actors and current_view in ("company", "network"):
                current_player = changes.actors[0]
            self._shown.append((current_view, current_player))
        self._start_view = (view, player)
        self.index = 0
        self.off_script = False
        self._own: list[Game] = []                      # positions before each of the learner's actions
        self._own_game: Game | None = None
        self._own_changes = Changes()
        self._own_log: list[str] = []
        self._widget = None                             # the one plotly FigureWidget, made on first use
        self._sent: dict | None = None                  # what it shows (to_plotly_json)
        self.view, self.player = view, player

        # widgets
        self.explanation = W.HTML()
        self.start_button = W.Button(description="Start", icon="fast-backward", tooltip="back to the beginning",
                                     layout=W.Layout(width="90px"))
        self.back_button = W.Button(description="Back", icon="arrow-left", tooltip="the previous step",
                                    layout=W.Layout(width="90px"))
        self.next_button = W.Button(description="Next", icon="arrow-right", button_style="primary",
                                    tooltip="play the next step", layout=W.Layout(width="110px"))
        self.progress = W.IntProgress(min=0, max=max(1, len(self.steps)), value=0, layout=W.Layout(width="160px"))
        self.start_button.on_click(lambda _: self._guard(self.goto, 0))
        self.back_button.on_click(lambda _: self._guard(self.back))
        self.next_button.on_click(lambda _: self._guard(self.next))
        self.view_buttons = W.ToggleButtons(options=[(VIEW_LABELS[v], v) for v in self._views], value=view,
                                            style={"button_width": "auto"})
        self.view_buttons.observe(lambda change: self._guard(self._view_picked, change["new"]), names="value")
        self.player_picker = W.Dropdown(options=[(p, seat) for seat, p in enumerate(game.players)], value=player,
                                        description="company of", layout=W.Layout(width="210px"))
        self.player_picker.observe(lambda change: self._guard(self._player_picked, change["new"]), names="value")
        self.donations = W.HTML(layout=W.Layout(display="none"))
        self.figure_box = W.Box()
        self.message = W.HTML()
        self.try_area = self._build_try_area() if try_it else None
        nav = W.HBox([self.start_button, self.back_button, self.next_button, self.progress],
                     layout=W.Layout(align_items="center", margin="4px 0"))
        pickers = W.HBox([self.view_buttons, self.player_picker], layout=W.Layout(flex_flow="row wrap",
                                                                                  align_items="center"))
        children = [W.HTML(STYLE), nav, self.explanation, self.message, pickers, self.figure_box, self.donations]
        if self.try_area is not None:
            children.append(self.try_area)
        self.children = children
        self._render(reset_view=True)

    # -- reading -----------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The position shown: the script's, or the learner's own after "Try your own action"."""
        return self._own_game if self.off_script else self._games[self.index]

    @property
    def changes(self) -> Changes:
        return self._own_changes if self.off_script else self._changes[self.index]

    @property
    def figure(self):
        return self._widget

    def game_at(self, index: int) -> Game:
        """A copy of the script's position after ``index`` steps (0: the start), e.g. for an exercise."""
        return self._games[index].copy()

    def played(self, index: int) -> list[str]:
        """The actions step ``index`` played, as notation."""
        return list(self._played[index])

    def __len__(self) -> int:
        return len(self.steps)

    # -- moving along the script -------------------------------------------------------------------------
    def next(self) -> None:
        """The next step of the script (from "Try your own action": the step after the one left)."""
        if self.index < len(self.steps):
            self.goto(self.index + 1)
        else:
            self.goto(self.index)

    def back(self) -> None:
        """The previous step (from "Try your own action": back to the script's current step)."""
        self.goto(self.index - 1 if not self.off_script else self.index)

    def goto(self, index: int) -> None:
        self.index = max(0, min(len(self.steps), index))
        self._leave_own()
        self._render(reset_view=True)

    # -- the learner's own actions -------------------------------------------------------------------------
    def try_action(self, action) -> bool:
        """Apply the learner's action (notation or Action) to the position shown; on a refusal show why and
        change nothing. Returns whether it was applied."""
        text = str(action).strip()
        if not text:
            self._say("Type an action first, for example <code>done</code>.", error=True)
            return False
        before = self.game
        game = before.copy()
        log = len(game.log)
        try:
            game.apply(text)
        except NotationError as e:
            self._say(f"<b>{html.escape(text)}</b> is not an action: {html.escape(e.problem)}. "
                      f"The lists in <i>Try your own action</i> show how actions are written.", error=True)
            return False
        except IllegalActionError as e:
            self._say(f"<b>{html.escape(text)}</b> is not allowed now: {html.escape(e.reason)}.", error=True)
            return False
        except GameOverError:
            self._say("The game is over: there is nothing left to play.", error=True)
            return False
        except CarnegieError as e:
            self._say(html.escape(str(e)), error=True)
            return False
        self._own.append(before)
        self._own_game = game
        self._own_changes = diff(before.state, game.state)
        self._own_log = game.log[log:]
        self.off_script = True
        self._follow(self._own_changes)
        self._say(f"Played <code>{html.escape(text)}</code>.", error=False)
        self._render(reset_view=False)
        return True

    def _follow(self, changes: Changes) -> None:
        """If the view shown does not show a change, switch to one that does (and to the player who acted)."""
        self.view, self.player = follow(changes, self.view, self.player, self._views)

    def undo_own(self) -> None:
        """Take back the learner's last own action."""
        if not self._own:
            return
        previous = self._own.pop()
        if not self._own:
            self.back_to_script()
            return
        self._own_game = previous
        self._own_changes = diff(self._own[-1].state, previous.state)
        self._own_log = []
        self._render(reset_view=False)

    def back_to_script(self) -> None:
        """Forget the learner's actions: the script's step is shown again."""
        self._leave_own()
        self._say("Back on the script.", error=False)
        self._render(reset_view=False)

    def _leave_own(self) -> None:
        self.off_script = False
        self._own, self._own_game, self._own_changes, self._own_log = [], None, Changes(), []

    # -- widgets ---------------------------------------------------------------------------------------
    def _build_try_area(self) -> W.Widget:
        self.try_prompt = W.HTML()
        self.try_verb = W.Dropdown(description="kind", layout=W.Layout(width="330px"))
        self.try_choice = W.Dropdown(description="action", layout=W.Layout(width="330px"))
        self.try_play = W.Button(description="Play it", icon="play", layout=W.Layout(width="100px"))
        self.try_text = W.Text(placeholder="or type an action, e.g. move b1 b2", layout=W.Layout(width="330px"))
        self.try_apply = W.Button(description="Apply", icon="check", layout=W.Layout(width="100px"))
        self.try_undo = W.Button(description="Undo mine", icon="undo", layout=W.Layout(width="110px"),
                                 tooltip="take back your last own action")
        self.try_back = W.Button(description="Back to the script", icon="reply", button_style="warning",
                                 layout=W.Layout(width="170px"))
        self.try_verb.observe(lambda change: self._guard(self._fill_choices), names="value")
        self.try_play.on_click(lambda _: self._guard(self._play_choice))
        self.try_apply.on_click(lambda _: self._guard(self.try_action, self.try_text.value))
        self.try_undo.on_click(lambda _: self._guard(self.undo_own))
        self.try_back.on_click(lambda _: self._guard(self.back_to_script))
        note = W.HTML("<div class='cl-tut-muted'>Leave the script and play any legal action of the position shown "
                      "(for whoever decides now). Your actions are played on a copy: the script is not "
                      "changed, and Next, Back or <i>Back to the script</i> return to it.</div>")
        box = W.VBox([note, self.try_prompt, W.HBox([self.try_verb]), W.HBox([self.try_choice, self.try_play]),
                      W.HBox([self.try_text, self.try_apply]), W.HBox([self.try_undo, self.try_back])])
        accordion = W.Accordion(children=[box], selected_index=None)
        accordion.set_title(0, "Try your own action")
        return accordion

    def _fill_try_area(self) -> None:
        if self.try_area is None:
            return
        game = self.game
        if game.is_over:
            self.try_prompt.value = "<div class='cl-tut-now'>The game is over.</div>"
            groups: dict[str, list[str]] = {}
        else:
            d = game.decision
            self.try_prompt.value = (f"<div class='cl-tut-now'>{_chip(d.player)}Now deciding: "
                                     f"{html.escape(d.prompt)}</div>")
            groups = {}
            for action in game.legal_actions():
                groups.setdefault(action.verb, []).append(str(action))
        self._groups = groups
        options = [(verb_label(verb, len(texts)), verb) for verb, texts in groups.items()]
        keep = self.try_verb.value if self.try_verb.value in groups else (options[0][1] if options else None)
        self.try_verb.options = options
        self.try_verb.value = keep
        self._fill_choices()
        self.try_undo.disabled = not self._own
        self.try_back.disabled = not self.off_script

    def _fill_choices(self) -> None:
        texts = getattr(self, "_groups", {}).get(self.try_verb.value, [])
        self.try_choice.options = texts
        self.try_choice.value = texts[0] if texts else None
        self.try_play.disabled = not texts

    def _play_choice(self) -> None:
        if self.try_choice.value:
            self.try_action(self.try_choice.value)

    def _say(self, text: str, error: bool) -> None:
        css = "cl-tut-error" if error else "cl-tut-ok"
        self.message.value = f"<div class='{css}'>{text}</div>" if text else ""

    def _guard(self, fn: Callable, *args) -> None:
        """Run a callback; show an unexpected error in the widget instead of losing it in a log."""
        try:
            fn(*args)
        except Exception as e:                       # noqa: BLE001 -- shown to the learner
            self._say(f"Something went wrong: {html.escape(type(e).__name__)}: {html.escape(str(e))}", error=True)

    def _view_picked(self, view: str) -> None:
        if view != self.view:
            self.view = view
            self._draw()

    def _player_picked(self, seat: int) -> None:
        if seat != self.player:
            self.player = seat
            self._draw()

    # -- drawing ---------------------------------------------------------------------------------------------
    def _render(self, reset_view: bool) -> None:
        if reset_view:
            self.view, self.player = self._start_view if self.index == 0 else self._shown[self.index - 1]
            if not self.off_script:
                self.message.value = ""
        self.explanation.value = self._explanation_html()
        self.start_button.disabled = self.back_button.disabled = self.index == 0 and not self.off_script
        self.next_button.disabled = self.index >= len(self.steps) and not self.off_script
        self.progress.value = self.index
        self._fill_try_area()
        self._draw()

    def _explanation_html(self) -> str:
        game = self.game
        n = len(self.steps)
        if self.off_script:
            step_name = f"Step {self.index}" if self.index else "The start"
            head = (f"<div class='cl-tut-head'><span class='cl-tut-count'>your own play</span>"
                    f"{len(self._own)} action{'s' if len(self._own) != 1 else ''} away from {step_name.lower()}</div>")
            body = markdown("You left the script: this is your own position. Keep playing, or use "
                            "*Back to the script* (or Back / Next).")
            changes, log, card = self._own_changes, self._own_log, "cl-tut-card cl-tut-off"
        elif self.index == 0:
            title = html.escape(self.title or "The start")
            head = f"<div class='cl-tut-head'><span class='cl-tut-count'>{n} steps</span>{title}</div>"
            body = markdown(self.intro or "Press **Next** to play the first step.")
            changes, log, card = Changes(), [], "cl-tut-card"
        else:
            step = self.steps[self.index - 1]
            text = step.text(game) if callable(step.text) else step.text
            head = (f"<div class='cl-tut-head'><span class='cl-tut-count'>step {self.index} of {n}</span>"
                    f"{html.escape(step.title)}</div>")
            body = markdown(text)
            changes, log, card = self._changes[self.index], self._logs[self.index], "cl-tut-card"
        return f"<div class='{card}'>{head}{body}{self._changes_html(changes, log)}{self._now_html()}</div>"

    def _changes_html(self, changes: Changes, log: list[str]) -> str:
        lines = delta_text(self.game.state, changes)
        shown = log[-LOG_LINES:]
        parts = []
        if lines:
            parts.append("<b>Changes</b>: " + " · ".join(lines))
        if shown:
            more = f"<li>… and {len(log) - len(shown)} earlier line(s)</li>" if len(log) > len(shown) else ""
            items = "".join(f"<li>{html.escape(line)}</li>" for line in shown)
            parts.append(f"<b>From the game log</b>:<ul>{more}{items}</ul>")
        if not parts:
            return ""
        return f"<div class='cl-tut-changes'>{'<br>'.join(parts)}</div>"

    def _now_html(self) -> str:
        game = self.game
        if game.is_over:
            return "<div class='cl-tut-now'>The game is over.</div>"
        d = game.decision
        return f"<div class='cl-tut-now'>Next decision: {_chip(d.player)}{html.escape(d.prompt)}</div>"

    def figure_for(self, view: str, player: int | None = None, highlight: Iterable[str] | None = None):
        """The plotly figure of a view of the position shown (``donations`` has none: it is HTML)."""
        from .. import views
        game = self.game
        seat = self.player if player is None else player
        if view == "map":
            return views.map_figure(game, highlight=highlight)
        if view == "network":
            return views.map_figure(game, player=seat, highlight=highlight)
        if view == "company":
            return views.company_figure(game, seat, highlight=highlight)
        if view == "tracks":
            return views.tracks_figure(game, highlight=highlight)
        if view == "timeline":
            return views.timeline_figure(game, highlight=highlight)
        if view == "scores":
            return views.scores_figure(game)
        if view == "history":
            return views.history_figure(game)
        raise ValueError(f"no figure for the view {view!r}")

    def highlight(self) -> set[str]:
        """The keys ringed in the view shown: the changes of the step (or own action) and the step's extras."""
        keys = self.changes.keys(self.view, self.player)
        if not self.off_script and self.index:
            keys |= set(self.steps[self.index - 1].highlight)
        return keys

    def _draw(self) -> None:
        if self.view_buttons.value != self.view:
            self.view_buttons.value = self.view
        if self.player_picker.value != self.player:
            self.player_picker.value = self.player
        self.player_picker.layout.display = "" if self.view in ("company", "network") else "none"
        self.player_picker.description = "network of" if self.view == "network" else "company of"
        keys = self.highlight()
        if self.view == "donations":
            self.donations.value = donations_html(self.game.state, keys)
            self.donations.layout.display = ""
            self.figure_box.layout.display = "none"
            return
        self.donations.layout.display = "none"
        self.figure_box.layout.display = ""
        fig = self.figure_for(self.view, highlight=keys if self.view not in ("scores", "history") else None)
        self._show(fig)
        if self.figure_box.children != (self._widget,):
            self.figure_box.children = (self._widget,)

    def _show(self, fig) -> None:
        """Show a figure in the one FigureWidget, sending only what changed. When the view changes (other
        traces), the traces are replaced and every layout key of the old view is reset or replaced: plotly.js
        keeps a layout key the new layout does not mention (an old axis range would hide the new traces)."""
        from .figures import scaled, sync
        new = scaled(fig, self.width).to_plotly_json()
        if self._widget is None:
            import plotly.graph_objects as go
            self._widget = go.FigureWidget(new)
        elif [t.get("name") for t in new["data"]] == [t.get("name") for t in self._sent["data"]]:
            sync(self._widget, new, self._sent)
        else:
            old_layout, new_layout = self._sent["layout"], new["layout"]
            changed = {k: new_layout.get(k) for k in set(old_layout) | set(new_layout)
                       if old_layout.get(k) != new_layout.get(k)}
            with self._widget.batch_update():
                self._widget.data = []
                self._widget.layout.update(changed, overwrite=True)
            self._widget.add_traces(new["data"])
        self._sent = new


def replay_steps(game: Game, record_actions: Sequence[str], *, view: str = "auto") -> list[Step]:
    """Steps that replay a list of actions round by round (one step per round, the setup as the first one),
    each explained by its round summary and game log; ``game`` is the position the actions start from (it
    is not changed). With ``view="auto"`` each step shows the view where its round changed most."""
    g = game.copy()
    steps: list[Step] = []
    batch: list[str] = []

    def flush(label: str) -> None:
        if batch:
            steps.append(Step(label, _log_text, list(batch), view=view))
            batch.clear()

    for text in record_actions:
        before = g.round
        g.apply(text)
        batch.append(text)
        if g.round != before or g.is_over:
            flush("The setup" if before == 0 else f"Round {before}")
    flush("The setup" if g.round == 0 else f"Round {g.round} (so far)")
    return steps


def _log_text(game: Game) -> str:
    """A step explained by the game itself: its latest round summary."""
    if game.state.history:
        h = game.state.history[-1]
        who = ", ".join(f"{p.name} {row['score']} VP" for p, row in zip(game.state.players, h["players"]))
        return f"Round {h['round']}: the row chosen was **{h['chosen']}**. Score if the game ended now: {who}."
    return "The players place their starting houses, reserve a tile and make their setup moves."


__all__ = ["Changes", "ScriptError", "Step", "Stepper", "VIEWS", "bots_play", "diff", "donations_html", "first",
           "markdown", "play", "replay_steps", "until", "until_round"]

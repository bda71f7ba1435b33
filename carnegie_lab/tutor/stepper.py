"""``Stepper``: a scripted walk through a real game, one rule at a time, for the tutorial notebooks.

A script is a list of :class:`Step`. Each step plays real actions through the engine (notation strings, or
small functions that pick them from ``game.legal_actions()``), explains what happened in a few sentences and
redraws one view with what changed ringed (the difference between the positions before and after the step).
Back and Next walk the script (every position is kept, so going back is instant); the learner can also
leave the script and play their own actions ("Try your own action"), then come back to it.

    import carnegie_lab as cl
    from carnegie_lab.tutor.script import Step, first
    from carnegie_lab.tutor.stepper import Stepper

    game = cl.new_game(["Ada", "Bo"], seed=7)
    Stepper(game, [
        Step("Bo's starting house", "Bo puts a Housing project in a city.", ["house pittsburgh"], view="map"),
        Step("Bo's reserved tile", "...", [first("reserve")], view="company", player=1),
    ])

A step's ``expect=`` is checked as the script is played (a :class:`~carnegie_lab.tutor.Numbers` of the
numbers its text states gets the positions before and after the step; a failed check is a ScriptError naming
the step). The script's vocabulary is in ``script.py``, what a step changed in ``changes.py``, the HTML in
``tutorial_html.py``. Everything shown is computed from the game; the stepper only calls the engine's public
API (``apply``, ``legal_actions``, ``copy``, ``decision``, ``log``) and the pure view functions.
"""
from __future__ import annotations

import html
import os
from typing import Any, Iterable, Sequence
from urllib.parse import parse_qs

import ipywidgets as W

from ..core.errors import CarnegieError, IllegalActionError, NotationError
from ..core.i18n import N_, render, translator
from ..engine import Changes, Game
from ..ui.figures import FigureSlot
from ..ui.guard import ErrorGuard
from ..ui.lazy_iri import defer_iri_grammars
from ..ui.rerun import RerunNote
from ..views.palette import owner_chip
from . import failure
from .changes import delta_text
from .script import ScriptError, Step, play
from .tutorial_html import STYLE, donations_html, fit_height, fit_scale, markdown

# plotly's FigureWidget imports nbformat, which imports jsonschema; inside a kernel that chain is several
# seconds slower than importing jsonschema first on its own (see docs/architecture.md): ~3 s per tutorial
# notebook. Only the import's side effect is wanted; its "iri" format checker is imported when first used.
defer_iri_grammars()
import jsonschema  # noqa: E402, F401

#: The views a stepper can show: (key, button label).
VIEWS = (("map", N_("Map")), ("network", N_("Network")), ("company", N_("Company")), ("tracks", N_("Tracks & tabs")),
         ("timeline", N_("Timeline")), ("donations", N_("Donations")), ("scores", N_("Scores")),
         ("history", N_("History")))
VIEW_LABELS = dict(VIEWS)
DEFAULT_VIEWS = ("map", "company", "tracks", "timeline", "donations", "scores")
FIGURE_WIDTH = 860
LOG_LINES = 8                 # at most this many log lines under a step's explanation


def verb_label(game: Game, verb: str, count: int, lang: str | None = None) -> str:
    """'co · use Construction (12)': a verb of the legal actions, its words and how many there are."""
    return f"{verb} · {render(game.rules.verbs[verb].vocab.words, lang)} ({count})"


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


def page_step(steps: int, query: str | None = None) -> int:
    """The step a tutorial's address opens at (``?step=K``: the app's Rules links; Voilà gives a page's
    query to its kernel as QUERY_STRING), 0 (the start) without one."""
    values = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query).get("step", [])
    return min(int(values[0]), steps) if values and values[0].isdigit() else 0


class Stepper(RerunNote, W.VBox):
    """A scripted tour of a real game: Back / Next, the explanation, one view with the changes ringed, and
    a "Try your own action" area. ``steps`` are applied at once (a broken script fails here, loudly). In
    Voilà it opens at the step its page's address names (:func:`page_step`), else at the start. ``lang``:
    the language of its widgets, views and the game log's lines (None: English).

    Attributes used by tests and notebooks: ``index`` (steps done, 0 = the start), ``game`` (the position
    shown), ``explanation`` (HTML widget), ``next_button``, ``back_button``, ``figure`` (the one plotly
    FigureWidget), ``view``, ``off_script`` and ``changes`` (what the last step or action changed).
    """

    def __init__(self, game: Game, steps: Sequence[Step], *, title: str = "", intro: str = "",
                 view: str = "map", player: int = 0, views: Sequence[str] = DEFAULT_VIEWS,
                 width: int = FIGURE_WIDTH, try_it: bool = True, lang: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("cl-tut")
        self.steps = list(steps)
        self.title = title
        self.intro = intro
        self.width = width
        self.lang = lang
        self._ = _ = translator(lang).gettext
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
            try:
                play(g, step.actions)
            except ScriptError as e:
                raise ScriptError(f"step {n} ({step.title!r}): {e}") from None
            why = None if step.expect is None else failure(step.expect, g, self._games[-1])
            if why:
                raise ScriptError(f"step {n} ({step.title!r}): {why} ({g.decision.prompt})")
            changes = g.changes_from(self._games[-1])
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
        self.index = page_step(len(self.steps))
        self.off_script = False
        self._own: list[Game] = []                      # positions before each of the learner's actions
        self._own_game: Game | None = None
        self._own_changes = Changes()
        self._own_log: list[str] = []
        self.slot = FigureSlot(width)                   # the one plotly FigureWidget, made on first use
        #: a callback's unexpected error is shown in the message line
        self._guard = ErrorGuard(lambda text: self._say(html.escape(text), error=True))
        self.view, self.player = view, player

        # widgets
        self.explanation = W.HTML()
        self.start_button = W.Button(description=_("Start"), icon="fast-backward",
                                     tooltip=_("back to the beginning"), layout=W.Layout(width="90px"))
        self.back_button = W.Button(description=_("Back"), icon="arrow-left", tooltip=_("the previous step"),
                                    layout=W.Layout(width="90px"))
        self.next_button = W.Button(description=_("Next"), icon="arrow-right", button_style="primary",
                                    tooltip=_("play the next step"), layout=W.Layout(width="110px"))
        self.progress = W.IntProgress(min=0, max=max(1, len(self.steps)), value=0, layout=W.Layout(width="160px"))
        self.start_button.on_click(lambda _: self._guard(self.goto, 0))
        self.back_button.on_click(lambda _: self._guard(self.back))
        self.next_button.on_click(lambda _: self._guard(self.next))
        self.view_buttons = W.ToggleButtons(options=[(_(VIEW_LABELS[v]), v) for v in self._views], value=view,
                                            style={"button_width": "auto"})
        self.view_buttons.observe(lambda change: self._guard(self._view_picked, change["new"]), names="value")
        self.player_picker = W.Dropdown(options=[(p, seat) for seat, p in enumerate(game.players)], value=player,
                                        description=_("company of"), layout=W.Layout(width="210px"))
        self.player_picker.observe(lambda change: self._guard(self._player_picked, change["new"]), names="value")
        self.donations = W.HTML(layout=W.Layout(display="none"))
        fit, fit_rule = fit_scale(width)
        self.figure_box = W.Box()
        self.figure_box.add_class(fit)
        self.figure_box.add_class(f"cl-fit-{self.figure_box.model_id}")
        self.figure_height = W.HTML()                   # its stylesheet: the box as tall as the scaled figure
        self.message = W.HTML()
        self.try_area = self._build_try_area() if try_it else None
        nav = W.HBox([self.start_button, self.back_button, self.next_button, self.progress],
                     layout=W.Layout(align_items="center", margin="4px 0"))
        pickers = W.HBox([self.view_buttons, self.player_picker], layout=W.Layout(flex_flow="row wrap",
                                                                                  align_items="center"))
        children = [W.HTML(STYLE + fit_rule), self.figure_height, nav, self.explanation, self.message, pickers,
                    self.figure_box, self.donations]
        if self.try_area is not None:
            children.append(self.try_area)
        self.children = children
        self._render(reset_view=True)

    # -- reading -----------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The position shown: the script's, or the learner's own after "Try your own action"."""
        if self.off_script:
            assert self._own_game is not None   # off the script there is always the learner's own game
            return self._own_game
        return self._games[self.index]

    @property
    def changes(self) -> Changes:
        return self._own_changes if self.off_script else self._changes[self.index]

    @property
    def figure(self):
        return self.slot.widget

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
        _, text = self._, str(action).strip()
        if not text:
            self._say(_("Type an action first, for example <code>done</code>."), error=True)
            return False
        before = self.game
        game = before.copy()
        log = len(game.log)
        try:
            game.apply(text)
        except NotationError as e:
            self._say(_("<b>{action}</b> is not an action: {problem}. The lists in <i>Try your own action</i> "
                        "show how actions are written.").format(action=html.escape(text),
                                                                problem=html.escape(render(e.problem, self.lang))),
                      error=True)
            return False
        except IllegalActionError as e:
            self._say(_("<b>{action}</b> is not allowed now: {reason}.").format(
                action=html.escape(text), reason=html.escape(render(e.reason, self.lang))), error=True)
            return False
        except CarnegieError as e:
            self._say(html.escape(render(e, self.lang)), error=True)
            return False
        self._own.append(before)
        self._own_game = game
        self._own_changes = game.changes_from(before)
        self._own_log = game.log[log:]
        self.off_script = True
        self._follow(self._own_changes)
        self._say(_("Played <code>{action}</code>.").format(action=html.escape(text)), error=False)
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
        self._own_changes = previous.changes_from(self._own[-1])
        self._own_log = []
        self._render(reset_view=False)

    def back_to_script(self) -> None:
        """Forget the learner's actions: the script's step is shown again."""
        self._leave_own()
        self._say(self._("Back on the script."), error=False)
        self._render(reset_view=False)

    def _leave_own(self) -> None:
        self.off_script = False
        self._own, self._own_game, self._own_changes, self._own_log = [], None, Changes(), []

    # -- widgets ---------------------------------------------------------------------------------------
    def _build_try_area(self) -> W.Widget:
        _ = self._
        self.try_prompt = W.HTML()
        self.try_verb = W.Dropdown(description=_("kind"), layout=W.Layout(width="330px"))
        self.try_choice = W.Dropdown(description=_("action"), layout=W.Layout(width="330px"))
        self.try_play = W.Button(description=_("Play it"), icon="play", layout=W.Layout(width="100px"))
        self.try_text = W.Text(placeholder=_("or type an action, e.g. move b1 b2"), layout=W.Layout(width="330px"))
        self.try_apply = W.Button(description=_("Apply"), icon="check", layout=W.Layout(width="100px"))
        self.try_undo = W.Button(description=_("Undo mine"), icon="undo", layout=W.Layout(width="110px"),
                                 tooltip=_("take back your last own action"))
        self.try_back = W.Button(description=_("Back to the script"), icon="reply", button_style="warning",
                                 layout=W.Layout(width="170px"))
        self.try_verb.observe(lambda change: self._guard(self._fill_choices), names="value")
        self.try_play.on_click(lambda _: self._guard(self._play_choice))
        self.try_apply.on_click(lambda _: self._guard(self.try_action, self.try_text.value))
        self.try_undo.on_click(lambda _: self._guard(self.undo_own))
        self.try_back.on_click(lambda _: self._guard(self.back_to_script))
        note = W.HTML("<div class='cl-tut-muted'>" + _(
            "Leave the script and play any legal action of the position shown (for whoever decides now). Your "
            "actions are played on a copy: the script is not changed, and Next, Back or <i>Back to the "
            "script</i> return to it.") + "</div>")
        box = W.VBox([note, self.try_prompt, W.HBox([self.try_verb]), W.HBox([self.try_choice, self.try_play]),
                      W.HBox([self.try_text, self.try_apply]), W.HBox([self.try_undo, self.try_back])])
        accordion = W.Accordion(children=[box], selected_index=None)
        accordion.set_title(0, _("Try your own action"))
        return accordion

    def _fill_try_area(self) -> None:
        if self.try_area is None:
            return
        game = self.game
        if game.is_over:
            self.try_prompt.value = self._over_html()
            groups: dict[str, list[str]] = {}
        else:
            d = game.decision_in(self.lang)
            self.try_prompt.value = (f"<div class='cl-tut-now'>{owner_chip(d.player)}"
                                     + self._("Now deciding: {prompt}").format(prompt=html.escape(d.prompt))
                                     + "</div>")
            groups = {}
            for action in game.legal_actions():
                groups.setdefault(action.verb, []).append(str(action))
        self._groups = groups
        options = [(verb_label(game, verb, len(texts), self.lang), verb) for verb, texts in groups.items()]
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
        game, _, ngettext = self.game, self._, translator(self.lang).ngettext
        n = len(self.steps)
        if self.off_script:
            away = ngettext("{n} action away from step {step}", "{n} actions away from step {step}", len(self._own)) \
                if self.index else ngettext("{n} action away from the start", "{n} actions away from the start",
                                            len(self._own))
            head = ("<div class='cl-tut-head'><span class='cl-tut-count'>" + _("your own play") + "</span>"
                    f"{away.format(n=len(self._own), step=self.index)}</div>")
            body = markdown(_("You left the script: this is your own position. Keep playing, or use "
                              "*Back to the script* (or Back / Next)."))
            changes, log, card = self._own_changes, self._own_log, "cl-tut-card cl-tut-off"
        elif self.index == 0:
            title = html.escape(self.title or _("The start"))
            steps = ngettext("{n} step", "{n} steps", n).format(n=n)
            head = f"<div class='cl-tut-head'><span class='cl-tut-count'>{steps}</span>{title}</div>"
            body = markdown(self.intro or _("Press **Next** to play the first step."))
            changes, log, card = Changes(), [], "cl-tut-card"
        else:
            step = self.steps[self.index - 1]
            text = step.text(game) if callable(step.text) else step.text
            count = _("step {step} of {n}").format(step=self.index, n=n)
            head = (f"<div class='cl-tut-head'><span class='cl-tut-count'>{count}</span>"
                    f"{html.escape(step.title)}</div>")
            body = markdown(text)
            changes, log, card = self._changes[self.index], self._logs[self.index], "cl-tut-card"
        return f"<div class='{card}'>{head}{body}{self._changes_html(changes, log)}{self._now_html()}</div>"

    def _changes_html(self, changes: Changes, log: list[str]) -> str:
        lines = delta_text(self.game, changes, self.lang)
        shown = log[-LOG_LINES:]
        parts = []
        if lines:
            parts.append(self._("<b>Changes</b>: {changes}").format(changes=" · ".join(lines)))
        if shown:
            earlier = len(log) - len(shown)
            more = ("<li>" + translator(self.lang).ngettext("… and {n} earlier line", "… and {n} earlier lines",
                                                            earlier).format(n=earlier) + "</li>" if earlier else "")
            items = "".join(f"<li>{html.escape(render(line, self.lang))}</li>" for line in shown)
            parts.append(self._("<b>From the game log</b>:") + f"<ul>{more}{items}</ul>")
        if not parts:
            return ""
        return f"<div class='cl-tut-changes'>{'<br>'.join(parts)}</div>"

    def _now_html(self) -> str:
        game = self.game
        if game.is_over:
            return self._over_html()
        d = game.decision_in(self.lang)
        return ("<div class='cl-tut-now'>" + self._("Next decision: {prompt}").format(
            prompt=owner_chip(d.player) + html.escape(d.prompt)) + "</div>")

    def _over_html(self) -> str:
        """That the game is over, in the engine's words (its decision's prompt)."""
        return f"<div class='cl-tut-now'>{html.escape(self.game.decision_in(self.lang).prompt)}.</div>"

    def figure_for(self, view: str, player: int | None = None, highlight: Iterable[str] | None = None):
        """The plotly figure of a view of the position shown (``donations`` has none: it is HTML)."""
        from .. import views
        game, lang = self.game, self.lang
        seat = self.player if player is None else player
        if view in ("map", "network"):
            return views.map_figure(game, player=seat if view == "network" else None, highlight=highlight, lang=lang)
        if view == "company":
            return views.company_figure(game, seat, highlight=highlight, lang=lang)
        if view == "tracks":
            return views.tracks_figure(game, highlight=highlight, lang=lang)
        if view == "timeline":
            return views.timeline_figure(game, highlight=highlight, lang=lang)
        if view == "scores":
            return views.scores_figure(game, lang=lang)
        if view == "history":
            return views.history_figure(game, lang=lang)
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
        self.player_picker.description = self._("network of") if self.view == "network" else self._("company of")
        keys = self.highlight()
        if self.view == "donations":
            self.donations.value = donations_html(self.game, keys, self.lang)
            self.donations.layout.display = ""
            self.figure_box.layout.display = "none"
            return
        self.donations.layout.display = "none"
        self.figure_box.layout.display = ""
        fig = self.figure_for(self.view, highlight=keys if self.view not in ("scores", "history") else None)
        self._show(fig)
        if self.figure_box.children != (self.slot.widget,):
            self.figure_box.children = (self.slot.widget,)

    def _show(self, fig) -> None:
        """Show a figure in the one FigureWidget, sending only what changed (:class:`FigureSlot`)."""
        self.slot.draw(self.view, fig.to_plotly_json())
        layout = self.figure.layout
        self.figure_height.value = fit_height(f"cl-fit-{self.figure_box.model_id}", layout.width, layout.height)


__all__ = ["Stepper", "VIEWS", "page_step"]

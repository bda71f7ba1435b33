"""``review``: the decisions of a game graded by how much expected final margin each gave away.

For every decision of the chosen seats that had a choice (more than one action once near-duplicates
are set aside), :func:`review` judges the position before it with :func:`~.compare.judge`, the
analysis's comparison engine (see :mod:`.compare`), which sees what that seat saw at the table
(Andrew's hidden cards are redrawn for every playout): a screen (the greedy evaluation of every
action) passes the played action when it rates it best; else the played action and the best other
ones are played out to the end of the game on the same seeds, in batches, until the interval of the
**loss** (the best action's expected final margin minus the played one's, in VP) is clear of the
grades' thresholds (:data:`~.compare.THRESHOLDS`) or the budget's cap is reached:

==========  ===============================================
best        the played action is rated best (loss 0)
good        the whole interval under 2 VP
unclear     the interval straddles a threshold at the cap
inaccuracy  the whole interval from 2 VP, under 5
mistake     the whole interval from 5 VP, under 10
blunder     the whole interval from 10 VP
==========  ===============================================

The budget, per decision: at most ``playouts`` playouts an action (default
:data:`~.compare.DEFAULT_PLAYOUTS`), and no new batch after ``think`` seconds if given. The review is
deterministic for a seed without ``think``, whatever ``jobs`` or ``scheduler`` runs it (every decision
is judged alone, from the record replayed to it).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from functools import partial
from typing import Any, Iterable, NamedTuple, Sequence

from ..bots.greedy import prune
from ..core.actions import Action
from ..core.components import Components
from ..core.described import Undescribed, describe, text_of
from ..core.errors import CarnegieError, RecordError
from ..core.i18n import N_, in_every_language, message_of, number, render, translator
from ..core.loader import components
from ..engine import Game
from ..jobs import Progress, run_jobs
from .compare import DEFAULT_PLAYOUTS, GRADES, LOSSES, THRESHOLDS, ActionValue, Verdict, costlier, judge
from .explain import Change, Explanation, explain
from .words import playout_result, review_loss

#: how many of the costliest decisions a review explains, at most
COSTLIEST = 3
FORMAT = "carnegie-lab-review"
VERSION = 3                 # 3: its texts (prompts, explanations) as descriptions that read in any language
VERSIONS = (2, 3)           # those read (2: its texts in English)


def grading(lang: str | None = None) -> str:
    """The grades' thresholds in words (``lang``: the language, None for English)."""
    _ = translator(lang).gettext
    steps = "; ".join(_("{grade} from {vp} VP").format(grade=_(name), vp=number(least, "g", lang))
                      for name, least in THRESHOLDS.items())
    return _("Grades by the expected final margin given away, each only where the interval of the loss lies in "
             "its range: best 0 VP; good under {vp} VP; {steps}; unclear where the interval straddles a "
             "threshold.").format(vp=number(min(THRESHOLDS.values()), "g", lang), steps=steps)


@dataclass(frozen=True)
class Decision(Verdict):
    """One reviewed decision: the comparison engine's :class:`~.compare.Verdict` on it (the action played
    and the best one found, the loss, its 95% interval (0, 0 when the screen passed it), the paired playouts
    and the grade) and where it was taken."""
    index: int                 # its number among the game's actions (0-based): the position before actions[index]
    seat: int
    player: str
    round: int
    prompt: str                # what was being decided
    choices: int               # legal actions (near-duplicates included)

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The decision in words (the prompt names the player), in a language (None: English)."""
        _ = translator(lang).gettext
        numbers = dict(n=self.index + 1, prompt=render(self.prompt, lang), action=_value_text(self.played, lang),
                       verdict=review_loss(self.grade, self.loss, lang, self.playouts))
        if not self.loss:
            return _("decision {n}, {prompt}: {verdict}, played {action}").format(**numbers)
        return "\n  ".join((_("decision {n}, {prompt}: {verdict}").format(**numbers),
                            _("played {action}").format(**numbers),
                            _("best   {action}").format(action=_value_text(self.best, lang))))

    def to_dict(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out.update(played=self.played.as_dict(), best=self.best.as_dict(),
                   low=_finite(self.low), high=_finite(self.high), prompt=describe(self.prompt))
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Decision:
        given = {f.name: data[f.name] for f in fields(cls)}
        low, high = data["low"], data["high"]
        return cls(**{**given, "played": _value(data["played"]), "best": _value(data["best"]),
                      "prompt": text_of(data["prompt"]),
                      "low": -math.inf if low is None else low, "high": math.inf if high is None else high})


@dataclass(frozen=True)
class Costly:
    """One of the costliest decisions, with what the played action and the best one change."""
    decision: Decision
    played: Explanation
    best: Explanation

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The decision and what both actions do, in a language (None: English)."""
        _ = translator(lang).gettext
        indent = "\n    "
        return (f"{self.decision.text(lang)}\n  " + _("what the played action does:") + indent
                + indent.join(self.played.lines_in(lang)) + "\n  " + _("what the best one does:") + indent
                + indent.join(self.best.lines_in(lang)))


def rank(decision: Decision, decisions: Iterable[Decision]) -> int:
    """1 + how many of ``decisions`` the playouts say gave away more than ``decision``
    (:func:`~.compare.costlier`): decisions that they cannot order share a rank."""
    return 1 + sum(costlier(other, decision) for other in decisions)


def costliest(decisions: Sequence[Decision], n: int = COSTLIEST) -> list[Decision]:
    """The decisions that the evidence names among the ``n`` costliest: graded a loss (:data:`~.compare.LOSSES`)
    and fewer than ``n`` others not surely cheaper, so fewer than ``n`` where ties straddle the cut; by
    :func:`rank`, then by the interval's lower bound, then in game order."""
    losses = [d for d in decisions if d.grade in LOSSES]
    named = [d for d in losses if sum(not costlier(d, other) for other in losses if other is not d) < n]
    return sorted(named, key=lambda d: (rank(d, losses), -d.low, d.index))


class Point(NamedTuple):
    """A seat's expected final margin after one of its decisions (the played action's, with its interval);
    ``at``: the decision's index among the game's actions."""
    at: int
    margin: float
    low: float
    high: float
    grade: str


@dataclass(frozen=True)
class SeatSummary:
    """How a seat played: its reviewed decisions, their average loss (nan without any) and grades."""
    seat: int
    player: str
    decisions: int
    average_loss: float
    grades: dict[str, int]

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """How the seat played, in words, in a language (None: English)."""
        tr = translator(lang)
        if not self.decisions:
            return tr.gettext("{player}: no decision with a choice").format(player=self.player)
        counts = ", ".join(tr.gettext("{grade} {n}").format(grade=tr.gettext(g), n=self.grades[g]) for g in GRADES)
        return tr.ngettext("{player}: {n} decisions, average loss {loss} VP ({counts})",
                           "{player}: {n} decisions, average loss {loss} VP ({counts})", self.decisions).format(
            player=self.player, n=self.decisions, loss=number(self.average_loss, ".1f", lang), counts=counts)


@dataclass(frozen=True)
class Review:
    """The review of a game: a :class:`Decision` for each decision of the reviewed seats that had a
    choice (in game order), the costliest ones that the evidence names explained (:func:`costliest`,
    :class:`Costly`), and what it was made with (``think`` seconds or ``playouts`` per decision, ``seed``)."""
    players: tuple[str, ...]
    seats: tuple[int, ...]
    think: float | None
    playouts: int
    seed: int
    decisions: tuple[Decision, ...]
    costliest: tuple[Costly, ...]

    def curve(self, seat: int) -> list[Point]:
        """The seat's expected final margin after each of its decisions that were played out (for a chart)."""
        return [Point(d.index, d.played.margin, d.played.margin_low, d.played.margin_high, d.grade)
                for d in self.decisions if d.seat == seat and d.playouts]

    def summary(self) -> dict[int, SeatSummary]:
        """Per reviewed seat: decisions, average loss and the count of each grade."""
        out = {}
        for seat in self.seats:
            mine = [d for d in self.decisions if d.seat == seat]
            grades = {g: sum(d.grade == g for d in mine) for g in GRADES}
            loss = sum(d.loss for d in mine) / len(mine) if mine else math.nan
            out[seat] = SeatSummary(seat, self.players[seat], len(mine), loss, grades)
        return out

    @property
    def lines(self) -> list[str]:
        """The summary and the costliest decisions, in words."""
        return self.lines_in(None)

    def lines_in(self, lang: str | None) -> list[str]:
        """The summary and the costliest decisions, in words, in a language (None: English)."""
        tr = translator(lang)
        budget = tr.ngettext("at most {n} playout an action", "at most {n} playouts an action",
                             self.playouts).format(n=self.playouts)
        if self.think is not None:
            budget += tr.gettext(" or {seconds} s a decision").format(seconds=number(self.think, "g", lang))
        n = len(self.decisions)
        out = [tr.ngettext("Review of {n} decisions of {players} ({budget}, seed {seed})",
                           "Review of {n} decisions of {players} ({budget}, seed {seed})", n).format(
            n=n, players=", ".join(self.players[s] for s in self.seats), budget=budget, seed=self.seed),
            grading(lang)]
        out += [s.text(lang) for s in self.summary().values()]
        if self.costliest:
            out += ["", tr.gettext("The costliest decisions:")]
            ranks = [rank(c.decision, self.decisions) for c in self.costliest]
            out += [f"{k}. {c.text(lang)}" for k, c in zip(ranks, self.costliest)]
            if len(set(ranks)) < len(ranks):
                out.append(tr.gettext("(The same number: the playouts cannot tell which of them gave away more.)"))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def to_dict(self) -> dict:
        """Plain JSON data (:meth:`from_dict` reads it back); the summary is included for readers."""
        return {"format": FORMAT, "version": VERSION, "players": list(self.players), "seats": list(self.seats),
                "think": self.think, "playouts": self.playouts, "seed": self.seed, "thresholds": dict(THRESHOLDS),
                "decisions": [d.to_dict() for d in self.decisions],
                "costliest": [{"index": c.decision.index, "played": c.played.as_dict(), "best": c.best.as_dict()}
                              for c in self.costliest],
                "summary": [{**asdict(s), "average_loss": s.average_loss if s.decisions else None}
                            for s in self.summary().values()]}

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """A review from :meth:`to_dict`'s data; RecordError if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") not in VERSIONS:
            raise RecordError("format", N_("expected a {format} version {version}", format=FORMAT, version=VERSION))
        try:
            decisions = tuple(Decision.from_dict(d) for d in data["decisions"])
            at = {d.index: d for d in decisions}
            costliest = tuple(Costly(at[c["index"]], _explanation(c["played"]), _explanation(c["best"]))
                              for c in data["costliest"])
            return cls(tuple(data["players"]), tuple(data["seats"]), data["think"], data["playouts"], data["seed"],
                       decisions, costliest)
        except (KeyError, TypeError, ValueError, AttributeError, Undescribed) as e:
            raise RecordError("review", N_("not a review's data ({kind}: {problem})", kind=type(e).__name__,
                                           problem=message_of(e))) from None


# -- back from JSON --------------------------------------------------------------------------------

def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _action(text: str) -> Action:
    verb, *args = text.split(" ")
    return Action(verb, tuple(args))


_LOW, _HIGH = ("margin_low", "win_low"), ("margin_high", "win_high")


def _value(data: dict) -> ActionValue:
    """An ActionValue from its ``as_dict`` (None: nan, or an infinite interval bound)."""
    def number(name: str) -> Any:
        v = data[name]
        if v is not None or name == "horizon":         # the one field that may be None
            return v
        return -math.inf if name in _LOW else math.inf if name in _HIGH else math.nan
    kept = {f.name: number(f.name) for f in fields(ActionValue) if f.name not in ("action", "same_as")}
    same = data["same_as"]
    return ActionValue(_action(data["action"]), **kept, same_as=None if same is None else _action(same))


def _explanation(data: dict) -> Explanation:
    return Explanation(_action(data["action"]), data["player"], text_of(data["description"]),
                       tuple(Change(**{**c, "text": text_of(c["text"])}) for c in data["changes"]),
                       tuple(text_of(line) for line in data["log"]), text_of(data["next"]), data["guessed"])


# -- the review ------------------------------------------------------------------------------------

def _game(record_or_game: Any) -> Game:
    if isinstance(record_or_game, Game):
        return record_or_game
    if isinstance(record_or_game, (dict, str)):
        return Game.from_record(record_or_game)
    raise RecordError("(top)", N_("expected a Game, a game record or its JSON text, not {kind}",
                                  kind=type(record_or_game).__name__))


def _seats(game: Game, seats: int | str | Iterable[int | str] | None) -> tuple[int, ...]:
    """Seat numbers from seat numbers and/or player names (None: every seat)."""
    names = game.players
    if seats is None:
        return tuple(range(len(names)))
    out = set()
    for seat in [seats] if isinstance(seats, (int, str)) else list(seats):
        if isinstance(seat, str) and seat in names:
            out.add(names.index(seat))
        elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            out.add(seat)
        else:
            raise CarnegieError(N_("no seat {seat!r} in this game: its players are {names} (seats 0 to {last})",
                                   seat=seat, names=", ".join(names), last=len(names) - 1))
    return tuple(sorted(out))


def _at(record: dict, comps: Components | None, index: int) -> Game:
    """The game of ``record`` before its action ``index``."""
    return Game.from_record({**record, "actions": record["actions"][:index]}, comps)


def _choices(record: dict, comps: Components | None, seats: tuple[int, ...]) -> list[int]:
    """The indices of the record's actions taken by ``seats`` at a decision with a choice."""
    replay = _at(record, comps, 0)
    out = []
    for index, text in enumerate(record["actions"]):
        if replay.current_player in seats and len(prune(replay.state, replay.legal_actions())) > 1:
            out.append(index)
        replay.apply(text)
    return out


def _judge(record: dict, comps: Components | None, think: float | None, playouts: int, seed: int,
           index: int) -> Decision:
    """The decision before action ``index`` of ``record``, judged by the comparison engine."""
    game = _at(record, comps, index)
    verdict = judge(game, game.parse(record["actions"][index]), seed, playouts, think)
    seat = game.current_player
    assert seat is not None
    prompt = in_every_language(lambda lang: game.decision_in(lang).prompt)
    return Decision(**{f.name: getattr(verdict, f.name) for f in fields(Verdict)}, index=index, seat=seat,
                    player=game.players[seat], round=game.round, prompt=prompt, choices=len(game.legal_actions()))


def _value_text(value: ActionValue, lang: str | None) -> str:
    """An action and what its playouts gave, in a language (``str(value)`` in English)."""
    return f"{value.action}: {playout_result(value, lang)}"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(think: Any, playouts: Any, seed: Any, jobs: Any, on_progress: Any) -> None:
    """CarnegieError for a budget, seed, job count or callback that is not one."""
    if think is not None and not (isinstance(think, (int, float)) and 0 < think < math.inf):
        raise CarnegieError(N_("think must be a positive number of seconds, not {think!r}", think=think))
    for name, value in (("playouts", playouts), ("jobs", jobs)):
        if value is not None and not (_whole(value) and value >= 1):
            raise CarnegieError(N_("{name} must be a whole number of at least 1, not {value!r}", name=name,
                                   value=value))
    if not _whole(seed):
        raise CarnegieError(N_("seed must be a whole number, not {seed!r}", seed=seed))
    if on_progress is not None and not callable(on_progress):
        raise CarnegieError(f"on_progress must be a function of (done, total), not {on_progress!r}")


def review(record_or_game: Game | dict | str, seats: int | str | Iterable[int | str] | None = None,
           think: float | None = None, *, playouts: int | None = None, seed: int = 0, jobs: int = 1,
           scheduler: str | None = None, on_progress: Progress | None = None) -> Review:
    """Review a game (a Game, a record or its JSON text; finished or not) for ``seats`` (seat numbers
    or player names; default all): see the module docstring. ``think`` seconds and/or ``playouts``
    per decision (at most so many playouts an action, default :data:`~.compare.DEFAULT_PLAYOUTS`; no new
    batch after ``think`` seconds); ``seed``: the playouts'. ``jobs`` processes, or the
    Dask scheduler at ``scheduler``, share the decisions; ``on_progress(done, total)`` is called
    after each decision. Raises a CarnegieError on bad input."""
    game = _game(record_or_game)
    chosen = _seats(game, seats)
    _check(think, playouts, seed, jobs, on_progress)
    if playouts is None:
        playouts = DEFAULT_PLAYOUTS
    comps = None if game.components is components() else game.components
    if comps is not None and (jobs > 1 or scheduler is not None):
        raise CarnegieError("a game on other component data is reviewed in one process (jobs=1)")
    record = game.to_record()
    work = partial(_judge, record, comps, think, playouts, seed)
    decisions = tuple(run_jobs(work, _choices(record, comps, chosen), jobs, scheduler, on_progress))
    explained = []
    for d in costliest(decisions):
        before = _at(record, game.components, d.index)
        explained.append(Costly(d, explain(before, d.played.action), explain(before, d.best.action)))
    return Review(tuple(game.players), chosen, think, playouts, seed, decisions, tuple(explained))

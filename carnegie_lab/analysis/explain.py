"""``explain``: what an action (and the forced steps after it) changes at once, in words and as
:class:`Change` records."""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable

from ..bots.search import resample_hidden
from ..core.actions import Action
from ..core.described import describe
from ..core.errors import GameOverError
from ..core.i18n import N_, Message, Texts, in_every_language, render, translator
from ..core.words import SCORE_NAMES, reward_text
from ..engine import Game
from ..rules.network import cities_of
from ..rules.research import project_income
from ..rules.scoring import CATEGORIES, ScoreBreakdown
from ..rules.solo import hidden_cards


@dataclass(frozen=True)
class Change:
    """One thing an action changes: its topic (``"score"``, ``"resources"``, ``"income"`` or
    ``"network"``), whose (a player's name), what, the values before and after, and in words (a
    Message: English, ``render(change.text, lang)`` in a language)."""
    topic: str
    player: str
    name: str
    before: Any
    after: Any
    text: str


@dataclass(frozen=True)
class Explanation:
    """What an action of the current decision changes at once (with the forced steps after it). Its texts
    are English, Messages that :meth:`lines_in` shows in a language."""
    action: Action
    player: str                                # who takes it
    description: str                           # game.describe(action)
    changes: tuple[Change, ...]
    log: tuple[str, ...]                       # the game log lines it writes
    next: str                                  # the decision after it (or the result)
    guessed: bool = False                      # Andrew played a hidden card: the one shown is one he may hold

    def score_change(self, player: str | None = None) -> dict[str, int]:
        """The change of a player's score if the game ended now (default: the acting player's), per
        scoring category that changes, and ``"total"``."""
        who = self.player if player is None else player
        return {c.name: c.after - c.before for c in self.changes if c.topic == "score" and c.player == who}

    @property
    def lines(self) -> list[str]:
        return self.lines_in(None)

    def lines_in(self, lang: str | None) -> list[str]:
        """The explanation in words, in a language (None: English): who takes the action and what it does,
        what changes by topic, what comes next."""
        _ = translator(lang).gettext
        head = f"{self.player}: {self.action}"
        if self.description != str(self.action):
            head += f" ({render(self.description, lang)})"
        out = [head]
        for topic, title in TOPICS.items():
            texts = [render(c.text, lang) for c in self.changes if c.topic == topic]
            if texts:
                out.append("  " + _("{topic}: {changes}").format(topic=_(title), changes="; ".join(texts)))
        if not self.changes:
            out.append("  " + _("nothing changes on the table yet"))
        out.append("  " + _("next: {decision}").format(decision=render(self.next, lang)))
        if self.guessed:
            out.append("  " + _("(Andrew plays a card on the way whose front is hidden, so what he does here is one "
                                "of the ways it may go, with a card drawn at random from those that show its back)"))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def as_dict(self) -> dict:
        """Plain JSON data, its texts as descriptions (core.described) that read in any language."""
        return {"action": str(self.action), "player": self.player, "description": describe(self.description),
                "changes": [{**{k: _plain(v) for k, v in asdict(c).items()}, "text": describe(c.text)}
                            for c in self.changes],
                "log": [describe(line) for line in self.log], "next": describe(self.next),
                "guessed": self.guessed}


def _plain(value: Any) -> Any:
    """A value of a Change as JSON-able data (sets as sorted lists, tuples as lists)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


TOPICS = {"score": N_("score if the game ended now"), "resources": N_("resources"), "income": N_("income"),
          "network": N_("network")}


def _money(v: int) -> str:
    return f"${v}"


def _facts(game: Game, seat: int) -> dict[tuple[str, Message], tuple[Any, Callable[[Any], str]]]:
    """What explain compares for a seat: (topic, name) -> (value, how to write it). A name is a
    Message: its English is the Change's name, its rendering what the Change's text calls it."""
    p = game.state.players[seat]
    C = game.components
    types = C.timeline.rows                   # the action types, one for each kind of department
    facts: dict[tuple[str, Message], tuple[Any, Callable[[Any], str]]] = {
        ("resources", N_("money")): (game.money(seat), _money),
        ("resources", N_("goods")): (game.goods(seat), str),
        ("resources", N_("active employees")): (game.active_employees(seat), str),
        ("resources", N_("employees lying down")): (sum(p.lying.values()), str),
        ("resources", N_("employees in the supply")): (p.supply, str),
        ("resources", N_("departments")): (sum(game.departments_of_type(seat, t) for t in types), str),
        ("resources", N_("discs in the supply")): (p.discs, str),
        ("income", N_("project income per income event")): (project_income(game.rules, p), reward_text),
    }
    for region, space in p.tracks.items():
        track = C.tracks[region].spaces[space]
        name = Message(C.regions[region].name)
        facts["income", N_("{region} track", region=name)] = (
            (space, track.level, track.income), lambda v: N_("space {space} ({level}, {income} per employee back)",
                                                             space=v[0], level=Message(v[1]), income=reward_text(v[2])))
        facts["income", N_("employees on missions to the {region}", region=name)] = (p.missions.get(region, 0), str)
    cities = cities_of(game.state, seat)
    link = game.connection(seat)
    facts["network", N_("cities built in")] = (frozenset(cities), lambda v: _cities(game, sorted, ", ", v))
    facts["network", N_("best major-city link")] = (
        None if link is None else (link.majors, link.vp),
        lambda v: N_("none") if v is None else N_("{cities} ({vp} VP)", cities=_cities(game, list, " – ", v[0]),
                                                  vp=v[1]))
    return facts


def _cities(game: Game, order: Callable, sep: str, cities: Iterable[str]) -> Texts:
    """The cities' names in every language, put in ``order`` (``sorted``, ``list``) and joined ('none' for none)."""
    names = [game.components.cities[c].name for c in cities]
    return in_every_language(lambda lang: sep.join(order(translator(lang).gettext(n) for n in names))
                             or translator(lang).gettext("none"))


def _score_changes(before: dict[str, ScoreBreakdown], after: dict[str, ScoreBreakdown], actor: str) -> list[Change]:
    out = []
    for name, old in before.items():
        new = after[name]
        if name == actor:
            for category in CATEGORIES:
                a, b = getattr(old, category), getattr(new, category)
                if a != b:
                    out.append(Change("score", name, category, a, b,
                                      N_("{category} {change}", category=SCORE_NAMES[category], change=f"{b - a:+d}")))
        if old.total != new.total:
            numbers = dict(before=old.total, after=new.total, change=f"{new.total - old.total:+d}")
            text = (N_("total {before} -> {after} VP ({change})", **numbers) if name == actor else
                    N_("{player}'s total {before} -> {after} VP ({change})", player=name, **numbers))
            out.append(Change("score", name, "total", old.total, new.total, text))
    return out


def _hidden(game: Game) -> int:
    """How many of Andrew's cards the table has not seen the front of."""
    return 0 if game.state.andrew is None else len(hidden_cards(game.state))


def explain(game: Game, action: Action | str) -> Explanation:
    """What ``action`` (legal now; else IllegalActionError or NotationError) changes at once, and the
    forced steps after it: the scores if the game ended now (each category of the acting player
    that changes, the totals of everybody whose total changes), their money, goods and employees,
    their income (transport tracks, missions, project income) and their network (cities built in,
    best link of major cities). Reads a copy: the game is not changed."""
    seat = game.current_player
    if seat is None:
        raise GameOverError("the game is over: there is no action to explain")
    actor = game.players[seat]
    after = game.copy()
    resample_hidden(after.state, random.Random(0))   # Andrew's hidden order stays hidden: a draw is a guess
    done = after.apply(action)
    guessed = _hidden(after) < _hidden(game)
    changes = _score_changes(game.scores(), after.scores(), actor)
    old, new = _facts(game, seat), _facts(after, seat)
    for (topic, name), (a, write) in old.items():
        b = new[topic, name][0]
        if a != b:
            changes.append(Change(topic, actor, name, a, b, _change(name, a, b, write)))
    log = tuple(after.log[len(game.log):])
    return Explanation(done, actor, in_every_language(lambda lang: game.describe(done, lang=lang)), tuple(changes),
                       log, in_every_language(lambda lang: _following(after, lang)), guessed)


def _change(name: Message, a: Any, b: Any, write: Callable[[Any], str]) -> Message:
    """A fact's change in words: 'money $3 -> $7 (+4)', 'cities built in: 2 -> 3 (new: Chicago)'."""
    if isinstance(a, int) and isinstance(b, int):
        return N_("{name} {before} -> {after} ({change})", name=name, before=write(a), after=write(b),
                  change=f"{b - a:+d}")
    if isinstance(a, frozenset):
        if b - a:
            return N_("{name}: {before} -> {after} (new: {new})", name=name, before=len(a), after=len(b),
                      new=write(b - a))
        return N_("{name}: {before} -> {after}", name=name, before=len(a), after=len(b))
    return N_("{name}: {before} -> {after}", name=name, before=write(a), after=write(b))


def _following(game: Game, lang: str) -> str:
    """What comes after the action, in a language: the next decision, or who won."""
    if not game.is_over:
        return game.decision_in(lang).prompt
    _ = translator(lang).gettext
    return _("game over, {who} won").format(who=_(" and ").join(game.winners()))

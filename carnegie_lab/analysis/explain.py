"""``explain``: what an action (and the forced steps after it) changes at once, in words and as
:class:`Change` records."""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, Callable

from ..bots.search import resample_hidden
from ..core.actions import Action
from ..core.errors import GameOverError
from ..core.words import SCORE_NAMES, reward
from ..engine import Game
from ..rules.network import cities_of
from ..rules.research import project_income
from ..rules.scoring import CATEGORIES, ScoreBreakdown
from ..rules.solo import hidden_cards


@dataclass(frozen=True)
class Change:
    """One thing an action changes: its topic (``"score"``, ``"resources"``, ``"income"`` or
    ``"network"``), whose (a player's name), what, the values before and after, and in words."""
    topic: str
    player: str
    name: str
    before: Any
    after: Any
    text: str


@dataclass(frozen=True)
class Explanation:
    """What an action of the current decision changes at once (with the forced steps after it)."""
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
        head = f"{self.player}: {self.action}"
        if self.description != str(self.action):
            head += f" ({self.description})"
        out = [head]
        for topic, title in TOPICS.items():
            texts = [c.text for c in self.changes if c.topic == topic]
            if texts:
                out.append(f"  {title}: " + "; ".join(texts))
        if not self.changes:
            out.append("  nothing changes on the table yet")
        out.append(f"  next: {self.next}")
        if self.guessed:
            out.append("  (Andrew plays a card on the way whose front is hidden, so what he does here is one of "
                       "the ways it may go, with a card drawn at random from those that show its back)")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def as_dict(self) -> dict:
        return {"action": str(self.action), "player": self.player, "description": self.description,
                "changes": [{k: _plain(v) for k, v in asdict(c).items()} for c in self.changes],
                "log": list(self.log), "next": self.next,
                "guessed": self.guessed}


def _plain(value: Any) -> Any:
    """A value of a Change as JSON-able data (sets as sorted lists, tuples as lists)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


TOPICS = {"score": "score if the game ended now", "resources": "resources", "income": "income",
          "network": "network"}


def _money(v: int) -> str:
    return f"${v}"


def _facts(game: Game, seat: int) -> dict[tuple[str, str], tuple[Any, Callable[[Any], str]]]:
    """What explain compares for a seat: (topic, name) -> (value, how to write it)."""
    p = game.state.players[seat]
    C = game.components
    types = C.timeline.rows                   # the action types, one for each kind of department
    facts: dict[tuple[str, str], tuple[Any, Callable[[Any], str]]] = {
        ("resources", "money"): (game.money(seat), _money),
        ("resources", "goods"): (game.goods(seat), str),
        ("resources", "active employees"): (game.active_employees(seat), str),
        ("resources", "employees lying down"): (sum(p.lying.values()), str),
        ("resources", "employees in the supply"): (p.supply, str),
        ("resources", "departments"): (sum(game.departments_of_type(seat, t) for t in types), str),
        ("resources", "discs in the supply"): (p.discs, str),
        ("income", "project income per income event"): (project_income(game.rules, p), reward),
    }
    for region, space in p.tracks.items():
        track = C.tracks[region].spaces[space]
        name = C.regions[region].name
        facts["income", f"{name} track"] = ((space, track.level, track.income),
                                            lambda v: f"space {v[0]} ({v[1]}, {reward(v[2])} per employee back)")
        facts["income", f"employees on missions to the {name}"] = (p.missions.get(region, 0), str)
    cities = cities_of(game.state, seat)
    link = game.connection(seat)
    facts["network", "cities built in"] = (frozenset(cities), lambda v: ", ".join(
        sorted(C.cities[c].name for c in v)) or "none")
    facts["network", "best major-city link"] = (
        None if link is None else (link.majors, link.vp),
        lambda v: "none" if v is None else " – ".join(C.cities[c].name for c in v[0]) + f" ({v[1]} VP)")
    return facts


def _score_changes(before: dict[str, ScoreBreakdown], after: dict[str, ScoreBreakdown], actor: str) -> list[Change]:
    out = []
    for name, old in before.items():
        new = after[name]
        if name == actor:
            for category in CATEGORIES:
                a, b = getattr(old, category), getattr(new, category)
                if a != b:
                    out.append(Change("score", name, category, a, b, f"{SCORE_NAMES[category]} {b - a:+d}"))
        if old.total != new.total:
            who = "" if name == actor else f"{name}'s "
            out.append(Change("score", name, "total", old.total, new.total,
                              f"{who}total {old.total} -> {new.total} VP ({new.total - old.total:+d})"))
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
            if isinstance(a, int) and isinstance(b, int):
                text = f"{name} {write(a)} -> {write(b)} ({b - a:+d})"
            elif isinstance(a, frozenset):
                text = f"{name}: {len(a)} -> {len(b)}" + (f" (new: {write(b - a)})" if b - a else "")
            else:
                text = f"{name}: {write(a)} -> {write(b)}"
            changes.append(Change(topic, actor, name, a, b, text))
    log = tuple(after.log[len(game.log):])
    following = f"game over, {' and '.join(after.winners())} won" if after.is_over else after.decision.prompt
    return Explanation(done, actor, game.describe(done), tuple(changes), log, following, guessed)

"""The story of a finished game in a few sentences, for the final panel: who won and by how much, where
the winner's points came from, where the game was decided (the categories with the largest difference
between the winner and the runner-up) and, in a solo game, what Andrew's VP cards gave him. Read from
the game's public queries only (``Game.scores()``, ``Game.winners()``, ``Game.andrew()``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.i18n import translator
from ..core.words import SCORE_NAMES

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.scoring import ScoreBreakdown

TOP = 3          # categories named for where the winner's points came from
DECIDING = 2     # categories named for where the game was decided


def _and(parts: list[str], lang: str | None) -> str:
    if len(parts) == 1:
        return parts[0]
    return translator(lang).gettext("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


def _points(score: ScoreBreakdown) -> list[tuple[str, int]]:
    """(category, VP) of the categories that scored, the largest first (ties: in the breakdown's order)."""
    scored = [(c, v) for c, v in score.as_dict().items() if c != "total" and v]
    return sorted(scored, key=lambda cv: -cv[1])


def story(game: Game, lang: str | None = None) -> list[str]:
    """Two to four sentences on a finished game ([] while it is not over), in a language."""
    if not game.is_over:
        return []
    _ = translator(lang).gettext
    table = game.scores()
    winners = game.winners()
    others = sorted((n for n in table if n not in winners), key=lambda n: -table[n].total)
    best, win = table[winners[0]].total, table[winners[0]]
    runner = others[0] if others else None
    if len(winners) > 1:
        shared = _and(winners, lang)
        lines = [_("{players} share the win with {vp} VP, {gap} VP ahead of {runner}.").format(
            players=shared, vp=best, gap=best - table[runner].total, runner=runner) if runner else
            _("{players} share the win with {vp} VP.").format(players=shared, vp=best)]
    else:
        assert runner is not None               # one winner: somebody else played
        lines = [_("{winner} wins by {gap} VP: {vp} to {other} for {runner}.").format(
            winner=winners[0], gap=best - table[runner].total, vp=best, other=table[runner].total, runner=runner)]
    top = _points(win)[:TOP]
    if top:
        lines.append(_("{winner}'s {vp} VP came chiefly from {parts}.").format(
            winner=winners[0], vp=best, parts=_and([f"{_(SCORE_NAMES[c])} ({v})" for c, v in top], lang)))
    if runner is not None:
        lines.append(_decided(win, runner, table[runner], lang))
    andrew = game.andrew()
    if andrew is not None and game.andrew_name is not None:
        cards = [f"{len(on)} × " + _("{n} VP").format(n=vp) for vp, on in sorted(andrew.vp_cards, reverse=True)
                 if on and vp]
        vp = table[game.andrew_name].cards
        gave = _("{cards} gave him {vp} VP").format(cards=_(SCORE_NAMES["cards"]), vp=vp)
        lines.append(gave[:1].upper() + gave[1:] + (f" ({', '.join(cards)})." if cards else "."))
    return lines


def _decided(score: ScoreBreakdown, runner: str, other: ScoreBreakdown, lang: str | None) -> str:
    """Where the winner made the difference over the runner-up (more VP in all: some category has a
    positive gap), and where the runner-up was ahead the most."""
    _ = translator(lang).gettext
    mine, theirs = score.as_dict(), other.as_dict()
    gaps = sorted(((c, mine[c] - theirs[c]) for c in mine if c != "total"), key=lambda cg: -cg[1])
    ahead = [_("{category} ({vp} to {other})").format(category=_(SCORE_NAMES[c]), vp=mine[c], other=theirs[c])
             for c, gap in gaps[:DECIDING] if gap > 0]
    text = _("The game was decided on {parts}").format(parts=_and(ahead, lang))
    c, gap = gaps[-1]
    if gap < 0:
        text += _("; {runner} did better on {category} ({vp} to {other})").format(
            runner=runner, category=_(SCORE_NAMES[c]), vp=theirs[c], other=mine[c])
    return text + "."


__all__ = ["story"]

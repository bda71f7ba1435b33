"""The story of a finished game in a few sentences, for the final panel: who won and by how much, where
the winner's points came from, where the game was decided (the categories with the largest difference
between the winner and the runner-up) and, in a solo game, what Andrew's VP cards gave him. Read from
the game's public queries only (``Game.scores()``, ``Game.winners()``, ``Game.andrew()``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.words import SCORE_NAMES

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.scoring import ScoreBreakdown

TOP = 3          # categories named for where the winner's points came from
DECIDING = 2     # categories named for where the game was decided


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _points(score: ScoreBreakdown) -> list[tuple[str, int]]:
    """(category, VP) of the categories that scored, the largest first (ties: in the breakdown's order)."""
    scored = [(c, v) for c, v in score.as_dict().items() if c != "total" and v]
    return sorted(scored, key=lambda cv: -cv[1])


def story(game: Game) -> list[str]:
    """Two to four sentences on a finished game ([] while it is not over)."""
    if not game.is_over:
        return []
    table = game.scores()
    winners = game.winners()
    others = sorted((n for n in table if n not in winners), key=lambda n: -table[n].total)
    best, win = table[winners[0]].total, table[winners[0]]
    runner = others[0] if others else None
    if len(winners) > 1:
        lines = [f"{_and(winners)} share the win with {best} VP"
                 + (f", {best - table[runner].total} VP ahead of {runner}." if runner else ".")]
    else:
        assert runner is not None               # one winner: somebody else played
        lines = [f"{winners[0]} wins by {best - table[runner].total} VP: {best} to {table[runner].total} "
                 f"for {runner}."]
    top = _points(win)[:TOP]
    if top:
        lines.append(f"{winners[0]}'s {best} VP came chiefly from "
                     + _and([f"{SCORE_NAMES[c]} ({v})" for c, v in top]) + ".")
    if runner is not None:
        lines.append(_decided(win, runner, table[runner]))
    andrew = game.andrew()
    if andrew is not None and game.andrew_name is not None:
        cards = [f"{len(on)} × {vp} VP" for vp, on in sorted(andrew.vp_cards, reverse=True) if on and vp]
        vp = table[game.andrew_name].cards
        lines.append(f"{SCORE_NAMES['cards']} gave him {vp} VP" + (f" ({', '.join(cards)})." if cards else "."))
    return lines


def _decided(score: ScoreBreakdown, runner: str, other: ScoreBreakdown) -> str:
    """Where the winner made the difference over the runner-up (more VP in all: some category has a
    positive gap), and where the runner-up was ahead the most."""
    mine, theirs = score.as_dict(), other.as_dict()
    gaps = sorted(((c, mine[c] - theirs[c]) for c in mine if c != "total"), key=lambda cg: -cg[1])
    ahead = [f"{SCORE_NAMES[c]} ({mine[c]} to {theirs[c]})" for c, gap in gaps[:DECIDING] if gap > 0]
    text = f"The game was decided on {_and(ahead)}"
    c, gap = gaps[-1]
    if gap < 0:
        text += f"; {runner} did better on {SCORE_NAMES[c]} ({theirs[c]} to {mine[c]})"
    return text + "."


__all__ = ["story"]

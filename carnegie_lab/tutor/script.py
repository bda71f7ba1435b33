"""The tutorial scripts' vocabulary: a script is a list of :class:`Step`, played by
:class:`~carnegie_lab.tutor.stepper.Stepper`.

A step's items are notation strings, or small functions that pick actions from ``game.legal_actions()``
(:func:`first`, :func:`until`, :func:`until_round`, :func:`bots_play`). :func:`play` applies items outside a
stepper (to set a position up); :func:`replay_steps` turns a record's actions into one step per round.
No widgets here: only the engine's public API.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, Union

from ..core.errors import CarnegieError
from ..core.i18n import translator
from ..engine import Game

#: A script item: notation to apply, or a function of the game that applies actions itself (see
#: :func:`first`, :func:`until`, :func:`bots_play`); what it applied is read back from ``game.actions``.
Item = Union[str, Callable[[Game], Any]]


class ScriptError(CarnegieError):
    """A tutorial script does not fit the game (an action is illegal, or a step's check failed)."""


@dataclass
class Step:
    """One step of a script.

    - ``title``: a few words; ``text``: the explanation, in a tiny markdown (paragraphs, ``- `` lists,
      ``**bold**``, ``*italics*``, backquoted code), or a function of the game after the step returning it;
    - ``actions``: what the step plays (see :data:`Item`); none for a step that only explains;
    - ``view``: the view to show (a key of :data:`~carnegie_lab.tutor.stepper.VIEWS`; None keeps the one
      shown; ``"auto"``: one that shows what the step changed), ``player``: the seat for the company and
      network views (None: whoever the step changed most);
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
            seat = game.current_player
            assert seat is not None             # the game is not over: somebody decides
            game.apply(bots[seat].choose(game))
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


def replay_steps(game: Game, record_actions: Sequence[str], *, view: str = "auto",
                 lang: str | None = None) -> list[Step]:
    """Steps that replay a list of actions round by round (one step per round, the setup as the first one),
    each explained by its round summary and game log; ``game`` is the position the actions start from (it
    is not changed). With ``view="auto"`` each step shows the view where its round changed most. ``lang``:
    the language of the steps' titles and texts (None: English)."""
    _ = translator(lang).gettext
    g = game.copy()
    steps: list[Step] = []
    batch: list[str] = []

    def flush(label: str) -> None:
        if batch:
            steps.append(Step(label, lambda shown: _log_text(shown, lang), list(batch), view=view))
            batch.clear()

    for text in record_actions:
        before = g.round
        g.apply(text)
        batch.append(text)
        if g.round != before or g.is_over:
            flush(_("The setup") if before == 0 else _("Round {round}").format(round=before))
    flush(_("The setup") if g.round == 0 else _("Round {round} (so far)").format(round=g.round))
    return steps


def _log_text(game: Game, lang: str | None) -> str:
    """A step explained by the game itself: its latest round summary."""
    _ = translator(lang).gettext
    summaries = game.round_summaries()
    if summaries:
        h = summaries[-1]
        who = ", ".join(_("{player} {vp} VP").format(player=name, vp=row["score"])
                        for name, row in zip(game.players, h["players"]))
        return _("Round {round}: the row chosen was **{row}**. Score if the game ended now: {scores}.").format(
            round=h["round"], row=h["chosen"], scores=who)
    return _("The players place their starting houses, reserve a tile and make their setup moves.")


__all__ = ["Item", "ScriptError", "Step", "bots_play", "first", "play", "replay_steps", "until", "until_round"]

"""The Play tab's final panel, once the game is over: the result, the story of the game
(``session.story``), *Rematch* (the same players and level, a new seed), *Same seed* (the same game
again, a new stored game), *Review this game*, and the final scores."""
from __future__ import annotations

import html
import random
from typing import Callable

import ipywidgets as W

from ..core.i18n import translator
from ..session import Controller, Setup
from ..session.screen import Final
from .board_html import scores_html
from .bot_bar import button
from .panels import another_seed

STORY_STYLE = "font-size: 13px; line-height: 1.45; margin: 2px 0 6px 0"


def rematch_setup(ctl: Controller, same_seed: bool, rng: random.Random | None = None) -> Setup:
    """The setup of the page's game (its seats as they were before any *Bots finish the game*, the
    level, the departments and the label), with its seed or a new one."""
    setup = ctl.setup_again()
    if not same_seed:
        setup.seed = another_seed(setup.seed, rng)
    return setup


def final_html(final: Final | None) -> str:
    """The result and the story of the page's finished game ("" while it goes on)."""
    if final is None:
        return ""
    lines = " ".join(html.escape(line) for line in final.story)
    return (f"<div class='cl-game-over'>{html.escape(final.result)}</div>"
            f"<p class='cl-story' style='{STORY_STYLE}'>{lines}</p>")


class FinalPanel:
    """The final panel of a dashboard (hidden while the game goes on)."""

    def __init__(self, on_rematch: Callable[[bool], None], on_review: Callable[[], None], lang: str | None = None):
        """``on_rematch(same_seed)``: *Rematch* (False) and *Same seed* (True); ``on_review``: *Review this game*
        (the Replay tab, the review started)."""
        self.lang = lang
        _ = translator(lang).gettext
        self.head = W.HTML()
        self.scores = W.HTML()
        self.rematch = button(_("Rematch"), "random", _("a new game in this browser: the same players and level, "
                              "a new seed"), lambda: on_rematch(False), "cl-rematch")
        self.same_seed = button(_("Same seed"), "repeat", _("a new game in this browser: the same players, level "
                                "and seed (the same deals)"), lambda: on_rematch(True), "cl-same-seed")
        self.review_link = button(_("Review this game"), "line-chart", _("grade every decision with a choice (in "
                                  "the background), on the Replay tab"), on_review, "cl-review-link")
        buttons = W.HBox([self.rematch, self.same_seed, self.review_link], layout=W.Layout(flex_flow="row wrap"))
        buttons.add_class("cl-final-buttons")
        self.box = W.VBox([self.head, buttons, self.scores])
        self.box.add_class("cl-final")

    def draw(self, final: Final | None, game) -> None:
        """The screen's end of the game (hidden while it goes on), and ``game``'s final scores."""
        self.box.layout.display = "" if final is not None else "none"
        self.head.value = final_html(final)
        self.scores.value = scores_html(game, lang=self.lang) if final is not None else ""


__all__ = ["FinalPanel", "final_html", "rematch_setup"]

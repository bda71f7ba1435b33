"""A dashboard's parts in its page: the frame it shows, and its helpers, the widgets that show nothing (the click
guard, the focus keeper, the page's address and clock), put in the page once it has drawn its controls (their
JavaScript modules are more things for the page to load first)."""
from __future__ import annotations

from typing import Sequence

import ipywidgets as W


class PageParts:
    """The children of ``box``: the parts shown, then the ``helpers`` (None: none of that kind)."""

    def __init__(self, box: W.Box, helpers: Sequence[W.Widget | None]):
        self.box = box
        self.helpers = [w for w in helpers if w is not None]

    def show(self, parts: list[W.Widget], helpers_now: bool) -> None:
        """Show these parts, with the helpers the page has already (all of them if ``helpers_now``)."""
        kept = [w for w in self.helpers if w in self.box.children]
        self.box.children = [*parts, *kept]
        if helpers_now:
            self.add_helpers()

    def add_helpers(self) -> None:
        """Put the helpers the page lacks in it."""
        extra = [w for w in self.helpers if w not in self.box.children]
        if extra:
            self.box.children = [*self.box.children, *extra]


__all__ = ["PageParts"]

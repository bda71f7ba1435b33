"""The table the widget edits: an engine ``Editor`` and the game drawn from it, changed one operation at a time.

:meth:`EditTable.change` makes one operation of the editor and says what happened in words: done, or refused
(a ``CarnegieError``, an ``EditError`` naming the law) with the table as it was. :meth:`EditTable.click` reads a
click on a view (the keys of the views' ``targets``: a site ``"city/index"`` or a city on the map, a space
``"track/<region>/<space>"`` or ``"tab/<seat>/<type>/<space>"`` of the tracks) as the operation it stands for,
and :meth:`EditTable.targets` gives each view's clickable keys with what a click does. No widget here.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.errors import CarnegieError
from ..core.i18n import translator
from ..core.state import ANDREW
from ..engine import Editor, Game
from ..session.labels import Labels
from ..session.texts import error_text
from ..views.map import site_positions
from ..views.palette import owner_name, project_names


class EditTable:
    """An editor, the game drawn from it (``game``), and the words of the last operation (``message``;
    ``refused``: it was refused)."""

    def __init__(self, editor: Editor, lang: str | None = None):
        self.editor, self.lang = editor, lang
        self.game: Game = editor.game()
        self.message, self.refused = "", False

    def words(self) -> Callable[[str], str]:
        return translator(self.lang).gettext

    def change(self, operation: str, *args: Any, done: str = "", **kwargs: Any) -> bool:
        """Make the editor's ``operation`` (a method's name); True if made. ``done``: what it did, in words."""
        try:
            getattr(self.editor, operation)(*args, **kwargs)
            game = self.editor.game()
        except CarnegieError as e:
            self.refuse(error_text(e, self.lang))
            return False
        self.game, self.message, self.refused = game, done, False
        return True

    def replace(self, editor: Editor, done: str) -> None:
        """Edit another table from now on (a position loaded)."""
        self.editor = editor
        self.game, self.message, self.refused = editor.game(), done, False

    def refuse(self, problem: str) -> None:
        """Say that an operation was refused, and why (the table is as it was)."""
        _ = self.words()
        self.message, self.refused = _("Refused: {problem}").format(problem=problem), True

    # -- the names of things ----------------------------------------------------------------------
    def owner(self, owner: Any) -> str:
        return owner_name(self.game, owner, self.lang)

    def project(self, ptype: str) -> str:
        _ = self.words()
        return _(project_names(self.game.components)[ptype])

    def region(self, region: str) -> str:
        return Labels(self.game, self.lang).region(region)

    # -- clicks on the views ----------------------------------------------------------------------
    def click(self, key: str, owner: Any, ptype: str) -> bool:
        """A click on ``key`` of a view: a site's project placed (``owner``'s, of type ``ptype``) or removed, a
        project placed in a city, a transport disc moved, a tab's spaces shown up to one."""
        _ = self.words()
        parts = key.split("/")
        if parts[0] in ("track", "tab") and len(parts) in (3, 4) and parts[-1].isdigit():
            return self._research(parts, owner)
        city = parts[0]
        if city not in self.game.components.cities:
            return False
        L = Labels(self.game, self.lang)
        disc = self.game.map_discs().get(key)
        if len(parts) == 2 and parts[1].isdigit() and disc is not None:
            return self.change("remove_project", city, int(parts[1]), done=_(
                "The project on {city} (site {site}) left the map.").format(city=L.city(city), site=parts[1]))
        site = int(parts[1]) if len(parts) == 2 and parts[1].isdigit() else None
        return self.change("place_project", owner, city, ptype, site, done=_(
            "{owner}'s {type} project placed in {city}.").format(owner=self.owner(owner), type=self.project(ptype),
                                                                 city=L.city(city)))

    def _research(self, parts: list[str], owner: Any) -> bool:
        _ = self.words()
        space = int(parts[-1])
        if parts[0] == "track":
            return self.change("set_track", owner, parts[1], space, done=_(
                "{owner}'s disc on the {region} track: space {space}.").format(
                owner=self.owner(owner), region=self.region(parts[1]), space=space + 1))
        if not parts[1].isdigit():
            return False
        seat = int(parts[1])
        return self.change("set_tab", seat, parts[2], space + 1, done=_(
            "{owner}'s {type} tab shows {n} spaces.").format(owner=self.owner(seat), type=self.project(parts[2]),
                                                              n=space + 1))

    def targets(self, kind: str, owner: Any, ptype: str) -> dict[str, str]:
        """The keys a click on the ``kind`` view (map or tracks) reads, each with what the click does."""
        _, game = self.words(), self.game
        C = game.components
        if kind == "map":
            discs = game.map_discs()
            place = _("click: place {owner}'s {type} project here").format(owner=self.owner(owner),
                                                                          type=self.project(ptype))
            remove = _("click: remove this project")
            return {key: remove if key in discs else place for key in site_positions(C)}
        if kind != "tracks":
            return {}
        out = {f"track/{region}/{space}": _("click: {owner}'s disc on this space").format(owner=self.owner(owner))
               for region in C.tracks for space in range(len(C.tracks[region].spaces))}
        for seat in range(len(game.players)):
            for ptype_ in C.tabs:
                for space in range(len(game.tab_spaces(seat, ptype_))):
                    out[f"tab/{seat}/{ptype_}/{space}"] = _("click: {n} spaces of this tab shown").format(n=space + 1)
        return out

__all__ = ["ANDREW", "EditTable"]

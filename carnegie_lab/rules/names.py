"""Player names are what they look like: the one rule for every name a game takes (``new_game``, a record's or a
position's options, the app's new-game form through ``check_new_game``).

A name is a non-blank text without control, format (bidi controls, zero-width characters: Unicode category Cf),
private-use, unassigned or line-separating characters, so that what a page or a terminal shows is the whole name:
``"\\u202eadA"`` shows as "Ada". Names are compared by :func:`name_key` (NFC, then ``casefold``), so that
"Ada" and "ADA", or an "é" typed as one character and as "e" with an accent, are the same name. ``new_game``
keeps names in NFC (:func:`normal_names`); a record keeps the names it was played with.
"""
from __future__ import annotations

import unicodedata
from typing import Any

from ..core.errors import OptionError
from ..core.i18n import N_

#: the Unicode categories a name may not hold: what shows as nothing, or moves or breaks the text around it
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_key(name: str) -> str:
    """What two names are compared by: equal keys, the same name."""
    return unicodedata.normalize("NFC", name).casefold()


def normal_names(players: Any) -> Any:
    """A list of names in NFC (anything else as it is, for :func:`check_player_names` to refuse)."""
    if isinstance(players, (list, tuple)) and all(isinstance(n, str) for n in players):
        return [unicodedata.normalize("NFC", n) for n in players]
    return players


def check_player_names(players: Any) -> None:
    """OptionError (option "players") unless ``players`` is a list of non-blank names, none holding a hidden
    character and no two of them the same name (:func:`name_key`)."""
    if not isinstance(players, (list, tuple)) or not all(isinstance(n, str) and n.strip() for n in players):
        raise OptionError("players", N_("expected a list of player names, got {players}", players=repr(players)))
    for name in players:
        hidden = next((c for c in name if unicodedata.category(c) in HIDDEN), None)
        if hidden is not None:
            raise OptionError("players", N_("the name {name} holds an invisible or control character ({code})",
                                            name=repr(name), code=f"U+{ord(hidden):04X}"))
    if len({name_key(n) for n in players}) != len(players):
        raise OptionError("players", N_("player names must differ, and not only in capitals: {players}",
                                        players=list(players)))

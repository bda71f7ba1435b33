"""Player names are what they look like: the one rule for every name a game takes (``new_game``, a record's or a
position's options, the app's new-game form through ``check_new_game``), checked by the players' option
(``options.PLAYERS``).

A name is a non-blank text without control, format (bidi controls, zero-width characters: Unicode category Cf),
private-use, unassigned or line-separating characters, so that what a page or a terminal shows is the whole name:
``"\\u202eadA"`` shows as "Ada". Names are compared by :func:`name_key` (NFC, then ``casefold``), so that
"Ada" and "ADA", or an "é" typed as one character and as "e" with an accent, are the same name. ``new_game``
keeps names in NFC (:func:`normal_names`); a record keeps the names it was played with.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Sequence

#: the Unicode categories a name may not hold: what shows as nothing, or moves or breaks the text around it
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_key(name: str) -> str:
    """What two names are compared by: equal keys, the same name."""
    return unicodedata.normalize("NFC", name).casefold()


def normal_names(players: Any) -> Any:
    """A list of names in NFC (anything else as it is, for the players' option to refuse)."""
    if isinstance(players, (list, tuple)) and all(isinstance(n, str) for n in players):
        return [unicodedata.normalize("NFC", n) for n in players]
    return players


def hidden_character(players: Sequence[str]) -> dict[str, str] | None:
    """The first name holding a hidden character, and that character's code point ({"which": "'Ada\\u200b'",
    "code": "U+200B"}), or None."""
    for name in players:
        hidden = next((c for c in name if unicodedata.category(c) in HIDDEN), None)
        if hidden is not None:
            return {"which": repr(name), "code": f"U+{ord(hidden):04X}"}
    return None


def same_names(players: Sequence[str]) -> bool:
    """Two of the names are the same name (:func:`name_key`)."""
    return len({name_key(n) for n in players}) != len(players)

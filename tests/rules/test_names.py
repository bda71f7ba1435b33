"""Issue 56: a player's name is what it looks like. Names with bidi controls or zero-width characters (Unicode
category Cf) were accepted ("\\u202eadA" shows as "Ada" beside a real Ada); names are kept in NFC and compared
after NFC and casefold. The one rule (rules/names.py) holds for new_game, records and positions."""
from __future__ import annotations

import json

import pytest

import carnegie_lab as cl

HIDDEN = ["\u202eadA", "Ada\u200b", "\u200b", "A\u2066da", "Ad\x1ba", "Ada\u2028"]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_an_invisible_character_is_refused(name):
    with pytest.raises(cl.OptionError, match=r"players: the name .* holds an invisible or control character \(U\+"):
        cl.new_game([name, "Ada"])


@pytest.mark.parametrize("names", [["Ada", "ADA"], ["Ade\u0301", "ad\u00e9"], ["Stra\u00dfe", "STRASSE"]])
def test_names_are_compared_after_nfc_and_casefold(names):
    with pytest.raises(cl.OptionError, match="must differ, and not only in capitals"):
        cl.new_game(names)
    with pytest.raises(cl.OptionError, match="solo opponent"):
        cl.new_game(["andrew CARNEGIE"], solo_level=1)


def test_a_new_game_keeps_its_names_in_nfc():
    game = cl.new_game(["Ade\u0301", "Bo"], seed=2)
    assert game.players == ["Ad\u00e9", "Bo"] and game.to_record()["options"]["players"] == ["Ad\u00e9", "Bo"]


def _named(text: str, old: str, new: str) -> str:
    return text.replace(json.dumps(old), json.dumps(new))


def test_records_and_positions_with_such_names_are_refused_and_valid_old_ones_still_load():
    game = cl.new_game(["Ada", "Bo"], seed=3)
    game.apply(game.legal_actions()[0])
    record, position = json.dumps(game.to_record()), json.dumps(game.to_position())
    for bad in ("\u202eadA", "ADA"):
        with pytest.raises(cl.RecordError, match=r"options\.players"):
            cl.Game.from_record(_named(record, "Bo", bad))
        with pytest.raises(cl.RecordError, match=r"state\.options\.players"):
            cl.Game.from_position(_named(position, "Bo", bad))
    old = cl.Game.from_record(_named(record, "Ada", "Ade\u0301"))     # written before names were kept in NFC
    assert old.players == ["Ade\u0301", "Bo"] and old.actions == game.actions

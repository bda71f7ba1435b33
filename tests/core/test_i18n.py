"""The translation layer (carnegie_lab.core.i18n) and its catalogs: every message the code and the data
give is translated in every language, with no fuzzy entry, and the compiled catalogs are the .po files'."""
from __future__ import annotations

import gettext
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import carnegie_lab as cl
from carnegie_lab.core import i18n
from carnegie_lab.core.words import reward_cell, reward_tiny, round_of

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "carnegie_lab" / "locale"
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/carnegie_lab.po"))


def _key(message) -> tuple:
    return message.context, message.id


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """The template ``make i18n-extract`` writes (the same command, into a temporary folder)."""
    pot = tmp_path_factory.mktemp("i18n") / "carnegie_lab.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", "extract", "-F", "babel.cfg",
                    "-o", str(pot), "."], cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as file:
        return {_key(m): m for m in read_po(file) if m.id}


def test_there_is_a_brazilian_portuguese_catalog():
    assert [p.parent.parent.name for p in CATALOGS] == ["pt_BR"]
    assert cl.languages() == ("en", "pt_BR")


def test_english_is_the_identity_and_portuguese_reads_the_catalog():
    for english in (i18n.translator(), i18n.translator(None), i18n.translator("en")):
        assert english.gettext("Round {round}: the map") == "Round {round}: the map"
        assert english.ngettext("{n} city", "{n} cities", 2) == "{n} cities"
    pt = i18n.translator("pt_BR")
    assert pt is i18n.translator("pt_BR")                 # read once
    assert pt.gettext("Round {round}: the map") == "Rodada {round}: o mapa"
    assert pt.gettext("West") == "Oeste" and pt.gettext("Research & Development") == "Pesquisa e Desenvolvimento"
    assert [pt.ngettext("{n} city", "{n} cities", n).format(n=n) for n in (1, 2)] == ["1 cidade", "2 cidades"]


def test_a_count_takes_its_number_s_form_zero_is_plural_in_portuguese():
    """pt_BR's Plural-Forms: the singular for 1 only ("0 ações", as Brazilian Portuguese writes zero), the "de"
    form for whole millions, the plural for the rest."""
    pt, en = i18n.translator("pt_BR"), i18n.translator()
    counts = (0, 1, 2, 1_000_000)
    assert [pt.ngettext("{n} action", "{n} actions", n).format(n=n) for n in counts] == [
        "0 ações", "1 ação", "2 ações", "1000000 ações"]
    assert [pt.plural(n) for n in counts] == [2, 0, 2, 1]
    assert [en.ngettext("{n} action", "{n} actions", n).format(n=n) for n in counts[:3]] == [
        "0 actions", "1 action", "2 actions"]


def test_the_empty_text_stays_empty_and_a_tag_with_a_hyphen_is_a_language():
    pt = i18n.translator("pt_BR")
    assert pt.gettext("") == "" and i18n.render("", "pt_BR") == ""    # not the catalog's header
    assert i18n.translator("pt-BR") is pt


def test_an_unknown_language_is_an_error_naming_the_languages():
    with pytest.raises(cl.UnknownLanguageError, match="'xx'.*en, pt_BR") as error:
        i18n.translator("xx")
    assert isinstance(error.value, cl.CarnegieError)


def test_the_engine_s_words_in_portuguese_and_english_unchanged():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    income = game.components.tracks["west"].spaces[3].income
    assert reward_cell(income) == "2 VP" and reward_cell(income, lang="pt_BR") == "2 PV"
    assert reward_tiny(game.components.tracks["midwest"].spaces[2].income, "pt_BR") == "3pe"
    assert round_of(3, 20) == "Round 3 of 20" and round_of(3, 20, lang="pt_BR") == "Rodada 3 de 20"
    assert round_of(0, 20, capital=False, lang="pt_BR") == "preparação"


def test_numbers_are_written_the_language_s_way():
    assert i18n.number(1.25 + 0.25, "+.1f") == "+1.5" and i18n.number(1.5, "+.1f", "pt_BR") == "+1,5"
    assert i18n.number(0.55, ".0%", "pt_BR") == "55%" and i18n.number(-3.0, ".1f", "pt_BR") == "-3,0"


def test_every_extracted_message_is_translated_and_not_fuzzy(extracted):
    """What fails CI when a new message has no pt_BR translation (``make i18n-update``, then translate)."""
    assert len(extracted) > 150 and (None, "Seattle") in extracted and ("tiny unit", "sp") in extracted
    for path in CATALOGS:
        with path.open("rb") as file:
            catalog = {_key(m): m for m in read_po(file) if m.id}
        missing = [key for key in extracted if key not in catalog]
        empty = [key for key, m in catalog.items()
                 if not all(m.string if isinstance(m.string, tuple) else [m.string])]
        fuzzy = [key for key, m in catalog.items() if m.fuzzy]
        stale = [key for key in catalog if key not in extracted]
        assert not (missing or empty or fuzzy or stale), (
            f"{path.relative_to(ROOT)} (make i18n-update, translate, make i18n-compile): not in the catalog "
            f"{missing}, untranslated {empty}, fuzzy {fuzzy}, no longer in the code {stale}")


def test_the_committed_template_is_the_extracted_one(extracted):
    with (LOCALE / "carnegie_lab.pot").open("rb") as file:
        assert {_key(m) for m in read_po(file) if m.id} == set(extracted), "make i18n-extract"


def test_translations_keep_the_placeholders_of_their_message():
    fields = lambda text: sorted(re.findall(r"\{[^}]*\}", text))  # noqa: E731
    for path in CATALOGS:
        with path.open("rb") as file:
            for m in read_po(file):
                if not m.id:
                    continue
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                assert all(fields(s) == fields(ids[-1]) for s in strings), (m.id, m.string)


def test_the_compiled_catalogs_are_the_po_files():
    """The package reads the committed .mo: recompiling its .po gives the same messages (else make
    i18n-compile)."""
    for path in CATALOGS:
        with path.open("rb") as file:
            compiled = io.BytesIO()
            write_mo(compiled, read_po(file))
        fresh = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
        with path.with_suffix(".mo").open("rb") as file:
            committed = gettext.GNUTranslations(file)
        assert committed._catalog == fresh._catalog, f"{path.with_suffix('.mo')} is stale: make i18n-compile"
        assert committed.plural(1) == 0 and committed.plural(2) > 0


def test_the_data_extractor_reads_the_keys_it_is_given():
    text = json.dumps({"cities": [{"name": "Reno", "size": "small"}, {"name": "Reno"}], "x": {"name": "Fargo"}},
                      indent=1).encode()
    found = list(i18n.extract_data(io.BytesIO(text), (), (), {"keys": "name"}))
    assert [(message, funcname) for _, funcname, message, _ in found] == [("Reno", "_"), ("Fargo", "_")]
    lines = text.decode().splitlines()
    assert all('"' + message + '"' in lines[line - 1] for line, _, message, _ in found)

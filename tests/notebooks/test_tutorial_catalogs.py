"""The tutorials' catalogs (``notebooks/locale/<lang>/LC_MESSAGES/NN-name.po``): every text of a tutorial's
prose (tools/tutorial_text.py) is translated in each language's catalog, none fuzzy, none left over, each
f-string's fields kept, each stating the numbers its English states; an English sentence changed since its
translation fails naming it. And docs/translating.md's worked example: tutorial 4 into a toy language."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from babel.messages.pofile import write_po
from i18n_check import wide

from .conftest import NOTEBOOKS, build_notebooks
from .test_tutorials import stated

#: (the source's name, the language) of each catalog, found without importing the build's tools at collection
CATALOGS = sorted((f"{path.stem}.py", path.parent.parent.name)
                  for path in (NOTEBOOKS / "locale").glob("*/LC_MESSAGES/*.po"))
SOURCE = NOTEBOOKS / "src" / "04-management-and-departments.py"


#: what the toy translation keeps as it is: a link's target
LINK = re.compile(r"(\]\([^)]*\))")
CHANGED = "Ada takes one goods, then sends an employee on a mission to the South for $6."


@pytest.fixture(scope="module")
def tools():
    """tools/build_notebooks.py."""
    return build_notebooks()


def test_every_tutorial_is_translated_into_brazilian_portuguese(tools):
    assert tools.languages() == ["pt_BR"]
    assert {name for name, _ in CATALOGS} == {source.name for source in tools.sources()} - {"app.py"}


def assert_translated(source, lang, locale=NOTEBOOKS / "locale"):
    problems = build_notebooks().untranslated(source, lang, locale)
    assert problems == [], f"{lang}'s catalog of {source.name} (make i18n-update, then translate): {problems}"


@pytest.mark.parametrize("name, lang", CATALOGS)
def test_every_text_of_the_tutorial_is_translated_and_up_to_date(tools, name, lang):
    """What fails when a tutorial's English prose changes: ``make i18n-update``, then translate what it names."""
    assert_translated(tools.SOURCES / name, lang)


@pytest.mark.parametrize("name, lang", [(name, lang) for name, lang in CATALOGS if name != "00-contents.py"])
def test_a_translation_states_the_numbers_of_its_english(tools, name, lang):
    """In digits, as tests/notebooks/test_tutorials.py reads them (the contents links steps by number instead)."""
    for message in tools.read_catalog(tools.catalog_path(tools.SOURCES / name, lang)):
        if message.id:
            assert stated(LINK.sub("", message.string)) == stated(LINK.sub("", message.id)), message.id


def copy_of_tutorial_4(tools, tmp_path):
    """Tutorial 4's source and its catalogs in a folder of their own (``src``, ``locale``)."""
    (tmp_path / "src").mkdir()
    source = tmp_path / "src" / SOURCE.name
    shutil.copy(SOURCE, source)
    for lang in tools.languages():
        folder = tmp_path / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(tools.catalog_path(SOURCE, lang), folder)
    return source, tmp_path / "locale"


def test_a_changed_english_sentence_is_named_until_it_is_translated_again(tools, tmp_path):
    source, locale = copy_of_tutorial_4(tools, tmp_path)
    changed = CHANGED.replace("for $6", "for six dollars")
    source.write_text(source.read_text().replace(CHANGED, changed))
    with pytest.raises(AssertionError, match=re.escape(f"pt_BR's catalog of {source.name}")) as failed:
        assert_translated(source, "pt_BR", locale)
    assert f"'missing: {changed}', 'obsolete: {CHANGED}'" in str(failed.value)
    assert changed in tools.render(source, "pt_BR", locale)       # the notebook says it in English meanwhile
    # make i18n-update merges the new template: the old translation comes back, fuzzy
    pot = tmp_path / "04.pot"
    with pot.open("wb") as file:
        write_po(file, tools.template(source))
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", "update", "-i", str(pot), "-d",
                    str(locale), "-D", source.stem, "--ignore-obsolete"], check=True, capture_output=True)
    with pytest.raises(AssertionError, match=re.escape(f"['fuzzy: {changed}']")):
        assert_translated(source, "pt_BR", locale)


def test_translating_tutorial_4_into_a_new_language(tools, tmp_path):
    """docs/translating.md, "Translating a tutorial": extract, start the catalog, translate it, build, test --
    into a toy language (the English with full-width letters) under the code of Esperanto."""
    source, locale = copy_of_tutorial_4(tools, tmp_path)
    pot = tmp_path / f"{source.stem}.pot"
    with pot.open("wb") as file:
        write_po(file, tools.template(source))
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", "init", "-i", str(pot), "-d",
                    str(locale), "-D", source.stem, "-l", "eo"], check=True, capture_output=True)
    path = tools.catalog_path(source, "eo", locale)
    catalog = tools.read_catalog(path)
    assert tools.untranslated(source, "eo", locale)[0].startswith("empty: # 4 · ")
    for message in catalog:
        if message.id:
            message.string = "".join(part if LINK.fullmatch(part) else wide(part) for part in LINK.split(message.id))
    with path.open("wb") as file:
        write_po(file, catalog)
    assert_translated(source, "eo", locale)
    assert tools.languages(locale) == ["eo", "pt_BR"]
    notebook = tools.render(source, "eo", locale)
    assert 'LANG = \\"eo\\"' in notebook and wide("Bo chooses Management") in notebook
    assert wide("Round 2: Bo picks the **MG** row.") in notebook and "Bo chooses Management" not in notebook
    # a tutorial not translated into the language is linked in English; a translated one in the language
    assert "](../05-construction-and-the-map.ipynb)" in notebook and "](00-contents.ipynb)" not in notebook
    shipped = tools.NOTEBOOKS / tools.notebook_name(source, "pt_BR")
    assert "](05-construction-and-the-map.ipynb)" in shipped.read_text()


def test_the_built_code_of_every_language_is_python(tools):
    """A translated literal is written back as a valid literal (quotes, backslashes, line breaks, f-strings)."""
    import ast
    import json

    for source, lang in tools.notebooks():
        for cell in json.loads(tools.render(source, lang))["cells"]:
            if cell["cell_type"] == "code":
                ast.parse("".join(cell["source"]))


def test_the_prose_of_a_source_and_its_translation(tools):
    code = ('LANG = "en"\n# Two lines\n# of comment\nx = f(_("a \\"quoted\\" text"), 3)  # trailing\n'
            'def g(n):\n    """A docstring."""\n    return _(f"{n} steps") + _(name)\n')
    cell = type("Cell", (), {"cell_type": "code", "source": code})
    texts = ["Two lines\nof comment", 'a "quoted" text', "trailing", "A docstring.", "{n} steps"]
    assert tools.tutorial_text.messages([cell]) == texts
    words = dict(zip(texts, ["Duas linhas\nde comentário", 'um texto "citado"', "no fim", "Uma docstring.",
                             "{n} passos"]))
    assert tools.tutorial_text.translated([cell], "pt_BR", words.get) == [
        'LANG = "pt_BR"\n# Duas linhas\n# de comentário\nx = f(\'um texto "citado"\', 3)  # no fim\n'
        'def g(n):\n    """Uma docstring."""\n    return f"{n} passos" + _(name)\n']

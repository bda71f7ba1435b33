"""No English prose left in a Portuguese tutorial: read from its source, without a kernel.

A Portuguese notebook's prose is its text cells, its code's comments and docstrings and the string literals of
its code that are sentences (a step's title and text, an exercise's question and feedback, the words a cell
prints). A word of that prose that the English notebooks use, outside the names both languages share, is
English left untranslated. Notation (``"choose HR"``), code between backticks and a link to an English
tutorial are not prose.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize

import pytest

from carnegie_lab.tutor import positions

from .conftest import NOTEBOOKS, TUTORIALS, TUTORIALS_PT
from .test_tutorials import CONTENTS, CONTENTS_PT, cells

#: Words both languages write: people, places, software, the timeline's row codes, project letters, and the
#: Portuguese words that English also has (``a``, ``no``, ``total``, ``solo``...).
BOTH = {"ada", "andrew", "bo", "carnegie", "chicago", "cincinnati", "francisco", "new", "orleans", "pittsburgh",
        "san", "york", "jupyterlab", "networkx", "plotly", "voilà", "widgets", "json", "hr", "mg", "co", "rd", "c",
        "h", "i", "p", "d", "a", "as", "do", "no", "em", "final", "total", "solo", "lobby", "tutorial", "passo",
        "grade", "run", "all", "cells", "português", "aprenda", "bots", "r", "s", "e", "n", "de", "se", "for",
        "decide", "legal", "original", "chances", "some", "move", "replay"}
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: not prose: code (`...`, a call), dotted names, snake_case ids and paths, company cells (b2), a link's target,
#: a link to an English tutorial (its English title), an f-string's fields
NOT_PROSE = re.compile(r"`[^`]*`|\S*\.\w\S*|\w+\(\S*|\b\w*_\w*|\S+/\S*|\b[a-d][1-4]\b|\[[^\]]*\]\(\.\./[^)]*\)"
                       r"|\]\([^)]*\)|\{[^}]*\}")


def english_words() -> set[str]:
    """Every word of the English notebooks, text and code, in lower case, but for the shared ones."""
    texts = [text for name in [CONTENTS, *TUTORIALS] for kind in ("markdown", "code") for text in cells(name, kind)]
    return {word.lower() for text in texts for word in WORD.findall(text)} - BOTH


#: the engine's own words a notebook compares with: a change's name in explain
ENGINE_IDS = {"best major-city link"}


def is_notation(text: str) -> bool:
    """An action as the engine writes it ("choose HR", "co C new_york", "done"), a bot spec
    ("search:playouts=16"), an identifier ("cities") or one of the engine's ids."""
    return (text.split(" ", 1)[0] in positions.fresh().rules.verbs or bool(re.fullmatch(r"[a-z_]+|\S*[:=]\S*", text))
            or text in ENGINE_IDS)


def prose(source: str, kind: str) -> list[str]:
    """The prose of a cell: all of a text cell; a code cell's comments, docstrings and sentence literals."""
    if kind == "markdown":
        return [source]
    out = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
    tree = ast.parse(source)
    code = {id(kw.value) for kw in ast.walk(tree) if isinstance(kw, ast.keyword) and kw.arg == "code"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and not is_notation(node.value):
            out.append(node.value.partition("#")[2] if id(node) in code else node.value)   # an exercise's code
    return out


def english_left(texts: list[str], english: set[str]) -> list[str]:
    return sorted({word for text in texts for word in WORD.findall(NOT_PROSE.sub(" ", text))
                   if word.lower() in english})


def notebook_prose(name: str) -> list[str]:
    return [text for kind in ("markdown", "code") for cell in cells(name, kind) for text in prose(cell, kind)]


def test_the_scan_finds_english_prose_and_passes_names_notation_and_code():
    english = english_words()
    portuguese = 'Step("Rodada 4: Bo escolhe **CO**", "Ele constrói em `co C new_york`.", ["choose CO"])'
    assert english_left(prose(portuguese, "code"), english) == []
    mixed = 'Step("Rodada 4", "Bo chooses the row; the event is a donation.", ["choose CO"])  # Bo\'s turn'
    assert english_left(prose(mixed, "code"), english) == ["Bo's", "chooses", "donation", "event", "is", "row", "the",
                                                           "turn"]
    assert english_left(["[8 · The end of the game](../08-end.ipynb): a pontuação"], english) == []
    assert len(english_left(notebook_prose("08-end-of-game-and-scoring.ipynb"), english)) > 100


@pytest.mark.parametrize("name", [CONTENTS_PT, *TUTORIALS_PT])
def test_a_portuguese_notebook_has_no_english_prose(name):
    assert (NOTEBOOKS / name).exists()
    assert english_left(notebook_prose(name), english_words()) == []

"""The tutorial notebooks: made exactly from their percent-format sources (``notebooks/src``) and catalogs
(``notebooks/locale``), stored clean, teaching only the public API, linked from the contents, the
rules-at-a-glance list and the README -- and, executed once each in a kernel (see conftest.py), free of errors,
with steppers that advance on Next, every number a text states checked against the engine, and exercises that
accept their pinned answer and refuse the mistakes they list. The tutorials in Brazilian Portuguese
(``notebooks/pt_BR``) run the same code in other words: their glance names the translated steps and they say no
English (their catalogs: test_tutorial_catalogs.py)."""
from __future__ import annotations

import ast
import io
import json
import re
import tokenize

import pytest

from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import positions

from .conftest import NOTEBOOKS, ROOT, TUTORIALS, TUTORIALS_PT, build_notebooks

CONTENTS = "00-contents.ipynb"
CONTENTS_PT = "pt_BR/00-contents.ipynb"


def cells(name: str, kind: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / name).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


# -- numbers stated in a text ---------------------------------------------------------------------------------

REFERENCE = re.compile(r"\b(?:notebooks?|steps?|tutoria(?:l|is)|passos?)\s+\d+(?:\s*(?:,|and|to|or|e|a|ou)\s*\d+)*",
                       re.IGNORECASE)
NOT_A_NUMBER = re.compile(r"`[^`]*`|\b[a-d][1-4]\b|^\d+\.\s")        # code, company cells, "1. " of a list
NUMBER = re.compile(r"(?<![\w.])\d+(?!\w)")
WORDS = {"zero": 0, "one": 1, "once": 1, "first": 1, "two": 2, "twice": 2, "both": 2, "second": 2, "three": 3,
         "third": 3, "four": 4, "fourth": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12,
         # in Portuguese
         "um": 1, "uma": 1, "primeiro": 1, "primeira": 1, "dois": 2, "duas": 2, "ambos": 2, "segundo": 2,
         "três": 3, "terceiro": 3, "quatro": 4, "quarto": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
         "nove": 9, "dez": 10, "onze": 11, "doze": 12}


def stated(text: str) -> set[int]:
    """The numbers a text states about its position, in digits (not references to notebooks or steps, not
    company cells like b2, not code)."""
    return {int(n) for n in NUMBER.findall(NOT_A_NUMBER.sub(" ", REFERENCE.sub(" ", text)))}


def in_words(text: str) -> set[int]:
    return {WORDS[w] for w in re.findall(r"[^\W\d_]+", text.lower()) if w in WORDS}


def test_stated_numbers_are_found_in_texts():
    assert stated("Round 8 (step 8): 2 × 3 = **6 moves**, $5 and 12 VP; see notebook 4.") == {8, 2, 3, 6, 5, 12}
    assert stated("1. Choose: d3 and `move c1 c2`; steps 2 to 7, notebooks 2 and 3") == set()
    assert stated("the round-10 position, 7 + 2 VP.") == {10, 7, 2}
    assert in_words("Both employees, twice: one") == {2, 1}
    assert stated("Rodada 8 (passo 8): 2 × 3 = 6; veja os tutoriais 2 e 3 e o tutorial 4.") == {8, 2, 3, 6}
    assert in_words("Seis movimentos, três Empregados") == {6, 3}


# -- stored notebooks (no kernel) ---------------------------------------------------------------------------

def test_the_contents_and_eleven_numbered_tutorials_each_from_a_source():
    module = build_notebooks()
    made = [module.notebook_name(source, lang) for source, lang in module.notebooks()]
    assert [name[:3] for name in TUTORIALS] == [f"{i:02d}-" for i in range(1, 12)]
    assert sorted(made) == sorted([CONTENTS, *TUTORIALS, "app.ipynb", CONTENTS_PT, *TUTORIALS_PT])
    assert sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.glob("**/*.ipynb")) == sorted(made)


def test_the_committed_notebooks_are_what_their_sources_make():
    module = build_notebooks()
    for source, lang in module.notebooks():
        name = module.notebook_name(source, lang)
        assert (NOTEBOOKS / name).read_text() == module.render(source, lang), \
            f"{name} is out of date: run python tools/build_notebooks.py"
    assert module.main(["--check"]) == 0


def test_the_check_finds_a_notebook_edited_by_hand(tmp_path):
    module = build_notebooks()
    (tmp_path / "pt_BR").mkdir()
    for source, lang in module.notebooks():
        (tmp_path / module.notebook_name(source, lang)).write_text(module.render(source, lang))
    assert module.stale(tmp_path) == []
    edited = tmp_path / "03-round-and-timeline.ipynb"
    edited.write_text(edited.read_text().replace("20 rounds", "21 rounds", 1))
    (tmp_path / "app.ipynb").unlink()
    translated = tmp_path / "pt_BR" / "04-management-and-departments.ipynb"
    translated.write_text(translated.read_text().replace("Gerência", "Gestão", 1))
    assert module.stale(tmp_path) == ["03-round-and-timeline.ipynb", "app.ipynb",
                                      "pt_BR/04-management-and-departments.ipynb"]


@pytest.mark.parametrize("name", [CONTENTS, *TUTORIALS, "app.ipynb", CONTENTS_PT, *TUTORIALS_PT])
def test_notebooks_are_stored_without_outputs(name):
    nb = json.loads((NOTEBOOKS / name).read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell["id"]
        assert cell["metadata"] == {}, cell["id"]
    assert set(nb["metadata"]) == {"kernelspec", "language_info"}
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("name", [CONTENTS, *TUTORIALS, CONTENTS_PT, *TUTORIALS_PT])
def test_dollars_in_markdown_are_escaped(name):
    """JupyterLab and Voilà read text between two $ signs as mathematics ("$5 or $10" in italics, spaces
    lost): a price is written \\$5."""
    for text in cells(name, "markdown"):
        assert not re.search(r"(?<!\\)\$", text), text


#: Numbers of the rules the tutorials' text cells state, each as the component data gives it: (notebook,
#: the phrase with {} for the number, the number).
RULES = [
    ("01", "Over **{} rounds**", lambda C: C.constants.rounds),
    ("01", "with {} cities joined by", lambda C: len(C.cities)),
    ("01", "**Employees**: {} each", lambda C: C.constants.employees_total),
    ("01", "**Discs**: {} each", lambda C: C.constants.discs_total),
    ("01", "**The donation chart**: {} good causes", lambda C: len(C.donations)),
    ("02", "**{} moves for each employee standing in it**",
     lambda C: C.departments["human_resources"].params["moves_per_employee"]),
    ("03", "4 rows × 5 spaces = {} rounds", lambda C: C.constants.rounds),
    ("04", "take **\\${}**", lambda C: C.departments["commerce_finance"].params["money"]),
    ("04", "for **\\${}**, or", lambda C: C.departments["commerce_finance"].params["mission_money"]),
    ("04", "or **{} goods**", lambda C: C.departments["commerce_finance"].params["mission_goods"]),
    ("04", "sell a goods cube for \\${}", lambda C: C.constants.sell_price),
    ("04", "it costs **{} goods**", lambda C: C.constants.department_cost_empty),
    ("04", "or only **{}** if an employee", lambda C: C.constants.department_cost_with_employee),
    ("04", "only half of the {} tiles", lambda C: C.constants.department_copies * sum(
        1 for d in C.departments.values() if not d.starting and not d.expansion)),
    ("05", "you pay **goods**: {} for Housing", lambda C: C.tabs["H"].goods_cost),
    ("05", "{} for Industry", lambda C: C.tabs["I"].goods_cost),
    ("06", "**study points**: {} for each", lambda C: C.departments["research"].params["study_per_employee"]),
    ("06", "(Housing {}, Commerce", lambda C: C.tabs["H"].sides["A"][1].cost),
    ("06", "Public Infrastructure {} per space", lambda C: C.tabs["P"].sides["A"][1].cost),
    ("07", "**\\${}** for your first donation", lambda C: C.constants.donation_price),
    ("07", "never scores more than **{} VP**", lambda C: C.constants.donation_cap),
    ("08", "| up to {} |", lambda C: max(C.connection_table.values())),
    ("08", "| up to {} each |", lambda C: C.constants.donation_cap),
    ("08", "San Francisco ({} points)", lambda C: C.cities["san_francisco"].connection_points),
    ("08", "Action Choice tile** (3 and 4 players) | {} |", lambda C: C.constants.action_choice_vp),
    ("09", "or {} VP, depending", lambda C: C.constants.andrew_vp_cards[-1]),
    ("09", "{} VP per department tile he took", lambda C: C.constants.andrew_department_vp),
    ("09", "{} VP per final box", lambda C: C.constants.andrew_final_box_vp),
]


@pytest.mark.parametrize("prefix, phrase, number", RULES, ids=[f"{n}: {p[:30]}" for n, p, _ in RULES])
def test_the_rules_numbers_in_the_text_are_the_datas(prefix, phrase, number):
    name = next(n for n in [CONTENTS, *TUTORIALS] if n.startswith(prefix))
    components = positions.fresh().components
    assert phrase.format(number(components)) in "\n".join(cells(name, "markdown")), phrase


INTERNALS = re.compile(r"\.state\b|carnegie_lab\.(?:rules|state|records|network|loader|jsontext)\b"
                       r"|from carnegie_lab import (?:rules|state|records|network)\b|\._[a-z]")


@pytest.mark.parametrize("name", TUTORIALS + TUTORIALS_PT)
def test_tutorial_code_uses_only_the_public_api(name):
    for code in cells(name, "code"):
        found = INTERNALS.findall(code)
        assert not found, f"{name} uses the engine's internals ({found}):\n{code}"


def test_the_internals_check_catches_what_the_old_tutorials_did():
    old = ['lambda g: g.state.flow.hr_moves', 'from carnegie_lab.rules import company',
           'import carnegie_lab.rules.donations', 'from carnegie_lab.rules.network import best_connection',
           'tour._games[3]', 'game.state\n']
    assert all(INTERNALS.search(code) for code in old)
    assert not INTERNALS.search('game.decision.context.hr_moves; game.money(0); cl.Game.from_record(text)')


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_has_a_stepper_and_an_exercise_and_links_the_next(name):
    code, text = "\n".join(cells(name, "code")), "\n".join(cells(name, "markdown"))
    assert "Stepper(" in code and "Exercise(" in code
    assert text.lstrip().startswith(f"# {int(name[:2])} · ")
    assert f"({CONTENTS})" in text
    index = TUTORIALS.index(name)
    if index + 1 < len(TUTORIALS):
        assert f"({TUTORIALS[index + 1]}) →" in text
    if index > 0:
        assert "← [" in text and f"({TUTORIALS[index - 1]})" in text


def title_of(name: str) -> str:
    return cells(name, "markdown")[0].splitlines()[0].removeprefix("# ")


def test_the_contents_and_the_readme_link_every_tutorial_by_its_title():
    contents = "\n".join(cells(CONTENTS, "markdown"))
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Tutorials", 1)[1].split("\n## ", 1)[0]
    for name in TUTORIALS:
        assert f"[{title_of(name)}]({name})" in contents
        assert f"[{title_of(name)}](notebooks/{name})" in section
    assert "mybinder.org/v2/gh/" in section and "voila%2Frender%2Fnotebooks%2F" in section
    assert "make_notebooks" not in section and "notebooks/src" in section


GLANCE = re.compile(r'\[(\d+) · step (\d+) "([^"]+)"\]\(([^)]+)\)')


def glance_links(contents: str = CONTENTS, heading: str = "## Rules at a glance", glance: re.Pattern = GLANCE
                 ) -> list[tuple[int, int, str, str]]:
    text = "\n".join(cells(contents, "markdown"))
    assert heading in text
    return [(int(n), int(k), title, file) for n, k, title, file in glance.findall(text)]


#: the Portuguese contents' "As regras num relance": [3 · passo 2 "2. O evento"](03-round-and-timeline.ipynb)
GLANCE_PT = re.compile(r'\[(\d+) · passo (\d+) "([^"]+)"\]\(([^)]+)\)')


def glance_links_pt() -> list[tuple[int, int, str, str]]:
    """The Portuguese glance's links, each to its notebook's path in notebooks/ (pt_BR/...)."""
    return [(n, k, title, f"pt_BR/{file}") for n, k, title, file in
            glance_links(CONTENTS_PT, "## As regras num relance", GLANCE_PT)]


#: The tutorials that teach no rule: tools for studying games and playing well.
NO_RULES = {"10-exploring-positions.ipynb", "11-playing-well.ipynb"}


def test_the_rules_at_a_glance_link_the_notebooks_they_name():
    links = glance_links()
    assert len(links) >= 30
    assert {file for *_, file in links} == set(TUTORIALS) - NO_RULES
    for n, _, _, file in links:
        assert file in TUTORIALS and int(file[:2]) == n


# -- executed notebooks (one kernel each, shared by the tests below) ------------------------------------------

pytestmark_exec = pytest.mark.notebooks


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_notebook_runs_without_error(executed, name):
    result = executed[name]
    assert result.error is None, result.error
    assert result.outputs == []
    assert result.report, "the checks did not report"


def bound_names(name: str) -> set[str]:
    """Every name a notebook's code binds, in any scope (more than its globals)."""
    names = set()
    for node in (node for code in cells(name, "code") for node in ast.walk(ast.parse(code))):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


#: the names IPython gives every namespace (but those starting with _)
IPYTHON_NAMES = {"In", "Out", "get_ipython", "exit", "quit", "open"}


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_each_notebook_runs_in_a_fresh_namespace(executed, name):
    """A kernel runs one notebook after another (conftest.py): none of the names of the one before is left."""
    assert set(executed[name].report["names"]) - bound_names(name) - IPYTHON_NAMES == set()


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_steppers_advance_on_next_and_explain_each_step(executed, name):
    steppers = executed[name].report.get("steppers", [])
    assert steppers, "no stepper in the notebook"
    for tour in steppers:
        assert tour["errors"] == [], tour["errors"]
        assert tour["steps"] >= 3 and tour["index_at_end"] == tour["steps"]
        texts = tour["texts"]
        assert len(texts) == tour["steps"] + 1
        assert all(a != b for a, b in zip(texts, texts[1:])), "a Next click did not change the explanation"
        assert tour["actions"][-1] > tour["actions"][0], "the script never advanced the game"
        assert tour["actions"] == sorted(tour["actions"])
        assert tour["back_text_is_previous"]
        assert {"map", "timeline"} & set(tour["views"])
        assert tour["refused"] and tour["own_played"] and tour["back_to_script"]
        assert tour["refusal"].startswith("<div class='cl-tut-error'><b>fly to the moon</b> ")
        assert not any(re.search(r"step \d+ of", t) and "Traceback" in t for t in texts)


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_every_number_a_step_states_is_checked_against_the_engine(executed, name):
    """A step's written text (a text computed from the game states the engine's numbers anyway): each number
    in it is one its ``expect=Numbers({...})`` has the engine compute, and the check names no number the text
    does not state. An intro states no number: nothing checks it."""
    for tour in executed[name].report["steppers"]:
        assert not stated(tour["intro"]), tour["intro"]
        for n, step in enumerate(tour["script"], start=1):
            if step["text"] is None:
                continue
            text = f"{step['title']}\n{step['text']}"
            unchecked = stated(text) - set(step["numbers"])
            assert not unchecked, f"step {n} ({step['title']!r}) states {sorted(unchecked)} unchecked"
            idle = set(step["numbers"]) - stated(text) - in_words(text)
            assert not idle, f"step {n} ({step['title']!r}) checks {sorted(idle)}, which its text does not state"


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_exercises_accept_their_pinned_answer_and_refuse_their_mistakes(executed, name):
    exercises = executed[name].report.get("exercises", [])
    assert exercises, "no exercise in the notebook"
    for ex in exercises:
        assert ex["errors"] == [], ex["errors"]
        assert ex["pinned"] is not None and ex["accepts_pinned"], ex["question"]
        assert translator(ex["lang"]).gettext("Right!") in ex["right_feedback"], ex["right_feedback"]
        assert ex["mistakes"], f"no mistakes listed: {ex['question']}"
        for mistake in ex["mistakes"]:
            assert mistake["refused"] and mistake["feedback_shown"], (ex["question"], mistake)
        text = "\n".join(ex["texts"])
        pinned = {ex["pinned"]} if isinstance(ex["pinned"], int) else set()
        unchecked = stated(text) - set(ex["numbers"]) - pinned
        assert not unchecked, f"{ex['question']!r} states {sorted(unchecked)} unchecked"
        assert not set(ex["numbers"]) - stated(text) - in_words(text), ex["question"]


@pytestmark_exec
def test_the_rules_at_a_glance_name_real_steps(executed):
    for n, k, title, file in glance_links():
        scripts = [tour["script"] for tour in executed[file].report["steppers"]]
        assert any(k <= len(script) and script[k - 1]["title"] == title for script in scripts), (n, k, title)


@pytestmark_exec
def test_the_tutorials_play_the_shared_positions(executed):
    """Notebook 1 plays the setup the later notebooks start from, notebook 2 the round notebook 4 starts
    from, notebook 8 the stored whole game, notebook 11 that game from round 4 to 16 and then one search
    bot's row."""
    played = {name: executed[name].report["steppers"][0]["played"] for name in TUTORIALS}
    assert played["01-components-and-setup.ipynb"] == list(positions.SETUP)
    assert played["02-company-and-employees.ipynb"] == list(positions.SETUP + positions.HR_ROUND)
    assert played["08-end-of-game-and-scoring.ipynb"] == positions.whole_game().actions
    *replayed, own = played["11-playing-well.ipynb"]
    assert replayed == positions.round_start(16).actions and own.startswith("choose ")


# -- the tutorials in Brazilian Portuguese --------------------------------------------------------------------

def english_of(name: str) -> str:
    """The English tutorial a translation follows: the same file name."""
    return name.split("/", 1)[1]


def in_portuguese(name: str) -> str:
    """How a Portuguese notebook links an English tutorial: its translation if there is one, else the English."""
    return name if f"pt_BR/{name}" in TUTORIALS_PT else f"../{name}"


def test_the_portuguese_contents_lists_its_tutorials_and_links_the_english_ones():
    contents, english = "\n".join(cells(CONTENTS_PT, "markdown")), "\n".join(cells(CONTENTS, "markdown"))
    assert TUTORIALS_PT and {english_of(name) for name in TUTORIALS_PT} <= set(TUTORIALS)
    for name in TUTORIALS:
        linked = in_portuguese(name)
        title = title_of(f"pt_BR/{name}") if linked == name else title_of(name)
        assert f"[{title}]({linked})" in contents, name
    assert "(../00-contents.ipynb)" in contents and "(../app.ipynb)" in contents
    assert "**Em português**: [Aprenda Carnegie, passo a passo](pt_BR/00-contents.ipynb)" in english
    assert title_of(CONTENTS_PT) == "Aprenda Carnegie, passo a passo"


@pytest.mark.parametrize("name", TUTORIALS_PT)
def test_each_portuguese_tutorial_has_a_stepper_and_an_exercise_and_links_the_next(name):
    code, text = "\n".join(cells(name, "code")), "\n".join(cells(name, "markdown"))
    assert "Stepper(" in code and "Exercise(" in code and 'LANG = "pt_BR"' in code
    assert text.lstrip().startswith(f"# {int(english_of(name)[:2])} · ")
    assert "(00-contents.ipynb)" in text
    index = TUTORIALS.index(english_of(name))
    if index + 1 < len(TUTORIALS):
        assert f"({in_portuguese(TUTORIALS[index + 1])}) →" in text
    if index > 0:
        assert "← [" in text and f"({in_portuguese(TUTORIALS[index - 1])})" in text


def test_the_portuguese_glance_links_the_notebooks_it_names():
    links = glance_links_pt()
    assert len(links) >= 15 and {file for *_, file in links} == set(TUTORIALS_PT) - {f"pt_BR/{n}" for n in NO_RULES}
    for n, _, _, file in links:
        assert int(english_of(file)[:2]) == n


@pytestmark_exec
def test_the_portuguese_glance_names_real_steps(executed):
    """Its titles are the steps' English titles as each tutorial's catalog translates them."""
    module = build_notebooks()
    for n, k, title, file in glance_links_pt():
        gettext = module.translation(module.SOURCES / english_of(file).replace(".ipynb", ".py"), "pt_BR")
        scripts = [tour["script"] for tour in executed[english_of(file)].report["steppers"]]
        assert any(k <= len(script) and gettext(script[k - 1]["title"]) == title for script in scripts), (n, k, title)


@pytestmark_exec
@pytest.mark.parametrize("name", TUTORIALS)
def test_every_stepper_and_exercise_speaks_the_notebooks_language(executed, name):
    """Each is given ``lang=LANG``: English in the English notebook, the translation's ``LANG`` in a translation's."""
    report = executed[name].report
    assert {widget["lang"] for widget in report["steppers"] + report["exercises"]} == {"en"}
    if f"pt_BR/{name}" in TUTORIALS_PT:
        assert 'LANG = "pt_BR"\n' in "\n".join(cells(f"pt_BR/{name}", "code"))


# -- no English prose left in a Portuguese notebook -----------------------------------------------------------

#: The words a Portuguese notebook may share with the English ones: names (people, cities, software, JupyterLab's
#: *Run → Run All Cells*, the timeline's rows, the app's Replay tab), letters (project kinds, P&D, company
#: columns), words both languages write alike (*decide*, *legal*, *some*: "add up"...), and the Portuguese words
#: the English contents quotes (its link to the Portuguese one).
SHARED = {"Ada", "All", "Andrew", "Aprenda", "Bo", "C", "CO", "Carnegie", "Cells", "Chicago", "Cincinnati",
          "Denver", "Francisco", "H", "HR", "I", "JSON", "JupyterLab", "MG", "New", "Orleans", "P", "Pittsburgh",
          "RD", "Replay", "Run", "San", "Voilà", "York", "a", "as", "bots", "chances", "d", "decide", "do", "editor",
          "em", "final", "for", "grade", "item", "legal", "lobby", "move", "networkx", "no", "original", "passo",
          "português", "solo", "some", "total", "tutorial", "widget", "widgets"}
PROSE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: what prose quotes but does not say: code (`...`, ``...``, game.free_donations(), positions.SETUP, HR_ROUND),
#: company cells (b2) and a link's target
QUOTED = re.compile(r"``.*?``|`[^`]*`|\b\w+(?:\.\w+)+|\b\w*_\w*|\b[a-d][1-4]\b|\]\([^)]*\)")
#: an f-string's field: ``{best.points}``
FIELD = re.compile(r"\{[^{}]*\}")
#: a link to an English notebook, which may name it in English: [4 · Management ...](../04-....ipynb)
ENGLISH_LINK = re.compile(r"\[[^\]]*\]\(\.\./[^)]*\)")


def english_words() -> set[str]:
    """Every word of the English notebooks (their text and their code), in lower case."""
    names = [CONTENTS, *TUTORIALS, "app.ipynb"]
    return {word.lower() for name in names for text in cells(name, "markdown") + cells(name, "code")
            for word in PROSE_WORD.findall(text)}


def english_left(texts: list[str], english: set[str]) -> list[str]:
    """The words of Portuguese texts that the English notebooks use, but for the names and shared words."""
    words = {word for text in texts for word in PROSE_WORD.findall(QUOTED.sub(" ", ENGLISH_LINK.sub(" ", text)))}
    return sorted(word for word in words
                  if word.lower() in english and word not in SHARED and word.lower() not in SHARED)


def written_prose(name: str) -> list[str]:
    """What a notebook says in its own words outside the widgets: its text cells and its code's comments and
    docstrings (the steps and exercises are read from the running notebook)."""
    texts = cells(name, "markdown")
    for code in cells(name, "code"):
        tokens = tokenize.generate_tokens(io.StringIO(code).readline)
        texts += [token.string for token in tokens if token.type == tokenize.COMMENT]
        texts += [ast.get_docstring(node) or "" for node in ast.walk(ast.parse(code))
                  if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    return texts


def code_prose(name: str) -> list[str]:
    """What a translation's code says (steps, exercises, printed sentences): its catalog's translations, with an
    f-string's fields and the code an exercise shows (but its comment) left out."""
    module = build_notebooks()
    source = module.SOURCES / english_of(name).replace(".ipynb", ".py")
    return [FIELD.sub(" ", m.string.partition("  # ")[2] or m.string)
            for m in module.read_catalog(module.catalog_path(source, name.split("/")[0])) if m.id]


def test_the_english_prose_scan_finds_english_and_lets_names_and_code_be():
    english = english_words()
    assert english_left(["Rodada 2: Bo escolhe a linha **MG**, como em `choose MG` e game.round_summaries()."],
                        english) == []
    assert english_left(["Ada escolhe a linha MG: the event is a donation.", "[4 · Management](../04-m.ipynb)",
                         "# Ada's turn"], english) == ["Ada's", "donation", "event", "is", "the", "turn"]
    english_tutorial = [text for name in TUTORIALS for text in written_prose(name)]
    assert len(english_left(english_tutorial, english)) > 100


@pytest.mark.parametrize("name", [CONTENTS_PT, *TUTORIALS_PT])
def test_a_portuguese_notebook_writes_no_english(name):
    assert english_left(written_prose(name), english_words()) == []


@pytest.mark.parametrize("name", TUTORIALS_PT)
def test_a_portuguese_tutorials_steps_and_exercises_say_no_english(name):
    assert english_left(code_prose(name), english_words()) == []

"""Words, not notation, wherever a player reads (issue 28): a whole game's replay at every moment, its
log, the Play tab's "What happened" and the final panel say what happened in the game's words; the
notation is only on the replay's hover (a ``title`` attribute, for the analysts), but for the game review,
which has none even there (issue 43: its marks' tooltips and its chart's hovers, in the app and drawn from
Python). Codes neither (issue 60): the board's figures, their hovers, the controls' labels and hovers, the
log and the command line's output name the company's cells and the department types by their names (a
type's short form only beside its name, or with its name on hover), in both languages. The tutorials'
prose names things by their names."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import ipywidgets as W
import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import review
from carnegie_lab.app.board_html import log_html
from carnegie_lab.app.replay_panel import ReplayPanel
from carnegie_lab.bots import make_bot
from carnegie_lab.cli import main
from carnegie_lab.core.i18n import translator
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.labels import TYPE_NAMES
from carnegie_lab.session.replay import Replay
from carnegie_lab.views import review_figure
from carnegie_lab.widgets import Dashboard

ROOT = Path(__file__).resolve().parents[2]


def visible(markup: str) -> str:
    """The text a player reads in a widget's HTML: no tags, no hover (``title``) text."""
    markup = re.sub(r"""\stitle=("[^"]*"|'[^']*')""", "", markup)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def notation(game, also=(), verbs: bool = True) -> re.Pattern[str]:
    """What the game's notation looks like in a text: every action it played (and those ``also`` given)
    with its arguments, the department codes (its verbs, unless not ``verbs``: many are English words, such
    as ``supply``, in a text about the supply), the ids of the data (``education_dept_any``, ``new_york``,
    Andrew's cards ``N08``) and the action types' codes after a verb (``chooses CO``)."""
    C = game.components
    played = {a for a in map(str, (*game.actions, *also)) if " " in a}
    codes = {d.code for d in C.departments.values() if d.code and verbs}
    ids = {i for table in (C.cities, C.donations, C.departments, C.regions) for i in table
           if i not in {v.name for v in table.values()}}        # an id that is not also the thing's name
    ids |= set(C.solo_cards)
    words = sorted(played | codes | {i for i in ids if "_" in i or not i.isalpha()} | set(C.solo_cards),
                   key=len, reverse=True)
    types = "|".join(C.timeline.rows)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])"
                      + r"|\b[a-z]+_[a-z0-9_]+\b" + rf"|\bchooses? ({types})\b")


def codes(game) -> re.Pattern[str]:
    """The codes no player reads: the company's cells (``a1`` .. ``d4``), the department types' short forms
    (``HR``, ``MG``) and a move's arrow (``a1 -> a2``)."""
    C = game.components
    words = sorted({*C.company.cells, *C.timeline.rows}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(words) + r")(?![\w-])|->")


def found(pattern: re.Pattern[str], text: str) -> list[str]:
    return sorted({m.group(0) for m in pattern.finditer(text)})


def scanned(dash: Dashboard) -> dict[str, str]:
    """Everything a player reads of the page's finished game: the stored game's replay at every moment,
    its header, the log, "What happened", the final panel and the status line."""
    game = dash.game
    assert game.is_over and dash.controller.game_id
    dash.replays.stored(dash.controller.game_id)
    replay = dash.replay
    replay.on_show = lambda game, kinds: None          # the board at each moment is not text: not drawn
    texts = {"replay header": replay.source.value}
    for i in range(replay.replay.last + 1):
        replay.go(i)
        texts[f"replay step {i}"] = replay.step.value
    final = dash.screen.final
    texts |= {"log": log_html(game, limit=10_000), "what happened": html.escape(" ".join(dash.screen.recent.lines)),
              "final panel": html.escape(" ".join((final.result, *final.story))) + dash.final.scores.value,
              "status": html.escape(dash.screen.status.text)}
    return texts


@pytest.fixture(params=["two bots", "solo against Andrew"])
def finished(request, tmp_path) -> Dashboard:
    if request.param == "two bots":
        dash = Dashboard(setup=Setup([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=3), store=tmp_path / "g.db")
        dash.controller.keep()
        dash.commands.play_bots()
    else:
        dash = Dashboard(setup=Setup([Seat("Ada")], seed=5, solo_level=2), store=tmp_path / "g.db")
        dash.act(dash.screen.panel.notations()[0])        # Ada's own first move, then the bots finish
        dash.commands.finish()
    return dash


def test_a_whole_game_reads_in_words_with_the_notation_on_hover(finished):
    game = finished.game
    pattern = notation(game)
    assert found(pattern, " ".join(map(str, game.actions)))      # the pattern does find notation
    texts = scanned(finished)
    assert " wins with " in visible(texts["final panel"]) and len(texts) > len(game.actions)   # all was read
    cells = codes(game)                                          # and no cell or row code either (issue 60)
    bad = {where: hits for where, text in texts.items()
           if (hits := found(pattern, visible(text)) + found(cells, named(game, visible(text), None)))}
    assert not bad, f"notation a player reads: {dict(list(bad.items())[:8])}"
    hover = " ".join(texts.values())
    moves = [str(a) for a in game.actions if " " in str(a)]
    assert all(html.escape(a, quote=True) in hover for a in moves[:20])   # the analysts' notation, on hover
    assert not re.search(r"stored game \w{6,}", visible(texts["replay header"]))   # not the game's id


def test_a_reviewed_replay_says_what_was_played_and_what_was_better_in_words():
    game = cl.new_game(["Ada", "Bo"], seed=3)
    bots = [make_bot("easy", 0), make_bot("easy", 1)]
    while len(game.actions) < 10:
        game.apply(bots[game.decision.player].choose(game))
    panel = ReplayPanel(lambda game, kinds: None, lambda replay, actions: None, lambda: None)
    panel.open(Replay(game))
    panel.review.review = review(game, playouts=1, seed=0)
    pattern = notation(game)
    steps = []
    for i in range(1, panel.replay.last + 1):
        panel.go(i)
        steps.append(panel.step.value)
    assert sum("better:" in s for s in steps) >= 2 and all("Review:" in s for s in steps if "better:" in s)
    assert not [hits for s in steps if (hits := found(pattern, visible(s)))]
    assert all(f"title='{a}'" in " ".join(steps) for a in game.actions)    # each one on hover
    # the rest of the review, hovers included: its summary, the marks' tooltips, the chart's hover texts
    panel.review._show()
    screen = panel.review.screen
    marks = ["\n".join(m.titles) for m in screen.marks if m is not None]
    hovers = [visible(t) for trace in panel.review.chart.widget.data if trace.name.startswith("margin-")
              for t in trace.text]
    assert marks and len(hovers) == sum(d.playouts > 0 for d in panel.review.review.decisions)
    assert sum(" given away" in h for h in hovers) >= 2                         # a played and a best action
    # the chart drawn from Python (no words of the app's): its hovers name no action
    python = [visible(t) for trace in review_figure(panel.review.review).data if trace.name.startswith("margin-")
              for t in trace.text]
    assert len(python) == len(hovers)
    texts = [*screen.summary, screen.line.text, *marks, *hovers, *python]
    assert not [hits for t in texts if (hits := found(pattern, t))]


def test_a_replay_says_done_in_words():
    dash = Dashboard(setup=Setup([Seat("Ada", "easy"), Seat("Bo", "easy")], seed=3))
    dash.commands.play_bots()
    dash.replays.this_game()
    replay = dash.replay
    replay.on_show = lambda game, kinds: None
    steps = []
    for i in range(1, replay.replay.last + 1):
        replay.go(i)
        steps.append(visible(replay.step.value))
    assert not [s for s in steps if re.search(r"\bdone\b|nothing in the log", s)]


# -- the board, the controls, their hovers, the log and the command line, in both languages (issue 60) -----

LANGUAGES = [None, "pt_BR"]


def widget_texts(widget, shown: list[str], hovers: list[str], seen: set[int]) -> None:
    """What a player reads of a widget and its children: its labels and text (``shown``) and its hovers
    (``hovers``: tooltips and ``title`` attributes; the replay's notation for the analysts left out)."""
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for name in ("description", "placeholder"):
        shown.append(getattr(widget, name, None) or "")
    shown += [*getattr(widget, "_options_labels", ()), *(getattr(widget, "titles", ()) or ())]
    hovers += [getattr(widget, "tooltip", None) or "", *(getattr(widget, "tooltips", ()) or ())]
    value = getattr(widget, "value", None)
    if isinstance(widget, W.HTML) and isinstance(value, str) and not value.lstrip().startswith("<style"):
        value = re.sub(r"<span class='cl-action' title='[^']*'>|<code>[^<]*</code>", "", value)   # code for coders
        hovers += [html.unescape(t) for t in re.findall(r"""\stitle=["']([^"']*)["']""", value)]
        shown.append(visible(value))
    for child in getattr(widget, "children", ()) or ():
        widget_texts(child, shown, hovers, seen)


#: The timeline's traces that show a row type's short form: beside its name, or with its name on hover.
SHORT_FORMS = {"timeline-rows", "round-labels"}


def figure_texts(spec: dict, shown: list[str], hovers: list[str]) -> None:
    """What a player reads of a figure's spec: its texts, annotations and title, and its hovers."""
    layout = spec["layout"]
    shown += [layout.get("title", {}).get("text", ""), layout.get("title", {}).get("subtitle", {}).get("text", "")]
    shown += [a.get("text", "") for a in layout.get("annotations", ())]
    for trace in spec["data"]:
        texts = trace.get("text") or ()
        if trace.get("name") not in SHORT_FORMS:
            shown += [texts] if isinstance(texts, str) else [str(t) for t in texts]
        hover = trace.get("hovertext") or ()
        hovers += [hover] if isinstance(hover, str) else [str(t) for t in hover]
    shown[:] = [visible(t.replace("<br>", " ")) for t in shown]
    hovers[:] = [visible(t.replace("<br>", " ")) for t in hovers]


def page_texts(dash: Dashboard) -> tuple[list[str], list[str]]:
    """(shown, hovers): everything a player reads on the page now, every figure of the board included."""
    shown: list[str] = []
    hovers: list[str] = []
    widget_texts(dash, shown, hovers, set())
    board, game = dash.board, dash.game
    for kind, value in [("map", -1), *[("company", seat) for seat in range(len(game.players))],
                        ("timeline", None), ("tracks", None), ("donations", None), ("scores", None),
                        ("history", None)]:
        figure_texts(board._build(kind, value), shown, hovers)
    return shown, hovers


def named(game, text: str, lang: str | None) -> str:
    """A text without the names of the game's things (a tile 'HR Administration', a donation 'Education: HR
    departments'), and with each row type's short form beside its name ('HR · Human Resources') left as the
    name: what is left should have no code."""
    return _names(game.components, lang).sub(" ", text)


_NAMES: dict[tuple[int, str | None], tuple[object, re.Pattern[str]]] = {}


def _names(components, lang: str | None) -> re.Pattern[str]:
    """The names :func:`named` takes out, longest first, and the short forms beside their names (made once
    for a game's components, kept with them, and a language)."""
    key = (id(components), lang)
    if key not in _NAMES:
        _ = translator(lang).gettext
        names = {part for table in (components.departments, components.donations) for x in table.values()
                 for part in (_(x.name), _(x.name).split(": ")[-1])}                # the chart's short names too
        names |= {f"{row} · {_(TYPE_NAMES[row])}" for row in components.timeline.rows}
        _NAMES[key] = components, re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))
    return _NAMES[key][1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_the_controls_and_their_hovers_say_no_code(lang, tmp_path):
    """A game against a bot, at the first decision of each kind of Ada's first two rounds (the starting
    house, the reserve, the setup moves on the company grid, an activation, a row, an event, an action):
    every label, text and hover of the page and of every figure of the board, in words."""
    dash = Dashboard(setup=Setup([Seat("Ada"), Seat("Bo", "easy")], seed=3), lang=lang)
    seen, bad, read = set(), {}, 0
    while dash.game.round <= 2 and len(dash.game.actions) < 120:
        game, panel = dash.game, dash.screen.panel
        assert panel is not None
        kind = str(game.decision.kind)
        if kind not in seen:
            seen.add(kind)
            shown, hovers = page_texts(dash)
            read += len(shown) + len(hovers)
            legal = notation(game, also=game.legal_actions(), verbs=False)
            cells = codes(game)
            for where, texts, pattern in (("hover", hovers, cells), ("shown", shown, cells),
                                          ("hover", hovers, legal), ("shown", shown, legal)):
                hits = {hit for t in texts for hit in found(pattern, named(game, t, lang))}
                if hits:
                    bad.setdefault(f"{kind} {where}", set()).update(hits)
        actions = [n for n in panel.notations() if n not in ("done", "sell")] or panel.notations()
        dash.act(actions[len(actions) // 2])
    assert seen == {"house", "reserve", "setup", "activate", "choose", "event", "turn"} and read > 1000
    assert not bad, bad


@pytest.fixture(scope="module")
def whole():
    """A whole game between two easy bots, seed 3: its moves, builds and lobbies in the log."""
    game = cl.new_game(["Ada", "Bo"], seed=3)
    bots = [make_bot("easy", 0), make_bot("easy", 1)]
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_log_names_cells_and_types_by_their_names(whole, lang):
    text = visible(log_html(whole, limit=10_000, lang=lang))
    _ = translator(lang).gettext
    assert len(re.findall(r"\bAda\b", text)) > 50 and _("Human Resources") in text        # all was read
    assert not found(codes(whole), named(whole, text, lang)) and not found(notation(whole), text)


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_the_command_lines_tables_and_log_say_no_code(whole, lang, tmp_path, capsys):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(whole.to_record()))
    printed = []
    for argv in (["replay", str(record), "--log"],
                 ["simulate", "--games", "2", "--seed", "1", "--bots", "easy,medium"]):
        assert main(["--lang", lang, *argv]) in (0, None)
        printed.append(capsys.readouterr().out)
    log = named(whole, printed[0], lang)
    assert "Ada" in log and not found(codes(whole), log) and not found(notation(whole), log)
    assert "P1 (" in printed[1] and not re.search(r"\b(easy|medium)\b", printed[1])    # the bots by their names


# -- the tutorials' prose ----------------------------------------------------------------------------

#: A code span of a text filled in from a value (``f"... plays `{played}`"``): it prints the notation.
PRINTED = re.compile(r"`\{[^`]*\}`")


def prose(source: Path) -> str:
    """The markdown cells of a tutorial's source, and the explanations of its stepped scripts
    (``Step(_(title), _(text), ...)``), without their code spans."""
    text = source.read_text()
    cells = re.findall(r"^# %% \[markdown\]\n((?:#.*\n?)*)", text, re.M)
    steps = re.findall(r'Step\((?:_\()?"[^"]*"\)?,\s*(?:_\()?((?:"(?:[^"\\]|\\.)*"\s*)+)', text)
    words = " ".join(cells) + " " + " ".join(" ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', s)) for s in steps)
    return re.sub(r"`[^`]*`", " ", words)


def test_the_tutorials_prose_names_things_by_their_names():
    game = cl.new_game(["Ada"], seed=1, solo_level=1)
    C = game.components
    ids = {i for table in (C.cities, C.donations, C.departments) for i in table if "_" in i}
    args = {*C.cities, *C.donations, *C.regions, *C.tabs, *C.timeline.rows,
            *(d.code for d in C.departments.values() if d.code)}
    verbs = "|".join(map(re.escape, sorted(game.rules.verbs, key=len, reverse=True)))
    pattern = re.compile(r"\b(" + "|".join(sorted(ids, key=len, reverse=True)) + r")\b"
                         + rf"|\b({verbs}) ({'|'.join(map(re.escape, sorted(args, key=len, reverse=True)))})\b")
    sources = sorted((ROOT / "notebooks" / "src").glob("*.py"))
    assert sources
    bad = {s.name: hits for s in sources if (hits := sorted({m.group(0) for m in pattern.finditer(prose(s))}
                                                            | set(PRINTED.findall(s.read_text()))))}
    assert not bad, bad

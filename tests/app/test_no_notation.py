"""Words, not notation, wherever a player reads (issue 28): a whole game's replay at every moment, its
log, the Play tab's "What happened" and the final panel say what happened in the game's words; the
notation is only on hover (a ``title`` attribute), but for the game review, which has none even there
(issue 43: its marks' tooltips and its chart's hovers, in the app and drawn from Python). The tutorials'
prose names things by their names."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.analysis import review
from carnegie_lab.app.board_html import log_html
from carnegie_lab.app.replay_panel import ReplayPanel
from carnegie_lab.bots import make_bot
from carnegie_lab.session import Seat, Setup
from carnegie_lab.session.replay import Replay
from carnegie_lab.views import review_figure
from carnegie_lab.widgets import Dashboard

ROOT = Path(__file__).resolve().parents[2]


def visible(markup: str) -> str:
    """The text a player reads in a widget's HTML: no tags, no hover (``title``) text."""
    markup = re.sub(r"""\stitle=("[^"]*"|'[^']*')""", "", markup)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def notation(game) -> re.Pattern[str]:
    """What the game's notation looks like in a text: every action it played with its arguments, the
    department codes (its verbs that are no English word), the ids of the data (``education_dept_any``,
    ``new_york``, Andrew's cards ``N08``) and the action types' codes after a verb (``chooses CO``)."""
    C = game.components
    played = {a for a in map(str, game.actions) if " " in a}
    codes = {d.code for d in C.departments.values() if d.code}
    ids = {i for table in (C.cities, C.donations, C.departments, C.regions) for i in table
           if i not in {v.name for v in table.values()}}        # an id that is not also the thing's name
    ids |= set(C.solo_cards)
    words = sorted(played | codes | {i for i in ids if "_" in i or not i.isalpha()} | set(C.solo_cards),
                   key=len, reverse=True)
    types = "|".join(C.timeline.rows)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])"
                      + r"|\b[a-z]+_[a-z0-9_]+\b" + rf"|\bchooses? ({types})\b")


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
    bad = {where: hits for where, text in texts.items() if (hits := found(pattern, visible(text)))}
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

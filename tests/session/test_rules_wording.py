"""Every rules text a player reads is a sentence in the game's words: a scan over whole seeded games, in
English and in Brazilian Portuguese, of every department tile's text (its buttons and its hover), the board's
views (map, tracks, timeline, donations, company: hovers and labels), Andrew Carnegie's cards, every action's
words and what a department's use does, the decision panel (prompt, titles, buttons, hovers, notes), the log
and the final panel's story and scores. It refuses the shapes of code parameters: a `key value` list ("track
discount 1, min cost 1", "(max goods 3, money per goods 6)", a text that is only "study 4"), an "(s)"-style
plural and a bare id ("N16")."""
from __future__ import annotations

import re

import pytest

import carnegie_lab as cl
from carnegie_lab.app.board_html import players_html, scores_html
from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.core.i18n import render
from carnegie_lab.session.controls import Buttons, MoveGrid, Picker, panel_for
from carnegie_lab.session.labels import Labels
from carnegie_lab.session.story import story

#: whole games: (players, options, seed); greedy and random seats alternate
GAMES = [(2, {"departments": "expansion-open-bar"}, 3), (1, {"solo_level": 2}, 5),
         (3, {"departments": "base+expansion"}, 7)]
LANGS = ("en", "pt_BR")

WORD = r"[^\W\d_]+"
#: a word (or a few) and a number that make a whole item of a list: after the start, "(", ": " or ", ",
#: before the end, ")" or ", " ("track discount 1, min cost 1", "(max goods 3, money per goods 6)")
KEY_VALUE = re.compile(rf"(?:^|\(|: |, )((?:{WORD} ){{0,3}}{WORD} \d+)(?=$|\)|, |;)")
#: a number that names a thing ("level 2", "Round 3", "track space 4") or closes a clause ("at least 1")
NAMED_NUMBERS = re.compile(r"(?i)\b(level|nível|round|rodada|space|espaço|at least|no mínimo|pelo menos|"
                           r"seed|semente|tile|peça|floor|andar|column|coluna) \d+$")
PLURAL_MARK = re.compile(r"\w\((?:s|es|ns|is)\)")
BARE_ID = re.compile(r"\b[NA]\d\d\b")


def problems(text: str) -> list[str]:
    """The code-parameter shapes in a text (its HTML tags taken out)."""
    plain = re.sub(r"<[^>]+>", " ", text)
    found = []
    for part in re.split(r"\s*(?:<br>|\n|·|—)\s*", re.sub(r"<br\s*/?>", "\n", text)):
        part = re.sub(r"<[^>]+>", "", part).strip()
        found += [f"key value {m.group(1)!r}" for m in KEY_VALUE.finditer(part)
                  if not NAMED_NUMBERS.search(m.group(1))]
    found += [f"plural mark {m.group(0)!r}" for m in PLURAL_MARK.finditer(plain)]
    found += [f"bare id {m.group(0)!r}" for m in BARE_ID.finditer(plain)]
    return found


def test_the_scan_finds_each_shape():
    assert problems("Telegraph Operators — ongoing: track discount 1, min cost 1") == [
        "key value 'track discount 1'", "key value 'min cost 1'"]
    assert problems("e.g. sell 1 goods → $6 (max goods 3, money per goods 6)") == [
        "key value 'max goods 3'", "key value 'money per goods 6'"]
    assert problems("study 4") == ["key value 'study 4'"]
    assert problems("Andrew moves 2 step(s) up the West track") == ["plural mark 'p(s)'"]
    assert problems("card <b>N16</b> (normal)") == ["bare id 'N16'"]
    assert problems("each step on a transport track costs 1 study point less, at least 1") == []
    assert problems("Andrew Carnegie (level 2) · Round 3: the map") == []
    assert problems("<b>HR space 1</b> (tile 4)<br>Take Income in the West") == []


def panel_texts(panel) -> list[str]:
    texts = [panel.prompt] + [t for o in panel.footer for t in (o.label, o.tooltip)]
    for group in panel.groups:
        texts += [group.title, group.note]
        if isinstance(group, Buttons):
            texts += [t for o in group.options + group.inactive for t in (o.label, o.tooltip)]
            texts += list(group.columns)
        elif isinstance(group, Picker):
            texts += [*group.slots, group.submit] + [c.text for c in group.choices]
            texts += [label for c in group.choices for _, label in c.values]
        elif isinstance(group, MoveGrid):
            texts += [t for c in group.cells for t in (c.label, c.tooltip)]
    return texts


def figure_texts(figure) -> list[str]:
    """A figure's words: its traces' texts and hovers, its annotations and title."""
    texts = [figure.layout.title.text or ""] + [a.text or "" for a in figure.layout.annotations or ()]
    for trace in figure.data:
        for words in (getattr(trace, "hovertext", None), getattr(trace, "text", None)):
            texts += [words] if isinstance(words, str) else [w for w in words or () if isinstance(w, str)]
    return texts


def board_texts(game: cl.Game, lang: str) -> list[str]:
    """Every department tile's words on its buttons, every verb's words, and the hovers and labels of the
    board's views."""
    labels = Labels(game, lang)
    texts = [labels.tile_effect(d.code) for d in game.components.departments.values()]
    texts += [render(verb.vocab.words, lang) for verb in game.rules.verbs.values()]
    figures = [cl.views.company_figure(game, seat, lang=lang) for seat in range(len(game.players))]
    figures += [view(game, lang=lang) for view in (cl.views.map_figure, cl.views.tracks_figure,
                                                   cl.views.timeline_figure, cl.views.donations_figure)]
    return texts + [t for figure in figures for t in figure_texts(figure)]


def played(players: int, options: dict, seed: int) -> dict[str, list[str]]:
    """The texts of a whole game, by language."""
    game = cl.new_game(["Ada", "Bo", "Cy"][:players], seed=seed, **options)
    bots = [GreedyBot(seed) if i % 2 == 0 else RandomBot(seed) for i in range(players)]
    texts: dict[str, list[str]] = {lang: board_texts(game, lang) for lang in LANGS}
    step = 0
    while not game.is_over:
        step += 1
        legal = game.legal_actions()
        for lang in LANGS:
            if step % 3 == 0 or len(legal) > 1:
                texts[lang] += panel_texts(panel_for(game, lang))
                labels = Labels(game, lang)
                texts[lang] += [labels.action(a) for a in legal]
            if game.andrew() is not None:
                texts[lang].append(players_html(game, lang))
        seat = game.decision.player
        game.apply(bots[seat if seat is not None and seat < players else 0].choose(game))
    for lang in LANGS:
        texts[lang] += [render(line, lang) for line in game.log]
        texts[lang] += story(game, lang) + [scores_html(game, lang=lang), panel_for(game, lang).prompt]
        texts[lang] += board_texts(game, lang)
    return texts


@pytest.mark.parametrize("players,options,seed", GAMES)
def test_every_rules_text_of_a_game_is_a_sentence(players, options, seed):
    texts = played(players, options, seed)
    for lang in LANGS:
        bad = sorted({f"{problem} in {text!r}" for text in set(texts[lang]) for problem in problems(text)})
        assert not bad, f"{lang}: {len(bad)} texts read like code:\n" + "\n".join(bad[:40])

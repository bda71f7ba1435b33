"""The engine's words in Brazilian Portuguese: the decision texts, what an action does (``describe``) and
why an action is illegal, rendered through the translation layer, while their English stays as it was.

Checked in tests/i18n_check.py's widened pt_BR: an ASCII word left in a rendered text was not translated,
except the notation (actions are not translated), the players' names and the components' ids."""
from __future__ import annotations

import random

import pytest
from i18n_check import WIDE, WORD, ascii_words

import carnegie_lab as cl
from carnegie_lab.core.i18n import N_, Message, Texts, render
from carnegie_lab.rules.box import DEPARTMENT_MODES


def same_in_every_language(game: cl.Game, *actions) -> set[str]:
    """Words that are the same in every language: the players, the notation of the actions, ids."""
    C = game.components
    words = {*game.players, "Andrew", *C.regions, *C.cities, *C.timeline.rows}
    return words | {word for action in actions for word in WORD.findall(str(action).replace("'", " "))}


def test_a_message_is_its_english_and_renders_in_a_language():
    reason = N_("{city} is not in the {region}", city=Message("Boston"), region=Message("West"))
    assert reason == "Boston is not in the West" and isinstance(reason, str)
    assert render(reason) == render(reason, "en") == "Boston is not in the West"
    assert render(reason, "pt_BR") == "Boston não fica no Oeste"
    assert render("no goods to sell", "pt_BR") == "nenhum bem para vender"     # a plain message: looked up
    assert render("Ada", "pt_BR") == "Ada"                                      # not a message: as it is
    texts = Texts({"en": "now", "pt_BR": "agora"})
    assert texts == "now" and render(N_("not possible now ({prompt})", prompt=texts), "pt_BR") == \
        "não é possível agora (agora)" == render(N_("not possible now ({prompt})", prompt=texts), "pt-BR")


def test_decision_texts_in_portuguese_and_english_unchanged(many_positions, widened):
    kinds = set()
    for game in many_positions:
        english = game.decision
        assert game.decision_in(None) == game.decision_in("en") == english
        there = game.decision_in(WIDE)
        assert not widened.missing, sorted(widened.missing)
        texts = [there.text, there.waiting]            # the deciding player's text, and the others'
        assert ascii_words(texts, same_in_every_language(game)) == [], (english.text, english.waiting, texts)
        kinds.add(english.kind)
    assert len(kinds) >= 7
    assert cl.new_game(["Ada", "Bo"], seed=1).decision_in("pt_BR").prompt.startswith("Bo: posicione seu projeto")


def test_every_legal_action_is_described_in_portuguese(many_positions, widened):
    described = 0
    for game in many_positions:
        for action in game.legal_actions():
            english = game.describe(action)
            assert game.describe(action, lang="en") == english
            text = game.describe(action, lang=WIDE)
            if text != str(action):
                described += 1
            assert ascii_words([text], same_in_every_language(game, action)) == [], (english, text)
    assert not widened.missing, sorted(widened.missing)
    assert described > 100


def test_why_an_action_is_illegal_in_portuguese_and_the_error_unchanged(many_positions, widened):
    """Actions legal somewhere, tried everywhere else: each refusal renders with no English left, and the
    error's own message is the English one."""
    tried = sorted({str(a) for game in many_positions for a in game.legal_actions()})
    reasons = set()
    rng = random.Random(3)
    for game in many_positions:
        if game.is_over:
            continue
        legal = {str(a) for a in game.legal_actions()}
        for action in rng.sample(tried, 60):
            if action in legal:
                continue
            with pytest.raises(cl.CarnegieError) as caught:
                game.apply(action)
            error = caught.value
            if not isinstance(error, cl.IllegalActionError):
                continue
            assert render(error) == render(error, "en") == str(error)
            text = render(error, WIDE)
            assert ascii_words([text], same_in_every_language(game, action)) == [], (str(error), text)
            reasons.add(getattr(error.reason, "msgid", error.reason))
    assert not widened.missing, sorted(widened.missing)
    assert len(reasons) >= 15
    assert all(isinstance(reason, str) for reason in reasons)


def test_an_illegal_action_s_reason_keeps_its_message_id():
    game = cl.new_game(["Ada", "Bo"], seed=1)
    with pytest.raises(cl.IllegalActionError) as caught:
        game.apply("house seattle")
    error = caught.value
    assert str(error) == "'house seattle' is illegal for Bo: Seattle is a small city (setup Housing goes to " \
        "medium or major)"
    assert error.reason.msgid == "{city} is a {size} city (setup Housing goes to medium or major)"
    assert render(error, "pt_BR") == "'house seattle' é ilegal para Bo: Seattle é uma cidade pequena (a Habitação " \
        "inicial vai para cidade média ou grande)"


@pytest.mark.parametrize("text", ["", "   ", "xyzzy west", "choose", "choose HR MG", "choose " + "H" * 300, "ch@ose HR",
                                  None])
def test_a_text_that_is_not_an_action_is_refused_in_portuguese(text, widened):
    game = cl.new_game(["Ada", "Bo"], seed=1)
    with pytest.raises(cl.NotationError) as caught:
        game.apply(text)
    error = caught.value
    assert render(error) == str(error) and str(error).startswith(repr(error.text))
    rendered = render(error, WIDE)
    assert ascii_words([rendered], same_in_every_language(game, error.text, *game.rules.grammar)) == [], rendered
    assert not widened.missing, sorted(widened.missing)


@pytest.mark.parametrize("players, options", [
    (["Ada"] * 2, {}), ("Ada", {}), (["A", "B", "C", "D", "E"], {}), (["Ada", "Bo"], {"seed": -1}),
    (["Ada", "Bo"], {"colour": "red"}), (["Ada", "Bo"], {"departments": "all"}), (["Ada", "Bo"], {"tab_side": "C"}),
    (["Ada"], {"solo_level": 9}), (["Ada", "Bo"], {"solo_level": 2}), (["Andrew Carnegie"], {"solo_level": 1}),
    (["Ada", "Bo"], {"remove_for_four": 99}),
])
def test_a_bad_game_option_is_refused_in_portuguese(players, options, widened):
    with pytest.raises(cl.OptionError) as caught:
        cl.new_game(players, **options)
    error = caught.value
    assert render(error) == str(error) and str(error).startswith("bad game option ")
    rendered = render(error, WIDE)
    values = [str(players), *options, *map(str, options.values()), *DEPARTMENT_MODES]     # what the user gave
    names = {error.option, "solo_level", "Andrew", "Carnegie"} | {w for v in values for w in WORD.findall(v)}
    assert ascii_words([rendered], names) == [], rendered
    assert not widened.missing, sorted(widened.missing)


def test_an_action_after_the_end_is_refused_in_portuguese(solo_over_game):
    with pytest.raises(cl.GameOverError) as caught:
        solo_over_game.apply("done")
    assert str(caught.value) == "'done': the game is over" == render(caught.value)
    assert render(caught.value, "pt_BR") == "'done': o jogo terminou"


@pytest.fixture(scope="module")
def solo_over_game():
    from carnegie_lab.bots import GreedyBot
    game = cl.new_game(["Ada"], seed=2, solo_level=1)
    bot = GreedyBot(2)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


def test_an_error_raised_with_plain_text_keeps_its_english_message():
    error = cl.CarnegieError("broken")
    assert render(error, "pt_BR") == str(error) == "broken"


def test_a_record_error_renders_its_frame_and_its_problem():
    error = cl.RecordError("flow", N_("missing"))
    assert str(error) == "bad record: flow: missing"
    assert render(error, "pt_BR") == "registro inválido: flow: ausente"


def test_the_verbs_words_render_in_portuguese(widened):
    """What each verb does (its Vocab words, the app's buttons), department uses included."""
    game = cl.new_game(["Ada", "Bo"], seed=1, departments="base+expansion")
    verbs = game.rules.verbs
    assert verbs["sell"].vocab.words == "sell 1 goods for $1"
    assert render(verbs["sell"].vocab.words, "pt_BR") == "vender 1 bem por $1"
    for name, verb in verbs.items():
        text = render(verb.vocab.words, WIDE)
        assert ascii_words([text], same_in_every_language(game, name)) == [], (verb.vocab.words, text)
    assert not widened.missing, sorted(widened.missing)
    assert len(verbs) > 30

"""The bots by name: ``@register``, ``make_bot`` and the worked example of docs/architecture.md (a new bot is one
registered class that simulate and the command line then play)."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import carnegie_lab as cl
from carnegie_lab.bots import BOTS, GreedyBot, RandomBot, RolloutBot, SearchBot, make_bot, register, simulate
from carnegie_lab.bots.registry import parse_spec
from carnegie_lab.cli.simulate import build_parser, run

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


@pytest.fixture
def hasty():
    """The docs' example bot, registered for one test."""
    text = ARCHITECTURE.read_text()
    section = text[text.index("### Adding a bot"):text.index("### Adding an evaluation")]
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    names = {}
    exec(code, names)
    yield names["HastyBot"]
    del BOTS["hasty"]


def test_the_docs_bot_is_one_registered_class_that_simulate_and_the_cli_play(hasty):
    bot = make_bot("hasty", 3)
    assert isinstance(bot, hasty) and bot.seed == 3 and isinstance(bot, cl.bots.Bot)
    game = cl.new_game(["Ada", "Bo"], seed=2)
    while "done" not in [a.verb for a in game.legal_actions()]:
        game.apply(make_bot("random", 1).choose(game))
    assert bot.choose(game).verb == "done"
    result = simulate(2, 2, ["hasty", "random"], seed=4)
    assert [r.bots for r in result.results] == [("hasty", "random"), ("random", "hasty")]
    assert all(r.decisions > 0 and r.winners for r in result.results)
    out, err = io.StringIO(), io.StringIO()
    args = build_parser().parse_args(["--bots", "hasty,random", "--games", "1", "--seed", "4", "--quiet"])
    assert run(args, out, err) == 0 and err.getvalue() == ""
    assert out.getvalue().startswith(f"game    1  seed {result.results[0].seed:>10}  P1 (hasty)")
    assert "hasty" in build_parser().format_help()
    with pytest.raises(cl.CarnegieError, match="bad parameters for bot 'hasty:depth=2'"):
        make_bot("hasty:depth=2")


def test_a_name_is_registered_once(hasty):
    with pytest.raises(cl.CarnegieError, match="'hasty' is registered already"):
        register(hasty)
    with pytest.raises(cl.CarnegieError, match="no name"):
        register(type("Nameless", (), {}))
    assert BOTS["hasty"] is hasty


def test_specs_give_their_parameters_and_weights_to_the_bot():
    bot = make_bot("search:playouts=8:rounds=none:opponents=0.3", 5)
    assert isinstance(bot, SearchBot) and (bot.seed, bot.playouts, bot.rounds) == (5, 8, None)
    assert bot.weights == {"opponents": 0.3}
    assert isinstance(make_bot("medium"), GreedyBot) and make_bot("greedy").weights is None
    assert parse_spec("rollout:top=none:kinds=all") == ("rollout", {"top": None, "kinds": "all"})


@pytest.mark.parametrize("spec, message", [
    ("psychic", "unknown bot 'psychic': choose from easy, medium, hard, greedy, random, rollout, search"),
    ("greedy:opponents", "bot parameter 'opponents' of 'greedy:opponents' is not key=value"),
    ("random:opponents=0.3", "bad parameters for bot 'random:opponents=0.3'"),
    ("search:playouts=0", "playouts must be at least 1, not 0"),
    ("greedy:value=psychic", "value must be one of hand, plan, learned, sibling, not 'psychic'"),
])
def test_a_bad_spec_is_a_carnegie_error_that_says_why(spec, message):
    with pytest.raises(cl.CarnegieError, match=re.escape(message)):
        make_bot(spec)


@pytest.mark.parametrize("make", [
    lambda: SearchBot(playouts=0), lambda: SearchBot(policy="psychic"), lambda: GreedyBot(weights={"x": 1}),
    lambda: GreedyBot(weights="x"), lambda: SearchBot(weights=5), lambda: RolloutBot(weights=[1]),
    lambda: RolloutBot(rollouts=0), lambda: RandomBot(active=2), lambda: simulate(5, 1), lambda: simulate(2, -1),
    lambda: simulate(2, 1, level=2),
])
def test_bad_arguments_of_the_bots_and_simulate_are_carnegie_errors(make):
    with pytest.raises(cl.CarnegieError):
        make()


def test_a_bot_asked_to_move_after_the_end_says_the_game_is_over():
    game = cl.bots.play_game([make_bot("random", 1), make_bot("random", 2)], seed=3)
    with pytest.raises(cl.GameOverError, match="the game is over"):
        make_bot("greedy").choose(game)

"""The options of a new game are declared once (``GAME_OPTIONS``): a bad one gets the same words from ``new_game``,
the session's new-game form (``Setup``) and ``carnegie-lab simulate``'s flags, in either language, and the fronts'
choices and defaults are the specification's."""
from __future__ import annotations

import argparse
import io

import pytest

import carnegie_lab as cl
from carnegie_lab.app.panels import NewGamePanel
from carnegie_lab.cli.simulate import add_arguments, build_parser, run
from carnegie_lab.core.i18n import render
from carnegie_lab.engine import GAME_OPTIONS
from carnegie_lab.session import Seat, Setup


def _seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def _cli_error(argv: list[str], lang: str | None = None) -> str:
    """What ``carnegie-lab simulate`` writes for bad flags (argparse's or the run's), in ``lang``."""
    err = io.StringIO()
    parser = add_arguments(argparse.ArgumentParser(prog="carnegie-lab simulate"), lang)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stderr", err)
            status = run(parser.parse_args(argv), io.StringIO(), err)
    except SystemExit as exit:
        status = exit.code
    assert status == 2
    return err.getvalue()


@pytest.mark.parametrize("option, new_game, setup, flags", [
    ("players", dict(players=[f"P{i + 1}" for i in range(5)]), Setup(_seats(5)), ["--players", "5"]),
    ("departments", dict(players=["P1", "P2"], departments="everything"),
     Setup(_seats(2), departments="everything"), ["--departments", "everything"]),
    ("solo_level", dict(players=["P1"], solo_level=9), Setup(_seats(1), solo_level=9),
     ["--players", "1", "--level", "9"]),
    ("solo_level", dict(players=["P1"]), Setup(_seats(1)), None),
])
def test_a_bad_option_has_the_same_words_wherever_it_comes_from(option, new_game, setup, flags):
    with pytest.raises(cl.OptionError) as engine:
        cl.new_game(**new_game)
    with pytest.raises(cl.OptionError) as form:
        setup.check()
    assert engine.value.option == form.value.option == option
    assert str(form.value) == str(engine.value)
    if flags:
        assert engine.value.problem in _cli_error(flags)
        assert render(engine.value.problem, "pt_BR") in _cli_error(flags, "pt_BR")


def test_a_level_in_a_game_between_players_has_the_engines_words_in_the_command():
    with pytest.raises(cl.OptionError) as engine:
        cl.new_game(["P1", "P2"], solo_level=2)
    assert str(engine.value) in _cli_error(["--players", "2", "--level", "2", "--games", "1"])


def test_the_fronts_read_the_choices_and_defaults_of_the_specification():
    assert GAME_OPTIONS["departments"].choices() == tuple(cl.engine.DEPARTMENT_MODES)
    assert Setup([]).departments == GAME_OPTIONS["departments"].default == "base"
    assert GAME_OPTIONS["solo_level"].choices() == (1, 2, 3, 4)
    assert GAME_OPTIONS["players"].choices() == (1, 2, 3, 4)
    form = NewGamePanel(lambda setup: None)
    assert [mode for _, mode in form.departments.options] == list(GAME_OPTIONS["departments"].choices())
    assert form.departments.value == "base"
    assert [n for _, n in form.players.options] == [n for _, n in form.level.options] == [1, 2, 3, 4]
    parser = build_parser()
    assert parser.parse_args([]).departments == "base"
    assert "{1,2,3,4}" in parser.format_usage()
    assert cl.new_game(["Ada", "Bo"]).options == {name: option.default for name, option in GAME_OPTIONS.items()
                                                   if name not in ("players", "seed")} | {"players": ["Ada", "Bo"],
                                                                                           "seed": 0}

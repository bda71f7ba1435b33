"""`carnegie-lab` in Brazilian Portuguese: ``--lang pt_BR`` or the environment (gettext's rules) chooses the
language of the whole session, the help, the output and the errors included; English stays as it was. The
session is checked in tests/i18n_check.py's widened pt_BR: an ASCII word left in what it prints did not go
through the catalog (except names: the players, the bots, the commands and their options, the notation)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import LANGUAGE_VARIABLES
from i18n_check import WIDE, WORD, ascii_words

import carnegie_lab as cl
from carnegie_lab.cli import main

#: What a session prints that is a name, the same in every language: the languages, the bots and strengths,
#: the players and the names given (an unknown bot, a seat); the notation's words are added from the record.
NAMES = {"LANG", "en", "pt_BR", "random", "greedy", "rollout", "search", "easy", "medium", "hard", "Ada", "Bo",
         "P1", "P2", "genius", "Cy"}
#: What a session prints that is typed as it is: the command and a subcommand (in a usage or an error line,
#: the help's list, the progress bar's label), the options, a bot's parameters (search:think=0.9).
TYPED = re.compile(r"carnegie-lab(?: [a-z]+)?|^ {4}[a-z]+ |^(?:simulate|review) \[|--?[\w-]+|\w+:\w+=[\w.]+", re.M)


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """``carnegie-lab ARGV``: its exit status, its output and its errors."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def session(lang: str, whole, record, missing, capsys) -> dict[str, str]:
    """What a short session in ``lang`` prints, by command: the help, a simulation, a replay of the ``whole``
    game with its log, a review of ``record`` on a small budget, and errors (a missing file, a bad option, an
    unknown bot, a seat the game lacks)."""
    commands = {"help": (0, ["--help"]), "simulate help": (0, ["simulate", "--help"]),
                "review help": (0, ["review", "--help"]), "simulate": (0, ["simulate", "--games", "2", "--seed", "1"]),
                "replay": (0, ["replay", str(whole), "--log"]),
                "review": (0, ["review", str(record), "--seat", "Bo", "--playouts", "2"]),
                "missing": (2, ["replay", str(missing)]), "bad option": (2, ["simulate", "--players", "7"]),
                "bad bot": (2, ["simulate", "--games", "1", "--bots", "genius"]),
                "no seat": (2, ["review", str(record), "--seat", "Cy"])}
    printed = {}
    for name, (status, argv) in commands.items():
        done, out, err = run(["--lang", lang, *argv], capsys)
        assert done == status, (argv, out, err)
        printed[name] = out + err
    return printed


def test_a_session_in_portuguese_prints_nothing_outside_the_catalog(widened, random_game, last_rounds, tmp_path,
                                                                     capsys):
    whole, missing = random_game[0], tmp_path / "none.json"
    printed = session(WIDE, whole, last_rounds, missing, capsys).values()
    notation = {word for action in json.loads(last_rounds.read_text())["actions"] for word in WORD.findall(action)}
    game = cl.new_game(["Ada", "Bo"])
    places = {*game.components.regions, *game.components.cities}
    paths = re.compile("|".join(re.escape(str(path)) for path in (whole, last_rounds, missing)))
    plain = [TYPED.sub(" ", paths.sub(" ", text)) for text in printed]
    assert ascii_words(plain, NAMES | notation | places | set(WORD.findall(WIDE))) == []
    assert not widened.missing, sorted(widened.missing)


def test_a_session_in_portuguese_reads_as_portuguese(random_game, last_rounds, tmp_path, capsys):
    printed = session("pt_BR", random_game[0], last_rounds, tmp_path / "none.json", capsys)
    assert printed["help"].startswith("uso: carnegie-lab [-h]") and "\nopções:\n" in printed["help"]
    assert "mostrar esta ajuda e sair" in printed["help"]
    assert re.search(r"^partida +1  semente +\d+  P1 \(random\) -?\d+  P2 \(random\) -?\d+  \| vencedores: ",
                     printed["simulate"], re.M)
    assert "\npor robô:\n" in printed["simulate"] and "\npor assento:\n" in printed["simulate"]
    assert "Bo: " in printed["replay"] and " PV (" in printed["replay"]
    assert re.search("^vencedor(es)?: Ada|^vencedor(es)?: Bo", printed["replay"], re.M)
    assert printed["review"].startswith("Revisão de ") and "semente 0" in printed["review"]
    assert printed["missing"] == (f"carnegie-lab: erro: não foi possível ler {tmp_path / 'none.json'}: arquivo ou "
                                  "pasta inexistente\n")
    assert "argumento --players: Carnegie se joga com 2 a 4 jogadores (ou 1 contra Andrew), não 7" in \
        printed["bad option"]
    assert "carnegie-lab simulate: erro: robô desconhecido 'genius'" in printed["bad bot"]
    assert f"erro: {last_rounds}: nenhum assento 'Cy' neste jogo" in printed["no seat"]


@pytest.mark.parametrize(("variables", "usage"), [
    ({"LANG": "pt_BR.UTF-8"}, "uso:"), ({"LC_MESSAGES": "pt_BR"}, "uso:"), ({"LANG": "C"}, "usage:"),
    ({"LANG": "en_US.UTF-8"}, "usage:"), ({"LANG": "fr_FR.UTF-8"}, "usage:"),
    ({"LANGUAGE": "pt_BR", "LANG": "C"}, "uso:"),                # LANGUAGE first
    ({"LANGUAGE": "fr:pt_BR", "LANG": "de_DE.UTF-8"}, "uso:"),   # the first language with a catalog
    ({"LC_ALL": "C", "LANG": "pt_BR.UTF-8"}, "usage:")])
def test_the_environment_chooses_the_language_by_gettext_s_rules(variables, usage, monkeypatch, capsys):
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    status, out, _ = run(["--help"], capsys)
    assert status == 0 and out.startswith(usage)


def test_lang_overrides_the_environment_and_a_language_without_a_catalog_is_refused(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert run(["--lang", "en", "--help"], capsys)[1].startswith("usage:")
    status, _, err = run(["--lang", "xx", "games", "list"], capsys)
    assert status == 2 and "nenhuma tradução para 'xx': os idiomas são en, pt_BR" in err
    assert run(["app", "--lang", "pt-BR", "--help"], capsys)[1].startswith("uso: carnegie-lab app")


def test_the_command_reads_lang_from_its_environment():
    env = {name: value for name, value in os.environ.items() if name not in LANGUAGE_VARIABLES}
    done = subprocess.run([sys.executable, "-m", "carnegie_lab", "--help"], capture_output=True, text=True,
                          env={**env, "LANG": "pt_BR.UTF-8"}, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("uso: carnegie-lab"), done.stderr


def test_the_tables_call_a_strength_by_its_name_in_the_language(capsys):
    status, out, _ = run(["--lang", "pt_BR", "simulate", "--games", "2", "--bots", "easy,medium"], capsys)
    assert status == 0
    assert re.search(r"^partida +1  semente +\d+  P1 \(Robô (fácil|médio)\) ", out, re.M)
    rows = re.findall(r"^  (Robô fácil|Robô médio) +2 ", out, re.M)
    assert sorted(rows) == ["Robô fácil", "Robô médio"] and " easy " not in out and " medium " not in out

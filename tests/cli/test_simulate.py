"""carnegie-lab simulate: one line per game, then win rates and score distributions."""
from __future__ import annotations

import io
import json
import re

import pytest

from carnegie_lab.cli.simulate import build_parser, run, simulate_main

GAME_LINE = re.compile(r"^game +(\d+)  seed +(\d+)  (P\d \([^)]+\) -?\d+  ?)+ *\| winners: .+$")


def run_cli(argv):
    out, err = io.StringIO(), io.StringIO()
    status = run(build_parser().parse_args(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_four_random_players_twenty_games():
    status, out, err = run_cli(["--players", "4", "--games", "20", "--seed", "1"])
    assert status == 0
    lines = out.splitlines()
    games = [line for line in lines if line.startswith("game ")]
    assert len(games) == 20
    for k, line in enumerate(games, 1):
        m = GAME_LINE.match(line)
        assert m, line
        assert int(m.group(1)) == k
        assert len(re.findall(r"P\d \(random\) -?\d+", line)) == 4
    text = "\n".join(lines)
    assert "by bot:" in text and "by seat:" in text
    assert re.search(r"^  random +80 +\d+ +\d+\.\d% +\d+\.\d", text, re.M)
    for seat in range(1, 5):
        assert re.search(rf"^  seat {seat} +20 ", text, re.M)
    assert "20/20 games" in err                            # the progress bar


def test_the_same_seed_prints_the_same_games():
    first = run_cli(["--players", "2", "--games", "3", "--seed", "9", "--bots", "greedy,random", "--quiet"])
    second = run_cli(["--players", "2", "--games", "3", "--seed", "9", "--bots", "greedy,random", "--quiet",
                      "--jobs", "2"])
    strip = lambda text: [line for line in text.splitlines() if line.startswith("game ")]  # noqa: E731
    assert strip(first[1]) == strip(second[1])
    assert first[2] == ""                                  # --quiet: nothing on stderr


def test_json_and_html(tmp_path):
    js, html = tmp_path / "sim.json", tmp_path / "sim.html"
    status, out, _ = run_cli(["--players", "1", "--level", "2", "--games", "2", "--bots", "greedy",
                              "--json", str(js), "--html", str(html), "--quiet"])
    assert status == 0
    assert "Andrew" in out and "against Andrew (level 2)" in out
    data = json.loads(js.read_text())
    assert data["players"] == 1 and data["level"] == 2 and len(data["results"]) == 2
    assert data["results"][0]["record"]["options"]["solo_level"] == 2
    assert set(data["win_rates"]["by_bot"]) == {"greedy", "andrew"}
    page = html.read_text()
    assert "plotly" in page.lower() and len(page) > 1_000_000   # plotly.js is inside: works offline


def test_errors_exit_with_status_2(capsys):
    status, _, err = run_cli(["--bots", "genius"])
    assert status == 2 and "unknown bot" in err
    status, _, err = run_cli(["--players", "3", "--bots", "greedy,random"])
    assert status == 2 and "bots given: 2, seats: 3;" in err
    status, _, err = run_cli(["--players", "2", "--level", "2"])
    assert status == 2 and "solo_level" in err         # new_game's words (tests/test_game_options.py)
    with pytest.raises(SystemExit) as exc:
        simulate_main(["--players", "7"])
    assert exc.value.code == 2


def test_simulate_main_prints_to_stdout(capsys):
    assert simulate_main(["--games", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if line.startswith("game ")]) == 2


def test_bots_by_strength():
    help_text = build_parser().format_help()
    assert all(name in help_text for name in ("easy", "medium", "hard"))
    status, out, err = run_cli(["--players", "2", "--games", "2", "--bots", "easy,medium", "--quiet"])
    assert status == 0 and "P1 (Easy bot)" in out and "P2 (Medium bot)" in out

"""`carnegie-lab replay`: a record replays to its final scores; a broken one names the field."""
import json

import pytest

import carnegie_lab as cl
from carnegie_lab.cli import main


def test_replay_prints_the_final_scores_and_writes_the_position(random_game, tmp_path, capsys):
    path, game = random_game
    out = tmp_path / "final.json"
    assert main(["replay", str(path), "--position", str(out)]) == 0
    text = capsys.readouterr().out
    for name, score in game.scores().items():
        assert f"{name}: {score.total} VP" in text
    winners = game.winners()
    assert ("winner: " if len(winners) == 1 else "winners: ") + ", ".join(winners) in text
    assert cl.Game.from_position(json.loads(out.read_text())).to_position() == game.to_position()


def test_replay_log_lists_what_happened(random_game, capsys):
    path, game = random_game
    main(["replay", str(path), "--log"])
    assert game.log[0] in capsys.readouterr().out


def test_a_broken_record_names_the_field(random_game, capsys):
    path, _ = random_game
    data = json.loads(path.read_text())
    data["actions"][3] = "choose XX"
    path.write_text(json.dumps(data))
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", str(path)])
    assert exit_info.value.code == 2
    assert "actions[3]" in capsys.readouterr().err


@pytest.mark.parametrize("content", [b"\xff\xfe\x00 not text", b"[" * 100000, b'{"format": 1', None])
def test_unreadable_files_end_with_a_message_not_a_traceback(content, tmp_path, capsys):
    path = tmp_path / "game.json"
    if content is None:
        path.mkdir()                                    # a folder, not a file
    else:
        path.write_bytes(content)
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", str(path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err
    assert content != b"[" * 100000 or "the file nests deeper than 64 levels" in err


def test_output_to_a_closed_pipe_ends_quietly(random_game):
    """``carnegie-lab replay game.json --log | head -1``: no BrokenPipeError traceback."""
    import subprocess
    import sys
    path, _ = random_game
    shell = f"{sys.executable} -m carnegie_lab replay {path} --log | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True, timeout=120)
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out.strip() == f"carnegie-lab {cl.__version__}"
